//! One step of a search as it records it for people: the node handled, the frontier after it,
//! the counts and one sentence. The solvers make these (when their recorder asks); Learn shows
//! them and the Lab shares them. They live below both, so that the solvers do not depend on
//! Learn.

use serde::Serialize;

use crate::core::grid::Pos;
use crate::core::slide::Board;
use crate::core::text::Phrase;

/// A node a step handles: a maze cell or a puzzle board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Cell(Pos),
    Board(Board),
}

impl Serialize for Node {
    /// A cell as `[row, col]`, a board as its tiles in the form `solve slide` reads.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Cell(p) => p.to_array().serialize(serializer),
            Node::Board(b) => b.to_string().serialize(serializer),
        }
    }
}

impl std::fmt::Display for Node {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Node::Cell(p) => p.fmt(f),
            Node::Board(b) => b.fmt(f),
        }
    }
}

/// One entry of the frontier: its node, its cost so far g (the depth for a stack) and, for
/// A* and IDA*, its estimate h (f = g + h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub node: Node,
    pub g: u32,
    pub h: Option<u32>,
}

impl Entry {
    /// f = g + h (g alone when there is no estimate).
    pub fn f(&self) -> u32 {
        self.g + self.h.unwrap_or(0)
    }
}

/// One step of a search, as Learn shows it and `solve … --steps` prints it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The pseudo-code line executed, from 1.
    pub line: u8,
    /// The node handled (expanded, skipped, pushed, popped).
    pub node: Option<Node>,
    /// The frontier after the step, in the algorithm's own order (at most the recorder's
    /// [`open_limit`](Recorder::open_limit) first entries).
    pub open: Vec<Entry>,
    /// How many entries the frontier holds in all.
    pub open_total: usize,
    /// How many nodes are closed (expanded) so far.
    pub closed: usize,
    /// IDA*'s bound.
    pub bound: Option<u32>,
    /// Kruskal's number of sets (connected parts) so far.
    pub sets: Option<usize>,
    /// Depth-first search: the nodes this push could have taken, in the algorithm's own order
    /// (the first is the one it takes), for "you are the algorithm".
    pub options: Vec<Entry>,
    /// The handled node's cost so far (its depth for a blind search), when the step knows it.
    pub g: Option<u32>,
    /// The handled node's estimate, for A* and IDA*.
    pub h: Option<u32>,
    /// The step in one sentence.
    pub say: Phrase,
    /// How many trace events had been recorded when the step happened: where a replay of the
    /// trace stands at this step.
    pub event: usize,
}

impl Step {
    /// A step of `line` handling `node`; the frontier and counts are added by the builder
    /// methods.
    pub fn new(line: u8, node: Option<Node>, say: Phrase) -> Step {
        Step {
            line,
            node,
            open: Vec::new(),
            open_total: 0,
            closed: 0,
            bound: None,
            sets: None,
            options: Vec::new(),
            g: None,
            h: None,
            say,
            event: 0,
        }
    }

    /// With the frontier (already cut to the recorder's limit) and its total size.
    #[must_use]
    pub fn open(mut self, open: Vec<Entry>, total: usize) -> Step {
        self.open = open;
        self.open_total = total;
        self
    }

    /// With the number of closed nodes.
    #[must_use]
    pub fn closed(mut self, closed: usize) -> Step {
        self.closed = closed;
        self
    }

    /// With IDA*'s bound.
    #[must_use]
    pub fn bound(mut self, bound: u32) -> Step {
        self.bound = Some(bound);
        self
    }

    /// With the nodes a depth-first push could have taken, in its order.
    #[must_use]
    pub fn options(mut self, options: Vec<Entry>) -> Step {
        self.options = options;
        self
    }

    /// With Kruskal's number of sets.
    #[must_use]
    pub fn sets(mut self, sets: usize) -> Step {
        self.sets = Some(sets);
        self
    }

    /// With the handled node's g and, for A* and IDA*, its h.
    #[must_use]
    pub fn cost(mut self, g: u32, h: Option<u32>) -> Step {
        self.g = Some(g);
        self.h = h;
        self
    }
}

/// The first `limit` entries of a frontier held in any order, sorted by `order` (the
/// algorithm's own), without sorting all of it when it is long.
pub(crate) fn best_first<T, K: Ord>(
    mut items: Vec<T>,
    limit: usize,
    order: impl Fn(&T) -> K,
) -> Vec<T> {
    if limit < items.len() {
        items.select_nth_unstable_by_key(limit, &order);
        items.truncate(limit);
    }
    items.sort_by_key(order);
    items
}
