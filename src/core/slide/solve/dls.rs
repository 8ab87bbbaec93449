//! Blind depth-first search with a depth limit, as the seed's console program offers it: it
//! finds *a* solution within the limit, not necessarily the shortest. A state already seen at a
//! smaller or equal depth is not searched again, which keeps the search from going in circles.

use super::{KeyMap, Limits, Outcome, Progress, Report, timed};
use crate::core::slide::{Board, Move};
use crate::core::step::{Entry, Node, Step};
use crate::core::text::Arg;
use crate::core::trace::Recorder;
use crate::phrase;

/// A solution of at most `depth_limit` moves, by depth-first search.
pub fn depth_limited(start: &Board, goal: &Board, depth_limit: u32, limits: Limits<'_>) -> Report {
    depth_limited_explained(start, goal, depth_limit, limits, &mut ())
}

/// [`depth_limited`], describing its steps to `learner` when it asks.
pub fn depth_limited_explained<R: Recorder>(
    start: &Board,
    goal: &Board,
    depth_limit: u32,
    limits: Limits<'_>,
    learner: &mut R,
) -> Report {
    timed(start, goal, || {
        Progress::set_level(&limits, depth_limit as usize);
        let goal_key = goal.key();
        let mut best_depth: KeyMap<u32> = KeyMap::default();
        // explicit stack of (board, depth, index of the next move to try)
        let mut stack: Vec<(Board, u32, usize)> = vec![(*start, 0, 0)];
        let mut path: Vec<Move> = Vec::new();
        best_depth.insert(start.key(), 0);
        let (mut expanded, mut peak) = (1, 1);
        // Learn: the stack bottom first, each board at its depth (the newest `limit` of them)
        let explain = |learner: &mut R, stack: &[(Board, u32, usize)], closed, step: Step| {
            let skip = stack.len().saturating_sub(learner.open_limit());
            let entries = stack[skip..]
                .iter()
                .map(|&(board, depth, _)| Entry {
                    node: Node::Board(board),
                    g: depth,
                    h: None,
                })
                .collect();
            learner.step(step.open(entries, stack.len()).closed(closed));
        };
        if learner.wants_steps() {
            let say = phrase!(
                "the start goes on the stack: depth 0, limit {limit}",
                limit = depth_limit
            );
            explain(
                learner,
                &stack,
                0,
                Step::new(1, Some(Node::Board(*start)), say).cost(0, None),
            );
        }
        if start.key() == goal_key {
            if learner.wants_steps() {
                let say = phrase!("the start is the goal: no move is needed");
                explain(
                    learner,
                    &stack,
                    1,
                    Step::new(8, Some(Node::Board(*start)), say).cost(0, None),
                );
            }
            return (Outcome::Solved(Vec::new()), expanded, peak);
        }
        while let Some(top) = stack.last_mut() {
            let (board, depth, next_move) = *top;
            if next_move >= Move::ALL.len() || depth >= depth_limit {
                stack.pop();
                path.pop();
                if learner.wants_steps() {
                    let say = if depth >= depth_limit {
                        phrase!(
                            "the top is at the depth limit {limit}: pop it",
                            limit = depth_limit
                        )
                    } else {
                        phrase!(
                            "every move of the top was tried (depth {d}): pop it",
                            d = depth
                        )
                    };
                    explain(
                        learner,
                        &stack,
                        expanded,
                        Step::new(4, Some(Node::Board(board)), say).cost(depth, None),
                    );
                }
                continue;
            }
            top.2 += 1;
            let m = Move::ALL[next_move];
            let Some(child) = board.apply(m) else {
                continue;
            };
            let key = child.key();
            if let Some(&seen) = best_depth.get(&key).filter(|&&d| d <= depth + 1) {
                if learner.wants_steps() {
                    let say = phrase!(
                        "the blank moves {dir}: that board was reached at depth {seen} ≤ {d}, skipped",
                        dir = Arg::Message(m.name()),
                        seen = seen,
                        d = depth + 1
                    );
                    explain(
                        learner,
                        &stack,
                        expanded,
                        Step::new(6, Some(Node::Board(child)), say).cost(depth + 1, None),
                    );
                }
                continue;
            }
            if !super::room(&mut best_depth, 1) || stack.try_reserve(1).is_err() {
                return (Outcome::OutOfMemory(expanded), expanded, peak);
            }
            best_depth.insert(key, depth + 1);
            expanded += 1;
            if let Some(stop) = limits.check(expanded) {
                return (stop, expanded, peak);
            }
            path.push(m);
            stack.push((child, depth + 1, 0));
            if learner.wants_steps() {
                // every board this push could have taken, in move order: this one and the
                // later moves not reached already as shallow
                let options = Move::ALL[next_move..]
                    .iter()
                    .filter_map(|&later| board.apply(later))
                    .filter(|b| {
                        *b == child || best_depth.get(&b.key()).is_none_or(|&d| d > depth + 1)
                    })
                    .map(|b| Entry {
                        node: Node::Board(b),
                        g: depth + 1,
                        h: None,
                    })
                    .collect();
                let say = phrase!(
                    "the blank moves {dir}: the board goes on the stack at depth {d}",
                    dir = Arg::Message(m.name()),
                    d = depth + 1
                );
                explain(
                    learner,
                    &stack,
                    expanded,
                    Step::new(7, Some(Node::Board(child)), say)
                        .cost(depth + 1, None)
                        .options(options),
                );
            }
            if key == goal_key {
                if learner.wants_steps() {
                    let say = phrase!(
                        "it is the goal: the {n} moves on the stack are the answer",
                        n = path.len()
                    );
                    explain(
                        learner,
                        &stack,
                        expanded,
                        Step::new(8, Some(Node::Board(child)), say).cost(depth + 1, None),
                    );
                }
                // the goal's own entry does not count towards the peak, as before
                return (Outcome::Solved(path), expanded, peak);
            }
            peak = peak.max(stack.len());
        }
        if learner.wants_steps() {
            let say = phrase!(
                "the stack is empty: no solution within {limit} moves",
                limit = depth_limit
            );
            explain(learner, &stack, expanded, Step::new(9, None, say));
        }
        (Outcome::NotWithinDepth(depth_limit), expanded, peak)
    })
}
