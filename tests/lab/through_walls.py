# Breadth-first search that forgot the walls.
from collections import deque
from lab_helper import read_problem, expand, solution, fail

problem = read_problem()
rows, cols = len(problem.grid), len(problem.grid[0])
frontier = deque([problem.start])
seen = {problem.start}
while frontier:
    s = frontier.popleft()
    expand(s)
    if problem.is_goal(s):
        break
    for dr, dc in [(-1, 0), (1, 0), (0, -1), (0, 1)]:
        t = (s[0] + dr, s[1] + dc)
        if 0 <= t[0] < rows and 0 <= t[1] < cols and t not in seen:
            seen.add(t)
            frontier.append(t)
fail()
