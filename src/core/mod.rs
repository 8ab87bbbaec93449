//! The rules of every puzzle: pure Rust, no Bevy types, deterministic, unit-tested.
//!
//! The game (`crate::game`) and the command line (`crate::cli`) only map input to these
//! functions and their results to pixels or text.

pub mod clock;
pub mod grid;
pub mod id;
pub mod lab;
pub mod launch;
pub mod learn;
pub mod maze;
pub mod mines;
pub mod mode;
pub mod rng;
pub mod showcase;
pub mod slide;
pub mod sound;
pub mod step;
pub mod text;
pub mod trace;
pub mod worker;
