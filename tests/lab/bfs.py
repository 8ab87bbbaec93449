from collections import deque
from lab_helper import read_problem, expand, solution, fail

problem = read_problem()
frontier = deque([problem.start])
parent = {problem.start: None}
while frontier:
    s = frontier.popleft()
    for t, move, cost in expand(s):
        if t not in parent:
            parent[t] = s
            frontier.append(t)
    if problem.is_goal(s):
        path = []
        while s is not None:
            path.append(s)
            s = parent[s]
        solution(path[::-1])
        break
else:
    fail()
