# A Minesweeper agent: the single-number rules (a number whose flags match it clears the rest;
# one with as many hidden neighbours as missing mines flags them), then a guess at the hidden
# cell with the fewest open neighbours. With "--ignore-sure" it opens the first hidden cell
# every turn, whatever it knows.
import sys
from lab_helper import read_problem, play

ignore = "--ignore-sure" in sys.argv
problem = read_problem()


def agent(turn):
    cells = [(r, c) for r in range(problem.rows) for c in range(problem.cols)]
    hidden = [(r, c) for r, c in cells if turn.at(r, c) == "#"]
    if ignore:
        return ("open",) + hidden[0]
    for r, c in cells:
        ch = turn.at(r, c)
        if not ch.isdigit():
            continue
        around = list(turn.neighbours(r, c))
        flagged = [x for x in around if turn.at(*x) in "F*"]
        unknown = [x for x in around if turn.at(*x) == "#"]
        if not unknown:
            continue
        if len(flagged) == int(ch):
            return ("open",) + unknown[0]
        if len(flagged) + len(unknown) == int(ch):
            return ("flag",) + unknown[0]
    corner = [x for x in [(0, 0), (0, problem.cols - 1), (problem.rows - 1, 0),
                          (problem.rows - 1, problem.cols - 1)] if x in hidden]
    if corner:
        return ("open",) + corner[0]
    return ("open",) + min(hidden, key=lambda x: sum(1 for y in turn.neighbours(*x) if turn.at(*y).isdigit()))


play(agent)
