//! Blind breadth-first search with a visited set: optimal, and hungry for memory.

use std::collections::VecDeque;

use super::{KeyMap, Limits, Outcome, Progress, Report, timed};
use crate::core::slide::{Board, Move};

/// Shortest solution by BFS.
pub fn bfs(start: &Board, goal: &Board, limits: Limits<'_>) -> Report {
    timed(start, goal, || {
        let mut parent: KeyMap<(u64, Move)> = KeyMap::default();
        // each board with its depth, so the level being expanded can be reported
        let mut queue = VecDeque::from([(*start, 0usize)]);
        let mut level = 0;
        Progress::set_level(&limits, 0);
        let start_key = start.key();
        let goal_key = goal.key();
        parent.insert(start_key, (start_key, Move::Up));
        let (mut expanded, mut peak) = (0, 1);
        while let Some((board, depth)) = queue.pop_front() {
            if depth != level {
                level = depth;
                Progress::set_level(&limits, level);
            }
            expanded += 1;
            if let Some(stop) = limits.check(expanded) {
                return (stop, expanded, peak);
            }
            let key = board.key();
            if key == goal_key {
                return (
                    Outcome::Solved(walk_back(&parent, start_key, key)),
                    expanded,
                    peak,
                );
            }
            for (m, next) in board.moves() {
                let next_key = next.key();
                if let std::collections::hash_map::Entry::Vacant(slot) = parent.entry(next_key) {
                    slot.insert((key, m));
                    queue.push_back((next, depth + 1));
                }
            }
            peak = peak.max(queue.len());
        }
        (Outcome::NodeLimit(expanded), expanded, peak) // unreachable for solvable pairs
    })
}

/// The moves from `start` to `end` by following parent links back.
pub(crate) fn walk_back(parent: &KeyMap<(u64, Move)>, start: u64, end: u64) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut at = end;
    while at != start {
        let (up, m) = parent[&at];
        moves.push(m);
        at = up;
    }
    moves.reverse();
    moves
}
