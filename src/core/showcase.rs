//! The Showcase's scenes: each scene is built from a seed into panes of cells, and each pane is
//! a script of steps (a generator carving, a search expanding, tiles sliding, the Mines robot
//! opening cells) that can be played forward and back. The game only draws [`Look`]s.
//!
//! Everything shown is what the real algorithms did: traces recorded by the maze solvers, the
//! node counts and moves of the sliding-puzzle solvers, the Mines robot's own analyses.

use crate::core::grid::Pos;
use crate::core::learn::{
    Algo, Keep, Node, Walkthrough, carving_walkthrough, maze_walkthrough, slide_walkthrough,
};
use crate::core::maze::generate::{Generator, braid, generate};
use crate::core::maze::solve::{ShortestAlgo, dfs_rule, shortest};
use crate::core::maze::{Cell, Maze, classic::classic};
use crate::core::mines::robot::{Choice, Step, Stepper, analyse};
use crate::core::mines::session::{LOSS_TEXT, WIN_TEXT};
use crate::core::mines::{Game, Preset, Seen, Status, View};
use crate::core::rng::from_seed;
use crate::core::slide::pdb::{PatternDb, Split};
use crate::core::slide::solve::{
    Algorithm, Heuristic, Limits, Outcome, Report, astar, idastar, idastar_pdb,
};
use crate::core::slide::{Board, game::at_distance, game::scramble_towards};
use crate::core::text::{Arg, Lang, Phrase};
use crate::core::trace::{Event, Mark, Replay, Trace};
use crate::{msg, phrase};

/// Slowest and fastest playback of the show, as multiples of normal speed.
pub const MIN_SPEED: f32 = 0.125;
pub const MAX_SPEED: f32 = 16.0;

/// The scenes, in the order the show plays them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SceneKind {
    /// One maze generator carving a maze.
    Carve(Generator),
    /// BFS, the rule-order DFS and A* on the same maze, side by side.
    Race,
    /// The Explore ball's DFS with backtracking on the classic maze, then its correct path.
    Explore,
    /// A* with Manhattan distance against A* with misplaced tiles on one 8-puzzle.
    Heuristics,
    /// IDA* with pattern databases against IDA* with Manhattan distance on one 15-puzzle.
    Databases,
    /// The Mines robot clearing the original 20×20 field, its knowledge overlaid.
    Robot,
}

impl SceneKind {
    /// Every scene, in show order.
    pub const ALL: [SceneKind; 9] = [
        SceneKind::Carve(Generator::Prim),
        SceneKind::Carve(Generator::Backtracker),
        SceneKind::Carve(Generator::Kruskal),
        SceneKind::Carve(Generator::Wilson),
        SceneKind::Race,
        SceneKind::Explore,
        SceneKind::Heuristics,
        SceneKind::Databases,
        SceneKind::Robot,
    ];

    /// The scene's place in [`SceneKind::ALL`].
    pub fn index(self) -> usize {
        SceneKind::ALL
            .iter()
            .position(|k| *k == self)
            .expect("every scene is listed")
    }

    /// The scene `offset` places further on, wrapping around.
    pub fn offset(self, offset: isize) -> SceneKind {
        let n = SceneKind::ALL.len() as isize;
        SceneKind::ALL[(self.index() as isize + offset).rem_euclid(n) as usize]
    }

    /// The caption's headline.
    pub fn title(self) -> Phrase {
        match self {
            SceneKind::Carve(g) => {
                phrase!(
                    "Maze generation: {generator}",
                    generator = Arg::Message(g.title())
                )
            }
            SceneKind::Race => phrase!("BFS, DFS and A* race on one maze with loops"),
            SceneKind::Explore => phrase!("The Explore ball: DFS with backtracking"),
            SceneKind::Heuristics => phrase!("A* on the 8-puzzle: Manhattan vs misplaced tiles"),
            SceneKind::Databases => phrase!("IDA* with pattern databases on the 15-puzzle"),
            SceneKind::Robot => phrase!("The Mines robot: exact reasoning, then probabilities"),
        }
    }

    /// What to watch for (a message: `Lang::tr` it).
    pub fn watch(self) -> &'static str {
        match self {
            SceneKind::Carve(Generator::Prim) => {
                msg!(
                    "Randomized Prim grows the maze from one cell, always opening a random wall on its \
                 border: short branches everywhere, an easy maze."
                )
            }
            SceneKind::Carve(Generator::Backtracker) => {
                msg!(
                    "The recursive backtracker digs as far as it can, then backs up to the last cell \
                 with a way on: long winding corridors, few dead ends."
                )
            }
            SceneKind::Carve(Generator::Kruskal) => {
                msg!(
                    "Kruskal knocks down random walls between cells not yet joined (union-find): the \
                 maze appears everywhere at once and merges."
                )
            }
            SceneKind::Carve(Generator::Wilson) => {
                msg!(
                    "Wilson's loop-erased random walks pick every maze with equal chance: slow to start, \
                 then each walk joins the tree."
                )
            }
            SceneKind::Race => {
                msg!(
                    "Green is the open set, purple the closed set, yellow the answer. BFS floods every \
                 direction; DFS follows its rule order and backtracks; A* leans towards the exit and \
                 expands the fewest cells — BFS and A* both find the shortest path."
                )
            }
            SceneKind::Explore => {
                msg!(
                    "The ball tries down, right, left, up in that order; blue is its current path, red \
                 the dead ends it erased. Once out, it replays the correct path in yellow."
                )
            }
            SceneKind::Heuristics => {
                msg!(
                    "Both are optimal; the better estimate (Manhattan distance) expands far fewer \
                 nodes. The counters tick as each search works, then the tiles slide."
                )
            }
            SceneKind::Databases => {
                msg!(
                    "Pattern databases precompute exact costs for groups of tiles; their sum guides \
                 IDA* so well that it finishes while Manhattan distance is still deepening."
                )
            }
            SceneKind::Robot => {
                msg!(
                    "Green: certainly safe; red: certainly a mine; redder shading: likelier a mine; \
                 yellow: the next pick. The robot guesses only when nothing is certain."
                )
            }
        }
    }
}

/// How one cell of a pane looks at the current step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Look {
    Wall,
    Floor,
    Entry,
    Exit,
    /// An open maze cell painted by a search.
    Trail(Mark),
    /// A puzzle tile; `home` when it stands on its goal cell.
    Tile {
        number: u8,
        home: bool,
    },
    /// The puzzle's empty cell.
    Blank,
    /// An unopened minefield cell, with the robot's estimate that it is a mine (0 certainly
    /// safe, 1 certainly a mine) and whether it is the robot's next pick.
    Hidden {
        risk: Option<f32>,
        next: bool,
    },
    /// A cell marked as a mine.
    Marked,
    /// An opened cell and its number.
    Open(u8),
    /// A mine that was opened (cost a robot).
    Exploded,
}

/// What a pane's counter counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Carved,
    Expanded,
    Steps,
}

#[derive(Clone, Debug)]
struct MazeScript {
    maze: Maze,
    replay: Replay,
    count: Count,
    /// The counter after each number of events.
    counts: Vec<u32>,
    /// Said once the replay is over.
    summary: Phrase,
}

#[derive(Clone, Debug)]
struct TilesScript {
    /// The board after each move of the solution (the start first).
    boards: Vec<Board>,
    goal: Board,
    /// Steps spent "searching" (the counter ticking) before the tiles move.
    think: usize,
    expanded: usize,
    outcome: Phrase,
}

#[derive(Clone, Debug)]
struct MinesFrame {
    cells: Vec<Look>,
    line: Phrase,
}

#[derive(Clone, Debug)]
enum Script {
    Maze(Box<MazeScript>),
    Tiles(TilesScript),
    Mines(Vec<MinesFrame>),
}

/// One board of a scene and its script.
#[derive(Clone, Debug)]
pub struct Pane {
    pub title: Phrase,
    pub width: usize,
    pub height: usize,
    script: Script,
    step: usize,
    /// What Learn explains on this pane.
    teach: Option<Teach>,
}

/// The algorithm a pane shows, for Learn to explain step by step on the same board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Teach {
    /// A maze search on the pane's maze from its entry: the rule-order DFS, BFS or A*.
    Search(Algo),
    /// The generator carving the pane's maze, from its seed.
    Carve(Generator, u64),
    /// A sliding-puzzle solver on the pane's start and goal.
    Slide(Algorithm, Board),
    /// The Mines robot reasoning on the board shown (the field's mine count).
    Robot(usize),
}

impl Pane {
    fn maze(title: Phrase, maze: Maze, trace: Trace, count: Count, summary: Phrase) -> Pane {
        let mut counts = Vec::with_capacity(trace.len() + 1);
        let mut n = 0u32;
        counts.push(0);
        for event in &trace.events {
            n += match (count, event) {
                (Count::Carved, Event::Carve(_))
                | (Count::Expanded, Event::Expand(_))
                | (Count::Steps, Event::Enter(_) | Event::Backtrack { .. }) => 1,
                _ => 0,
            };
            counts.push(n);
        }
        let (width, height) = (maze.width(), maze.height());
        Pane {
            title,
            width,
            height,
            script: Script::Maze(Box::new(MazeScript {
                replay: Replay::new(trace, width, height),
                maze,
                count,
                counts,
                summary,
            })),
            step: 0,
            teach: None,
        }
    }

    /// With what Learn explains on it.
    fn teaching(mut self, teach: Teach) -> Pane {
        self.teach = Some(teach);
        self
    }

    /// What Learn explains on this pane, if anything.
    pub fn teach(&self) -> Option<Teach> {
        self.teach
    }

    /// A walkthrough of the pane's algorithm on the pane's own board (`None` for the robot,
    /// whose reasoning is [`Pane::view`]'s): the search from the maze's entry, the carving of
    /// the maze, or the puzzle solver from the start (expanding at most `max_nodes`).
    pub fn walkthrough(&self, keep: Keep, max_nodes: usize) -> Option<Walkthrough> {
        match (self.teach?, &self.script) {
            (Teach::Search(algo), Script::Maze(m)) => {
                maze_walkthrough(&m.maze, algo, m.maze.entry()?, keep)
            }
            (Teach::Carve(generator, seed), Script::Maze(_)) => {
                carving_walkthrough(generator, (self.width, self.height), seed, keep)
            }
            (Teach::Slide(algorithm, start), Script::Tiles(t)) => {
                slide_walkthrough(&start, &t.goal, algorithm, 0, max_nodes, keep)
            }
            _ => None,
        }
    }

    /// The board shown as the Mines robot sees it (a robot pane).
    pub fn view(&self) -> Option<View> {
        let (Some(Teach::Robot(mines)), Script::Mines(frames)) = (self.teach, &self.script) else {
            return None;
        };
        let cells = frames[self.step]
            .cells
            .iter()
            .map(|look| match look {
                Look::Marked => Seen::Marked,
                Look::Open(n) => Seen::Open(*n),
                Look::Exploded => Seen::Exploded,
                _ => Seen::Hidden,
            })
            .collect();
        Some(View {
            width: self.width,
            height: self.height,
            mines,
            lives_left: 1,
            cells,
        })
    }

    /// Every cell's look at the step `walk` (a walkthrough of this pane) shows.
    pub fn learn_looks(&self, walk: &Walkthrough) -> Option<Vec<Look>> {
        match &self.script {
            Script::Maze(m) => Some(maze_looks(
                &m.maze,
                walk.marks(),
                walk.lesson().algo.generator().is_some(),
            )),
            Script::Tiles(t) => match walk.step()?.node? {
                Node::Board(board) if board.side() == self.width => {
                    Some(tile_looks(&board, &t.goal))
                }
                _ => None,
            },
            Script::Mines(_) => None,
        }
    }

    /// Steps from start to finish.
    pub fn len(&self) -> usize {
        match &self.script {
            Script::Maze(m) => m.replay.trace().len(),
            Script::Tiles(t) => t.think + t.boards.len() - 1,
            Script::Mines(frames) => frames.len() - 1,
        }
    }

    /// True for a pane with nothing to play.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The current step (0 before the first).
    pub fn step(&self) -> usize {
        self.step
    }

    /// True once every step has been played.
    pub fn finished(&self) -> bool {
        self.step >= self.len()
    }

    /// Plays one step; false when already finished.
    pub fn forward(&mut self) -> bool {
        if self.finished() {
            return false;
        }
        if let Script::Maze(m) = &mut self.script {
            m.replay.step_forward();
        }
        self.step += 1;
        true
    }

    /// Takes one step back; false at the start.
    pub fn back(&mut self) -> bool {
        if self.step == 0 {
            return false;
        }
        if let Script::Maze(m) = &mut self.script {
            m.replay.step_back();
        }
        self.step -= 1;
        true
    }

    /// Every cell's look now, row by row.
    pub fn looks(&self) -> Vec<Look> {
        match &self.script {
            Script::Maze(m) => maze_looks(&m.maze, m.replay.marks(), m.count == Count::Carved),
            Script::Tiles(t) => tile_looks(&t.boards[self.step.saturating_sub(t.think)], &t.goal),
            Script::Mines(frames) => frames[self.step].cells.clone(),
        }
    }

    /// Where the walker (the Explore ball, the DFS) stands, if the pane has one.
    pub fn walker(&self) -> Option<Pos> {
        match &self.script {
            Script::Maze(m) => m.replay.walker(),
            _ => None,
        }
    }

    /// The pane's live statistics, in `lang`.
    pub fn stats(&self, lang: Lang) -> String {
        match &self.script {
            Script::Maze(m) => {
                let n = m.counts[self.step.min(m.counts.len() - 1)];
                let count = match m.count {
                    Count::Carved => phrase!("{n} cells carved", n = n),
                    Count::Expanded => phrase!("{n} cells expanded", n = n),
                    Count::Steps => phrase!("{n} steps", n = n),
                };
                if self.finished() {
                    phrase!(
                        "{count} · {summary}",
                        count = count,
                        summary = m.summary.clone()
                    )
                    .show(lang)
                } else {
                    count.show(lang)
                }
            }
            Script::Tiles(t) => {
                if self.step < t.think {
                    let n = t.expanded * self.step / t.think.max(1);
                    crate::tr!(lang, "searching… {n} nodes expanded", n = n)
                } else {
                    let moved = self.step - t.think;
                    crate::tr!(
                        lang,
                        "{n} nodes expanded · {outcome} · move {moved} of {total}",
                        n = t.expanded,
                        outcome = t.outcome.show(lang),
                        moved = moved,
                        total = t.boards.len() - 1
                    )
                }
            }
            Script::Mines(frames) => frames[self.step].line.show(lang),
        }
    }
}

/// A scene ready to play.
#[derive(Clone, Debug)]
pub struct Show {
    pub kind: SceneKind,
    pub seed: u64,
    pub panes: Vec<Pane>,
    /// Steps per second at normal speed (chosen so that the scene lasts about
    /// [`SCENE_SECONDS`]).
    pub steps_per_second: f32,
}

/// About how long a scene plays at normal speed.
pub const SCENE_SECONDS: f32 = 14.0;

impl Show {
    /// True once every pane has played every step.
    pub fn finished(&self) -> bool {
        self.panes.iter().all(Pane::finished)
    }

    /// Plays one step in every pane not finished; false when all were.
    pub fn forward(&mut self) -> bool {
        let mut any = false;
        for pane in &mut self.panes {
            any |= pane.forward();
        }
        any
    }

    /// Takes one step back in the panes that are furthest on (so that panes that finished early
    /// wait for the others, as they did going forward).
    pub fn back(&mut self) -> bool {
        let Some(furthest) = self.panes.iter().map(Pane::step).max() else {
            return false;
        };
        if furthest == 0 {
            return false;
        }
        for pane in &mut self.panes {
            if pane.step() == furthest {
                pane.back();
            }
        }
        true
    }

    /// The longest pane's length.
    pub fn len(&self) -> usize {
        self.panes.iter().map(Pane::len).max().unwrap_or(0)
    }

    /// True when no pane has anything to play.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The seed of scene `kind` in the show of `seed` (each scene its own board).
pub fn scene_seed(seed: u64, kind: SceneKind) -> u64 {
    seed.wrapping_mul(1_000)
        .wrapping_add(kind.index() as u64 + 1)
}

/// The pattern databases the Databases scene uses: the quick 5-5-5 split for the standard goal
/// (about a second or two to build; the caller keeps them between scenes).
pub fn scene_databases() -> PatternDb {
    PatternDb::build(&Board::goal(4), Split::FiveFiveFive, None, &mut |_| {})
        .expect("the light partition is valid")
}

/// Builds scene `kind` of the show of `seed`. The Databases scene needs `databases` (from
/// [`scene_databases`]); without them it shows IDA* with Manhattan distance alone.
pub fn build(kind: SceneKind, seed: u64, databases: Option<&PatternDb>) -> Show {
    let seed = scene_seed(seed, kind);
    let panes = match kind {
        SceneKind::Carve(generator) => vec![carve_pane(generator, seed)],
        SceneKind::Race => race_panes(seed),
        SceneKind::Explore => vec![explore_pane()],
        SceneKind::Heuristics => heuristics_panes(seed),
        SceneKind::Databases => databases_panes(seed, databases),
        SceneKind::Robot => vec![robot_pane(seed)],
    };
    let longest = panes.iter().map(Pane::len).max().unwrap_or(0).max(1);
    let seconds = match kind {
        SceneKind::Explore => 10.0,
        _ => SCENE_SECONDS,
    };
    Show {
        kind,
        seed,
        panes,
        steps_per_second: (longest as f32 / seconds).max(2.0),
    }
}

fn carve_pane(generator: Generator, seed: u64) -> Pane {
    let mut trace = Trace::new();
    let maze = generate(generator, 41, 25, seed, &mut trace).expect("41×25 is a valid maze size");
    let cells = maze.open_cells();
    Pane::maze(
        Phrase::new(generator.title(), Vec::new()),
        maze,
        trace,
        Count::Carved,
        phrase!(
            "{cells} open cells, one path between any two",
            cells = cells
        ),
    )
    .teaching(Teach::Carve(generator, seed))
}

fn race_panes(seed: u64) -> Vec<Pane> {
    let mut maze = generate(Generator::Prim, 25, 25, seed, &mut ()).expect("valid size");
    braid(&mut maze, 0.25, seed);
    let mut panes = Vec::new();
    for (title, algo, lesson) in [
        (msg!("BFS"), ShortestAlgo::Bfs, Algo::MazeBfs),
        (msg!("A*"), ShortestAlgo::AStar, Algo::MazeAstar),
    ] {
        let mut trace = Trace::new();
        let answer = shortest(&maze, algo, &mut trace).expect("generated mazes have an entry");
        let summary = phrase!("shortest path {n} moves", n = answer.length());
        panes.push(
            Pane::maze(
                Phrase::new(title, Vec::new()),
                maze.clone(),
                trace,
                Count::Expanded,
                summary,
            )
            .teaching(Teach::Search(lesson)),
        );
    }
    let walk = dfs_rule(&maze).expect("generated mazes have an entry");
    let mut trace = walk.trace.clone();
    trace
        .events
        .extend(walk.path.iter().map(|&p| Event::Route(p)));
    let summary = phrase!(
        "path {n} moves (not always the shortest)",
        n = walk.path.len().saturating_sub(1)
    );
    panes.insert(
        1,
        Pane::maze(
            phrase!("DFS (down, right, left, up)"),
            maze,
            trace,
            Count::Steps,
            summary,
        )
        .teaching(Teach::Search(Algo::DfsRule)),
    );
    panes
}

fn explore_pane() -> Pane {
    let maze = classic();
    let walk = dfs_rule(&maze).expect("the classic maze has an entry");
    let mut trace = walk.trace.clone();
    trace
        .events
        .extend(walk.path.iter().map(|&p| Event::Route(p)));
    let summary = phrase!(
        "out in {steps} steps; the correct path has {moves} moves",
        steps = walk.steps(),
        moves = walk.path.len().saturating_sub(1)
    );
    Pane::maze(
        phrase!("The classic 8×8 maze"),
        maze,
        trace,
        Count::Steps,
        summary,
    )
    .teaching(Teach::Search(Algo::DfsRule))
}

/// A tiles pane from a solver's report, its search phase lasting `think` steps.
fn tiles_pane(
    title: &'static str,
    start: &Board,
    goal: &Board,
    report: &Report,
    think: usize,
) -> Pane {
    let mut boards = vec![*start];
    if let Some(moves) = report.outcome.moves() {
        for &m in moves {
            let next = boards
                .last()
                .and_then(|b| b.apply(m))
                .expect("solver moves are legal");
            boards.push(next);
        }
    }
    let outcome = match &report.outcome {
        Outcome::Solved(moves) => phrase!("{n} moves", n = moves.len()),
        other => other.phrase(),
    };
    Pane {
        title: Phrase::new(title, Vec::new()),
        width: start.side(),
        height: start.side(),
        script: Script::Tiles(TilesScript {
            boards,
            goal: *goal,
            think,
            expanded: report.expanded,
            outcome,
        }),
        step: 0,
        teach: None,
    }
}

/// Search phases in proportion to the nodes expanded: the hardest-working search ticks for
/// `longest` steps.
fn think_steps(expanded: &[usize], longest: usize) -> Vec<usize> {
    let most = expanded.iter().copied().max().unwrap_or(1).max(1);
    expanded
        .iter()
        .map(|&e| (e * longest).div_ceil(most).max(1))
        .collect()
}

fn heuristics_panes(seed: u64) -> Vec<Pane> {
    let goal = Board::goal(3);
    let start = at_distance(&goal, 22, &mut from_seed(seed)).expect("distance 22 exists");
    let reports = [
        (
            msg!("A* Manhattan distance"),
            Algorithm::AstarManhattan,
            astar(&start, &goal, Heuristic::Manhattan, Limits::default()),
        ),
        (
            msg!("A* misplaced tiles"),
            Algorithm::AstarMisplaced,
            astar(&start, &goal, Heuristic::Misplaced, Limits::default()),
        ),
    ];
    solver_panes(&reports, &start, &goal, 60)
}

/// Nodes IDA* with Manhattan distance may expand in the Databases scene before it gives up.
const MANHATTAN_CAP: usize = 3_000_000;

fn databases_panes(seed: u64, databases: Option<&PatternDb>) -> Vec<Pane> {
    let goal = Board::goal(4);
    let manhattan = |b: &Board| {
        let limits = Limits {
            max_nodes: MANHATTAN_CAP,
            ..Limits::default()
        };
        idastar(b, &goal, Heuristic::Manhattan, limits)
    };
    // a board some 36 moves out: hard enough that the difference shows, quick enough that the
    // weaker search finishes within its cap
    let (start, _) = scramble_towards(&goal, 36, 3, &mut from_seed(seed), |b| {
        manhattan(b).outcome.moves().map(<[_]>::len)
    });
    let mut reports = Vec::new();
    if let Some(db) = databases.filter(|db| db.goal() == &goal) {
        reports.push((
            msg!("IDA* + pattern databases (5-5-5)"),
            Algorithm::IdastarPdb,
            idastar_pdb(&start, db, Limits::default()),
        ));
    }
    reports.push((
        msg!("IDA* Manhattan distance"),
        Algorithm::Idastar,
        manhattan(&start),
    ));
    solver_panes(&reports, &start, &goal, 120)
}

/// One pane per solver on the same puzzle, the hardest-working one searching for `longest`
/// steps before its tiles move.
fn solver_panes(
    reports: &[(&'static str, Algorithm, Report)],
    start: &Board,
    goal: &Board,
    longest: usize,
) -> Vec<Pane> {
    let expanded: Vec<usize> = reports.iter().map(|(_, _, r)| r.expanded).collect();
    reports
        .iter()
        .zip(think_steps(&expanded, longest))
        .map(|((title, algorithm, report), think)| {
            tiles_pane(title, start, goal, report, think).teaching(Teach::Slide(*algorithm, *start))
        })
        .collect()
}

/// Robot analyses cost at most this many enumeration steps per move in the show.
const ROBOT_BUDGET: usize = 150_000;

fn robot_pane(seed: u64) -> Pane {
    let config = Preset::Original.config();
    let mut game = Game::new(config, seed).expect("the original preset is valid");
    let mut frames = Vec::new();
    let first = game.view();
    frames.push(MinesFrame {
        cells: mines_looks(&first, None, None),
        line: phrase!("the robot opens the top-left corner"),
    });
    game.open(0);
    frames.push(frame_after(&game, None));
    let mut hands = Stepper::new(0);
    let mut turns = 0;
    while game.status() == Status::Playing && turns < 4 * config.cells() {
        turns += 1;
        let view = game.view();
        let analysis = analyse(&view, ROBOT_BUDGET, false);
        hands.take_plan(&analysis, &view);
        if hands.plan().is_empty() {
            break;
        }
        while let Some(step) = hands.next(&game) {
            let why = match step {
                Step::Mark(c) => Choice::Mark(c).explain(config.width),
                Step::Open(c) if analysis.safe.contains(&c) => {
                    Choice::OpenSafe(c).explain(config.width)
                }
                Step::Open(_) => match analysis.choice {
                    Some(choice) => choice.explain(config.width),
                    None => phrase!("the robot opens a cell"),
                },
            };
            // before each action: the knowledge it acts on, its cell highlighted
            let view = game.view();
            frames.push(MinesFrame {
                cells: mines_looks(&view, Some(&analysis.probability), Some(step.cell())),
                line: why.clone(),
            });
            hands.act(&mut game);
            frames.push(frame_after(&game, Some(why)));
            if game.status() != Status::Playing {
                break;
            }
        }
    }
    let end = match game.status() {
        Status::Won => WIN_TEXT,
        Status::Lost => LOSS_TEXT,
        Status::Playing => msg!("the robot stopped"),
    };
    let last = frames.len() - 1;
    frames[last].line = phrase!(
        "{end} ({lost} of {lives} robots lost)",
        end = Arg::Message(end),
        lost = game.mines_hit(),
        lives = config.lives
    );
    Pane {
        title: phrase!(
            "{width}×{height}, {mines} mines, {lives} robots",
            width = config.width,
            height = config.height,
            mines = config.mines,
            lives = config.lives
        ),
        width: config.width,
        height: config.height,
        script: Script::Mines(frames),
        step: 0,
        teach: Some(Teach::Robot(config.mines)),
    }
}

fn frame_after(game: &Game, why: Option<Phrase>) -> MinesFrame {
    let view = game.view();
    let mut line = phrase!(
        "{robots} robots left, {mines} mines left",
        robots = game.lives_left(),
        mines = game.mines_left().max(0).to_string()
    );
    if let Some(why) = why {
        line = phrase!("{line} · {why}", line = line, why = why);
    }
    MinesFrame {
        cells: mines_looks(&view, None, None),
        line,
    }
}

/// A maze's cells as a replay marks them (`carving`: what is not carved yet is wall).
fn maze_looks(maze: &Maze, marks: &crate::core::grid::Grid<Mark>, carving: bool) -> Vec<Look> {
    maze.grid()
        .cells()
        .iter()
        .zip(marks.cells())
        .map(|(cell, mark)| match (cell, mark) {
            (Cell::Wall, Mark::Carved) => Look::Floor,
            (Cell::Wall, Mark::OnPath | Mark::DeadEnd | Mark::Frontier) if carving => {
                Look::Trail(*mark)
            }
            (Cell::Wall, _) => Look::Wall,
            // carving: cells not yet opened are still wall
            (_, Mark::Unseen | Mark::Closed) if carving => Look::Wall,
            (_, Mark::Carved) if carving => Look::Floor,
            (Cell::Entry, Mark::Unseen) => Look::Entry,
            (Cell::Exit, Mark::Unseen) => Look::Exit,
            (_, Mark::Unseen | Mark::Carved) => Look::Floor,
            (_, mark) => Look::Trail(*mark),
        })
        .collect()
}

/// A puzzle board's cells, tiles on their goal cells told apart.
fn tile_looks(board: &Board, goal: &Board) -> Vec<Look> {
    board
        .cells()
        .iter()
        .zip(goal.cells())
        .map(|(&number, &home)| match number {
            0 => Look::Blank,
            n => Look::Tile {
                number: n,
                home: n == home,
            },
        })
        .collect()
}

fn mines_looks(view: &View, risk: Option<&Vec<Option<f64>>>, next: Option<usize>) -> Vec<Look> {
    view.cells
        .iter()
        .enumerate()
        .map(|(i, seen)| match seen {
            Seen::Hidden => Look::Hidden {
                risk: risk.and_then(|r| r[i]).map(|p| p as f32),
                next: next == Some(i),
            },
            Seen::Marked => Look::Marked,
            Seen::Open(n) => Look::Open(*n),
            Seen::Exploded => Look::Exploded,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number a pane's statistics start with (its counter).
    fn leading_number(show: &Show, pane: usize) -> usize {
        let stats = show.panes[pane].stats(Lang::En);
        stats
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no counter in {stats:?}"))
    }

    fn play_out(show: &mut Show) -> usize {
        let mut steps = 0;
        while show.forward() {
            steps += 1;
            assert!(steps <= 1_000_000, "a scene never ends");
        }
        steps
    }

    #[test]
    fn the_same_seed_gives_the_same_show_and_another_seed_another() {
        for kind in [
            SceneKind::Carve(Generator::Wilson),
            SceneKind::Race,
            SceneKind::Heuristics,
            SceneKind::Robot,
        ] {
            let a = build(kind, 7, None);
            let b = build(kind, 7, None);
            let c = build(kind, 8, None);
            let looks = |s: &Show| s.panes.iter().map(Pane::looks).collect::<Vec<_>>();
            assert_eq!(a.len(), b.len(), "{kind:?}");
            assert_eq!(looks(&a), looks(&b), "{kind:?}");
            let first_differs = looks(&a) != looks(&c);
            let (mut a, mut b, mut c) = (a, b, c);
            play_out(&mut a);
            play_out(&mut b);
            play_out(&mut c);
            assert_eq!(looks(&a), looks(&b), "{kind:?}");
            assert!(
                first_differs || looks(&a) != looks(&c),
                "{kind:?}: seed 8 shows another board"
            );
        }
    }

    #[test]
    fn carving_starts_as_walls_and_ends_as_the_maze() {
        let mut show = build(SceneKind::Carve(Generator::Prim), 3, None);
        let pane = &show.panes[0];
        assert!(pane.looks().iter().all(|l| *l == Look::Wall));
        play_out(&mut show);
        let pane = &show.panes[0];
        let maze = generate(Generator::Prim, 41, 25, scene_seed(3, show.kind), &mut ()).unwrap();
        for (look, cell) in pane.looks().iter().zip(maze.grid().cells()) {
            assert_eq!(*look == Look::Wall, *cell == Cell::Wall);
        }
        assert!(
            pane.stats(Lang::En)
                .starts_with(&format!("{} cells carved", maze.open_cells()))
        );
    }

    #[test]
    fn the_race_counts_expansions_and_a_star_does_least() {
        let mut show = build(SceneKind::Race, 11, None);
        assert_eq!(show.panes.len(), 3);
        play_out(&mut show);
        let count = |i: usize| leading_number(&show, i);
        assert!(
            count(2) * 3 < count(0) * 2,
            "on a maze with loops A* expands far fewer cells than BFS: {} vs {}",
            count(2),
            count(0)
        );
        // BFS and A* end with the same path length
        let length = |i: usize| {
            show.panes[i]
                .stats(Lang::En)
                .split("shortest path ")
                .nth(1)
                .unwrap()
                .to_string()
        };
        assert_eq!(length(0), length(2));
        // the final route is drawn in every pane
        for pane in &show.panes {
            assert!(
                pane.looks().contains(&Look::Trail(Mark::Route)),
                "{}",
                pane.title
            );
        }
    }

    #[test]
    fn stepping_back_undoes_exactly() {
        for kind in [SceneKind::Race, SceneKind::Heuristics, SceneKind::Robot] {
            let mut show = build(kind, 5, None);
            let start: Vec<Vec<Look>> = show.panes.iter().map(Pane::looks).collect();
            for _ in 0..40 {
                show.forward();
            }
            let middle: Vec<Vec<Look>> = show.panes.iter().map(Pane::looks).collect();
            for _ in 0..10 {
                show.forward();
            }
            for _ in 0..10 {
                show.back();
            }
            assert_eq!(
                middle,
                show.panes.iter().map(Pane::looks).collect::<Vec<_>>()
            );
            while show.back() {}
            assert_eq!(
                start,
                show.panes.iter().map(Pane::looks).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn the_puzzles_end_solved_and_the_better_heuristic_works_less() {
        let mut show = build(SceneKind::Heuristics, 2, None);
        play_out(&mut show);
        for pane in &show.panes {
            let looks = pane.looks();
            assert!(
                looks
                    .iter()
                    .all(|l| matches!(l, Look::Blank | Look::Tile { home: true, .. }))
            );
        }
        let expanded = |i: usize| leading_number(&show, i);
        assert!(
            expanded(0) < expanded(1),
            "Manhattan expands fewer nodes than misplaced"
        );
        assert!(show.panes[0].stats(Lang::En).contains("22 moves"));
    }

    #[test]
    fn pattern_databases_beat_manhattan_on_the_same_fifteen_puzzle() {
        let db = scene_databases();
        let mut show = build(SceneKind::Databases, 1, Some(&db));
        assert_eq!(show.panes.len(), 2);
        let (pdb, manhattan) = (show.panes[0].len(), show.panes[1].len());
        play_out(&mut show);
        for pane in &show.panes {
            assert!(
                pane.looks()
                    .iter()
                    .all(|l| matches!(l, Look::Blank | Look::Tile { home: true, .. })),
                "{}",
                pane.title
            );
        }
        let expanded = |i: usize| leading_number(&show, i);
        assert!(expanded(0) < expanded(1));
        // the searching phase is shorter for the stronger heuristic
        assert!(pdb < manhattan || expanded(0) * 10 > expanded(1));
    }

    #[test]
    fn the_robot_scene_ends_with_the_original_texts() {
        let mut show = build(SceneKind::Robot, 4, None);
        play_out(&mut show);
        let pane = &show.panes[0];
        let line = pane.stats(Lang::En);
        // ten robots on the original field: the robot clears it (99.985% of 20,000 seeds; this
        // seed and the next ones are among them), and says so in the original's words
        assert!(line.starts_with(WIN_TEXT), "{line}");
        for seed in 5..8 {
            let mut show = build(SceneKind::Robot, seed, None);
            play_out(&mut show);
            let line = show.panes[0].stats(Lang::En);
            assert!(line.starts_with(WIN_TEXT), "seed {seed}: {line}");
        }
        // the overlay appears while it plays: some frame shows probabilities and a next pick
        let mut show = build(SceneKind::Robot, 4, None);
        let mut saw_pick = false;
        let mut saw_risk = false;
        while show.forward() {
            for look in show.panes[0].looks() {
                if let Look::Hidden { risk, next } = look {
                    saw_pick |= next;
                    saw_risk |= risk.is_some_and(|r| r > 0.0 && r < 1.0);
                }
            }
            if saw_pick && saw_risk {
                break;
            }
        }
        assert!(saw_pick && saw_risk);
    }

    #[test]
    fn scenes_wrap_around() {
        assert_eq!(SceneKind::Robot.offset(1), SceneKind::ALL[0]);
        assert_eq!(SceneKind::ALL[0].offset(-1), SceneKind::Robot);
        for kind in SceneKind::ALL {
            assert_eq!(SceneKind::ALL[kind.index()], kind);
        }
    }

    #[test]
    fn every_pane_can_be_explained_on_its_own_board() {
        use crate::core::learn::{Frontier, Node};
        let keep = Keep {
            open: 48,
            steps: 100_000,
        };
        for kind in SceneKind::ALL {
            let mut show = build(kind, 3, None);
            // the panes as they end
            while show.forward() {}
            for pane in &show.panes {
                let teach = pane.teach().expect("every pane says what it shows");
                if let Teach::Robot(mines) = teach {
                    let view = pane.view().expect("a robot pane has a view");
                    assert_eq!(view.mines, mines);
                    assert_eq!(view.cells.len(), pane.width * pane.height);
                    continue;
                }
                let mut walk = pane
                    .walkthrough(keep, 200_000)
                    .unwrap_or_else(|| panic!("{kind:?}: a walkthrough"));
                walk.go_to(usize::MAX);
                let looks = pane.learn_looks(&walk).expect("looks at the last step");
                assert_eq!(looks.len(), pane.width * pane.height);
                let end = pane.looks();
                match teach {
                    // the search's own trace: the same picture at the end (the DFS pane adds
                    // its path as a route; the walk's stack holds the same cells)
                    Teach::Search(algo) if algo.frontier() != Frontier::Stack => {
                        assert_eq!(looks, end, "{kind:?}");
                    }
                    Teach::Search(_) => {
                        let stack = walk.step().unwrap().open_total;
                        let route = end
                            .iter()
                            .filter(|l| **l == Look::Trail(Mark::Route))
                            .count();
                        assert_eq!(stack, route, "{kind:?}: the stack is the path");
                    }
                    // the carving ends on the pane's maze: the same cells open
                    Teach::Carve(..) => {
                        let open = |l: &[Look]| -> Vec<bool> {
                            l.iter().map(|l| *l != Look::Wall).collect()
                        };
                        assert_eq!(open(&looks), open(&end), "{kind:?}");
                    }
                    // the solver starts from the pane's start
                    Teach::Slide(_, start) => {
                        walk.go_to(0);
                        assert_eq!(walk.step().unwrap().node, Some(Node::Board(start)));
                    }
                    Teach::Robot(_) => unreachable!(),
                }
            }
        }
    }
}
