//! A* over puzzle states with an open list and a closed list, as the seed's windowed game keeps
//! them: a closed state reached again at a lower cost is reopened (which a consistent heuristic
//! such as Manhattan never needs, but an arbitrary one might).
//!
//! The open list is a bucket queue: f values are small integers, so entries sit in one stack per
//! (f, g), and the next node is the newest of the lowest f, largest g (deepest first among
//! equals, which reaches the goal sooner). The node map and the buckets are kept per thread
//! between searches, so solving many small puzzles in a row allocates nothing.

use std::cell::RefCell;

use super::{Goal, Heuristic, KeyMap, Limits, NONE, Outcome, Report, blank_targets, timed};
use crate::core::slide::{Board, Move};
use crate::core::step::{Entry as LearnEntry, Node as LearnNode, Step};
use crate::core::text::Arg;
use crate::core::trace::Recorder;
use crate::phrase;

/// What A* knows of a state: its best cost so far, the move that reached it (its parent is
/// that move undone), and whether it has been expanded (closed). One lookup serves all three,
/// and the node stays small (8 bytes) so more of the map fits in cache.
#[derive(Clone, Copy)]
struct Node {
    g: u32,
    came_by: Move,
    closed: bool,
}

/// Beyond this many nodes a finished search gives its memory back.
const KEEP_NODES: usize = 1 << 16;

/// An open-list entry: the state and its heuristic value (its f and g are its bucket's).
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    h: u32,
}

/// The memory of a search, reused by the next one on the same thread.
#[derive(Default)]
struct Scratch {
    nodes: KeyMap<Node>,
    /// `open[f][g]`: a stack of entries.
    open: Vec<Vec<Vec<Entry>>>,
    /// `top[f]`: no stack of row f above this g holds entries.
    top: Vec<usize>,
    /// The (f, g) stacks that hold entries, to clear them quickly.
    touched: Vec<(usize, usize)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Scratch {
    /// Puts an entry on OPEN; `false` (and nothing put) when the memory for it ran out.
    #[inline]
    #[must_use]
    fn push(&mut self, f: u32, g: u32, entry: Entry) -> bool {
        let (f, g) = (f as usize, g as usize);
        if self.open.len() <= f {
            self.open.resize_with(f + 1, Vec::new);
            self.top.resize(f + 1, 0);
        }
        self.top[f] = self.top[f].max(g);
        let row = &mut self.open[f];
        if row.len() <= g {
            row.resize_with(g + 1, Vec::new);
        }
        if row[g].try_reserve(1).is_err() || self.touched.try_reserve(1).is_err() {
            return false;
        }
        if row[g].is_empty() {
            self.touched.push((f, g));
        }
        row[g].push(entry);
        true
    }

    /// The newest entry of the lowest f and, within it, the largest g; `from_f` is a lower
    /// bound on the lowest non-empty f.
    #[inline]
    fn pop(&mut self, from_f: &mut usize) -> Option<(u32, u32, Entry)> {
        while *from_f < self.open.len() {
            let f = *from_f;
            let row = &mut self.open[f];
            let mut g = self.top[f].min(row.len().saturating_sub(1));
            loop {
                if let Some(entry) = row.get_mut(g).and_then(Vec::pop) {
                    self.top[f] = g;
                    return Some((f as u32, g as u32, entry));
                }
                if g == 0 {
                    break;
                }
                g -= 1;
            }
            self.top[f] = 0;
            *from_f += 1;
        }
        None
    }

    fn clear(&mut self) {
        for &(f, g) in &self.touched {
            self.open[f][g].clear();
        }
        self.touched.clear();
        self.top.iter_mut().for_each(|t| *t = 0);
        if self.nodes.capacity() > KEEP_NODES {
            self.nodes = KeyMap::default();
            self.open = Vec::new();
            self.top = Vec::new();
        } else {
            self.nodes.clear();
        }
    }
}

/// An optimal solution by A* with `heuristic`.
pub fn astar(start: &Board, goal: &Board, heuristic: Heuristic, limits: Limits<'_>) -> Report {
    astar_explained(start, goal, heuristic, limits, &mut ())
}

/// [`astar`], describing its steps to `learner` when it asks.
pub fn astar_explained<R: Recorder>(
    start: &Board,
    goal: &Board,
    heuristic: Heuristic,
    limits: Limits<'_>,
    learner: &mut R,
) -> Report {
    timed(start, goal, || {
        SCRATCH.with(|scratch| {
            let mut scratch = scratch.borrow_mut();
            let result = search(&mut scratch, start, goal, heuristic, limits, learner);
            scratch.clear();
            result
        })
    })
}

/// Learn's view of OPEN: the live entries (not closed, not superseded by a cheaper one of the
/// same board) in the order they would be taken, the first `limit` of them, and how many
/// there are.
fn open_list(scratch: &Scratch, side: u8, limit: usize) -> (Vec<LearnEntry>, usize) {
    let (mut entries, mut total) = (Vec::new(), 0);
    for (f, row) in scratch.open.iter().enumerate() {
        for (g, stack) in row.iter().enumerate().rev() {
            for entry in stack.iter().rev() {
                let live = scratch
                    .nodes
                    .get(&entry.key)
                    .is_some_and(|node| node.g as usize == g && !node.closed);
                if !live {
                    continue;
                }
                total += 1;
                if entries.len() < limit {
                    entries.push(LearnEntry {
                        node: LearnNode::Board(Board::from_key(entry.key, side)),
                        g: g as u32,
                        h: Some((f - g) as u32),
                    });
                }
            }
        }
    }
    (entries, total)
}

/// A handled board's g and h, for Learn's step.
type Cost = Option<(u32, Option<u32>)>;

/// Hands `learner` the step of pseudo-code `line` handling the board packed in `key`, with the
/// open list as it is now.
fn explain<R: Recorder>(
    learner: &mut R,
    scratch: &Scratch,
    (side, closed): (u8, usize),
    (line, key, cost): (u8, Option<u64>, Cost),
    say: crate::core::text::Phrase,
) {
    let (entries, total) = open_list(scratch, side, learner.open_limit());
    let node = key.map(|key| LearnNode::Board(Board::from_key(key, side)));
    let mut step = Step::new(line, node, say)
        .open(entries, total)
        .closed(closed);
    if let Some((g, h)) = cost {
        step = step.cost(g, h);
    }
    learner.step(step);
}

fn search<R: Recorder>(
    scratch: &mut Scratch,
    start: &Board,
    goal: &Board,
    heuristic: Heuristic,
    limits: Limits<'_>,
    learner: &mut R,
) -> (Outcome, usize, usize) {
    let target = Goal::new(*goal);
    let side = start.side() as u8;
    let neighbours = blank_targets(start.side());
    let goal_key = goal.key();
    let start_key = start.key();
    scratch.nodes.insert(
        start_key,
        Node {
            g: 0,
            came_by: Move::Up,
            closed: false,
        },
    );
    let h0 = target.estimate(heuristic, start);
    if !scratch.push(
        h0,
        0,
        Entry {
            key: start_key,
            h: h0,
        },
    ) {
        return (Outcome::OutOfMemory(0), 0, 0);
    }
    let mut lowest_f = h0 as usize;
    let (mut expanded, mut peak, mut open_len) = (0, 1, 1usize);
    if learner.wants_steps() {
        let say = phrase!("the start goes into OPEN: g = 0, h = {h}, f = {h}", h = h0);
        explain(
            learner,
            scratch,
            (side, 0),
            (1, Some(start_key), Some((0, Some(h0)))),
            say,
        );
    }
    while let Some((_, g, Entry { key, h })) = scratch.pop(&mut lowest_f) {
        open_len -= 1;
        let node = scratch
            .nodes
            .get_mut(&key)
            .expect("every queued state has a node");
        if node.g < g || (node.closed && node.g == g) {
            continue; // stale: reached more cheaply since, or already expanded at this cost
        }
        node.closed = true;
        // going straight back to the parent never helps (it is already reached more cheaply)
        let back = (key != start_key).then(|| node.came_by.opposite());
        expanded += 1;
        if let Some(stop) = limits.check(expanded) {
            return (stop, expanded, peak);
        }
        if !super::room(&mut scratch.nodes, 4) {
            return (Outcome::OutOfMemory(expanded), expanded, peak);
        }
        if learner.wants_steps() {
            let say = phrase!(
                "expand the board with the lowest f: f = g + h = {g} + {h} = {f}",
                g = g,
                h = h,
                f = g + h
            );
            explain(
                learner,
                scratch,
                (side, expanded),
                (4, Some(key), Some((g, Some(h)))),
                say,
            );
        }
        if key == goal_key {
            if learner.wants_steps() {
                let say = phrase!("it is the goal: the parent links give {g} moves", g = g);
                explain(
                    learner,
                    scratch,
                    (side, expanded),
                    (5, Some(key), Some((g, Some(h)))),
                    say,
                );
            }
            return (
                Outcome::Solved(walk_back(&scratch.nodes, start_key, key, side)),
                expanded,
                peak,
            );
        }
        let board = Board::from_key(key, side);
        let n = board.len();
        let blank = board.blank();
        for (m, from) in Move::ALL.into_iter().zip(neighbours[blank]) {
            // `from`: the cell the blank moves to; its tile slides into the blank's cell
            if Some(m) == back || from == NONE {
                continue;
            }
            let from = from as usize;
            let tile = board.cells()[from];
            let next_key = Board::key_after_slide(key, n, tile, from, blank);
            let next_g = g + 1;
            let fresh = Node {
                g: next_g,
                came_by: m,
                closed: false,
            };
            // one probe: insert, or replace a costlier node (a closed one is reopened)
            match scratch.nodes.entry(next_key) {
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(fresh);
                }
                std::collections::hash_map::Entry::Occupied(mut slot) => {
                    if slot.get().g <= next_g {
                        if learner.wants_steps() {
                            let old = slot.get().g;
                            let say = phrase!(
                                "the blank moves {dir}: that board was reached with g = {old} ≤ {g}, skipped",
                                dir = Arg::Message(m.name()),
                                old = old,
                                g = next_g
                            );
                            explain(
                                learner,
                                scratch,
                                (side, expanded),
                                (8, Some(next_key), Some((next_g, None))),
                                say,
                            );
                        }
                        continue;
                    }
                    slot.insert(fresh);
                }
            }
            let next_h = match heuristic {
                Heuristic::LinearConflict => {
                    let next = board.apply(m).expect("the move stays on the board");
                    target.estimate(heuristic, &next)
                }
                _ => target.estimate_moved(heuristic, h, tile, from, blank),
            };
            let f = next_g + next_h;
            lowest_f = lowest_f.min(f as usize);
            if !scratch.push(
                f,
                next_g,
                Entry {
                    key: next_key,
                    h: next_h,
                },
            ) {
                return (Outcome::OutOfMemory(expanded), expanded, peak);
            }
            open_len += 1;
            if learner.wants_steps() {
                let say = phrase!(
                    "the blank moves {dir}: the new board joins OPEN with g = {g}, h = {h}, f = {f}",
                    dir = Arg::Message(m.name()),
                    g = next_g,
                    h = next_h,
                    f = f
                );
                explain(
                    learner,
                    scratch,
                    (side, expanded),
                    (9, Some(next_key), Some((next_g, Some(next_h)))),
                    say,
                );
            }
        }
        peak = peak.max(open_len);
    }
    if learner.wants_steps() {
        let say = phrase!("OPEN is empty: the goal cannot be reached");
        explain(learner, scratch, (side, expanded), (10, None, None), say);
    }
    (Outcome::NodeLimit(expanded), expanded, peak)
}

/// The moves from `start` to `end`, undoing each node's move to find its parent.
fn walk_back(nodes: &KeyMap<Node>, start: u64, end: u64, side: u8) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut at = end;
    while at != start {
        let m = nodes[&at].came_by;
        moves.push(m);
        at = Board::from_key(at, side)
            .apply(m.opposite())
            .expect("a reached state's move can be undone")
            .key();
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
