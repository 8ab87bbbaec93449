// Your search for TASK. Build and run it with:
//   javac Main.java LabHelper.java
//   ai-arcade lab run --task TASK --protocol plain --session oracle -- java Main
// In the game's Lab: the command java Main, with plain tokens and successors sent by ai-arcade ticked.
import java.util.*;

public class Main {
    public static void main(String[] args) throws Exception {
        LabHelper.Problem problem = LabHelper.readProblem();
        // Write your search here. Call LabHelper.expand(s) each time you take a state s off
        // your frontier: it returns s's successors (state, move, cost) in the task's order.
        // When you are done, call LabHelper.solution(path) with the states from problem.start
        // to a goal, or LabHelper.fail().
        ArrayDeque<String> frontier = new ArrayDeque<>(List.of(problem.start));
        Set<String> closed = new HashSet<>();
        while (!frontier.isEmpty()) {
            String s = frontier.pollFirst(); // which state comes off the frontier is what the task checks
            if (!closed.add(s)) continue;
            for (LabHelper.Succ x : LabHelper.expand(s)) {
                // keep the parents, put new states on the frontier ...
            }
            if (problem.isGoal(s)) break;
        }
        LabHelper.fail(); // ... and call LabHelper.solution(path) when you reach the goal
    }
}
