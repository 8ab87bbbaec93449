//! The search tree of a student's sliding-puzzle run, drawn as Learn draws the built-in
//! solvers' ([`SearchTree`]): each board under the board whose expansion put it on the
//! frontier, with its g, h and f and its place in the student's order of expansion; a board
//! reached again more cheaply leaves its old node out of date. IDA*'s tree is the current
//! iteration's, each state under the one above it on the branch.

use std::collections::HashMap;

use super::film::Film;
use super::space::{Space, State};
use super::task::Search;
use crate::core::learn::tree::{SearchTree, State as Node, TreeNode};
use crate::core::slide::Board;

/// The tree of `film` (a run on a sliding puzzle) after its first `at` expansions, with at
/// most `max_nodes` nodes; `None` when the space is not a sliding puzzle.
pub fn search_tree(space: &Space, film: &Film, at: usize, max_nodes: usize) -> Option<SearchTree> {
    let Space::Slide(slide) = space else {
        return None;
    };
    let side = slide.start.side() as u8;
    let estimates = matches!(
        film.search,
        Search::Astar | Search::Greedy | Search::IdaStar
    );
    let mut tree = Grower {
        tree: SearchTree::default(),
        max_nodes,
        latest: HashMap::new(),
        board: |s: State| Board::from_key(s, side),
        h: |s: State| estimates.then(|| u32::try_from(space.h(s)).unwrap_or(u32::MAX)),
    };
    let frames = &film.frames[..at.min(film.frames.len())];
    if film.search == Search::IdaStar {
        tree.ida(film, frames);
    } else {
        tree.make(None, film.start.state, film.start.g, 0);
        for (k, frame) in frames.iter().enumerate() {
            let node = tree.latest.get(&frame.taken.state).copied();
            tree.expand(node, k + 1);
            for entry in &frame.added {
                tree.make(node, entry.state, entry.g, k + 1);
            }
            for (before, after) in &frame.lowered {
                let old = tree.latest.get(&before.state).copied();
                let new = tree.make(node, after.state, after.g, k + 1);
                if let (Some(old), Some(_)) = (old, new)
                    && tree.tree.nodes[old].state == Node::Open
                {
                    tree.tree.nodes[old].state = Node::Superseded;
                }
            }
        }
    }
    if let Some(last) = frames.last()
        && space.is_goal(last.taken.state)
    {
        tree.tree.goal = tree.tree.current;
    }
    Some(tree.tree)
}

struct Grower<B, H> {
    tree: SearchTree,
    max_nodes: usize,
    /// The newest node of each state.
    latest: HashMap<State, usize>,
    board: B,
    h: H,
}

impl<B: Fn(State) -> Board, H: Fn(State) -> Option<u32>> Grower<B, H> {
    /// IDA*: the iteration the last frame shown belongs to, each state under the one above it
    /// on the branch.
    fn ida(&mut self, film: &Film, frames: &[super::film::Frame]) {
        let Some(begun) = frames
            .iter()
            .rposition(|f| f.ida.is_some_and(|i| i.depth == 0))
        else {
            // before the first expansion: the start alone
            self.make(None, film.start.state, 0, 0);
            return;
        };
        self.tree.bound = frames[begun]
            .ida
            .map(|i| u32::try_from(i.bound).unwrap_or(u32::MAX));
        let mut branch: Vec<Option<usize>> = Vec::new();
        for (k, frame) in frames.iter().enumerate().skip(begun) {
            let depth = frame.ida.map_or(0, |i| i.depth);
            branch.truncate(depth);
            let parent = branch.last().copied().flatten();
            let node = if depth > 0 && parent.is_none() {
                // under a node the tree left out
                self.tree.left_out += 1;
                None
            } else {
                self.make(parent, frame.taken.state, frame.taken.g, k + 1)
            };
            self.expand(node, k + 1);
            branch.push(node);
        }
        // the search's own order counts from the iteration's start
        let first = begun;
        for node in &mut self.tree.nodes {
            if let Some(order) = node.order.as_mut() {
                *order -= first;
            }
        }
    }

    fn expand(&mut self, node: Option<usize>, order: usize) {
        self.tree.current = node;
        if let Some(node) = node {
            let n = &mut self.tree.nodes[node];
            n.state = Node::Expanded;
            n.order = Some(order);
        }
    }

    /// A node for `s`, under `parent`, made by expansion `made_at` (0: the start); left out
    /// past the tree's size, or under a node left out.
    fn make(&mut self, parent: Option<usize>, s: State, g: u64, made_at: usize) -> Option<usize> {
        if self.tree.nodes.len() >= self.max_nodes
            || (parent.is_none() && !self.tree.nodes.is_empty())
        {
            self.tree.left_out += 1;
            return None;
        }
        let id = self.tree.nodes.len();
        self.tree.nodes.push(TreeNode {
            board: (self.board)(s),
            parent,
            children: Vec::new(),
            g: u32::try_from(g).unwrap_or(u32::MAX),
            h: (self.h)(s),
            order: None,
            state: Node::Open,
            made_at,
        });
        if let Some(parent) = parent {
            self.tree.nodes[parent].children.push(id);
        }
        self.latest.insert(s, id);
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lab::check::{TiePolicy, reference_run};
    use crate::core::lab::task::task;
    use crate::core::slide::Move;

    fn film(name: &str) -> (Space, Film) {
        film_of(name, 1)
    }

    fn film_of(name: &str, case: usize) -> (Space, Film) {
        let case = task(name).unwrap().case(case).unwrap();
        let run = reference_run(&case.space, case.search, TiePolicy::Fifo);
        let film = Film::record(&case.space, case.search, &run.expansions, None);
        (case.space, film)
    }

    /// Every child is one move of the blank from its parent, one deeper; the expanded nodes
    /// carry the orders 1, 2, … of the film's frames.
    fn well_formed(tree: &SearchTree, orders: usize) {
        for (i, node) in tree.nodes.iter().enumerate() {
            if let Some(p) = node.parent {
                let from = tree.nodes[p].board;
                assert!(
                    Move::ALL.iter().any(|&m| from.apply(m) == Some(node.board)),
                    "node {i} is no move from its parent"
                );
                assert_eq!(node.g, tree.nodes[p].g + 1, "node {i}");
                assert!(tree.nodes[p].children.contains(&i));
                assert!(p < i, "a parent comes first");
            }
        }
        let mut seen: Vec<usize> = tree.nodes.iter().filter_map(|n| n.order).collect();
        seen.sort_unstable();
        let missing: Vec<usize> = (1..=orders)
            .filter(|o| seen.binary_search(o).is_err())
            .take(5)
            .collect();
        assert!(
            seen.len() == orders && missing.is_empty(),
            "{} orders of {orders}, missing {missing:?}",
            seen.len()
        );
    }

    #[test]
    fn a_students_tree_grows_with_the_film_and_ends_on_the_goal() {
        for name in [
            "slide-bfs",
            "slide-dfs",
            "slide-astar-misplaced",
            "slide-astar-manhattan",
        ] {
            let (space, film) = film(name);
            let n = film.frames.len();
            assert!(n > 3, "{name}");
            let start = search_tree(&space, &film, 0, 400).unwrap();
            assert_eq!(start.nodes.len(), 1, "{name}: the start alone");
            assert_eq!(start.current, None);
            let one = search_tree(&space, &film, 1, 400).unwrap();
            assert_eq!(one.current, Some(0), "{name}: the start expanded first");
            assert_eq!(one.nodes.len(), 1 + film.frames[0].added.len(), "{name}");
            let end = search_tree(&space, &film, n, usize::MAX).unwrap();
            well_formed(&end, n);
            assert_eq!(end.left_out, 0);
            let goal = end.goal.expect("the goal is expanded last");
            assert!(space.is_goal(end.nodes[goal].board.key()), "{name}");
            assert_eq!(end.current, Some(goal));
            // every frontier entry the film added is a node
            let added: usize = film
                .frames
                .iter()
                .map(|f| f.added.len() + f.lowered.len())
                .sum();
            assert_eq!(end.nodes.len(), 1 + added, "{name}");
            if name.starts_with("slide-astar") {
                assert!(end.nodes[0].h.is_some(), "A* shows h");
            } else {
                assert!(end.nodes[0].h.is_none(), "{name} has no h");
            }
            // a small tree keeps the first nodes and counts the rest
            let small = search_tree(&space, &film, n, 10).unwrap();
            assert_eq!(small.nodes.len(), 10);
            assert_eq!(small.left_out, end.nodes.len() - 10, "{name}");
            for (a, b) in small.nodes.iter().zip(&end.nodes) {
                assert_eq!(
                    (a.board, a.parent, a.g, a.order),
                    (b.board, b.parent, b.g, b.order)
                );
            }
        }
    }

    #[test]
    fn ida_stars_tree_is_its_iterations_branch_by_branch() {
        let (space, film) = (1..=5)
            .map(|case| film_of("slide-idastar", case))
            .find(|(_, f)| {
                f.frames
                    .iter()
                    .skip(1)
                    .any(|f| f.ida.is_some_and(|i| i.depth == 0))
            })
            .expect("a case of two iterations or more");
        let n = film.frames.len();
        let end = search_tree(&space, &film, n, usize::MAX).unwrap();
        let goal = end.goal.expect("the goal is expanded last");
        let optimal = end.nodes[goal].g;
        // the last iteration's bound is the optimal cost, and every node keeps within it
        assert_eq!(end.bound, Some(optimal));
        assert!(end.nodes.iter().all(|t| t.f() <= optimal));
        let iteration = film
            .frames
            .iter()
            .rposition(|f| f.ida.is_some_and(|i| i.depth == 0))
            .unwrap();
        well_formed(&end, n - iteration);
        // an earlier iteration's step shows that iteration, under its own bound
        let begun = film.frames[..iteration]
            .iter()
            .rposition(|f| f.ida.is_some_and(|i| i.depth == 0))
            .unwrap();
        let bound = film.frames[begun].ida.unwrap().bound;
        assert!(bound < u64::from(optimal));
        assert_eq!(film.frames[begun + 1].ida.unwrap().depth, 1);
        let early = search_tree(&space, &film, begun + 2, usize::MAX).unwrap();
        assert_eq!(early.bound, Some(bound as u32));
        assert_eq!(early.nodes.len(), 2);
        assert_eq!(early.nodes[1].parent, Some(0));
        assert_eq!(early.nodes[1].order, Some(2));
        assert_eq!(early.current, Some(1));
        // a node of a branch that was left is no longer on the current one
        let last = search_tree(&space, &film, iteration + 1, 100_000).unwrap();
        assert_eq!(last.nodes.len(), 1, "a new iteration starts a new tree");
    }

    #[test]
    fn only_a_puzzle_has_a_tree() {
        let case = task("maze-bfs").unwrap().case(1).unwrap();
        let film = Film::record(&case.space, case.search, &[], None);
        assert!(search_tree(&case.space, &film, 0, 10).is_none());
    }
}
