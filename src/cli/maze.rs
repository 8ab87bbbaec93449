//! `solve maze` and `generate maze`: the classic ball walk or a shortest path, drawn as text or
//! printed as JSON; random perfect mazes in the text format.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde::Serialize;

use crate::core::grid::Pos;
use crate::core::learn::Algo;
use crate::core::maze::generate::{Generator, generate};
use crate::core::maze::solve::{ShortestAlgo, dfs_rule, dfs_rule_explained, shortest};
use crate::core::maze::{Maze, classic::classic, text};
use crate::core::trace::{Mark, Replay};

use super::CliError;
use super::steps::StepPrinter;

/// Maze generators offered by `generate maze` (see `core::maze::generate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MazeGenerator {
    /// Randomized Prim on blocks (the Java lab's algorithm).
    Prim,
    /// Recursive backtracker: depth first with an explicit stack.
    Backtracker,
    /// Randomized Kruskal with union-find.
    Kruskal,
    /// Wilson's algorithm: a uniform spanning tree.
    Wilson,
}

impl From<MazeGenerator> for Generator {
    fn from(g: MazeGenerator) -> Self {
        match g {
            MazeGenerator::Prim => Generator::Prim,
            MazeGenerator::Backtracker => Generator::Backtracker,
            MazeGenerator::Kruskal => Generator::Kruskal,
            MazeGenerator::Wilson => Generator::Wilson,
        }
    }
}

/// Arguments of `generate maze`.
#[derive(Debug, Args)]
pub struct GenerateMazeArgs {
    /// The generator.
    #[arg(long, value_enum)]
    pub algo: MazeGenerator,
    /// Width in blocks: odd, 5 to 4001.
    #[arg(long)]
    pub width: usize,
    /// Height in blocks: odd, 5 to 4001.
    #[arg(long)]
    pub height: usize,
    /// Seed; without it a random seed is chosen and printed on stderr.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the maze to this file instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Maze algorithms offered by `solve maze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MazeAlgo {
    /// The Explore ball: depth first, rule order down, right, left, up, with backtracking.
    DfsRule,
    /// Breadth-first search (shortest path).
    Bfs,
    /// A* with the Manhattan heuristic (shortest path).
    Astar,
}

/// Arguments of `solve maze`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["classic", "file"]))]
pub struct SolveMazeArgs {
    /// The algorithm.
    #[arg(long, value_enum)]
    pub algo: MazeAlgo,
    /// Solve the classic 8×8 maze of the report.
    #[arg(long)]
    pub classic: bool,
    /// Solve the maze in this text file (`#` wall, `.` path, `S` entry, `E` exit, or digits 0–3).
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long, conflicts_with = "steps")]
    pub json: bool,
    /// Print the search step by step instead, one JSON object per line: `step`, `line` (of
    /// the pseudo-code, whose text is `code`), `node`, `open` (the frontier after the step, in
    /// the algorithm's order: `[row, col, g, h, f]` for A*, `[row, col, g]` for the BFS
    /// queue front to back, `[row, col]` for the stack bottom to top), `open_total`, `closed`
    /// and `say`.
    #[arg(long)]
    pub steps: bool,
    /// With --steps: at most this many frontier entries a step (`open_total` still counts all).
    #[arg(long, requires = "steps")]
    pub open_limit: Option<usize>,
}

/// Reads and parses a maze file; the error names the file, line and column.
pub fn load_maze(path: &Path) -> Result<Maze, CliError> {
    crate::store::maze_files::read_maze(path).map_err(|e| CliError::Input(e.english()))
}

/// `solve maze --json`: the keys every algorithm prints, plus `walk`/`steps` for the ball's
/// search and `expanded` for the shortest-path searches.
#[derive(Serialize)]
struct MazeAnswerJson {
    algo: &'static str,
    found: bool,
    start: [i32; 2],
    exit: Option<[i32; 2]>,
    path: Vec<[i32; 2]>,
    length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    walk: Option<Vec<[i32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expanded: Option<usize>,
}

fn cells(path: &[Pos]) -> Vec<[i32; 2]> {
    path.iter().map(|p| p.to_array()).collect()
}

/// Runs `solve maze` and returns what it prints.
pub fn solve_maze(args: &SolveMazeArgs) -> Result<String, CliError> {
    let maze = match &args.file {
        Some(path) => load_maze(path)?,
        None => classic(),
    };
    let no_entry = |e: crate::core::maze::solve::SolveError| CliError::Input(e.to_string());
    if args.steps {
        let algo = match args.algo {
            MazeAlgo::DfsRule => Algo::DfsRule,
            MazeAlgo::Bfs => Algo::MazeBfs,
            MazeAlgo::Astar => Algo::MazeAstar,
        };
        let mut printer = StepPrinter::new(algo, std::io::stdout().lock(), args.open_limit);
        match args.algo {
            MazeAlgo::DfsRule => dfs_rule_explained(&maze, &mut printer).map(|_| ()),
            MazeAlgo::Bfs => shortest(&maze, ShortestAlgo::Bfs, &mut printer).map(|_| ()),
            MazeAlgo::Astar => shortest(&maze, ShortestAlgo::AStar, &mut printer).map(|_| ()),
        }
        .map_err(no_entry)?;
        printer.finish()?;
        return Ok(String::new());
    }
    let exit = maze.exit().map(Pos::to_array);
    match args.algo {
        MazeAlgo::DfsRule => {
            let outcome = dfs_rule(&maze).map_err(no_entry)?;
            if args.json {
                let json = MazeAnswerJson {
                    algo: "dfs-rule",
                    found: outcome.found,
                    start: outcome.start.to_array(),
                    exit,
                    path: cells(&outcome.path),
                    length: outcome.path.len().saturating_sub(1),
                    walk: Some(cells(&outcome.walk)),
                    steps: Some(outcome.steps()),
                    expanded: None,
                };
                return Ok(serde_json::to_string(&json).expect("plain data serialises"));
            }
            let mut replay = Replay::new(outcome.trace.clone(), maze.width(), maze.height());
            replay.run_to_end();
            let verdict = if outcome.found {
                format!(
                    "Exit found: path of {} moves, {} steps walked",
                    outcome.path.len() - 1,
                    outcome.steps()
                )
            } else {
                format!("No exit: {} steps walked", outcome.steps())
            };
            Ok(format!("{verdict}\n{}", draw(&maze, &replay)))
        }
        MazeAlgo::Bfs | MazeAlgo::Astar => {
            let (algo, name) = match args.algo {
                MazeAlgo::Bfs => (ShortestAlgo::Bfs, "bfs"),
                _ => (ShortestAlgo::AStar, "astar"),
            };
            let mut trace = crate::core::trace::Trace::new();
            let answer = shortest(&maze, algo, &mut trace).map_err(no_entry)?;
            if args.json {
                let json = MazeAnswerJson {
                    algo: name,
                    found: answer.found,
                    start: maze.entry().map(Pos::to_array).unwrap_or_default(),
                    exit,
                    path: cells(&answer.path),
                    length: answer.length(),
                    walk: None,
                    steps: None,
                    expanded: Some(answer.expanded),
                };
                return Ok(serde_json::to_string(&json).expect("plain data serialises"));
            }
            let mut replay = Replay::new(trace, maze.width(), maze.height());
            replay.run_to_end();
            let verdict = if answer.found {
                format!(
                    "Shortest path: {} moves, {} cells expanded",
                    answer.length(),
                    answer.expanded
                )
            } else {
                format!("No path to an exit: {} cells expanded", answer.expanded)
            };
            Ok(format!("{verdict}\n{}", draw(&maze, &replay)))
        }
    }
}

/// Runs `generate maze`: the maze text for stdout, or a line saying where it was written.
pub fn generate_maze(args: &GenerateMazeArgs) -> Result<String, CliError> {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = crate::core::rng::fresh_seed();
        super::note(&format!("seed: {seed}"));
        seed
    });
    let maze = generate(args.algo.into(), args.width, args.height, seed, &mut ())
        .map_err(CliError::Input)?;
    let text = text::to_text(&maze);
    match &args.out {
        Some(path) => {
            super::write_output(path, &text)?;
            Ok(format!("wrote {}", path.display()))
        }
        None => Ok(text.trim_end().to_string()),
    }
}

/// The maze as text with the search drawn on it: `o` path or route, `x` dead end, `:` expanded.
fn draw(maze: &Maze, replay: &Replay) -> String {
    let mut out = String::new();
    for row in 0..maze.height() {
        for col in 0..maze.width() {
            let pos = Pos::new(row as i32, col as i32);
            let cell = maze.cell(pos);
            let ch = match (cell, replay.marks()[pos]) {
                (crate::core::maze::Cell::Path, Mark::OnPath | Mark::Route) => 'o',
                (crate::core::maze::Cell::Path, Mark::DeadEnd) => 'x',
                (crate::core::maze::Cell::Path, Mark::Closed | Mark::Frontier) => ':',
                _ => text::symbol(cell),
            };
            out.push(ch);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_classic_json_has_the_documented_keys() {
        let args = SolveMazeArgs {
            algo: MazeAlgo::DfsRule,
            classic: true,
            file: None,
            json: true,
            steps: false,
            open_limit: None,
        };
        let out = solve_maze(&args).unwrap();
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(value["found"], true);
        assert_eq!(value["start"], serde_json::json!([1, 0]));
        assert_eq!(value["exit"], serde_json::json!([7, 1]));
        assert_eq!(value["steps"], 27);
        assert_eq!(value["path"].as_array().unwrap().len(), 14);
    }

    #[test]
    fn text_output_draws_path_and_dead_ends() {
        let args = SolveMazeArgs {
            algo: MazeAlgo::DfsRule,
            classic: true,
            file: None,
            json: false,
            steps: false,
            open_limit: None,
        };
        let out = solve_maze(&args).unwrap();
        assert!(out.starts_with("Exit found: path of 13 moves, 27 steps walked"));
        assert!(out.contains("Soo#"), "{out}");
        assert!(out.contains('x'));
    }
}
