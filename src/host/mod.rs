//! The host: what touches the operating system for the core, shared by the command line and
//! the game. Today that is the Lab's runner ([`lab`]): a student's program started in a
//! process group of its own (in a bubblewrap sandbox where there is one), fed the protocol,
//! held to its time, memory and output limits, and killed with all its children.

#[cfg(unix)]
pub mod lab;
