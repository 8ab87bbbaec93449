"""ai-arcade Lab helper: the protocol in one file, no dependencies.

    problem = read_problem()          # the case: problem.start, problem.is_goal(s), problem.h(s)
    for t, move, cost in expand(s):   # tell ai-arcade you expand s; get its successors
        ...
    solution(path)  /  fail()         # your answer: a list of states from start to goal
    evaluate(h)                       # the heuristic task: ai-arcade asks h(board) of every board
    play(agent)                       # Minesweeper: agent(turn) returns ("open", row, col), ...

States: a maze cell is (row, col), a board a tuple of tiles (0 the blank), a graph node its
name. Every line is flushed. In an oracle session the successors come from ai-arcade;
in a trace session this file computes them, in the task's order.
"""
import json
import sys

_problem = None


def _send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def _out(s):
    if _problem.kind == "maze":
        return [s[0], s[1]]
    if _problem.kind == "slide":
        return " ".join(str(t) for t in s)
    return s


def _in(value):
    if _problem.kind == "maze":
        return (value[0], value[1])
    if _problem.kind == "slide":
        return tuple(int(t) for t in value.split())
    return value


class Problem:
    def __init__(self, message):
        self.message = message
        self.kind = message["kind"]
        self.task = message["task"]
        self.case = message["case"]
        self.session = message["session"]
        global _problem
        _problem = self
        if self.kind == "mines":
            self.rows, self.cols = message["rows"], message["cols"]
            self.mines, self.lives = message["mines"], message["lives"]
            return
        self.moves = message["moves"]
        self.start = _in(message["start"])
        goal = message.get("goal")
        goals = goal if isinstance(goal, list) and self.kind == "graph" else [goal]
        self.goals = set(_in(g) for g in goals if g is not None)
        self.goal = _in(goal) if goal is not None and self.kind != "graph" else None
        if self.kind == "maze":
            self.grid = message["grid"]
            self.costs = message.get("costs")
        elif self.kind == "slide":
            self.size = message["size"]
        else:
            self.next = {}
            for a, b, c in message["edges"]:
                self.next.setdefault(a, []).append((b, c))
                if not message["directed"]:
                    self.next.setdefault(b, []).append((a, c))
            for a in self.next:
                self.next[a].sort()
        self.heuristic = message.get("h", "none")

    def is_goal(self, s):
        return s in self.goals

    def successors(self, s):
        """The successors of s in the task's order: (state, move, cost)."""
        out = []
        if self.kind == "maze":
            steps = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
            for move in self.moves:
                r, c = s[0] + steps[move][0], s[1] + steps[move][1]
                if 0 <= r < len(self.grid) and 0 <= c < len(self.grid[0]) and self.grid[r][c] != "#":
                    cost = int(self.costs[r][c]) if self.costs else 1
                    out.append(((r, c), move, cost))
        elif self.kind == "slide":
            n = self.size
            blank = s.index(0)
            steps = {"up": -n, "down": n, "left": -1, "right": 1}
            for move in self.moves:
                if (move == "up" and blank < n) or (move == "down" and blank >= n * n - n) \
                        or (move == "left" and blank % n == 0) or (move == "right" and blank % n == n - 1):
                    continue
                t = list(s)
                other = blank + steps[move]
                t[blank], t[other] = t[other], t[blank]
                out.append((tuple(t), move, 1))
        else:
            for b, c in self.next.get(s, []):
                out.append((b, b, c))
        return out

    def h(self, s):
        """The task's estimate of s (0 when the task has none)."""
        if self.heuristic == "none" or not self.goals:
            return 0
        goal = next(iter(self.goals))
        if self.kind == "maze":
            cheapest = 1
            if self.costs:
                cheapest = min(int(d) for row in self.costs for d in row if d != "0")
            return (abs(s[0] - goal[0]) + abs(s[1] - goal[1])) * cheapest
        if self.kind == "slide":
            if self.heuristic == "misplaced":
                return sum(1 for a, b in zip(s, goal) if a != 0 and a != b)
            n = self.size
            where = {t: i for i, t in enumerate(goal)}
            return sum(abs(i // n - where[t] // n) + abs(i % n - where[t] % n)
                       for i, t in enumerate(s) if t != 0)
        return self.message.get("h", {}).get(s, 0) if isinstance(self.message.get("h"), dict) else 0


def read_problem():
    """Reads the problem ai-arcade sends first."""
    line = sys.stdin.readline()
    if not line:
        sys.exit("no problem on stdin: run this program with ai-arcade lab run")
    message = json.loads(line)
    problem = Problem(message)
    if isinstance(message.get("h"), dict):
        problem.heuristic = "given"
    return problem


def expand(s, g=None, h=None):
    """Says that your search takes s off its frontier now; returns its successors."""
    message = {"op": "expand", "s": _out(s)}
    if g is not None:
        message["g"] = g
    if h is not None:
        message["h"] = h
    _send(message)
    if _problem.session == "oracle":
        reply = json.loads(sys.stdin.readline())
        if reply.get("op") != "succ":
            sys.exit(0)  # the run is over (an "end" message)
        return [(_in(x["s"]), x["move"], x["cost"]) for x in reply["succ"]]
    return _problem.successors(s)


def solution(path):
    """Your answer: the states from the start to a goal."""
    _send({"op": "solution", "path": [_out(s) for s in path]})


def fail():
    """Your answer: no goal can be reached."""
    _send({"op": "fail"})


def evaluate(h):
    """The heuristic task: answers each batch of boards ai-arcade sends with h of each board
    (a tuple of tiles, 0 the blank; problem.goal is the goal), until the run is over."""
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("op") != "eval":
            return message  # the end, with the verdict
        _send({"op": "h", "values": [h(_in(s)) for s in message["states"]]})
    return None


class Turn:
    """What a Minesweeper agent sees: rows of "#" (hidden), "F" (flagged), "*" (a mine that
    went off) and "0"-"8" (open numbers); the mines not yet found; the lives left."""

    def __init__(self, message):
        self.rows = message["rows"]
        self.mines_left = message["mines_left"]
        self.lives = message["lives"]

    def at(self, r, c):
        return self.rows[r][c]

    def neighbours(self, r, c):
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < len(self.rows) and 0 <= c + dc < len(self.rows[0]):
                    yield r + dr, c + dc


def play(agent):
    """Minesweeper: each turn, agent(turn) returns its move, ("open", r, c), ("flag", r, c) or
    ("chord", r, c). Returns the end message: {"result": "won" or "lost", ...}."""
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("op") != "turn":
            return message
        op, r, c = agent(Turn(message))
        _send({"op": op, "at": [r, c]})
    return None
