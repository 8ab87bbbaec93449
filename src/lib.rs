//! ai-arcade: classic AI search puzzles made playable, watchable and solvable.
//!
//! [`core`] holds every rule as plain Rust (no Bevy), [`store`] what is kept on disk, [`cli`] the
//! headless commands, and [`game`] (feature `game`) the Bevy front end that maps input to core
//! calls and core state to entities. Imports run one way: `core` ← `store` ← `cli` / `game`.

pub mod cli;
pub mod core;
#[cfg(feature = "game")]
pub mod game;
#[cfg(not(target_arch = "wasm32"))]
pub mod host;
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod web;
