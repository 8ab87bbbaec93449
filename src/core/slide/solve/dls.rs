//! Blind depth-first search with a depth limit, as the seed's console program offers it: it
//! finds *a* solution within the limit, not necessarily the shortest. A state already seen at a
//! smaller or equal depth is not searched again, which keeps the search from going in circles.

use super::{KeyMap, Limits, Outcome, Progress, Report, timed};
use crate::core::slide::{Board, Move};

/// A solution of at most `depth_limit` moves, by depth-first search.
pub fn depth_limited(start: &Board, goal: &Board, depth_limit: u32, limits: Limits<'_>) -> Report {
    timed(start, goal, || {
        Progress::set_level(&limits, depth_limit as usize);
        let goal_key = goal.key();
        let mut best_depth: KeyMap<u32> = KeyMap::default();
        // explicit stack of (board, depth, index of the next move to try)
        let mut stack: Vec<(Board, u32, usize)> = vec![(*start, 0, 0)];
        let mut path: Vec<Move> = Vec::new();
        best_depth.insert(start.key(), 0);
        let (mut expanded, mut peak) = (1, 1);
        if start.key() == goal_key {
            return (Outcome::Solved(Vec::new()), expanded, peak);
        }
        while let Some(top) = stack.last_mut() {
            let (board, depth, next_move) = *top;
            if next_move >= Move::ALL.len() || depth >= depth_limit {
                stack.pop();
                path.pop();
                continue;
            }
            top.2 += 1;
            let m = Move::ALL[next_move];
            let Some(child) = board.apply(m) else {
                continue;
            };
            let key = child.key();
            if best_depth.get(&key).is_some_and(|&d| d <= depth + 1) {
                continue;
            }
            best_depth.insert(key, depth + 1);
            expanded += 1;
            if let Some(stop) = limits.check(expanded) {
                return (stop, expanded, peak);
            }
            path.push(m);
            if key == goal_key {
                return (Outcome::Solved(path), expanded, peak);
            }
            stack.push((child, depth + 1, 0));
            peak = peak.max(stack.len());
        }
        (Outcome::NotWithinDepth(depth_limit), expanded, peak)
    })
}
