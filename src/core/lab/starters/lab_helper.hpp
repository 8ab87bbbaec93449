// ai-arcade Lab helper for C++ (plain protocol, oracle session): one header, no dependencies.
//   lab::Problem p = lab::read_problem();        // p.start, p.is_goal(s), p.h(s)
//   for (const lab::Succ& x : lab::expand(s))    // say you expand s; ai-arcade sends its successors
//   lab::solution(path);  /  lab::fail();
//   lab::evaluate(h);     // the heuristic task: h(board) of every board ai-arcade sends
// States are tokens: a cell "r,c", a board "1,2,3,4,5,6,7,8,0", a graph node its name.
#pragma once
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace lab {

struct Succ {
    std::string state, move;
    long long cost;
};

struct Problem {
    std::string task, kind, session, search, heuristic = "none";
    int number = 0, size = 0;
    std::vector<std::string> grid, costs;
    std::string start;
    std::set<std::string> goals;
    std::map<std::string, long long> node_h;

    bool is_goal(const std::string& s) const { return goals.count(s) > 0; }

    static std::vector<int> numbers(const std::string& s) {
        std::vector<int> out;
        std::stringstream in(s);
        std::string part;
        while (std::getline(in, part, ',')) out.push_back(std::stoi(part));
        return out;
    }

    // The task's estimate of s (0 when it has none).
    long long h(const std::string& s) const {
        if (heuristic == "none" || goals.empty()) return 0;
        if (kind == "graph") {
            auto it = node_h.find(s);
            return it == node_h.end() ? 0 : it->second;
        }
        std::vector<int> a = numbers(s), g = numbers(*goals.begin());
        if (kind == "maze") {
            int cheapest = 9;
            for (auto& row : costs) for (char d : row) if (d != '0') cheapest = std::min(cheapest, d - '0');
            if (costs.empty()) cheapest = 1;
            return (std::abs(a[0] - g[0]) + std::abs(a[1] - g[1])) * (long long)cheapest;
        }
        long long sum = 0;
        for (size_t i = 0; i < a.size(); i++) {
            if (a[i] == 0) continue;
            if (heuristic == "misplaced") { sum += a[i] != g[i]; continue; }
            for (size_t j = 0; j < g.size(); j++)
                if (g[j] == a[i]) sum += std::abs((int)i / size - (int)j / size) + std::abs((int)i % size - (int)j % size);
        }
        return sum;
    }
};

inline Problem read_problem() {
    Problem p;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::stringstream in(line);
        std::string word;
        in >> word;
        if (word == "end") break;
        if (word == "problem") in >> p.task >> p.number >> p.kind >> p.session >> p.search;
        else if (word == "grid") {
            int rows, cols;
            in >> rows >> cols;
            for (int r = 0; r < rows && std::getline(std::cin, line); r++) p.grid.push_back(line);
        } else if (word == "costs") {
            int rows;
            in >> rows;
            for (int r = 0; r < rows && std::getline(std::cin, line); r++) p.costs.push_back(line);
        } else if (word == "size") in >> p.size;
        else if (word == "node") {
            std::string name;
            long long h;
            in >> name >> h;
            p.node_h[name] = h;
        } else if (word == "start") in >> p.start;
        else if (word == "goal") {
            std::string g;
            while (in >> g) if (g != "-") p.goals.insert(g);
        } else if (word == "h") in >> p.heuristic;
    }
    if (p.task.empty()) {
        std::cerr << "no problem on stdin: run this program with ai-arcade lab run --protocol plain --session oracle\n";
        std::exit(2);
    }
    if (p.kind == "graph" && p.heuristic == "given") p.heuristic = "given";
    return p;
}

// Says that your search takes s off its frontier now; returns its successors in the task's order.
inline std::vector<Succ> expand(const std::string& s) {
    std::cout << "expand " << s << "\n" << std::flush;
    std::string line, word, of;
    std::vector<Succ> out;
    if (!std::getline(std::cin, line)) std::exit(0);
    std::stringstream in(line);
    in >> word;
    if (word != "succ") std::exit(0);  // the run is over ("end")
    size_t n;
    in >> of >> n;
    for (size_t i = 0; i < n; i++) {
        Succ x;
        in >> x.state >> x.move >> x.cost;
        out.push_back(x);
    }
    return out;
}

inline void solution(const std::vector<std::string>& path) {
    std::cout << "path";
    for (auto& s : path) std::cout << ' ' << s;
    std::cout << "\n" << std::flush;
}

inline void fail() { std::cout << "fail\n" << std::flush; }

// The heuristic task: answers each batch of boards ("1,2,...,0") with h of each, until the end.
template <class H>
inline void evaluate(H h) {
    std::string line, word;
    while (std::getline(std::cin, line)) {
        std::stringstream in(line);
        in >> word;
        if (word != "eval") return;  // the end, with the verdict
        size_t n;
        in >> n;
        std::ostringstream reply;
        reply << "h";
        std::string board;
        for (size_t i = 0; i < n && in >> board; i++) reply << ' ' << h(board);
        std::cout << reply.str() << "\n" << std::flush;
    }
}

}  // namespace lab
