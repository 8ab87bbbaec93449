//! Maze files: read with messages that name the file, line and column; written atomically.

use std::path::Path;

use super::write_atomically;
use crate::core::maze::{Maze, text};
use crate::core::text::Phrase;
use crate::phrase;

/// Reads and parses a maze file; the message names the file, and the line and column of the
/// first problem.
pub fn read_maze(path: &Path) -> Result<Maze, Phrase> {
    let shown = path.display().to_string();
    let bytes = super::read_regular(path).map_err(|e| {
        phrase!(
            "cannot read {path}: {why}",
            path = &shown,
            why = super::io_why(&e)
        )
    })?;
    parse_named(&shown, bytes)
}

/// Parses the bytes of a maze file called `name` (read from disk, or imported in a browser);
/// the message names it, and the line and column of the first problem.
pub fn parse_named(name: &str, bytes: Vec<u8>) -> Result<Maze, Phrase> {
    let text = String::from_utf8(bytes)
        .map_err(|_| phrase!("{path}: not a text file (it is not UTF-8)", path = name))?;
    text::parse(&text).map_err(|e| phrase!("{path}: {why}", path = name, why = e.phrase()))
}

/// Saves a maze in the symbol text format.
pub fn write_maze(path: &Path, maze: &Maze) -> Result<(), Phrase> {
    write_atomically(path, text::to_text(maze))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::classic::classic;

    #[test]
    fn save_then_load_gives_the_same_maze() {
        let dir = super::super::test_dir("files");
        let path = dir.join("sub/maze.txt");
        write_maze(&path, &classic()).unwrap();
        assert_eq!(read_maze(&path).unwrap(), classic());
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn errors_name_the_file() {
        let dir = super::super::test_dir("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.txt");
        std::fs::write(&path, "#S#\n#?#\n").unwrap();
        let message = read_maze(&path).unwrap_err();
        assert!(
            message.english().contains("bad.txt: line 2, column 2"),
            "{message}"
        );
        std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        assert!(
            read_maze(&path)
                .unwrap_err()
                .english()
                .contains("not a text file")
        );
        assert!(
            read_maze(&dir.join("missing.txt"))
                .unwrap_err()
                .english()
                .contains("cannot read")
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
