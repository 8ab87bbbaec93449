//! The Slide mode's rules as one session: the player's board with undo and redo, the editor that
//! swaps tiles and tells the parity at once, the searches the player asks for (solve, hint,
//! compare, shuffle to a distance) and what a finished search teaches (the optimal length, a
//! known solution for hints, a demo to watch), the demo's clock, and the notices.
//!
//! No Bevy here. A search is work done elsewhere: the session says which one it wants
//! ([`SlideSession::wanted_job`]), the game runs [`run_job`] off the main thread and hands the
//! output back ([`SlideSession::accept_job`]); tests and the command line call
//! [`SlideSession::settle`] instead.

use crate::core::text::{Arg, Phrase};
use crate::phrase;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::game::{ArrowMeaning, Demo, KnownSolution, SlideGame, SlideRefusal};
use super::game::{at_distance, scramble_towards};
use super::pdb::PatternDb;
use super::solve::{Algorithm, Limits, Outcome, Progress, Report};
use super::{Board, Move};
use crate::core::rng::{GameRng, fresh_seed, from_seed};
use rand::RngExt;

/// Fastest and slowest demo speeds, moves per second.
pub const MIN_DEMO_SPEED: f32 = 0.5;
pub const MAX_DEMO_SPEED: f32 = 40.0;

/// The depth limit of depth-limited DFS: its range and the starting value.
pub const MIN_DEPTH_LIMIT: u32 = 1;
pub const MAX_DEPTH_LIMIT: u32 = 80;
pub const DEFAULT_DEPTH_LIMIT: u32 = 25;

/// Seconds the win is celebrated.
const CELEBRATION: f32 = 2.5;

/// Which board the editor changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditTarget {
    Start,
    Goal,
}

/// Editing on the board: a working copy, the cursor, and the first cell picked for a swap.
#[derive(Clone, Debug)]
pub struct Editing {
    pub target: EditTarget,
    pub board: Board,
    pub cursor: usize,
    pub picked: Option<usize>,
}

/// One row of the comparison table.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CompareRow {
    pub algorithm: Algorithm,
    pub report: Report,
}

/// A line for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: Phrase,
    pub error: bool,
}

/// What the player asked for, from keys, gamepad, mouse and panel buttons.
#[derive(Clone, Debug, PartialEq)]
pub enum SlideCommand {
    /// A blank move by arrow (already translated from the arrow setting).
    MoveBlank(Move),
    /// Slide the tile at this cell (with the tiles between it and the blank).
    SlideFrom(usize),
    Undo,
    Redo,
    Restart,
    /// A new random start (at the chosen distance, if any).
    Shuffle,
    /// Switch between the 8-puzzle and the 15-puzzle.
    ToggleSize,
    SetStart(Board),
    SetGoal(Board),
    /// Start and goal at once (from a game ID; either size).
    SetBoards {
        start: Board,
        goal: Board,
    },
    SetAlgorithm(Algorithm),
    SetDepthLimit(u32),
    SetArrows(ArrowMeaning),
    SetShuffleDistance(Option<usize>),
    ToggleHint,
    /// Run the chosen algorithm and play its solution.
    Solve,
    /// Run every practical algorithm and fill the table.
    Compare,
    /// Stop the running search.
    Cancel,
    /// Demo playback.
    TogglePause,
    StepForward,
    StepBack,
    SetSpeed(f32),
    /// Stop the demo and show the player's board again.
    EndDemo,
    /// Start editing the start or the goal on the board.
    Edit(EditTarget),
    /// Move the editor's cursor to the cell.
    EditCursor(usize),
    /// Pick the cell (first pick, or swap with the first).
    EditPick(usize),
    /// Keep the edited board.
    EditDone,
    EditCancel,
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// A search the session wants run: everything [`run_job`] needs, and an id that tells its answer
/// apart from the answer to an earlier request.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobRequest {
    pub id: u64,
    pub kind: JobKind,
    pub board: Board,
    pub goal: Board,
    /// Run one after the other (a comparison runs several).
    pub algorithms: Vec<Algorithm>,
    pub depth_limit: u32,
    /// For a shuffle: where its random walks come from.
    pub seed: u64,
}

impl JobRequest {
    /// True when an algorithm of the job needs the goal's pattern databases.
    pub fn needs_databases(&self) -> bool {
        self.algorithms.iter().any(|a| a.needs_databases())
    }
}

/// Live counters of a running job, read from another thread.
#[derive(Debug, Default)]
pub struct JobProgress {
    pub search: Progress,
    /// Which of the job's algorithms runs now.
    pub current: AtomicUsize,
}

impl JobProgress {
    /// Counters at zero whose search calls `beat` each time it updates them.
    pub const fn with_beat(beat: fn()) -> Self {
        Self {
            search: Progress::with_beat(beat),
            current: AtomicUsize::new(0),
        }
    }
}

/// What a job found.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobOutput {
    /// One row per algorithm run (a cancelled one ends the list).
    pub rows: Vec<CompareRow>,
    /// A shuffle's board and its optimal distance.
    pub shuffled: Option<(Board, usize)>,
}

/// Node caps for interactive play: the blind searches and A* keep every node, so they are
/// stopped before memory runs out; IDA* keeps only its path.
pub fn play_node_cap(algorithm: Algorithm, side: usize) -> usize {
    match (algorithm, side) {
        (Algorithm::Idastar | Algorithm::IdastarPdb, _) => usize::MAX,
        (_, 3) => 2_000_000,
        _ => 3_000_000,
    }
}

/// Runs a job to its end (or until `cancel` is set), with the play node caps. `databases` are
/// the goal's pattern databases when the job needs them.
pub fn run_job(
    job: &JobRequest,
    databases: Option<&PatternDb>,
    cancel: Option<&AtomicBool>,
    progress: Option<&JobProgress>,
) -> JobOutput {
    let side = job.board.side();
    let limits = |algorithm: Algorithm| Limits {
        max_nodes: play_node_cap(algorithm, side),
        cancel,
        progress: progress.map(|p| &p.search),
    };
    if let JobKind::Shuffle(distance) = job.kind {
        let mut rng = from_seed(job.seed);
        let solver = job.algorithms[0];
        let shuffled = scramble_towards(&job.goal, distance, 40, &mut rng, |b| {
            let report = solver.run(b, &job.goal, job.depth_limit, databases, limits(solver));
            report.outcome.moves().map(<[_]>::len)
        });
        return JobOutput {
            rows: Vec::new(),
            shuffled: Some(shuffled),
        };
    }
    let mut rows = Vec::new();
    for (i, &algorithm) in job.algorithms.iter().enumerate() {
        if let Some(progress) = progress {
            progress.current.store(i, Ordering::Relaxed);
            progress.search.expanded.store(0, Ordering::Relaxed);
            progress.search.level.store(0, Ordering::Relaxed);
        }
        let report = algorithm.run(
            &job.board,
            &job.goal,
            job.depth_limit,
            databases,
            limits(algorithm),
        );
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
}

/// One line about a search.
pub fn summary(report: &Report) -> Phrase {
    phrase!(
        "{outcome}; {nodes} nodes expanded, peak frontier {peak}, {ms} ms",
        outcome = report.outcome.phrase(),
        nodes = report.expanded,
        peak = report.peak_frontier,
        ms = format!("{:.1}", report.millis)
    )
}

/// One round of Slide.
#[derive(Clone, Debug)]
pub struct SlideSession {
    game: SlideGame,
    arrows: ArrowMeaning,
    algorithm: Algorithm,
    depth_limit: u32,
    /// Shuffle to this optimal distance (`None`: uniformly random).
    shuffle_distance: Option<usize>,
    demo: Option<Demo>,
    demo_speed: f32,
    /// The last solve's algorithm and report.
    last: Option<CompareRow>,
    compare: Vec<CompareRow>,
    /// The hint is showing (and recomputed as the player moves).
    hint_on: bool,
    solution: Option<KnownSolution>,
    /// The optimal length from the start, once any optimal solver has found it.
    optimal: Option<usize>,
    editing: Option<Editing>,
    notice: Option<Notice>,
    /// Notices said so far (the same words said twice are two notices).
    notices_said: u64,
    /// Seconds of celebration left after a win.
    celebrate: f32,
    job: Option<JobRequest>,
    jobs_asked: u64,
    /// Where later boards (shuffles, the other size) and a shuffle job's walks come from: seeded
    /// from the game's seed, so `--seed` replays a whole session, not only its first board.
    seeds: GameRng,
}

impl SlideSession {
    /// A session on `game`, with the best optimal solver for its size chosen.
    pub fn new(game: SlideGame) -> Self {
        Self::seeded(game, fresh_seed())
    }

    /// A session whose later random boards all follow from `seed`.
    pub fn seeded(game: SlideGame, seed: u64) -> Self {
        let algorithm = Algorithm::best_for(game.board().side());
        Self {
            game,
            arrows: ArrowMeaning::default(),
            algorithm,
            depth_limit: DEFAULT_DEPTH_LIMIT,
            shuffle_distance: None,
            demo: None,
            demo_speed: 4.0,
            last: None,
            compare: Vec::new(),
            hint_on: false,
            solution: None,
            optimal: None,
            editing: None,
            notice: None,
            notices_said: 0,
            celebrate: 0.0,
            job: None,
            jobs_asked: 0,
            seeds: from_seed(seed),
        }
    }

    /// The player's game (boards, moves, clock, undo history).
    pub fn game(&self) -> &SlideGame {
        &self.game
    }

    /// What the arrows move.
    pub fn arrows(&self) -> ArrowMeaning {
        self.arrows
    }

    /// The algorithm Solve runs.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Depth-limited DFS's limit.
    pub fn depth_limit(&self) -> u32 {
        self.depth_limit
    }

    /// Shuffles go to this optimal distance (`None`: uniformly random).
    pub fn shuffle_distance(&self) -> Option<usize> {
        self.shuffle_distance
    }

    /// The demo being watched.
    pub fn demo(&self) -> Option<&Demo> {
        self.demo.as_ref()
    }

    /// Demo moves per second.
    pub fn demo_speed(&self) -> f32 {
        self.demo_speed
    }

    /// The last solve's algorithm and report.
    pub fn last(&self) -> Option<&CompareRow> {
        self.last.as_ref()
    }

    /// The comparison table.
    pub fn compare(&self) -> &[CompareRow] {
        &self.compare
    }

    /// True while the hint shows.
    pub fn hint_on(&self) -> bool {
        self.hint_on
    }

    /// The optimal length from the start, once an optimal solver found it.
    pub fn optimal(&self) -> Option<usize> {
        self.optimal
    }

    /// The editor, while the start or the goal is being edited on the board.
    pub fn editing(&self) -> Option<&Editing> {
        self.editing.as_ref()
    }

    /// The line for the player.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// How many notices have been said (so a listener hears the same words said again).
    pub fn notices_said(&self) -> u64 {
        self.notices_said
    }

    /// Seconds of the win's celebration left.
    pub fn celebrate(&self) -> f32 {
        self.celebrate
    }

    /// The board on screen: the editor's copy, the demo's, or the player's.
    pub fn shown(&self) -> Board {
        if let Some(editing) = &self.editing {
            return editing.board;
        }
        match &self.demo {
            Some(demo) => demo.board(),
            None => *self.game.board(),
        }
    }

    /// The goal the shown tiles are coloured against (the editor's copy while editing it).
    pub fn shown_goal(&self) -> Board {
        match &self.editing {
            Some(e) if e.target == EditTarget::Goal => e.board,
            _ => *self.game.goal(),
        }
    }

    /// The next optimal move of the blank from the player's board, when known.
    pub fn hint(&self) -> Option<Move> {
        self.solution.as_ref()?.next_move(self.game.board())
    }

    /// The cell of the tile the hint would slide.
    pub fn hint_cell(&self) -> Option<usize> {
        let m = self.hint()?;
        self.game.board().apply(m).map(|b| b.blank())
    }

    /// The hinted cell to light on the board: only while the hint is on and the player's own
    /// board shows.
    pub fn hint_shown(&self) -> Option<usize> {
        (self.hint_on && self.demo.is_none() && self.editing.is_none())
            .then(|| self.hint_cell())
            .flatten()
    }

    /// What Enter (gamepad A) means now: stop the search, end the demo, or solve.
    pub fn confirm_command(&self) -> SlideCommand {
        if self.job.is_some() {
            SlideCommand::Cancel
        } else if self.demo.is_some() {
            SlideCommand::EndDemo
        } else {
            SlideCommand::Solve
        }
    }

    /// The editor's cursor after an arrow, when it stays on the board.
    pub fn edit_cursor_after(&self, dir: crate::core::grid::Dir) -> Option<usize> {
        use crate::core::grid::Dir;
        let editing = self.editing.as_ref()?;
        let side = editing.board.side();
        let (r, c) = (editing.cursor / side, editing.cursor % side);
        match dir {
            Dir::Up if r > 0 => Some(editing.cursor - side),
            Dir::Down if r + 1 < side => Some(editing.cursor + side),
            Dir::Left if c > 0 => Some(editing.cursor - 1),
            Dir::Right if c + 1 < side => Some(editing.cursor + 1),
            _ => None,
        }
    }

    /// The search the session waits for, if any.
    pub fn wanted_job(&self) -> Option<&JobRequest> {
        self.job.as_ref()
    }

    /// Takes the output of the job `id`; the answer to a request that has been replaced or
    /// cancelled since is dropped. Returns whether it was used.
    pub fn accept_job(&mut self, id: u64, output: JobOutput) -> bool {
        if self.job.as_ref().is_none_or(|j| j.id != id) {
            return false;
        }
        let job = self.job.take().expect("checked above");
        self.finish(&job, output);
        true
    }

    /// The job could not run (its pattern databases failed): it is dropped and the player told.
    pub fn job_failed(&mut self, why: &str) {
        self.job = None;
        self.error(phrase!("pattern databases: {why}", why = why));
    }

    /// The running job stopped for a reason of the machine's (a browser's worker that failed).
    pub fn search_failed(&mut self, why: &str) {
        self.job = None;
        self.error(phrase!("the search stopped: {why}", why = why));
    }

    /// Forgets the job without a word (leaving the mode).
    pub fn drop_job(&mut self) {
        self.job = None;
    }

    /// Runs a wanted job here and now (tests and the command line; the game uses a task).
    pub fn settle(&mut self, databases: Option<&PatternDb>) {
        if let Some(job) = self.job.clone() {
            let output = run_job(&job, databases, None, None);
            self.accept_job(job.id, output);
        }
    }

    /// Lets `seconds` pass: the player's clock, the demo, the celebration.
    pub fn tick(&mut self, seconds: f32) {
        self.game.tick(f64::from(seconds));
        let speed = self.demo_speed;
        if let Some(demo) = &mut self.demo {
            demo.advance(seconds, speed);
        }
        self.celebrate = (self.celebrate - seconds).max(0.0);
    }

    fn info(&mut self, text: Phrase) {
        self.notices_said += 1;
        self.notice = Some(Notice { text, error: false });
    }

    fn error(&mut self, text: Phrase) {
        self.notices_said += 1;
        self.notice = Some(Notice { text, error: true });
    }

    /// Forgets what belonged to the previous start (solutions, demo, table, search).
    fn new_instance(&mut self) {
        self.demo = None;
        self.solution = None;
        self.optimal = None;
        self.compare.clear();
        self.last = None;
        self.celebrate = 0.0;
        self.job = None;
    }

    /// One command's effect.
    pub fn apply(&mut self, command: SlideCommand) {
        use SlideCommand as C;
        match command {
            C::MoveBlank(m) => {
                self.demo = None;
                let result = self.game.move_blank(m);
                self.after_move_attempt(result);
            }
            C::SlideFrom(cell) => {
                self.demo = None;
                let result = self.game.slide_from(cell);
                self.after_move_attempt(result);
            }
            C::Undo => {
                if self.game.undo() {
                    self.celebrate = 0.0;
                    self.notice = None;
                } else {
                    self.info(phrase!("nothing to undo"));
                }
            }
            C::Redo => {
                if self.game.redo() {
                    self.after_move();
                } else {
                    self.info(phrase!("nothing to redo"));
                }
            }
            C::Restart => {
                self.demo = None;
                self.celebrate = 0.0;
                self.game.restart();
                self.notice = None;
            }
            C::Shuffle => self.shuffle(),
            C::ToggleSize => {
                let side = if self.game.board().side() == 3 { 4 } else { 3 };
                let goal = Board::goal(side);
                let start = Board::random_solvable(&goal, &mut self.seeds);
                self.new_instance();
                self.editing = None;
                self.game.set_goal(goal);
                self.game.set_start(start);
                // each size starts with its best optimal solver
                self.algorithm = Algorithm::best_for(side as usize);
                self.info(phrase!("{side}×{side} puzzle", side = side));
            }
            C::SetBoards { start, goal } => {
                let side = self.game.board().side();
                self.new_instance();
                self.editing = None;
                self.game.set_goal(goal);
                self.game.set_start(start);
                if start.side() != side {
                    self.algorithm = Algorithm::best_for(start.side());
                }
                self.tell_solvability();
            }
            C::SetStart(board) => {
                self.new_instance();
                self.game.set_start(board);
                self.tell_solvability();
            }
            C::SetGoal(board) => {
                self.new_instance();
                self.game.set_goal(board);
                self.tell_solvability();
            }
            C::SetAlgorithm(a) => self.algorithm = a,
            C::SetDepthLimit(d) => self.depth_limit = d.clamp(MIN_DEPTH_LIMIT, MAX_DEPTH_LIMIT),
            C::SetArrows(a) => self.arrows = a,
            C::SetShuffleDistance(d) => self.shuffle_distance = d,
            C::ToggleHint => {
                self.hint_on = !self.hint_on;
                if self.hint_on {
                    self.request_hint();
                }
            }
            C::Solve => self.start_job(JobKind::Solve),
            C::Compare => self.start_job(JobKind::Compare),
            C::Cancel => {
                if self.job.take().is_some() {
                    self.info(phrase!("search stopped"));
                }
            }
            C::TogglePause => {
                if let Some(demo) = &mut self.demo {
                    demo.paused = !demo.paused;
                }
            }
            C::StepForward => {
                if let Some(demo) = &mut self.demo {
                    demo.paused = true;
                    demo.step();
                }
            }
            C::StepBack => {
                if let Some(demo) = &mut self.demo {
                    demo.paused = true;
                    demo.step_back();
                }
            }
            C::SetSpeed(speed) => self.demo_speed = speed.clamp(MIN_DEMO_SPEED, MAX_DEMO_SPEED),
            C::EndDemo => self.demo = None,
            C::Edit(target) => {
                self.demo = None;
                let board = match target {
                    EditTarget::Start => *self.game.start(),
                    EditTarget::Goal => *self.game.goal(),
                };
                self.editing = Some(Editing {
                    target,
                    board,
                    cursor: board.blank(),
                    picked: None,
                });
                self.info(phrase!(
                    "editing: pick two cells to swap them; E or Done keeps the board"
                ));
            }
            C::EditCursor(cell) => {
                if let Some(editing) = &mut self.editing
                    && cell < editing.board.len()
                {
                    editing.cursor = cell;
                }
            }
            C::EditPick(cell) => self.edit_pick(cell),
            C::EditDone => {
                if let Some(editing) = self.editing.take() {
                    match editing.target {
                        EditTarget::Start => self.apply(C::SetStart(editing.board)),
                        EditTarget::Goal => self.apply(C::SetGoal(editing.board)),
                    }
                }
            }
            C::EditCancel => {
                self.editing = None;
                self.notice = None;
            }
        }
    }

    fn after_move_attempt<T>(&mut self, result: Result<T, SlideRefusal>) {
        match result {
            Ok(_) => {
                self.notice = None;
                self.after_move();
            }
            Err(SlideRefusal::NotInLine) => {
                self.info(phrase!("only tiles in the blank's row or column can slide"));
            }
            Err(SlideRefusal::Edge) => {
                self.info(phrase!("the edge of the board is in the way"));
            }
            Err(SlideRefusal::AlreadySolved) => {
                self.info(phrase!(
                    "already solved: N for a new shuffle, F1 to play it again"
                ));
            }
        }
    }

    /// After the player's board changed: the win, and the hint for the new board.
    fn after_move(&mut self) {
        if self.game.won() && self.game.moves() > 0 {
            self.celebrate = CELEBRATION;
            let moves = self.game.moves();
            self.info(match self.optimal {
                Some(optimal) => phrase!(
                    "Solved in {moves} moves (optimal: {optimal})!",
                    moves = moves,
                    optimal = optimal
                ),
                None => phrase!("Solved in {moves} moves!", moves = moves),
            });
        }
        if self.hint_on && self.hint().is_none() && !self.game.won() {
            self.request_hint();
        }
    }

    fn tell_solvability(&mut self) {
        let (ok, why) = self.game.solvability();
        if ok {
            self.info(why);
        } else {
            self.error(why);
        }
    }

    fn request_hint(&mut self) {
        if self.hint().is_some() || self.game.won() {
            return;
        }
        if !self.game.solvability().0 {
            self.error(phrase!(
                "no hint: this goal cannot be reached from here (parity)"
            ));
            return;
        }
        if self.job.is_none() {
            self.start_job(JobKind::Hint);
        }
    }

    fn start_job(&mut self, kind: JobKind) {
        self.job = None;
        let board = *self.game.board();
        let goal = *self.game.goal();
        if !matches!(kind, JobKind::Shuffle(_)) && !self.game.solvability().0 {
            self.error(phrase!(
                "{why}: nothing to search, the goal cannot be reached",
                why = self.game.solvability().1
            ));
            return;
        }
        let algorithms = match kind {
            JobKind::Solve => vec![self.algorithm],
            JobKind::Hint | JobKind::Shuffle(_) => vec![Algorithm::best_for(board.side())],
            JobKind::Compare => Algorithm::ALL
                .into_iter()
                .filter(|a| a.practical(board.side()))
                .collect(),
        };
        if kind == JobKind::Compare {
            self.compare.clear();
        }
        self.jobs_asked += 1;
        self.job = Some(JobRequest {
            id: self.jobs_asked,
            kind,
            board,
            goal,
            algorithms,
            depth_limit: self.depth_limit,
            seed: self.seeds.random(),
        });
    }

    fn shuffle(&mut self) {
        let goal = *self.game.goal();
        let mut rng = from_seed(self.seeds.random());
        self.editing = None;
        match self.shuffle_distance {
            None => {
                let start = Board::random_solvable(&goal, &mut rng);
                self.new_instance();
                self.game.set_start(start);
                self.notice = None;
            }
            Some(d) if goal.side() == 3 => match at_distance(&goal, d, &mut rng) {
                Some(start) => {
                    self.new_instance();
                    self.game.set_start(start);
                    self.optimal = Some(d);
                    self.info(phrase!("a board {d} moves from the goal", d = d));
                }
                None => self.error(phrase!(
                    "no 8-puzzle board lies {d} moves from this goal",
                    d = d
                )),
            },
            Some(d) => {
                self.new_instance();
                self.start_job(JobKind::Shuffle(d));
            }
        }
    }

    fn edit_pick(&mut self, cell: usize) {
        let Some(editing) = &mut self.editing else {
            return;
        };
        if cell >= editing.board.len() {
            return;
        }
        editing.cursor = cell;
        match editing.picked.take() {
            None => editing.picked = Some(cell),
            Some(first) if first == cell => {}
            Some(first) => {
                let mut cells = editing.board.cells().to_vec();
                cells.swap(first, cell);
                editing.board = Board::from_cells(&cells).expect("a swap keeps a board valid");
                let (start, goal) = match editing.target {
                    EditTarget::Start => (editing.board, *self.game.goal()),
                    EditTarget::Goal => (*self.game.start(), editing.board),
                };
                let (ok, why) = super::solvability(&start, &goal);
                if ok {
                    self.info(why);
                } else {
                    self.error(why);
                }
            }
        }
    }

    /// What a finished job teaches: the optimal length from the start, a known solution for
    /// the hint, the demo, the table.
    fn finish(&mut self, job: &JobRequest, output: JobOutput) {
        let from_start = job.board == *self.game.start() && job.goal == *self.game.goal();
        let learn = |session: &mut Self, row: &CompareRow| {
            if let (true, Some(moves)) = (row.algorithm.optimal(), row.report.outcome.moves()) {
                if from_start {
                    session.optimal = Some(moves.len());
                }
                if job.goal == *session.game.goal() {
                    session.solution = Some(KnownSolution {
                        from: job.board,
                        moves: moves.to_vec(),
                    });
                }
            }
        };
        match job.kind {
            JobKind::Shuffle(distance) => {
                if let Some((board, d)) = output.shuffled {
                    self.game.set_start(board);
                    self.optimal = Some(d);
                    if d == distance {
                        self.info(phrase!("a board {d} moves from the goal", d = d));
                    } else {
                        self.info(phrase!(
                            "the nearest found to {distance} moves: a board {d} moves from the goal",
                            distance = distance,
                            d = d
                        ));
                    }
                }
            }
            JobKind::Hint => {
                if let Some(row) = output.rows.first() {
                    learn(self, row);
                    if row.report.outcome.moves().is_none() {
                        self.error(phrase!("no hint: {why}", why = row.report.outcome.phrase()));
                    }
                }
            }
            JobKind::Solve => {
                if let Some(row) = output.rows.into_iter().next() {
                    learn(self, &row);
                    let text = summary(&row.report);
                    match row.report.outcome.moves() {
                        Some(moves) => {
                            self.demo = Some(Demo::new(row.algorithm, job.board, moves.to_vec()));
                            self.info(phrase!(
                                "{algorithm}: {text}",
                                algorithm = Arg::Message(row.algorithm.title()),
                                text = text
                            ));
                        }
                        None => self.error(phrase!(
                            "{algorithm}: FAIL — {text}",
                            algorithm = Arg::Message(row.algorithm.title()),
                            text = text
                        )),
                    }
                    self.last = Some(row);
                }
            }
            JobKind::Compare => {
                for row in &output.rows {
                    learn(self, row);
                }
                self.compare = output.rows;
                self.info(phrase!("comparison done: see the table"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(start: &str) -> SlideSession {
        let game = SlideGame::new(Board::parse(start).unwrap(), Board::goal(3)).unwrap();
        SlideSession::new(game)
    }

    #[test]
    fn a_seeded_session_replays_its_later_boards() {
        let boards = |seed: u64| {
            let game = SlideGame::new(Board::goal(3), Board::goal(3)).unwrap();
            let mut s = SlideSession::seeded(game, seed);
            let mut seen = Vec::new();
            for command in [
                SlideCommand::Shuffle,
                SlideCommand::ToggleSize,
                SlideCommand::Shuffle,
                SlideCommand::ToggleSize,
            ] {
                s.apply(command);
                seen.push(s.game.start().to_string());
            }
            seen
        };
        assert_eq!(boards(7), boards(7));
        assert_ne!(boards(7), boards(8));
    }

    #[test]
    fn the_hint_follows_a_known_solution_while_the_player_does() {
        let mut s = session("1 2 3 4 5 6 0 7 8");
        s.solution = Some(KnownSolution {
            from: *s.game.board(),
            moves: vec![Move::Right, Move::Right],
        });
        assert_eq!(s.hint(), Some(Move::Right));
        assert_eq!(s.hint_cell(), Some(7));
        s.apply(SlideCommand::MoveBlank(Move::Right));
        assert_eq!(s.hint(), Some(Move::Right));
        s.apply(SlideCommand::MoveBlank(Move::Up));
        assert_eq!(s.hint(), None, "off the known path");
    }

    #[test]
    fn editing_swaps_picked_cells_and_keeps_the_board_on_done() {
        let mut s = session("1 2 3 4 5 6 7 8 0");
        s.apply(SlideCommand::Edit(EditTarget::Start));
        s.apply(SlideCommand::EditPick(0));
        s.apply(SlideCommand::EditPick(1));
        assert_eq!(s.shown().to_string(), "2 1 3 4 5 6 7 8 0");
        assert!(s.notice.as_ref().unwrap().error, "parity flags it at once");
        s.apply(SlideCommand::EditDone);
        assert_eq!(s.game.start().to_string(), "2 1 3 4 5 6 7 8 0");
        assert!(!s.game.solvability().0);
    }

    #[test]
    fn a_solve_is_wanted_then_teaches_the_optimal_length_and_plays_a_demo() {
        let mut s = session("1 2 3 4 5 6 0 7 8");
        s.apply(SlideCommand::Solve);
        let job = s.wanted_job().expect("a search is wanted").clone();
        assert_eq!(job.kind, JobKind::Solve);
        assert_eq!(job.algorithms, vec![Algorithm::AstarManhattan]);
        assert_eq!(
            s.confirm_command(),
            SlideCommand::Cancel,
            "Enter stops a search"
        );
        s.settle(None);
        assert!(s.wanted_job().is_none());
        assert_eq!(s.optimal(), Some(2));
        let demo = s.demo().expect("the solution plays");
        assert_eq!(demo.moves.len(), 2);
        assert_eq!(s.confirm_command(), SlideCommand::EndDemo);
        assert_eq!(s.hint(), Some(Move::Right), "the solution now gives hints");
        s.tick(10.0);
        assert!(s.demo().unwrap().finished());
        assert_eq!(s.shown().to_string(), "1 2 3 4 5 6 7 8 0");
        assert_eq!(
            s.game().moves(),
            0,
            "the demo moves no tile of the player's"
        );
    }

    #[test]
    fn an_answer_to_a_replaced_or_cancelled_request_is_dropped() {
        let mut s = session("1 2 3 4 5 6 0 7 8");
        s.apply(SlideCommand::Solve);
        let first = s.wanted_job().unwrap().clone();
        let answer = run_job(&first, None, None, None);
        s.apply(SlideCommand::Compare);
        assert!(!s.accept_job(first.id, answer.clone()), "replaced");
        s.apply(SlideCommand::Cancel);
        assert!(s.wanted_job().is_none());
        assert_eq!(s.notice().unwrap().text.english(), "search stopped");
        let second = first.id + 1;
        assert!(!s.accept_job(second, answer), "cancelled");
        assert!(s.demo().is_none());
    }

    #[test]
    fn an_unsolvable_pair_asks_for_no_search_and_says_why() {
        let mut s = session("2 1 3 4 5 6 7 8 0");
        s.apply(SlideCommand::Solve);
        assert!(s.wanted_job().is_none());
        assert!(s.notice().unwrap().error);
        s.apply(SlideCommand::ToggleHint);
        assert!(s.wanted_job().is_none());
        assert!(s.notice().unwrap().text.english().contains("parity"));
    }

    #[test]
    fn compare_fills_the_table_with_every_practical_solver() {
        let mut s = session("1 2 3 4 0 6 7 5 8");
        s.apply(SlideCommand::Compare);
        s.settle(None);
        let names: Vec<_> = s.compare().iter().map(|r| r.algorithm).collect();
        let practical: Vec<_> = Algorithm::ALL
            .into_iter()
            .filter(|a| a.practical(3))
            .collect();
        assert_eq!(names, practical);
        assert_eq!(s.optimal(), Some(2));
    }

    #[test]
    fn the_depth_limit_and_demo_speed_stay_in_range() {
        let mut s = session("1 2 3 4 5 6 7 8 0");
        s.apply(SlideCommand::SetDepthLimit(0));
        assert_eq!(s.depth_limit(), MIN_DEPTH_LIMIT);
        s.apply(SlideCommand::SetDepthLimit(1000));
        assert_eq!(s.depth_limit(), MAX_DEPTH_LIMIT);
        s.apply(SlideCommand::SetSpeed(1000.0));
        assert_eq!(s.demo_speed(), MAX_DEMO_SPEED);
        s.apply(SlideCommand::SetSpeed(0.0));
        assert_eq!(s.demo_speed(), MIN_DEMO_SPEED);
    }

    #[test]
    fn the_editor_cursor_stays_on_the_board() {
        use crate::core::grid::Dir;
        let mut s = session("1 2 3 4 5 6 7 8 0");
        assert_eq!(s.edit_cursor_after(Dir::Up), None, "not editing");
        s.apply(SlideCommand::Edit(EditTarget::Goal));
        assert_eq!(s.editing().unwrap().cursor, 8);
        assert_eq!(s.edit_cursor_after(Dir::Right), None);
        assert_eq!(s.edit_cursor_after(Dir::Down), None);
        assert_eq!(s.edit_cursor_after(Dir::Up), Some(5));
        assert_eq!(s.edit_cursor_after(Dir::Left), Some(7));
    }

    #[test]
    fn a_win_by_hand_celebrates_and_names_the_optimal_length() {
        let mut s = session("1 2 3 4 5 6 7 0 8");
        s.apply(SlideCommand::Solve);
        s.settle(None);
        s.apply(SlideCommand::EndDemo);
        s.apply(SlideCommand::MoveBlank(Move::Right));
        assert!(s.game().won());
        assert!(s.celebrate() > 0.0);
        assert_eq!(
            s.notice().unwrap().text.english(),
            "Solved in 1 moves (optimal: 1)!"
        );
        s.tick(3.0);
        assert_eq!(s.celebrate(), 0.0);
    }
}
