//! Searches off the main thread: the session's wanted job (solve, hint, compare, "shuffle to a
//! distance") runs on Bevy's async compute pool with a cancel flag and live counters; the
//! pattern databases are read or built on a thread of their own, once per goal, and kept.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::Slide;
use crate::core::slide::Board;
use crate::core::slide::pdb::{PatternDb, default_partition, light_partition};
use crate::core::slide::session::{JobKind, JobOutput, JobProgress, JobRequest, run_job};
use crate::core::slide::solve::Algorithm;

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
            if let Some(dir) = &recipe.dir {
                crate::store::pdb_cache::load_or_build_pdb(
                    dir,
                    &goal,
                    &partition,
                    Some(&c),
                    &mut report,
                )
                .map(|(db, source)| (db, source.describe()))
                .map_err(|e| e.to_string())
            } else {
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
        };
        let spawned = std::thread::Builder::new()
            .name("pattern databases".into())
            .spawn(move || {
                let result = build();
                *slot
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(result);
            });
        if let Err(e) = spawned {
            *done
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) =
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
            .unwrap_or_else(std::sync::PoisonError::into_inner)
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

/// The session's job running on the task pool (or waiting for its databases).
pub struct RunningJob {
    request: JobRequest,
    progress: Arc<JobProgress>,
    cancel: Arc<AtomicBool>,
    task: Option<Task<JobOutput>>,
    started: std::time::Instant,
}

impl RunningJob {
    fn new(request: JobRequest, databases: &mut Databases) -> Self {
        if request.needs_databases() {
            databases.ensure(&request.goal);
        }
        let mut job = RunningJob {
            request,
            progress: Arc::new(JobProgress::default()),
            cancel: Arc::new(AtomicBool::new(false)),
            task: None,
            started: std::time::Instant::now(),
        };
        job.launch(databases);
        job
    }

    /// Why it runs.
    pub fn kind(&self) -> JobKind {
        self.request.kind
    }

    /// Still waiting for databases.
    pub fn waiting(&self) -> bool {
        self.task.is_none()
    }

    /// When the search started (or the wait for its databases ended).
    pub fn started(&self) -> std::time::Instant {
        self.started
    }

    /// Starts the search if it can start now.
    fn launch(&mut self, databases: &Databases) {
        if self.task.is_some() {
            return;
        }
        let db = databases.get(&self.request.goal);
        if self.request.needs_databases() && db.is_none() {
            return;
        }
        let request = self.request.clone();
        let (progress, cancel) = (self.progress.clone(), self.cancel.clone());
        self.started = std::time::Instant::now();
        self.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            run_job(&request, db.as_deref(), Some(&cancel), Some(&progress))
        }));
    }

    /// Asks the search to stop (it ends within a few thousand nodes).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The algorithm running now.
    pub fn current(&self) -> Algorithm {
        let i = self.progress.current.load(Ordering::Relaxed);
        let algorithms = &self.request.algorithms;
        algorithms[i.min(algorithms.len() - 1)]
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

/// Keeps the running task in step with the session: a job the session no longer wants is
/// cancelled, a new one started, a finished one handed back; finished databases are collected
/// and queued jobs started once theirs are ready.
pub(super) fn run_jobs(mut slide: ResMut<Slide>) {
    let slide = &mut *slide;
    if let Some(error) = slide.databases.poll() {
        slide.session.job_failed(&error);
    }
    let wanted = slide.session.wanted_job().cloned();
    if slide.running.as_ref().map(|r| r.request.id) != wanted.as_ref().map(|w| w.id) {
        if let Some(old) = slide.running.take() {
            old.cancel();
        }
        slide.running = wanted.map(|request| RunningJob::new(request, &mut slide.databases));
    }
    let Some(running) = &mut slide.running else {
        return;
    };
    running.launch(&slide.databases);
    let Some(task) = &mut running.task else {
        return;
    };
    let Some(output) = check_ready(task) else {
        return;
    };
    let id = running.request.id;
    slide.running = None;
    slide.session.accept_job(id, output);
}
