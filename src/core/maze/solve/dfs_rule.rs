//! The classic report's search: a ball walks the maze depth first, trying down, right, left, up
//! at every cell, and steps back out of dead ends.

use serde::Serialize;

use super::SolveError;
use crate::core::grid::{Dir, Grid, Pos};
use crate::core::maze::{Cell, Maze};
use crate::core::step::{Entry, Node, Step};
use crate::core::text::{Arg, Phrase};
use crate::core::trace::{Event, Recorder, Trace};
use crate::phrase;

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
    dfs_rule_explained(maze, &mut ())
}

/// [`dfs_rule`], describing its steps to `learner` when it asks (its events go to the
/// outcome's trace, as always, and to the learner too).
pub fn dfs_rule_explained<R: Recorder>(
    maze: &Maze,
    learner: &mut R,
) -> Result<WalkOutcome, SolveError> {
    let start = maze.entry().ok_or(SolveError::NoEntry)?;
    let mut visited = Grid::new(maze.width(), maze.height(), false);
    let mut trace = Trace::new();
    let mut walk = vec![start];
    let mut path = vec![start];
    visited[start] = true;
    trace.record(Event::Enter(start));
    learner.record(Event::Enter(start));
    // Learn: the stack is the ball's path, bottom first, each cell at its depth; the closed
    // count is the number of cells visited
    let mut seen = 1;
    let explain = |learner: &mut R, seen: usize, path: &[Pos], step: Step| {
        let limit = learner.open_limit();
        let skip = path.len().saturating_sub(limit);
        let entries = path
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(depth, &p)| Entry {
                node: Node::Cell(p),
                g: depth as u32,
                h: None,
            })
            .collect();
        learner.step(step.open(entries, path.len()).closed(seen));
    };
    if learner.wants_steps() {
        let say = phrase!("the ball starts at the entry {start}", start = start);
        explain(
            learner,
            seen,
            &path,
            Step::new(1, Some(Node::Cell(start)), say),
        );
    }

    let found = loop {
        let here = *path
            .last()
            .expect("the path holds at least the ball's cell");
        if maze.cell(here) == Cell::Exit {
            if learner.wants_steps() {
                let say = phrase!(
                    "{n} is the exit: the stack, {moves} moves, is the correct path",
                    n = here,
                    moves = path.len() - 1
                );
                explain(
                    learner,
                    seen,
                    &path,
                    Step::new(4, Some(Node::Cell(here)), say),
                );
            }
            break true;
        }
        let next = Dir::RULE_ORDER
            .into_iter()
            .map(|dir| (dir, here.step(dir)))
            .find(|&(_, p)| maze.is_open(p) && !visited[p]);
        if let Some((dir, next)) = next {
            // Learn: every way the ball could take from here, in its rule order
            let options: Vec<Entry> = if learner.wants_steps() {
                Dir::RULE_ORDER
                    .into_iter()
                    .map(|d| here.step(d))
                    .filter(|&p| maze.is_open(p) && !visited[p])
                    .map(|p| Entry {
                        node: Node::Cell(p),
                        g: path.len() as u32,
                        h: None,
                    })
                    .collect()
            } else {
                Vec::new()
            };
            visited[next] = true;
            seen += 1;
            path.push(next);
            walk.push(next);
            trace.record(Event::Enter(next));
            learner.record(Event::Enter(next));
            if learner.wants_steps() {
                let say = phrase!(
                    "at {n}: {tried}{dir} is open, the ball steps to {m}",
                    n = here,
                    tried = tried_before(maze, &visited, here, dir),
                    dir = Arg::Message(dir.name()),
                    m = next
                );
                explain(
                    learner,
                    seen,
                    &path,
                    Step::new(7, Some(Node::Cell(next)), say).options(options),
                );
            }
            continue;
        }
        path.pop();
        let Some(&back_to) = path.last() else {
            if learner.wants_steps() {
                let say = phrase!(
                    "{n} has no way left and the stack is empty: there is no way out",
                    n = here
                );
                explain(
                    learner,
                    seen,
                    &path,
                    Step::new(9, Some(Node::Cell(here)), say),
                );
            }
            break false; // back at the entry with every way tried
        };
        walk.push(back_to);
        let event = Event::Backtrack {
            dead_end: here,
            back_to,
        };
        trace.record(event);
        learner.record(event);
        if learner.wants_steps() {
            let say = phrase!(
                "at {n}: every way is a wall or visited, so {n} is a dead end; pop it, the ball steps back to {back}",
                n = here,
                back = back_to
            );
            explain(
                learner,
                seen,
                &path,
                Step::new(8, Some(Node::Cell(here)), say),
            );
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

/// What the ball found in the rule order before `chosen`, as a phrase ending in "; " (nothing
/// when `chosen` came first): "down is a wall, right is visited; ".
fn tried_before(maze: &Maze, visited: &Grid<bool>, here: Pos, chosen: Dir) -> Arg {
    let mut said: Option<Phrase> = None;
    for dir in Dir::RULE_ORDER.into_iter().take_while(|&d| d != chosen) {
        let beyond = here.step(dir);
        let item = if maze.is_open(beyond) && visited[beyond] {
            phrase!("{dir} is visited", dir = Arg::Message(dir.name()))
        } else {
            phrase!("{dir} is a wall", dir = Arg::Message(dir.name()))
        };
        said = Some(match said {
            None => item,
            Some(before) => phrase!("{before}, {item}", before = before, item = item),
        });
    }
    match said {
        None => Arg::Plain(String::new()),
        Some(list) => phrase!("{list}; ", list = list).into(),
    }
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
