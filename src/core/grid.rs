//! Positions, directions and a flat row-major grid shared by every board in the game.

use serde::{Deserialize, Serialize};

/// A cell position: `row` counts down from the top, `col` right from the left.
///
/// Signed so that stepping off the board is representable; [`Grid::index`] rejects such positions.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Pos {
    pub row: i32,
    pub col: i32,
}

impl Pos {
    /// Builds a position from row and column.
    pub const fn new(row: i32, col: i32) -> Self {
        Self { row, col }
    }

    /// The neighbouring position one step in `dir` (possibly off the board).
    pub const fn step(self, dir: Dir) -> Self {
        let (dr, dc) = dir.delta();
        Self::new(self.row + dr, self.col + dc)
    }

    /// Manhattan (city-block) distance to `other`.
    pub const fn manhattan(self, other: Pos) -> u32 {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }

    /// The position as `[row, col]`, the form the JSON output uses.
    pub const fn to_array(self) -> [i32; 2] {
        [self.row, self.col]
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// One of the four grid directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    /// All four directions, in reading order of a compass rose drawn on screen.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The classic maze report's rule order: down, right, left, up.
    pub const RULE_ORDER: [Dir; 4] = [Dir::Down, Dir::Right, Dir::Left, Dir::Up];

    /// Row and column change of one step in this direction.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// Lower-case English name, as shown to the player and printed by the CLI.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// A rectangular grid stored as one `Vec` in row-major order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A `width` × `height` grid with every cell set to `fill`.
    pub fn new(width: usize, height: usize, fill: T) -> Self {
        Self {
            width,
            height,
            cells: vec![fill; width * height],
        }
    }

    /// Sets every cell to `value`.
    pub fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }
}

impl<T> Grid<T> {
    /// Builds a grid from rows; `None` when the rows are not all `width` long.
    pub fn from_cells(width: usize, height: usize, cells: Vec<T>) -> Option<Self> {
        (cells.len() == width * height).then_some(Self {
            width,
            height,
            cells,
        })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when `pos` lies on the grid.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row >= 0
            && pos.col >= 0
            && (pos.row as usize) < self.height
            && (pos.col as usize) < self.width
    }

    /// The flat index of `pos`, or `None` off the grid.
    pub fn index(&self, pos: Pos) -> Option<usize> {
        self.contains(pos)
            .then(|| pos.row as usize * self.width + pos.col as usize)
    }

    /// The position of flat index `index`.
    pub fn pos(&self, index: usize) -> Pos {
        Pos::new((index / self.width) as i32, (index % self.width) as i32)
    }

    /// The cell at `pos`, or `None` off the grid.
    pub fn get(&self, pos: Pos) -> Option<&T> {
        self.index(pos).map(|i| &self.cells[i])
    }

    /// The cell at `pos` for writing, or `None` off the grid.
    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut T> {
        self.index(pos).map(|i| &mut self.cells[i])
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells in row-major order, for writing.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// Every position with its cell, in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, cell)| (self.pos(i), cell))
    }

    /// The on-grid neighbours of `pos` in the order of `dirs`.
    pub fn neighbours(&self, pos: Pos, dirs: [Dir; 4]) -> impl Iterator<Item = (Dir, Pos)> + '_ {
        dirs.into_iter()
            .map(move |dir| (dir, pos.step(dir)))
            .filter(|(_, next)| self.contains(*next))
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;

    /// Panics off the grid: use [`Grid::get`] where that can happen.
    fn index(&self, pos: Pos) -> &T {
        let i = self.index(pos).expect("position on the grid");
        &self.cells[i]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        let i = self.index(pos).expect("position on the grid");
        &mut self.cells[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_and_opposite_cancel() {
        let p = Pos::new(3, 4);
        for dir in Dir::ALL {
            assert_eq!(p.step(dir).step(dir.opposite()), p);
            assert_eq!(p.step(dir).manhattan(p), 1);
        }
    }

    #[test]
    fn rule_order_is_down_right_left_up() {
        assert_eq!(
            Dir::RULE_ORDER.map(Dir::name),
            ["down", "right", "left", "up"]
        );
    }

    #[test]
    fn index_round_trips_and_rejects_outside() {
        let grid = Grid::new(5, 3, 0u8);
        for i in 0..grid.len() {
            assert_eq!(grid.index(grid.pos(i)), Some(i));
        }
        for outside in [
            Pos::new(-1, 0),
            Pos::new(0, -1),
            Pos::new(3, 0),
            Pos::new(0, 5),
        ] {
            assert!(!grid.contains(outside));
            assert_eq!(grid.get(outside), None);
        }
        assert_eq!(grid.pos(7), Pos::new(1, 2));
    }

    #[test]
    fn neighbours_skip_cells_off_the_grid() {
        let grid = Grid::new(3, 3, ());
        let corner: Vec<_> = grid.neighbours(Pos::new(0, 0), Dir::RULE_ORDER).collect();
        assert_eq!(
            corner,
            vec![(Dir::Down, Pos::new(1, 0)), (Dir::Right, Pos::new(0, 1))]
        );
        assert_eq!(grid.neighbours(Pos::new(1, 1), Dir::ALL).count(), 4);
    }

    #[test]
    fn from_cells_checks_the_size() {
        assert!(Grid::from_cells(2, 2, vec![1, 2, 3]).is_none());
        let grid = Grid::from_cells(2, 2, vec![1, 2, 3, 4]).unwrap();
        assert_eq!(grid[Pos::new(1, 0)], 3);
    }
}
