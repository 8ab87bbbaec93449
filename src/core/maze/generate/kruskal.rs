//! Randomized Kruskal: every wall between two lattice cells, in random order; a wall is opened
//! when the cells on its two sides are not yet connected (union–find). Many short dead ends.

use rand::seq::SliceRandom;

use super::{Carver, between_pos, lattice_pos};
use crate::core::rng::GameRng;
use crate::core::step::{Entry, Node, Step};
use crate::core::trace::{Event, Recorder};
use crate::phrase;

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
    let mut count = cols * rows;
    let mut opened = vec![false; cols * rows];
    let sides = |wall: u32| {
        let a = (wall / 2) as usize;
        let b = if wall % 2 == 1 { a + cols } else { a + 1 };
        ((a % cols, a / cols), (b % cols, b / cols), a, b)
    };
    if carver.learning() {
        let say = phrase!(
            "{n} cells, each a set of its own; {walls} walls between them, shuffled",
            n = count,
            walls = walls.len()
        );
        explain(carver, &walls, (0, count), Step::new(1, None, say), &sides);
    }
    for (i, &wall) in walls.iter().enumerate() {
        let a = (wall / 2) as usize;
        let b = if wall % 2 == 1 { a + cols } else { a + 1 };
        let joined = sets.union(a, b);
        if joined {
            count -= 1;
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
        if carver.learning() {
            let (pa, pb, _, _) = sides(wall);
            let pos = between_pos(pa, pb);
            let (a, b) = (lattice_pos(pa).to_string(), lattice_pos(pb).to_string());
            let (line, say) = if joined {
                let say = phrase!(
                    "{a} and {b} are in different sets: carve the wall {wall} between them; {sets} sets left",
                    a = a,
                    b = b,
                    wall = pos.to_string(),
                    sets = count
                );
                (5, say)
            } else {
                carver.show(Event::Expand(pos));
                let say = phrase!(
                    "{a} and {b} are in one set already: the wall {wall} stays",
                    a = a,
                    b = b,
                    wall = pos.to_string()
                );
                (6, say)
            };
            let step = Step::new(line, Some(Node::Cell(pos)), say);
            explain(carver, &walls[i + 1..], (i + 1, count), step, &sides);
        }
    }
    if !opened[0] {
        carver.open_lattice(0, 0); // a 1×1 lattice has no walls at all
    }
    carver.open_doors();
    if carver.learning() {
        let say = phrase!("every wall was tried: one set is left, a perfect maze");
        explain(
            carver,
            &[],
            (walls.len(), count),
            Step::new(7, None, say),
            &sides,
        );
    }
}

/// Hands Learn `step` with the walls still to try (the next first), the walls tried and the
/// number of sets.
fn explain<R: Recorder>(
    carver: &mut Carver<'_, R>,
    rest: &[u32],
    (tried, sets): (usize, usize),
    step: Step,
    sides: &impl Fn(u32) -> ((usize, usize), (usize, usize), usize, usize),
) {
    let entries = rest
        .iter()
        .take(carver.open_limit())
        .map(|&wall| {
            let (pa, pb, _, _) = sides(wall);
            Entry {
                node: Node::Cell(between_pos(pa, pb)),
                g: 0,
                h: None,
            }
        })
        .collect();
    carver.step(step.open(entries, rest.len()).closed(tried).sets(sets));
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
