//! Searches off the main thread: solve, hint, compare and "shuffle to a distance" jobs run on
//! Bevy's async compute pool with a cancel flag and live counters; the pattern databases are
//! read or built there too, once per goal, and kept.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::{CompareRow, Demo, KnownSolution, Slide};
use crate::core::slide::Board;
use crate::core::slide::game::scramble_towards;
use crate::core::slide::pdb::{PatternDb, default_partition, light_partition};
use crate::core::slide::solve::{Algorithm, Limits, Outcome, Progress, Report};

/// Where pattern databases come from: the cache folder (`None`: built in memory each run) and
/// the 15-puzzle's tile groups.
#[derive(Clone, Debug, PartialEq)]
pub struct PdbRecipe {
    pub dir: Option<PathBuf>,
    pub partition: Vec<Vec<u8>>,
}

impl PdbRecipe {
    /// 6-6-3, cached in `dir`.
    pub fn cached(dir: PathBuf) -> Self {
        Self {
            dir: Some(dir),
            partition: default_partition(4),
        }
    }

    /// 6-6-3 built in memory (nothing written).
    pub fn in_memory() -> Self {
        Self {
            dir: None,
            partition: default_partition(4),
        }
    }

    /// 5-5-5 in memory: quick to build, for tests.
    pub fn light() -> Self {
        Self {
            dir: None,
            partition: light_partition(),
        }
    }

    fn partition_for(&self, side: usize) -> Vec<Vec<u8>> {
        if side == 4 {
            self.partition.clone()
        } else {
            default_partition(side)
        }
    }
}

/// The pattern databases: ready ones by goal, and the one being built.
pub struct Databases {
    recipe: PdbRecipe,
    ready: Vec<Arc<PatternDb>>,
    build: Option<DbBuild>,
    /// Where the last ones came from (for the panel).
    pub note: Option<String>,
}

/// A build on its own thread (not the async compute pool: it takes many seconds and would hold
/// up the searches queued behind it), with its result left in `done`.
struct DbBuild {
    goal: Board,
    done: Arc<Mutex<Option<BuildResult>>>,
    permille: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
}

type BuildResult = Result<(PatternDb, String), String>;

impl Databases {
    pub fn new(recipe: PdbRecipe) -> Self {
        Self {
            recipe,
            ready: Vec::new(),
            build: None,
            note: None,
        }
    }

    /// The databases for `goal`, if ready.
    pub fn get(&self, goal: &Board) -> Option<Arc<PatternDb>> {
        self.ready.iter().find(|db| db.goal() == goal).cloned()
    }

    /// The fraction built, while a build runs.
    pub fn building(&self) -> Option<f32> {
        self.build
            .as_ref()
            .map(|b| b.permille.load(Ordering::Relaxed) as f32 / 1000.0)
    }

    /// Starts reading or building the databases for `goal`, unless ready or under way.
    pub fn ensure(&mut self, goal: &Board) {
        if self.get(goal).is_some() || self.build.as_ref().is_some_and(|b| b.goal == *goal) {
            return;
        }
        self.cancel_build();
        let goal = *goal;
        let permille = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let recipe = self.recipe.clone();
        let (p, c) = (permille.clone(), cancel.clone());
        let done = Arc::new(Mutex::new(None));
        let slot = done.clone();
        let build = move || -> BuildResult {
            let partition = recipe.partition_for(goal.side());
            let mut report = |f: f64| p.store((f * 1000.0) as usize, Ordering::Relaxed);
            match &recipe.dir {
                Some(dir) => {
                    crate::files::load_or_build_pdb(dir, &goal, &partition, Some(&c), &mut report)
                        .map(|(db, source)| (db, source.describe()))
                        .map_err(|e| e.to_string())
                }
                None => {
                    let clock = std::time::Instant::now();
                    PatternDb::build(&goal, &partition, Some(&c), &mut report)
                        .map(|db| {
                            let note = format!(
                                "pattern databases built in {:.1} s (not cached)",
                                clock.elapsed().as_secs_f64()
                            );
                            (db, note)
                        })
                        .map_err(|e| e.to_string())
                }
            }
        };
        let spawned = std::thread::Builder::new()
            .name("pattern databases".into())
            .spawn(move || {
                let result = build();
                *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            });
        if let Err(e) = spawned {
            *done.lock().unwrap_or_else(|e| e.into_inner()) =
                Some(Err(format!("cannot start a thread: {e}")));
        }
        self.build = Some(DbBuild {
            goal,
            done,
            permille,
            cancel,
        });
    }

    /// Stops a build under way.
    pub fn cancel_build(&mut self) {
        if let Some(build) = self.build.take() {
            build.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Collects a finished build; an error is returned for the player.
    fn poll(&mut self) -> Option<String> {
        let build = self.build.as_mut()?;
        let result = build
            .done
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()?;
        self.build = None;
        match result {
            Ok((db, note)) => {
                self.ready.retain(|d| d.goal().side() != db.goal().side());
                self.ready.push(Arc::new(db));
                self.note = Some(note);
                None
            }
            Err(e) => Some(e),
        }
    }
}

/// Why a job runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The chosen algorithm; its solution is then played as a demo.
    Solve,
    /// The best solver, for the next move.
    Hint,
    /// Every practical solver, for the table.
    Compare,
    /// A 15-puzzle start at this optimal distance.
    Shuffle(usize),
}

/// Live counters of a job.
#[derive(Debug, Default)]
pub struct JobProgress {
    pub search: Progress,
    /// Which of the job's algorithms runs now.
    pub current: AtomicUsize,
}

struct JobOutput {
    rows: Vec<CompareRow>,
    shuffled: Option<(Board, usize)>,
}

/// A search running (or waiting for its databases).
pub struct SlideJob {
    pub kind: JobKind,
    pub board: Board,
    pub goal: Board,
    pub algorithms: Vec<Algorithm>,
    depth_limit: u32,
    pub progress: Arc<JobProgress>,
    cancel: Arc<AtomicBool>,
    task: Option<Task<JobOutput>>,
    pub started: std::time::Instant,
}

impl SlideJob {
    /// Starts the job, or queues it until the pattern databases it needs are ready.
    pub fn spawn(
        kind: JobKind,
        board: Board,
        goal: Board,
        algorithms: Vec<Algorithm>,
        depth_limit: u32,
        databases: &mut Databases,
    ) -> SlideJob {
        let mut job = SlideJob {
            kind,
            board,
            goal,
            algorithms,
            depth_limit,
            progress: Arc::new(JobProgress::default()),
            cancel: Arc::new(AtomicBool::new(false)),
            task: None,
            started: std::time::Instant::now(),
        };
        if job.needs_databases() {
            databases.ensure(&goal);
        }
        job.launch(databases);
        job
    }

    fn needs_databases(&self) -> bool {
        self.algorithms.iter().any(|a| a.needs_databases())
    }

    /// Still waiting for databases.
    pub fn waiting(&self) -> bool {
        self.task.is_none()
    }

    /// Starts the search if it can start now.
    fn launch(&mut self, databases: &Databases) {
        if self.task.is_some() {
            return;
        }
        let db = databases.get(&self.goal);
        if self.needs_databases() && db.is_none() {
            return;
        }
        let (kind, board, goal, depth) = (self.kind, self.board, self.goal, self.depth_limit);
        let algorithms = self.algorithms.clone();
        let (progress, cancel) = (self.progress.clone(), self.cancel.clone());
        self.started = std::time::Instant::now();
        self.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            let side = board.side();
            let limits = |algorithm: Algorithm| Limits {
                max_nodes: node_cap(algorithm, side),
                cancel: Some(&cancel),
                progress: Some(&progress.search),
            };
            if let JobKind::Shuffle(distance) = kind {
                let mut rng = crate::core::rng::from_seed(crate::core::rng::fresh_seed());
                let solver = algorithms[0];
                let shuffled = scramble_towards(&goal, distance, 40, &mut rng, |b| {
                    let report = solver.run(b, &goal, depth, db.as_deref(), limits(solver));
                    report.outcome.moves().map(<[_]>::len)
                });
                return JobOutput {
                    rows: Vec::new(),
                    shuffled: Some(shuffled),
                };
            }
            let mut rows = Vec::new();
            for (i, &algorithm) in algorithms.iter().enumerate() {
                progress.current.store(i, Ordering::Relaxed);
                progress.search.expanded.store(0, Ordering::Relaxed);
                progress.search.level.store(0, Ordering::Relaxed);
                let report = algorithm.run(&board, &goal, depth, db.as_deref(), limits(algorithm));
                let cancelled = report.outcome == Outcome::Cancelled;
                rows.push(CompareRow { algorithm, report });
                if cancelled {
                    break;
                }
            }
            JobOutput {
                rows,
                shuffled: None,
            }
        }));
    }

    /// Asks the search to stop (it ends within a few thousand nodes).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The algorithm running now.
    pub fn current(&self) -> Algorithm {
        let i = self.progress.current.load(Ordering::Relaxed);
        self.algorithms[i.min(self.algorithms.len() - 1)]
    }

    /// Expanded nodes so far (of the algorithm running now).
    pub fn expanded(&self) -> usize {
        self.progress.search.expanded.load(Ordering::Relaxed)
    }

    /// BFS: the level being expanded; IDA*: the bound; DFS: the depth limit.
    pub fn level(&self) -> usize {
        self.progress.search.level.load(Ordering::Relaxed)
    }
}

/// Node caps for the game: the blind searches and A* keep every node, so on the 15-puzzle
/// they are stopped before memory runs out; IDA* keeps only its path.
fn node_cap(algorithm: Algorithm, side: usize) -> usize {
    match (algorithm, side) {
        (Algorithm::Idastar | Algorithm::IdastarPdb, _) => usize::MAX,
        (_, 3) => 2_000_000,
        _ => 3_000_000,
    }
}

/// Collects finished databases and jobs, and starts jobs whose databases became ready.
pub(super) fn poll_jobs(mut slide: ResMut<Slide>) {
    let slide = &mut *slide;
    if let Some(error) = slide.databases.poll() {
        if let Some(job) = slide.job.take() {
            job.cancel();
        }
        slide.error(format!("pattern databases: {error}"));
    }
    let Some(job) = &mut slide.job else {
        return;
    };
    job.launch(&slide.databases);
    let Some(task) = &mut job.task else {
        return;
    };
    let Some(output) = check_ready(task) else {
        return;
    };
    let job = slide.job.take().expect("checked above");
    finish(slide, job, output);
}

fn finish(slide: &mut Slide, job: SlideJob, output: JobOutput) {
    let from_start = job.board == *slide.game.start() && job.goal == *slide.game.goal();
    let learn = |slide: &mut Slide, row: &CompareRow| {
        if let (true, Some(moves)) = (row.algorithm.optimal(), row.report.outcome.moves()) {
            if from_start {
                slide.optimal = Some(moves.len());
            }
            if job.goal == *slide.game.goal() {
                slide.solution = Some(KnownSolution {
                    from: job.board,
                    moves: moves.to_vec(),
                });
            }
        }
    };
    match job.kind {
        JobKind::Shuffle(distance) => {
            if let Some((board, d)) = output.shuffled {
                slide.game.set_start(board);
                slide.optimal = Some(d);
                if d == distance {
                    slide.info(format!("a board {d} moves from the goal"));
                } else {
                    slide.info(format!(
                        "the nearest found to {distance} moves: a board {d} moves from the goal"
                    ));
                }
            }
        }
        JobKind::Hint => {
            if let Some(row) = output.rows.first() {
                learn(slide, row);
                if row.report.outcome.moves().is_none() {
                    slide.error(format!("no hint: {}", row.report.outcome.describe()));
                }
            }
        }
        JobKind::Solve => {
            if let Some(row) = output.rows.into_iter().next() {
                learn(slide, &row);
                let text = summary(&row.report);
                match row.report.outcome.moves() {
                    Some(moves) => {
                        slide.demo = Some(Demo::new(row.algorithm, job.board, moves.to_vec()));
                        slide.info(format!("{}: {text}", row.algorithm.title()));
                    }
                    None => slide.error(format!("{}: FAIL — {text}", row.algorithm.title())),
                }
                slide.last = Some(row);
            }
        }
        JobKind::Compare => {
            for row in &output.rows {
                learn(slide, row);
            }
            slide.compare = output.rows;
            slide.info("comparison done: see the table");
        }
    }
}

/// One line about a search.
pub fn summary(report: &Report) -> String {
    format!(
        "{}; {} nodes expanded, peak frontier {}, {:.1} ms",
        report.outcome.describe(),
        report.expanded,
        report.peak_frontier,
        report.millis
    )
}
