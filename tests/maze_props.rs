//! Property tests of the maze core: parsers never panic, text round-trips, every solver's answer
//! is a real path, BFS and A* agree on length, the ball's walk is consistent with its trace.

use ai_arcade::core::grid::{Grid, Pos};
use ai_arcade::core::maze::generate::{Generator, generate};
use ai_arcade::core::maze::solve::{ShortestAlgo, dfs_rule, shortest};
use ai_arcade::core::maze::text::{parse, to_text};
use ai_arcade::core::maze::{Cell, Maze};
use ai_arcade::core::trace::{Replay, Trace};
use proptest::prelude::*;

/// A random maze: each cell a wall with probability ~40%, one entry, maybe an exit.
fn maze_strategy() -> impl Strategy<Value = Maze> {
    (1usize..=12, 1usize..=12)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec(prop::bool::weighted(0.4), w * h),
                0..w * h,
                proptest::option::of(0..w * h),
            )
        })
        .prop_map(|((w, h), walls, entry, exit)| {
            let cells = walls
                .into_iter()
                .map(|wall| if wall { Cell::Wall } else { Cell::Path })
                .collect();
            let mut maze = Maze::from_grid(Grid::from_cells(w, h, cells).unwrap()).unwrap();
            let grid = Grid::new(w, h, ());
            if let Some(exit) = exit.filter(|&e| e != entry) {
                maze.set(grid.pos(exit), Cell::Exit);
            }
            maze.set(grid.pos(entry), Cell::Entry);
            maze
        })
}

fn assert_real_path(maze: &Maze, path: &[Pos]) {
    assert_eq!(path.first().copied(), maze.entry());
    assert_eq!(path.last().copied(), maze.exit());
    for pair in path.windows(2) {
        assert_eq!(pair[0].manhattan(pair[1]), 1, "steps are to neighbours");
    }
    assert!(path.iter().all(|&p| maze.is_open(p)), "no step into a wall");
}

/// Open cells all connected and without cycles (edges = cells - 1).
fn assert_perfect(maze: &Maze) {
    let open: Vec<Pos> = maze.open_positions().collect();
    let edges: usize = open
        .iter()
        .map(|p| {
            [
                ai_arcade::core::grid::Dir::Right,
                ai_arcade::core::grid::Dir::Down,
            ]
            .into_iter()
            .filter(|d| maze.is_open(p.step(*d)))
            .count()
        })
        .sum();
    assert_eq!(edges + 1, open.len(), "no cycles");
    let mut flood = maze.clone();
    flood.set(maze.exit().unwrap(), Cell::Path);
    let reached = shortest(&flood, ShortestAlgo::Bfs, &mut ())
        .unwrap()
        .expanded;
    assert_eq!(reached, open.len(), "connected");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn generated_mazes_are_perfect(
        generator in prop::sample::select(Generator::ALL.to_vec()),
        half_width in 2usize..30,
        half_height in 2usize..30,
        seed in any::<u64>(),
    ) {
        let (w, h) = (2 * half_width + 1, 2 * half_height + 1);
        let maze = generate(generator, w, h, seed, &mut ()).unwrap();
        prop_assert_eq!((maze.width(), maze.height()), (w, h));
        assert_perfect(&maze);
        // and the same seed gives the same maze
        prop_assert_eq!(generate(generator, w, h, seed, &mut ()).unwrap(), maze);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn parse_never_panics(text in "\\PC{0,200}") {
        let _ = parse(&text);
    }

    #[test]
    fn parse_never_panics_on_near_mazes(text in "[#.SE0123, \\n\\r\\t]{0,300}") {
        if let Ok(maze) = parse(&text) {
            prop_assert!(maze.entry().is_some());
        }
    }

    #[test]
    fn text_round_trips(maze in maze_strategy()) {
        prop_assert_eq!(parse(&to_text(&maze)).unwrap(), maze);
    }

    #[test]
    fn bfs_and_astar_agree_and_give_real_paths(maze in maze_strategy()) {
        let bfs = shortest(&maze, ShortestAlgo::Bfs, &mut ()).unwrap();
        let astar = shortest(&maze, ShortestAlgo::AStar, &mut ()).unwrap();
        prop_assert_eq!(bfs.found, astar.found);
        prop_assert_eq!(bfs.length(), astar.length());
        // A* (consistent heuristic) only expands cells closer than the goal, which BFS expands too
        prop_assert!(astar.expanded <= bfs.expanded);
        if bfs.found {
            assert_real_path(&maze, &bfs.path);
            assert_real_path(&maze, &astar.path);
        }
    }

    #[test]
    fn the_ball_finds_the_exit_exactly_when_one_is_reachable(maze in maze_strategy()) {
        let walk = dfs_rule(&maze).unwrap();
        let bfs = shortest(&maze, ShortestAlgo::Bfs, &mut ()).unwrap();
        prop_assert_eq!(walk.found, bfs.found);
        if walk.found {
            assert_real_path(&maze, &walk.path);
            prop_assert!(walk.path.len() >= bfs.path.len(), "DFS is never shorter than BFS");
        } else {
            prop_assert!(walk.path.is_empty());
            prop_assert_eq!(walk.walk.last().copied(), maze.entry());
        }
        // every move of the walk is to a neighbour; replaying the trace walks the same cells
        for pair in walk.walk.windows(2) {
            prop_assert_eq!(pair[0].manhattan(pair[1]), 1);
        }
        let mut replay = Replay::new(walk.trace.clone(), maze.width(), maze.height());
        let mut cells = Vec::new();
        while replay.step_forward().is_some() {
            cells.push(replay.walker().unwrap());
        }
        prop_assert_eq!(&cells, &walk.walk);
        if walk.found {
            prop_assert_eq!(replay.chain(), &walk.path[..]);
        } else {
            // fallen back: only the entry, where the ball stands, is left of the chain
            prop_assert_eq!(replay.chain(), &[maze.entry().unwrap()][..]);
        }
    }

    #[test]
    fn stepping_back_undoes_stepping_forward(maze in maze_strategy(), stop in 0usize..200) {
        let mut trace = Trace::new();
        shortest(&maze, ShortestAlgo::AStar, &mut trace).unwrap();
        let mut replay = Replay::new(trace, maze.width(), maze.height());
        for _ in 0..stop {
            replay.step_forward();
        }
        let marks = replay.marks().clone();
        let cursor = replay.cursor();
        replay.run_to_end();
        while replay.cursor() > cursor {
            replay.step_back();
        }
        prop_assert_eq!(replay.marks(), &marks);
    }
}
