//! Searches off the main thread: the session's wanted job (solve, hint, compare, "shuffle to a
//! distance") runs on Bevy's async compute pool with a cancel flag and live counters; the
//! pattern databases are read or built on a thread of their own, once per goal, and kept. In a
//! browser both run in workers (`game::worker`): the page's one thread only draws.

use crate::core::text::Phrase;
use crate::phrase;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::futures::check_ready;
#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::{BuildStrongest, Slide};
use crate::core::slide::Board;
use crate::core::slide::pdb::{PatternDb, Split, Table};
#[cfg(not(target_arch = "wasm32"))]
use crate::core::slide::session::run_job;
use crate::core::slide::session::{JobKind, JobOutput, JobProgress, JobRequest};
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
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    split: Split,
    done: Arc<Mutex<Option<BuildResult>>>,
    permille: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
}

type BuildResult = Result<(PatternDb, Phrase), String>;

impl DbBuild {
    /// Starts building the databases of `goal` with `split` in the page's build worker (which
    /// keeps the tables it built for the next build; a page has no cache folder).
    #[cfg(target_arch = "wasm32")]
    fn start(_recipe: &PdbRecipe, goal: Board, split: Split, _have: Vec<Arc<Table>>) -> DbBuild {
        crate::game::worker::send(
            crate::game::worker::Role::Build,
            &crate::core::worker::Request::Build { goal, split },
            &[],
        );
        DbBuild {
            goal,
            split,
            done: Arc::new(Mutex::new(None)),
            permille: Arc::new(AtomicUsize::new(0)),
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts reading or building the databases of `goal` with `split` on a thread of its own,
    /// reusing the tables of `have`.
    #[cfg(not(target_arch = "wasm32"))]
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
        let in_thread = finish.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("pattern databases {}", split.name()))
            .spawn(move || in_thread(build()));
        if let Err(e) = spawned {
            finish(Err(format!("cannot start a thread: {e}"))); // in English: a system failure
        }
        DbBuild {
            goal,
            split,
            done,
            permille,
            cancel,
        }
    }

    fn fraction(&self) -> f32 {
        self.permille.load(Ordering::Relaxed) as f32 / 1000.0
    }

    /// Stops the build.
    fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        #[cfg(target_arch = "wasm32")]
        crate::game::worker::stop(crate::game::worker::Role::Build);
    }

    /// The build worker's news of this build: its progress, its tables (an earlier build's
    /// news is dropped).
    #[cfg(target_arch = "wasm32")]
    fn hear(&self) {
        use crate::core::worker::{Reply, databases_from};
        for (reply, bytes) in crate::game::worker::receive(crate::game::worker::Role::Build) {
            let result = match reply {
                Reply::BuildProgress {
                    goal,
                    split,
                    fraction,
                } if (goal, split) == (self.goal, self.split) => {
                    self.permille
                        .store((fraction * 1000.0) as usize, Ordering::Relaxed);
                    continue;
                }
                Reply::Built {
                    goal,
                    split,
                    seconds,
                } if (goal, split) == (self.goal, self.split) => {
                    // kept as they came, for the Slide worker (encoding them again would hold
                    // the page's thread as long again)
                    TABLE_BYTES.with_borrow_mut(|kept| *kept = Some((goal, split, bytes.clone())));
                    databases_from(&goal, split, bytes).map(|db| {
                        let note = phrase!(
                            "{split} pattern databases built in {seconds} s (not cached)",
                            split = split.name(),
                            seconds = format!("{seconds:.1}")
                        );
                        (db, note)
                    })
                }
                Reply::Failed { error } => Err(error),
                _ => continue,
            };
            *self
                .done
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(result);
        }
    }

    /// The result, once there.
    fn take(&self) -> Option<BuildResult> {
        #[cfg(target_arch = "wasm32")]
        self.hear();
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
        // a page keeps the quick ones: the strongest need 520 MB in each of two workers
        if cfg!(target_arch = "wasm32")
            || goal.side() != 4
            || ready
            || self.strong.as_ref().is_some_and(|b| b.goal == *goal)
        {
            return;
        }
        if let Some(old) = self.strong.take() {
            old.cancel();
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
            build.cancel();
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
    task: Option<Search>,
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
        self.started = crate::core::clock::Instant::now();
        self.task = Some(Search::start(
            &self.request,
            db,
            &self.progress,
            &self.cancel,
        ));
    }

    /// Asks the search to stop (it ends within a few thousand nodes; a worker is ended).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(search) = &self.task {
            search.stop();
        }
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
        warn!("pattern databases: {error}");
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
    let Some(output) = task.poll(&running.progress) else {
        return;
    };
    let id = running.request.id;
    slide.running = None;
    match output {
        Ok(output) => {
            slide.session.accept_job(id, output);
        }
        Err(error) => {
            warn!("the search stopped: {error}");
            slide.session.search_failed(&error);
        }
    }
}

/// A job's search on the async compute pool.
#[cfg(not(target_arch = "wasm32"))]
struct Search(Task<JobOutput>);

#[cfg(not(target_arch = "wasm32"))]
impl Search {
    fn start(
        request: &JobRequest,
        db: Option<Arc<PatternDb>>,
        progress: &Arc<JobProgress>,
        cancel: &Arc<AtomicBool>,
    ) -> Search {
        let request = request.clone();
        let (progress, cancel) = (progress.clone(), cancel.clone());
        Search(
            AsyncComputeTaskPool::get().spawn(async move {
                run_job(&request, db.as_deref(), Some(&cancel), Some(&progress))
            }),
        )
    }

    /// The output, once there (the counters are the task's own).
    #[allow(clippy::unnecessary_wraps)] // a worker's search can fail
    fn poll(&mut self, _progress: &JobProgress) -> Option<Result<JobOutput, String>> {
        check_ready(&mut self.0).map(Ok)
    }

    /// The cancel flag stops it.
    #[allow(clippy::unused_self)]
    fn stop(&self) {}
}

/// A job's search in the page's Slide worker, which keeps the last databases sent to it.
#[cfg(target_arch = "wasm32")]
struct Search {
    id: u64,
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// The goal and split of the databases the Slide worker has.
    static SLIDE_HAS: std::cell::Cell<Option<(Board, Split)>> = const { std::cell::Cell::new(None) };
    /// The bytes of the last databases the build worker made, as they came.
    static TABLE_BYTES: std::cell::RefCell<Option<KeptTables>> =
        const { std::cell::RefCell::new(None) };
}

/// Databases' goal and split, and their tables' bytes.
#[cfg(target_arch = "wasm32")]
type KeptTables = (Board, Split, Vec<Vec<u8>>);

#[cfg(target_arch = "wasm32")]
impl Search {
    fn start(
        request: &JobRequest,
        db: Option<Arc<PatternDb>>,
        _progress: &Arc<JobProgress>,
        _cancel: &Arc<AtomicBool>,
    ) -> Search {
        use crate::core::worker::{Request, table_bytes};
        use crate::game::worker::{Role, send};
        if let Some(db) = db.filter(|_| request.needs_databases()) {
            let (goal, split) = (*db.goal(), db.split());
            if SLIDE_HAS.get() != Some((goal, split)) {
                let request = Request::Databases { goal, split };
                TABLE_BYTES.with_borrow(|kept| match kept {
                    Some((g, s, bytes)) if (*g, *s) == (goal, split) => {
                        send(Role::Slide, &request, bytes);
                    }
                    _ => send(Role::Slide, &request, &table_bytes(&db)),
                });
                SLIDE_HAS.set(Some((goal, split)));
            }
        }
        send(Role::Slide, &Request::Slide(request.clone()), &[]);
        Search { id: request.id }
    }

    /// The worker's news: the counters (into `progress`), then the output.
    fn poll(&mut self, progress: &JobProgress) -> Option<Result<JobOutput, String>> {
        use crate::core::worker::Reply;
        let mut result = None;
        for (reply, _) in crate::game::worker::receive(crate::game::worker::Role::Slide) {
            match reply {
                Reply::SlideProgress {
                    id,
                    current,
                    expanded,
                    level,
                } if id == self.id => {
                    progress.current.store(current, Ordering::Relaxed);
                    progress.search.expanded.store(expanded, Ordering::Relaxed);
                    progress.search.level.store(level, Ordering::Relaxed);
                }
                Reply::SlideDone { id, output } if id == self.id => result = Some(Ok(output)),
                Reply::Failed { error } => {
                    SLIDE_HAS.set(None);
                    result = Some(Err(error));
                }
                _ => {}
            }
        }
        result
    }

    /// Ends the worker (and its databases: they are sent again with the next job).
    #[allow(clippy::unused_self)] // as the pool's
    fn stop(&self) {
        crate::game::worker::stop(crate::game::worker::Role::Slide);
        SLIDE_HAS.set(None);
    }
}
