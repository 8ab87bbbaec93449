//! Braiding: a perfect maze with loops added, by opening some of the walls that separate two
//! corridors (the Showcase's race maze: on a perfect maze every search walks the one path; with
//! loops the guided search has something to cut across).

use crate::core::grid::Pos;
use crate::core::maze::{Cell, Maze};
use crate::core::rng::from_seed;

/// Opens about `fraction` of the walls that separate two corridors, making loops: in a perfect
/// maze every search must walk the one path, with loops the guided search can cut across.
pub fn braid(maze: &mut Maze, fraction: f64, seed: u64) {
    use rand::RngExt;
    let mut rng = from_seed(seed ^ 0x5eed_b4a1d);
    let (w, h) = (maze.width() as i32, maze.height() as i32);
    let open = |m: &Maze, r: i32, c: i32| m.is_open(Pos::new(r, c));
    let mut walls = Vec::new();
    for r in 1..h - 1 {
        for c in 1..w - 1 {
            let pos = Pos::new(r, c);
            if maze.is_open(pos) {
                continue;
            }
            let across = open(maze, r, c - 1) && open(maze, r, c + 1);
            let down = open(maze, r - 1, c) && open(maze, r + 1, c);
            if across != down {
                walls.push(pos);
            }
        }
    }
    for pos in walls {
        if rng.random_bool(fraction) {
            maze.set(pos, Cell::Path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::generate::{Generator, generate};

    #[test]
    fn braiding_a_perfect_maze_adds_loops() {
        // open cells and the links between neighbouring open cells: a perfect maze has one
        // link fewer than cells; loops add more
        let links = |maze: &Maze| -> (usize, usize) {
            let mut open = 0;
            let mut links = 0;
            for (pos, cell) in maze.grid().iter() {
                if cell.is_open() {
                    open += 1;
                    for dir in [crate::core::grid::Dir::Right, crate::core::grid::Dir::Down] {
                        links += usize::from(maze.is_open(pos.step(dir)));
                    }
                }
            }
            (open, links)
        };
        let mut maze = generate(Generator::Prim, 25, 25, 11, &mut ()).unwrap();
        let (open, perfect) = links(&maze);
        assert_eq!(perfect + 1, open);
        braid(&mut maze, 0.25, 11);
        let (_, braided) = links(&maze);
        assert!(braided > perfect + 10, "{braided} links, {perfect} before");
    }
}
