//! The browser's side of [`super`]: files are kept in the page's `localStorage`, one entry per
//! path (`ai-arcade/settings.json` and so on), so the loader's rules — a missing entry is the
//! defaults, a corrupt one is reported and kept aside as `….bak` — are the desktop's.

use std::io::{Error, ErrorKind, Result};
use std::path::Path;

fn storage() -> Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| Error::other("this browser keeps no local storage for the page"))
}

fn key(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The entry for `path`; a missing one is `NotFound`, as a missing file is.
pub fn read(path: &Path) -> Result<Vec<u8>> {
    storage()?
        .get_item(&key(path))
        .map_err(|_| Error::other("the browser refused to read its local storage"))?
        .map(String::into_bytes)
        .ok_or_else(|| Error::from(ErrorKind::NotFound))
}

/// Stores `contents` (text: the entries are strings) as the entry for `path`.
pub fn write(path: &Path, contents: &[u8]) -> Result<()> {
    let text = std::str::from_utf8(contents)
        .map_err(|_| Error::new(ErrorKind::InvalidData, "only text is kept in the browser"))?;
    storage()?
        .set_item(&key(path), text)
        .map_err(|_| Error::from(ErrorKind::StorageFull))
}

/// Whether `path` has an entry.
pub fn exists(path: &Path) -> bool {
    storage()
        .ok()
        .and_then(|s| s.get_item(&key(path)).ok().flatten())
        .is_some()
}

/// Removes the entry for `path`.
pub fn remove(path: &Path) -> Result<()> {
    storage()?
        .remove_item(&key(path))
        .map_err(|_| Error::other("the browser refused to change its local storage"))
}

/// Moves the entry for `from` to `to` (replacing what `to` held).
pub fn rename(from: &Path, to: &Path) -> Result<()> {
    let contents = read(from)?;
    write(to, &contents)?;
    remove(from)
}
