//! The `ai-arcade` binary: no command opens the game; subcommands run headless or take a
//! screenshot. Errors print one clear line on stderr and set the exit code (2 bad input, 1 failure).

use clap::Parser;

use ai_arcade::cli::{
    BenchCommand, Cli, CliError, Command, GenerateCommand, SolveCommand, bench_mines, bench_slide,
    generate_maze, solve_maze, solve_slide,
};

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Solve(SolveCommand::Maze(args))) => solve_maze(&args).map(|out| {
            println!("{out}");
        }),
        Some(Command::Solve(SolveCommand::Slide(args))) => solve_slide(&args).map(|out| {
            println!("{out}");
        }),
        Some(Command::Generate(GenerateCommand::Maze(args))) => generate_maze(&args).map(|out| {
            println!("{out}");
        }),
        Some(Command::Bench(BenchCommand::Slide(args))) => bench_slide(&args).map(|out| {
            println!("{out}");
        }),
        Some(Command::Bench(BenchCommand::Mines(args))) => bench_mines(&args).map(|out| {
            println!("{out}");
        }),
        Some(Command::Bench(BenchCommand::Frames(args))) => bench_frames(&args).map(|out| {
            println!("{out}");
        }),
        Some(Command::Play(args)) => play(Some(args)),
        Some(Command::Shot(args)) => shot(args),
        None => play(None),
    };
    if let Err(error) = result {
        eprintln!("error: {error}");
        std::process::exit(error.exit_code());
    }
}

#[cfg(feature = "game")]
fn play(args: Option<ai_arcade::cli::PlayArgs>) -> Result<(), CliError> {
    ai_arcade::game::play(args)
}

#[cfg(feature = "game")]
fn shot(args: ai_arcade::cli::ShotArgs) -> Result<(), CliError> {
    ai_arcade::game::shot(args)
}

#[cfg(feature = "game")]
fn bench_frames(args: &ai_arcade::cli::BenchFramesArgs) -> Result<String, CliError> {
    ai_arcade::game::bench::bench_frames(args)
}

#[cfg(not(feature = "game"))]
fn bench_frames(_args: &ai_arcade::cli::BenchFramesArgs) -> Result<String, CliError> {
    Err(CliError::Failed(
        "this build has no game systems (built without the `game` feature)".into(),
    ))
}

#[cfg(not(feature = "game"))]
fn play(_args: Option<ai_arcade::cli::PlayArgs>) -> Result<(), CliError> {
    Err(CliError::Failed(
        "this build has no game window (built without the `game` feature)".into(),
    ))
}

#[cfg(not(feature = "game"))]
fn shot(_args: ai_arcade::cli::ShotArgs) -> Result<(), CliError> {
    play(None)
}
