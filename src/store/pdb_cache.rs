//! The pattern-database cache: a goal's databases read from the config folder, or built and
//! saved there when the file is missing, damaged or for another goal.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use super::write_atomically;
use crate::core::slide::Board;
use crate::core::slide::pdb::{PatternDb, PdbError};

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
    if let Ok(bytes) = super::read_regular(&path)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_databases_are_cached_and_rebuilt_when_damaged() {
        use crate::core::slide::pdb::default_partition;
        let dir = super::super::test_dir("pdb");
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
}
