//! The classic report's search: a ball walks the maze depth first, trying down, right, left, up
//! at every cell, and steps back out of dead ends.

use serde::Serialize;

use super::SolveError;
use crate::core::grid::{Dir, Grid, Pos};
use crate::core::maze::{Cell, Maze};
use crate::core::trace::{Event, Recorder, Trace};

/// Everything the ball did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WalkOutcome {
    /// True when the ball reached the exit.
    pub found: bool,
    /// The entry, where the ball started.
    pub start: Pos,
    /// The maze's exit, if it has one (reachable or not).
    pub exit: Option<Pos>,
    /// The correct path from entry to exit (the chain of cells left after removing dead ends);
    /// empty when there is no way out.
    pub path: Vec<Pos>,
    /// Every cell the ball stood on, in order, backtracking steps included.
    pub walk: Vec<Pos>,
    /// The same walk as replayable events.
    #[serde(skip)]
    pub trace: Trace,
}

impl WalkOutcome {
    /// Number of moves the ball made (forward and back).
    pub fn steps(&self) -> usize {
        self.walk.len().saturating_sub(1)
    }
}

/// Searches the maze the way the report's ball does.
///
/// At each cell the ball moves to the first neighbour, in the rule order down, right, left, up,
/// that is not a wall and not yet visited (the entry counts as visited; outside the maze counts
/// as wall). With no such neighbour it steps back one cell, and the cell it leaves is a dead end.
/// It stops on reaching the exit, or when it has fallen back to the entry with nothing left.
pub fn dfs_rule(maze: &Maze) -> Result<WalkOutcome, SolveError> {
    let start = maze.entry().ok_or(SolveError::NoEntry)?;
    let mut visited = Grid::new(maze.width(), maze.height(), false);
    let mut trace = Trace::new();
    let mut walk = vec![start];
    let mut path = vec![start];
    visited[start] = true;
    trace.record(Event::Enter(start));

    let found = loop {
        let here = *path
            .last()
            .expect("the path holds at least the ball's cell");
        if maze.cell(here) == Cell::Exit {
            break true;
        }
        let next = Dir::RULE_ORDER
            .into_iter()
            .map(|dir| here.step(dir))
            .find(|&p| maze.is_open(p) && !visited[p]);
        if let Some(next) = next {
            visited[next] = true;
            path.push(next);
            walk.push(next);
            trace.record(Event::Enter(next));
            continue;
        }
        path.pop();
        match path.last() {
            Some(&back_to) => {
                walk.push(back_to);
                trace.record(Event::Backtrack {
                    dead_end: here,
                    back_to,
                });
            }
            None => break false, // back at the entry with every way tried
        }
    };
    Ok(WalkOutcome {
        found,
        start,
        exit: maze.exit(),
        path,
        walk,
        trace,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::{classic::classic, text::parse};
    use crate::core::trace::{Mark, Replay};

    fn cells(pairs: &[(i32, i32)]) -> Vec<Pos> {
        pairs.iter().map(|&(r, c)| Pos::new(r, c)).collect()
    }

    #[test]
    fn classic_maze_walk_follows_the_rule_order() {
        let outcome = dfs_rule(&classic()).unwrap();
        assert!(outcome.found);
        // Worked by hand from the report's maze and rule order (down, right, left, up).
        let expected_walk = cells(&[
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 2),
            (3, 2),
            (3, 1),
            (3, 2),
            (2, 2),
            (2, 3),
            (2, 4),
            (3, 4),
            (4, 4),
            (5, 4),
            (5, 5),
            (6, 5),
            (6, 6),
            (5, 6),
            (6, 6),
            (6, 5),
            (5, 5),
            (5, 4),
            (5, 3),
            (6, 3),
            (5, 3),
            (5, 2),
            (5, 1),
            (6, 1),
            (7, 1),
        ]);
        assert_eq!(outcome.walk, expected_walk);
        let expected_path = cells(&[
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 2),
            (2, 3),
            (2, 4),
            (3, 4),
            (4, 4),
            (5, 4),
            (5, 3),
            (5, 2),
            (5, 1),
            (6, 1),
            (7, 1),
        ]);
        assert_eq!(outcome.path, expected_path);
        assert_eq!(outcome.steps(), expected_walk.len() - 1);
        assert_eq!(outcome.start, Pos::new(1, 0));
        assert_eq!(outcome.exit, Some(Pos::new(7, 1)));
    }

    #[test]
    fn down_is_tried_before_right_left_and_up() {
        // From S the ball can go down, right, left or up; it must choose down first.
        let maze = parse("#.#\n.S.\n#.#\n").unwrap();
        assert_eq!(dfs_rule(&maze).unwrap().walk[1], Pos::new(2, 1));
        let maze = parse("#.#\n.S.\n###\n").unwrap();
        assert_eq!(dfs_rule(&maze).unwrap().walk[1], Pos::new(1, 2));
        let maze = parse("#.#\n.S#\n###\n").unwrap();
        assert_eq!(dfs_rule(&maze).unwrap().walk[1], Pos::new(1, 0));
        let maze = parse("#.#\n#S#\n###\n").unwrap();
        assert_eq!(dfs_rule(&maze).unwrap().walk[1], Pos::new(0, 1));
    }

    #[test]
    fn no_exit_falls_back_to_the_entry() {
        let maze = parse("S..\n.#.\n...\n").unwrap();
        let outcome = dfs_rule(&maze).unwrap();
        assert!(!outcome.found);
        assert!(outcome.path.is_empty());
        assert_eq!(outcome.walk.last(), Some(&outcome.start));
        // Every open cell was visited.
        let mut replay = Replay::new(outcome.trace.clone(), 3, 3);
        replay.run_to_end();
        let visited = replay
            .marks()
            .cells()
            .iter()
            .filter(|m| **m != Mark::Unseen)
            .count();
        assert_eq!(visited, maze.open_cells());
    }

    #[test]
    fn walled_in_exit_is_not_found() {
        let maze = parse("S.#E\n").unwrap();
        let outcome = dfs_rule(&maze).unwrap();
        assert!(!outcome.found);
        assert_eq!(outcome.walk, cells(&[(0, 0), (0, 1), (0, 0)]));
    }

    #[test]
    fn replaying_the_trace_leaves_the_path_and_the_dead_ends() {
        let maze = classic();
        let outcome = dfs_rule(&maze).unwrap();
        let mut replay = Replay::new(outcome.trace.clone(), maze.width(), maze.height());
        let mut walker_positions = Vec::new();
        while replay.step_forward().is_some() {
            walker_positions.push(replay.walker().unwrap());
        }
        assert_eq!(walker_positions, outcome.walk);
        for (pos, mark) in replay.marks().iter() {
            let on_path = outcome.path.contains(&pos);
            assert_eq!(*mark == Mark::OnPath, on_path, "{pos}");
            if *mark == Mark::DeadEnd {
                assert!(outcome.walk.contains(&pos) && !on_path);
            }
        }
        assert_eq!(replay.marks()[Pos::new(3, 1)], Mark::DeadEnd);
        assert_eq!(replay.marks()[Pos::new(6, 6)], Mark::DeadEnd);
    }
}
