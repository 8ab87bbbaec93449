//! Block mazes: every cell is a wall or a path, with one entry and at most one exit.
//!
//! Explore and Runner share this type: the classic 8×8 maze of the MFC report, mazes loaded from
//! text files and (later) generated ones are all a [`Maze`].

pub mod classic;
pub mod explore;
pub mod generate;
pub mod runner;
pub mod solve;
pub mod text;

use serde::Serialize;

use super::grid::{Grid, Pos};

/// The largest maze accepted (per side), from files or the editor: room for Runner's big mazes
/// while keeping a malicious file from asking for gigabytes.
pub const MAX_SIDE: usize = 4001;

/// What a maze cell is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub enum Cell {
    /// A wall (drawn with `tile.bmp`).
    #[default]
    Wall,
    /// An open cell.
    Path,
    /// Where the ball starts (the original's 2).
    Entry,
    /// What the ball looks for (the original's 3).
    Exit,
}

impl Cell {
    /// True for every cell the ball may stand on.
    pub fn is_open(self) -> bool {
        self != Cell::Wall
    }
}

/// A rectangular block maze.
///
/// Invariant: at most one [`Cell::Entry`] and at most one [`Cell::Exit`]; placing a second one
/// moves it (the old cell becomes a path). The parser additionally demands an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    grid: Grid<Cell>,
    entry: Option<Pos>,
    exit: Option<Pos>,
}

impl Maze {
    /// A `width` × `height` maze of walls only.
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            grid: Grid::new(width, height, Cell::Wall),
            entry: None,
            exit: None,
        }
    }

    /// Builds a maze from a grid of cells; `None` when it holds two entries or two exits.
    pub fn from_grid(grid: Grid<Cell>) -> Option<Self> {
        let mut maze = Self {
            grid,
            entry: None,
            exit: None,
        };
        for i in 0..maze.grid.len() {
            let pos = maze.grid.pos(i);
            let slot = match maze.grid.cells()[i] {
                Cell::Entry => &mut maze.entry,
                Cell::Exit => &mut maze.exit,
                _ => continue,
            };
            if slot.replace(pos).is_some() {
                return None;
            }
        }
        Some(maze)
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// Every open cell (path, entry, exit), row by row.
    pub fn open_positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.grid()
            .iter()
            .filter(|(_, c)| c.is_open())
            .map(|(p, _)| p)
    }

    /// The cells.
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// The cell at `pos`; outside the maze counts as wall (the original's rule).
    pub fn cell(&self, pos: Pos) -> Cell {
        self.grid.get(pos).copied().unwrap_or(Cell::Wall)
    }

    /// True when the ball may stand on `pos`.
    pub fn is_open(&self, pos: Pos) -> bool {
        self.cell(pos).is_open()
    }

    /// The entry cell, if any.
    pub fn entry(&self) -> Option<Pos> {
        self.entry
    }

    /// The exit cell, if any.
    pub fn exit(&self) -> Option<Pos> {
        self.exit
    }

    /// Sets one cell, keeping the one-entry, one-exit invariant: a new entry or exit replaces
    /// the old one, which becomes a path. Returns false (and changes nothing) off the maze.
    pub fn set(&mut self, pos: Pos, cell: Cell) -> bool {
        let Some(old) = self.grid.get(pos).copied() else {
            return false;
        };
        match old {
            Cell::Entry => self.entry = None,
            Cell::Exit => self.exit = None,
            _ => {}
        }
        let moved = match cell {
            Cell::Entry => self.entry.replace(pos),
            Cell::Exit => self.exit.replace(pos),
            _ => None,
        };
        if let Some(previous) = moved {
            self.grid[previous] = Cell::Path;
        }
        self.grid[pos] = cell;
        true
    }

    /// The editor's click: a wall becomes a path, a path a wall. Entry and exit stay as they are
    /// (they are moved with their own tools). Returns the new cell.
    pub fn toggle_wall(&mut self, pos: Pos) -> Option<Cell> {
        let new = match self.grid.get(pos)? {
            Cell::Wall => Cell::Path,
            Cell::Path => Cell::Wall,
            other => *other,
        };
        self.set(pos, new);
        Some(new)
    }

    /// The editor's "clear": every wall becomes a path; entry and exit stay.
    pub fn clear_walls(&mut self) {
        for cell in self.grid.cells_mut() {
            if *cell == Cell::Wall {
                *cell = Cell::Path;
            }
        }
    }

    /// An open room: walls on the border, paths inside, the entry at the top-left inner cell
    /// and the exit at the bottom-right one (the editor's "new maze"). Sides below 3 are raised
    /// to 3, above [`MAX_SIDE`] lowered to it.
    pub fn open_room(width: usize, height: usize) -> Self {
        let (width, height) = (width.clamp(3, MAX_SIDE), height.clamp(3, MAX_SIDE));
        let mut maze = Self::new(width, height);
        for row in 1..height - 1 {
            for col in 1..width - 1 {
                maze.set(Pos::new(row as i32, col as i32), Cell::Path);
            }
        }
        maze.set(Pos::new(1, 1), Cell::Entry);
        let far = Pos::new(height as i32 - 2, width as i32 - 2);
        if far != Pos::new(1, 1) {
            maze.set(far, Cell::Exit);
        }
        maze
    }

    /// The cells for writing, bypassing the entry/exit bookkeeping: only for generators, which
    /// write paths and walls and then place entry and exit with [`Maze::set`].
    pub(crate) fn grid_mut_cells(&mut self) -> &mut [Cell] {
        self.grid.cells_mut()
    }

    /// Number of open cells.
    pub fn open_cells(&self) -> usize {
        self.grid.cells().iter().filter(|c| c.is_open()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_counts_as_wall() {
        let mut maze = Maze::new(2, 2);
        maze.clear_walls();
        assert!(maze.is_open(Pos::new(0, 0)));
        assert!(!maze.is_open(Pos::new(-1, 0)));
        assert!(!maze.is_open(Pos::new(0, 2)));
    }

    #[test]
    fn placing_a_second_entry_moves_it() {
        let mut maze = Maze::new(3, 3);
        maze.set(Pos::new(0, 0), Cell::Entry);
        maze.set(Pos::new(2, 2), Cell::Entry);
        assert_eq!(maze.entry(), Some(Pos::new(2, 2)));
        assert_eq!(maze.cell(Pos::new(0, 0)), Cell::Path);
        maze.set(Pos::new(2, 2), Cell::Exit);
        assert_eq!(maze.entry(), None);
        assert_eq!(maze.exit(), Some(Pos::new(2, 2)));
    }

    #[test]
    fn toggle_leaves_entry_and_exit_alone() {
        let mut maze = Maze::new(2, 1);
        maze.set(Pos::new(0, 0), Cell::Entry);
        assert_eq!(maze.toggle_wall(Pos::new(0, 0)), Some(Cell::Entry));
        assert_eq!(maze.toggle_wall(Pos::new(0, 1)), Some(Cell::Path));
        assert_eq!(maze.toggle_wall(Pos::new(0, 1)), Some(Cell::Wall));
        assert_eq!(maze.toggle_wall(Pos::new(5, 5)), None);
    }

    #[test]
    fn open_room_has_border_walls_entry_and_exit() {
        let maze = Maze::open_room(5, 4);
        assert_eq!((maze.width(), maze.height()), (5, 4));
        assert_eq!(maze.entry(), Some(Pos::new(1, 1)));
        assert_eq!(maze.exit(), Some(Pos::new(2, 3)));
        assert_eq!(maze.open_cells(), 6);
        assert_eq!(Maze::open_room(0, 1).width(), 3);
    }

    #[test]
    fn from_grid_refuses_two_entries() {
        let grid = Grid::from_cells(2, 1, vec![Cell::Entry, Cell::Entry]).unwrap();
        assert!(Maze::from_grid(grid).is_none());
        let grid = Grid::from_cells(2, 1, vec![Cell::Entry, Cell::Exit]).unwrap();
        let maze = Maze::from_grid(grid).unwrap();
        assert_eq!(maze.exit(), Some(Pos::new(0, 1)));
    }
}
