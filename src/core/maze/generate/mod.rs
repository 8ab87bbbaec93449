//! Random maze generators. Each is deterministic from a seed, records what it carves (so the
//! game can animate it), and yields a *perfect* maze: every open cell reachable from every
//! other by exactly one route. The entry is an opening in the left border next to the top-left
//! corner, the exit an opening in the right border near the bottom-right corner.

pub mod backtracker;
mod braid;
pub mod kruskal;
pub mod prim;
pub mod wilson;

use std::fmt;

pub use braid::braid;

use super::{Cell, Maze};
use crate::core::grid::Pos;
use crate::core::rng::{GameRng, from_seed};
use crate::core::trace::{Event, Recorder};

/// Smallest and largest generated maze side, in blocks.
pub const MIN_SIDE: usize = 5;
pub const MAX_SIDE: usize = super::MAX_SIDE;

/// The generators the game and the command line offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Generator {
    /// Randomized Prim on blocks, as the Java lab describes it.
    #[default]
    Prim,
    /// Recursive backtracker (depth first, explicit stack).
    Backtracker,
    /// Randomized Kruskal (union–find over a shuffled wall list).
    Kruskal,
    /// Wilson's loop-erased random walks: a uniform spanning tree.
    Wilson,
}

impl Generator {
    /// Every generator, in menu order.
    pub const ALL: [Generator; 4] = [
        Generator::Prim,
        Generator::Backtracker,
        Generator::Kruskal,
        Generator::Wilson,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Generator::Prim => "prim",
            Generator::Backtracker => "backtracker",
            Generator::Kruskal => "kruskal",
            Generator::Wilson => "wilson",
        }
    }

    /// The name shown to players (a message: `Lang::tr` it).
    pub fn title(self) -> &'static str {
        match self {
            Generator::Prim => crate::msg!("Randomized Prim"),
            Generator::Backtracker => crate::msg!("Recursive backtracker"),
            Generator::Kruskal => crate::msg!("Randomized Kruskal"),
            Generator::Wilson => crate::msg!("Wilson (uniform)"),
        }
    }

    /// The one after this in [`Generator::ALL`], wrapping around.
    pub fn next(self) -> Generator {
        let at = Generator::ALL.iter().position(|g| *g == self).unwrap_or(0);
        Generator::ALL[(at + 1) % Generator::ALL.len()]
    }

    /// Looks a generator up by its command-line name.
    pub fn from_name(name: &str) -> Option<Generator> {
        Generator::ALL.into_iter().find(|g| g.name() == name)
    }
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Checks a requested size; the message says what is wrong and what is allowed.
pub fn check_size(width: usize, height: usize) -> Result<(), crate::core::text::Phrase> {
    use crate::{msg, phrase};
    for (what, side) in [(msg!("width"), width), (msg!("height"), height)] {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(phrase!(
                "{what} {side} is out of range: mazes are {min} to {max} blocks",
                what = crate::core::text::Arg::Message(what),
                side = side,
                min = MIN_SIDE,
                max = MAX_SIDE
            ));
        }
        if side % 2 == 0 {
            return Err(phrase!(
                "{what} {side} is even: maze sides are odd (walls on even rows and columns), \
                 try {less} or {more}",
                what = crate::core::text::Arg::Message(what),
                side = side,
                less = side - 1,
                more = side + 1
            ));
        }
    }
    Ok(())
}

/// Generates a `width` × `height` maze from `seed`, recording each carved cell.
pub fn generate<R: Recorder>(
    generator: Generator,
    width: usize,
    height: usize,
    seed: u64,
    recorder: &mut R,
) -> Result<Maze, String> {
    check_size(width, height).map_err(String::from)?;
    let mut carver = Carver::new(width, height, recorder);
    let mut rng = from_seed(seed);
    match generator {
        Generator::Prim => prim::carve(&mut carver, &mut rng),
        Generator::Backtracker => backtracker::carve(&mut carver, &mut rng),
        Generator::Kruskal => kruskal::carve(&mut carver, &mut rng),
        Generator::Wilson => wilson::carve(&mut carver, &mut rng),
    }
    Ok(carver.finish())
}

/// The shared workbench: a maze of walls, opened cell by cell, each opening recorded.
pub(crate) struct Carver<'r, R: Recorder> {
    maze: Maze,
    recorder: &'r mut R,
}

impl<'r, R: Recorder> Carver<'r, R> {
    fn new(width: usize, height: usize, recorder: &'r mut R) -> Self {
        Self {
            maze: Maze::new(width, height),
            recorder,
        }
    }

    pub(crate) fn width(&self) -> usize {
        self.maze.width()
    }

    pub(crate) fn height(&self) -> usize {
        self.maze.height()
    }

    /// True for an open cell (by flat index).
    #[inline]
    pub(crate) fn is_open(&self, index: usize) -> bool {
        self.maze.grid().cells()[index].is_open()
    }

    /// Opens a cell (by flat index) and records it.
    #[inline]
    pub(crate) fn open(&mut self, index: usize) {
        self.maze.grid_mut_cells()[index] = Cell::Path;
        let pos = self.maze.grid().pos(index);
        self.recorder.record(Event::Carve(pos));
    }

    /// True when the recorder wants teaching steps (Learn): only then does a generator build
    /// them.
    #[inline]
    pub(crate) fn learning(&self) -> bool {
        self.recorder.wants_steps()
    }

    /// How many entries of its list a step may carry.
    pub(crate) fn open_limit(&self) -> usize {
        self.recorder.open_limit()
    }

    /// Records an event that only shows the generator's work (the list, the stack, the walk),
    /// for Learn: it opens nothing.
    pub(crate) fn show(&mut self, event: Event) {
        self.recorder.record(event);
    }

    /// Hands Learn a step.
    pub(crate) fn step(&mut self, step: crate::core::step::Step) {
        self.recorder.step(step);
    }

    /// The position of a flat index.
    pub(crate) fn pos(&self, index: usize) -> Pos {
        self.maze.grid().pos(index)
    }

    /// Opens the cell of the lattice (odd coordinates) at lattice column `x`, row `y`.
    #[inline]
    pub(crate) fn open_lattice(&mut self, x: usize, y: usize) {
        let index = self.lattice_index(x, y);
        self.open(index);
    }

    /// Opens the wall between two neighbouring lattice cells.
    #[inline]
    pub(crate) fn open_between(&mut self, (x1, y1): (usize, usize), (x2, y2): (usize, usize)) {
        let index = (y1 + y2 + 1) * self.width() + (x1 + x2 + 1);
        self.open(index);
    }

    /// Flat index of lattice cell (x, y), the block at row 2y+1, column 2x+1.
    #[inline]
    pub(crate) fn lattice_index(&self, x: usize, y: usize) -> usize {
        (2 * y + 1) * self.width() + 2 * x + 1
    }

    /// Lattice size: cells per row and per column.
    pub(crate) fn lattice(&self) -> (usize, usize) {
        ((self.width() - 1) / 2, (self.height() - 1) / 2)
    }

    /// Opens the entry in the left border (row 1) and the exit in the right border, on the
    /// lowest row whose inner neighbour is open; both are leaves, so the maze stays perfect.
    /// A generator calls it when its carving is done (before saying so to Learn); once only.
    pub(crate) fn open_doors(&mut self) {
        if self.maze.entry().is_some() {
            return;
        }
        let (w, h) = (self.width(), self.height());
        let entry = Pos::new(1, 0);
        let exit_row = (1..h - 1)
            .rev()
            .find(|&row| self.is_open(row * w + w - 2))
            .unwrap_or(1);
        let exit = Pos::new(exit_row as i32, w as i32 - 1);
        for (pos, cell) in [(entry, Cell::Entry), (exit, Cell::Exit)] {
            self.recorder.record(Event::Carve(pos));
            self.maze.set(pos, cell);
        }
    }

    fn finish(mut self) -> Maze {
        self.open_doors();
        self.maze
    }
}

/// The position of lattice cell (x, y).
pub(crate) fn lattice_pos((x, y): (usize, usize)) -> Pos {
    Pos::new(2 * y as i32 + 1, 2 * x as i32 + 1)
}

/// The position of the wall between two neighbouring lattice cells.
pub(crate) fn between_pos((x1, y1): (usize, usize), (x2, y2): (usize, usize)) -> Pos {
    Pos::new((y1 + y2 + 1) as i32, (x1 + x2 + 1) as i32)
}

/// Picks a uniformly random index below `n` (n > 0).
#[inline]
pub(crate) fn below(rng: &mut GameRng, n: usize) -> usize {
    use rand::RngExt;
    rng.random_range(0..n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::solve::{ShortestAlgo, shortest};
    use crate::core::trace::Trace;

    /// Open cells connected and no cycles: a tree has exactly one edge fewer than vertices.
    pub(crate) fn assert_perfect(maze: &Maze) {
        let grid = maze.grid();
        let open: Vec<usize> = (0..grid.len())
            .filter(|&i| grid.cells()[i].is_open())
            .collect();
        let mut edges = 0;
        for &i in &open {
            let pos = grid.pos(i);
            for next in [
                pos.step(crate::core::grid::Dir::Right),
                pos.step(crate::core::grid::Dir::Down),
            ] {
                if maze.is_open(next) {
                    edges += 1;
                }
            }
        }
        assert_eq!(edges + 1, open.len(), "a tree: edges = cells - 1");
        let reach = shortest(maze, ShortestAlgo::Bfs, &mut ()).unwrap();
        assert!(reach.found, "the exit is reachable");
        // BFS from the entry with no goal expands every reachable cell
        let mut all = maze.clone();
        let exit = all.exit().unwrap();
        all.set(exit, Cell::Path);
        let flood = shortest(&all, ShortestAlgo::Bfs, &mut ()).unwrap();
        assert_eq!(flood.expanded, open.len(), "every open cell is reachable");
    }

    #[test]
    fn every_generator_makes_perfect_mazes() {
        for generator in Generator::ALL {
            for (w, h, seed) in [(5, 5, 1), (21, 11, 2), (11, 31, 3), (41, 41, 4)] {
                let maze = generate(generator, w, h, seed, &mut ()).unwrap();
                assert_eq!((maze.width(), maze.height()), (w, h));
                assert_eq!(maze.entry(), Some(Pos::new(1, 0)), "{generator}");
                assert_eq!(maze.exit().unwrap().col, w as i32 - 1);
                assert_perfect(&maze);
            }
        }
    }

    #[test]
    fn same_seed_same_maze_other_seed_other_maze() {
        for generator in Generator::ALL {
            let a = generate(generator, 31, 21, 42, &mut ()).unwrap();
            let b = generate(generator, 31, 21, 42, &mut ()).unwrap();
            let c = generate(generator, 31, 21, 43, &mut ()).unwrap();
            assert_eq!(a, b, "{generator}");
            assert_ne!(a, c, "{generator}");
        }
    }

    #[test]
    fn the_trace_carves_every_open_cell_once() {
        for generator in Generator::ALL {
            let mut trace = Trace::new();
            let maze = generate(generator, 15, 9, 5, &mut trace).unwrap();
            assert_eq!(trace.len(), maze.open_cells(), "{generator}");
        }
    }

    #[test]
    fn bad_sizes_are_refused_with_a_reason() {
        assert!(
            check_size(4, 9)
                .unwrap_err()
                .english()
                .contains("out of range")
        );
        assert!(check_size(10, 9).unwrap_err().english().contains("even"));
        assert!(
            check_size(9, MAX_SIDE + 2)
                .unwrap_err()
                .english()
                .contains("out of range")
        );
        assert!(check_size(MIN_SIDE, MAX_SIDE).is_ok());
        assert!(generate(Generator::Wilson, 8, 9, 0, &mut ()).is_err());
    }

    #[test]
    fn names_round_trip() {
        for generator in Generator::ALL {
            assert_eq!(Generator::from_name(generator.name()), Some(generator));
        }
        assert_eq!(Generator::from_name("eller"), None);
        assert_eq!(Generator::Prim.next(), Generator::Backtracker);
        assert_eq!(Generator::Wilson.next(), Generator::Prim);
    }
}
