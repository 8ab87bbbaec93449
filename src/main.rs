//! The `ai-arcade` binary: no command opens the game; subcommands run headless or take a
//! screenshot. Errors print one clear line on stderr and set the exit code (2 bad input, 1 failure).
//!
//! On Windows it is a windowed program, so a double-click opens the game and no console window
//! beside it. The command line still prints: in a terminal, `ai-arcade` finds the console
//! twin `ai-arcade.com` first (`src/bin/console.rs`), which runs this program with the terminal's
//! handles and waits for it; started directly, it writes to the console of the terminal that
//! started it.

// a windowed program on Windows: a double-click opens no console window
#![cfg_attr(windows, windows_subsystem = "windows")]

#[cfg(target_arch = "wasm32")]
fn main() {
    // in a browser there is no command line: the page opens the game
    #[cfg(feature = "game")]
    ai_arcade::game::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    desktop::main();
}

/// The command line and the game's window on a desktop.
#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use clap::Parser;

    use ai_arcade::cli::lab;
    use ai_arcade::cli::{
        BenchCommand, Cli, CliError, Command, GenerateCommand, SolveCommand, bench_mines,
        bench_slide, generate_maze, generate_sounds, note, print_out, solve_maze, solve_slide,
    };
    use ai_arcade::core::launch::{FramesRecipe, Recipe, ShotRecipe};

    pub fn main() {
        #[cfg(windows)]
        attach_console();
        let cli = match Cli::try_parse() {
            Ok(cli) => cli,
            // help and version go to stdout like any output; a usage error is one message, exit 2
            Err(e) if e.use_stderr() => {
                note(e.render().to_string().trim_end());
                std::process::exit(2);
            }
            Err(e) => {
                let printed = print_out(e.render().to_string().trim_end());
                if let Err(error) = printed {
                    note(&format!("error: {error}"));
                    std::process::exit(error.exit_code());
                }
                return;
            }
        };
        let result = match cli.command {
            // with --steps the lines are printed as the search makes them, and nothing is left
            Some(Command::Solve(SolveCommand::Maze(args))) => {
                solve_maze(&args).and_then(|out| print_unless_empty(&out))
            }
            Some(Command::Solve(SolveCommand::Slide(args))) => {
                solve_slide(&args).and_then(|out| print_unless_empty(&out))
            }
            Some(Command::Generate(GenerateCommand::Maze(args))) => {
                generate_maze(&args).and_then(|out| print_out(&out))
            }
            Some(Command::Generate(GenerateCommand::Sounds(args))) => {
                generate_sounds(&args).and_then(|out| print_out(&out))
            }
            Some(Command::Bench(BenchCommand::Slide(args))) => {
                bench_slide(&args).and_then(|out| print_out(&out))
            }
            Some(Command::Bench(BenchCommand::Mines(args))) => {
                bench_mines(&args).and_then(|out| print_out(&out))
            }
            Some(Command::Bench(BenchCommand::Frames(args))) => args
                .recipe()
                .and_then(|recipe| bench_frames(&recipe))
                .and_then(|out| print_out(&out)),
            Some(Command::Lab(command)) => match lab(&command) {
                // a run or a check that is not accepted prints its report and exits with 1
                Ok((out, code)) => print_out(&out).map(|()| {
                    if code != 0 {
                        std::process::exit(code);
                    }
                }),
                Err(e) => Err(e),
            },
            Some(Command::Play(args)) => args.board.recipe().and_then(|recipe| play(Some(recipe))),
            Some(Command::Shot(args)) => args.recipe().and_then(shot),
            None => play(None),
        };
        if let Err(error) = result {
            note(&format!("error: {error}"));
            std::process::exit(error.exit_code());
        }
    }

    /// A windowed program started from a terminal without the console twin has no standard
    /// handles: it writes to the terminal's console instead (nothing, opened by a double-click).
    /// Handles it was given (a pipe, a file, the twin's console) are kept.
    #[cfg(windows)]
    fn attach_console() {
        use std::os::windows::io::AsRawHandle;
        if std::io::stdout().as_raw_handle().is_null()
            && std::io::stderr().as_raw_handle().is_null()
        {
            let _ = winsafe::AttachConsole(winsafe::PidParent::Parent);
        }
    }

    fn print_unless_empty(out: &str) -> Result<(), CliError> {
        if out.is_empty() {
            Ok(())
        } else {
            print_out(out)
        }
    }

    #[cfg(feature = "game")]
    fn play(recipe: Option<Recipe>) -> Result<(), CliError> {
        ai_arcade::game::play(recipe)
    }

    #[cfg(feature = "game")]
    fn shot(recipe: ShotRecipe) -> Result<(), CliError> {
        for path in ai_arcade::game::shot(recipe)? {
            print_out(&format!("wrote {}", path.display()))?;
        }
        Ok(())
    }

    #[cfg(feature = "game")]
    #[allow(
        clippy::unnecessary_wraps,
        reason = "the same signature as without the game"
    )]
    fn bench_frames(recipe: &FramesRecipe) -> Result<String, CliError> {
        Ok(ai_arcade::game::bench::bench_frames(recipe))
    }

    #[cfg(not(feature = "game"))]
    fn bench_frames(_recipe: &FramesRecipe) -> Result<String, CliError> {
        Err(CliError::Failed(
            "this build has no game systems (built without the `game` feature)".into(),
        ))
    }

    #[cfg(not(feature = "game"))]
    fn play(_recipe: Option<Recipe>) -> Result<(), CliError> {
        Err(CliError::Failed(
            "this build has no game window (built without the `game` feature)".into(),
        ))
    }

    #[cfg(not(feature = "game"))]
    fn shot(_recipe: ShotRecipe) -> Result<(), CliError> {
        play(None)
    }
}
