//! Randomized Kruskal: every wall between two lattice cells, in random order; a wall is opened
//! when the cells on its two sides are not yet connected (union–find). Many short dead ends.

use rand::seq::SliceRandom;

use super::Carver;
use crate::core::rng::GameRng;
use crate::core::trace::Recorder;

/// Disjoint sets with path halving and union by size.
struct DisjointSets {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl DisjointSets {
    fn new(n: usize) -> Self {
        Self {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    fn find(&mut self, mut a: usize) -> usize {
        while self.parent[a] as usize != a {
            let grand = self.parent[self.parent[a] as usize];
            self.parent[a] = grand;
            a = grand as usize;
        }
        a
    }

    /// Joins the sets of `a` and `b`; false when they were one set already.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a as u32;
        self.size[a] += self.size[b];
        true
    }
}

pub(crate) fn carve<R: Recorder>(carver: &mut Carver<'_, R>, rng: &mut GameRng) {
    let (cols, rows) = carver.lattice();
    // a wall is (cell, towards): false = right neighbour, true = neighbour below
    let mut walls: Vec<(u32, bool)> = Vec::with_capacity(2 * cols * rows);
    for y in 0..rows {
        for x in 0..cols {
            let cell = (y * cols + x) as u32;
            if x + 1 < cols {
                walls.push((cell, false));
            }
            if y + 1 < rows {
                walls.push((cell, true));
            }
        }
    }
    walls.shuffle(rng);
    let mut sets = DisjointSets::new(cols * rows);
    let mut opened = vec![false; cols * rows];
    for (cell, down) in walls {
        let a = cell as usize;
        let b = if down { a + cols } else { a + 1 };
        if sets.union(a, b) {
            let pa = (a % cols, a / cols);
            let pb = (b % cols, b / cols);
            for (p, i) in [(pa, a), (pb, b)] {
                if !opened[i] {
                    opened[i] = true;
                    carver.open_lattice(p.0, p.1);
                }
            }
            carver.open_between(pa, pb);
        }
    }
    if !opened[0] {
        carver.open_lattice(0, 0); // a 1×1 lattice has no walls at all
    }
}
