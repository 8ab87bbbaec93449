//! A* over puzzle states with an open list (a binary heap) and a closed list, as the seed's
//! windowed game keeps them: a closed state reached again at a lower cost is reopened (which a
//! consistent heuristic such as Manhattan never needs, but an arbitrary one might).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::bfs::walk_back;
use super::{Goal, Heuristic, KeyMap, KeySet, Limits, Outcome, Report, timed};
use crate::core::slide::{Board, Move};

/// An optimal solution by A* with `heuristic`.
pub fn astar(start: &Board, goal: &Board, heuristic: Heuristic, limits: Limits<'_>) -> Report {
    timed(start, goal, || {
        let target = Goal::new(*goal);
        let goal_key = goal.key();
        let start_key = start.key();
        let mut best_g: KeyMap<u32> = KeyMap::default();
        best_g.insert(start_key, 0);
        let mut parent: KeyMap<(u64, Move)> = KeyMap::default();
        let mut closed = KeySet::default();
        let mut open = BinaryHeap::new();
        // (f, larger g first on ties, insertion order) → deterministic and goal-directed
        let mut order = 0u64;
        open.push(Reverse((
            target.estimate(heuristic, start),
            Reverse(0u32),
            order,
            *start,
        )));
        let (mut expanded, mut peak) = (0, 1);
        while let Some(Reverse((_, Reverse(g), _, board))) = open.pop() {
            let key = board.key();
            if best_g.get(&key).is_some_and(|&best| best < g) {
                continue; // a stale entry: this state was reached more cheaply since
            }
            if !closed.insert(key) && best_g[&key] == g {
                continue;
            }
            expanded += 1;
            if let Some(stop) = limits.check(expanded) {
                return (stop, expanded, peak);
            }
            if key == goal_key {
                return (
                    Outcome::Solved(walk_back(&parent, start_key, key)),
                    expanded,
                    peak,
                );
            }
            for (m, next) in board.moves() {
                let next_key = next.key();
                let next_g = g + 1;
                if best_g.get(&next_key).is_none_or(|&best| next_g < best) {
                    best_g.insert(next_key, next_g);
                    parent.insert(next_key, (key, m));
                    closed.remove(&next_key); // reopen
                    order += 1;
                    let f = next_g + target.estimate(heuristic, &next);
                    open.push(Reverse((f, Reverse(next_g), order, next)));
                }
            }
            peak = peak.max(open.len());
        }
        (Outcome::NodeLimit(expanded), expanded, peak)
    })
}

impl PartialOrd for Board {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Board {
    /// An arbitrary but total order (by packed key), so boards can sit in a heap's tuples.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}
