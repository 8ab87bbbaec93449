//! The pattern-database cache: each region's table read from the config folder, or built and
//! saved there when its file is missing or damaged. A table depends only on its region, so
//! every goal whose blank turns onto the same cell shares the files (and, when the caller
//! keeps them, the tables in memory).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::write_atomically;
use crate::core::slide::Board;
use crate::core::slide::pdb::{PatternDb, PdbError, Split, Table};

/// Where the pattern databases came from.
#[derive(Clone, Debug, PartialEq)]
pub enum PdbSource {
    /// Every table already in memory or read from the cache folder.
    Loaded(PathBuf),
    /// Some built now (seconds), and saved — or not, with the reason.
    Built {
        seconds: f64,
        saved: Result<PathBuf, crate::core::text::Phrase>,
    },
}

impl PdbSource {
    /// One line for the command line (English; see [`PdbSource::phrase`]).
    pub fn describe(&self) -> String {
        self.phrase().english()
    }

    /// One line for the player.
    pub fn phrase(&self) -> crate::core::text::Phrase {
        use crate::phrase;
        match self {
            PdbSource::Loaded(path) => phrase!(
                "pattern databases read from {path}",
                path = path.display().to_string()
            ),
            PdbSource::Built {
                seconds,
                saved: Ok(path),
            } => phrase!(
                "pattern databases built in {seconds} s and saved to {path}",
                seconds = format!("{seconds:.1}"),
                path = path.display().to_string()
            ),
            PdbSource::Built {
                seconds,
                saved: Err(e),
            } => phrase!(
                "pattern databases built in {seconds} s but not saved: {why}",
                seconds = format!("{seconds:.1}"),
                why = e.clone()
            ),
        }
    }
}

/// Whether every table `goal` needs with `split` has a file in the cache folder `dir` (read
/// or not: a damaged one is rebuilt when loaded).
pub fn is_cached(dir: &Path, goal: &Board, split: Split) -> bool {
    PatternDb::regions_for(goal, split).is_ok_and(|(regions, blank)| {
        regions.iter().all(|cells| {
            dir.join(Table::file_name(goal.side(), cells, blank))
                .is_file()
        })
    })
}

/// The pattern databases for `goal` with `split`: each table taken from `have` (tables already
/// in memory), else read from the cache in `dir`, else built (reporting progress, the fraction
/// of the whole) and saved there.
pub fn load_or_build_pdb(
    dir: &Path,
    goal: &Board,
    split: Split,
    have: &[Arc<Table>],
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(f64),
) -> Result<(PatternDb, PdbSource), PdbError> {
    let side = goal.side();
    let clock = crate::core::clock::Instant::now();
    // the time spent reading tables, less from the build's
    let mut reading = 0.0;
    let (mut saved, mut built) = (Ok(dir.to_path_buf()), false);
    let db = PatternDb::build_from(
        goal,
        split,
        &mut |cells, blank| {
            if let Some(table) = have.iter().find(|t| t.is_for(side, cells, blank)) {
                return Some(table.clone());
            }
            let clock = crate::core::clock::Instant::now();
            let path = dir.join(Table::file_name(side, cells, blank));
            let stored = read_table(&path, side, cells, blank);
            reading += clock.elapsed().as_secs_f64();
            stored.map(Arc::new)
        },
        cancel,
        progress,
        &mut |table| {
            built = true;
            let path = dir.join(Table::file_name(side, table.cells(), table.blank()));
            if let Err(e) = write_atomically(&path, table.to_bytes()) {
                saved = Err(e);
            }
        },
    )?;
    let seconds = clock.elapsed().as_secs_f64() - reading;
    if built {
        remove_obsolete(dir);
    }
    let source = if built {
        PdbSource::Built { seconds, saved }
    } else {
        PdbSource::Loaded(dir.to_path_buf())
    };
    Ok((db, source))
}

/// The stored table at `path`, if it is a regular file holding the table of `cells`
/// undamaged. On a file system it is read straight into the table's memory (the 7-8 tables'
/// largest file is 389 MB: no second copy of it is held while it loads).
fn read_table(path: &Path, side: usize, cells: &[u8], blank: u8) -> Option<Table> {
    #[cfg(target_arch = "wasm32")]
    {
        let bytes = super::read_regular(path).ok()?;
        Table::from_bytes(bytes, side, cells, blank).ok()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let mut file = std::io::BufReader::with_capacity(1 << 20, super::open_regular(path).ok()?);
        Table::read_from(&mut file, side, cells, blank).ok()
    }
}

/// Removes the files of the first cache format (`pdb-…-<goal>-<hash>.bin`, a goal's
/// inconsistent tables, up to 11.5 MB each), which nothing reads any more.
fn remove_obsolete(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("pdb-") && name.ends_with(".bin") && entry.path().is_file() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_databases_are_cached_shared_and_rebuilt_when_damaged() {
        let dir = super::super::test_dir("pdb");
        std::fs::create_dir_all(&dir).unwrap();
        // a file of the first format, left by an older version
        std::fs::write(dir.join("pdb-4-4-123456780-2804678d.bin"), b"old").unwrap();
        let goal = Board::goal(3);
        let split = Split::FourFour;
        let (built, source) =
            load_or_build_pdb(&dir, &goal, split, &[], None, &mut |_| {}).unwrap();
        assert!(
            matches!(source, PdbSource::Built { saved: Ok(_), .. }),
            "first use builds and saves: {source:?}"
        );
        let files = || std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(files(), 2, "one file per table, the obsolete one gone");
        let (loaded, source) =
            load_or_build_pdb(&dir, &goal, split, &[], None, &mut |_| {}).unwrap();
        assert_eq!(source, PdbSource::Loaded(dir.clone()));
        assert_eq!(loaded, built);
        let first = &built.tables()[0];
        let table = dir.join(Table::file_name(3, first.cells(), 0));
        std::fs::write(&table, b"garbage").unwrap();
        let (rebuilt, source) =
            load_or_build_pdb(&dir, &goal, split, &[], None, &mut |_| {}).unwrap();
        assert!(
            matches!(source, PdbSource::Built { saved: Ok(_), .. }),
            "{source:?}"
        );
        assert_eq!(rebuilt, built);
        // another goal with its blank in another corner shares the tables, in memory too
        let corner = Board::parse("0 1 2 3 4 5 6 7 8").unwrap();
        let (db, source) =
            load_or_build_pdb(&dir, &corner, split, built.tables(), None, &mut |_| {}).unwrap();
        assert_eq!(source, PdbSource::Loaded(dir.clone()));
        assert_eq!(db.goal(), &corner);
        assert!(Arc::ptr_eq(&db.tables()[0], &built.tables()[0]));
        // a blank in the middle needs tables of its own (they keep the blank's goal cell)
        let middle = Board::parse("1 2 3 8 0 4 7 6 5").unwrap();
        let (_, source) = load_or_build_pdb(&dir, &middle, split, &[], None, &mut |_| {}).unwrap();
        assert!(matches!(source, PdbSource::Built { .. }));
        assert_eq!(files(), 4);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
