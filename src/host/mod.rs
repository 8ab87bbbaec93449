//! The host: what touches the operating system for the core, shared by the command line and
//! the game. Today that is the Lab's runner ([`lab`]): a student's program started in a group
//! of its own ([`group`]: a process group on Unix, in a bubblewrap sandbox where there is one; a
//! job object on Windows), fed the protocol, held to its time, memory and output limits, and
//! killed with all its children.

pub mod group;
pub mod lab;
