//! Randomized Prim, exactly as the Java lab describes it, on blocks: start with all walls; put
//! walls into a list; take a random wall from the list: it becomes a path when exactly one of
//! its four neighbours is a path, and then its wall neighbours join the list; it leaves the list
//! either way; repeat until the list is empty.
//!
//! A block joins only when it touches exactly one open block, so the open blocks always form a
//! tree: the maze is perfect. The border stays wall.

use super::{Carver, below};
use crate::core::rng::GameRng;
use crate::core::step::{Entry, Node, Step};
use crate::core::trace::{Event, Recorder};
use crate::phrase;

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
    let mut carved = 1;
    if carver.learning() {
        for &wall in &list {
            let pos = carver.pos(wall);
            carver.show(Event::Frontier(pos));
        }
        let say = phrase!(
            "carve {cell}; its wall neighbours {a} and {b} join the list",
            cell = carver.pos(start).to_string(),
            a = carver.pos(start + 1).to_string(),
            b = carver.pos(start + w).to_string()
        );
        let step = Step::new(1, Some(Node::Cell(carver.pos(start))), say);
        explain(carver, &list, carved, step);
    }
    while !list.is_empty() {
        let wall = list.swap_remove(below(rng, list.len()));
        if carver.is_open(wall) {
            if carver.learning() {
                let pos = carver.pos(wall);
                let say = phrase!(
                    "{wall}, taken at random, is a path already: skip it",
                    wall = pos.to_string()
                );
                explain(
                    carver,
                    &list,
                    carved,
                    Step::new(4, Some(Node::Cell(pos)), say),
                );
            }
            continue;
        }
        let neighbours = [wall - w, wall + w, wall - 1, wall + 1];
        let open = neighbours.iter().filter(|&&n| carver.is_open(n)).count();
        if open != 1 {
            if carver.learning() {
                let pos = carver.pos(wall);
                carver.show(Event::Expand(pos));
                let say = phrase!(
                    "{wall}, taken at random, touches {n} paths, not one: it stays a wall",
                    wall = pos.to_string(),
                    n = open
                );
                explain(
                    carver,
                    &list,
                    carved,
                    Step::new(7, Some(Node::Cell(pos)), say),
                );
            }
            continue;
        }
        carver.open(wall);
        carved += 1;
        let before = list.len();
        for n in neighbours {
            if inner(n) && !carver.is_open(n) {
                list.push(n);
                if carver.learning() {
                    let pos = carver.pos(n);
                    carver.show(Event::Frontier(pos));
                }
            }
        }
        if carver.learning() {
            let pos = carver.pos(wall);
            let say = phrase!(
                "{wall}, taken at random, touches exactly one path: carve it; {n} wall neighbours join the list",
                wall = pos.to_string(),
                n = list.len() - before
            );
            explain(
                carver,
                &list,
                carved,
                Step::new(6, Some(Node::Cell(pos)), say),
            );
        }
    }
    carver.open_doors();
    if carver.learning() {
        let say = phrase!(
            "the list is empty: the maze is done, {n} blocks carved",
            n = carved
        );
        explain(carver, &list, carved, Step::new(8, None, say));
    }
}

/// Hands Learn `step` with the wall list (its first entries, in list order) and the blocks
/// carved.
fn explain<R: Recorder>(carver: &mut Carver<'_, R>, list: &[usize], carved: usize, step: Step) {
    let entries = list
        .iter()
        .take(carver.open_limit())
        .map(|&wall| Entry {
            node: Node::Cell(carver.pos(wall)),
            g: 0,
            h: None,
        })
        .collect();
    carver.step(step.open(entries, list.len()).closed(carved));
}
