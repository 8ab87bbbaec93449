//! Persistence: where the game keeps its files, atomic writes, and the versioned JSON loader
//! that never fails (a corrupt file is reported and kept aside). One file per kind of thing
//! kept: [`settings`], [`best_times`], the pattern-database cache ([`pdb_cache`]) and maze files
//! ([`maze_files`]).

pub mod best_times;
pub mod maze_files;
pub mod pdb_cache;
pub mod settings;

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

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

/// The folder for the player's files (`~/.local/share/ai-arcade` on Linux), or the current
/// folder when the system has none.
pub fn data_dir() -> PathBuf {
    dirs::data_dir().map_or_else(|| PathBuf::from("."), |d| d.join("ai-arcade"))
}

/// The folder for settings and what is cached next to them (`~/.config/ai-arcade` on Linux);
/// `AI_ARCADE_CONFIG_DIR` overrides it (tests use that to stay out of the player's files).
pub fn config_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("AI_ARCADE_CONFIG_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dirs::config_dir().map_or_else(|| PathBuf::from("."), |d| d.join("ai-arcade"))
}

/// Reads a whole file, refusing anything that is not a regular file — a named pipe (which
/// would block until a writer comes), a directory, a device, a socket — with the kind in the
/// message. On Linux the file is opened without blocking first and its type checked on the open
/// file, so a path swapped for a pipe in between cannot hang the read either.
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
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
    let mut file = options.open(path)?;
    let meta = file.metadata()?;
    not_regular(&meta)?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// An error naming the kind of a file that is not a regular one.
fn not_regular(meta: &std::fs::Metadata) -> std::io::Result<()> {
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() {
        "a directory"
    } else {
        special_kind(kind)
    };
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file"),
    ))
}

#[cfg(unix)]
fn special_kind(kind: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a named pipe"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_kind: std::fs::FileType) -> &'static str {
    "a special file"
}

/// Parses JSON holding a `version` field no higher than `current`.
pub fn parse_versioned<T: DeserializeOwned>(text: &str, current: u32) -> Result<T, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON ({e})"))?;
    if !value.is_object() {
        return Err("not a JSON object".into());
    }
    if let Some(version) = value.get("version").and_then(serde_json::Value::as_u64)
        && version > u64::from(current)
    {
        return Err(format!(
            "written by a newer version of ai-arcade (format {version}; this one reads up to \
             {current})"
        ));
    }
    serde_json::from_value(value).map_err(|e| format!("not a valid file ({e})"))
}

/// Reads `path` with `parse`: a missing file is the default with no message; an unreadable,
/// corrupt or future file is the default with a message, and is kept as `<name>.bak` so the
/// next save does not destroy it.
pub fn load_or_default<T: Default>(
    path: &Path,
    what: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> (T, Option<String>) {
    let bytes = match read_regular(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (T::default(), None),
        Err(e) => {
            return (
                T::default(),
                Some(format!(
                    "cannot read the {what} in {} ({e}); using the defaults",
                    path.display()
                )),
            );
        }
    };
    let parsed = String::from_utf8(bytes)
        .map_err(|_| "not text (not UTF-8)".to_string())
        .and_then(|text| parse(&text));
    match parsed {
        Ok(value) => (value, None),
        Err(e) => {
            let mut backup_name = path.file_name().unwrap_or_default().to_os_string();
            backup_name.push(".bak");
            let backup = path.with_file_name(backup_name);
            let kept = match std::fs::rename(path, &backup) {
                Ok(()) => format!("kept as {}", backup.display()),
                Err(e) => format!("could not keep a copy: {e}"),
            };
            (
                T::default(),
                Some(format!(
                    "the {what} in {} were {e}; {kept}; using the defaults",
                    path.display()
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
