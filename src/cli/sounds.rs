//! `generate sounds`: the game's sound effects written as WAV files, to listen to them (or use
//! them elsewhere) without playing.

use std::path::PathBuf;

use clap::Args;

use super::CliError;
use crate::core::sound::{Cue, wav};

/// Arguments of `generate sounds`.
#[derive(Debug, Args)]
pub struct GenerateSoundsArgs {
    /// The folder to write them in (made when missing): one `<name>.wav` per effect.
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs `generate sounds`: every effect, 16-bit mono WAV, and a line saying where they went.
pub fn generate_sounds(args: &GenerateSoundsArgs) -> Result<String, CliError> {
    if args.out.exists() && !args.out.is_dir() {
        return Err(CliError::Input(format!(
            "{} is not a folder",
            args.out.display()
        )));
    }
    for cue in Cue::ALL {
        let path = args.out.join(format!("{}.wav", cue.name()));
        // a path the player got wrong is bad input (exit 2); a disk that fails is not
        let wrong_parent = crate::store::file_in_the_way(&path).is_some();
        crate::store::write_atomically(&path, wav(&cue.samples())).map_err(|e| {
            if wrong_parent {
                CliError::Input(e.english())
            } else {
                CliError::Failed(e.english())
            }
        })?;
    }
    Ok(format!(
        "wrote {} sounds to {}",
        Cue::ALL.len(),
        args.out.display()
    ))
}
