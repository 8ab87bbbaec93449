//! How the game is started, as plain data: which screen and which board (`play`), plus what a
//! screenshot (`shot`) or a frame benchmark (`bench frames`) wants. The command line checks its
//! arguments and makes these; the game takes them as they are.

use std::fmt;
use std::path::PathBuf;

use super::id::GameId;
use super::maze::Maze;
use super::maze::generate::Generator;
use super::mode::Mode;

/// A command's failure, with the exit code it deserves.
#[derive(Debug)]
pub enum Failure {
    /// Bad input or arguments (exit code 2).
    Input(String),
    /// The machine could not do it: no display, I/O (exit code 1).
    Failed(String),
}

impl Failure {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Input(_) => 2,
            Failure::Failed(_) => 1,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(message) | Failure::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Failure {}

/// Which screen and which board the game opens on.
#[derive(Clone, Debug, Default)]
pub struct Recipe {
    /// The screen to open on.
    pub mode: Mode,
    /// Seed for random boards.
    pub seed: Option<u64>,
    /// A maze for Explore instead of the classic one.
    pub maze: Option<Maze>,
    /// Runner's first maze: generator and size.
    pub runner: Option<(Generator, usize)>,
    /// Mines' first field.
    pub mines: Option<super::mines::Config>,
    /// A board by game ID: its mode opens on exactly that board.
    pub id: Option<GameId>,
    /// The language asked for on the command line (`--lang`): it wins over the settings.
    pub lang: Option<super::text::Lang>,
    /// The Lab's task and program's command line (`--task`, `--program`): they win over the
    /// settings.
    pub lab_task: Option<String>,
    pub lab_program: Option<String>,
    /// A teacher's lab file (`--lab`), read: the Lab lists it first and opens on it.
    pub lab_file: Option<super::lab::Task>,
}

/// A screenshot of the real window.
#[derive(Clone, Debug)]
pub struct ShotRecipe {
    pub board: Recipe,
    /// Where to write the PNG (checked to end in `.png`).
    pub out: PathBuf,
    /// Frames to run before the (first) picture.
    pub frames: u32,
    /// Window size in logical pixels.
    pub width: u32,
    pub height: u32,
    /// Key and gamepad-button names to press first, one every other frame.
    pub keys: Vec<String>,
    /// Pictures to take, `every` frames apart.
    pub series: u32,
    pub every: u32,
    /// Open with the player's settings and the system's language, as `play` does.
    pub as_player: bool,
}

/// A frame benchmark: a mode's real systems headless with a scripted player.
#[derive(Clone, Debug)]
pub struct FramesRecipe {
    pub board: Recipe,
    /// Updates to time.
    pub frames: usize,
    /// Print one JSON object.
    pub json: bool,
}

/// The value of `name` in a page address's query (`?id=runner-prim-21x21-7&lang=zh`),
/// percent-decoded (`+` is a space; a `%` not followed by two hex digits stays as it is).
pub fn query_value(search: &str, name: &str) -> Option<String> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| percent_decoded(value))
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |b: u8| char::from(b).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%' && i + 2 < bytes.len())
            .then(|| Some((hex(bytes[i + 1])?, hex(bytes[i + 2])?)))
            .flatten();
        match (escaped, bytes[i]) {
            (Some((high, low)), _) => {
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A link to `page` (an address without query) that opens the board of game ID `id`.
pub fn link_to(page: &str, id: &str) -> String {
    let mut link = format!("{page}?id=");
    for byte in id.bytes() {
        // IDs are letters, digits, `-` and `×`-free ASCII; anything else is escaped anyway
        if byte.is_ascii_alphanumeric() || byte == b'-' {
            link.push(char::from(byte));
        } else {
            link.push_str(&format!("%{byte:02X}"));
        }
    }
    link
}

/// The game ID in what a player pasted: the ID itself, or a link with `?id=…` in it.
pub fn id_of_pasted(pasted: &str) -> String {
    let pasted = pasted.trim();
    match pasted.split_once('?') {
        Some((_, query)) if pasted.contains("id=") => {
            query_value(query.split('#').next().unwrap_or(query), "id")
                .unwrap_or_else(|| pasted.to_string())
        }
        _ => pasted.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_gives_its_values_decoded() {
        let search = "?lang=zh&id=runner-prim-21x21-7&x=a%20b+c%2&y=%E4%B8%AD&z=%zz";
        assert_eq!(
            query_value(search, "id").as_deref(),
            Some("runner-prim-21x21-7")
        );
        assert_eq!(query_value(search, "lang").as_deref(), Some("zh"));
        assert_eq!(query_value(search, "x").as_deref(), Some("a b c%2"));
        assert_eq!(query_value(search, "y").as_deref(), Some("中"));
        assert_eq!(query_value(search, "z").as_deref(), Some("%zz"));
        assert_eq!(query_value(search, "none"), None);
        assert_eq!(query_value("", "id"), None);
    }

    #[test]
    fn a_link_opens_its_id_and_a_pasted_link_gives_it_back() {
        let link = link_to("http://127.0.0.1:8000/index.html", "runner-prim-21x21-7");
        assert_eq!(
            link,
            "http://127.0.0.1:8000/index.html?id=runner-prim-21x21-7"
        );
        assert_eq!(id_of_pasted(&link), "runner-prim-21x21-7");
        assert_eq!(id_of_pasted(" slide-436718520 "), "slide-436718520");
        assert_eq!(
            id_of_pasted("https://x.itch.io/ai-arcade?lang=zh&id=mines-9x9-10-1-safe-3#top"),
            "mines-9x9-10-1-safe-3"
        );
        let odd = link_to("p", "a b");
        assert_eq!(
            query_value(odd.split_once('?').unwrap().1, "id").unwrap(),
            "a b"
        );
    }
}
