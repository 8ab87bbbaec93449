// Your search for TASK. Build and run it with:
//   g++ -O2 -std=c++17 -o main main.cpp
//   ai-arcade lab run --task TASK --protocol plain --session oracle -- ./main
// In the game's Lab: the command ./main, with plain tokens and successors sent by ai-arcade ticked.
#include "lab_helper.hpp"
#include <deque>

int main() {
    lab::Problem problem = lab::read_problem();
    // Write your search here. Call lab::expand(s) each time you take a state s off your
    // frontier: it returns s's successors (state, move, cost) in the task's order. When you
    // are done, call lab::solution(path) with the states from problem.start to a goal, or
    // lab::fail().
    std::deque<std::string> frontier{problem.start};
    std::set<std::string> closed;
    while (!frontier.empty()) {
        std::string s = frontier.front();  // which state comes off the frontier is what the task checks
        frontier.pop_front();
        if (!closed.insert(s).second) continue;
        for (const lab::Succ& x : lab::expand(s)) {
            (void)x;  // keep the parents, put new states on the frontier ...
        }
        if (problem.is_goal(s)) break;
    }
    lab::fail();  // ... and call lab::solution(path) when you reach the goal
}
