"""Your search for TASK. Run it with:
    ai-arcade lab run --task TASK -- python3 main.py
"""
from lab_helper import read_problem, expand, solution, fail

problem = read_problem()

# Write your search here. Call expand(s) each time you take a state s off your frontier:
# it returns s's successors as (state, move, cost), in the task's order. When you are done,
# call solution(path) with the states from problem.start to a goal, or fail().
# problem.is_goal(s) tests a goal; problem.h(s) is the task's estimate (for A* and greedy).

frontier = [problem.start]
closed = set()
while frontier:
    s = frontier.pop(0)   # which state comes off the frontier is what the task checks
    if s in closed:
        continue
    closed.add(s)
    for t, move, cost in expand(s):
        pass              # keep the parents, put new states on the frontier ...
    if problem.is_goal(s):
        break
fail()                    # ... and print solution(path) when you reach the goal
