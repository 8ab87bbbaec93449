# IDA*: depth first within a bound on f = g + h, the bound raised to the least f that went over.
# argv[1] says what it prunes: "parent" (never straight back, Korf's), "path" (no state already
# on the path) or "none"; argv[2] the successor order: "task" or "reversed". With
# "--expand-over" it also reports states past the bound (a wrong IDA*).
import sys
from lab_helper import read_problem, expand, solution, fail

prune, order = sys.argv[1], sys.argv[2]
over_too = "--expand-over" in sys.argv
sys.setrecursionlimit(10000)
problem = read_problem()
path = [problem.start]


def search(g, bound):
    """The least f above the bound below the path's end, or True when a goal is found."""
    s = path[-1]
    f = g + problem.h(s)
    if f > bound and not over_too:
        return f
    successors = expand(s)
    if f > bound:
        return f
    if problem.is_goal(s):
        return True
    if order == "reversed":
        successors = successors[::-1]
    least = None
    for t, move, cost in successors:
        if prune == "parent" and len(path) > 1 and t == path[-2]:
            continue
        if prune == "path" and t in path:
            continue
        path.append(t)
        found = search(g + cost, bound)
        if found is True:
            return True
        path.pop()
        if found is not None and (least is None or found < least):
            least = found
    return least


bound = problem.h(problem.start)
while True:
    found = search(0, bound)
    if found is True:
        solution(path)
        break
    if found is None:
        fail()
        break
    bound = found
