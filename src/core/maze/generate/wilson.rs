//! Wilson's algorithm: a uniform spanning tree of the cell lattice. Starting from a tree of one
//! cell, each cell not yet in the tree starts a random walk that remembers only the last
//! direction taken from each cell (which erases loops); when the walk hits the tree, its
//! loop-erased path is added. Every perfect maze of the size is equally likely.

use super::{Carver, below};
use crate::core::rng::GameRng;
use crate::core::trace::Recorder;

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
    let root = below(rng, n);
    in_tree[root] = true;
    carver.open_lattice(root % cols, root / cols);
    for start in 0..n {
        if in_tree[start] {
            continue;
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
        }
        // add the loop-erased path
        let mut cell = start;
        while !in_tree[cell] {
            let next =
                step(cell, direction[cell]).expect("a recorded direction stays on the lattice");
            in_tree[cell] = true;
            let (a, b) = ((cell % cols, cell / cols), (next % cols, next / cols));
            carver.open_lattice(a.0, a.1);
            carver.open_between(a, b);
            cell = next;
        }
    }
}
