# Uniform-cost search, A* and greedy best-first with a priority queue; argv[1] picks the key
# (g, f, h, or f3: g + 3h, an inadmissible estimate) and argv[2] the tie-break (fifo, lifo or deep: larger g first).
import heapq
import sys
from lab_helper import read_problem, expand, solution, fail

key, tie = sys.argv[1], sys.argv[2]
lower_g = "--never-lower-g" not in sys.argv
problem = read_problem()
counter = 0


def priority(s, g):
    global counter
    counter += 1
    k = {"g": g, "f": g + problem.h(s), "h": problem.h(s), "f3": g + 3 * problem.h(s)}[key]
    t = {"fifo": counter, "lifo": -counter, "deep": (-g, counter)}[tie]
    return (k, t)


best = {problem.start: 0}
parent = {problem.start: None}
heap = [(priority(problem.start, 0), problem.start, 0)]
closed = set()
while heap:
    _, s, g = heapq.heappop(heap)
    if s in closed or g > best[s]:
        continue
    closed.add(s)
    successors = expand(s)
    if problem.is_goal(s):
        path = []
        while s is not None:
            path.append(s)
            s = parent[s]
        solution(path[::-1])
        break
    for t, move, cost in successors:
        if t in closed:
            continue
        if t not in best or (lower_g and g + cost < best[t] and key != "h"):
            best[t] = g + cost
            parent[t] = s
            heapq.heappush(heap, (priority(t, g + cost), t, g + cost))
else:
    fail()
