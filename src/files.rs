//! Files the player reads and writes: maze files, and where the game keeps its data.

use std::path::{Path, PathBuf};

use crate::core::maze::{Maze, text};

/// Reads and parses a maze file; the message names the file, and the line and column of the
/// first problem.
pub fn read_maze(path: &Path) -> Result<Maze, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{}: not a text file (it is not UTF-8)", path.display()))?;
    text::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `contents` to `path` atomically: a temporary file next to it, then a rename, so a
/// crash or a full disk never leaves half a file where the player's maze was. Creates missing
/// parent folders.
pub fn write_atomically(path: &Path, contents: &str) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(fail)?;
    }
    let file_name = path
        .file_name()
        .ok_or_else(|| format!("cannot write {}: it names no file", path.display()))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(file_name);
    temp_name.push(".tmp");
    let temp = path.with_file_name(temp_name);
    std::fs::write(&temp, contents).map_err(fail)?;
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        fail(e)
    })
}

/// Saves a maze in the symbol text format.
pub fn write_maze(path: &Path, maze: &Maze) -> Result<(), String> {
    write_atomically(path, &text::to_text(maze))
}

/// The folder for the player's files (`~/.local/share/ai-arcade` on Linux), or the current
/// folder when the system has none.
pub fn data_dir() -> PathBuf {
    dirs::data_dir()
        .map(|d| d.join("ai-arcade"))
        .unwrap_or_else(|| PathBuf::from("."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::classic::classic;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ai-arcade-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn save_then_load_gives_the_same_maze() {
        let dir = temp_dir("files");
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
        let dir = temp_dir("bad");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.txt");
        std::fs::write(&path, "#S#\n#?#\n").unwrap();
        let message = read_maze(&path).unwrap_err();
        assert!(message.contains("bad.txt: line 2, column 2"), "{message}");
        std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        assert!(read_maze(&path).unwrap_err().contains("not a text file"));
        assert!(
            read_maze(&dir.join("missing.txt"))
                .unwrap_err()
                .contains("cannot read")
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
