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
