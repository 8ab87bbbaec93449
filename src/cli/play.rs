//! The arguments of the commands that open the game (`play`, `shot`, `bench frames`), and the
//! launch recipe they become: checked here, so the game takes a plain recipe.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{CliError, MazeGenerator};
use crate::core::id::GameId;
use crate::core::launch::{FramesRecipe, Recipe, ShotRecipe};
use crate::core::maze::generate::Generator;
use crate::core::maze::runner::RunnerSpec;
use crate::core::mines::{Config, FirstClick};
pub use crate::core::mode::Mode;
use crate::core::text::Lang;

/// Arguments of `bench frames`.
#[derive(Debug, Args)]
pub struct BenchFramesArgs {
    /// The mode to run: runner walks the maze along the hint with the hint on, mines lets the
    /// robot play, slide solves and plays the demo, explore searches again and again, showcase
    /// plays its scenes, lab runs `--program` every five seconds and plays its run.
    #[arg(long, value_enum)]
    pub mode: Mode,
    /// Runner: the maze side in blocks (odd, 5 to 401); Mines: the field's side (7 to 100).
    #[arg(long)]
    pub size: Option<usize>,
    /// Updates to time (after a warm-up of 120), 1 to 1,000,000.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub frames: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Lab: the program run again every five seconds while the frames are timed.
    #[arg(long)]
    pub program: Option<String>,
    /// Lab: the task it runs on (default: the settings', maze-bfs at first).
    #[arg(long)]
    pub task: Option<String>,
}

/// Which board to open: shared by `play` and `shot`.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The screen to open: `menu` or a mode (default: the menu, or the mode of `--id`).
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// A game ID (as the HUD shows it, e.g. runner-prim-21x21-7): opens exactly that board.
    #[arg(long)]
    pub id: Option<String>,
    /// Seed for modes with random boards (shown in the HUD).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Runner: the maze generator.
    #[arg(long, value_enum)]
    pub generator: Option<MazeGenerator>,
    /// Runner: the maze size in blocks (odd, 5 to 401).
    #[arg(long)]
    pub size: Option<usize>,
    /// A maze file to open in Explore instead of the classic maze.
    #[arg(long)]
    pub maze: Option<PathBuf>,
    /// The language of the game: en (English) or zh (简体中文). `play` keeps it in the
    /// settings; without it `play` uses the settings' language (the system's at the first
    /// start) and `shot` English.
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
    /// The Lab: the task chosen (`ai-arcade lab tasks` lists them).
    #[arg(long, conflicts_with = "lab")]
    pub task: Option<String>,
    /// The Lab: a teacher's lab file (JSON, see docs/lab.md), shown first among the tasks.
    #[arg(long)]
    pub lab: Option<PathBuf>,
    /// The Lab: the command line of the program to run (e.g. "python3 bfs.py").
    #[arg(long)]
    pub program: Option<String>,
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub board: BoardArgs,
}

/// Arguments of `shot`.
#[derive(Debug, Args)]
pub struct ShotArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Where to write the PNG.
    #[arg(long)]
    pub out: PathBuf,
    /// How many frames to run before the screenshot (each is 1/30 s of game time).
    #[arg(long, default_value_t = 90, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub frames: u32,
    /// Window width in logical pixels.
    #[arg(long, default_value_t = 1280, value_parser = clap::value_parser!(u32).range(320..=7680))]
    pub width: u32,
    /// Window height in logical pixels.
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u32).range(240..=4320))]
    pub height: u32,
    /// Keys to press first, one every other frame, comma separated (e.g. `right,right,space`):
    /// up down left right enter space esc f1 f2 e n p plus minus period comma pageup pagedown.
    #[arg(long, value_delimiter = ',')]
    pub keys: Vec<String>,
    /// Take this many pictures, `--every` frames apart, named OUT-001.png, OUT-002.png, … (for
    /// an animation).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub series: u32,
    /// Frames between the pictures of a series.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub every: u32,
    /// Open as `play` does: the player's settings (kept again when the keys change them) and,
    /// without `--lang`, the language they chose or the system's. Without it a shot touches no
    /// file of the player's and is in English unless `--lang` says otherwise.
    #[arg(long)]
    pub as_player: bool,
}

impl ValueEnum for Mode {
    fn value_variants<'a>() -> &'a [Self] {
        &Mode::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

impl ValueEnum for Lang {
    fn value_variants<'a>() -> &'a [Self] {
        &Lang::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.code()).help(self.native_name()))
    }
}

impl BoardArgs {
    /// Checks the board arguments shared by `play` and `shot` (a game ID, a maze file, a size)
    /// and makes the game's launch recipe.
    pub fn recipe(&self) -> Result<Recipe, CliError> {
        let BoardArgs {
            mode,
            id,
            seed,
            generator,
            size,
            maze,
            lang,
            task,
            lab,
            program,
        } = self;
        let lab_file = lab.as_deref().map(super::read_lab_file).transpose()?;
        if let Some(task) = task {
            crate::core::lab::task(task)
                .map_err(|e| CliError::Input(format!("--task: {}", e.english())))?;
        }
        if program.as_deref().is_some_and(|p| p.contains(['\n', '\r'])) {
            return Err(CliError::Input("--program: one line, please".into()));
        }
        let id = id
            .as_deref()
            .map(GameId::parse)
            .transpose()
            .map_err(|e| CliError::Input(format!("--id: {e}")))?;
        let mode = match (mode, &id) {
            (None, None) => Mode::Menu,
            (Some(mode), None) => *mode,
            (None, Some(id)) => id.mode(),
            (Some(mode), Some(id)) if *mode == id.mode() => *mode,
            (Some(mode), Some(id)) => {
                return Err(CliError::Input(format!(
                    "--mode {mode} but --id is a {} board",
                    id.mode()
                )));
            }
        };
        if id.is_some()
            && (seed.is_some() || generator.is_some() || size.is_some() || maze.is_some())
        {
            return Err(CliError::Input(
                "--id says everything about the board: leave out --seed, --generator, --size \
                 and --maze"
                    .into(),
            ));
        }
        let maze = maze.as_deref().map(super::load_maze).transpose()?;
        if let Some(maze) = &maze {
            crate::core::maze::explore::check_size(maze)
                .map_err(|e| CliError::Input(e.english()))?;
        }
        let runner = match (*generator, *size) {
            (None, None) => None,
            (generator, size) => {
                let generator = generator.map_or(Generator::Prim, Generator::from);
                let size = size.unwrap_or(21);
                let spec = RunnerSpec {
                    generator,
                    width: size,
                    height: size,
                    seed: 0,
                };
                spec.check()
                    .map_err(|e| CliError::Input(format!("--size: {e}")))?;
                Some((generator, size))
            }
        };
        Ok(Recipe {
            mode,
            seed: *seed,
            maze,
            runner,
            mines: None,
            id,
            lang: *lang,
            lab_task: task.clone(),
            lab_file,
            lab_program: program.clone(),
        })
    }
}

impl ShotArgs {
    /// Checks the arguments of `shot` and makes its recipe.
    pub fn recipe(&self) -> Result<ShotRecipe, CliError> {
        let is_png = self
            .out
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if !is_png {
            return Err(CliError::Input(format!(
                "--out {}: the screenshot is a PNG, name it *.png",
                self.out.display()
            )));
        }
        Ok(ShotRecipe {
            board: self.board.recipe()?,
            out: self.out.clone(),
            frames: self.frames,
            width: self.width,
            height: self.height,
            keys: self.keys.clone(),
            series: self.series,
            every: self.every,
            as_player: self.as_player,
        })
    }
}

/// The field sides `bench frames --mode mines --size` takes (the original's density and ten
/// lives need at least ten mines).
const MINES_BENCH_SIDES: std::ops::RangeInclusive<usize> = 7..=100;

impl BenchFramesArgs {
    /// Checks the arguments of `bench frames` and makes its recipe: Runner on a Prim maze
    /// (401 by default), Mines on a square field of the original's density.
    pub fn recipe(&self) -> Result<FramesRecipe, CliError> {
        if let Some(task) = &self.task {
            crate::core::lab::task(task)
                .map_err(|e| CliError::Input(format!("--task: {}", e.english())))?;
        }
        let mut board = Recipe {
            mode: self.mode,
            seed: Some(self.seed),
            lab_task: self.task.clone(),
            lab_program: self.program.clone(),
            ..Recipe::default()
        };
        match (self.mode, self.size) {
            (Mode::Runner, size) => {
                let size = size.unwrap_or(401);
                let spec = RunnerSpec {
                    generator: Generator::Prim,
                    width: size,
                    height: size,
                    seed: self.seed,
                };
                spec.check()
                    .map_err(|e| CliError::Input(format!("--size: {e}")))?;
                board.runner = Some((Generator::Prim, size));
            }
            (Mode::Mines, Some(size)) => {
                if !(MINES_BENCH_SIDES).contains(&size) {
                    return Err(CliError::Input(format!(
                        "--size {size}: Mines' field side is {} to {}",
                        MINES_BENCH_SIDES.start(),
                        MINES_BENCH_SIDES.end()
                    )));
                }
                // the original's density: 81 mines in 400 cells
                let config = Config {
                    width: size,
                    height: size,
                    mines: (size * size * 81).div_ceil(400),
                    lives: 10,
                    first_click: FirstClick::Any,
                };
                config
                    .check()
                    .map_err(|e| CliError::Input(format!("--size: {e}")))?;
                board.mines = Some(config);
            }
            (_, Some(_)) => {
                return Err(CliError::Input(
                    "--size applies to runner (maze side) and mines (field side) only".into(),
                ));
            }
            (_, None) => {}
        }
        Ok(FramesRecipe {
            board,
            frames: usize::try_from(self.frames).expect("at most a million"),
            json: self.json,
        })
    }
}
