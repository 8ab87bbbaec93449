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
        super::write_output(&path, wav(&cue.samples()))?;
    }
    Ok(format!(
        "wrote {} sounds to {}",
        Cue::ALL.len(),
        args.out.display()
    ))
}
