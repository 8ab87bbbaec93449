//! Randomized Kruskal: every wall between two lattice cells, in random order; a wall is opened
//! when the cells on its two sides are not yet connected (union–find). Many short dead ends.

use rand::seq::SliceRandom;

use super::Carver;
use crate::core::rng::GameRng;
use crate::core::trace::Recorder;

/// Disjoint sets with path halving and union by size, in one array: a root holds minus its
/// set's size, any other element its parent (half the memory of two arrays, which matters when
/// a 2001×2001 maze's million cells are visited in random order).
struct DisjointSets {
    link: Vec<i32>,
}

impl DisjointSets {
    fn new(n: usize) -> Self {
        Self { link: vec![-1; n] }
    }

    fn find(&mut self, mut a: usize) -> usize {
        while self.link[a] >= 0 {
            let parent = self.link[a] as usize;
            if self.link[parent] >= 0 {
                self.link[a] = self.link[parent]; // path halving
            }
            a = parent;
        }
        a
    }

    /// Joins the sets of `a` and `b`; false when they were one set already.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.link[a] > self.link[b] {
            std::mem::swap(&mut a, &mut b); // a is the larger set (more negative)
        }
        self.link[a] += self.link[b];
        self.link[b] = a as i32;
        true
    }
}

pub(crate) fn carve<R: Recorder>(carver: &mut Carver<'_, R>, rng: &mut GameRng) {
    let (cols, rows) = carver.lattice();
    // a wall is cell * 2 + towards: 0 = the right neighbour, 1 = the neighbour below
    let mut walls: Vec<u32> = Vec::with_capacity(2 * cols * rows);
    for y in 0..rows {
        for x in 0..cols {
            let cell = (y * cols + x) as u32;
            if x + 1 < cols {
                walls.push(cell * 2);
            }
            if y + 1 < rows {
                walls.push(cell * 2 + 1);
            }
        }
    }
    walls.shuffle(rng);
    let mut sets = DisjointSets::new(cols * rows);
    let mut opened = vec![false; cols * rows];
    for wall in walls {
        let a = (wall / 2) as usize;
        let b = if wall % 2 == 1 { a + cols } else { a + 1 };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disjoint_sets_join_and_find() {
        let mut sets = DisjointSets::new(6);
        assert!(sets.union(0, 1));
        assert!(sets.union(2, 3));
        assert!(sets.union(1, 3));
        assert!(!sets.union(0, 2), "already one set");
        assert_eq!(sets.find(0), sets.find(3));
        assert_ne!(sets.find(0), sets.find(4));
        let root = sets.find(0);
        assert_eq!(sets.link[root], -4, "the root holds minus the size");
    }
}
