//! Wilson's algorithm: a uniform spanning tree of the cell lattice. Starting from a tree of one
//! cell, each cell not yet in the tree starts a random walk that remembers only the last
//! direction taken from each cell (which erases loops); when the walk hits the tree, its
//! loop-erased path is added. Every perfect maze of the size is equally likely.

use super::{Carver, below, lattice_pos};
use crate::core::rng::GameRng;
use crate::core::step::{Entry, Node, Step};
use crate::core::trace::{Event, Recorder};
use crate::phrase;

const NONE: u8 = 4;

pub(crate) fn carve<R: Recorder>(carver: &mut Carver<'_, R>, rng: &mut GameRng) {
    let (cols, rows) = carver.lattice();
    let n = cols * rows;
    let mut in_tree = vec![false; n];
    let mut direction = vec![NONE; n];
    let step = |cell: usize, dir: u8| -> Option<usize> {
        let (x, y) = (cell % cols, cell / cols);
        match dir {
            0 if x + 1 < cols => Some(cell + 1),
            1 if x > 0 => Some(cell - 1),
            2 if y + 1 < rows => Some(cell + cols),
            3 if y > 0 => Some(cell - cols),
            _ => None,
        }
    };
    let at = |cell: usize| (cell % cols, cell / cols);
    let root = below(rng, n);
    in_tree[root] = true;
    carver.open_lattice(root % cols, root / cols);
    let mut in_tree_count = 1;
    // Learn: the cells this walk has entered (to show its erased loops when it ends)
    let mut entered: Vec<usize> = Vec::new();
    if carver.learning() {
        let pos = lattice_pos(at(root));
        let say = phrase!(
            "carve {cell}, chosen at random: the tree starts with it",
            cell = pos.to_string()
        );
        carver.step(Step::new(1, Some(Node::Cell(pos)), say).closed(in_tree_count));
    }
    for start in 0..n {
        if in_tree[start] {
            continue;
        }
        if carver.learning() {
            entered.clear();
            entered.push(start);
            let pos = lattice_pos(at(start));
            carver.show(Event::Enter(pos));
            let say = phrase!(
                "{cell} is not in the tree: a walk starts from it",
                cell = pos.to_string()
            );
            let walk = [start];
            explain(
                carver,
                &walk,
                in_tree_count,
                Step::new(3, Some(Node::Cell(pos)), say),
                &at,
            );
        }
        // random walk until the tree, overwriting each cell's exit direction
        let mut cell = start;
        while !in_tree[cell] {
            let (dir, next) = loop {
                let dir = below(rng, 4) as u8;
                if let Some(next) = step(cell, dir) {
                    break (dir, next);
                }
            };
            direction[cell] = dir;
            cell = next;
            if carver.learning() {
                let walk = loop_erased(start, cell, &direction, &step, n);
                let pos = lattice_pos(at(cell));
                let say = if in_tree[cell] {
                    phrase!(
                        "step to {cell}: it is in the tree, the walk ends ({n} cells, loops erased)",
                        cell = pos.to_string(),
                        n = walk.len()
                    )
                } else if entered.contains(&cell) {
                    phrase!(
                        "step to {cell}: the walk was there already, the loop it made is erased",
                        cell = pos.to_string()
                    )
                } else {
                    phrase!("step to {cell}, chosen at random", cell = pos.to_string())
                };
                if !in_tree[cell] {
                    entered.push(cell);
                    carver.show(Event::Enter(pos));
                }
                explain(
                    carver,
                    &walk,
                    in_tree_count,
                    Step::new(4, Some(Node::Cell(pos)), say),
                    &at,
                );
            }
        }
        // add the loop-erased path
        let learning = carver.learning();
        let walk = if learning {
            loop_erased(start, cell, &direction, &step, n)
        } else {
            Vec::new()
        };
        let mut cell = start;
        while !in_tree[cell] {
            let next =
                step(cell, direction[cell]).expect("a recorded direction stays on the lattice");
            in_tree[cell] = true;
            in_tree_count += 1;
            let (a, b) = (at(cell), at(next));
            carver.open_lattice(a.0, a.1);
            carver.open_between(a, b);
            cell = next;
        }
        if learning {
            // the cells the walk entered but its path left out: its erased loops
            for &c in &entered {
                if !in_tree[c] {
                    let pos = lattice_pos(at(c));
                    carver.show(Event::Backtrack {
                        dead_end: pos,
                        back_to: pos,
                    });
                }
            }
            let pos = lattice_pos(at(start));
            let say = phrase!(
                "the walk reached the tree: its loop-erased path, {n} cells from {cell}, is carved into it",
                n = walk.len() - 1,
                cell = pos.to_string()
            );
            explain(
                carver,
                &walk,
                in_tree_count,
                Step::new(5, Some(Node::Cell(pos)), say),
                &at,
            );
        }
    }
    carver.open_doors();
    if carver.learning() {
        let say = phrase!(
            "every cell is in the tree: done, {n} cells",
            n = in_tree_count
        );
        carver.step(Step::new(6, None, say).closed(in_tree_count));
    }
}

/// The walk from `start` to `end` with its loops erased: from `start`, the last way out of each
/// cell, until `end`.
fn loop_erased(
    start: usize,
    end: usize,
    direction: &[u8],
    step: &impl Fn(usize, u8) -> Option<usize>,
    cells: usize,
) -> Vec<usize> {
    let mut walk = vec![start];
    let mut cell = start;
    while cell != end && walk.len() <= cells {
        let Some(next) = step(cell, direction[cell]) else {
            break;
        };
        walk.push(next);
        cell = next;
    }
    walk
}

/// Hands Learn `step` with the walk (start first; its newest entries) and the cells in the tree.
fn explain<R: Recorder>(
    carver: &mut Carver<'_, R>,
    walk: &[usize],
    in_tree: usize,
    step: Step,
    at: &impl Fn(usize) -> (usize, usize),
) {
    let skip = walk.len().saturating_sub(carver.open_limit());
    let entries = walk[skip..]
        .iter()
        .enumerate()
        .map(|(i, &cell)| Entry {
            node: Node::Cell(lattice_pos(at(cell))),
            g: (skip + i) as u32,
            h: None,
        })
        .collect();
    carver.step(step.open(entries, walk.len()).closed(in_tree));
}
