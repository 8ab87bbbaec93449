//! Files the player reads and writes: maze files, and where the game keeps its data.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use std::sync::atomic::AtomicBool;

use crate::core::maze::{Maze, text};
use crate::core::slide::Board;
use crate::core::slide::pdb::{PatternDb, PdbError};

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
pub fn write_atomically(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), String> {
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
    std::fs::write(&temp, contents.as_ref()).map_err(fail)?;
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        fail(e)
    })
}

/// Saves a maze in the symbol text format.
pub fn write_maze(path: &Path, maze: &Maze) -> Result<(), String> {
    write_atomically(path, text::to_text(maze))
}

/// The folder for the player's files (`~/.local/share/ai-arcade` on Linux), or the current
/// folder when the system has none.
pub fn data_dir() -> PathBuf {
    dirs::data_dir()
        .map(|d| d.join("ai-arcade"))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Best times used to live in the data folder; they now sit next to the settings. Copies an
/// old file over once, when the config folder has none yet (errors leave things as they were).
pub fn adopt_old_best_times(config_dir: &Path) {
    let new = config_dir.join("best-times.json");
    let old = data_dir().join("best-times.json");
    if !new.exists() && old.exists() && old != new {
        let _ = std::fs::create_dir_all(config_dir);
        let _ = std::fs::copy(&old, &new);
    }
}

/// The folder for settings and what is cached next to them (`~/.config/ai-arcade` on Linux);
/// `AI_ARCADE_CONFIG_DIR` overrides it (tests use that to stay out of the player's files).
pub fn config_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("AI_ARCADE_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dirs::config_dir()
        .map(|d| d.join("ai-arcade"))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Where the pattern databases came from.
#[derive(Clone, Debug, PartialEq)]
pub enum PdbSource {
    /// Read from the cache file.
    Loaded(PathBuf),
    /// Built now (seconds), and saved — or not, with the reason.
    Built {
        seconds: f64,
        saved: Result<PathBuf, String>,
    },
}

impl PdbSource {
    /// One line for the player.
    pub fn describe(&self) -> String {
        match self {
            PdbSource::Loaded(path) => format!("pattern databases read from {}", path.display()),
            PdbSource::Built {
                seconds,
                saved: Ok(path),
            } => format!(
                "pattern databases built in {seconds:.1} s and saved to {}",
                path.display()
            ),
            PdbSource::Built {
                seconds,
                saved: Err(e),
            } => {
                format!("pattern databases built in {seconds:.1} s but not saved: {e}")
            }
        }
    }
}

/// The pattern databases for `goal` from the cache in `dir`, or built (reporting progress)
/// and cached there when the file is missing, damaged or for another goal.
pub fn load_or_build_pdb(
    dir: &Path,
    goal: &Board,
    partition: &[Vec<u8>],
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(f64),
) -> Result<(PatternDb, PdbSource), PdbError> {
    let path = dir.join(PatternDb::file_name(goal, partition));
    if let Ok(bytes) = std::fs::read(&path)
        && let Ok(db) = PatternDb::from_bytes(&bytes, goal, partition)
    {
        return Ok((db, PdbSource::Loaded(path)));
    }
    let clock = std::time::Instant::now();
    let db = PatternDb::build(goal, partition, cancel, progress)?;
    let seconds = clock.elapsed().as_secs_f64();
    let saved = write_atomically(&path, db.to_bytes()).map(|()| path);
    Ok((db, PdbSource::Built { seconds, saved }))
}

/// The best-times file's format version.
pub const BEST_TIMES_VERSION: u32 = 1;

/// Best times kept across runs, per mode and board size (`"runner 21x21"` → seconds).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BestTimes {
    /// File format version, for later migrations.
    pub version: u32,
    pub times: BTreeMap<String, f64>,
}

impl BestTimes {
    /// The best time for `key`, if any.
    pub fn best(&self, key: &str) -> Option<f64> {
        self.times.get(key).copied()
    }

    /// Keeps `seconds` when it beats the best for `key` (or is the first); returns true then.
    pub fn record(&mut self, key: &str, seconds: f64) -> bool {
        if !seconds.is_finite() || seconds < 0.0 {
            return false;
        }
        match self.times.get(key) {
            Some(&best) if best <= seconds => false,
            _ => {
                self.times.insert(key.to_string(), seconds);
                true
            }
        }
    }

    /// Reads the best times. A missing file is an empty table; a corrupt one (or one from a
    /// newer game) is an empty table plus a message, the bad file kept as `.bak` so the next
    /// save does not lose it.
    pub fn load(path: &Path) -> (BestTimes, Option<String>) {
        crate::settings::load_or_default(path, "best times", |text| {
            crate::settings::parse_versioned::<BestTimes>(text, BEST_TIMES_VERSION)
        })
    }

    /// Writes the best times atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let current = BestTimes {
            version: BEST_TIMES_VERSION,
            times: self.times.clone(),
        };
        let text = serde_json::to_string_pretty(&current).expect("plain data serialises");
        write_atomically(path, &text)
    }
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
    fn pattern_databases_are_cached_and_rebuilt_when_damaged() {
        use crate::core::slide::pdb::default_partition;
        let dir = temp_dir("pdb");
        let goal = Board::goal(3);
        let partition = default_partition(3);
        let (built, source) =
            load_or_build_pdb(&dir, &goal, &partition, None, &mut |_| {}).unwrap();
        let PdbSource::Built {
            saved: Ok(path), ..
        } = source
        else {
            panic!("first use builds and saves: {source:?}");
        };
        let (loaded, source) =
            load_or_build_pdb(&dir, &goal, &partition, None, &mut |_| {}).unwrap();
        assert_eq!(source, PdbSource::Loaded(path.clone()));
        assert_eq!(loaded, built);
        std::fs::write(&path, b"garbage").unwrap();
        let (rebuilt, source) =
            load_or_build_pdb(&dir, &goal, &partition, None, &mut |_| {}).unwrap();
        assert!(
            matches!(source, PdbSource::Built { saved: Ok(_), .. }),
            "{source:?}"
        );
        assert_eq!(rebuilt, built);
        // another goal is another file, built afresh
        let other = Board::parse("1 2 3 8 0 4 7 6 5").unwrap();
        let (db, source) = load_or_build_pdb(&dir, &other, &partition, None, &mut |_| {}).unwrap();
        assert!(matches!(source, PdbSource::Built { .. }));
        assert_eq!(db.goal(), &other);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn best_times_keep_the_best_and_survive_corruption() {
        let dir = temp_dir("best");
        let path = dir.join("best-times.json");
        let (mut times, warning) = BestTimes::load(&path);
        assert!(warning.is_none() && times.times.is_empty());
        assert!(times.record("runner 21x21", 30.0));
        assert!(!times.record("runner 21x21", 31.0));
        assert!(times.record("runner 21x21", 12.5));
        assert!(!times.record("runner 21x21", f64::NAN));
        times.save(&path).unwrap();
        assert_eq!(BestTimes::load(&path).0.best("runner 21x21"), Some(12.5));
        std::fs::write(&path, "{ not json").unwrap();
        let (times, warning) = BestTimes::load(&path);
        assert!(times.times.is_empty());
        assert!(warning.unwrap().contains("not valid JSON"));
        assert!(path.with_extension("json.bak").exists());
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
