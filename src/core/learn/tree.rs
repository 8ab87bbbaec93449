//! The search tree of a sliding-puzzle search, as the course reports draw it: each board a node
//! under the board it was made from, with its g, h and f and the order it was expanded in; the
//! solution path marked. Built from a lesson's steps (what the solver itself reported), as the
//! tree stands at a chosen step, so it grows as a walkthrough steps forward. IDA*'s tree is that
//! of the iteration the step belongs to (each new bound starts the tree again).

use std::collections::HashMap;

use super::{Algo, Lesson, Node, Step};
use crate::core::slide::{Board, Move};

/// What became of a node of the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Made and waiting in the frontier (or on the stack, not yet left).
    Open,
    /// Taken and expanded: its children were made.
    Expanded,
    /// Depth-first search: pushed (and so visited), still on the stack.
    OnStack,
    /// Depth-first search: every move was tried, or the depth limit reached, and it was popped.
    Left,
    /// IDA*: its f went over the bound, so it was cut off.
    CutOff,
    /// A*: reached again more cheaply, so this node is out of date.
    Superseded,
}

/// One node of the tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    pub board: Board,
    pub parent: Option<usize>,
    /// Its children in the order they were made.
    pub children: Vec<usize>,
    /// The moves so far (the depth).
    pub g: u32,
    /// The estimate (A*, IDA*).
    pub h: Option<u32>,
    /// Its place in the order of expansion, from 1.
    pub order: Option<usize>,
    pub state: State,
    /// The step (an index into the lesson's steps) that made it.
    pub made_at: usize,
}

impl TreeNode {
    /// f = g + h (g alone without an estimate).
    pub fn f(&self) -> u32 {
        self.g + self.h.unwrap_or(0)
    }
}

/// The tree as it stands at one step of a lesson: at most a given number of nodes, the first
/// made.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchTree {
    /// Nodes in the order they were made: a parent always comes before its children.
    pub nodes: Vec<TreeNode>,
    /// Nodes the search made that the tree has no room for (past its size, or under one that
    /// is left out).
    pub left_out: usize,
    /// The node the step handles, when it is in the tree.
    pub current: Option<usize>,
    /// The goal, once the search has found it (and it is in the tree).
    pub goal: Option<usize>,
    /// IDA*'s bound for this tree's iteration.
    pub bound: Option<u32>,
}

impl SearchTree {
    /// The tree of `lesson` (a sliding-puzzle lesson) as it stands after step `at` (clamped to
    /// the last), with at most `max_nodes` nodes.
    pub fn at(lesson: &Lesson, at: usize, max_nodes: usize) -> SearchTree {
        let mut builder = Builder {
            tree: SearchTree::default(),
            max_nodes,
            latest: HashMap::new(),
            expanding: None,
            stack: Vec::new(),
            expanded: 0,
        };
        let last = at.min(lesson.steps.len().saturating_sub(1));
        for (index, step) in lesson.steps.iter().enumerate().take(last + 1) {
            builder.tree.current = None;
            builder.add(lesson.algo, index, step);
        }
        builder.tree
    }

    /// The nodes from the root to `node`, root first.
    pub fn path_to(&self, node: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = Some(node).filter(|&n| n < self.nodes.len());
        while let Some(n) = at {
            path.push(n);
            at = self.nodes[n].parent;
        }
        path.reverse();
        path
    }

    /// The blank's moves from the root's board to `node`'s.
    pub fn moves_to(&self, node: usize) -> Vec<Move> {
        self.path_to(node)
            .windows(2)
            .filter_map(|pair| {
                let (from, to) = (self.nodes[pair[0]].board, self.nodes[pair[1]].board);
                Move::ALL.into_iter().find(|&m| from.apply(m) == Some(to))
            })
            .collect()
    }

    /// True when `node` lies on the path from the root to the goal.
    pub fn on_solution(&self, node: usize) -> bool {
        self.goal
            .is_some_and(|goal| self.path_to(goal).contains(&node))
    }

    /// Where each node is drawn: `(x, depth)`, x in slots (a leaf takes one slot, in the order
    /// of a depth-first walk; a parent stands midway over its first and last child), so no
    /// two nodes of one depth are closer than one slot.
    pub fn layout(&self) -> Vec<(f32, u32)> {
        let n = self.nodes.len();
        let mut place = vec![(0.0f32, 0u32); n];
        // depth-first order, children in the order they were made
        let mut order = Vec::with_capacity(n);
        let mut todo: Vec<usize> = (0..n)
            .filter(|&i| self.nodes[i].parent.is_none())
            .rev()
            .collect();
        while let Some(i) = todo.pop() {
            order.push(i);
            todo.extend(self.nodes[i].children.iter().rev());
        }
        let mut slot = 0.0;
        for &i in &order {
            place[i].1 = self.nodes[i].g;
            if self.nodes[i].children.is_empty() {
                place[i].0 = slot;
                slot += 1.0;
            }
        }
        // children before their parent
        for &i in order.iter().rev() {
            let children = &self.nodes[i].children;
            if let (Some(&first), Some(&last)) = (children.first(), children.last()) {
                place[i].0 = f32::midpoint(place[first].0, place[last].0);
            }
        }
        place
    }
}

struct Builder {
    tree: SearchTree,
    max_nodes: usize,
    /// The newest node of each board (by its packed key), for A* and BFS.
    latest: HashMap<u64, usize>,
    /// The node being expanded (A*, BFS).
    expanding: Option<usize>,
    /// The nodes on the stack (depth-first) or path (IDA*), `None` where one is left out.
    stack: Vec<Option<usize>>,
    expanded: usize,
}

impl Builder {
    fn add(&mut self, algo: Algo, index: usize, step: &Step) {
        let Some(Node::Board(board)) = step.node else {
            return;
        };
        match (algo, step.line) {
            (Algo::SlideAstar | Algo::SlideBfs, 1) => {
                self.tree.current = self.make(None, board, step, index);
            }
            (Algo::SlideAstar, 4) | (Algo::SlideBfs, 3) => {
                let node = self.latest.get(&board.key()).copied();
                self.expanding = node;
                self.expand(node);
            }
            (Algo::SlideAstar, 5) | (Algo::SlideBfs, 4) => {
                let node = self.latest.get(&board.key()).copied();
                self.tree.goal = node;
                self.tree.current = node;
            }
            (Algo::SlideAstar, 9) | (Algo::SlideBfs, 7) => {
                let parent = self.expanding;
                let old = self.latest.get(&board.key()).copied();
                let node = self.make(parent, board, step, index);
                if let (Some(old), Some(_)) = (old, node)
                    && self.tree.nodes[old].state == State::Open
                {
                    self.tree.nodes[old].state = State::Superseded;
                }
                self.tree.current = node;
            }
            (Algo::SlideDfs, 1 | 7) => {
                let parent = self.stack.last().copied().flatten();
                let node = self.make(parent, board, step, index);
                self.expand(node);
                if let Some(node) = node {
                    self.tree.nodes[node].state = State::OnStack;
                }
                self.stack.push(node);
            }
            (Algo::SlideDfs, 4) => {
                if let Some(node) = self.stack.pop().flatten() {
                    self.tree.nodes[node].state = State::Left;
                    self.tree.current = Some(node);
                }
            }
            (Algo::SlideDfs, 8) => {
                let node = self.stack.last().copied().flatten();
                self.tree.goal = node;
                self.tree.current = node;
            }
            (Algo::SlideIdastar, 1 | 5) => {
                // a new iteration: a new tree under a new bound
                self.tree.nodes.clear();
                self.tree.left_out = 0;
                self.tree.goal = None;
                self.tree.bound = step.bound;
                self.stack.clear();
                self.expanded = 0;
                let h = step.open.first().and_then(|e| e.h);
                self.tree.current = self.make_node(None, board, 0, h, index);
            }
            (Algo::SlideIdastar, 7..=9) => {
                let depth = step.g.unwrap_or(0) as usize;
                let node = if depth == 0 {
                    (!self.tree.nodes.is_empty()).then_some(0)
                } else {
                    let parent = self.stack.get(depth - 1).copied().flatten();
                    self.make(parent, board, step, index)
                };
                match step.line {
                    7 => {
                        if let Some(node) = node {
                            self.tree.nodes[node].state = State::CutOff;
                        }
                    }
                    8 => self.tree.goal = node,
                    _ => {
                        self.stack.truncate(depth);
                        self.stack.push(node);
                        self.expand(node);
                    }
                }
                self.tree.current = node;
            }
            (Algo::SlideIdastar, 10) => {
                let depth = step.g.unwrap_or(0) as usize;
                self.tree.current = self.stack.get(depth).copied().flatten();
            }
            (Algo::SlideIdastar, 4) => {
                self.tree.current = self.tree.goal;
            }
            _ => {}
        }
    }

    /// Counts `node` as expanded (whether or not it is in the tree: the order stays the
    /// search's own).
    fn expand(&mut self, node: Option<usize>) {
        self.expanded += 1;
        if let Some(node) = node {
            let n = &mut self.tree.nodes[node];
            n.state = State::Expanded;
            n.order = Some(self.expanded);
            self.tree.current = Some(node);
        }
    }

    /// A node for `board`, made at step `index`, with the step's g and h (g one more than the
    /// parent's when the step does not say).
    fn make(
        &mut self,
        parent: Option<usize>,
        board: Board,
        step: &Step,
        index: usize,
    ) -> Option<usize> {
        let parent_g = parent.map(|p| self.tree.nodes[p].g);
        let g = step.g.unwrap_or_else(|| parent_g.map_or(0, |g| g + 1));
        if parent.is_none() && !self.tree.nodes.is_empty() {
            // under a node the tree left out
            self.tree.left_out += 1;
            return None;
        }
        self.make_node(parent, board, g, step.h, index)
    }

    fn make_node(
        &mut self,
        parent: Option<usize>,
        board: Board,
        g: u32,
        h: Option<u32>,
        index: usize,
    ) -> Option<usize> {
        if self.tree.nodes.len() >= self.max_nodes {
            self.tree.left_out += 1;
            return None;
        }
        let id = self.tree.nodes.len();
        self.tree.nodes.push(TreeNode {
            board,
            parent,
            children: Vec::new(),
            g,
            h,
            order: None,
            state: State::Open,
            made_at: index,
        });
        if let Some(parent) = parent {
            self.tree.nodes[parent].children.push(id);
        }
        self.latest.insert(board.key(), id);
        Some(id)
    }
}
