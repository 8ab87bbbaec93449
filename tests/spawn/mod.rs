//! Starting the real binary from the command-line tests.
//!
//! Under Wine (the Windows build's tests in CI) creating a process now and then fails with
//! `ERROR_INTERNAL_ERROR` (1359) before the program has started: the emulator's, not ours (seen
//! once in CI, in a test that had just started the same binary four times). That one error is
//! tried again a few times; any other error, and whatever the program itself does, is still the
//! test's to judge.

use std::process::{Child, Command, Output};
use std::time::Duration;

/// Windows's `ERROR_INTERNAL_ERROR`.
const INTERNAL_ERROR: i32 = 1359;

/// `f(command)`, tried again while process creation fails with Wine's transient error.
fn retried<T>(command: &mut Command, f: fn(&mut Command) -> std::io::Result<T>) -> T {
    let mut tries = 0;
    loop {
        match f(command) {
            Ok(done) => return done,
            Err(error)
                if cfg!(windows) && error.raw_os_error() == Some(INTERNAL_ERROR) && tries < 4 =>
            {
                tries += 1;
                eprintln!("starting {command:?} failed ({error}); trying again");
                std::thread::sleep(Duration::from_millis(250));
            }
            Err(error) => panic!("the binary runs: {command:?}: {error}"),
        }
    }
}

/// The finished program's output (`Command::output`).
pub fn output(command: &mut Command) -> Output {
    retried(command, Command::output)
}

/// The started program (`Command::spawn`).
#[allow(dead_code)]
pub fn spawn(command: &mut Command) -> Child {
    retried(command, Command::spawn)
}
