//! The Lab's tasks: which search a student writes, on which boards (the cases), within which
//! limits. The built-in ones follow the course reports (the classic maze's ball, A* on mazes,
//! the 8-puzzle) and the textbook's map of Romania; a teacher adds more with a lab file (JSON,
//! see docs/lab.md): mazes or graphs of their own, one search each.

use serde::Deserialize;
use serde_json::Value;

use super::space::{GraphSpace, MazeSpace, SlideSpace, Space};
use crate::core::grid::Dir;
use crate::core::maze::{Maze, classic::classic, generate};
use crate::core::rng::from_seed;
use crate::core::slide::solve::{Goal, Heuristic};
use crate::core::slide::{Board, Move};
use crate::core::text::{Arg, Phrase};
use crate::phrase;

/// The searches a task asks for; each defines which states may be expanded next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Search {
    /// Breadth-first: the shallowest state first (fewest moves from the start).
    Bfs,
    /// Depth-first: the newest state first (recursive, or with an OPEN stack and CLOSED).
    Dfs,
    /// The Explore ball: depth first in the task's move order exactly, backtracking.
    DfsRule,
    /// Uniform-cost: the lowest g first.
    Ucs,
    /// A*: the lowest f = g + h first.
    Astar,
    /// Greedy best-first: the lowest h first.
    Greedy,
    /// Iterative-deepening A*: depth first within a bound on f, the bound raised to the least f
    /// that went over.
    IdaStar,
    /// Not a search: the student's estimate h, judged on every board (an evaluate session).
    Heuristic,
    /// Not a search: a Minesweeper agent, judged move by move (a turns session).
    Agent,
}

impl Search {
    /// The name used in lab files and reports.
    pub fn name(self) -> &'static str {
        match self {
            Search::Bfs => "bfs",
            Search::Dfs => "dfs",
            Search::DfsRule => "dfs-rule",
            Search::Ucs => "ucs",
            Search::Astar => "astar",
            Search::Greedy => "greedy",
            Search::IdaStar => "idastar",
            Search::Heuristic => "heuristic",
            Search::Agent => "agent",
        }
    }

    /// The search called `name` in a lab file.
    pub fn from_name(name: &str) -> Option<Search> {
        [
            Search::Bfs,
            Search::Dfs,
            Search::DfsRule,
            Search::Ucs,
            Search::Astar,
            Search::Greedy,
            Search::IdaStar,
            Search::Heuristic,
            Search::Agent,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// Whether the search uses the task's estimate h.
    pub fn uses_h(self) -> bool {
        matches!(self, Search::Astar | Search::Greedy | Search::IdaStar)
    }

    /// What a path it finds is guaranteed to be: fewest moves, least cost, or nothing.
    pub fn guarantee(self) -> Guarantee {
        match self {
            Search::Bfs => Guarantee::FewestMoves,
            Search::Ucs | Search::Astar | Search::IdaStar => Guarantee::LeastCost,
            Search::Dfs | Search::DfsRule | Search::Greedy | Search::Heuristic | Search::Agent => {
                Guarantee::None
            }
        }
    }

    /// The session the task runs in, when it is not a search's (trace or oracle, the
    /// player's choice).
    pub fn session(self) -> Option<super::message::Session> {
        match self {
            Search::Heuristic => Some(super::message::Session::Evaluate),
            Search::Agent => Some(super::message::Session::Turns),
            _ => None,
        }
    }

    /// True for a search whose expansions are judged (not a heuristic or a game's agent).
    pub fn expands(self) -> bool {
        self.session().is_none()
    }
}

/// What an algorithm promises of the path it finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guarantee {
    FewestMoves,
    LeastCost,
    None,
}

/// Limits a program runs under, per case.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Processor seconds (user and system, the program and its children).
    pub cpu_seconds: f64,
    /// Memory in MiB.
    pub memory_mb: u64,
    /// Bytes the program may print on stdout.
    pub output_bytes: u64,
    /// Seconds the program may stay silent while not computing before it counts as stopped.
    pub idle_seconds: f64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            seconds: 10.0,
            cpu_seconds: 10.0,
            memory_mb: 512,
            output_bytes: 64 << 20,
            idle_seconds: 5.0,
        }
    }
}

/// A task: a search on a kind of board, with its cases.
#[derive(Clone, Debug)]
pub struct Task {
    pub name: String,
    pub search: Search,
    /// `maze`, `slide` or `graph`.
    pub kind: &'static str,
    /// One line on what it asks (a message: `Lang::tr` it, for built-in tasks).
    pub about: String,
    cases: Vec<CaseSource>,
}

/// Where a case's board comes from.
#[derive(Clone, Debug)]
enum CaseSource {
    Classic {
        moves: Vec<Dir>,
        walled: bool,
    },
    Generated {
        generator: generate::Generator,
        side: usize,
        seed: u64,
        braid: f64,
        moves: Vec<Dir>,
    },
    Room {
        side: usize,
        moves: Vec<Dir>,
    },
    Costly {
        base: Box<CaseSource>,
        seed: u64,
    },
    Puzzle {
        start: Board,
        goal: Board,
    },
    Walk {
        side: u8,
        steps: usize,
        seed: u64,
    },
    Graph(Box<GraphSpace>),
    Maze(Box<MazeSpace>),
    /// The report's Minesweeper field from a seed.
    Field {
        seed: u64,
    },
}

/// One case of a task: its number, its space, what it is, its seed.
#[derive(Clone, Debug)]
pub struct Case {
    pub task: String,
    pub number: usize,
    pub search: Search,
    pub space: Space,
    /// What it is, in English (reports).
    pub about: String,
    /// What it is, in either language (the game).
    pub title: Phrase,
    pub seed: Option<u64>,
}

impl Task {
    /// How many cases the task has.
    pub fn cases(&self) -> usize {
        self.cases.len()
    }

    /// Case `number` (from 1).
    pub fn case(&self, number: usize) -> Result<Case, Phrase> {
        let source = number
            .checked_sub(1)
            .and_then(|i| self.cases.get(i))
            .ok_or_else(|| {
                phrase!(
                    "{task} has cases 1 to {n}, not {number}",
                    task = self.name.clone(),
                    n = self.cases.len(),
                    number = number
                )
            })?;
        let (mut space, mut title, seed) = build(source, self.search);
        if let Space::Slide(slide) = &mut space {
            slide.heuristic = slide_heuristic(self.search, &self.name);
            if self.search == Search::Heuristic {
                title = phrase!(
                    "every board that reaches {goal}",
                    goal = slide.goal.board.to_string()
                );
            }
        }
        Ok(Case {
            task: self.name.clone(),
            number,
            search: self.search,
            space,
            about: title.english(),
            title,
            seed,
        })
    }
}

const MAZE_ORDER: [Dir; 4] = Dir::ALL;

fn maze_cases(moves: &[Dir]) -> Vec<CaseSource> {
    let moves = moves.to_vec();
    vec![
        CaseSource::Classic {
            moves: moves.clone(),
            walled: false,
        },
        CaseSource::Generated {
            generator: generate::Generator::Backtracker,
            side: 15,
            seed: 1,
            braid: 0.0,
            moves: moves.clone(),
        },
        CaseSource::Generated {
            generator: generate::Generator::Prim,
            side: 21,
            seed: 2,
            braid: 0.35,
            moves: moves.clone(),
        },
        CaseSource::Room {
            side: 7,
            moves: moves.clone(),
        },
        CaseSource::Classic {
            moves,
            walled: true,
        },
    ]
}

fn maze_task(name: &str, search: Search, about: &'static str, moves: &[Dir]) -> Task {
    Task {
        name: name.to_string(),
        search,
        kind: "maze",
        about: about.to_string(),
        cases: maze_cases(moves),
    }
}

fn puzzle_cases() -> Vec<CaseSource> {
    let board = |text: &str| Board::parse(text).expect("a built-in board");
    vec![
        // the Chinese textbooks' 八数码 example: 2 8 3 / 1 6 4 / 7 _ 5 to 1 2 3 / 8 _ 4 / 7 6 5
        CaseSource::Puzzle {
            start: board("2 8 3 1 6 4 7 0 5"),
            goal: board("1 2 3 8 0 4 7 6 5"),
        },
        CaseSource::Walk {
            side: 3,
            steps: 12,
            seed: 3,
        },
        CaseSource::Walk {
            side: 3,
            steps: 18,
            seed: 4,
        },
        // two tiles swapped: the other half of the boards, unsolvable
        CaseSource::Puzzle {
            start: board("2 1 3 4 5 6 7 8 0"),
            goal: board("1 2 3 4 5 6 7 8 0"),
        },
    ]
}

/// IDA*'s cases: the textbook 8-puzzle, then 15-puzzles a few dozen random moves from the goal
/// (all solvable: IDA* alone cannot tell an unsolvable board, it would deepen for ever).
fn fifteen_cases() -> Vec<CaseSource> {
    let mut cases = puzzle_cases();
    cases.truncate(1);
    for (steps, seed) in [(30, 5), (40, 6), (50, 12), (60, 8)] {
        cases.push(CaseSource::Walk {
            side: 4,
            steps,
            seed,
        });
    }
    cases
}

/// The heuristic's cases: one goal each (the standard one, the Chinese textbooks' one, two
/// more); the start shown is the textbook example, but every board that reaches the goal is evaluated.
fn goal_cases() -> Vec<CaseSource> {
    let board = |text: &str| Board::parse(text).expect("a built-in board");
    vec![
        CaseSource::Puzzle {
            start: board("2 8 3 1 6 4 7 0 5"),
            goal: board("1 2 3 4 5 6 7 8 0"),
        },
        CaseSource::Puzzle {
            start: board("2 8 3 1 6 4 7 0 5"),
            goal: board("1 2 3 8 0 4 7 6 5"),
        },
        // goals with the blank first and in the middle: an h written for one goal only fails
        CaseSource::Puzzle {
            start: board("2 8 3 1 6 4 7 0 5"),
            goal: board("0 1 2 3 4 5 6 7 8"),
        },
        CaseSource::Puzzle {
            start: board("2 8 3 1 6 4 7 0 5"),
            goal: board("1 2 3 4 0 5 6 7 8"),
        },
    ]
}

fn puzzle_task(name: &str, search: Search, about: &'static str) -> Task {
    Task {
        name: name.to_string(),
        search,
        kind: "slide",
        about: about.to_string(),
        cases: puzzle_cases(),
    }
}

fn graph_task(name: &str, search: Search, about: &'static str) -> Task {
    Task {
        name: name.to_string(),
        search,
        kind: "graph",
        about: about.to_string(),
        cases: graph_cases()
            .into_iter()
            .map(|g| CaseSource::Graph(Box::new(g)))
            .collect(),
    }
}

/// Every built-in task, in the order `lab tasks` lists them.
pub fn tasks() -> Vec<Task> {
    let mut costly = maze_cases(&MAZE_ORDER);
    costly.truncate(3);
    let mut ucs_cases: Vec<CaseSource> = costly
        .into_iter()
        .enumerate()
        .map(|(i, base)| CaseSource::Costly {
            base: Box::new(base),
            seed: 10 + i as u64,
        })
        .collect();
    ucs_cases.push(CaseSource::Costly {
        base: Box::new(CaseSource::Room {
            side: 9,
            moves: MAZE_ORDER.to_vec(),
        }),
        seed: 13,
    });
    ucs_cases.push(CaseSource::Costly {
        base: Box::new(CaseSource::Classic {
            moves: MAZE_ORDER.to_vec(),
            walled: true,
        }),
        seed: 14,
    });
    vec![
        maze_task(
            "explore-dfs",
            Search::DfsRule,
            crate::msg!(
                "the classic maze's ball: depth first in the order down, right, left, up, backtracking"
            ),
            &Dir::RULE_ORDER,
        ),
        maze_task(
            "maze-bfs",
            Search::Bfs,
            crate::msg!("breadth-first search on mazes: the fewest moves"),
            &MAZE_ORDER,
        ),
        maze_task(
            "maze-dfs",
            Search::Dfs,
            crate::msg!("depth-first search on mazes, with a CLOSED set"),
            &MAZE_ORDER,
        ),
        maze_task(
            "maze-astar",
            Search::Astar,
            crate::msg!("A* on mazes with Manhattan distance: the fewest moves, fewer expansions"),
            &MAZE_ORDER,
        ),
        Task {
            name: "maze-ucs".to_string(),
            search: Search::Ucs,
            kind: "maze",
            about: crate::msg!(
                "uniform-cost search on mazes with mud (3) and water (7): the cheapest path"
            )
            .to_string(),
            cases: ucs_cases,
        },
        puzzle_task(
            "slide-bfs",
            Search::Bfs,
            crate::msg!("breadth-first search on the 8-puzzle"),
        ),
        puzzle_task(
            "slide-dfs",
            Search::Dfs,
            crate::msg!("depth-first search on the 8-puzzle, with a CLOSED set"),
        ),
        puzzle_task(
            "slide-astar-misplaced",
            Search::Astar,
            crate::msg!("A* on the 8-puzzle with misplaced tiles"),
        ),
        puzzle_task(
            "slide-astar-manhattan",
            Search::Astar,
            crate::msg!("A* on the 8-puzzle with Manhattan distance"),
        ),
        Task {
            name: "slide-idastar".to_string(),
            search: Search::IdaStar,
            kind: "slide",
            about: crate::msg!("IDA* on the 15-puzzle with Manhattan distance").to_string(),
            cases: fifteen_cases(),
        },
        Task {
            name: "slide-heuristic".to_string(),
            search: Search::Heuristic,
            kind: "slide",
            about: crate::msg!(
                "your heuristic for the 8-puzzle: 0 at the goal, admissible and consistent on every board, and how informed"
            )
            .to_string(),
            cases: goal_cases(),
        },
        Task {
            name: "mines-robot".to_string(),
            search: Search::Agent,
            kind: "mines",
            about: crate::msg!(
                "a Minesweeper agent on the report's field: 20×20, 81 mines, 10 lives, certain cells before guesses"
            )
            .to_string(),
            cases: (1..=8).map(|seed| CaseSource::Field { seed }).collect(),
        },
        graph_task(
            "graph-bfs",
            Search::Bfs,
            crate::msg!("breadth-first search on weighted graphs (Romania): the fewest edges"),
        ),
        graph_task(
            "graph-dfs",
            Search::Dfs,
            crate::msg!("depth-first search on weighted graphs (Romania)"),
        ),
        graph_task(
            "graph-ucs",
            Search::Ucs,
            crate::msg!("uniform-cost search on weighted graphs (Romania): the cheapest path"),
        ),
        graph_task(
            "graph-greedy",
            Search::Greedy,
            crate::msg!("greedy best-first search on weighted graphs (Romania, straight-line h)"),
        ),
        graph_task(
            "graph-astar",
            Search::Astar,
            crate::msg!("A* on weighted graphs (Romania, straight-line distance h)"),
        ),
    ]
}

/// The built-in task called `name`.
pub fn task(name: &str) -> Result<Task, Phrase> {
    tasks().into_iter().find(|t| t.name == name).ok_or_else(|| {
        phrase!(
            "{name} is not a task: `ai-arcade lab tasks` lists them",
            name = format!("{name:?}")
        )
    })
}

/// The heuristic a slide task's name asks for.
fn slide_heuristic(search: Search, name_hint: &str) -> Option<Heuristic> {
    match search {
        Search::Astar | Search::Greedy | Search::IdaStar if name_hint.contains("misplaced") => {
            Some(Heuristic::Misplaced)
        }
        Search::Astar | Search::Greedy | Search::IdaStar => Some(Heuristic::Manhattan),
        _ => None,
    }
}

/// The space of `maze` searched with `moves` in that order (`search` says whether A*'s h is
/// given).
pub fn maze_space(maze: &Maze, moves: &[Dir], search: Search) -> MazeSpace {
    MazeSpace {
        width: maze.width(),
        height: maze.height(),
        cost: maze
            .grid()
            .cells()
            .iter()
            .map(|c| u8::from(c.is_open()))
            .collect(),
        start: maze.entry().and_then(|p| maze.grid().index(p)).unwrap_or(0),
        goal: maze.exit().and_then(|p| maze.grid().index(p)),
        moves: moves.to_vec(),
        heuristic: search.uses_h(),
    }
}

fn build(source: &CaseSource, search: Search) -> (Space, Phrase, Option<u64>) {
    match source {
        CaseSource::Classic { moves, walled } => {
            let mut maze = classic();
            if *walled {
                // the cell above the exit becomes a wall: the exit is shut in
                maze.set(
                    crate::core::grid::Pos::new(6, 1),
                    crate::core::maze::Cell::Wall,
                );
            }
            let about = if *walled {
                phrase!("the classic 8×8 maze with its exit walled in (no way out)")
            } else {
                phrase!("the classic 8×8 maze of the MFC report")
            };
            (Space::Maze(maze_space(&maze, moves, search)), about, None)
        }
        CaseSource::Generated {
            generator,
            side,
            seed,
            braid,
            moves,
        } => {
            let mut maze = generate::generate(*generator, *side, *side, *seed, &mut ())
                .expect("built-in sizes are valid");
            let about = if *braid > 0.0 {
                generate::braid(&mut maze, *braid, *seed);
                phrase!(
                    "{generator} {side}×{side} maze, seed {seed}, with loops",
                    generator = generator.name(),
                    side = *side,
                    seed = *seed
                )
            } else {
                phrase!(
                    "{generator} {side}×{side} maze, seed {seed}",
                    generator = generator.name(),
                    side = *side,
                    seed = *seed
                )
            };
            (
                Space::Maze(maze_space(&maze, moves, search)),
                about,
                Some(*seed),
            )
        }
        CaseSource::Room { side, moves } => {
            let maze = Maze::open_room(*side, *side);
            (
                Space::Maze(maze_space(&maze, moves, search)),
                phrase!("an open {side}×{side} room (ties everywhere)", side = *side),
                None,
            )
        }
        CaseSource::Costly { base, seed } => {
            use rand::RngExt;
            let (space, about, _) = build(base, search);
            let Space::Maze(mut maze) = space else {
                unreachable!("costly cases are mazes")
            };
            let mut rng = from_seed(*seed);
            for (i, cost) in maze.cost.iter_mut().enumerate() {
                if *cost == 0 || i == maze.start || Some(i) == maze.goal {
                    continue;
                }
                let roll: f64 = rng.random();
                *cost = if roll < 0.2 {
                    3
                } else if roll < 0.3 {
                    7
                } else {
                    1
                };
            }
            (
                Space::Maze(maze),
                phrase!(
                    "{about}, mud (3) and water (7) from seed {seed}",
                    about = about,
                    seed = *seed
                ),
                Some(*seed),
            )
        }
        CaseSource::Puzzle { start, goal } => (
            Space::Slide(Box::new(SlideSpace {
                start: *start,
                goal: Goal::new(*goal),
                moves: Move::ALL,
                heuristic: None, // the task sets it, by its name (Task::case)
            })),
            phrase!(
                "{start} to {goal}",
                start = start.to_string(),
                goal = goal.to_string()
            ),
            None,
        ),
        CaseSource::Walk { side, steps, seed } => {
            use rand::RngExt;
            let goal = Board::goal(*side);
            let mut rng = from_seed(*seed);
            let mut board = goal;
            let mut last: Option<Move> = None;
            for _ in 0..*steps {
                let options: Vec<(Move, Board)> = board
                    .moves()
                    .filter(|(m, _)| Some(m.opposite()) != last)
                    .collect();
                let (m, next) = options[rng.random_range(0..options.len())];
                board = next;
                last = Some(m);
            }
            (
                Space::Slide(Box::new(SlideSpace {
                    start: board,
                    goal: Goal::new(goal),
                    moves: Move::ALL,
                    heuristic: None, // the task sets it, by its name (Task::case)
                })),
                phrase!(
                    "{steps} random moves from the goal, seed {seed}",
                    steps = *steps,
                    seed = *seed
                ),
                Some(*seed),
            )
        }
        CaseSource::Graph(graph) => {
            let mut space = (**graph).clone();
            if !search.uses_h() {
                // the problem says h none: g, h and f are judged, and shown, with h = 0
                space.h.iter_mut().for_each(|h| *h = 0);
            }
            (Space::Graph(space), graph_about(graph), None)
        }
        CaseSource::Field { seed } => {
            let config = crate::core::mines::Preset::Original.config();
            (
                Space::Mines(Box::new(super::space::MinesSpace::new(config, *seed))),
                phrase!(
                    "{width}×{height}, {mines} mines, {lives} lives, seed {seed}",
                    width = config.width,
                    height = config.height,
                    mines = config.mines,
                    lives = config.lives,
                    seed = *seed
                ),
                Some(*seed),
            )
        }
        CaseSource::Maze(maze) => {
            let mut maze = (**maze).clone();
            maze.heuristic = search.uses_h();
            (Space::Maze(maze), phrase!("a maze of the lab file"), None)
        }
    }
}

fn graph_about(graph: &GraphSpace) -> Phrase {
    // "a or b or c", the "or" in the language shown
    let mut names = graph.goals.iter().map(|&g| graph.names[g].as_str());
    let first: Arg = names.next().unwrap_or_default().into();
    let goals = names.fold(first, |either, or| {
        phrase!("{either} or {or}", either = either, or = or).into()
    });
    let edges = if graph.directed {
        phrase!("{n} directed edges", n = graph.edges.len())
    } else {
        phrase!("{n} undirected edges", n = graph.edges.len())
    };
    phrase!(
        "{nodes} nodes, {edges}, from {start} to {goals}",
        nodes = graph.names.len(),
        edges = edges,
        start = graph.names[graph.start].as_str(),
        goals = goals
    )
}

/// Builds a graph from names, edges by name and h by name.
fn named_graph<'a>(
    edges: &[(&'a str, &'a str, u64)],
    h: &[(&'a str, u64)],
    start: &'a str,
    goals: &[&'a str],
    directed: bool,
) -> GraphSpace {
    // nodes numbered in the order they first appear; a map finds a name again (a teacher's
    // road network may have many thousands)
    let mut names: Vec<String> = Vec::new();
    let mut known: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut id = |name: &'a str| {
        *known.entry(name).or_insert_with(|| {
            names.push(name.to_string());
            names.len() - 1
        })
    };
    let mut ids = Vec::new();
    for &(a, b, cost) in edges {
        ids.push((id(a), id(b), cost));
    }
    let h_ids: Vec<(usize, u64)> = h.iter().map(|&(n, v)| (id(n), v)).collect();
    let start = id(start);
    let goals = goals.iter().map(|&g| id(g)).collect();
    let mut values = vec![0; names.len()];
    for (n, v) in h_ids {
        values[n] = v;
    }
    GraphSpace::new(names, ids, values, start, goals, directed)
}

/// The map of Romania (Russell and Norvig, figure 3.2) with the straight-line distances to
/// Bucharest (figure 3.16).
pub fn romania() -> GraphSpace {
    const ROADS: &[(&str, &str, u64)] = &[
        ("Arad", "Zerind", 75),
        ("Arad", "Sibiu", 140),
        ("Arad", "Timisoara", 118),
        ("Zerind", "Oradea", 71),
        ("Oradea", "Sibiu", 151),
        ("Timisoara", "Lugoj", 111),
        ("Lugoj", "Mehadia", 70),
        ("Mehadia", "Drobeta", 75),
        ("Drobeta", "Craiova", 120),
        ("Craiova", "Rimnicu_Vilcea", 146),
        ("Craiova", "Pitesti", 138),
        ("Sibiu", "Fagaras", 99),
        ("Sibiu", "Rimnicu_Vilcea", 80),
        ("Rimnicu_Vilcea", "Pitesti", 97),
        ("Fagaras", "Bucharest", 211),
        ("Pitesti", "Bucharest", 101),
        ("Bucharest", "Giurgiu", 90),
        ("Bucharest", "Urziceni", 85),
        ("Urziceni", "Hirsova", 98),
        ("Hirsova", "Eforie", 86),
        ("Urziceni", "Vaslui", 142),
        ("Vaslui", "Iasi", 92),
        ("Iasi", "Neamt", 87),
    ];
    const STRAIGHT_LINE: &[(&str, u64)] = &[
        ("Arad", 366),
        ("Bucharest", 0),
        ("Craiova", 160),
        ("Drobeta", 242),
        ("Eforie", 161),
        ("Fagaras", 176),
        ("Giurgiu", 77),
        ("Hirsova", 151),
        ("Iasi", 226),
        ("Lugoj", 244),
        ("Mehadia", 241),
        ("Neamt", 234),
        ("Oradea", 380),
        ("Pitesti", 100),
        ("Rimnicu_Vilcea", 193),
        ("Sibiu", 253),
        ("Timisoara", 329),
        ("Urziceni", 80),
        ("Vaslui", 199),
        ("Zerind", 374),
    ];
    named_graph(ROADS, STRAIGHT_LINE, "Arad", &["Bucharest"], false)
}

fn graph_cases() -> Vec<GraphSpace> {
    vec![
        romania(),
        // cycles and two goals; the cheapest goal is not the nearest in edges
        named_graph(
            &[
                ("S", "A", 2),
                ("S", "B", 5),
                ("A", "B", 2),
                ("A", "C", 4),
                ("B", "C", 1),
                ("B", "D", 6),
                ("C", "D", 2),
                ("C", "G1", 7),
                ("D", "G2", 3),
                ("D", "G1", 5),
            ],
            &[
                ("S", 7),
                ("A", 6),
                ("B", 5),
                ("C", 4),
                ("D", 3),
                ("G1", 0),
                ("G2", 0),
            ],
            "S",
            &["G1", "G2"],
            false,
        ),
        // one-way roads with cycles
        named_graph(
            &[
                ("S", "A", 3),
                ("S", "B", 1),
                ("B", "A", 1),
                ("A", "C", 2),
                ("C", "B", 5),
                ("B", "D", 6),
                ("C", "D", 2),
                ("D", "G", 1),
                ("C", "S", 4),
            ],
            &[("S", 7), ("A", 5), ("B", 6), ("C", 3), ("D", 1), ("G", 0)],
            "S",
            &["G"],
            true,
        ),
        // the goal is on an island: the answer is fail
        named_graph(
            &[("S", "A", 1), ("A", "B", 2), ("B", "S", 2), ("C", "G", 1)],
            &[("S", 1), ("A", 1), ("B", 1), ("C", 1), ("G", 0)],
            "S",
            &["G"],
            false,
        ),
    ]
}

/// A teacher's lab file: a task of its own, on mazes or graphs.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LabFile {
    name: String,
    search: String,
    #[serde(default)]
    about: Option<String>,
    cases: Vec<LabCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LabCase {
    #[serde(default)]
    grid: Option<Vec<String>>,
    #[serde(default)]
    costs: Option<Vec<String>>,
    #[serde(default)]
    edges: Option<Vec<(String, String, Value)>>,
    #[serde(default)]
    h: Option<std::collections::BTreeMap<String, Value>>,
    #[serde(default)]
    start: Option<Value>,
    #[serde(default)]
    goal: Option<Value>,
    #[serde(default)]
    directed: bool,
}

/// A teacher's lab file from its bytes: UTF-8, or the encoding its byte-order mark names
/// (Notepad's UTF-8, Windows PowerShell's UTF-16); then as [`parse_lab_file`].
pub fn parse_lab_bytes(bytes: Vec<u8>) -> Result<Task, Phrase> {
    let text = match super::message::marked_text(&bytes) {
        Some(text) => text,
        None => String::from_utf8(bytes).map_err(|_| phrase!("it is not UTF-8 text"))?,
    };
    parse_lab_file(&text)
}

/// Reads a teacher's lab file (see docs/lab.md): every mistake is named with its case.
pub fn parse_lab_file(text: &str) -> Result<Task, Phrase> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let file: LabFile = serde_json::from_str(text)
        .map_err(|e| phrase!("the lab file is not valid: {why}", why = e.to_string()))?;
    // the evaluate and turns sessions are the built-in tasks' own: a lab file holds searches
    let search = Search::from_name(&file.search)
        .filter(|s| !matches!(s, Search::Heuristic | Search::Agent))
        .ok_or_else(|| {
            phrase!(
                "{name} is not a search: bfs, dfs, dfs-rule, ucs, astar, greedy or idastar",
                name = format!("{:?}", file.search)
            )
        })?;
    if file.name.trim().is_empty() || file.name.chars().any(char::is_whitespace) {
        return Err(phrase!("the lab file's name must be one word, like my-lab"));
    }
    if file.cases.is_empty() {
        return Err(phrase!("the lab file has no cases"));
    }
    let mut cases = Vec::new();
    let mut kind = None;
    for (i, case) in file.cases.iter().enumerate() {
        let number = i + 1;
        let in_case = |why: Phrase| phrase!("case {n}: {why}", n = number, why = why);
        let source = if let Some(grid) = &case.grid {
            CaseSource::Maze(Box::new(
                lab_maze(grid, case.costs.as_deref()).map_err(in_case)?,
            ))
        } else if let Some(edges) = &case.edges {
            let graph = lab_graph(case, edges).map_err(in_case)?;
            if search.uses_h() {
                graph_h_fits(&graph, search).map_err(in_case)?;
            }
            CaseSource::Graph(Box::new(graph))
        } else {
            return Err(in_case(phrase!(
                "a case needs a grid (a maze) or edges (a graph)"
            )));
        };
        let this = if matches!(source, CaseSource::Maze(_)) {
            "maze"
        } else {
            "graph"
        };
        if kind.replace(this).is_some_and(|k| k != this) {
            return Err(in_case(phrase!("every case of a lab file is of one kind")));
        }
        cases.push(source);
    }
    Ok(Task {
        name: file.name,
        search,
        kind: kind.unwrap_or("maze"),
        about: file.about.unwrap_or_default(),
        cases,
    })
}

fn lab_maze(grid: &[String], costs: Option<&[String]>) -> Result<MazeSpace, Phrase> {
    let maze = crate::core::maze::text::parse(&grid.join("\n")).map_err(|e| e.phrase())?;
    let exit = maze
        .exit()
        .ok_or_else(|| phrase!("the maze has no exit E"))?;
    let mut space = maze_space(&maze, &MAZE_ORDER, Search::Bfs);
    space.goal = maze.grid().index(exit);
    if let Some(costs) = costs {
        if costs.len() != maze.height() {
            return Err(phrase!(
                "costs has {rows} rows, the grid {height}",
                rows = costs.len(),
                height = maze.height()
            ));
        }
        for (r, row) in costs.iter().enumerate() {
            let digits: Vec<char> = row.chars().collect();
            if digits.len() != maze.width() {
                return Err(phrase!(
                    "costs row {row} has {n} digits, the grid {width} columns",
                    row = r + 1,
                    n = digits.len(),
                    width = maze.width()
                ));
            }
            for (c, d) in digits.into_iter().enumerate() {
                let i = r * maze.width() + c;
                let Some(value) = d.to_digit(10) else {
                    return Err(phrase!(
                        "costs row {row}: {ch} is not a digit",
                        row = r + 1,
                        ch = d.to_string()
                    ));
                };
                if space.cost[i] > 0 {
                    if value == 0 {
                        return Err(phrase!(
                            "costs row {row}, column {col}: an open cell costs at least 1",
                            row = r + 1,
                            col = c + 1
                        ));
                    }
                    space.cost[i] = value as u8;
                }
            }
        }
    }
    Ok(space)
}

/// The largest cost a lab file's edge may have, and the largest h: whole numbers up to these
/// keep every path's cost and every f exact in a 64-bit integer and in a JavaScript number.
pub const MAX_EDGE_COST: i64 = 1_000_000_000;
pub const MAX_LAB_H: i64 = 1_000_000_000_000;

/// A lab file's number `value` as a whole number from 0 to `max` (`3.0` is 3), or why not:
/// `what` says whose number it is.
fn lab_number(value: &Value, max: i64, what: impl FnOnce() -> String) -> Result<u64, Phrase> {
    match super::space::whole_json(value).filter(|n| (0..=max).contains(n)) {
        Some(n) => Ok(n as u64),
        None => Err(phrase!(
            "{what} is {value}: it must be a whole number from 0 to {max}",
            what = what(),
            value = value.to_string(),
            max = max
        )),
    }
}

fn lab_graph(case: &LabCase, edges: &[(String, String, Value)]) -> Result<GraphSpace, Phrase> {
    let name_of = |v: &Value| v.as_str().map(str::to_string);
    let start = case
        .start
        .as_ref()
        .and_then(name_of)
        .ok_or_else(|| phrase!("a graph case needs a start node (a name)"))?;
    let goals: Vec<String> = match &case.goal {
        Some(Value::String(g)) => vec![g.clone()],
        Some(Value::Array(list)) => list.iter().filter_map(name_of).collect(),
        _ => Vec::new(),
    };
    if goals.is_empty() {
        return Err(phrase!(
            "a graph case needs a goal: a name or a list of names"
        ));
    }
    let mut all: Vec<&str> = edges
        .iter()
        .flat_map(|(a, b, _)| [a.as_str(), b.as_str()])
        .chain([start.as_str()])
        .chain(goals.iter().map(String::as_str))
        .collect();
    if let Some(h) = &case.h {
        all.extend(h.keys().map(String::as_str));
    }
    if let Some(bad) = all
        .iter()
        .find(|n| n.is_empty() || n.chars().any(char::is_whitespace))
    {
        return Err(phrase!(
            "{name} is not a node name: names are one word (write Rimnicu_Vilcea)",
            name = format!("{bad:?}")
        ));
    }
    let edge_refs: Vec<(&str, &str, u64)> = edges
        .iter()
        .map(|(a, b, c)| {
            let cost = lab_number(c, MAX_EDGE_COST, || format!("the cost of {a} → {b}"))?;
            Ok((a.as_str(), b.as_str(), cost))
        })
        .collect::<Result<_, Phrase>>()?;
    let h: Vec<(&str, u64)> = case
        .h
        .iter()
        .flatten()
        .map(|(n, v)| Ok((n.as_str(), lab_number(v, MAX_LAB_H, || format!("h({n})"))?)))
        .collect::<Result<_, Phrase>>()?;
    let goal_refs: Vec<&str> = goals.iter().map(String::as_str).collect();
    Ok(named_graph(
        &edge_refs,
        &h,
        &start,
        &goal_refs,
        case.directed,
    ))
}

/// A lab file's h is one its search can be judged with: for A*, 0 at every goal and consistent
/// on every edge (the checker's A* never reopens a closed state); for IDA*, 0 at every goal and
/// never above the cheapest cost to a goal. Greedy best-first takes any h.
fn graph_h_fits(graph: &GraphSpace, search: Search) -> Result<(), Phrase> {
    let name = |n: usize| graph.names[n].clone();
    if search != Search::Greedy
        && let Some(&g) = graph.goals.iter().find(|&&g| graph.h[g] != 0)
    {
        return Err(phrase!(
            "h({goal}) = {h}, but {goal} is a goal: h must be 0 there",
            goal = name(g),
            h = graph.h[g]
        ));
    }
    match search {
        Search::Astar => {
            for (a, next) in graph.next.iter().enumerate() {
                if let Some(&(b, cost)) = next
                    .iter()
                    .find(|&&(b, cost)| graph.h[a] > cost + graph.h[b])
                {
                    return Err(phrase!(
                        "h is not consistent: h({a}) = {ha}, but {a} → {b} costs {cost} and h({b}) = {hb}; A* needs h(a) ≤ cost(a, b) + h(b) on every edge",
                        a = name(a),
                        ha = graph.h[a],
                        b = name(b),
                        cost = cost,
                        hb = graph.h[b]
                    ));
                }
            }
        }
        Search::IdaStar => {
            // the cheapest cost from each node to a goal, by Dijkstra along the edges reversed
            let n = graph.names.len();
            let mut back: Vec<Vec<(usize, u64)>> = vec![Vec::new(); n];
            for (a, next) in graph.next.iter().enumerate() {
                for &(b, cost) in next {
                    back[b].push((a, cost));
                }
            }
            let mut dist = vec![u64::MAX; n];
            let mut heap = std::collections::BinaryHeap::new();
            for &g in &graph.goals {
                dist[g] = 0;
                heap.push(std::cmp::Reverse((0, g)));
            }
            while let Some(std::cmp::Reverse((d, a))) = heap.pop() {
                if d > dist[a] {
                    continue;
                }
                for &(b, cost) in &back[a] {
                    if d + cost < dist[b] {
                        dist[b] = d + cost;
                        heap.push(std::cmp::Reverse((d + cost, b)));
                    }
                }
            }
            if let Some(a) = (0..n).find(|&a| dist[a] != u64::MAX && graph.h[a] > dist[a]) {
                return Err(phrase!(
                    "h is not admissible: h({a}) = {h}, but a goal is only {d} away; IDA* needs h never above the cheapest cost to a goal",
                    a = name(a),
                    h = graph.h[a],
                    d = dist[a]
                ));
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_builds_every_case() {
        for task in tasks() {
            assert!(task.cases() >= 4, "{}", task.name);
            for n in 1..=task.cases() {
                let case = task.case(n).unwrap();
                let start = case.space.start();
                assert!(case.space.invalid(start).is_none(), "{} {n}", task.name);
            }
            assert!(task.case(0).is_err() && task.case(task.cases() + 1).is_err());
        }
        assert!(task("maze-nope").is_err());
    }

    #[test]
    fn the_heuristics_of_the_graph_cases_are_consistent() {
        for graph in graph_cases() {
            for (a, list) in graph.next.iter().enumerate() {
                for &(b, cost) in list {
                    assert!(
                        graph.h[a] <= cost + graph.h[b],
                        "{} {}",
                        graph.names[a],
                        graph.names[b]
                    );
                }
            }
            for &g in &graph.goals {
                assert_eq!(graph.h[g], 0);
            }
        }
        let romania = romania();
        assert_eq!(romania.names.len(), 20);
        let arad = romania.node("Arad").unwrap();
        let order: Vec<&str> = romania.next[arad]
            .iter()
            .map(|&(n, _)| romania.names[n].as_str())
            .collect();
        assert_eq!(order, ["Sibiu", "Timisoara", "Zerind"]);
    }

    #[test]
    fn lab_files_are_read_and_their_mistakes_named() {
        let good = r#"{"name":"my-lab","search":"astar","cases":[
            {"edges":[["A","B",2],["B","C",2]],"h":{"A":3,"B":2},"start":"A","goal":"C"},
            {"edges":[["A","B",1]],"start":"A","goal":["B"],"directed":true}]}"#;
        let task = parse_lab_file(good).unwrap();
        assert_eq!((task.kind, task.cases()), ("graph", 2));
        // as Windows PowerShell 5 saves it (UTF-16 with its mark), and bytes that are no text
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(good.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(parse_lab_bytes(utf16).unwrap().cases(), 2);
        let error = parse_lab_bytes(vec![b'{', 0xC3, 0x28])
            .unwrap_err()
            .english();
        assert!(error.contains("not UTF-8"), "{error}");
        let case = task.case(1).unwrap();
        assert_eq!(case.space.h(case.space.start()), 3);
        // numbers as Python's json writes floats that hold whole ones
        let floats = good
            .replace("\"A\",\"B\",2]", "\"A\",\"B\",2.0]")
            .replace("\"A\":3", "\"A\":3.0");
        assert_ne!(floats, good);
        let task = parse_lab_file(&floats).unwrap();
        let case = task.case(1).unwrap();
        assert_eq!(case.space.h(case.space.start()), 3);
        assert_eq!(case.space.step_cost(case.space.start(), 1), Some(2));
        let maze = r#"{"name":"mud","search":"ucs","cases":[{"grid":["S.#","..E"],"costs":["110","191"]}]}"#;
        let task = parse_lab_file(maze).unwrap();
        let Space::Maze(space) = task.case(1).unwrap().space else {
            panic!("a maze")
        };
        assert_eq!(space.cost, vec![1, 1, 0, 1, 9, 1]);
        // an h that only greedy may use; IDA* takes an admissible one that is not consistent
        let rough = r#"{"edges":[["A","B",1],["B","C",1],["A","C",3]],"h":{"A":2,"B":0},"start":"A","goal":"C"}"#;
        for (search, fits) in [
            ("greedy", true),
            ("idastar", true),
            ("astar", false),
            ("bfs", true),
        ] {
            let file = format!(r#"{{"name":"x","search":"{search}","cases":[{rough}]}}"#);
            assert_eq!(parse_lab_file(&file).is_ok(), fits, "{search}");
        }
        for (bad, says) in [
            ("{", "not valid"),
            (r#"{"name":"x","search":"zzz","cases":[]}"#, "not a search"),
            (r#"{"name":"x","search":"bfs","cases":[]}"#, "no cases"),
            (r#"{"name":"x y","search":"bfs","cases":[{}]}"#, "one word"),
            (r#"{"name":"x","search":"bfs","cases":[{}]}"#, "case 1"),
            (
                r#"{"name":"x","search":"bfs","cases":[{"edges":[["A B","C",1]],"start":"A B","goal":"C"}]}"#,
                "not a node name",
            ),
            (
                r##"{"name":"x","search":"bfs","cases":[{"grid":["S.","#E"],"costs":["10","0"]}]}"##,
                "costs row 1",
            ),
            (
                r#"{"name":"x","search":"heuristic","cases":[{}]}"#,
                "not a search",
            ),
            (
                r#"{"name":"x","search":"agent","cases":[{}]}"#,
                "not a search",
            ),
            (
                r#"{"name":"x","search":"astar","cases":[{"edges":[["A","B",1],["B","C",1]],"h":{"A":5},"start":"A","goal":"C"}]}"#,
                "case 1: h is not consistent: h(A) = 5, but A → B costs 1 and h(B) = 0",
            ),
            (
                r#"{"name":"x","search":"astar","cases":[{"edges":[["A","B",1]],"h":{"A":1,"B":2},"start":"A","goal":"B"}]}"#,
                "h(B) = 2, but B is a goal",
            ),
            (
                // consistent one way, not the other: the edge is undirected
                r#"{"name":"x","search":"astar","cases":[{"edges":[["A","B",1],["B","C",5]],"h":{"A":1,"B":4},"start":"A","goal":"C"}]}"#,
                "h(B) = 4, but B → A costs 1 and h(A) = 1",
            ),
            (
                r#"{"name":"x","search":"idastar","cases":[{"edges":[["A","B",1],["B","C",1],["A","C",5]],"h":{"A":3},"start":"A","goal":"C"}]}"#,
                "h is not admissible: h(A) = 3, but a goal is only 2 away",
            ),
            (
                r#"{"name":"x","search":"ucs","cases":[{"edges":[["A","B",-1]],"start":"A","goal":"B"}]}"#,
                "case 1: the cost of A → B is -1: it must be a whole number from 0 to 1000000000",
            ),
            (
                // past it, a path's cost would overflow (the checker hung on this)
                r#"{"name":"x","search":"ucs","cases":[{"edges":[["A","B",9223372036854775807],["B","C",9223372036854775807]],"start":"A","goal":"C"}]}"#,
                "the cost of A → B is 9223372036854775807",
            ),
            (
                r#"{"name":"x","search":"ucs","cases":[{"edges":[["A","B",2.5]],"start":"A","goal":"B"}]}"#,
                "the cost of A → B is 2.5",
            ),
            (
                r#"{"name":"x","search":"greedy","cases":[{"edges":[["A","B",1]],"h":{"A":"far"},"start":"A","goal":"B"}]}"#,
                "h(A) is \"far\"",
            ),
        ] {
            let error = parse_lab_file(bad).unwrap_err().english();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }
}
