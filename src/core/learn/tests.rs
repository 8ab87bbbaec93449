//! The steps against the solvers' real state: the open list, queue, stack and path each step
//! reports are checked against what the search did (its trace, or the steps' own adds and
//! removes), the line sequences against the pseudo-code, and the player's accepted choices
//! against the algorithm's.

use std::collections::{HashMap, HashSet, VecDeque};

use super::*;
use crate::core::grid::Pos;
use crate::core::maze::generate::{Generator, braid, generate};
use crate::core::maze::solve::{astar, bfs, dfs_rule, dfs_rule_explained};
use crate::core::maze::{Maze, classic::classic};
use crate::core::slide::Board;
use crate::core::slide::solve::tests::scrambled;
use crate::core::slide::solve::{Algorithm, Goal, Heuristic, Limits};
use crate::core::trace::{Event, Trace};

/// Small mazes of every generator, some with loops (so A* meets cheaper routes to cells it has
/// seen), and the report's maze.
fn mazes() -> Vec<Maze> {
    let mut out = vec![classic()];
    for seed in 0..12u64 {
        for generator in [
            Generator::Prim,
            Generator::Backtracker,
            Generator::Kruskal,
            Generator::Wilson,
        ] {
            let mut maze = generate(generator, 11, 9, seed, &mut ()).unwrap();
            if seed % 2 == 1 {
                braid(&mut maze, 0.5, seed);
            }
            out.push(maze);
        }
    }
    out
}

fn lesson_of(algo: Algo) -> Lesson {
    Lesson::new(algo, usize::MAX, usize::MAX)
}

fn check_walk(lesson: &Lesson) {
    let mut line = None;
    for (i, step) in lesson.steps.iter().enumerate() {
        assert!(
            lesson.algo.may_follow(line, step.line),
            "{:?}: step {i} on line {} cannot follow line {line:?}",
            lesson.algo,
            step.line
        );
        line = Some(step.line);
    }
    let last = line.expect("a lesson has steps");
    let (_, _, successors) = pseudo_code(lesson.algo);
    assert!(
        successors[usize::from(last) - 1].is_empty(),
        "{:?} ends on line {last}, which is not an end",
        lesson.algo
    );
}

fn cells(entries: &[Entry]) -> Vec<Pos> {
    entries
        .iter()
        .map(|e| match e.node {
            Node::Cell(p) => p,
            Node::Board(_) => panic!("a maze step holds cells"),
        })
        .collect()
}

/// The cells a replay of the trace shows as frontier (open, not yet expanded) at `event`.
fn frontier_marks(maze: &Maze, trace: &Trace, event: usize) -> HashSet<Pos> {
    let mut replay = Replay::new(trace.clone(), maze.width(), maze.height());
    while replay.cursor() < event {
        replay.step_forward();
    }
    replay
        .marks()
        .iter()
        .filter(|(_, m)| **m == Mark::Frontier)
        .map(|(p, _)| p)
        .collect()
}

/// Every open cell's distance from `start`, by a flood fill of the test's own.
fn distances(maze: &Maze, start: Pos) -> HashMap<Pos, u32> {
    let mut out = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        for dir in crate::core::grid::Dir::ALL {
            let q = p.step(dir);
            if maze.is_open(q) && !out.contains_key(&q) {
                out.insert(q, out[&p] + 1);
                queue.push_back(q);
            }
        }
    }
    out
}

#[test]
fn every_table_is_well_formed() {
    for algo in [
        Algo::DfsRule,
        Algo::MazeBfs,
        Algo::MazeAstar,
        Algo::SlideBfs,
        Algo::SlideDfs,
        Algo::SlideAstar,
        Algo::SlideIdastar,
    ] {
        let (lines, first, successors) = pseudo_code(algo);
        assert!((8..=15).contains(&lines.len()), "{algo:?}: 8 to 15 lines");
        assert_eq!(successors.len(), lines.len(), "{algo:?}");
        assert!((1..=lines.len()).contains(&usize::from(first)));
        for next in successors.iter().flat_map(|s| s.iter()) {
            assert!((1..=lines.len()).contains(&usize::from(*next)), "{algo:?}");
        }
    }
}

#[test]
fn maze_astar_shows_its_open_list_as_it_is() {
    for maze in mazes() {
        let start = maze.entry().unwrap();
        let exit = maze.exit();
        let mut lesson = lesson_of(Algo::MazeAstar);
        let answer = astar(&maze, start, exit, &mut lesson);
        assert_eq!(answer, astar(&maze, start, exit, &mut ()), "same search");
        check_walk(&lesson);
        let distance = distances(&maze, start);
        let mut previous: Option<&Step> = None;
        for step in &lesson.steps {
            // the open list is exactly the cells the trace has put in the frontier and not
            // expanded yet
            let shown: HashSet<Pos> = cells(&step.open).into_iter().collect();
            assert_eq!(shown.len(), step.open.len(), "no cell twice");
            assert_eq!(shown, frontier_marks(&maze, &lesson.trace, step.event));
            assert_eq!(step.open_total, step.open.len());
            // in A*'s order: lowest f first, then larger g
            for pair in step.open.windows(2) {
                assert!(
                    (pair[0].f(), std::cmp::Reverse(pair[0].g))
                        <= (pair[1].f(), std::cmp::Reverse(pair[1].g))
                );
            }
            for entry in &step.open {
                let Node::Cell(p) = entry.node else { panic!() };
                assert_eq!(entry.h, Some(exit.map_or(0, |e| p.manhattan(e))));
                assert!(entry.g >= distance[&p], "g is a real route's length");
            }
            let expanded = lesson.trace.events[..step.event]
                .iter()
                .filter(|e| matches!(e, Event::Expand(_)))
                .count();
            assert_eq!(step.closed, expanded);
            if step.line == 4 {
                // the node expanded is the first of OPEN one step before, and a choice the
                // player would have had accepted
                let before = previous.expect("a step comes before an expansion");
                assert_eq!(Some(before.open[0].node), step.node);
                let node = step.node.unwrap();
                assert!(choices(Frontier::Open, &before.open).contains(&node));
                assert_eq!(judge(Frontier::Open, &before.open, node), None);
            }
            previous = Some(step);
        }
        assert_eq!(
            lesson.steps.iter().filter(|s| s.line == 4).count(),
            answer.expanded
        );
    }
}

#[test]
fn maze_bfs_shows_its_queue_front_to_back() {
    for maze in mazes() {
        let start = maze.entry().unwrap();
        let mut lesson = lesson_of(Algo::MazeBfs);
        let answer = bfs(&maze, start, maze.exit(), &mut lesson);
        assert_eq!(answer, bfs(&maze, start, maze.exit(), &mut ()));
        check_walk(&lesson);
        let distance = distances(&maze, start);
        let mut queue: VecDeque<Pos> = VecDeque::new();
        for step in &lesson.steps {
            let node = step.node.map(|n| match n {
                Node::Cell(p) => p,
                Node::Board(_) => panic!(),
            });
            // the queue evolves as the steps say: in at the back, out at the front
            match step.line {
                1 | 7 => queue.push_back(node.unwrap()),
                3 => assert_eq!(queue.pop_front(), node),
                _ => {}
            }
            assert_eq!(cells(&step.open), Vec::from(queue.clone()));
            let shown: HashSet<Pos> = queue.iter().copied().collect();
            assert_eq!(shown, frontier_marks(&maze, &lesson.trace, step.event));
            for entry in &step.open {
                let Node::Cell(p) = entry.node else { panic!() };
                assert_eq!(entry.g, distance[&p], "g is the distance");
                assert_eq!(entry.h, None);
            }
            let (first, last) = (step.open.first(), step.open.last());
            if let (Some(first), Some(last)) = (first, last) {
                assert!(last.g - first.g <= 1, "a queue spans two levels at most");
            }
        }
    }
}

#[test]
fn the_rule_order_walks_stack_is_the_balls_path() {
    for maze in mazes() {
        let mut lesson = lesson_of(Algo::DfsRule);
        let outcome = dfs_rule_explained(&maze, &mut lesson).unwrap();
        assert_eq!(outcome, dfs_rule(&maze).unwrap());
        assert_eq!(lesson.trace, outcome.trace, "the learner hears every event");
        check_walk(&lesson);
        let moves = lesson
            .steps
            .iter()
            .filter(|s| matches!(s.line, 7 | 8))
            .count();
        assert_eq!(moves, outcome.steps(), "a step for every move of the ball");
        // replayed to each step, the ball's chain is the stack shown
        for step in &lesson.steps {
            let mut replay = Replay::new(outcome.trace.clone(), maze.width(), maze.height());
            while replay.cursor() < step.event {
                replay.step_forward();
            }
            if step.line != 9 {
                assert_eq!(cells(&step.open), replay.chain(), "line {}", step.line);
            }
        }
        if outcome.found {
            assert_eq!(cells(&lesson.steps.last().unwrap().open), outcome.path);
        }
    }
}

/// A lesson of `algorithm` on `start`, checked to search as the plain run does.
fn slide_lesson(algorithm: Algorithm, start: &Board, goal: &Board) -> Lesson {
    let mut lesson = lesson_of(Algo::of_slide(algorithm).unwrap());
    let limits = Limits::default();
    let report = algorithm.run_explained(start, goal, 12, limits, &mut lesson);
    let plain = algorithm.run(start, goal, 12, None, limits);
    assert_eq!(report.outcome, plain.outcome, "{algorithm:?}");
    assert_eq!(report.expanded, plain.expanded, "{algorithm:?}");
    lesson
}

fn boards(entries: &[Entry]) -> Vec<Board> {
    entries
        .iter()
        .map(|e| match e.node {
            Node::Board(b) => b,
            Node::Cell(_) => panic!("a puzzle step holds boards"),
        })
        .collect()
}

fn board(step: &Step) -> Board {
    match step.node {
        Some(Node::Board(b)) => b,
        _ => panic!("line {} handles a board", step.line),
    }
}

#[test]
fn slide_astar_shows_its_open_list_as_it_is() {
    let goal = Board::goal(3);
    // short scrambles for both estimates, and boards far from the goal (where A* meets boards
    // again by a cheaper way) for Manhattan distance
    let mut cases = Vec::new();
    for seed in 0..25 {
        let start = scrambled(3, 10 + (seed as usize % 14), seed);
        cases.push((start, Algorithm::AstarManhattan, Heuristic::Manhattan));
        cases.push((start, Algorithm::AstarMisplaced, Heuristic::Misplaced));
    }
    for seed in 0..4 {
        let start = Board::random_solvable(&goal, &mut crate::core::rng::from_seed(seed));
        cases.push((start, Algorithm::AstarManhattan, Heuristic::Manhattan));
    }
    for (seed, (start, algorithm, heuristic)) in cases.into_iter().enumerate() {
        {
            let lesson = slide_lesson(algorithm, &start, &goal);
            check_walk(&lesson);
            let target = Goal::new(goal);
            // OPEN, kept apart from the steps' adds (line 9) and expansions (line 4)
            let mut open: HashMap<Board, u32> = HashMap::new();
            let mut previous: Option<&Step> = None;
            for step in &lesson.steps {
                match step.line {
                    1 => {
                        open.insert(board(step), 0);
                    }
                    9 => {
                        let g = step
                            .open
                            .iter()
                            .find(|e| e.node == step.node.unwrap())
                            .unwrap()
                            .g;
                        open.insert(board(step), g);
                    }
                    4 => {
                        let before = previous.unwrap();
                        assert_eq!(before.open[0].node, step.node.unwrap(), "the best first");
                        assert!(
                            choices(Frontier::Open, &before.open).contains(&step.node.unwrap())
                        );
                        assert!(open.remove(&board(step)).is_some());
                    }
                    _ => {}
                }
                let shown: HashMap<Board, u32> = step
                    .open
                    .iter()
                    .map(|e| (boards(std::slice::from_ref(e))[0], e.g))
                    .collect();
                assert_eq!(shown.len(), step.open.len(), "no board twice");
                assert_eq!(shown, open, "seed {seed}, line {}", step.line);
                for pair in step.open.windows(2) {
                    assert!(
                        (pair[0].f(), std::cmp::Reverse(pair[0].g))
                            <= (pair[1].f(), std::cmp::Reverse(pair[1].g))
                    );
                }
                for entry in &step.open {
                    let b = boards(std::slice::from_ref(entry))[0];
                    assert_eq!(entry.h, Some(target.estimate(heuristic, &b)));
                }
                previous = Some(step);
            }
        }
    }
}

#[test]
fn slide_bfs_and_dfs_show_their_queue_and_stack() {
    let goal = Board::goal(3);
    for seed in 0..12 {
        let start = scrambled(3, 4 + seed as usize % 6, seed);
        let lesson = slide_lesson(Algorithm::Bfs, &start, &goal);
        check_walk(&lesson);
        let mut queue: VecDeque<Board> = VecDeque::new();
        for step in &lesson.steps {
            match step.line {
                1 | 7 => queue.push_back(board(step)),
                3 => assert_eq!(queue.pop_front(), Some(board(step))),
                _ => {}
            }
            assert_eq!(boards(&step.open), Vec::from(queue.clone()));
        }

        let lesson = slide_lesson(Algorithm::Dfs, &start, &goal);
        check_walk(&lesson);
        let mut stack: Vec<Board> = Vec::new();
        for step in &lesson.steps {
            match step.line {
                1 | 7 => stack.push(board(step)),
                4 => assert_eq!(stack.pop(), Some(board(step))),
                _ => {}
            }
            assert_eq!(boards(&step.open), stack);
            for (depth, entry) in step.open.iter().enumerate() {
                assert_eq!(entry.g as usize, depth, "the stack's depths");
            }
        }
    }
}

#[test]
fn idastar_shows_its_bound_and_path() {
    let goal = Board::goal(3);
    for seed in 0..10 {
        let start = scrambled(3, 12 + seed as usize, seed);
        let lesson = slide_lesson(Algorithm::Idastar, &start, &goal);
        check_walk(&lesson);
        let target = Goal::new(goal);
        for step in &lesson.steps {
            let path = boards(&step.open);
            assert_eq!(path[0], start);
            for pair in path.windows(2) {
                assert!(pair[0].moves().any(|(_, b)| b == pair[1]), "one move apart");
            }
            for (g, entry) in step.open.iter().enumerate() {
                assert_eq!(entry.g as usize, g);
                let b = boards(std::slice::from_ref(entry))[0];
                assert_eq!(
                    entry.h,
                    Some(target.estimate(Heuristic::LinearConflict, &b))
                );
            }
            let bound = step.bound.unwrap();
            match step.line {
                9 | 8 => {
                    assert_eq!(path.last(), Some(&board(step)));
                    assert!(step.open.last().unwrap().f() <= bound);
                }
                7 => assert!(step.open.last().unwrap().f() > bound),
                _ => {}
            }
        }
        let last = lesson.steps.last().unwrap();
        assert_eq!(last.line, 4);
        assert_eq!(boards(&last.open).last(), Some(&goal));
    }
}

#[test]
fn choices_are_exactly_the_ties_and_others_are_told_why() {
    let cell = |r, c| Node::Cell(Pos::new(r, c));
    let open = vec![
        Entry {
            node: cell(0, 1),
            g: 4,
            h: Some(5),
        },
        Entry {
            node: cell(2, 2),
            g: 3,
            h: Some(6),
        },
        Entry {
            node: cell(2, 5),
            g: 2,
            h: Some(9),
        },
    ];
    assert_eq!(choices(Frontier::Open, &open), vec![cell(0, 1), cell(2, 2)]);
    assert_eq!(judge(Frontier::Open, &open, cell(2, 2)), None);
    let why = judge(Frontier::Open, &open, cell(2, 5)).unwrap();
    assert_eq!(
        why.english(),
        "A* takes the lowest f: (0, 1) has f = 9, you chose f = 11"
    );
    assert!(judge(Frontier::Open, &open, cell(7, 7)).is_some());
    // a queue: every entry as shallow as the front; a stack: its top
    let queue: Vec<Entry> = open.iter().map(|e| Entry { h: None, ..*e }).rev().collect();
    assert_eq!(choices(Frontier::Queue, &queue), vec![cell(2, 5)]);
    assert_eq!(choices(Frontier::Stack, &queue), vec![cell(0, 1)]);
    assert!(choices(Frontier::Open, &[]).is_empty());
}

#[test]
fn stepping_back_then_forward_gives_the_same_states() {
    let maze = classic();
    for algo in [Algo::MazeAstar, Algo::MazeBfs, Algo::DfsRule] {
        let mut lesson = lesson_of(algo);
        let start = maze.entry().unwrap();
        match algo {
            Algo::MazeAstar => {
                astar(&maze, start, maze.exit(), &mut lesson);
            }
            Algo::MazeBfs => {
                bfs(&maze, start, maze.exit(), &mut lesson);
            }
            _ => {
                dfs_rule_explained(&maze, &mut lesson).unwrap();
            }
        }
        let mut walk = Walkthrough::new(lesson, maze.width(), maze.height());
        assert_eq!(
            walk.index(),
            Some(0),
            "a walkthrough opens on its first step"
        );
        let mut seen = vec![(walk.index(), walk.marks().clone(), walk.replay().walker())];
        while walk.forward() {
            seen.push((walk.index(), walk.marks().clone(), walk.replay().walker()));
        }
        assert!(walk.at_end());
        assert_eq!(seen.len(), walk.len());
        for expected in seen.iter().rev().skip(1) {
            assert!(walk.back());
            assert_eq!(
                (walk.index(), walk.marks().clone(), walk.replay().walker()),
                *expected
            );
        }
        assert!(!walk.back(), "no step before the first");
        for expected in seen.iter().skip(1) {
            assert!(walk.forward());
            assert_eq!(
                &(walk.index(), walk.marks().clone(), walk.replay().walker()),
                expected
            );
        }
        walk.go_to(0);
        walk.go_to(usize::MAX);
        assert!(walk.at_end());
    }
}

#[test]
fn a_lesson_keeps_at_most_its_steps_and_entries() {
    let mut maze = generate(Generator::Kruskal, 11, 9, 3, &mut ()).unwrap();
    braid(&mut maze, 1.0, 3);
    let start = maze.entry().unwrap();
    let mut lesson = Lesson::new(Algo::MazeBfs, 1, 10);
    let answer = bfs(&maze, start, maze.exit(), &mut lesson);
    assert!(answer.found, "the search goes on undescribed");
    assert_eq!(lesson.steps.len(), 10);
    assert!(lesson.cut_short);
    assert!(lesson.steps.iter().all(|s| s.open.len() <= 1));
    assert!(lesson.steps.iter().any(|s| s.open_total > 1));
}

#[test]
fn a_walkthrough_plays_at_its_speed_and_stops_at_the_end() {
    let maze = classic();
    let mut lesson = lesson_of(Algo::MazeAstar);
    astar(&maze, maze.entry().unwrap(), maze.exit(), &mut lesson);
    let mut walk = Walkthrough::new(lesson, maze.width(), maze.height());
    assert_eq!(walk.tick(10.0), 0, "paused: nothing moves");
    walk.toggle_play();
    walk.set_speed(4.0);
    assert_eq!(walk.tick(0.5), 2);
    assert_eq!(walk.index(), Some(2));
    walk.faster();
    assert_eq!(walk.speed(), 8.0);
    walk.set_speed(f32::NAN);
    assert!(PLAY_SPEEDS.contains(&walk.speed()));
    walk.set_speed(1e9);
    assert_eq!(walk.speed(), *PLAY_SPEEDS.end());
    walk.tick(1e6);
    assert!(walk.at_end());
    assert!(!walk.playing(), "it stops at the end");
    walk.toggle_play();
    assert_eq!(walk.index(), Some(0), "playing from the end starts again");
    // with questions on, playing stops where the player is asked
    walk.go_to(0);
    walk.set_quiz(true);
    assert!(
        walk.question().is_some(),
        "the first expansion follows the first step"
    );
    walk.tick(10.0);
    assert_eq!(walk.index(), Some(0));
    assert!(!walk.playing());
}

#[test]
fn a_player_is_asked_before_each_expansion_and_judged_as_the_algorithm_would_be() {
    for (i, maze) in mazes().into_iter().enumerate().take(20) {
        let algo = if i % 2 == 0 {
            Algo::MazeAstar
        } else {
            Algo::MazeBfs
        };
        let mut lesson = lesson_of(algo);
        let start = maze.entry().unwrap();
        let expansions = if algo == Algo::MazeAstar {
            astar(&maze, start, maze.exit(), &mut lesson).expanded
        } else {
            bfs(&maze, start, maze.exit(), &mut lesson).expanded
        };
        let mut walk = Walkthrough::new(lesson, maze.width(), maze.height());
        let mut asked = 0;
        // alternately a right answer (a tie when there is one) and a wrong one when possible
        loop {
            if walk.question().is_none() {
                if !walk.forward() {
                    break;
                }
                continue;
            }
            let open = walk.candidates().to_vec();
            // the algorithm's possible choices, worked out here apart from `choices`: A* any
            // entry of the lowest f, breadth-first any as shallow as the queue's front
            let allowed: Vec<Node> = if algo == Algo::MazeAstar {
                let best = open.iter().map(Entry::f).min().unwrap();
                open.iter()
                    .filter(|e| e.f() == best)
                    .map(|e| e.node)
                    .collect()
            } else {
                open.iter()
                    .filter(|e| e.g == open[0].g)
                    .map(|e| e.node)
                    .collect()
            };
            assert_eq!(allowed, choices(algo.frontier(), &open));
            assert!(!allowed.is_empty());
            let wrong = open.iter().map(|e| e.node).find(|n| !allowed.contains(n));
            let expected_next = walk.lesson().steps[walk.question().unwrap()].node.unwrap();
            assert!(
                allowed.contains(&expected_next),
                "the algorithm's own choice is allowed"
            );
            if let (1, Some(node)) = (asked % 2, wrong) {
                let verdict = walk.answer(node).unwrap();
                assert!(matches!(verdict, Verdict::Wrong(_)), "{verdict:?}");
            } else {
                let pick = *allowed.last().unwrap();
                let verdict = walk.answer(pick).unwrap();
                assert_eq!(
                    verdict,
                    Verdict::Right {
                        exactly: pick == expected_next
                    }
                );
            }
            asked += 1;
            // the walkthrough now shows the algorithm's own expansion
            assert_eq!(walk.step().unwrap().node, Some(expected_next));
        }
        // the first expansion comes right after the first step, so every one is asked
        assert_eq!(asked, expansions, "{algo:?}");
        assert_eq!(walk.score().asked, asked);
        assert!(walk.score().right >= asked / 2);
    }
}

#[test]
fn walkthroughs_are_made_of_the_searches_asked_for() {
    let maze = classic();
    let keep = Keep {
        open: 5,
        steps: 1_000,
    };
    let start = maze.entry().unwrap();
    for algo in [Algo::DfsRule, Algo::MazeBfs, Algo::MazeAstar] {
        let walk = maze_walkthrough(&maze, algo, start, keep).unwrap();
        let mut direct = Lesson::new(algo, 5, 1_000);
        match algo {
            Algo::DfsRule => {
                dfs_rule_explained(&maze, &mut direct).unwrap();
            }
            Algo::MazeBfs => {
                bfs(&maze, start, maze.exit(), &mut direct);
            }
            _ => {
                astar(&maze, start, maze.exit(), &mut direct);
            }
        }
        assert_eq!(walk.lesson().steps, direct.steps, "{algo:?}");
        assert_eq!(walk.index(), Some(0));
    }
    assert!(maze_walkthrough(&maze, Algo::SlideAstar, start, keep).is_none());
    let goal = Board::goal(3);
    let unsolvable = Board::parse("2 1 3 4 5 6 7 8 0").unwrap();
    let none = slide_walkthrough(&unsolvable, &goal, Algorithm::Bfs, 12, 1_000, keep);
    assert!(none.is_none(), "parity: nothing to search");
    let far = Board::parse("8 6 7 2 5 4 3 0 1").unwrap();
    let capped = slide_walkthrough(&far, &goal, Algorithm::Bfs, 12, 50, keep).unwrap();
    assert!(capped.lesson().steps.iter().filter(|s| s.line == 3).count() <= 50);
    let pdb = slide_walkthrough(&far, &goal, Algorithm::IdastarPdb, 12, 1_000, keep).unwrap();
    assert_eq!(pdb.lesson().algo, Algo::SlideIdastar);
}

/// The tree at `at`, checked for the shape every search tree has: parents before children,
/// each child one move from its parent and one deeper, the layout's slots apart.
fn checked_tree(lesson: &Lesson, at: usize, max_nodes: usize) -> SearchTree {
    let tree = SearchTree::at(lesson, at, max_nodes);
    assert!(tree.nodes.len() <= max_nodes);
    for (i, node) in tree.nodes.iter().enumerate() {
        match node.parent {
            None => assert_eq!(i, 0, "one root"),
            Some(p) => {
                assert!(p < i, "a parent comes before its children");
                let parent = &tree.nodes[p];
                assert!(parent.children.contains(&i));
                assert!(parent.board.moves().any(|(_, b)| b == node.board));
                assert_eq!(node.g, parent.g + 1);
                assert!(node.made_at >= parent.made_at);
            }
        }
    }
    let place = tree.layout();
    for (i, a) in place.iter().enumerate() {
        assert_eq!(a.1, tree.nodes[i].g);
        for b in &place[i + 1..] {
            assert!(
                a.1 != b.1 || (a.0 - b.0).abs() >= 1.0,
                "nodes of a depth overlap"
            );
        }
        let children = &tree.nodes[i].children;
        if let (Some(&first), Some(&last)) = (children.first(), children.last()) {
            assert!(place[first].0 <= a.0 && a.0 <= place[last].0);
        }
    }
    tree
}

#[test]
fn the_search_tree_is_the_searchs_own() {
    let goal = Board::goal(3);
    let target = Goal::new(goal);
    for seed in 0..8 {
        let start = scrambled(3, 8 + seed as usize, seed);
        for (algorithm, heuristic) in [
            (Algorithm::AstarManhattan, Some(Heuristic::Manhattan)),
            (Algorithm::AstarMisplaced, Some(Heuristic::Misplaced)),
            (Algorithm::Bfs, None),
        ] {
            let lesson = slide_lesson(algorithm, &start, &goal);
            let (expand, add) = if heuristic.is_some() { (4, 9) } else { (3, 7) };
            let last = lesson.steps.len() - 1;
            let tree = checked_tree(&lesson, last, usize::MAX);
            // a node for the start and each board that joined the frontier
            let added = lesson.steps.iter().filter(|s| s.line == add).count();
            assert_eq!(tree.nodes.len(), added + 1, "{algorithm:?}");
            assert_eq!(tree.left_out, 0);
            // expanded in the steps' order, each node expanded under the board it was made for
            let expanded: Vec<Board> = lesson
                .steps
                .iter()
                .filter(|s| s.line == expand)
                .map(board)
                .collect();
            let mut by_order: Vec<&tree::TreeNode> =
                tree.nodes.iter().filter(|n| n.order.is_some()).collect();
            by_order.sort_by_key(|n| n.order);
            let boards: Vec<Board> = by_order.iter().map(|n| n.board).collect();
            assert_eq!(boards, expanded, "{algorithm:?}");
            for node in &tree.nodes {
                let h = heuristic.map(|h| target.estimate(h, &node.board));
                assert_eq!(node.h, h);
            }
            // the solution path: the root to the goal, as long as the search's answer
            let plain = algorithm.run(&start, &goal, 12, None, Limits::default());
            let answer = plain.outcome.moves().unwrap();
            let end = tree.goal.expect("the goal is in the tree");
            assert_eq!(tree.nodes[end].board, goal);
            assert_eq!(tree.moves_to(end).len(), answer.len());
            assert_eq!(start.play(&tree.moves_to(end)), Some(goal));
            assert!(tree.on_solution(0) && tree.on_solution(end));
            // as it grows: at each step the tree is the last one's with that step's nodes
            let mut before = 0;
            for at in 0..=last {
                let grown = SearchTree::at(&lesson, at, usize::MAX);
                assert!(grown.nodes.len() == before || grown.nodes.len() == before + 1);
                for (small, big) in grown.nodes.iter().zip(&tree.nodes) {
                    assert_eq!(
                        (small.board, small.parent, small.g),
                        (big.board, big.parent, big.g)
                    );
                }
                before = grown.nodes.len();
                if let Some(current) = grown.current {
                    assert_eq!(
                        Some(Node::Board(grown.nodes[current].board)),
                        lesson.steps[at].node
                    );
                }
            }
        }
    }
}

#[test]
fn depth_first_trees_follow_the_stack_and_path() {
    let goal = Board::goal(3);
    for seed in 0..8 {
        let start = scrambled(3, 6 + seed as usize, seed);
        // depth-limited DFS: the path to the step's node is the stack
        let lesson = slide_lesson(Algorithm::Dfs, &start, &goal);
        for (at, step) in lesson.steps.iter().enumerate() {
            let tree = SearchTree::at(&lesson, at, usize::MAX);
            // the nodes still on the stack are the stack's, the rest were popped
            let on_stack: Vec<Board> = tree
                .nodes
                .iter()
                .filter(|n| n.state == tree::State::OnStack)
                .map(|n| n.board)
                .collect();
            assert_eq!(on_stack, boards(&step.open));
            assert!(
                tree.nodes
                    .iter()
                    .all(|n| matches!(n.state, tree::State::OnStack | tree::State::Left))
            );
            if matches!(step.line, 1 | 7 | 8) {
                let current = tree.current.expect("the pushed node is in the tree");
                let path: Vec<Board> = tree
                    .path_to(current)
                    .iter()
                    .map(|&n| tree.nodes[n].board)
                    .collect();
                assert_eq!(path, boards(&step.open));
            }
        }
        let last = lesson.steps.len() - 1;
        let tree = checked_tree(&lesson, last, usize::MAX);
        let pushed = lesson.steps.iter().filter(|s| s.line == 7).count();
        assert_eq!(tree.nodes.len(), pushed + 1);
        let end = tree.goal.unwrap();
        assert_eq!(start.play(&tree.moves_to(end)), Some(goal));

        // IDA*: each iteration its own tree, whose path to the step's node is IDA*'s path
        let lesson = slide_lesson(Algorithm::Idastar, &start, &goal);
        for (at, step) in lesson.steps.iter().enumerate() {
            let tree = checked_tree(&lesson, at, usize::MAX);
            assert_eq!(tree.bound, step.bound);
            if matches!(step.line, 7..=9) {
                let current = tree.current.expect("the node is in the tree");
                let path: Vec<Board> = tree
                    .path_to(current)
                    .iter()
                    .map(|&n| tree.nodes[n].board)
                    .collect();
                assert_eq!(path, boards(&step.open));
                let node = &tree.nodes[current];
                assert_eq!(node.state == tree::State::CutOff, step.line == 7);
                assert_eq!(node.f() > step.bound.unwrap(), step.line == 7);
            }
            if matches!(step.line, 1 | 5) {
                assert_eq!(tree.nodes.len(), 1, "a new bound starts a new tree");
            }
        }
        let tree = SearchTree::at(&lesson, usize::MAX, usize::MAX);
        let end = tree.goal.unwrap();
        assert_eq!(tree.nodes[end].board, goal);
        assert_eq!(start.play(&tree.moves_to(end)), Some(goal));
    }
}

#[test]
fn a_tree_keeps_its_first_nodes() {
    let goal = Board::goal(3);
    let start = scrambled(3, 18, 5);
    for algorithm in [
        Algorithm::AstarManhattan,
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Idastar,
    ] {
        let lesson = slide_lesson(algorithm, &start, &goal);
        let whole = SearchTree::at(&lesson, usize::MAX, usize::MAX);
        let small = checked_tree(&lesson, usize::MAX, 20);
        assert_eq!(
            small.nodes.len(),
            20.min(whole.nodes.len()),
            "{algorithm:?}"
        );
        assert_eq!(
            small.nodes.len() + small.left_out,
            whole.nodes.len(),
            "{algorithm:?}"
        );
        for (a, b) in small.nodes.iter().zip(&whole.nodes) {
            assert_eq!(
                (a.board, a.parent, a.g, a.order),
                (b.board, b.parent, b.g, b.order)
            );
        }
    }
}

#[test]
fn a_board_reached_again_more_cheaply_supersedes_its_open_node() {
    let goal = Board::goal(3);
    let mut superseded = 0;
    for seed in 0..4 {
        let start = Board::random_solvable(&goal, &mut crate::core::rng::from_seed(seed));
        let lesson = slide_lesson(Algorithm::AstarManhattan, &start, &goal);
        let tree = checked_tree(&lesson, usize::MAX, usize::MAX);
        for (i, node) in tree.nodes.iter().enumerate() {
            let again = tree.nodes[i + 1..].iter().any(|n| n.board == node.board);
            let expect = again && node.order.is_none();
            assert_eq!(node.state == tree::State::Superseded, expect, "node {i}");
            superseded += usize::from(expect);
        }
    }
    assert!(
        superseded > 0,
        "the far boards meet boards again more cheaply"
    );
}

/// Each generator explained on mazes of a few sizes and seeds, checked to carve exactly what
/// it carves without Learn.
fn carving_lessons(generator: Generator) -> Vec<(Lesson, Maze)> {
    let mut out = Vec::new();
    for (seed, (w, h)) in [(5, 5), (7, 5), (9, 9), (11, 7), (13, 13), (21, 15)]
        .into_iter()
        .enumerate()
    {
        let mut plain = Trace::new();
        let maze = generate(generator, w, h, seed as u64, &mut plain).unwrap();
        let mut lesson = lesson_of(Algo::of_generator(generator));
        let explained = generate(generator, w, h, seed as u64, &mut lesson).unwrap();
        assert_eq!(
            explained, maze,
            "{generator:?}: Learn changes nothing carved"
        );
        let carves = |t: &Trace| -> Vec<Event> {
            t.events
                .iter()
                .copied()
                .filter(|e| matches!(e, Event::Carve(_)))
                .collect()
        };
        assert_eq!(carves(&lesson.trace), carves(&plain));
        check_walk(&lesson);
        out.push((lesson, maze));
    }
    out
}

/// The cells carved by the first `event` events of `trace`.
fn carved_by(trace: &Trace, event: usize) -> HashSet<Pos> {
    trace.events[..event]
        .iter()
        .filter_map(|e| match e {
            Event::Carve(p) => Some(*p),
            _ => None,
        })
        .collect()
}

/// The wall between two lattice cells.
fn between(a: Pos, b: Pos) -> Pos {
    Pos::new(i32::midpoint(a.row, b.row), i32::midpoint(a.col, b.col))
}

/// The lattice neighbours (two blocks away) of cell `p` inside a `w` × `h` maze.
fn lattice_neighbours(p: Pos, w: usize, h: usize) -> Vec<Pos> {
    [(0, 2), (0, -2), (2, 0), (-2, 0)]
        .into_iter()
        .map(|(dr, dc)| Pos::new(p.row + dr, p.col + dc))
        .filter(|q| q.row > 0 && q.col > 0 && (q.row as usize) < h - 1 && (q.col as usize) < w - 1)
        .collect()
}

#[test]
fn the_backtrackers_stack_is_what_it_pushed_and_popped() {
    for (lesson, maze) in carving_lessons(Generator::Backtracker) {
        let (w, h) = (maze.width(), maze.height());
        let mut stack: Vec<Pos> = Vec::new();
        for step in &lesson.steps {
            let carved = carved_by(&lesson.trace, step.event);
            match (step.line, step.node) {
                (1, Some(Node::Cell(p))) => stack.push(p),
                (6, Some(Node::Cell(p))) => {
                    let top = *stack.last().unwrap();
                    assert!(lattice_neighbours(top, w, h).contains(&p));
                    let wall = between(top, p);
                    assert!(carved.contains(&wall) && carved.contains(&p));
                    stack.push(p);
                }
                (7, Some(Node::Cell(p))) => {
                    assert_eq!(stack.pop(), Some(p));
                    // popped only when every neighbour is carved (visited)
                    assert!(
                        lattice_neighbours(p, w, h)
                            .iter()
                            .all(|q| carved.contains(q))
                    );
                }
                (8, None) => assert!(stack.is_empty()),
                other => panic!("unexpected step {other:?}"),
            }
            assert_eq!(cells(&step.open), stack);
            assert_eq!(step.open_total, stack.len());
        }
    }
}

#[test]
fn prims_wall_list_is_what_joined_it_less_what_was_taken() {
    for (lesson, maze) in carving_lessons(Generator::Prim) {
        let mut list: HashMap<Pos, usize> = HashMap::new();
        let mut seen = 0;
        for step in &lesson.steps {
            for event in &lesson.trace.events[seen..step.event] {
                if let Event::Frontier(p) = event {
                    *list.entry(*p).or_default() += 1;
                }
            }
            seen = step.event;
            let before = carved_by(&lesson.trace, step.event);
            if let (4 | 6 | 7, Some(Node::Cell(wall))) = (step.line, step.node) {
                let n = list.get_mut(&wall).expect("the wall taken was in the list");
                *n -= 1;
                if *n == 0 {
                    list.remove(&wall);
                }
                let paths = [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .filter(|(dr, dc)| {
                        let q = Pos::new(wall.row + dr, wall.col + dc);
                        // the wall itself is carved by line 6's step: count its neighbours before
                        before.contains(&q) && q != wall
                    })
                    .count();
                match step.line {
                    4 => assert!(before.contains(&wall)),
                    6 => assert_eq!(paths, 1, "carved with exactly one path neighbour"),
                    _ => assert_ne!(paths, 1, "left a wall with other than one path neighbour"),
                }
            }
            let mut shown: HashMap<Pos, usize> = HashMap::new();
            for p in cells(&step.open) {
                *shown.entry(p).or_default() += 1;
            }
            assert_eq!(shown, list, "the list shown is the list");
        }
        assert!(list.is_empty());
        assert!(maze.entry().is_some());
    }
}

#[test]
fn kruskals_sets_are_the_mazes_parts() {
    for (lesson, maze) in carving_lessons(Generator::Kruskal) {
        let (w, h) = (maze.width(), maze.height());
        let lattice = ((w - 1) / 2) * ((h - 1) / 2);
        let mut remaining = None;
        for step in &lesson.steps {
            let carved = carved_by(&lesson.trace, step.event);
            // the parts: lattice cells joined through carved walls
            let mut parts = 0;
            let mut seen: HashSet<Pos> = HashSet::new();
            for row in (1..h).step_by(2) {
                for col in (1..w).step_by(2) {
                    let p = Pos::new(row as i32, col as i32);
                    if !seen.insert(p) {
                        continue;
                    }
                    parts += 1;
                    let mut todo = vec![p];
                    while let Some(c) = todo.pop() {
                        for q in lattice_neighbours(c, w, h) {
                            let wall = between(c, q);
                            if carved.contains(&wall) && seen.insert(q) {
                                todo.push(q);
                            }
                        }
                    }
                }
            }
            assert_eq!(step.sets, Some(parts));
            assert!(step.sets.unwrap() <= lattice);
            if let Some(before) = remaining.filter(|_| step.line != 7) {
                assert_eq!(step.open_total + 1, before, "one wall tried a step");
            }
            remaining = Some(step.open_total);
            if step.line == 6 {
                let Some(Node::Cell(wall)) = step.node else {
                    panic!()
                };
                assert!(!carved.contains(&wall), "a skipped wall stays");
            }
        }
        assert_eq!(lesson.steps.last().unwrap().sets, Some(1));
    }
}

#[test]
fn wilsons_walk_is_loop_erased_and_joins_the_tree() {
    for (lesson, maze) in carving_lessons(Generator::Wilson) {
        let (w, h) = (maze.width(), maze.height());
        for step in &lesson.steps {
            let walk = cells(&step.open);
            let distinct: HashSet<&Pos> = walk.iter().collect();
            assert_eq!(distinct.len(), walk.len(), "no loop left in the walk");
            for pair in walk.windows(2) {
                assert!(lattice_neighbours(pair[0], w, h).contains(&pair[1]));
            }
            let carved = carved_by(&lesson.trace, step.event);
            match step.line {
                4 => assert_eq!(
                    walk.last().copied(),
                    step.node.map(|n| match n {
                        Node::Cell(p) => p,
                        Node::Board(_) => panic!(),
                    })
                ),
                5 => {
                    // the path is carved, walls between included, and ends in the tree
                    for pair in walk.windows(2) {
                        let wall = between(pair[0], pair[1]);
                        assert!(carved.contains(&pair[0]) && carved.contains(&wall));
                    }
                }
                _ => {}
            }
        }
    }
}

#[test]
fn carving_walkthroughs_step_back_and_forth_alike() {
    for generator in Generator::ALL {
        let keep = Keep {
            open: 48,
            steps: 10_000,
        };
        let mut walk = carving_walkthrough(generator, (11, 9), 4, keep).unwrap();
        let mut seen = vec![walk.marks().clone()];
        while walk.forward() {
            seen.push(walk.marks().clone());
        }
        for expected in seen.iter().rev().skip(1) {
            assert!(walk.back());
            assert_eq!(walk.marks(), expected, "{generator:?}");
        }
        // at the end every cell of the maze is carved, and only those
        walk.go_to(usize::MAX);
        let maze = generate(generator, 11, 9, 4, &mut ()).unwrap();
        let carved = carved_by(&walk.lesson().trace, walk.lesson().trace.len());
        for row in 0..9 {
            for col in 0..11 {
                let p = Pos::new(row, col);
                assert_eq!(carved.contains(&p), maze.is_open(p), "{p:?}");
            }
        }
    }
}

#[test]
fn a_player_playing_depth_first_is_asked_every_step_forward_and_judged_by_its_order() {
    use crate::core::grid::Dir;
    // the ball: at each push, every candidate is asked; only the first open, unvisited
    // neighbour in the rule order down, right, left, up is right
    for maze in mazes().into_iter().take(20) {
        let mut lesson = lesson_of(Algo::DfsRule);
        let walk_out = dfs_rule_explained(&maze, &mut lesson).unwrap();
        let pushes = lesson.steps.iter().filter(|s| s.line == 7).count();
        let mut walk = Walkthrough::new(lesson, maze.width(), maze.height());
        let mut asked = 0;
        loop {
            let Some(next) = walk.question() else {
                if !walk.forward() {
                    break;
                }
                continue;
            };
            // worked out here from the maze and the cells the ball has been on
            let here = walk.replay().walker().unwrap();
            let visited = |p: Pos| {
                matches!(
                    walk.marks()[p],
                    crate::core::trace::Mark::OnPath | crate::core::trace::Mark::DeadEnd
                ) || Some(p) == maze.entry()
            };
            let ways: Vec<Pos> = Dir::RULE_ORDER
                .into_iter()
                .map(|d| here.step(d))
                .filter(|&p| maze.is_open(p) && !visited(p))
                .collect();
            assert_eq!(cells(walk.candidates()), ways);
            let taken = walk.lesson().steps[next].node;
            assert_eq!(taken, Some(Node::Cell(ways[0])));
            // a later way is wrong, the first is right
            if asked % 2 == 1 && ways.len() > 1 {
                let verdict = walk.answer(Node::Cell(ways[1])).unwrap();
                assert!(matches!(verdict, Verdict::Wrong(_)));
            } else {
                let verdict = walk.answer(Node::Cell(ways[0])).unwrap();
                assert_eq!(verdict, Verdict::Right { exactly: true });
            }
            assert_eq!(walk.step().unwrap().node, taken);
            asked += 1;
        }
        assert_eq!(asked, pushes, "every push is asked");
        assert!(walk_out.walk.len() > asked);
    }
    // the puzzle's depth-limited DFS: the candidates are the moves still to try, in order;
    // the one it pushes is the first
    let goal = Board::goal(3);
    for seed in 0..6 {
        let start = scrambled(3, 5 + seed as usize, seed);
        let lesson = slide_lesson(Algorithm::Dfs, &start, &goal);
        let mut walk = Walkthrough::new(lesson, 0, 0);
        while walk.forward() {
            let Some(next) = walk.question() else {
                continue;
            };
            let options = walk.candidates().to_vec();
            let taken = walk.lesson().steps[next].node.unwrap();
            assert_eq!(options[0].node, taken);
            // every way is a child of the stack's top, one deeper, each once
            let top = walk.step().unwrap().open.last().unwrap();
            let Node::Board(parent) = top.node else {
                panic!("a puzzle step holds boards")
            };
            for option in &options {
                assert!(parent.moves().any(|(_, b)| Node::Board(b) == option.node));
                assert_eq!(option.g, top.g + 1);
            }
            if let Some(other) = options.get(1) {
                let mut probe = walk.clone();
                assert!(matches!(probe.answer(other.node), Some(Verdict::Wrong(_))));
            }
            assert_eq!(walk.answer(taken), Some(Verdict::Right { exactly: true }));
        }
    }
}
