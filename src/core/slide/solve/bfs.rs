//! Blind breadth-first search with a visited set: optimal, and hungry for memory.

use std::collections::VecDeque;

use super::{KeyMap, Limits, Outcome, Progress, Report, timed};
use crate::core::slide::{Board, Move};
use crate::core::step::{Entry, Node, Step};
use crate::core::text::Arg;
use crate::core::trace::Recorder;
use crate::phrase;

/// Shortest solution by BFS.
pub fn bfs(start: &Board, goal: &Board, limits: Limits<'_>) -> Report {
    bfs_explained(start, goal, limits, &mut ())
}

/// [`bfs`], describing its steps to `learner` when it asks.
pub fn bfs_explained<R: Recorder>(
    start: &Board,
    goal: &Board,
    limits: Limits<'_>,
    learner: &mut R,
) -> Report {
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
        let explain = |learner: &mut R, queue: &VecDeque<(Board, usize)>, closed, step: Step| {
            let entries = queue
                .iter()
                .take(learner.open_limit())
                .map(|&(board, depth)| Entry {
                    node: Node::Board(board),
                    g: depth as u32,
                    h: None,
                })
                .collect();
            learner.step(step.open(entries, queue.len()).closed(closed));
        };
        if learner.wants_steps() {
            let say = phrase!("the start goes into the queue: g = 0");
            explain(
                learner,
                &queue,
                0,
                Step::new(1, Some(Node::Board(*start)), say).cost(0, None),
            );
        }
        while let Some((board, depth)) = queue.pop_front() {
            if depth != level {
                level = depth;
                Progress::set_level(&limits, level);
            }
            expanded += 1;
            if let Some(stop) = limits.check(expanded) {
                return (stop, expanded, peak);
            }
            if learner.wants_steps() {
                let say = phrase!(
                    "take the front of the queue (g = {g}) and expand it",
                    g = depth
                );
                explain(
                    learner,
                    &queue,
                    expanded,
                    Step::new(3, Some(Node::Board(board)), say).cost(depth as u32, None),
                );
            }
            let key = board.key();
            if key == goal_key {
                if learner.wants_steps() {
                    let say = phrase!("it is the goal: the parent links give {g} moves", g = depth);
                    explain(
                        learner,
                        &queue,
                        expanded,
                        Step::new(4, Some(Node::Board(board)), say).cost(depth as u32, None),
                    );
                }
                return (
                    Outcome::Solved(walk_back(&parent, start_key, key)),
                    expanded,
                    peak,
                );
            }
            if !super::room(&mut parent, 4) || queue.try_reserve(4).is_err() {
                return (Outcome::OutOfMemory(expanded), expanded, peak);
            }
            for (m, next) in board.moves() {
                let next_key = next.key();
                if let std::collections::hash_map::Entry::Vacant(slot) = parent.entry(next_key) {
                    slot.insert((key, m));
                    queue.push_back((next, depth + 1));
                    if learner.wants_steps() {
                        let say = phrase!(
                            "the blank moves {dir}: a new board (g = {g}) goes to the back of the queue",
                            dir = Arg::Message(m.name()),
                            g = depth + 1
                        );
                        explain(
                            learner,
                            &queue,
                            expanded,
                            Step::new(7, Some(Node::Board(next)), say).cost(depth as u32 + 1, None),
                        );
                    }
                } else if learner.wants_steps() {
                    let say = phrase!(
                        "the blank moves {dir}: that board is reached already, skipped",
                        dir = Arg::Message(m.name())
                    );
                    explain(
                        learner,
                        &queue,
                        expanded,
                        Step::new(6, Some(Node::Board(next)), say).cost(depth as u32 + 1, None),
                    );
                }
            }
            peak = peak.max(queue.len());
        }
        if learner.wants_steps() {
            let say = phrase!("the queue is empty: the goal cannot be reached");
            explain(learner, &queue, expanded, Step::new(8, None, say));
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
