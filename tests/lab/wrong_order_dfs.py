# The ball, written with the order up, down, left, right instead of down, right, left, up.
from lab_helper import read_problem, expand, solution, fail

problem = read_problem()
order = ["up", "down", "left", "right"]
visited = {problem.start}
branch = [problem.start]
expand(problem.start)
while branch:
    s = branch[-1]
    if problem.is_goal(s):
        solution(branch)
        break
    nexts = sorted(problem.successors(s), key=lambda x: order.index(x[1]))
    for t, move, cost in nexts:
        if t not in visited:
            visited.add(t)
            branch.append(t)
            expand(t)
            break
    else:
        branch.pop()
else:
    fail()
