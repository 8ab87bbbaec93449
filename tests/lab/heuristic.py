# A heuristic for slide-heuristic: argv[1] is "manhattan", "linear" (Manhattan plus linear
# conflicts: admissible, consistent, better informed), "double" (twice Manhattan: not
# admissible) or "misplaced".
import sys
from lab_helper import read_problem, evaluate

kind = sys.argv[1]
problem = read_problem()
n = problem.size
goal = problem.goal
where = {t: (i // n, i % n) for i, t in enumerate(goal)}


def manhattan(board):
    return sum(abs(i // n - where[t][0]) + abs(i % n - where[t][1])
               for i, t in enumerate(board) if t != 0)


def conflicts(board):
    """Two moves for each tile that must leave its goal row or column to let another pass."""
    extra = 0
    for line in range(n):
        for by_row in (True, False):
            along = []
            for k in range(n):
                i = line * n + k if by_row else k * n + line
                t = board[i]
                if t == 0:
                    continue
                home = where[t]
                if (home[0] if by_row else home[1]) == line:
                    along.append(home[1] if by_row else home[0])
            # tiles to remove so that the rest are in order: the longest increasing run kept
            best = [1] * len(along)
            for a in range(len(along)):
                for b in range(a):
                    if along[b] < along[a]:
                        best[a] = max(best[a], best[b] + 1)
            extra += 2 * (len(along) - max(best, default=0))
    return extra


def h(board):
    if kind == "manhattan":
        return manhattan(board)
    if kind == "linear":
        return manhattan(board) + conflicts(board)
    if kind == "double":
        return 2 * manhattan(board)
    return sum(1 for a, b in zip(board, goal) if a != 0 and a != b)


evaluate(h)
