// ai-arcade Lab helper for Java (plain protocol, oracle session): one file, no dependencies.
//   LabHelper.Problem p = LabHelper.readProblem();       // p.start, p.isGoal(s), p.h(s)
//   for (LabHelper.Succ x : LabHelper.expand(s)) { ... }  // say you expand s; its successors
//   LabHelper.solution(path);  /  LabHelper.fail();
// States are tokens: a cell "r,c", a board "1,2,3,4,5,6,7,8,0", a graph node its name.
import java.io.*;
import java.util.*;

public final class LabHelper {
    public static final class Succ {
        public final String state, move;
        public final long cost;
        Succ(String state, String move, long cost) { this.state = state; this.move = move; this.cost = cost; }
    }

    public static final class Problem {
        public String task, kind, session, search, heuristic = "none", start;
        public int number, size;
        public final List<String> grid = new ArrayList<>(), costs = new ArrayList<>();
        public final Set<String> goals = new LinkedHashSet<>();
        public final Map<String, Long> nodeH = new HashMap<>();

        public boolean isGoal(String s) { return goals.contains(s); }

        static int[] numbers(String s) {
            String[] parts = s.split(",");
            int[] out = new int[parts.length];
            for (int i = 0; i < parts.length; i++) out[i] = Integer.parseInt(parts[i]);
            return out;
        }

        /** The task's estimate of s (0 when it has none). */
        public long h(String s) {
            if (heuristic.equals("none") || goals.isEmpty()) return 0;
            if (kind.equals("graph")) return nodeH.getOrDefault(s, 0L);
            int[] a = numbers(s), g = numbers(goals.iterator().next());
            if (kind.equals("maze")) {
                int cheapest = costs.isEmpty() ? 1 : 9;
                for (String row : costs) for (char d : row.toCharArray()) if (d != '0') cheapest = Math.min(cheapest, d - '0');
                return (long) (Math.abs(a[0] - g[0]) + Math.abs(a[1] - g[1])) * cheapest;
            }
            long sum = 0;
            for (int i = 0; i < a.length; i++) {
                if (a[i] == 0) continue;
                if (heuristic.equals("misplaced")) { if (a[i] != g[i]) sum++; continue; }
                for (int j = 0; j < g.length; j++)
                    if (g[j] == a[i]) sum += Math.abs(i / size - j / size) + Math.abs(i % size - j % size);
            }
            return sum;
        }
    }

    private static final BufferedReader IN = new BufferedReader(new InputStreamReader(System.in));
    private static final PrintStream OUT = new PrintStream(new FileOutputStream(FileDescriptor.out), true);

    public static Problem readProblem() throws IOException {
        Problem p = new Problem();
        String line;
        while ((line = IN.readLine()) != null) {
            String[] w = line.trim().split("\\s+");
            switch (w[0]) {
                case "end": return p;
                case "problem": p.task = w[1]; p.number = Integer.parseInt(w[2]); p.kind = w[3]; p.session = w[4]; p.search = w[5]; break;
                case "grid": for (int r = Integer.parseInt(w[1]); r > 0; r--) p.grid.add(IN.readLine()); break;
                case "costs": for (int r = Integer.parseInt(w[1]); r > 0; r--) p.costs.add(IN.readLine()); break;
                case "size": p.size = Integer.parseInt(w[1]); break;
                case "node": p.nodeH.put(w[1], Long.parseLong(w[2])); break;
                case "start": p.start = w[1]; break;
                case "goal": for (int i = 1; i < w.length; i++) if (!w[i].equals("-")) p.goals.add(w[i]); break;
                case "h": p.heuristic = w[1]; break;
                default: break;
            }
        }
        return p;
    }

    /** Says that your search takes s off its frontier now; returns its successors in the task's order. */
    public static List<Succ> expand(String s) throws IOException {
        OUT.println("expand " + s);
        String line = IN.readLine();
        List<Succ> out = new ArrayList<>();
        if (line == null || !line.startsWith("succ ")) System.exit(0);
        String[] w = line.trim().split("\\s+");
        int n = Integer.parseInt(w[2]);
        for (int i = 0; i < n; i++) out.add(new Succ(w[3 + 3 * i], w[4 + 3 * i], Long.parseLong(w[5 + 3 * i])));
        return out;
    }

    public static void solution(List<String> path) { OUT.println("path " + String.join(" ", path)); }

    public static void fail() { OUT.println("fail"); }

    /** The heuristic task: answers each batch of boards ("1,2,...,0") with h of each, until the end. */
    public static void evaluate(java.util.function.ToDoubleFunction<String> h) throws IOException {
        String line;
        while ((line = IN.readLine()) != null) {
            String[] words = line.trim().split("\\s+");
            if (!words[0].equals("eval")) return;
            StringBuilder reply = new StringBuilder("h");
            int n = Integer.parseInt(words[1]);
            for (int i = 0; i < n; i++) {
                double v = h.applyAsDouble(words[2 + i]);
                reply.append(' ').append(v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v));
            }
            OUT.println(reply);
        }
    }
}
