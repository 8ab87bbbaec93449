//! Breadth-first search: shortest paths by expanding cells in order of distance.

use std::collections::VecDeque;

use super::{ShortestPath, open_neighbours, route_from_parents};
use crate::core::grid::Pos;
use crate::core::maze::Maze;
use crate::core::trace::{Event, Recorder};

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
    let mut expanded = 0;
    while let Some(i) = queue.pop_front() {
        expanded += 1;
        recorder.record(Event::Expand(grid.pos(i)));
        if Some(i) == goal_i {
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
            }
        }
    }
    ShortestPath {
        found: false,
        path: Vec::new(),
        expanded,
    }
}
