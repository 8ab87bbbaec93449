//! `solve slide` and `bench slide`: one 8- or 15-puzzle or a batch of them by any algorithm;
//! every 8-puzzle state by A* checked against one breadth-first sweep, 15-puzzles by IDA* with
//! pattern databases.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::CliError;
use super::steps::StepPrinter;
use crate::core::slide::pdb::{PatternDb, Split};
use crate::core::slide::solve::Algorithm;

/// Arguments of `bench slide`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("which").required(true).args(["all", "sample", "instances"]))]
pub struct BenchSlideArgs {
    /// Board side: 3 (the 8-puzzle, A* Manhattan) or 4 (the 15-puzzle, IDA* with pattern
    /// databases).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=4))]
    pub size: u8,
    /// Every solvable state (181,440 of them) for the goal 1 2 3 4 5 6 7 8 0 (size 3 only).
    #[arg(long)]
    pub all: bool,
    /// Size 3: only every k-th solvable state (k = 181440 / N), N from 1 to 181,440. Size 4: N
    /// random solvable instances, 1 to 10,000.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=181_440))]
    pub sample: Option<u64>,
    /// Size 4: solve the 15-puzzles of this file instead (one start per line, # comments;
    /// benches/korf100.txt holds Korf's 100 with their goal in its header).
    #[arg(long)]
    pub instances: Option<PathBuf>,
    /// Size 4: the goal of the instances (default: 1 2 … 15 and the blank last).
    #[arg(long)]
    pub goal: Option<String>,
    /// Size 4: the pattern databases (6-6-3 is built in seconds, 7-8 in minutes and is
    /// strongest).
    #[arg(long, value_enum, default_value = "6-6-3")]
    pub pdb: Split,
    /// Size 4: build the databases afresh in memory (timed), neither reading nor writing the
    /// cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Seed of the random 15-puzzle instances (instance i from seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `solve slide --algo` takes the solvers by their command-line names.
impl ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Self] {
        &Algorithm::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            Algorithm::Bfs => "Blind breadth-first search (optimal)",
            Algorithm::Dfs => {
                "Blind depth-first search with a depth limit (--depth-limit; not necessarily \
                 optimal)"
            }
            Algorithm::AstarMisplaced => "A* with the number of misplaced tiles",
            Algorithm::AstarManhattan => "A* with the Manhattan distance",
            Algorithm::Idastar => "IDA* with Manhattan distance plus linear conflict",
            Algorithm::IdastarPdb => {
                "IDA* with additive pattern databases (--pdb: 6-6-3 or 7-8 for the 15-puzzle, \
                 4-4 for the 8-puzzle; built on first use, then read from the cache next to \
                 the settings)"
            }
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

/// `--pdb` takes the splits by name.
impl ValueEnum for Split {
    fn value_variants<'a>() -> &'a [Self] {
        &Split::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self {
            Split::FourFour => "8-puzzle: two groups of 4 tiles",
            Split::SixSixThree => "15-puzzle: 6, 6 and 3 tiles (built in about a second, 6 MB)",
            Split::FiveFiveFive => "15-puzzle: 5, 5 and 5 tiles (lightest, weakest)",
            Split::SevenEight => {
                "15-puzzle: 7 and 8 tiles (strongest; built once in a few minutes on every \
                 core, 519 MB)"
            }
        };
        Some(clap::builder::PossibleValue::new(self.name()).help(help))
    }
}

/// Arguments of `solve slide`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("instances").required(true).args(["tiles", "batch"]))]
pub struct SolveSlideArgs {
    /// The algorithm.
    #[arg(long, value_enum)]
    pub algo: Algorithm,
    /// The start: "1 2 3 4 5 6 7 8 0", "1,2,3,…" or "123456780" (0 is the blank).
    pub tiles: Option<String>,
    /// A file with one start per line (blank lines and lines starting with # are skipped);
    /// prints one JSON object per line, in input order.
    #[arg(long)]
    pub batch: Option<PathBuf>,
    /// The goal (default: 1 2 … N²−1 and the blank last).
    #[arg(long)]
    pub goal: Option<String>,
    /// The pattern databases of idastar-pdb (default: 6-6-3 for the 15-puzzle, 4-4 for the
    /// 8-puzzle).
    #[arg(long, value_enum)]
    pub pdb: Option<Split>,
    /// Depth limit for dfs, 1 to 200.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=200))]
    pub depth_limit: u32,
    /// Stop after expanding this many nodes, 1 to 10,000,000,000 (and no more than the memory
    /// of this machine holds for the algorithm: checked before the search starts). Without
    /// it IDA* never gives up on a solvable puzzle; the searches that keep their nodes (BFS,
    /// A*, DFS) stop where half the machine's memory would be full.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000_000))]
    pub max_nodes: Option<u64>,
    /// Print JSON instead of text.
    #[arg(long, conflicts_with = "steps")]
    pub json: bool,
    /// Print the search step by step instead (one start, not --batch), one JSON object per
    /// line: `step`, `line` (of the pseudo-code, whose text is `code`), `node` (a board),
    /// `open` (the frontier after the step, in the algorithm's order: `[board, g, h, f]` for
    /// A*'s OPEN and IDA*'s path, `[board, g]` for the BFS queue front to back and the DFS
    /// stack bottom to top), `open_total`, `closed`, `bound` (IDA*) and `say`.
    #[arg(long, conflicts_with = "batch")]
    pub steps: bool,
    /// With --steps: at most this many frontier entries a step (`open_total` still counts all).
    #[arg(long, requires = "steps")]
    pub open_limit: Option<usize>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pdb: Option<&'static str>,
}

/// A size in bytes that Linux tells in a `/proc` file as `key: N kB`.
fn proc_bytes(file: &str, key: &str) -> Option<u64> {
    // Linux's (under Wine the Windows program would read the Linux host's files)
    if !cfg!(target_os = "linux") {
        return None;
    }
    let text = std::fs::read_to_string(file).ok()?;
    let kb = text
        .lines()
        .find_map(|line| line.strip_prefix(key))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse::<u64>()
        .ok()?;
    Some(kb * 1024)
}

/// The memory a search may fill: half of the machine's (4 GiB where it cannot be read).
fn memory_budget() -> u64 {
    proc_bytes("/proc/meminfo", "MemTotal:").map_or(4 << 30, |total| total / 2)
}

/// The lines of a batch file that hold a start (not blank, not a # comment), with their line
/// numbers.
fn batch_lines(path: &std::path::Path) -> Result<Vec<(usize, String)>, CliError> {
    let bytes = crate::store::read_regular(path)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        CliError::Input(format!(
            "{}: not a text file (it is not UTF-8)",
            path.display()
        ))
    })?;
    Ok(text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim().to_string()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect())
}

/// Refuses a node cap whose nodes would not fit in memory, before the search starts.
fn check_memory(algo: Algorithm, max_nodes: usize) -> Result<(), String> {
    let per_node = algo.bytes_per_node() as u64;
    let needed = (max_nodes as u64).saturating_mul(per_node);
    let budget = memory_budget();
    if needed <= budget {
        return Ok(());
    }
    let gib = |bytes: u64| bytes as f64 / f64::from(1u32 << 30);
    Err(format!(
        "--max-nodes {max_nodes}: {} keeps about {per_node} bytes per node, so it could need \
         {:.1} GiB; this machine lets a search use {:.1} GiB: give at most {}",
        algo.name(),
        gib(needed),
        gib(budget),
        budget / per_node
    ))
}

/// Solves one instance; the error says what is wrong with the input.
fn solve_one_slide(
    args: &SolveSlideArgs,
    tiles: &str,
    databases: &mut Vec<PatternDb>,
) -> Result<Solved, String> {
    use crate::core::slide::solve::{Algorithm, Limits, Outcome};
    use crate::core::slide::{Board, solvability};
    let start = Board::parse(tiles).map_err(|e| format!("start: {e}"))?;
    let goal = match &args.goal {
        Some(text) => Board::parse(text).map_err(|e| format!("--goal: {e}"))?,
        None => Board::goal(start.side() as u8),
    };
    let (solvable, why) = solvability(&start, &goal);
    if !start.same_size(&goal) {
        return Err(why.english());
    }
    let algo = args.algo;
    let split = args.pdb.unwrap_or(Split::default_for(start.side()));
    if algo == Algorithm::IdastarPdb && split.side() != start.side() {
        return Err(format!(
            "--pdb {}: that split is for {s}×{s} boards, this board is {b}×{b}",
            split.name(),
            s = split.side(),
            b = start.side()
        ));
    }
    let max_nodes = match args.max_nodes {
        Some(cap) => {
            let cap = usize::try_from(cap).unwrap_or(usize::MAX);
            check_memory(algo, cap)?;
            cap
        }
        None if algo.bytes_per_node() == 0 => usize::MAX,
        None => {
            usize::try_from(memory_budget() / algo.bytes_per_node() as u64).unwrap_or(usize::MAX)
        }
    };
    let limits = Limits {
        max_nodes,
        cancel: None,
        progress: None,
    };
    if args.steps {
        return explain_slide(args, &start, &goal, limits, (solvable, why));
    }
    let report = match algo {
        Algorithm::Bfs if !args.json && solvable => bfs_telling_levels(&start, &goal, limits),
        Algorithm::IdastarPdb if solvable => {
            let db = pattern_databases(databases, &goal, split, false)?;
            algo.run(&start, &goal, args.depth_limit, Some(db), limits)
        }
        _ => algo.run(&start, &goal, args.depth_limit, None, limits),
    };
    if let Outcome::OutOfMemory(_) = report.outcome {
        // a box with a memory limit: the search says so and ends, exit 2 (the input is too
        // big for this search here), rather than the process aborting
        return Err(format!(
            "{}: {}; IDA* keeps only its path: try --algo idastar or idastar-pdb",
            algo.name(),
            report.outcome.describe()
        ));
    }
    let moves = report.outcome.moves().unwrap_or(&[]);
    let solved = Solved {
        found: matches!(report.outcome, Outcome::Solved(_)),
        expanded: report.expanded,
        millis: report.millis,
        text: String::new(),
    };
    if args.json {
        let json = SlideJson {
            algo: args.algo.name(),
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
            pdb: (algo == Algorithm::IdastarPdb).then(|| split.name()),
        };
        return Ok(Solved {
            text: serde_json::to_string(&json).expect("plain data serialises"),
            ..solved
        });
    }
    let mut out = format!("{why}\n");
    match &report.outcome {
        Outcome::Solved(moves) => {
            let names: Vec<&str> = moves.iter().map(|m| m.compass()).collect();
            out.push_str(&format!(
                "{} of the blank: {}\n",
                super::counted(moves.len(), "move", "moves"),
                names.join(" ")
            ));
        }
        other => out.push_str(&format!("FAIL: {}\n", other.describe())),
    }
    out.push_str(&format!(
        "expanded nodes: {}, peak frontier: {}, time: {:.2} ms",
        report.expanded, report.peak_frontier, report.millis
    ));
    if algo == Algorithm::IdastarPdb && solvable {
        out.push_str(&format!(" ({} pattern databases)", split.name()));
    }
    Ok(Solved {
        text: out,
        ..solved
    })
}

/// One instance's answer, and what a batch's summary adds up.
struct Solved {
    text: String,
    found: bool,
    expanded: usize,
    millis: f64,
}

impl Solved {
    /// A search whose output is already printed (`--steps`).
    fn printed(expanded: usize, millis: f64) -> Solved {
        Solved {
            text: String::new(),
            found: expanded > 0,
            expanded,
            millis,
        }
    }
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
                super::note(&format!("EXPANDING LEVEL {l}"));
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

/// The pattern databases for `goal` with `split`: already loaded, or assembled from tables
/// already loaded (another goal turned onto the same cell), read from the cache, or built
/// (with progress on stderr) and cached — or, with `fresh`, built in memory and not cached.
fn pattern_databases<'a>(
    loaded: &'a mut Vec<PatternDb>,
    goal: &crate::core::slide::Board,
    split: Split,
    fresh: bool,
) -> Result<&'a PatternDb, String> {
    if let Some(i) = loaded
        .iter()
        .position(|db| db.goal() == goal && db.split() == split)
    {
        return Ok(&loaded[i]);
    }
    let mut shown = -1;
    let mut progress = |fraction: f64| {
        use std::io::Write;
        let percent = (fraction * 100.0) as i32;
        if percent > shown {
            shown = percent;
            let _ = write!(
                std::io::stderr().lock(),
                "\rbuilding the {} pattern databases (once, then cached): {percent}%",
                split.name()
            );
        }
    };
    let db = if fresh {
        let clock = std::time::Instant::now();
        let db = PatternDb::build(goal, split, None, &mut progress).map_err(|e| e.to_string())?;
        super::note(&format!(
            "\r{} pattern databases built in {:.1} s (not cached)",
            split.name(),
            clock.elapsed().as_secs_f64()
        ));
        db
    } else {
        let have: Vec<_> = loaded
            .iter()
            .flat_map(|db| db.tables().iter().cloned())
            .collect();
        let dir = crate::store::cache_dir();
        let (db, source) = crate::store::pdb_cache::load_or_build_pdb(
            &dir,
            goal,
            split,
            &have,
            None,
            &mut progress,
        )
        .map_err(|e| e.to_string())?;
        if shown >= 0 {
            super::note(&format!("\r{}", source.describe()));
        }
        db
    };
    loaded.push(db);
    Ok(loaded.last().expect("just pushed"))
}

/// `solve slide --steps`: the search's steps as JSON lines on stdout; the outcome in one line
/// on stderr.
fn explain_slide(
    args: &SolveSlideArgs,
    start: &crate::core::slide::Board,
    goal: &crate::core::slide::Board,
    limits: crate::core::slide::solve::Limits<'_>,
    (solvable, why): (bool, crate::core::text::Phrase),
) -> Result<Solved, String> {
    let Some(lesson) = crate::core::learn::Algo::of_slide(args.algo) else {
        return Err(
            "idastar-pdb does not describe its steps: --algo idastar shows the same walk (with \
             Manhattan distance and linear conflict as h)"
                .into(),
        );
    };
    if !solvable {
        super::note(&format!("{why}: nothing to search"));
        return Ok(Solved::printed(0, 0.0));
    }
    let mut printer = StepPrinter::new(lesson, std::io::stdout().lock(), args.open_limit);
    let report = args
        .algo
        .run_explained(start, goal, args.depth_limit, limits, &mut printer);
    printer.finish().map_err(|e| e.to_string())?;
    super::note(&format!(
        "{}: {} nodes expanded",
        report.outcome.describe(),
        report.expanded
    ));
    Ok(Solved::printed(report.expanded, report.millis))
}

/// Runs `solve slide`: one instance, or every line of a batch file (JSON Lines with --json).
pub fn solve_slide(args: &SolveSlideArgs) -> Result<String, CliError> {
    let mut databases = Vec::new();
    if let Some(tiles) = &args.tiles {
        return solve_one_slide(args, tiles, &mut databases)
            .map(|s| s.text)
            .map_err(CliError::Input);
    }
    let path = args.batch.as_ref().expect("clap requires tiles or --batch");
    let mut lines = Vec::new();
    let (mut found, mut expanded, mut millis) = (0, 0, 0.0);
    for (number, line) in batch_lines(path)? {
        let answer = solve_one_slide(args, &line, &mut databases)
            .map_err(|e| CliError::Input(format!("{}: line {number}: {e}", path.display())))?;
        found += usize::from(answer.found);
        expanded += answer.expanded;
        millis += answer.millis;
        lines.push(answer.text);
    }
    if !args.json && !lines.is_empty() {
        lines.push(format!(
            "{} instances, {found} solved: {expanded} nodes expanded in {:.1} ms in all",
            lines.len(),
            millis
        ));
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
    states.sort_by_key(Board::key);
    if let Some(n) = args.sample {
        let n = usize::try_from(n).expect("at most 181,440");
        let step = (states.len() / n).max(1);
        states = states.into_iter().step_by(step).collect();
    }
    debug_assert!(states.iter().all(|s| solvability(s, &goal).0));
    let threads = super::threads();
    let clock = std::time::Instant::now();
    let states = &states;
    let lengths = super::parallel_map(states.len(), 256, "states", move |i| {
        let start = &states[i];
        let report = astar(start, &goal, Heuristic::Manhattan, Limits::default());
        report
            .outcome
            .moves()
            .map(<[_]>::len)
            .ok_or_else(|| format!("{start}: {}", report.outcome.describe()))
    })
    .map_err(CliError::Failed)?;
    let total_ms = clock.elapsed().as_secs_f64() * 1000.0;
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
    /// Where the starts came from: a file, or "random from seed N".
    source: String,
    goal: String,
    pdb: &'static str,
    /// "built", "read" (from the cache) — and how long it took.
    pdb_how: String,
    pdb_ms: f64,
    /// Bytes the tables take in memory.
    pdb_bytes: usize,
    /// The process's peak resident memory so far (Linux's `VmHWM`), after the searches.
    peak_rss_bytes: Option<u64>,
    /// Bytes of tables the kernel was asked to back with huge pages (Linux, large tables).
    pdb_advised_bytes: usize,
    /// The process's memory backed by transparent huge pages after the searches (Linux's
    /// `AnonHugePages`): what of the advice the kernel took.
    huge_page_bytes: Option<u64>,
    lengths: Vec<usize>,
    expanded: Vec<usize>,
    millis: Vec<f64>,
    total_expanded: usize,
    total_ms: f64,
    /// The searches' own thread CPU time in all, where the system tells it.
    thread_cpu_ms: Option<f64>,
    mean_ms: f64,
    median_ms: f64,
    max_ms: f64,
    /// The instances whose optimal length lies in 50..=60, and their mean time.
    in_50_to_60: usize,
    mean_ms_50_to_60: f64,
    agrees_with_manhattan_bound: bool,
}

/// The most 15-puzzle instances `bench slide --size 4` solves (each can take seconds).
const MAX_FIFTEEN_SAMPLE: usize = 10_000;

/// The CPU time this thread has run, in nanoseconds, where Linux tells it (the first field
/// of `/proc/thread-self/schedstat`): the clock a search's time is compared on, since other
/// work on a busy machine does not count on it.
fn thread_cpu_ns() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The process's peak resident memory (`VmHWM`), where Linux tells it.
fn peak_rss_bytes() -> Option<u64> {
    proc_bytes("/proc/self/status", "VmHWM:")
}

/// The starts of a batch file: one per line, blank lines and # comments skipped.
fn read_starts(path: &std::path::Path) -> Result<Vec<crate::core::slide::Board>, CliError> {
    let mut starts = Vec::new();
    for (number, line) in batch_lines(path)? {
        let board = crate::core::slide::Board::parse(&line)
            .map_err(|e| CliError::Input(format!("{}: line {number}: {e}", path.display())))?;
        starts.push(board);
    }
    if starts.len() > MAX_FIFTEEN_SAMPLE {
        return Err(CliError::Input(format!(
            "{}: {} instances; the 15-puzzle bench solves 1 to {MAX_FIFTEEN_SAMPLE}",
            path.display(),
            starts.len()
        )));
    }
    if starts.is_empty() {
        return Err(CliError::Input(format!("{}: no instances", path.display())));
    }
    Ok(starts)
}

/// `bench slide --size 4`: 15-puzzles (random ones, or a file's) solved one after another on
/// one thread by IDA* with the chosen pattern databases (read from the cache, or built first
/// and timed), each checked to reach the goal and to be no shorter than the estimates say.
fn bench_fifteen(args: &BenchSlideArgs) -> Result<String, CliError> {
    use crate::core::slide::solve::{Goal, Heuristic, Limits, idastar_pdb};
    use crate::core::slide::{Board, solvability};
    if args.all {
        return Err(CliError::Input(
            "--all enumerates the 8-puzzle only; for --size 4 give --sample N or --instances FILE"
                .into(),
        ));
    }
    if args.pdb.side() != 4 {
        return Err(CliError::Input(format!(
            "--pdb {}: that split is for the 8-puzzle; the 15-puzzle takes 6-6-3, 7-8 or 5-5-5",
            args.pdb.name()
        )));
    }
    let goal = match &args.goal {
        Some(text) => Board::parse(text).map_err(|e| CliError::Input(format!("--goal: {e}")))?,
        None => Board::goal(4),
    };
    if goal.side() != 4 {
        return Err(CliError::Input(
            "--goal: the 15-puzzle bench needs 16 tiles".into(),
        ));
    }
    let (starts, source) = if let Some(path) = &args.instances {
        let starts = read_starts(path)?;
        for (i, s) in starts.iter().enumerate() {
            let (ok, why) = solvability(s, &goal);
            if !ok {
                return Err(CliError::Input(format!(
                    "{}: instance {}: {why}",
                    path.display(),
                    i + 1
                )));
            }
        }
        (starts, path.display().to_string())
    } else {
        let count = usize::try_from(args.sample.unwrap_or(10)).expect("at most 181,440");
        if count > MAX_FIFTEEN_SAMPLE {
            return Err(CliError::Input(format!(
                "--sample {count}: the 15-puzzle bench solves 1 to {MAX_FIFTEEN_SAMPLE} instances"
            )));
        }
        let starts = (0..count)
            .map(|i| {
                let mut rng = crate::core::rng::from_seed(args.seed.wrapping_add(i as u64));
                Board::random_solvable(&goal, &mut rng)
            })
            .collect();
        (starts, format!("random from seed {}", args.seed))
    };
    let mut loaded = Vec::new();
    let clock = std::time::Instant::now();
    let cache_dir = crate::store::cache_dir();
    let cached = !args.no_cache && crate::store::pdb_cache::is_cached(&cache_dir, &goal, args.pdb);
    pattern_databases(&mut loaded, &goal, args.pdb, args.no_cache).map_err(CliError::Failed)?;
    let pdb_ms = clock.elapsed().as_secs_f64() * 1000.0;
    let db = &loaded[0];
    let manhattan = Goal::new(goal);
    let count = starts.len();
    let (mut lengths, mut expanded, mut millis) = (Vec::new(), Vec::new(), Vec::new());
    let mut bounded = true;
    let (clock, mut said) = (std::time::Instant::now(), 0u64);
    let mut thread_cpu = Some(0u64);
    for (i, start) in starts.iter().enumerate() {
        if clock.elapsed().as_secs() >= said + 5 {
            said = clock.elapsed().as_secs();
            super::note(&format!("{i} of {count} instances solved ({said} s)"));
        }
        let cpu_before = thread_cpu_ns();
        let report = idastar_pdb(start, db, Limits::unlimited());
        thread_cpu = match (thread_cpu, cpu_before, thread_cpu_ns()) {
            (Some(sum), Some(a), Some(b)) => Some(sum + b.saturating_sub(a)),
            _ => None,
        };
        let moves = report
            .outcome
            .moves()
            .ok_or_else(|| CliError::Failed(format!("{start}: {}", report.outcome.describe())))?;
        if start.play(moves) != Some(goal) {
            return Err(CliError::Failed(format!(
                "{start}: the moves miss the goal"
            )));
        }
        bounded &= moves.len() as u32 >= db.estimate(start)
            && db.estimate(start) >= manhattan.estimate(Heuristic::Manhattan, start);
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
        source,
        goal: goal
            .to_string()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        pdb: args.pdb.name(),
        pdb_how: if cached { "read" } else { "built" }.into(),
        pdb_ms,
        pdb_bytes: db.bytes(),
        peak_rss_bytes: peak_rss_bytes(),
        pdb_advised_bytes: db.advised_bytes(),
        huge_page_bytes: proc_bytes("/proc/self/smaps_rollup", "AnonHugePages:"),
        total_expanded: expanded.iter().sum(),
        total_ms: millis.iter().sum(),
        thread_cpu_ms: thread_cpu.map(|ns| ns as f64 / 1e6),
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
    if !bounded {
        return Err(CliError::Failed(
            "a solution is shorter than the pattern databases' estimate: they overestimate".into(),
        ));
    }
    if args.json {
        return Ok(serde_json::to_string(&result).expect("plain data serialises"));
    }
    let mb = |b: u64| b as f64 / 1e6;
    let mut out = format!(
        "pattern databases {} {} in {:.0} ms ({:.0} MB in memory, {:.0} MB of it asked for huge \
         pages, {} given; peak resident memory {})\n\
         {} 15-puzzles ({}) solved optimally by IDA* + PDB, one at a time on one thread:\n\
         {} nodes expanded in {:.1} ms in all ({} of the thread's CPU, {} a node); per instance \
         mean {:.2} ms, median {:.2} ms, max {:.1} ms; {} of length 50 to 60, mean {:.2} ms\n\
         #  length  expanded  ms\n",
        result.pdb,
        result.pdb_how,
        result.pdb_ms,
        mb(result.pdb_bytes as u64),
        mb(result.pdb_advised_bytes as u64),
        result
            .huge_page_bytes
            .map_or("unknown".into(), |b| format!("{:.0} MB", mb(b))),
        result
            .peak_rss_bytes
            .map_or("unknown".into(), |b| format!("{:.0} MB", mb(b))),
        result.instances,
        result.source,
        result.total_expanded,
        result.total_ms,
        result
            .thread_cpu_ms
            .map_or("unknown".into(), |ms| format!("{ms:.1} ms")),
        result.thread_cpu_ms.map_or("unknown".into(), |ms| format!(
            "{:.0} ns",
            ms * 1e6 / result.total_expanded.max(1) as f64
        )),
        result.mean_ms,
        result.median_ms,
        result.max_ms,
        result.in_50_to_60,
        result.mean_ms_50_to_60
    );
    for (i, ((l, e), ms)) in result
        .lengths
        .iter()
        .zip(&result.expanded)
        .zip(&result.millis)
        .enumerate()
    {
        out.push_str(&format!("{:>3}  {l:>6}  {e:>8}  {ms:.2}\n", i + 1));
    }
    Ok(out.trim_end().to_string())
}
