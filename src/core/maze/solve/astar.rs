//! A* with the Manhattan heuristic: shortest paths expanding the most promising cell first.
//!
//! Manhattan distance never overestimates on a 4-connected grid with unit steps and is
//! consistent, so the first time the goal leaves the open set its path is optimal and no closed
//! cell ever needs reopening. Ties on f are broken towards the larger g (the deeper cell), which
//! on mazes expands far fewer cells than breaking them arbitrarily.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{ShortestPath, open_neighbours, route_from_parents};
use crate::core::grid::Pos;
use crate::core::maze::Maze;
use crate::core::step::{Entry, Node, Step, best_first};
use crate::core::trace::{Event, Recorder};
use crate::phrase;

const UNSEEN: u32 = u32::MAX;

/// Shortest path from `start` to `goal` by A* (Manhattan heuristic). With no goal there is
/// nothing to aim at: the answer is "not found" after expanding every reachable cell.
pub fn astar<R: Recorder>(
    maze: &Maze,
    start: Pos,
    goal: Option<Pos>,
    recorder: &mut R,
) -> ShortestPath {
    let grid = maze.grid();
    let width = grid.width();
    let (Some(start_i), goal_i) = (grid.index(start), goal.and_then(|g| grid.index(g))) else {
        return ShortestPath {
            found: false,
            path: Vec::new(),
            expanded: 0,
        };
    };
    let (goal_row, goal_col) = goal_i.map_or((0, 0), |g| (g / width, g % width));
    let heuristic = |i: usize| -> u32 {
        if goal_i.is_none() {
            return 0;
        }
        ((i / width).abs_diff(goal_row) + (i % width).abs_diff(goal_col)) as u32
    };

    let mut best_g = vec![UNSEEN; grid.len()];
    let mut parent = vec![UNSEEN; grid.len()];
    let mut closed = vec![false; grid.len()];
    // Key: f in the high bits, then the complement of g so that deeper cells win ties.
    let key = |f: u32, g: u32| (u64::from(f) << 32) | u64::from(u32::MAX - g);
    let mut open = BinaryHeap::new();

    best_g[start_i] = 0;
    parent[start_i] = start_i as u32;
    open.push(Reverse((key(heuristic(start_i), 0), start_i as u32)));
    recorder.record(Event::Frontier(start));
    // Learn's view of OPEN: the heap's live entries (not closed, not superseded by a cheaper
    // entry of the same cell), in the order they would be popped.
    let snapshot = |recorder: &R,
                    open: &BinaryHeap<Reverse<(u64, u32)>>,
                    closed: &[bool],
                    best_g: &[u32],
                    step: Step| {
        let live: Vec<(u64, u32)> = open
            .iter()
            .map(|Reverse(entry)| *entry)
            .filter(|&(k, j)| !closed[j as usize] && u32::MAX - (k as u32) == best_g[j as usize])
            .collect();
        let total = live.len();
        let entries = best_first(live, recorder.open_limit(), |&entry| entry)
            .into_iter()
            .map(|(_, j)| Entry {
                node: Node::Cell(grid.pos(j as usize)),
                g: best_g[j as usize],
                h: Some(heuristic(j as usize)),
            })
            .collect();
        step.open(entries, total)
    };
    if recorder.wants_steps() {
        let step = Step::new(
            1,
            Some(Node::Cell(start)),
            phrase!(
                "{start} goes into OPEN: g = 0, h = {h}, f = {h}",
                start = start,
                h = heuristic(start_i)
            ),
        );
        recorder.step(snapshot(recorder, &open, &closed, &best_g, step));
    }
    let mut expanded = 0;
    while let Some(Reverse((_, i))) = open.pop() {
        let i = i as usize;
        if closed[i] {
            continue; // a stale entry: the cell was reached again more cheaply
        }
        closed[i] = true;
        expanded += 1;
        recorder.record(Event::Expand(grid.pos(i)));
        if recorder.wants_steps() {
            let (g, h) = (best_g[i], heuristic(i));
            let step = Step::new(
                4,
                Some(Node::Cell(grid.pos(i))),
                phrase!(
                    "expand {n}: f = g + h = {g} + {h} = {f}, the lowest in OPEN",
                    n = grid.pos(i),
                    g = g,
                    h = h,
                    f = g + h
                ),
            );
            recorder.step(snapshot(recorder, &open, &closed, &best_g, step).closed(expanded));
        }
        if Some(i) == goal_i {
            if recorder.wants_steps() {
                let step = Step::new(
                    5,
                    Some(Node::Cell(grid.pos(i))),
                    phrase!(
                        "{n} is the exit: the path by parent links has {g} moves",
                        n = grid.pos(i),
                        g = best_g[i]
                    ),
                );
                recorder.step(snapshot(recorder, &open, &closed, &best_g, step).closed(expanded));
            }
            let path = route_from_parents(maze, &parent, i, recorder);
            return ShortestPath {
                found: true,
                path,
                expanded,
            };
        }
        let g = best_g[i] + 1;
        for j in open_neighbours(maze, i) {
            if g < best_g[j] && !closed[j] {
                let again = best_g[j] != UNSEEN;
                best_g[j] = g;
                parent[j] = i as u32;
                open.push(Reverse((key(g + heuristic(j), g), j as u32)));
                recorder.record(Event::Frontier(grid.pos(j)));
                if recorder.wants_steps() {
                    let (m, h) = (grid.pos(j), heuristic(j));
                    let say = if again {
                        phrase!(
                            "{m} is in OPEN again, cheaper: g = {g}, h = {h}, f = {f}",
                            m = m,
                            g = g,
                            h = h,
                            f = g + h
                        )
                    } else {
                        phrase!(
                            "{m} joins OPEN: g = {g}, h = {h}, f = {f}",
                            m = m,
                            g = g,
                            h = h,
                            f = g + h
                        )
                    };
                    let step = Step::new(9, Some(Node::Cell(m)), say);
                    recorder
                        .step(snapshot(recorder, &open, &closed, &best_g, step).closed(expanded));
                }
            } else if recorder.wants_steps() {
                let m = grid.pos(j);
                let say = if closed[j] {
                    phrase!("{m} is in CLOSED: skipped", m = m)
                } else {
                    phrase!(
                        "{m} is in OPEN with g = {old} ≤ {g}: skipped",
                        m = m,
                        old = best_g[j],
                        g = g
                    )
                };
                let step = Step::new(7, Some(Node::Cell(m)), say);
                recorder.step(snapshot(recorder, &open, &closed, &best_g, step).closed(expanded));
            }
        }
    }
    if recorder.wants_steps() {
        let step = Step::new(
            10,
            None,
            phrase!("OPEN is empty: the exit cannot be reached"),
        );
        recorder.step(step.closed(expanded));
    }
    ShortestPath {
        found: false,
        path: Vec::new(),
        expanded,
    }
}
