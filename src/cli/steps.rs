//! `solve … --steps`: a search's teaching steps (the same ones Learn shows) as JSON lines, one
//! per step, written as the search makes them.

use std::io::Write;

use serde::Serialize;
use serde_json::{Value, json};

use crate::core::learn::{Algo, Entry, Frontier, Step};
use crate::core::trace::{Event, Recorder};

use super::CliError;

/// One line of `--steps`.
#[derive(Serialize)]
struct StepJson<'a> {
    /// The step's number, from 1.
    step: usize,
    /// The pseudo-code line executed, from 1.
    line: u8,
    /// That line's text.
    code: &'static str,
    node: Option<crate::core::learn::Node>,
    /// The node's cost so far (its depth for a blind search), when the step knows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    g: Option<u32>,
    /// The node's estimate (A*, IDA*).
    #[serde(skip_serializing_if = "Option::is_none")]
    h: Option<u32>,
    /// The frontier after the step, in the algorithm's own order.
    open: Vec<Value>,
    /// How many entries the frontier holds (more than `open` shows under `--open-limit`).
    open_total: usize,
    closed: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<u32>,
    say: &'a str,
}

/// A frontier entry as the algorithm keeps it: `[row, col, g, h, f]` on OPEN (a board's tiles
/// in place of row and col), `[row, col, g]` in a queue, `[row, col]` on a stack (a board with
/// its depth).
fn entry_json(frontier: Frontier, entry: &Entry) -> Value {
    let mut items: Vec<Value> = match entry.node {
        crate::core::learn::Node::Cell(p) => p.to_array().iter().map(|&v| json!(v)).collect(),
        crate::core::learn::Node::Board(b) => vec![json!(b.to_string())],
    };
    let is_board = items.len() == 1;
    match frontier {
        Frontier::Open | Frontier::Path => {
            let h = entry.h.unwrap_or(0);
            items.extend([json!(entry.g), json!(h), json!(entry.g + h)]);
        }
        Frontier::Queue => items.push(json!(entry.g)),
        Frontier::Stack if is_board => items.push(json!(entry.g)),
        Frontier::Stack | Frontier::WallList | Frontier::Walls | Frontier::Walk => {}
    }
    Value::Array(items)
}

/// Writes each step as one JSON line as the search makes it. A reader that went away (a
/// closed pipe) ends the writing quietly and the search stops describing itself; another
/// failure to write is kept and reported when the search is done.
pub struct StepPrinter<W: Write> {
    algo: Algo,
    out: W,
    open_limit: usize,
    count: usize,
    closed_pipe: bool,
    failure: Option<std::io::Error>,
}

impl<W: Write> StepPrinter<W> {
    /// Prints the steps of `algo` to `out`, at most `open_limit` frontier entries each.
    pub fn new(algo: Algo, out: W, open_limit: Option<usize>) -> Self {
        Self {
            algo,
            out,
            open_limit: open_limit.unwrap_or(usize::MAX),
            count: 0,
            closed_pipe: false,
            failure: None,
        }
    }

    /// Flushes the output; `Err` for a failure to write other than a closed pipe.
    pub fn finish(mut self) -> Result<usize, CliError> {
        if self.failure.is_none() && !self.closed_pipe {
            let flushed = self.out.flush().err();
            self.keep(flushed);
        }
        match self.failure {
            Some(e) => Err(CliError::Failed(format!("cannot write the output: {e}"))),
            None => Ok(self.count),
        }
    }

    fn keep(&mut self, error: Option<std::io::Error>) {
        match error {
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => self.closed_pipe = true,
            Some(e) => self.failure = Some(e),
            None => {}
        }
    }
}

impl<W: Write> Recorder for StepPrinter<W> {
    fn record(&mut self, _event: Event) {}

    fn wants_steps(&self) -> bool {
        !self.closed_pipe && self.failure.is_none()
    }

    fn open_limit(&self) -> usize {
        self.open_limit
    }

    fn step(&mut self, step: Step) {
        self.count += 1;
        let frontier = self.algo.frontier();
        let say = step.say.english();
        let line = StepJson {
            step: self.count,
            line: step.line,
            code: self
                .algo
                .pseudo_code()
                .get(usize::from(step.line) - 1)
                .map_or("", |code| code.trim()),
            node: step.node,
            g: step.g,
            h: step.h,
            open: step.open.iter().map(|e| entry_json(frontier, e)).collect(),
            open_total: step.open_total,
            closed: step.closed,
            bound: step.bound,
            say: &say,
        };
        let text = serde_json::to_string(&line).expect("plain data serialises");
        let written = writeln!(self.out, "{text}").err();
        self.keep(written);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::classic::classic;
    use crate::core::maze::solve::astar;

    #[test]
    fn a_closed_pipe_stops_the_steps_and_is_no_error() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
        }
        let maze = classic();
        let mut printer = StepPrinter::new(Algo::MazeAstar, Closed, None);
        let answer = astar(&maze, maze.entry().unwrap(), maze.exit(), &mut printer);
        assert!(answer.found, "the search itself goes on");
        assert_eq!(
            printer.finish().unwrap(),
            1,
            "nothing is described after the pipe closed"
        );
    }

    #[test]
    fn a_full_disk_is_an_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("no space left on device"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let maze = classic();
        let mut printer = StepPrinter::new(Algo::MazeBfs, Full, None);
        crate::core::maze::solve::bfs(&maze, maze.entry().unwrap(), maze.exit(), &mut printer);
        let error = printer.finish().unwrap_err();
        assert!(error.to_string().contains("no space left"), "{error}");
    }
}
