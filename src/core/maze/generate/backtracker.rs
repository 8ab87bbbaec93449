//! Recursive backtracker: a depth-first walk over the cell lattice with an explicit stack; from
//! the top cell it moves to a random unvisited neighbour, opening the wall between, and steps
//! back when there is none. Long winding corridors, few branches.

use super::{Carver, below};
use crate::core::rng::GameRng;
use crate::core::trace::Recorder;

pub(crate) fn carve<R: Recorder>(carver: &mut Carver<'_, R>, rng: &mut GameRng) {
    let (cols, rows) = carver.lattice();
    let mut visited = vec![false; cols * rows];
    let mut stack = vec![(0usize, 0usize)];
    visited[0] = true;
    carver.open_lattice(0, 0);
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
            continue;
        }
        let next = options[below(rng, options.len())];
        visited[next.1 * cols + next.0] = true;
        carver.open_between((x, y), next);
        carver.open_lattice(next.0, next.1);
        stack.push(next);
    }
}
