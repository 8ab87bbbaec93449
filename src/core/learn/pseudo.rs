//! Each algorithm's pseudo-code, in the words of the course reports, and which line may follow
//! which: the solvers report their steps by these line numbers (from 1), and a test checks that
//! every recorded sequence is a walk the pseudo-code allows.

use super::Algo;
use crate::msg;

/// `(lines, first step's line, successors)`: `successors[l - 1]` lists the lines a step on
/// line `l` may be followed by (empty: the search ends there).
type Table = (&'static [&'static str], u8, &'static [&'static [u8]]);

const DFS_RULE: Table = (
    &[
        msg!("STACK ← [entry]; the entry is visited"),
        msg!("loop:"),
        msg!("  n ← the top of STACK (where the ball stands)"),
        msg!("  if n is the exit: STACK is the correct path; done"),
        msg!("  for d in the rule order down, right, left, up:"),
        msg!("    if the cell beyond d is open and not visited:"),
        msg!("      mark it visited, push it: the ball steps there; next loop"),
        msg!("  no way left: pop n (a dead end), the ball steps back"),
        msg!("  if STACK is empty: there is no way out; done"),
    ],
    1,
    &[
        &[4, 7, 9],
        &[],
        &[],
        &[],
        &[],
        &[],
        &[4, 7, 8],
        &[7, 8, 9],
        &[],
    ],
);

const MAZE_BFS: Table = (
    &[
        msg!("QUEUE ← [start]; start is reached, g(start) = 0"),
        msg!("while QUEUE is not empty:"),
        msg!("  n ← take the front of QUEUE; n joins CLOSED"),
        msg!("  if n is the exit: follow the parent links back; done"),
        msg!("  for each open neighbour m of n (up, down, left, right):"),
        msg!("    if m is reached already: skip m"),
        msg!("    m is reached: g(m) = g(n) + 1, parent(m) ← n; m to the back of QUEUE"),
        msg!("the exit cannot be reached: no path"),
    ],
    1,
    &[
        &[3],
        &[],
        &[3, 4, 6, 7, 8],
        &[],
        &[],
        &[3, 6, 7, 8],
        &[3, 6, 7, 8],
        &[],
    ],
);

const MAZE_ASTAR: Table = (
    &[
        msg!("OPEN ← [start], g(start) = 0; CLOSED ← []"),
        msg!("while OPEN is not empty:"),
        msg!("  n ← the cell in OPEN with the lowest f = g + h (ties: larger g)"),
        msg!("  move n from OPEN to CLOSED"),
        msg!("  if n is the exit: follow the parent links back; done"),
        msg!("  for each open neighbour m of n (up, down, left, right):"),
        msg!("    if m is in CLOSED or g(n) + 1 ≥ g(m): skip m"),
        msg!("    g(m) ← g(n) + 1, h(m) ← |Δrow| + |Δcol|, parent(m) ← n"),
        msg!("    put m in OPEN with f(m) = g(m) + h(m)"),
        msg!("the exit cannot be reached: no path"),
    ],
    1,
    &[
        &[4],
        &[],
        &[],
        &[4, 5, 7, 9, 10],
        &[],
        &[],
        &[4, 7, 9, 10],
        &[],
        &[4, 7, 9, 10],
        &[],
    ],
);

const SLIDE_BFS: Table = (
    &[
        msg!("QUEUE ← [start]; start is reached"),
        msg!("while QUEUE is not empty:"),
        msg!("  n ← take the front of QUEUE"),
        msg!("  if n is the goal: follow the parent links back; done"),
        msg!("  for each move of the blank (up, down, left, right):"),
        msg!("    m ← the board after it; if m is reached already: skip m"),
        msg!("    m is reached, parent(m) ← n; m to the back of QUEUE"),
        msg!("no board left: the goal cannot be reached"),
    ],
    1,
    &[
        &[3],
        &[],
        &[3, 4, 6, 7, 8],
        &[],
        &[],
        &[3, 6, 7, 8],
        &[3, 6, 7, 8],
        &[],
    ],
);

const SLIDE_DFS: Table = (
    &[
        msg!("STACK ← [start], depth(start) = 0"),
        msg!("while STACK is not empty:"),
        msg!("  n ← the top of STACK"),
        msg!("  if depth(n) = limit or every move of n was tried: pop n; next loop"),
        msg!("  m ← the board after n's next move (up, down, left, right)"),
        msg!("  if m was reached at a depth ≤ depth(n) + 1: skip m"),
        msg!("  depth(m) ← depth(n) + 1; push m"),
        msg!("  if m is the goal: the moves on STACK are the answer; done"),
        msg!("no solution within the depth limit"),
    ],
    1,
    &[
        &[4, 6, 7, 8],
        &[],
        &[],
        &[4, 6, 7, 9],
        &[],
        &[4, 6, 7],
        &[4, 6, 7, 8],
        &[],
        &[],
    ],
);

const SLIDE_ASTAR: Table = (
    &[
        msg!("OPEN ← [start], g(start) = 0, f(start) = h(start); CLOSED ← []"),
        msg!("while OPEN is not empty:"),
        msg!("  n ← the board in OPEN with the lowest f (ties: larger g, newest)"),
        msg!("  move n to CLOSED"),
        msg!("  if n is the goal: follow the parent links back; done"),
        msg!("  for each move of the blank, except undoing the one that made n:"),
        msg!("    m ← the board after it, g(m) = g(n) + 1"),
        msg!("    if m was reached with g ≤ g(m): skip m"),
        msg!("    h(m) ← estimate, f(m) = g(m) + h(m), parent(m) ← n; put m in OPEN"),
        msg!("no board left: the goal cannot be reached"),
    ],
    1,
    &[
        &[4],
        &[],
        &[],
        &[4, 5, 8, 9, 10],
        &[],
        &[],
        &[],
        &[4, 8, 9, 10],
        &[4, 8, 9, 10],
        &[],
    ],
);

const SLIDE_IDASTAR: Table = (
    &[
        msg!("bound ← h(start)"),
        msg!("loop:"),
        msg!("  t ← SEARCH(start, 0, bound)"),
        msg!("  if t = FOUND: the path is the answer; done"),
        msg!("  bound ← t, the smallest f above the old bound"),
        msg!("SEARCH(n, g, bound):"),
        msg!("  f ← g + h(n); if f > bound: return f"),
        msg!("  if n is the goal: return FOUND"),
        msg!("  for each move but undoing the last: t ← SEARCH(m, g + 1, bound)"),
        msg!("  return the smallest t (n leaves the path)"),
    ],
    1,
    &[
        &[8, 9],
        &[],
        &[],
        &[],
        &[8, 9],
        &[],
        &[7, 8, 9, 10],
        &[4],
        &[7, 8, 9],
        &[5, 7, 8, 9, 10],
    ],
);

const GEN_BACKTRACKER: Table = (
    &[
        msg!("STACK ← [the first cell]; carve it, it is visited"),
        msg!("while STACK is not empty:"),
        msg!("  c ← the top of STACK"),
        msg!("  if c has unvisited neighbours (two blocks away):"),
        msg!("    n ← one of them at random"),
        msg!("    carve the wall between c and n, and n; n is visited; push n"),
        msg!("  else: pop c (step back)"),
        msg!("STACK is empty: every cell is carved; done"),
    ],
    1,
    &[&[6, 7, 8], &[], &[], &[], &[], &[6, 7], &[6, 7, 8], &[]],
);

const GEN_PRIM: Table = (
    &[
        msg!("carve the block next to the entry; LIST ← its wall neighbours"),
        msg!("while LIST is not empty:"),
        msg!("  w ← take a random wall out of LIST"),
        msg!("  if w is a path already: skip it"),
        msg!("  if exactly one of w's four neighbours is a path:"),
        msg!("    carve w; its neighbours still walls (inside the border) join LIST"),
        msg!("  else: w stays a wall"),
        msg!("LIST is empty: the maze is done"),
    ],
    1,
    &[
        &[4, 6, 7, 8],
        &[],
        &[],
        &[4, 6, 7, 8],
        &[],
        &[4, 6, 7, 8],
        &[4, 6, 7, 8],
        &[],
    ],
);

const GEN_KRUSKAL: Table = (
    &[
        msg!("every cell is a set of its own; WALLS ← every wall between two cells, shuffled"),
        msg!("for each wall w of WALLS, in order:"),
        msg!("  a, b ← the cells on w's two sides"),
        msg!("  if a and b are in different sets:"),
        msg!("    carve w (and a, b); join the two sets"),
        msg!("  else: w stays (a and b are joined already: it would make a loop)"),
        msg!("every wall was tried: one set is left; done"),
    ],
    1,
    &[&[5, 6, 7], &[], &[], &[], &[5, 6, 7], &[5, 6, 7], &[]],
);

const GEN_WILSON: Table = (
    &[
        msg!("carve one random cell: the tree starts with it"),
        msg!("for each cell s not in the tree:"),
        msg!("  WALK ← [s]"),
        msg!(
            "  step to a random neighbour, remembering the way out of each cell (a loop erases itself)"
        ),
        msg!("  on reaching the tree: carve the walk's loop-erased path into the tree"),
        msg!("every cell is in the tree: done"),
    ],
    1,
    &[&[3, 6], &[], &[4], &[4, 5], &[3, 6], &[]],
);

/// The pseudo-code table of `algo`.
pub fn pseudo_code(algo: Algo) -> Table {
    match algo {
        Algo::DfsRule => DFS_RULE,
        Algo::MazeBfs => MAZE_BFS,
        Algo::MazeAstar => MAZE_ASTAR,
        Algo::SlideBfs => SLIDE_BFS,
        Algo::SlideDfs => SLIDE_DFS,
        Algo::SlideAstar => SLIDE_ASTAR,
        Algo::SlideIdastar => SLIDE_IDASTAR,
        Algo::GenBacktracker => GEN_BACKTRACKER,
        Algo::GenPrim => GEN_PRIM,
        Algo::GenKruskal => GEN_KRUSKAL,
        Algo::GenWilson => GEN_WILSON,
    }
}
