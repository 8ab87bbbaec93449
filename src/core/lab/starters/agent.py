"""Your Minesweeper agent for TASK. Run it with:
    ai-arcade lab run --task TASK -- python3 main.py
"""
from lab_helper import read_problem, play

problem = read_problem()  # problem.rows, problem.cols, problem.mines, problem.lives


def agent(turn):
    # Each turn, return your move: ("open", row, col), ("flag", row, col) or ("chord", row, col).
    # turn.at(r, c) is "#" (hidden), "F" (your flag), "*" (a mine that went off) or "0"-"8";
    # turn.neighbours(r, c) lists the cells around; turn.mines_left, turn.lives.
    # The report's robot opens every cell its numbers prove safe before it ever guesses:
    # ai-arcade checks that yours does too.
    for r in range(problem.rows):
        for c in range(problem.cols):
            if turn.at(r, c) == "#":
                return ("open", r, c)


play(agent)
