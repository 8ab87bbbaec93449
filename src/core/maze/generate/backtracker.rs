//! Recursive backtracker: a depth-first walk over the cell lattice with an explicit stack; from
//! the top cell it moves to a random unvisited neighbour, opening the wall between, and steps
//! back when there is none. Long winding corridors, few branches.

use super::{Carver, below, between_pos, lattice_pos};
use crate::core::rng::GameRng;
use crate::core::step::{Entry, Node, Step};
use crate::core::trace::{Event, Recorder};
use crate::phrase;

pub(crate) fn carve<R: Recorder>(carver: &mut Carver<'_, R>, rng: &mut GameRng) {
    let (cols, rows) = carver.lattice();
    let mut visited = vec![false; cols * rows];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    carver.open_lattice(0, 0);
    let mut carved = 1;
    if carver.learning() {
        let first = lattice_pos((0, 0));
        carver.show(Event::Enter(first));
        let say = phrase!(
            "carve the first cell {cell}: the stack holds it",
            cell = first.to_string()
        );
        explain(
            carver,
            &stack,
            carved,
            Step::new(1, Some(Node::Cell(first)), say),
        );
    }
    let mut options = Vec::with_capacity(4);
    while let Some(&(x, y)) = stack.last() {
        options.clear();
        if x > 0 && !visited[y * cols + x - 1] {
            options.push((x - 1, y));
        }
        if x + 1 < cols && !visited[y * cols + x + 1] {
            options.push((x + 1, y));
        }
        if y > 0 && !visited[(y - 1) * cols + x] {
            options.push((x, y - 1));
        }
        if y + 1 < rows && !visited[(y + 1) * cols + x] {
            options.push((x, y + 1));
        }
        if options.is_empty() {
            stack.pop();
            if carver.learning() {
                let (cell, back) = (lattice_pos((x, y)), stack.last().copied());
                let say = if let Some(top) = back {
                    // the walk steps back over the wall it came through
                    let wall = between_pos((x, y), top);
                    let to = lattice_pos(top);
                    carver.show(Event::Backtrack {
                        dead_end: cell,
                        back_to: wall,
                    });
                    carver.show(Event::Backtrack {
                        dead_end: wall,
                        back_to: to,
                    });
                    phrase!(
                        "{cell} has no unvisited neighbour: pop it, step back to {back}",
                        cell = cell.to_string(),
                        back = to.to_string()
                    )
                } else {
                    carver.show(Event::Backtrack {
                        dead_end: cell,
                        back_to: cell,
                    });
                    phrase!(
                        "{cell} has no unvisited neighbour: pop it",
                        cell = cell.to_string()
                    )
                };
                explain(
                    carver,
                    &stack,
                    carved,
                    Step::new(7, Some(Node::Cell(cell)), say),
                );
            }
            continue;
        }
        let choices = options.len();
        let next = options[below(rng, choices)];
        visited[next.1 * cols + next.0] = true;
        carver.open_between((x, y), next);
        carver.open_lattice(next.0, next.1);
        carved += 1;
        stack.push(next);
        if carver.learning() {
            let (wall, cell) = (between_pos((x, y), next), lattice_pos(next));
            carver.show(Event::Enter(wall));
            carver.show(Event::Enter(cell));
            let say = phrase!(
                "{from} has {n} unvisited neighbours: carve towards {cell}, chosen at random, and push it",
                from = lattice_pos((x, y)).to_string(),
                n = choices,
                cell = cell.to_string()
            );
            explain(
                carver,
                &stack,
                carved,
                Step::new(6, Some(Node::Cell(cell)), say),
            );
        }
    }
    carver.open_doors();
    if carver.learning() {
        let say = phrase!("the stack is empty: all {n} cells are carved", n = carved);
        explain(carver, &stack, carved, Step::new(8, None, say));
    }
}

/// Hands Learn `step` with the stack, bottom first (its newest entries), and the cells carved.
fn explain<R: Recorder>(
    carver: &mut Carver<'_, R>,
    stack: &[(usize, usize)],
    carved: usize,
    step: Step,
) {
    let skip = stack.len().saturating_sub(carver.open_limit());
    let entries = stack[skip..]
        .iter()
        .enumerate()
        .map(|(i, &cell)| Entry {
            node: Node::Cell(lattice_pos(cell)),
            g: (skip + i) as u32,
            h: None,
        })
        .collect();
    carver.step(step.open(entries, stack.len()).closed(carved));
}
