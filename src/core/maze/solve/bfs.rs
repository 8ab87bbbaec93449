//! Breadth-first search: shortest paths by expanding cells in order of distance.

use std::collections::VecDeque;

use super::{ShortestPath, open_neighbours, route_from_parents};
use crate::core::grid::Pos;
use crate::core::maze::Maze;
use crate::core::step::{Entry, Node, Step};
use crate::core::trace::{Event, Recorder};
use crate::phrase;

const UNSEEN: u32 = u32::MAX;

/// Shortest path from `start` to `goal` by BFS; with no goal every reachable cell is expanded.
pub fn bfs<R: Recorder>(
    maze: &Maze,
    start: Pos,
    goal: Option<Pos>,
    recorder: &mut R,
) -> ShortestPath {
    let grid = maze.grid();
    let (Some(start_i), goal_i) = (grid.index(start), goal.and_then(|g| grid.index(g))) else {
        return ShortestPath {
            found: false,
            path: Vec::new(),
            expanded: 0,
        };
    };
    let mut parent = vec![UNSEEN; grid.len()];
    let mut queue = VecDeque::new();
    parent[start_i] = start_i as u32;
    queue.push_back(start_i);
    recorder.record(Event::Frontier(start));
    // Learn: each cell's g, kept only when steps are asked for (the queue holds cells alone).
    let learning = recorder.wants_steps();
    let mut depth = if learning {
        vec![0u32; grid.len()]
    } else {
        Vec::new()
    };
    let snapshot = |recorder: &R, queue: &VecDeque<usize>, depth: &[u32], step: Step| {
        let entries = queue
            .iter()
            .take(recorder.open_limit())
            .map(|&j| Entry {
                node: Node::Cell(grid.pos(j)),
                g: depth[j],
                h: None,
            })
            .collect();
        step.open(entries, queue.len())
    };
    if learning {
        let step = Step::new(
            1,
            Some(Node::Cell(start)),
            phrase!("{start} goes into the queue: g = 0", start = start),
        );
        recorder.step(snapshot(recorder, &queue, &depth, step));
    }
    let mut expanded = 0;
    while let Some(i) = queue.pop_front() {
        expanded += 1;
        recorder.record(Event::Expand(grid.pos(i)));
        if learning && recorder.wants_steps() {
            let step = Step::new(
                3,
                Some(Node::Cell(grid.pos(i))),
                phrase!(
                    "take {n} from the front of the queue (g = {g}) and expand it",
                    n = grid.pos(i),
                    g = depth[i]
                ),
            );
            recorder.step(snapshot(recorder, &queue, &depth, step).closed(expanded));
        }
        if Some(i) == goal_i {
            if learning && recorder.wants_steps() {
                let step = Step::new(
                    4,
                    Some(Node::Cell(grid.pos(i))),
                    phrase!(
                        "{n} is the exit: the path by parent links has {g} moves",
                        n = grid.pos(i),
                        g = depth[i]
                    ),
                );
                recorder.step(snapshot(recorder, &queue, &depth, step).closed(expanded));
            }
            let path = route_from_parents(maze, &parent, i, recorder);
            return ShortestPath {
                found: true,
                path,
                expanded,
            };
        }
        for j in open_neighbours(maze, i) {
            if parent[j] == UNSEEN {
                parent[j] = i as u32;
                queue.push_back(j);
                recorder.record(Event::Frontier(grid.pos(j)));
                if learning {
                    depth[j] = depth[i] + 1;
                    if recorder.wants_steps() {
                        let step = Step::new(
                            7,
                            Some(Node::Cell(grid.pos(j))),
                            phrase!(
                                "{m} is reached (g = {g}) and goes to the back of the queue",
                                m = grid.pos(j),
                                g = depth[j]
                            ),
                        );
                        recorder.step(snapshot(recorder, &queue, &depth, step).closed(expanded));
                    }
                }
            } else if learning && recorder.wants_steps() {
                let step = Step::new(
                    6,
                    Some(Node::Cell(grid.pos(j))),
                    phrase!("{m} is reached already: skipped", m = grid.pos(j)),
                );
                recorder.step(snapshot(recorder, &queue, &depth, step).closed(expanded));
            }
        }
    }
    if learning && recorder.wants_steps() {
        let step = Step::new(
            8,
            None,
            phrase!("the queue is empty: the exit cannot be reached"),
        );
        recorder.step(step.closed(expanded));
    }
    ShortestPath {
        found: false,
        path: Vec::new(),
        expanded,
    }
}
