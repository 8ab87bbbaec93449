// Your heuristic for TASK. Build and run it with:
//   g++ -O2 -std=c++17 -o main main.cpp && ai-arcade lab run --task TASK --protocol plain -- ./main
#include "lab_helper.hpp"

int main() {
    lab::Problem p = lab::read_problem();
    std::vector<int> goal = lab::Problem::numbers(*p.goals.begin());  // tiles, 0 the blank
    // Write your estimate of the moves from a board to the goal here: 0 at the goal, never
    // more than the true number of moves (admissible), dropping by at most 1 across a move.
    lab::evaluate([&](const std::string& board) {
        std::vector<int> tiles = lab::Problem::numbers(board);
        (void)tiles;
        (void)goal;
        return 0;
    });
}
