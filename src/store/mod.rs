//! Persistence: where the game keeps its files, atomic writes, and the versioned JSON loader
//! that never fails (a corrupt file is reported and kept aside). One file per kind of thing
//! kept: [`settings`], [`best_times`], the pattern-database cache ([`pdb_cache`]) and maze files
//! ([`maze_files`]).

pub mod best_times;
pub mod maze_files;
pub mod pdb_cache;
pub mod settings;
#[cfg(target_arch = "wasm32")]
mod web;

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::core::text::{Arg, Phrase};
use crate::phrase;

/// Writes `contents` to `path` atomically: a temporary file next to it, then a rename, so a
/// crash or a full disk never leaves half a file where the player's maze was. Creates missing
/// parent folders.
///
/// A symbolic link is written through: the file it points to gets the new contents and the
/// link stays. The temporary file has a name no other file has (it is created new, never over
/// an existing one), so no file of the player's is touched but the target.
pub fn write_atomically(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), Phrase> {
    let shown = path.display().to_string();
    let fail = |e: std::io::Error| cannot_write(&shown, &e);
    #[cfg(target_arch = "wasm32")]
    {
        web::write(path, contents.as_ref()).map_err(fail)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        write_on_disk(path, contents.as_ref(), &shown, fail)
    }
}

/// The message of a write to `shown` that failed with `e`.
fn cannot_write(shown: &str, e: &std::io::Error) -> Phrase {
    phrase!("cannot write {path}: {why}", path = shown, why = io_why(e))
}

/// Whether [`write_atomically`] could write `path` now: its folders made and a file created
/// beside it (then removed), the file itself untouched. A command that writes after long work
/// asks first, so that a wrong path is refused before the work, not after it.
pub fn can_write(path: &Path) -> Result<(), Phrase> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = path;
        Ok(())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let shown = path.display().to_string();
        let fail = |e: std::io::Error| cannot_write(&shown, &e);
        let (_, temp, file) = temp_beside(path, &shown, &fail)?;
        drop(file);
        let _ = std::fs::remove_file(&temp);
        Ok(())
    }
}

/// Where a write to `path` lands (through its links), its folders made, and a new temporary
/// file beside it. Only a regular file is written over: a folder, a named pipe or a device
/// (`/dev/null`) at `path` is refused, never replaced by a file.
#[cfg(not(target_arch = "wasm32"))]
fn temp_beside(
    path: &Path,
    shown: &str,
    fail: &impl Fn(std::io::Error) -> Phrase,
) -> Result<(PathBuf, PathBuf, std::fs::File), Phrase> {
    // what is there, by the kernel's own reading of the links (`/dev/stdout` on a pipe leads
    // to `pipe:[…]`, which names no file to follow)
    if let Ok(meta) = std::fs::metadata(path) {
        not_regular(&meta).map_err(fail)?;
    }
    let target = through_links(path).map_err(fail)?;
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| match file_in_the_way(&target) {
            Some(file) => phrase!(
                "cannot write {path}: {file} is a file, not a folder",
                path = shown,
                file = file.display().to_string()
            ),
            None => fail(e),
        })?;
    }
    let file_name = target
        .file_name()
        .ok_or_else(|| phrase!("cannot write {path}: it names no file", path = shown))?;
    let (temp, file) = new_temp_file(&target, file_name).map_err(fail)?;
    Ok((target, temp, file))
}

/// [`write_atomically`] on a file system.
#[cfg(not(target_arch = "wasm32"))]
fn write_on_disk(
    path: &Path,
    contents: &[u8],
    shown: &str,
    fail: impl Fn(std::io::Error) -> Phrase,
) -> Result<(), Phrase> {
    let (target, temp, mut file) = temp_beside(path, shown, &fail)?;
    let written = std::io::Write::write_all(&mut file, contents).and_then(|()| file.sync_all());
    drop(file);
    written
        .and_then(|()| std::fs::rename(&temp, &target))
        .map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            fail(e)
        })
}

/// Whether a write to `path` would fail because of the path the player gave rather than the
/// disk: a file where a folder on the way should be, or a folder, a named pipe or a device at
/// `path` itself (through its links). Commands answer such a failure with exit code 2.
pub fn wrong_path(path: &Path) -> bool {
    if file_in_the_way(path).is_some() {
        return true;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        // through its links, as the kernel reads them
        std::fs::metadata(path).is_ok_and(|meta| !meta.is_file())
    }
    #[cfg(target_arch = "wasm32")]
    false
}

/// The file that stands where a folder on the way to `path` should be (`plain/maze.txt` when
/// `plain` is a file): a path the player got wrong, not a failing disk.
pub fn file_in_the_way(path: &Path) -> Option<&Path> {
    path.ancestors()
        .skip(1)
        .find(|p| std::fs::symlink_metadata(p).is_ok())
        .filter(|p| !p.is_dir())
}

/// Where a write to `path` lands: `path` itself, or the file its symbolic links lead to (also
/// when that file does not exist yet).
#[cfg(not(target_arch = "wasm32"))]
fn through_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&at)?;
                at = match at.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// A temporary file beside `target`, created new under a name nothing else has.
#[cfg(not(target_arch = "wasm32"))]
fn new_temp_file(
    target: &Path,
    file_name: &std::ffi::OsStr,
) -> std::io::Result<(PathBuf, std::fs::File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    loop {
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(file_name);
        temp_name.push(format!(
            ".{}-{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let temp = target.with_file_name(temp_name);
        match std::fs::File::options()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// How many backups of a corrupt file are kept (`name.bak`, `name.bak.2`, … `name.bak.10`);
/// past that the oldest goes.
pub const MAX_BACKUPS: usize = 10;

/// Moves a corrupt file aside as its newest backup, keeping the earlier ones; returns where it
/// went.
fn keep_aside(path: &Path) -> std::io::Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().to_os_string();
    let slot = |k: usize| {
        let mut backup = name.clone();
        backup.push(if k == 1 {
            ".bak".to_string()
        } else {
            format!(".bak.{k}")
        });
        path.with_file_name(backup)
    };
    let free = (1..=MAX_BACKUPS).find(|&k| !exists(&slot(k)));
    let k = if let Some(k) = free {
        k
    } else {
        // all kept: the oldest goes, the others move down one
        remove(&slot(1))?;
        for k in 2..=MAX_BACKUPS {
            rename(&slot(k), &slot(k - 1))?;
        }
        MAX_BACKUPS
    };
    rename(path, &slot(k))?;
    Ok(slot(k))
}

/// Whether anything (a file, a link, a folder) is at `path`.
fn exists(path: &Path) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web::exists(path)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::symlink_metadata(path).is_ok()
    }
}

fn remove(path: &Path) -> std::io::Result<()> {
    #[cfg(target_arch = "wasm32")]
    {
        web::remove(path)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::remove_file(path)
    }
}

fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    #[cfg(target_arch = "wasm32")]
    {
        web::rename(from, to)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::fs::rename(from, to)
    }
}

/// The folder for the player's files (`~/.local/share/ai-arcade` on Linux,
/// `%APPDATA%\ai-arcade` on Windows), or the current folder when the system has none.
pub fn data_dir() -> PathBuf {
    if cfg!(target_arch = "wasm32") {
        return PathBuf::from("ai-arcade"); // the prefix of the page's storage entries
    }
    dirs::data_dir().map_or_else(|| PathBuf::from("."), |d| d.join("ai-arcade"))
}

/// The folder for settings and what is cached next to them (`~/.config/ai-arcade` on Linux,
/// `%APPDATA%\ai-arcade` on Windows); `AI_ARCADE_CONFIG_DIR` overrides it (tests use that to
/// stay out of the player's files).
pub fn config_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("AI_ARCADE_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if cfg!(target_arch = "wasm32") {
        return PathBuf::from("ai-arcade"); // the prefix of the page's storage entries
    }
    dirs::config_dir().map_or_else(|| PathBuf::from("."), |d| d.join("ai-arcade"))
}

/// The folder for the pattern databases' cache (tens to hundreds of megabytes): beside the
/// settings ([`config_dir`], which `AI_ARCADE_CONFIG_DIR` overrides for both), except on
/// Windows, where the settings folder roams with the user's profile from machine to machine and
/// a cache belongs on the machine: `%LOCALAPPDATA%\ai-arcade`.
pub fn cache_dir() -> PathBuf {
    let overridden = std::env::var_os("AI_ARCADE_CONFIG_DIR").is_some_and(|d| !d.is_empty());
    if cfg!(windows)
        && !overridden
        && let Some(local) = dirs::data_local_dir()
    {
        return local.join("ai-arcade");
    }
    config_dir()
}

/// Reads a whole file, refusing anything that is not a regular file — a named pipe (which
/// would block until a writer comes), a directory, a device, a socket — with the kind in the
/// message. On Linux the file is opened without blocking first and its type checked on the open
/// file, so a path swapped for a pipe in between cannot hang the read either.
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    #[cfg(target_arch = "wasm32")]
    {
        web::read(path)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        read_from_disk(path)
    }
}

/// [`read_regular`] on a file system.
#[cfg(not(target_arch = "wasm32"))]
fn read_from_disk(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut file = open_regular(path)?;
    let len = file.metadata()?.len();
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Opens a file to read, refusing anything that is not a regular file as [`read_regular`]
/// does (the checks on the open file, so that a path swapped for a pipe cannot hang a read).
#[cfg(not(target_arch = "wasm32"))]
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        /// `O_NONBLOCK` on Linux.
        const OPEN_WITHOUT_BLOCKING: i32 = 0o4000;
        options.custom_flags(OPEN_WITHOUT_BLOCKING);
    }
    #[cfg(not(target_os = "linux"))]
    not_regular(&std::fs::metadata(path)?)?;
    let file = options.open(path)?;
    not_regular(&file.metadata()?)?;
    Ok(file)
}

/// An error naming the kind of a file that is not a regular one.
#[cfg(not(target_arch = "wasm32"))]
fn not_regular(meta: &std::fs::Metadata) -> std::io::Result<()> {
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() {
        crate::msg!("a directory")
    } else {
        special_kind(kind)
    };
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        NotRegular(what),
    ))
}

/// The error of [`read_regular`] for a file that is not a regular one: its kind (a
/// [`msg!`](crate::msg) key).
#[derive(Debug)]
pub struct NotRegular(pub &'static str);

impl NotRegular {
    /// The reason, to be shown in the player's language.
    fn phrase(&self) -> Phrase {
        phrase!(
            "it is {what}, not a regular file",
            what = Arg::Message(self.0)
        )
    }
}

impl std::fmt::Display for NotRegular {
    /// In English (the command line's words).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.phrase().fmt(f)
    }
}

impl std::error::Error for NotRegular {}

/// Why a file could not be read or written, for a player's message: the game's own reasons and
/// the common ones in the player's language, any other in the system's words.
pub fn io_why(e: &std::io::Error) -> Arg {
    use std::io::ErrorKind;
    if let Some(not_regular) = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<NotRegular>())
    {
        return not_regular.phrase().into();
    }
    match e.kind() {
        ErrorKind::NotFound => Arg::Message(crate::msg!("no such file or folder")),
        ErrorKind::PermissionDenied => Arg::Message(crate::msg!("permission denied")),
        ErrorKind::StorageFull => Arg::Message(crate::msg!("the disk is full")),
        ErrorKind::ReadOnlyFilesystem => Arg::Message(crate::msg!("the disk is read-only")),
        _ => Arg::Plain(e.to_string()),
    }
}

#[cfg(unix)]
fn special_kind(kind: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        crate::msg!("a named pipe")
    } else if kind.is_char_device() || kind.is_block_device() {
        crate::msg!("a device")
    } else if kind.is_socket() {
        crate::msg!("a socket")
    } else {
        crate::msg!("a special file")
    }
}

#[cfg(all(not(unix), not(target_arch = "wasm32")))]
fn special_kind(_kind: std::fs::FileType) -> &'static str {
    crate::msg!("a special file")
}

/// Parses JSON holding a `version` field no higher than `current`.
pub fn parse_versioned<T: DeserializeOwned>(text: &str, current: u32) -> Result<T, Phrase> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| phrase!("not valid JSON ({why})", why = e.to_string()))?;
    if !value.is_object() {
        return Err(phrase!("not a JSON object"));
    }
    if let Some(version) = value.get("version").and_then(serde_json::Value::as_u64)
        && version > u64::from(current)
    {
        return Err(phrase!(
            "written by a newer version of ai-arcade (format {version}; this one reads up to \
             {current})",
            version = version,
            current = current
        ));
    }
    serde_json::from_value(value)
        .map_err(|e| phrase!("not a valid file ({why})", why = e.to_string()))
}

/// Reads `path` with `parse`: a missing file is the default with no message; an unreadable,
/// corrupt or future file is the default with a message, and is kept as `<name>.bak` (then
/// `.bak.2`, … : every earlier backup stays, up to [`MAX_BACKUPS`]) so the next save does not
/// destroy it. `what` is a [`msg!`](crate::msg) key ("settings", "best times").
pub fn load_or_default<T: Default>(
    path: &Path,
    what: &'static str,
    parse: impl FnOnce(&str) -> Result<T, Phrase>,
) -> (T, Option<Phrase>) {
    let shown = path.display().to_string();
    let bytes = match read_regular(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (T::default(), None),
        Err(e) => {
            return (
                T::default(),
                Some(phrase!(
                    "cannot read the {what} in {path} ({why}); using the defaults",
                    what = Arg::Message(what),
                    path = &shown,
                    why = io_why(&e)
                )),
            );
        }
    };
    let parsed = String::from_utf8(bytes)
        .map_err(|_| phrase!("not text (not UTF-8)"))
        .and_then(|text| parse(&text));
    match parsed {
        Ok(value) => (value, None),
        Err(e) => {
            let kept = match keep_aside(path) {
                Ok(backup) => phrase!("kept as {backup}", backup = backup.display().to_string()),
                Err(e) => phrase!("could not keep a copy: {why}", why = io_why(&e)),
            };
            (
                T::default(),
                Some(phrase!(
                    "the {what} in {path} were {why}; {kept}; using the defaults",
                    what = Arg::Message(what),
                    path = &shown,
                    why = e,
                    kept = kept
                )),
            )
        }
    }
}

/// A fresh folder under the system's temporary folder for a store test (removed first if a
/// previous run left it).
#[cfg(test)]
fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ai-arcade-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corrupt_then_load(path: &Path, text: &str) -> Option<String> {
        std::fs::write(path, text).unwrap();
        let (value, warning): (u32, _) = load_or_default(path, "settings", |t| {
            t.parse::<u32>().map_err(|_| phrase!("not a JSON object"))
        });
        assert_eq!(value, 0);
        warning.map(|w| w.english())
    }

    #[test]
    fn every_corrupt_file_is_kept_and_the_backups_are_bounded() {
        let dir = test_dir("backups");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.json");
        let first = corrupt_then_load(&path, "first hand edit").unwrap();
        assert!(first.contains("data.json.bak"), "{first}");
        let second = corrupt_then_load(&path, "second hand edit").unwrap();
        assert!(second.contains("data.json.bak.2"), "{second}");
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(
            read("data.json.bak"),
            "first hand edit",
            "the first is not overwritten"
        );
        assert_eq!(read("data.json.bak.2"), "second hand edit");
        for k in 3..=MAX_BACKUPS + 2 {
            corrupt_then_load(&path, &format!("edit {k}"));
        }
        let backups = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(backups, MAX_BACKUPS, "bounded");
        assert_eq!(
            read(&format!("data.json.bak.{MAX_BACKUPS}")),
            format!("edit {}", MAX_BACKUPS + 2)
        );
        assert_eq!(read("data.json.bak"), "edit 3", "the oldest went first");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_write_touches_no_other_file_and_goes_through_links() {
        let dir = test_dir("writes");
        std::fs::create_dir_all(&dir).unwrap();
        // a file of the player's with the name a fixed temporary name would have had
        let bystander = dir.join(".settings.json.tmp");
        std::fs::write(&bystander, "mine").unwrap();
        let path = dir.join("settings.json");
        write_atomically(&path, "one").unwrap();
        write_atomically(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(std::fs::read_to_string(&bystander).unwrap(), "mine");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "no temporary file left: {names:?}");
        #[cfg(unix)]
        {
            let real = dir.join("kept-elsewhere.json");
            let link = dir.join("link.json");
            std::os::unix::fs::symlink("kept-elsewhere.json", &link).unwrap();
            write_atomically(&link, "through").unwrap();
            assert_eq!(std::fs::read_to_string(&real).unwrap(), "through");
            assert!(
                std::fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            write_atomically(&link, "again").unwrap();
            assert_eq!(std::fs::read_to_string(&real).unwrap(), "again");
            assert!(
                std::fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn only_a_regular_file_is_written_over() {
        let dir = test_dir("special");
        std::fs::create_dir_all(&dir).unwrap();
        let listing = |dir: &Path| {
            let mut names: Vec<_> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            names.sort();
            names
        };
        // a folder where the file goes: refused, and still a folder
        let folder = dir.join("folder");
        std::fs::create_dir(&folder).unwrap();
        assert!(wrong_path(&folder));
        let error = write_atomically(&folder, "x").unwrap_err().english();
        assert!(
            error.contains("it is a directory, not a regular file"),
            "{error}"
        );
        assert!(can_write(&folder).is_err());
        assert!(folder.is_dir());
        // a file of the player's: written over, and only asked about by can_write
        let plain = dir.join("plain.csv");
        std::fs::write(&plain, "mine").unwrap();
        assert!(!wrong_path(&plain));
        can_write(&plain).unwrap();
        assert_eq!(std::fs::read_to_string(&plain).unwrap(), "mine");
        // a fresh path in folders not made yet: its folders made, no file left behind
        let fresh = dir.join("new").join("deeper").join("out.csv");
        assert!(!wrong_path(&fresh));
        can_write(&fresh).unwrap();
        assert!(!fresh.exists());
        assert!(listing(&dir.join("new").join("deeper")).is_empty());
        // a file where a folder should be
        assert!(wrong_path(&plain.join("out.csv")));
        assert!(can_write(&plain.join("out.csv")).is_err());
        #[cfg(unix)]
        {
            // a named pipe, and a link to it: refused, never replaced by a file
            let pipe = dir.join("pipe");
            let made = std::process::Command::new("mkfifo").arg(&pipe).status();
            assert!(made.is_ok_and(|s| s.success()), "mkfifo");
            let link = dir.join("link");
            std::os::unix::fs::symlink("pipe", &link).unwrap();
            for path in [&pipe, &link] {
                assert!(wrong_path(path));
                let error = write_atomically(path, "x").unwrap_err().english();
                assert!(
                    error.contains("it is a named pipe, not a regular file"),
                    "{error}"
                );
                assert!(can_write(path).is_err());
            }
            let kind = std::fs::metadata(&pipe).unwrap().file_type();
            assert!(std::os::unix::fs::FileTypeExt::is_fifo(&kind));
        }
        #[cfg(target_os = "linux")]
        {
            // `/dev/stdout` when the output is piped: a link to `pipe:[…]`, no file's name
            use std::os::fd::AsRawFd;
            let (reader, writer) = std::io::pipe().unwrap();
            let stdout = PathBuf::from(format!("/proc/self/fd/{}", writer.as_raw_fd()));
            assert!(wrong_path(&stdout));
            let error = write_atomically(&stdout, "x").unwrap_err().english();
            assert!(
                error.contains("it is a named pipe, not a regular file"),
                "{error}"
            );
            drop((reader, writer));
        }
        let names = listing(&dir);
        assert!(
            names.iter().all(|n| !n.to_string_lossy().ends_with(".tmp")),
            "no temporary file left: {names:?}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_parent_that_is_a_file_is_named() {
        let dir = test_dir("parent");
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("plain");
        std::fs::write(&file, "x").unwrap();
        let error = write_atomically(&file.join("maze.txt"), "y")
            .unwrap_err()
            .english();
        assert!(error.contains("plain is a file, not a folder"), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
