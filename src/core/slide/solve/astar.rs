//! A* over puzzle states with an open list (a binary heap) and a closed list, as the seed's
//! windowed game keeps them: a closed state reached again at a lower cost is reopened (which a
//! consistent heuristic such as Manhattan never needs, but an arbitrary one might).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Goal, Heuristic, KeyMap, Limits, Outcome, Report, timed};
use crate::core::slide::{Board, Move};

/// What A* knows of a state: its best cost so far, how it was reached, and whether it has been
/// expanded (closed). One map lookup serves all four.
#[derive(Clone, Copy)]
struct Node {
    g: u32,
    parent: u64,
    came_by: Move,
    closed: bool,
}

/// An optimal solution by A* with `heuristic`.
pub fn astar(start: &Board, goal: &Board, heuristic: Heuristic, limits: Limits<'_>) -> Report {
    timed(start, goal, || {
        let target = Goal::new(*goal);
        let side = start.side() as u8;
        let goal_key = goal.key();
        let start_key = start.key();
        // sized for a typical 8-puzzle search, so small searches never rehash
        let mut nodes: KeyMap<Node> = KeyMap::with_capacity_and_hasher(2048, Default::default());
        nodes.insert(
            start_key,
            Node {
                g: 0,
                parent: start_key,
                came_by: Move::Up,
                closed: false,
            },
        );
        // open list entries: (f, larger g first on ties, insertion order, h, state) — the
        // order makes runs deterministic, h lets children update it instead of recomputing
        let mut open = BinaryHeap::with_capacity(1024);
        let mut order = 0u64;
        let h0 = target.estimate(heuristic, start);
        open.push(Reverse((h0, Reverse(0u32), order, h0, start_key)));
        let (mut expanded, mut peak) = (0, 1);
        while let Some(Reverse((_, Reverse(g), _, h, key))) = open.pop() {
            let node = nodes.get_mut(&key).expect("every queued state has a node");
            if node.g < g || (node.closed && node.g == g) {
                continue; // stale: reached more cheaply since, or already expanded at this cost
            }
            node.closed = true;
            expanded += 1;
            if let Some(stop) = limits.check(expanded) {
                return (stop, expanded, peak);
            }
            if key == goal_key {
                return (
                    Outcome::Solved(walk_back(&nodes, start_key, key)),
                    expanded,
                    peak,
                );
            }
            let board = Board::from_key(key, side);
            for (m, next) in board.moves() {
                let next_key = next.key();
                let next_g = g + 1;
                let better = nodes.get(&next_key).is_none_or(|n| next_g < n.g);
                if !better {
                    continue;
                }
                // a closed state reached more cheaply is reopened: its node is replaced
                nodes.insert(
                    next_key,
                    Node {
                        g: next_g,
                        parent: key,
                        came_by: m,
                        closed: false,
                    },
                );
                let next_h = target.estimate_after(heuristic, &board, &next, h);
                order += 1;
                open.push(Reverse((
                    next_g + next_h,
                    Reverse(next_g),
                    order,
                    next_h,
                    next_key,
                )));
            }
            peak = peak.max(open.len());
        }
        (Outcome::NodeLimit(expanded), expanded, peak)
    })
}

/// The moves from `start` to `end`, following the nodes' parents back.
fn walk_back(nodes: &KeyMap<Node>, start: u64, end: u64) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut at = end;
    while at != start {
        let node = nodes[&at];
        moves.push(node.came_by);
        at = node.parent;
    }
    moves.reverse();
    moves
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
