//! Searches off the main thread: the session's wanted job (solve, hint, compare, "shuffle to a
//! distance") runs on Bevy's async compute pool with a cancel flag and live counters; the
//! pattern databases are read or built on a thread of their own, once per goal, and kept.

use crate::core::text::Phrase;
use crate::phrase;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::{BuildStrongest, Slide};
use crate::core::slide::Board;
use crate::core::slide::pdb::{PatternDb, Split, Table};
use crate::core::slide::session::{JobKind, JobOutput, JobProgress, JobRequest, run_job};
use crate::core::slide::solve::Algorithm;

/// Where pattern databases come from: the cache folder (`None`: built in memory each run), the
/// 15-puzzle's quick split and the strongest one, built on request.
#[derive(Clone, Debug, PartialEq)]
pub struct PdbRecipe {
    pub dir: Option<PathBuf>,
    pub split: Split,
    pub strongest: Split,
}

impl PdbRecipe {
    /// 6-6-3, cached in `dir` (and 7-8 once built there).
    pub fn cached(dir: PathBuf) -> Self {
        Self {
            dir: Some(dir),
            split: Split::SixSixThree,
            strongest: Split::STRONGEST,
        }
    }

    /// 6-6-3 built in memory (nothing written).
    pub fn in_memory() -> Self {
        Self {
            dir: None,
            split: Split::SixSixThree,
            strongest: Split::STRONGEST,
        }
    }

    /// 5-5-5 in memory: quick to build, for tests (the strongest still 7-8).
    pub fn light() -> Self {
        Self {
            dir: None,
            split: Split::FiveFiveFive,
            strongest: Split::STRONGEST,
        }
    }

    /// The split used first for boards of `side`: the strongest when its tables are in the
    /// cache already, else the quick one.
    fn split_for(&self, goal: &Board) -> Split {
        if goal.side() != 4 {
            return Split::default_for(goal.side());
        }
        if self.strong_cached(goal) {
            self.strongest
        } else {
            self.split
        }
    }

    /// Whether every table of the strongest split for `goal` is in the cache folder.
    fn strong_cached(&self, goal: &Board) -> bool {
        self.dir
            .as_ref()
            .is_some_and(|dir| crate::store::pdb_cache::is_cached(dir, goal, self.strongest))
    }
}

/// The pattern databases: ready ones by goal, the one being read or built for a search, and
/// the strongest (7-8) being built in the background on the player's request.
pub struct Databases {
    recipe: PdbRecipe,
    ready: Vec<Arc<PatternDb>>,
    build: Option<DbBuild>,
    strong: Option<DbBuild>,
    /// Where the last ones came from (for the panel).
    pub note: Option<Phrase>,
}

/// A build on its own thread (not the async compute pool: it takes seconds, or minutes, and
/// would hold up the searches queued behind it), with its result left in `done`.
struct DbBuild {
    goal: Board,
    done: Arc<Mutex<Option<BuildResult>>>,
    permille: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
}

type BuildResult = Result<(PatternDb, Phrase), String>;

impl DbBuild {
    /// Starts reading or building the databases of `goal` with `split`, reusing the tables of
    /// `have`.
    fn start(recipe: &PdbRecipe, goal: Board, split: Split, have: Vec<Arc<Table>>) -> DbBuild {
        let permille = Arc::new(AtomicUsize::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let dir = recipe.dir.clone();
        let (p, c) = (permille.clone(), cancel.clone());
        let done = Arc::new(Mutex::new(None));
        let slot = done.clone();
        let build = move || -> BuildResult {
            let mut report = |f: f64| p.store((f * 1000.0) as usize, Ordering::Relaxed);
            if let Some(dir) = &dir {
                crate::store::pdb_cache::load_or_build_pdb(
                    dir,
                    &goal,
                    split,
                    &have,
                    Some(&c),
                    &mut report,
                )
                .map(|(db, source)| {
                    let note = phrase!(
                        "{split}: {source}",
                        split = split.name(),
                        source = source.phrase()
                    );
                    (db, note)
                })
                .map_err(|e| e.to_string())
            } else {
                let clock = crate::core::clock::Instant::now();
                PatternDb::build(&goal, split, Some(&c), &mut report)
                    .map(|db| {
                        let note = phrase!(
                            "{split} pattern databases built in {seconds} s (not cached)",
                            split = split.name(),
                            seconds = format!("{:.1}", clock.elapsed().as_secs_f64())
                        );
                        (db, note)
                    })
                    .map_err(|e| e.to_string())
            }
        };
        // the result, where `take` finds it
        let finish = move |result: BuildResult| {
            *slot
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(result);
        };
        // a page has no threads (yet: a worker is the way there): the build runs at once
        #[cfg(target_arch = "wasm32")]
        finish(build());
        #[cfg(not(target_arch = "wasm32"))]
        {
            let in_thread = finish.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("pattern databases {}", split.name()))
                .spawn(move || in_thread(build()));
            if let Err(e) = spawned {
                finish(Err(format!("cannot start a thread: {e}"))); // in English: a system failure
            }
        }
        DbBuild {
            goal,
            done,
            permille,
            cancel,
        }
    }

    fn fraction(&self) -> f32 {
        self.permille.load(Ordering::Relaxed) as f32 / 1000.0
    }

    /// The result, once there.
    fn take(&self) -> Option<BuildResult> {
        self.done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }
}

impl Databases {
    pub fn new(recipe: PdbRecipe) -> Self {
        Self {
            recipe,
            ready: Vec::new(),
            build: None,
            strong: None,
            note: None,
        }
    }

    /// The databases for `goal`, if ready: the strongest there are.
    pub fn get(&self, goal: &Board) -> Option<Arc<PatternDb>> {
        self.ready
            .iter()
            .filter(|db| db.goal() == goal)
            .max_by_key(|db| db.split() == self.recipe.strongest)
            .cloned()
    }

    /// The split of the databases a search for `goal` would use now.
    pub fn split_for(&self, goal: &Board) -> Option<Split> {
        self.get(goal).map(|db| db.split())
    }

    /// The fraction read or built, while the databases a search waits for are coming.
    pub fn building(&self) -> Option<f32> {
        self.build.as_ref().map(DbBuild::fraction)
    }

    /// The strongest split, built on request.
    pub fn strongest(&self) -> Split {
        self.recipe.strongest
    }

    /// The fraction built, while the strongest databases are built in the background.
    pub fn strong_building(&self) -> Option<f32> {
        self.strong.as_ref().map(DbBuild::fraction)
    }

    /// Every table in memory, for the next build to reuse.
    fn tables(&self) -> Vec<Arc<Table>> {
        self.ready
            .iter()
            .flat_map(|db| db.tables().iter().cloned())
            .collect()
    }

    /// Starts reading or building the databases for `goal`, unless ready or under way.
    pub fn ensure(&mut self, goal: &Board) {
        if self.get(goal).is_some() || self.build.as_ref().is_some_and(|b| b.goal == *goal) {
            return;
        }
        self.cancel_build();
        let split = self.recipe.split_for(goal);
        self.build = Some(DbBuild::start(&self.recipe, *goal, split, self.tables()));
    }

    /// Starts building the strongest databases for `goal` (a 15-puzzle) in the background,
    /// unless they are ready or under way; searches use the quick ones until they are done.
    pub fn build_strongest(&mut self, goal: &Board) {
        let ready = self
            .get(goal)
            .is_some_and(|db| db.split() == self.recipe.strongest);
        if goal.side() != 4 || ready || self.strong.as_ref().is_some_and(|b| b.goal == *goal) {
            return;
        }
        if let Some(old) = self.strong.take() {
            old.cancel.store(true, Ordering::Relaxed);
        }
        self.strong = Some(DbBuild::start(
            &self.recipe,
            *goal,
            self.recipe.strongest,
            self.tables(),
        ));
    }

    /// Stops the build a search was waiting for (the strongest, built on request, goes on).
    pub fn cancel_build(&mut self) {
        if let Some(build) = self.build.take() {
            build.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Collects finished builds; an error is returned for the player.
    fn poll(&mut self) -> Option<String> {
        let mut error = None;
        for strong in [false, true] {
            let slot = if strong {
                &mut self.strong
            } else {
                &mut self.build
            };
            let Some(result) = slot.as_ref().and_then(DbBuild::take) else {
                continue;
            };
            *slot = None;
            match result {
                Ok((db, note)) => {
                    // one set a size and split: another goal's go (their tables, if shared,
                    // live on in the new set)
                    self.ready
                        .retain(|d| d.goal().side() != db.goal().side() || d.split() != db.split());
                    self.ready.push(Arc::new(db));
                    self.note = Some(note);
                }
                Err(e) => error = Some(e),
            }
        }
        error
    }
}

/// The session's job running on the task pool (or waiting for its databases).
pub struct RunningJob {
    request: JobRequest,
    progress: Arc<JobProgress>,
    cancel: Arc<AtomicBool>,
    task: Option<Task<JobOutput>>,
    started: crate::core::clock::Instant,
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
            started: crate::core::clock::Instant::now(),
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
    pub fn started(&self) -> crate::core::clock::Instant {
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
        self.started = crate::core::clock::Instant::now();
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
pub(super) fn run_jobs(mut slide: ResMut<Slide>, mut strongest: MessageReader<BuildStrongest>) {
    let slide = &mut *slide;
    if strongest.read().count() > 0 {
        let goal = *slide.session.game().goal();
        slide.databases.build_strongest(&goal);
    }
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
