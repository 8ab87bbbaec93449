//! Maze solvers: the classic rule-order DFS walk, and shortest paths by BFS and A*.

pub mod astar;
pub mod bfs;
pub mod dfs_rule;

use std::fmt;

use serde::Serialize;

use super::Maze;
use crate::core::grid::Pos;
use crate::core::trace::{Event, Recorder};

pub use astar::astar;
pub use bfs::bfs;
pub use dfs_rule::{WalkOutcome, dfs_rule, dfs_rule_explained};

/// Why a maze could not be searched at all (as opposed to "searched, no exit reachable").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The maze has no entry cell.
    NoEntry,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NoEntry => f.write_str("the maze has no entry to start from"),
        }
    }
}

impl std::error::Error for SolveError {}

/// The answer of a shortest-path search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShortestPath {
    /// True when the goal is reachable.
    pub found: bool,
    /// The cells from start to goal, both included; empty when not found.
    pub path: Vec<Pos>,
    /// How many cells were taken from the open set and expanded.
    pub expanded: usize,
}

impl ShortestPath {
    /// Number of moves along the path (cells minus one), 0 when not found.
    pub fn length(&self) -> usize {
        self.path.len().saturating_sub(1)
    }
}

/// The shortest-path algorithms the command line and the game offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortestAlgo {
    Bfs,
    AStar,
}

/// Runs a shortest-path search from the maze's entry to its exit. A maze with no exit is
/// searched all the same (the answer is "not found", with every reachable cell expanded).
pub fn shortest<R: Recorder>(
    maze: &Maze,
    algo: ShortestAlgo,
    recorder: &mut R,
) -> Result<ShortestPath, SolveError> {
    let start = maze.entry().ok_or(SolveError::NoEntry)?;
    let goal = maze.exit();
    Ok(match algo {
        ShortestAlgo::Bfs => bfs(maze, start, goal, recorder),
        ShortestAlgo::AStar => astar(maze, start, goal, recorder),
    })
}

/// Follows parent links from `goal` back to the start (whose parent is itself) and records the
/// route in start-to-goal order.
pub(crate) fn route_from_parents<R: Recorder>(
    maze: &Maze,
    parent: &[u32],
    goal: usize,
    recorder: &mut R,
) -> Vec<Pos> {
    let mut path = Vec::new();
    let mut at = goal;
    loop {
        path.push(maze.grid().pos(at));
        let up = parent[at] as usize;
        if up == at {
            break;
        }
        at = up;
    }
    path.reverse();
    for &p in &path {
        recorder.record(Event::Route(p));
    }
    path
}

/// The open neighbours of flat index `i`, in the order up, down, left, right.
#[inline]
pub(crate) fn open_neighbours(maze: &Maze, i: usize) -> impl Iterator<Item = usize> + '_ {
    let width = maze.width();
    let cells = maze.grid().cells();
    let col = i % width;
    let up = i.checked_sub(width);
    let down = Some(i + width).filter(|&j| j < cells.len());
    let left = (col > 0).then(|| i - 1);
    let right = (col + 1 < width).then(|| i + 1);
    [up, down, left, right]
        .into_iter()
        .flatten()
        .filter(move |&j| cells[j].is_open())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::{classic::classic, text::parse};
    use crate::core::trace::Trace;

    #[test]
    fn bfs_and_astar_agree_on_the_classic_maze() {
        let maze = classic();
        let b = shortest(&maze, ShortestAlgo::Bfs, &mut ()).unwrap();
        let a = shortest(&maze, ShortestAlgo::AStar, &mut ()).unwrap();
        assert!(b.found && a.found);
        assert_eq!(a.length(), b.length());
        assert!(a.expanded <= b.expanded);
        assert_eq!(a.path.first(), maze.entry().as_ref());
        assert_eq!(a.path.last(), maze.exit().as_ref());
    }

    #[test]
    fn known_shortest_length() {
        // S . . .
        // # # # .
        // E . . .
        let maze = parse("S...\n###.\nE...").unwrap();
        for algo in [ShortestAlgo::Bfs, ShortestAlgo::AStar] {
            let answer = shortest(&maze, algo, &mut ()).unwrap();
            assert_eq!(answer.length(), 8, "{algo:?}");
            for pair in answer.path.windows(2) {
                assert_eq!(pair[0].manhattan(pair[1]), 1);
                assert!(maze.is_open(pair[1]));
            }
        }
    }

    #[test]
    fn unreachable_and_missing_exits_are_not_found() {
        let walled = parse("S.#E").unwrap();
        let no_exit = parse("S..").unwrap();
        for maze in [walled, no_exit] {
            for algo in [ShortestAlgo::Bfs, ShortestAlgo::AStar] {
                let answer = shortest(&maze, algo, &mut ()).unwrap();
                assert!(!answer.found);
                assert!(answer.path.is_empty());
                assert_eq!(answer.length(), 0);
            }
        }
    }

    #[test]
    fn traces_end_with_the_route() {
        let maze = classic();
        let mut trace = Trace::new();
        let answer = shortest(&maze, ShortestAlgo::AStar, &mut trace).unwrap();
        let route: Vec<Pos> = trace
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Route(p) => Some(*p),
                _ => None,
            })
            .collect();
        assert_eq!(route, answer.path);
        let expanded = trace
            .events
            .iter()
            .filter(|e| matches!(e, Event::Expand(_)))
            .count();
        assert_eq!(expanded, answer.expanded);
    }

    #[test]
    fn no_entry_is_an_error() {
        let mut maze = classic();
        let entry = maze.entry().unwrap();
        maze.set(entry, crate::core::maze::Cell::Path);
        assert_eq!(
            shortest(&maze, ShortestAlgo::Bfs, &mut ()),
            Err(SolveError::NoEntry)
        );
        assert_eq!(dfs_rule(&maze).unwrap_err(), SolveError::NoEntry);
    }
}
