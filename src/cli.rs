//! The command line: argument parsing (clap) and the headless commands.
//!
//! Every command returns a [`CliError`] instead of panicking; `main` prints it and exits with
//! code 2 for bad input or arguments and 1 for failures of the machine (no display, I/O).

use std::fmt;
use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;

use crate::core::grid::Pos;
use crate::core::maze::solve::{ShortestAlgo, dfs_rule, shortest};
use crate::core::maze::{Maze, classic::classic, text};
use crate::core::trace::{Mark, Replay};

/// Classic AI search puzzles: play them, watch them, solve them.
#[derive(Debug, Parser)]
#[command(name = "ai-arcade", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What to do; no command opens the game's menu.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the game directly in one mode.
    Play(PlayArgs),
    /// Run the real window, wait some frames, save a PNG screenshot and exit.
    Shot(ShotArgs),
    /// Solve a puzzle headless and print the answer.
    #[command(subcommand)]
    Solve(SolveCommand),
}

/// The screens the game can open on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    Menu,
    Explore,
    Runner,
    Slide,
    Mines,
    Showcase,
}

impl Mode {
    /// The modes a player can enter today; the others are listed in the menu, disabled.
    pub fn is_built(self) -> bool {
        matches!(self, Mode::Menu | Mode::Explore)
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Menu => "Menu",
            Mode::Explore => "Explore",
            Mode::Runner => "Runner",
            Mode::Slide => "Slide",
            Mode::Mines => "Mines",
            Mode::Showcase => "Showcase",
        }
    }
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The mode to open.
    #[arg(long, value_enum)]
    pub mode: Mode,
    /// Seed for modes with random boards (shown in the HUD).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A maze file to open in Explore instead of the classic maze.
    #[arg(long)]
    pub maze: Option<PathBuf>,
}

/// Arguments of `shot`.
#[derive(Debug, Args)]
pub struct ShotArgs {
    /// The screen to photograph: `menu` or a mode.
    #[arg(long, value_enum)]
    pub mode: Mode,
    /// Where to write the PNG.
    #[arg(long)]
    pub out: PathBuf,
    /// How many frames to run before the screenshot.
    #[arg(long, default_value_t = 90, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub frames: u32,
    /// Window width in logical pixels.
    #[arg(long, default_value_t = 1280, value_parser = clap::value_parser!(u32).range(320..=7680))]
    pub width: u32,
    /// Window height in logical pixels.
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u32).range(240..=4320))]
    pub height: u32,
    /// Seed for modes with random boards.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A maze file to open in Explore instead of the classic maze.
    #[arg(long)]
    pub maze: Option<PathBuf>,
}

/// `solve` subcommands, one per puzzle.
#[derive(Debug, Subcommand)]
pub enum SolveCommand {
    /// Solve a maze: the classic ball walk, or a shortest path.
    Maze(SolveMazeArgs),
}

/// Maze algorithms offered by `solve maze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MazeAlgo {
    /// The Explore ball: depth first, rule order down, right, left, up, with backtracking.
    DfsRule,
    /// Breadth-first search (shortest path).
    Bfs,
    /// A* with the Manhattan heuristic (shortest path).
    Astar,
}

/// Arguments of `solve maze`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["classic", "file"]))]
pub struct SolveMazeArgs {
    /// The algorithm.
    #[arg(long, value_enum)]
    pub algo: MazeAlgo,
    /// Solve the classic 8×8 maze of the report.
    #[arg(long)]
    pub classic: bool,
    /// Solve the maze in this text file (`#` wall, `.` path, `S` entry, `E` exit, or digits 0–3).
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A command's failure, with the exit code it deserves.
#[derive(Debug)]
pub enum CliError {
    /// Bad input or arguments (exit code 2).
    Input(String),
    /// The machine could not do it: no display, I/O failure (exit code 1).
    Failed(String),
}

impl CliError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Input(_) => 2,
            CliError::Failed(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Failed(m) => f.write_str(m),
        }
    }
}

/// Reads and parses a maze file; the error names the file, line and column.
pub fn load_maze(path: &Path) -> Result<Maze, CliError> {
    crate::files::read_maze(path).map_err(CliError::Input)
}

#[derive(Serialize)]
struct WalkJson {
    algo: &'static str,
    found: bool,
    start: [i32; 2],
    exit: Option<[i32; 2]>,
    path: Vec<[i32; 2]>,
    length: usize,
    walk: Vec<[i32; 2]>,
    steps: usize,
}

#[derive(Serialize)]
struct ShortestJson {
    algo: &'static str,
    found: bool,
    start: [i32; 2],
    exit: Option<[i32; 2]>,
    path: Vec<[i32; 2]>,
    length: usize,
    expanded: usize,
}

fn cells(path: &[Pos]) -> Vec<[i32; 2]> {
    path.iter().map(|p| p.to_array()).collect()
}

/// Runs `solve maze` and returns what it prints.
pub fn solve_maze(args: &SolveMazeArgs) -> Result<String, CliError> {
    let maze = match &args.file {
        Some(path) => load_maze(path)?,
        None => classic(),
    };
    let no_entry = |e: crate::core::maze::solve::SolveError| CliError::Input(e.to_string());
    let exit = maze.exit().map(Pos::to_array);
    match args.algo {
        MazeAlgo::DfsRule => {
            let outcome = dfs_rule(&maze).map_err(no_entry)?;
            if args.json {
                let json = WalkJson {
                    algo: "dfs-rule",
                    found: outcome.found,
                    start: outcome.start.to_array(),
                    exit,
                    path: cells(&outcome.path),
                    length: outcome.path.len().saturating_sub(1),
                    walk: cells(&outcome.walk),
                    steps: outcome.steps(),
                };
                return Ok(serde_json::to_string(&json).expect("plain data serialises"));
            }
            let mut replay = Replay::new(outcome.trace.clone(), maze.width(), maze.height());
            replay.run_to_end();
            let verdict = if outcome.found {
                format!(
                    "Exit found: path of {} moves, {} steps walked",
                    outcome.path.len() - 1,
                    outcome.steps()
                )
            } else {
                format!("No exit: {} steps walked", outcome.steps())
            };
            Ok(format!("{verdict}\n{}", draw(&maze, &replay)))
        }
        MazeAlgo::Bfs | MazeAlgo::Astar => {
            let (algo, name) = match args.algo {
                MazeAlgo::Bfs => (ShortestAlgo::Bfs, "bfs"),
                _ => (ShortestAlgo::AStar, "astar"),
            };
            let mut trace = crate::core::trace::Trace::new();
            let answer = shortest(&maze, algo, &mut trace).map_err(no_entry)?;
            if args.json {
                let json = ShortestJson {
                    algo: name,
                    found: answer.found,
                    start: maze.entry().map(Pos::to_array).unwrap_or_default(),
                    exit,
                    path: cells(&answer.path),
                    length: answer.length(),
                    expanded: answer.expanded,
                };
                return Ok(serde_json::to_string(&json).expect("plain data serialises"));
            }
            let mut replay = Replay::new(trace, maze.width(), maze.height());
            replay.run_to_end();
            let verdict = if answer.found {
                format!(
                    "Shortest path: {} moves, {} cells expanded",
                    answer.length(),
                    answer.expanded
                )
            } else {
                format!("No path to an exit: {} cells expanded", answer.expanded)
            };
            Ok(format!("{verdict}\n{}", draw(&maze, &replay)))
        }
    }
}

/// The maze as text with the search drawn on it: `o` path or route, `x` dead end, `:` expanded.
fn draw(maze: &Maze, replay: &Replay) -> String {
    let mut out = String::new();
    for row in 0..maze.height() {
        for col in 0..maze.width() {
            let pos = Pos::new(row as i32, col as i32);
            let cell = maze.cell(pos);
            let ch = match (cell, replay.marks()[pos]) {
                (crate::core::maze::Cell::Path, Mark::OnPath | Mark::Route) => 'o',
                (crate::core::maze::Cell::Path, Mark::DeadEnd) => 'x',
                (crate::core::maze::Cell::Path, Mark::Closed | Mark::Frontier) => ':',
                _ => text::symbol(cell),
            };
            out.push(ch);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn solve_classic_json_has_the_documented_keys() {
        let args = SolveMazeArgs {
            algo: MazeAlgo::DfsRule,
            classic: true,
            file: None,
            json: true,
        };
        let out = solve_maze(&args).unwrap();
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(value["found"], true);
        assert_eq!(value["start"], serde_json::json!([1, 0]));
        assert_eq!(value["exit"], serde_json::json!([7, 1]));
        assert_eq!(value["steps"], 27);
        assert_eq!(value["path"].as_array().unwrap().len(), 14);
    }

    #[test]
    fn text_output_draws_path_and_dead_ends() {
        let args = SolveMazeArgs {
            algo: MazeAlgo::DfsRule,
            classic: true,
            file: None,
            json: false,
        };
        let out = solve_maze(&args).unwrap();
        assert!(out.starts_with("Exit found: path of 13 moves, 27 steps walked"));
        assert!(out.contains("Soo#"), "{out}");
        assert!(out.contains('x'));
    }
}
