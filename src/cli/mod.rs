//! The command line: argument parsing (clap) and the headless commands, one file per command
//! family ([`maze`], [`slide`], [`mines`]; [`play`] holds the arguments of the commands that open
//! the game and turns them into the game's launch recipe).
//!
//! Every command returns a [`CliError`] instead of panicking; `main` prints it and exits with
//! code 2 for bad input or arguments and 1 for failures of the machine (no display, I/O).

// the Lab runs programs: a desktop's host (processes and their groups)
#[cfg(not(target_arch = "wasm32"))]
mod lab;
mod maze;
mod mines;
mod parallel;
mod play;
mod slide;
mod sounds;
mod steps;

use clap::{Parser, Subcommand};

#[cfg(not(target_arch = "wasm32"))]
pub use lab::{LabCommand, lab};
pub use maze::*;
pub use mines::*;
pub use parallel::{parallel_map, threads};
pub use play::*;
pub use slide::*;
pub use sounds::*;

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
    /// Generate a puzzle headless and print it.
    #[command(subcommand)]
    Generate(GenerateCommand),
    /// Measure solvers headless.
    #[command(subcommand)]
    Bench(BenchCommand),
    /// The Lab: run your own search program, judged expansion by expansion.
    #[cfg(not(target_arch = "wasm32"))]
    #[command(subcommand)]
    Lab(LabCommand),
}

/// `bench` subcommands.
#[derive(Debug, Subcommand)]
pub enum BenchCommand {
    /// 8-puzzle: solve every (or a sample of the) solvable state with A* Manhattan;
    /// 15-puzzle: solve random instances with IDA* and pattern databases.
    Slide(BenchSlideArgs),
    /// Let the Minesweeper robot play many games and report its win rate.
    Mines(BenchMinesArgs),
    /// Run a mode's real game systems headless (no rendering) with a player at work, and report
    /// the median and worst time of one update.
    Frames(BenchFramesArgs),
}

/// `solve` subcommands, one per puzzle.
#[derive(Debug, Subcommand)]
pub enum SolveCommand {
    /// Solve a maze: the classic ball walk, or a shortest path.
    Maze(SolveMazeArgs),
    /// Solve an 8- or 15-puzzle (the size follows from the number of tiles).
    Slide(SolveSlideArgs),
}

/// `generate` subcommands, one per puzzle.
#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// Generate a random perfect maze in the text format.
    Maze(GenerateMazeArgs),
    /// Write the game's sound effects as WAV files (they are synthesized, as the game does).
    Sounds(GenerateSoundsArgs),
}

/// A command's failure, with the exit code it deserves (2 bad input, 1 the machine).
pub use crate::core::launch::Failure as CliError;

/// "1 move", "2 moves": a count with its noun.
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Writes `contents` to `path` (atomically): a path the player got wrong (a file where a folder
/// should be, a folder, pipe or device where the file goes) is bad input, exit code 2; a disk
/// that fails is not (exit code 1).
pub(crate) fn write_output(
    path: &std::path::Path,
    contents: impl AsRef<[u8]>,
) -> Result<(), CliError> {
    let wrong = crate::store::wrong_path(path);
    crate::store::write_atomically(path, contents).map_err(|e| {
        if wrong {
            CliError::Input(e.english())
        } else {
            CliError::Failed(e.english())
        }
    })
}

/// Prints a command's output and a newline on stdout. A reader that went away (a closed pipe:
/// `| head -1`) ends the output quietly; any other failure to write (a full disk) is an error
/// that names it.
pub fn print_out(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::Failed(format!("cannot write the output: {e}"))),
    }
}

/// A line for the person at the terminal on stderr (progress, a chosen seed, an error); a
/// closed or full stderr loses the line, never the command.
pub fn note(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// A teacher's lab file, read and checked: every mistake is a message naming the file.
pub(crate) fn read_lab_file(path: &std::path::Path) -> Result<crate::core::lab::Task, CliError> {
    let bytes = crate::store::read_regular(path).map_err(|e| {
        CliError::Input(format!(
            "cannot read the lab file {}: {}",
            path.display(),
            e
        ))
    })?;
    crate::core::lab::task::parse_lab_bytes(bytes)
        .map_err(|e| CliError::Input(format!("{}: {}", path.display(), e.english())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
