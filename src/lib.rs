//! ai-arcade: classic AI search puzzles made playable, watchable and solvable.
//!
//! [`core`] holds every rule as plain Rust (no Bevy), [`cli`] the headless commands, and
//! [`game`] (feature `game`) the Bevy front end that maps input to core calls and core state to
//! entities.

pub mod cli;
pub mod core;
pub mod files;
#[cfg(feature = "game")]
pub mod game;
pub mod settings;
