//! Iterative-deepening A*: depth-first searches bounded by f = g + h, the bound raised to the
//! smallest f that exceeded it. Memory is just the current path, which is what the 15-puzzle
//! needs; the heuristic does the rest.

use super::{Goal, Heuristic, Limits, Outcome, Report, timed};
use crate::core::slide::{Board, Move};

/// An optimal solution by IDA* with `heuristic` (admissible ones only: Manhattan or
/// LinearConflict; Misplaced works too, slowly).
pub fn idastar(start: &Board, goal: &Board, heuristic: Heuristic, limits: Limits<'_>) -> Report {
    timed(start, goal, || {
        let target = Goal::new(*goal);
        let mut search = Search {
            target,
            heuristic,
            limits,
            goal_key: goal.key(),
            path: Vec::new(),
            expanded: 0,
            stopped: None,
        };
        let mut bound = target.estimate(heuristic, start);
        loop {
            match search.dive(*start, 0, bound, None) {
                Dive::Found => {
                    let depth = search.path.len();
                    return (Outcome::Solved(search.path), search.expanded, depth);
                }
                Dive::Stopped => {
                    let outcome = search.stopped.take().expect("a stop has a reason");
                    return (outcome, search.expanded, search.path.len());
                }
                Dive::Exceeded(next) => bound = next,
            }
        }
    })
}

enum Dive {
    Found,
    Stopped,
    /// The smallest f above the bound met on the way.
    Exceeded(u32),
}

struct Search<'a> {
    target: Goal,
    heuristic: Heuristic,
    limits: Limits<'a>,
    goal_key: u64,
    path: Vec<Move>,
    expanded: usize,
    stopped: Option<Outcome>,
}

impl Search<'_> {
    fn dive(&mut self, board: Board, g: u32, bound: u32, came_by: Option<Move>) -> Dive {
        let f = g + self.target.estimate(self.heuristic, &board);
        if f > bound {
            return Dive::Exceeded(f);
        }
        if board.key() == self.goal_key {
            return Dive::Found;
        }
        self.expanded += 1;
        if let Some(stop) = self.limits.check(self.expanded) {
            self.stopped = Some(stop);
            return Dive::Stopped;
        }
        let mut smallest = u32::MAX;
        for (m, next) in board.moves() {
            if came_by == Some(m.opposite()) {
                continue; // never undo the last move
            }
            self.path.push(m);
            match self.dive(next, g + 1, bound, Some(m)) {
                Dive::Found => return Dive::Found,
                Dive::Stopped => return Dive::Stopped,
                Dive::Exceeded(t) => smallest = smallest.min(t),
            }
            self.path.pop();
        }
        Dive::Exceeded(smallest)
    }
}
