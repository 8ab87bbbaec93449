//! Randomized Prim, exactly as the Java lab describes it, on blocks: start with all walls; put
//! walls into a list; take a random wall from the list: it becomes a path when exactly one of
//! its four neighbours is a path, and then its wall neighbours join the list; it leaves the list
//! either way; repeat until the list is empty.
//!
//! A block joins only when it touches exactly one open block, so the open blocks always form a
//! tree: the maze is perfect. The border stays wall.

use super::{Carver, below};
use crate::core::rng::GameRng;
use crate::core::trace::Recorder;

pub(crate) fn carve<R: Recorder>(carver: &mut Carver<'_, R>, rng: &mut GameRng) {
    let (w, h) = (carver.width(), carver.height());
    let inner = |i: usize| {
        let (row, col) = (i / w, i % w);
        row > 0 && row < h - 1 && col > 0 && col < w - 1
    };
    let start = w + 1; // row 1, column 1: next to the entry
    carver.open(start);
    let mut list = Vec::with_capacity(w * h / 2);
    list.extend([start + 1, start + w]);
    while !list.is_empty() {
        let wall = list.swap_remove(below(rng, list.len()));
        if carver.is_open(wall) {
            continue;
        }
        let neighbours = [wall - w, wall + w, wall - 1, wall + 1];
        let open = neighbours.iter().filter(|&&n| carver.is_open(n)).count();
        if open != 1 {
            continue;
        }
        carver.open(wall);
        for n in neighbours {
            if inner(n) && !carver.is_open(n) {
                list.push(n);
            }
        }
    }
}
