//! The command line: argument parsing (clap) and the headless commands.
//!
//! Every command returns a [`CliError`] instead of panicking; `main` prints it and exits with
//! code 2 for bad input or arguments and 1 for failures of the machine (no display, I/O).

use std::fmt;
use std::path::{Path, PathBuf};

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;

use crate::core::grid::Pos;
use crate::core::maze::generate::{Generator, generate};
use crate::core::maze::solve::{ShortestAlgo, dfs_rule, shortest};
use crate::core::maze::{Maze, classic::classic, text};
use crate::core::trace::{Mark, Replay};

/// Classic AI search puzzles: play them, watch them, solve them.
#[derive(Debug, Parser)]
#[command(name = "ai-arcade", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What to do; no command opens the game's menu.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the game directly in one mode.
    Play(PlayArgs),
    /// Run the real window, wait some frames, save a PNG screenshot and exit.
    Shot(ShotArgs),
    /// Solve a puzzle headless and print the answer.
    #[command(subcommand)]
    Solve(SolveCommand),
    /// Generate a puzzle headless and print it.
    #[command(subcommand)]
    Generate(GenerateCommand),
    /// Measure solvers headless.
    #[command(subcommand)]
    Bench(BenchCommand),
}

/// `bench` subcommands.
#[derive(Debug, Subcommand)]
pub enum BenchCommand {
    /// 8-puzzle: solve every (or a sample of the) solvable state with A* Manhattan;
    /// 15-puzzle: solve random instances with IDA* and pattern databases.
    Slide(BenchSlideArgs),
    /// Let the Minesweeper robot play many games and report its win rate.
    Mines(BenchMinesArgs),
    /// Run a mode's real game systems headless (no rendering) with a player at work, and report
    /// the median and worst time of one update.
    Frames(BenchFramesArgs),
}

/// Arguments of `bench frames`.
#[derive(Debug, Args)]
pub struct BenchFramesArgs {
    /// The mode to run: runner walks the maze along the hint with the hint on, mines lets the
    /// robot play, slide solves and plays the demo, explore searches again and again, showcase
    /// plays its scenes.
    #[arg(long, value_enum)]
    pub mode: Mode,
    /// Runner: the maze side in blocks (odd, up to 401); Mines: the field's side (5 to 100).
    #[arg(long)]
    pub size: Option<usize>,
    /// Updates to time (after a warm-up of 120).
    #[arg(long, default_value_t = 2000)]
    pub frames: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `bench mines`.
#[derive(Debug, Args)]
pub struct BenchMinesArgs {
    #[arg(long, default_value_t = 20)]
    pub width: usize,
    #[arg(long, default_value_t = 20)]
    pub height: usize,
    #[arg(long, default_value_t = 81)]
    pub mines: usize,
    #[arg(long, default_value_t = 10)]
    pub lives: u32,
    /// any | safe | opening
    #[arg(long, default_value = "any")]
    pub first_click: String,
    /// How many games (board i from seed + i).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The robot's first click: "corner" (top left) or "ROW,COL" counted from 0 (published
    /// "modern expert" figures open at 3,3).
    #[arg(long, default_value = "corner")]
    pub first_cell: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `bench slide`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["all", "sample"]))]
pub struct BenchSlideArgs {
    /// Board side: 3 (the 8-puzzle, A* Manhattan) or 4 (the 15-puzzle, IDA* with pattern
    /// databases).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=4))]
    pub size: u8,
    /// Every solvable state (181,440 of them) for the goal 1 2 3 4 5 6 7 8 0 (size 3 only).
    #[arg(long)]
    pub all: bool,
    /// Size 3: only every k-th solvable state (k = 181440 / N). Size 4: N random solvable
    /// instances.
    #[arg(long)]
    pub sample: Option<usize>,
    /// Seed of the random 15-puzzle instances (instance i from seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `generate` subcommands, one per puzzle.
#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// Generate a random perfect maze in the text format.
    Maze(GenerateMazeArgs),
}

/// Maze generators offered by `generate maze` (see `core::maze::generate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MazeGenerator {
    /// Randomized Prim on blocks (the Java lab's algorithm).
    Prim,
    /// Recursive backtracker: depth first with an explicit stack.
    Backtracker,
    /// Randomized Kruskal with union-find.
    Kruskal,
    /// Wilson's algorithm: a uniform spanning tree.
    Wilson,
}

impl From<MazeGenerator> for Generator {
    fn from(g: MazeGenerator) -> Self {
        match g {
            MazeGenerator::Prim => Generator::Prim,
            MazeGenerator::Backtracker => Generator::Backtracker,
            MazeGenerator::Kruskal => Generator::Kruskal,
            MazeGenerator::Wilson => Generator::Wilson,
        }
    }
}

/// Arguments of `generate maze`.
#[derive(Debug, Args)]
pub struct GenerateMazeArgs {
    /// The generator.
    #[arg(long, value_enum)]
    pub algo: MazeGenerator,
    /// Width in blocks: odd, 5 to 4001.
    #[arg(long)]
    pub width: usize,
    /// Height in blocks: odd, 5 to 4001.
    #[arg(long)]
    pub height: usize,
    /// Seed; without it a random seed is chosen and printed on stderr.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the maze to this file instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// The screens the game can open on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    Menu,
    Explore,
    Runner,
    Slide,
    Mines,
    Showcase,
}

impl Mode {
    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Menu => "Menu",
            Mode::Explore => "Explore",
            Mode::Runner => "Runner",
            Mode::Slide => "Slide",
            Mode::Mines => "Mines",
            Mode::Showcase => "Showcase",
        }
    }
}

/// Which board to open: shared by `play` and `shot`.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The screen to open: `menu` or a mode (default: the menu, or the mode of `--id`).
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// A game ID (as the HUD shows it, e.g. runner-prim-21x21-7): opens exactly that board.
    #[arg(long)]
    pub id: Option<String>,
    /// Seed for modes with random boards (shown in the HUD).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Runner: the maze generator.
    #[arg(long, value_enum)]
    pub generator: Option<MazeGenerator>,
    /// Runner: the maze size in blocks (odd, 5 to 401).
    #[arg(long)]
    pub size: Option<usize>,
    /// A maze file to open in Explore instead of the classic maze.
    #[arg(long)]
    pub maze: Option<PathBuf>,
}

/// Arguments of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub board: BoardArgs,
}

/// Arguments of `shot`.
#[derive(Debug, Args)]
pub struct ShotArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Where to write the PNG.
    #[arg(long)]
    pub out: PathBuf,
    /// How many frames to run before the screenshot (each is 1/30 s of game time).
    #[arg(long, default_value_t = 90, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub frames: u32,
    /// Window width in logical pixels.
    #[arg(long, default_value_t = 1280, value_parser = clap::value_parser!(u32).range(320..=7680))]
    pub width: u32,
    /// Window height in logical pixels.
    #[arg(long, default_value_t = 800, value_parser = clap::value_parser!(u32).range(240..=4320))]
    pub height: u32,
    /// Keys to press first, one every other frame, comma separated (e.g. `right,right,space`):
    /// up down left right enter space esc f1 f2 e n p plus minus period comma pageup pagedown.
    #[arg(long, value_delimiter = ',')]
    pub keys: Vec<String>,
    /// Take this many pictures, `--every` frames apart, named OUT-001.png, OUT-002.png, … (for
    /// an animation).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub series: u32,
    /// Frames between the pictures of a series.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub every: u32,
}

/// `solve` subcommands, one per puzzle.
#[derive(Debug, Subcommand)]
pub enum SolveCommand {
    /// Solve a maze: the classic ball walk, or a shortest path.
    Maze(SolveMazeArgs),
    /// Solve an 8- or 15-puzzle (the size follows from the number of tiles).
    Slide(SolveSlideArgs),
}

/// Sliding-puzzle algorithms offered by `solve slide`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SlideAlgo {
    /// Blind breadth-first search (optimal).
    Bfs,
    /// Blind depth-first search with a depth limit (--depth-limit; not necessarily optimal).
    Dfs,
    /// A* with the number of misplaced tiles.
    AstarMisplaced,
    /// A* with the Manhattan distance.
    AstarManhattan,
    /// IDA* with Manhattan distance plus linear conflict.
    Idastar,
    /// IDA* with additive pattern databases (6-6-3 for the 15-puzzle, 4-4 for the 8-puzzle;
    /// built on first use, then read from the cache next to the settings).
    IdastarPdb,
}

/// Arguments of `solve slide`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("instances").required(true).args(["tiles", "batch"]))]
pub struct SolveSlideArgs {
    /// The algorithm.
    #[arg(long, value_enum)]
    pub algo: SlideAlgo,
    /// The start: "1 2 3 4 5 6 7 8 0", "1,2,3,…" or "123456780" (0 is the blank).
    pub tiles: Option<String>,
    /// A file with one start per line (blank lines and lines starting with # are skipped);
    /// prints one JSON object per line, in input order.
    #[arg(long)]
    pub batch: Option<PathBuf>,
    /// The goal (default: 1 2 … N²−1 and the blank last).
    #[arg(long)]
    pub goal: Option<String>,
    /// Depth limit for dfs.
    #[arg(long, default_value_t = 30)]
    pub depth_limit: u32,
    /// Stop after expanding this many nodes.
    #[arg(long, default_value_t = 20_000_000)]
    pub max_nodes: usize,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Maze algorithms offered by `solve maze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MazeAlgo {
    /// The Explore ball: depth first, rule order down, right, left, up, with backtracking.
    DfsRule,
    /// Breadth-first search (shortest path).
    Bfs,
    /// A* with the Manhattan heuristic (shortest path).
    Astar,
}

/// Arguments of `solve maze`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("source").required(true).args(["classic", "file"]))]
pub struct SolveMazeArgs {
    /// The algorithm.
    #[arg(long, value_enum)]
    pub algo: MazeAlgo,
    /// Solve the classic 8×8 maze of the report.
    #[arg(long)]
    pub classic: bool,
    /// Solve the maze in this text file (`#` wall, `.` path, `S` entry, `E` exit, or digits 0–3).
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A command's failure, with the exit code it deserves.
#[derive(Debug)]
pub enum CliError {
    /// Bad input or arguments (exit code 2).
    Input(String),
    /// The machine could not do it: no display, I/O failure (exit code 1).
    Failed(String),
}

impl CliError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Input(_) => 2,
            CliError::Failed(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Failed(m) => f.write_str(m),
        }
    }
}

/// Reads and parses a maze file; the error names the file, line and column.
pub fn load_maze(path: &Path) -> Result<Maze, CliError> {
    crate::files::read_maze(path).map_err(CliError::Input)
}

/// `solve maze --json`: the keys every algorithm prints, plus `walk`/`steps` for the ball's
/// search and `expanded` for the shortest-path searches.
#[derive(Serialize)]
struct MazeAnswerJson {
    algo: &'static str,
    found: bool,
    start: [i32; 2],
    exit: Option<[i32; 2]>,
    path: Vec<[i32; 2]>,
    length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    walk: Option<Vec<[i32; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expanded: Option<usize>,
}

fn cells(path: &[Pos]) -> Vec<[i32; 2]> {
    path.iter().map(|p| p.to_array()).collect()
}

/// Runs `solve maze` and returns what it prints.
pub fn solve_maze(args: &SolveMazeArgs) -> Result<String, CliError> {
    let maze = match &args.file {
        Some(path) => load_maze(path)?,
        None => classic(),
    };
    let no_entry = |e: crate::core::maze::solve::SolveError| CliError::Input(e.to_string());
    let exit = maze.exit().map(Pos::to_array);
    match args.algo {
        MazeAlgo::DfsRule => {
            let outcome = dfs_rule(&maze).map_err(no_entry)?;
            if args.json {
                let json = MazeAnswerJson {
                    algo: "dfs-rule",
                    found: outcome.found,
                    start: outcome.start.to_array(),
                    exit,
                    path: cells(&outcome.path),
                    length: outcome.path.len().saturating_sub(1),
                    walk: Some(cells(&outcome.walk)),
                    steps: Some(outcome.steps()),
                    expanded: None,
                };
                return Ok(serde_json::to_string(&json).expect("plain data serialises"));
            }
            let mut replay = Replay::new(outcome.trace.clone(), maze.width(), maze.height());
            replay.run_to_end();
            let verdict = if outcome.found {
                format!(
                    "Exit found: path of {} moves, {} steps walked",
                    outcome.path.len() - 1,
                    outcome.steps()
                )
            } else {
                format!("No exit: {} steps walked", outcome.steps())
            };
            Ok(format!("{verdict}\n{}", draw(&maze, &replay)))
        }
        MazeAlgo::Bfs | MazeAlgo::Astar => {
            let (algo, name) = match args.algo {
                MazeAlgo::Bfs => (ShortestAlgo::Bfs, "bfs"),
                _ => (ShortestAlgo::AStar, "astar"),
            };
            let mut trace = crate::core::trace::Trace::new();
            let answer = shortest(&maze, algo, &mut trace).map_err(no_entry)?;
            if args.json {
                let json = MazeAnswerJson {
                    algo: name,
                    found: answer.found,
                    start: maze.entry().map(Pos::to_array).unwrap_or_default(),
                    exit,
                    path: cells(&answer.path),
                    length: answer.length(),
                    walk: None,
                    steps: None,
                    expanded: Some(answer.expanded),
                };
                return Ok(serde_json::to_string(&json).expect("plain data serialises"));
            }
            let mut replay = Replay::new(trace, maze.width(), maze.height());
            replay.run_to_end();
            let verdict = if answer.found {
                format!(
                    "Shortest path: {} moves, {} cells expanded",
                    answer.length(),
                    answer.expanded
                )
            } else {
                format!("No path to an exit: {} cells expanded", answer.expanded)
            };
            Ok(format!("{verdict}\n{}", draw(&maze, &replay)))
        }
    }
}

#[derive(Serialize)]
struct SlideJson {
    algo: &'static str,
    start: String,
    goal: String,
    solvable: bool,
    found: bool,
    outcome: String,
    length: Option<usize>,
    moves: Vec<&'static str>,
    expanded: usize,
    peak_frontier: usize,
    millis: f64,
}

impl From<SlideAlgo> for crate::core::slide::solve::Algorithm {
    fn from(algo: SlideAlgo) -> Self {
        use crate::core::slide::solve::Algorithm;
        match algo {
            SlideAlgo::Bfs => Algorithm::Bfs,
            SlideAlgo::Dfs => Algorithm::Dfs,
            SlideAlgo::AstarMisplaced => Algorithm::AstarMisplaced,
            SlideAlgo::AstarManhattan => Algorithm::AstarManhattan,
            SlideAlgo::Idastar => Algorithm::Idastar,
            SlideAlgo::IdastarPdb => Algorithm::IdastarPdb,
        }
    }
}

/// Solves one instance; the error says what is wrong with the input.
fn solve_one_slide(
    args: &SolveSlideArgs,
    tiles: &str,
    databases: &mut Vec<crate::core::slide::pdb::PatternDb>,
) -> Result<String, String> {
    use crate::core::slide::solve::{Algorithm, Limits, Outcome};
    use crate::core::slide::{Board, solvability};
    let start = Board::parse(tiles).map_err(|e| format!("start: {e}"))?;
    let goal = match &args.goal {
        Some(text) => Board::parse(text).map_err(|e| format!("--goal: {e}"))?,
        None => Board::goal(start.side() as u8),
    };
    let (solvable, why) = solvability(&start, &goal);
    if !start.same_size(&goal) {
        return Err(why);
    }
    let limits = Limits {
        max_nodes: args.max_nodes,
        cancel: None,
        progress: None,
    };
    let algo = crate::core::slide::solve::Algorithm::from(args.algo);
    let report = match algo {
        Algorithm::Bfs if !args.json && solvable => bfs_telling_levels(&start, &goal, limits),
        Algorithm::IdastarPdb if solvable => {
            let db = pattern_databases(databases, &goal)?;
            algo.run(&start, &goal, args.depth_limit, Some(db), limits)
        }
        _ => algo.run(&start, &goal, args.depth_limit, None, limits),
    };
    let moves = report.outcome.moves().unwrap_or(&[]);
    if args.json {
        let json = SlideJson {
            algo: crate::core::slide::solve::Algorithm::from(args.algo).name(),
            start: start.to_string(),
            goal: goal.to_string(),
            solvable,
            found: matches!(report.outcome, Outcome::Solved(_)),
            outcome: report.outcome.describe(),
            length: report.outcome.moves().map(<[_]>::len),
            moves: moves.iter().map(|m| m.name()).collect(),
            expanded: report.expanded,
            peak_frontier: report.peak_frontier,
            millis: report.millis,
        };
        return Ok(serde_json::to_string(&json).expect("plain data serialises"));
    }
    let mut out = format!("{why}\n");
    match &report.outcome {
        Outcome::Solved(moves) => {
            let names: Vec<&str> = moves.iter().map(|m| m.compass()).collect();
            let plural = if moves.len() == 1 { "" } else { "s" };
            out.push_str(&format!(
                "{} move{plural} of the blank: {}\n",
                moves.len(),
                names.join(" ")
            ));
        }
        other => out.push_str(&format!("FAIL: {}\n", other.describe())),
    }
    out.push_str(&format!(
        "expanded nodes: {}, peak frontier: {}, time: {:.2} ms",
        report.expanded, report.peak_frontier, report.millis
    ));
    Ok(out)
}

/// BFS on another thread while this one prints "EXPANDING LEVEL n" on stderr for each level
/// the search reaches, as the seed's console program did.
fn bfs_telling_levels(
    start: &crate::core::slide::Board,
    goal: &crate::core::slide::Board,
    limits: crate::core::slide::solve::Limits<'_>,
) -> crate::core::slide::solve::Report {
    use crate::core::slide::solve::{Limits, Progress, bfs};
    use std::sync::atomic::Ordering;
    let progress = Progress::default();
    let limits = Limits {
        progress: Some(&progress),
        ..limits
    };
    std::thread::scope(|scope| {
        let search = scope.spawn(|| bfs(start, goal, limits));
        let mut told = None;
        loop {
            let finished = search.is_finished();
            let level = progress.level.load(Ordering::Relaxed);
            // levels only grow: tell each one, including any passed between two looks
            let from = told.map_or(0, |t| t + 1);
            for l in from..=level {
                eprintln!("EXPANDING LEVEL {l}");
            }
            told = Some(level.max(told.unwrap_or(0)));
            if finished {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        search.join().expect("the search thread panicked")
    })
}

/// The pattern databases for `goal`: already loaded, or read from the cache, or built (with
/// progress on stderr) and cached.
fn pattern_databases<'a>(
    loaded: &'a mut Vec<crate::core::slide::pdb::PatternDb>,
    goal: &crate::core::slide::Board,
) -> Result<&'a crate::core::slide::pdb::PatternDb, String> {
    use crate::core::slide::pdb::default_partition;
    if let Some(i) = loaded.iter().position(|db| db.goal() == goal) {
        return Ok(&loaded[i]);
    }
    let mut shown = -1;
    let mut progress = |fraction: f64| {
        let tenth = (fraction * 10.0) as i32;
        if tenth > shown {
            shown = tenth;
            eprint!(
                "\rbuilding pattern databases (once, then cached): {}%",
                tenth * 10
            );
        }
    };
    let dir = crate::files::config_dir();
    let partition = default_partition(goal.side());
    let (db, source) = crate::files::load_or_build_pdb(&dir, goal, &partition, None, &mut progress)
        .map_err(|e| e.to_string())?;
    if shown >= 0 {
        eprintln!("\r{}", source.describe());
    }
    loaded.push(db);
    Ok(loaded.last().expect("just pushed"))
}

/// Runs `solve slide`: one instance, or every line of a batch file (JSON Lines with --json).
pub fn solve_slide(args: &SolveSlideArgs) -> Result<String, CliError> {
    let mut databases = Vec::new();
    if let Some(tiles) = &args.tiles {
        return solve_one_slide(args, tiles, &mut databases).map_err(CliError::Input);
    }
    let path = args.batch.as_ref().expect("clap requires tiles or --batch");
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))?;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let answer = solve_one_slide(args, line, &mut databases).map_err(|e| {
            CliError::Input(format!("{}: line {}: {e}", path.display(), number + 1))
        })?;
        lines.push(answer);
    }
    Ok(lines.join("\n"))
}

#[derive(Serialize)]
struct BenchSlideJson {
    states: usize,
    by_distance: Vec<usize>,
    max_distance: usize,
    total_ms: f64,
    mean_us_per_state: f64,
    threads: usize,
    agrees_with_bfs: bool,
}

/// Runs `bench slide`: every (or a sample of the) solvable 8-puzzle states solved by A*
/// Manhattan on all cores, cross-checked against one breadth-first sweep from the goal.
pub fn bench_slide(args: &BenchSlideArgs) -> Result<String, CliError> {
    use crate::core::slide::solve::{Heuristic, Limits, astar};
    use crate::core::slide::{Board, solvability};
    use std::collections::{HashMap, VecDeque};

    if args.size == 4 {
        return bench_fifteen(args);
    }

    let goal = Board::goal(args.size);
    // one BFS from the goal gives every state's true distance
    let mut distance: HashMap<u64, u8> = HashMap::from([(goal.key(), 0)]);
    let mut queue = VecDeque::from([goal]);
    let mut states = Vec::with_capacity(181_440);
    while let Some(board) = queue.pop_front() {
        states.push(board);
        let d = distance[&board.key()];
        for (_, next) in board.moves() {
            distance.entry(next.key()).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    states.sort_by_key(|b| b.key());
    if let Some(n) = args.sample {
        let step = (states.len() / n.max(1)).max(1);
        states = states.into_iter().step_by(step).collect();
    }
    debug_assert!(states.iter().all(|s| solvability(s, &goal).0));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let clock = std::time::Instant::now();
    // the threads take blocks of states from a shared counter, so none idles while another
    // still has hard states left
    let next_block = std::sync::atomic::AtomicUsize::new(0);
    const BLOCK: usize = 256;
    let solved: Vec<Result<Vec<(usize, usize)>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (states, next_block) = (&states, &next_block);
                scope.spawn(move || {
                    let mut out = Vec::new();
                    loop {
                        let first =
                            next_block.fetch_add(BLOCK, std::sync::atomic::Ordering::Relaxed);
                        if first >= states.len() {
                            return Ok(out);
                        }
                        for (i, start) in states.iter().enumerate().skip(first).take(BLOCK) {
                            let report =
                                astar(start, &goal, Heuristic::Manhattan, Limits::default());
                            let length =
                                report.outcome.moves().map(<[_]>::len).ok_or_else(|| {
                                    format!("{start}: {}", report.outcome.describe())
                                })?;
                            out.push((i, length));
                        }
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a solver thread panicked"))
            .collect()
    });
    let total_ms = clock.elapsed().as_secs_f64() * 1000.0;
    let mut lengths = vec![0usize; states.len()];
    for part in solved {
        for (i, length) in part.map_err(CliError::Failed)? {
            lengths[i] = length;
        }
    }
    let agrees_with_bfs = states
        .iter()
        .zip(&lengths)
        .all(|(s, &l)| usize::from(distance[&s.key()]) == l);
    let max_distance = lengths.iter().copied().max().unwrap_or(0);
    let mut by_distance = vec![0; max_distance + 1];
    for &l in &lengths {
        by_distance[l] += 1;
    }
    let result = BenchSlideJson {
        states: lengths.len(),
        by_distance,
        max_distance,
        total_ms,
        mean_us_per_state: total_ms * 1000.0 / lengths.len().max(1) as f64,
        threads,
        agrees_with_bfs,
    };
    if !agrees_with_bfs {
        return Err(CliError::Failed(
            "A* lengths disagree with the breadth-first distances".into(),
        ));
    }
    if args.json {
        return Ok(serde_json::to_string(&result).expect("plain data serialises"));
    }
    let mut out = format!(
        "{} states solved optimally by A* Manhattan on {} threads in {:.0} ms: mean {:.1} µs per state\n\
         distance  states\n",
        result.states, result.threads, result.total_ms, result.mean_us_per_state
    );
    for (d, n) in result.by_distance.iter().enumerate() {
        out.push_str(&format!("{d:>8}  {n}\n"));
    }
    out.push_str("every length matches a breadth-first sweep from the goal");
    Ok(out)
}

#[derive(Serialize)]
struct BenchFifteenJson {
    instances: usize,
    seed: u64,
    pdb: String,
    pdb_ms: f64,
    lengths: Vec<usize>,
    expanded: Vec<usize>,
    millis: Vec<f64>,
    mean_ms: f64,
    median_ms: f64,
    max_ms: f64,
    /// The instances whose optimal length lies in 50..=60, and their mean time.
    in_50_to_60: usize,
    mean_ms_50_to_60: f64,
    agrees_with_manhattan_bound: bool,
}

/// `bench slide --size 4`: random solvable 15-puzzles, one after another on one thread, by
/// IDA* with the 6-6-3 pattern databases (read from the cache or built first, and timed).
fn bench_fifteen(args: &BenchSlideArgs) -> Result<String, CliError> {
    use crate::core::slide::Board;
    use crate::core::slide::solve::{Goal, Heuristic, Limits, idastar_pdb};
    if args.all {
        return Err(CliError::Input(
            "--all enumerates the 8-puzzle only; for --size 4 give --sample N".into(),
        ));
    }
    let count = args.sample.unwrap_or(10);
    let goal = Board::goal(4);
    let mut loaded = Vec::new();
    let clock = std::time::Instant::now();
    pattern_databases(&mut loaded, &goal).map_err(CliError::Failed)?;
    let pdb_ms = clock.elapsed().as_secs_f64() * 1000.0;
    let db = &loaded[0];
    let manhattan = Goal::new(goal);
    let (mut lengths, mut expanded, mut millis) = (Vec::new(), Vec::new(), Vec::new());
    let mut bounded = true;
    for i in 0..count {
        let mut rng = crate::core::rng::from_seed(args.seed.wrapping_add(i as u64));
        let start = Board::random_solvable(&goal, &mut rng);
        let report = idastar_pdb(&start, db, Limits::default());
        let moves = report
            .outcome
            .moves()
            .ok_or_else(|| CliError::Failed(format!("{start}: {}", report.outcome.describe())))?;
        if start.play(moves) != Some(goal) {
            return Err(CliError::Failed(format!(
                "{start}: the moves miss the goal"
            )));
        }
        bounded &= moves.len() as u32 >= db.estimate(&start)
            && db.estimate(&start) >= manhattan.estimate(Heuristic::Manhattan, &start);
        lengths.push(moves.len());
        expanded.push(report.expanded);
        millis.push(report.millis);
    }
    let mut sorted = millis.clone();
    sorted.sort_by(f64::total_cmp);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let band: Vec<f64> = lengths
        .iter()
        .zip(&millis)
        .filter(|(l, _)| (50..=60).contains(*l))
        .map(|(_, &ms)| ms)
        .collect();
    let result = BenchFifteenJson {
        instances: count,
        seed: args.seed,
        pdb: "6-6-3".into(),
        pdb_ms,
        mean_ms: mean(&millis),
        median_ms: sorted.get(count / 2).copied().unwrap_or(0.0),
        max_ms: sorted.last().copied().unwrap_or(0.0),
        in_50_to_60: band.len(),
        mean_ms_50_to_60: mean(&band),
        agrees_with_manhattan_bound: bounded,
        lengths,
        expanded,
        millis,
    };
    if args.json {
        return Ok(serde_json::to_string(&result).expect("plain data serialises"));
    }
    let mut out = format!(
        "pattern databases 6-6-3 ready in {:.0} ms\n\
         {} random 15-puzzles (seeds {}..) solved optimally by IDA* + PDB, one at a time:\n\
         mean {:.1} ms, median {:.1} ms, max {:.1} ms; {} of length 50 to 60, mean {:.1} ms\n\
         length  expanded  ms\n",
        result.pdb_ms,
        result.instances,
        result.seed,
        result.mean_ms,
        result.median_ms,
        result.max_ms,
        result.in_50_to_60,
        result.mean_ms_50_to_60
    );
    for ((l, e), ms) in result
        .lengths
        .iter()
        .zip(&result.expanded)
        .zip(&result.millis)
    {
        out.push_str(&format!("{l:>6}  {e:>8}  {ms:.1}\n"));
    }
    Ok(out.trim_end().to_string())
}

/// Runs `generate maze`: the maze text for stdout, or a line saying where it was written.
pub fn generate_maze(args: &GenerateMazeArgs) -> Result<String, CliError> {
    let seed = args.seed.unwrap_or_else(|| {
        let seed = crate::core::rng::fresh_seed();
        eprintln!("seed: {seed}");
        seed
    });
    let maze = generate(args.algo.into(), args.width, args.height, seed, &mut ())
        .map_err(CliError::Input)?;
    let text = text::to_text(&maze);
    match &args.out {
        Some(path) => {
            crate::files::write_atomically(path, &text).map_err(CliError::Failed)?;
            Ok(format!("wrote {}", path.display()))
        }
        None => Ok(text.trim_end().to_string()),
    }
}

/// The maze as text with the search drawn on it: `o` path or route, `x` dead end, `:` expanded.
fn draw(maze: &Maze, replay: &Replay) -> String {
    let mut out = String::new();
    for row in 0..maze.height() {
        for col in 0..maze.width() {
            let pos = Pos::new(row as i32, col as i32);
            let cell = maze.cell(pos);
            let ch = match (cell, replay.marks()[pos]) {
                (crate::core::maze::Cell::Path, Mark::OnPath | Mark::Route) => 'o',
                (crate::core::maze::Cell::Path, Mark::DeadEnd) => 'x',
                (crate::core::maze::Cell::Path, Mark::Closed | Mark::Frontier) => ':',
                _ => text::symbol(cell),
            };
            out.push(ch);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn solve_classic_json_has_the_documented_keys() {
        let args = SolveMazeArgs {
            algo: MazeAlgo::DfsRule,
            classic: true,
            file: None,
            json: true,
        };
        let out = solve_maze(&args).unwrap();
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(value["found"], true);
        assert_eq!(value["start"], serde_json::json!([1, 0]));
        assert_eq!(value["exit"], serde_json::json!([7, 1]));
        assert_eq!(value["steps"], 27);
        assert_eq!(value["path"].as_array().unwrap().len(), 14);
    }

    #[test]
    fn text_output_draws_path_and_dead_ends() {
        let args = SolveMazeArgs {
            algo: MazeAlgo::DfsRule,
            classic: true,
            file: None,
            json: false,
        };
        let out = solve_maze(&args).unwrap();
        assert!(out.starts_with("Exit found: path of 13 moves, 27 steps walked"));
        assert!(out.contains("Soo#"), "{out}");
        assert!(out.contains('x'));
    }
}

#[derive(Serialize)]
struct BenchMinesJson {
    games: usize,
    wins: usize,
    win_rate: f64,
    win_rate_ci95: [f64; 2],
    mean_mines_hit: f64,
    median_ms_per_game: f64,
    mean_guesses: f64,
    threads: usize,
    total_ms: f64,
}

/// The Wilson score interval at 95% for `wins` out of `games`.
pub fn wilson_interval(wins: usize, games: usize) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    let (n, p, z) = (games as f64, wins as f64 / games as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Runs `bench mines`: the robot plays `games` boards on every core.
pub fn bench_mines(args: &BenchMinesArgs) -> Result<String, CliError> {
    use crate::core::mines::robot::{DEFAULT_BUDGET, RobotGame, play};
    use crate::core::mines::{Config, FirstClick};
    let first_click = FirstClick::from_name(&args.first_click).ok_or_else(|| {
        CliError::Input(format!(
            "--first-click {:?}: choose any, safe or opening",
            args.first_click
        ))
    })?;
    let config = Config {
        width: args.width,
        height: args.height,
        mines: args.mines,
        lives: args.lives,
        first_click,
    };
    config.check().map_err(CliError::Input)?;
    let first = match args.first_cell.as_str() {
        "corner" => 0,
        text => {
            let parsed = text.split_once(',').and_then(|(r, c)| {
                Some((
                    r.trim().parse::<usize>().ok()?,
                    c.trim().parse::<usize>().ok()?,
                ))
            });
            match parsed {
                Some((r, c)) if r < config.height && c < config.width => r * config.width + c,
                _ => {
                    return Err(CliError::Input(format!(
                        "--first-cell {text:?}: give corner or ROW,COL inside the {}×{} field",
                        config.width, config.height
                    )));
                }
            }
        }
    };
    if args.games == 0 {
        return Err(CliError::Input("--games: give at least 1".into()));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let clock = std::time::Instant::now();
    let results: Vec<Result<Vec<RobotGame>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let next = &next;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= args.games {
                            return Ok(out);
                        }
                        out.push(play(
                            config,
                            args.seed.wrapping_add(i as u64),
                            first,
                            DEFAULT_BUDGET,
                        )?);
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a robot thread panicked"))
            .collect()
    });
    let total_ms = clock.elapsed().as_secs_f64() * 1000.0;
    let mut games = Vec::with_capacity(args.games);
    for part in results {
        games.extend(part.map_err(CliError::Failed)?);
    }
    let wins = games.iter().filter(|g| g.won).count();
    let mut ms: Vec<f64> = games.iter().map(|g| g.think_seconds * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let n = games.len() as f64;
    let result = BenchMinesJson {
        games: games.len(),
        wins,
        win_rate: wins as f64 / n,
        win_rate_ci95: wilson_interval(wins, games.len()),
        mean_mines_hit: games.iter().map(|g| f64::from(g.mines_hit)).sum::<f64>() / n,
        median_ms_per_game: ms[ms.len() / 2],
        mean_guesses: games.iter().map(|g| f64::from(g.guesses)).sum::<f64>() / n,
        threads,
        total_ms,
    };
    if args.json {
        return Ok(serde_json::to_string(&result).expect("plain data serialises"));
    }
    Ok(format!(
        "{} games of {} (first click {} at {}), seeds {}..{}, on {} threads in {:.1} s\n\
         wins {} = {:.2}% (95% interval {:.2}% to {:.2}%)\n\
         mean mines hit per game {:.3}, mean guesses {:.2}, median robot time {:.2} ms per game",
        result.games,
        config.label(),
        first_click.name(),
        args.first_cell,
        args.seed,
        args.seed + args.games as u64 - 1,
        threads,
        total_ms / 1000.0,
        wins,
        result.win_rate * 100.0,
        result.win_rate_ci95[0] * 100.0,
        result.win_rate_ci95[1] * 100.0,
        result.mean_mines_hit,
        result.mean_guesses,
        result.median_ms_per_game
    ))
}
