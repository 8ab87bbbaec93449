//! The Lab: students bring their own search, in any language; ai-arcade runs it as a child
//! process speaking the protocol ([`message`]), replays its frontier and judges every expansion
//! against the algorithm's definition ([`check`]), on the tasks' boards ([`task`], [`space`]),
//! and writes the reports a teacher collects ([`report`]).
//!
//! All of this is pure (it builds for the browser too); starting, limiting and killing the
//! program is the host's (`crate::host`).

/// The command that runs a Python file: `python3` where Python 3 is installed under that name,
/// `python` on Windows (python.org's installer and the Microsoft Store both put it on the path).
pub const PYTHON: &str = if cfg!(windows) { "python" } else { "python3" };

pub mod check;
pub mod film;
pub mod heuristic;
mod ida;
pub mod layout;
pub mod message;
pub mod mines;
pub mod referee;
pub mod report;
pub mod space;
pub mod starter;
pub mod task;
pub mod tree;

pub use check::{Answer, Judge, Reference, Reported, Standing, Verdict, Violation};
pub use message::{Encoding, Said, Session};
pub use space::{Space, State};
pub use task::{Case, Limits, Search, Task, parse_lab_file, task, tasks};
