# Depth-first search with an OPEN stack and a CLOSED set (the textbook form).
from lab_helper import read_problem, expand, solution, fail

problem = read_problem()
stack = [problem.start]
parent = {problem.start: None}
closed = set()
while stack:
    s = stack.pop()
    closed.add(s)
    successors = expand(s)
    if problem.is_goal(s):
        path = []
        while s is not None:
            path.append(s)
            s = parent[s]
        solution(path[::-1])
        break
    for t, move, cost in reversed(successors):
        if t not in parent:
            parent[t] = s
            stack.append(t)
else:
    fail()
