//! The fixed 8×8 maze of the classic MFC maze report.

use super::Maze;

/// The report's `int maze[8][8]`: 0 path, 1 wall, 2 entry, 3 exit.
pub const CLASSIC_NUMERIC: &str = "\
1 1 1 1 1 1 1 1
2 0 0 1 0 0 0 1
1 1 0 0 0 1 1 1
1 0 0 1 0 0 0 1
1 1 1 1 0 1 1 1
1 0 0 0 0 0 0 1
1 0 1 0 1 0 0 1
1 3 1 1 1 1 1 1
";

/// The classic maze.
pub fn classic() -> Maze {
    super::text::parse(CLASSIC_NUMERIC).expect("the classic maze is well formed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::grid::Pos;

    #[test]
    fn classic_has_entry_and_exit_where_the_report_puts_them() {
        let maze = classic();
        assert_eq!((maze.width(), maze.height()), (8, 8));
        assert_eq!(maze.entry(), Some(Pos::new(1, 0)));
        assert_eq!(maze.exit(), Some(Pos::new(7, 1)));
        assert_eq!(maze.open_cells(), 26);
    }
}
