// Breadth-first search in C++ over the plain protocol, in an oracle session.
#include "lab_helper.hpp"
#include <deque>

int main() {
    lab::Problem problem = lab::read_problem();
    std::deque<std::string> frontier{problem.start};
    std::map<std::string, std::string> parent{{problem.start, ""}};
    while (!frontier.empty()) {
        std::string s = frontier.front();
        frontier.pop_front();
        std::vector<lab::Succ> next = lab::expand(s);
        if (problem.is_goal(s)) {
            std::vector<std::string> path;
            for (std::string at = s; !at.empty(); at = parent[at]) path.insert(path.begin(), at);
            lab::solution(path);
            return 0;
        }
        for (const lab::Succ& x : next)
            if (!parent.count(x.state)) {
                parent[x.state] = s;
                frontier.push_back(x.state);
            }
    }
    lab::fail();
}
