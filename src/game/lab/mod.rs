//! The Lab screen: choose a task and a case, give your own program (on the desktop the command
//! line that runs it; in the browser its JavaScript or Python text), run it. The program runs
//! off the frame's thread ([`run::Job`]: a process on the desktop, a Web Worker in the
//! browser): the frame never waits for it, and leaving the screen kills it (with all its
//! children on the desktop). Its accepted expansions light up
//! the board as they come; when it ends, its film plays on the board with its own OPEN list
//! and CLOSED set — step, step back, pause, speed — and stops on the first violation, with
//! the sentence and the state that should have been taken marked.

mod run;
mod ui;

use bevy::prelude::*;

use super::AppSystems;
use super::input::{Action, Actions};
use super::learn::PlayerAsk;
use super::settings::SettingsStore;
use super::sprites::Sprites;
use super::state::AppState;
use super::theme::palette;
use super::view::{BoardLayout, CELL, Framing};
use crate::core::grid::Pos;
use crate::core::lab::film::IdaView;
use crate::core::lab::film::Reel;
use crate::core::lab::mines::Action as Move;
use crate::core::lab::referee::News;
use crate::core::lab::report::CaseReport;
use crate::core::lab::space::{Space, State};
use crate::core::lab::task::{Case, Task, tasks};
use crate::core::lab::tree::search_tree;
use crate::core::learn::Pace;
use crate::core::text::{Lang, Phrase};
use crate::core::worker::Language;
use crate::game::slide::{TREE_NODES, TreeView};
use crate::phrase;
use run::Job;

pub(super) use ui::ui_plugin;

/// What the Lab screen holds: the tasks, the choice, the program, the run and its film.
#[derive(Resource)]
pub struct Lab {
    tasks: Vec<Task>,
    task: usize,
    /// The case, from 1.
    case: usize,
    /// The program's command line (kept in the settings).
    pub program: String,
    /// Speak plain tokens (C, C++, Java) instead of JSON lines.
    pub plain: bool,
    /// An oracle session: ai-arcade answers each expansion with its successors (the C++ and
    /// Java starters' helpers ask for them).
    pub oracle: bool,
    /// The browser's program: its text and its language (kept in the settings).
    pub code: String,
    pub language: Language,
    /// The desktop's file chooser, when open: the folder shown and its entries.
    browsing: Option<Folder>,
    /// Where the desktop's starters are written (the data folder's `lab`).
    pub starter_root: std::path::PathBuf,
    /// Runs started on this screen (the browser test counts them).
    runs: u64,
    /// The task the panels last drew (a new one is scrolled into sight).
    shown_task: Option<usize>,
    /// The browser: what a file being chosen is for (it arrives a few frames later).
    #[cfg(target_arch = "wasm32")]
    choosing: Option<Language>,
    built: Option<Case>,
    job: Option<Job>,
    /// The expansions heard so far from the running program, and the same as a set.
    live: Vec<State>,
    live_closed: std::collections::HashSet<State>,
    /// A Minesweeper agent's moves (heard as it plays; its film).
    moves: Vec<Move>,
    report: Option<CaseReport>,
    reel: Option<Reel>,
    /// The reference's film on the same case, played beside yours in a race.
    reference: Option<Reel>,
    /// Race: the reference's board beside yours.
    pub race: bool,
    /// The step shown (of the longer film in a race).
    step: usize,
    /// Mines: the robot's exact mine probabilities over the agent's field.
    pub odds: bool,
    /// The probabilities worked out for the step shown (the step, the analysis).
    odds_cache: Option<(usize, crate::core::mines::robot::Analysis)>,
    pace: Pace,
    /// A puzzle's search tree, as your run stands at the step shown.
    tree: TreeView,
    /// IDA*'s branch at the step shown, and the run and step it was worked out for.
    ida: Option<((u64, usize), Option<IdaView>)>,
    /// The name of the task a teacher's lab file brought, if one did.
    file_task: Option<String>,
    notice: Option<Phrase>,
    /// Changes whenever the board's picture may change.
    revision: u64,
}

/// The most news read in one frame (a fast program's flood waits for the next frames).
const NEWS_PER_FRAME: usize = 20_000;

impl Lab {
    /// The Lab on the task called `task_name` (the first when there is none), or on `file`, a
    /// teacher's lab file listed before the built-in tasks.
    fn new(
        task_name: &str,
        file: Option<Task>,
        program: String,
        code: String,
        language: Language,
    ) -> Lab {
        let tasks = tasks();
        let task = tasks.iter().position(|t| t.name == task_name).unwrap_or(0);
        let mut lab = Lab {
            tasks,
            task,
            case: 1,
            program,
            plain: false,
            oracle: false,
            code,
            language,
            shown_task: None,
            browsing: None,
            runs: 0,
            starter_root: crate::store::data_dir().join("lab"),
            #[cfg(target_arch = "wasm32")]
            choosing: None,
            built: None,
            job: None,
            live: Vec::new(),
            live_closed: std::collections::HashSet::new(),
            moves: Vec::new(),
            report: None,
            reel: None,
            reference: None,
            race: false,
            step: 0,
            odds: false,
            odds_cache: None,
            pace: Pace::default(),
            notice: None,
            revision: 0,
            tree: TreeView::default(),
            ida: None,
            file_task: None,
        };
        match file {
            Some(file) => lab.add_lab_file(file),
            None => lab.choose(task, 1),
        }
        lab
    }

    /// Every task.
    pub fn tasks(&self) -> &[Task] {
        &self.tasks
    }

    /// Whether the task was chosen since the panels were last drawn (its entry is scrolled
    /// into sight once).
    pub fn task_changed(&self) -> bool {
        self.shown_task != Some(self.task)
    }

    /// The desktop's file chooser, when open.
    pub fn browsing(&self) -> Option<&Folder> {
        self.browsing.as_ref()
    }

    /// Opens the file chooser on `dir` (the folder the game started in at first), or closes it.
    fn browse(&mut self, dir: Option<std::path::PathBuf>) {
        self.browsing = dir.map(|dir| Folder::read(&dir));
    }

    /// A file chosen: the program becomes the command that runs it; a `.json` file is a
    /// teacher's lab file, and becomes the task.
    fn pick(&mut self, path: &std::path::Path) {
        if is_lab_file(path) {
            // a teacher's lab file: its task, listed first
            match read_lab_file(path) {
                Ok(task) => {
                    self.add_lab_file(task);
                    self.browsing = None;
                    self.notice = None;
                }
                Err(why) => self.notice = Some(why),
            }
            return;
        }
        match command_for(path) {
            Some(command) => {
                self.program = command;
                self.browsing = None;
                self.notice = None;
            }
            None => {
                self.notice = Some(phrase!(
                    "{file} is not a program the Lab knows how to run: choose a .py or .js file or an executable",
                    file = path.display().to_string()
                ));
            }
        }
    }

    /// A teacher's lab file becomes the chosen task, first in the list (in place of a task
    /// of the same name).
    fn add_lab_file(&mut self, task: Task) {
        self.tasks.retain(|t| t.name != task.name);
        self.file_task = Some(task.name.clone());
        self.tasks.insert(0, task);
        self.choose(0, 1);
    }

    /// True when the chosen task is a teacher's lab file's, not a built-in one.
    pub fn from_file(&self) -> bool {
        self.file_task.as_ref() == Some(&self.task().name)
    }

    /// How many runs were started on this screen.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// The panels have drawn the chosen task.
    pub fn task_shown(&mut self) {
        self.shown_task = Some(self.task);
    }

    /// The chosen task.
    pub fn task(&self) -> &Task {
        &self.tasks[self.task]
    }

    /// The chosen case's number (from 1).
    pub fn case_number(&self) -> usize {
        self.case
    }

    /// The chosen case, built.
    pub fn case(&self) -> Option<&Case> {
        self.built.as_ref()
    }

    /// True while the program runs.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The expansions heard from the running program.
    pub fn live(&self) -> &[State] {
        &self.live
    }

    /// The last run's report.
    pub fn report(&self) -> Option<&CaseReport> {
        self.report.as_ref()
    }

    /// An agent's moves: as far as they are shown (all of them while it plays), and the last
    /// one shown.
    pub fn moves_shown(&self) -> (&[Move], Option<Move>) {
        let n = if self.running() {
            self.moves.len()
        } else {
            self.step.min(self.moves.len())
        };
        (&self.moves[..n], n.checked_sub(1).map(|i| self.moves[i]))
    }

    /// A Minesweeper case's field after the moves shown (replayed from its seed), with the
    /// agent's next move from there (once it has finished playing).
    pub fn field(&self) -> Option<(crate::core::mines::View, Option<Move>)> {
        let Space::Mines(field) = &self.case()?.space else {
            return None;
        };
        let mut game = crate::core::lab::mines::AgentJudge::new(field.config, field.seed).ok()?;
        let (moves, _) = self.moves_shown();
        for &action in moves {
            // the moves were judged as they were made: an illegal last one changes nothing
            let _ = game.act(action);
        }
        let next = if self.running() {
            None
        } else {
            self.moves.get(moves.len()).copied()
        };
        Some((game.view(), next))
    }

    /// The robot's analysis of the field shown, when its probabilities are asked for.
    pub fn odds(&self) -> Option<&crate::core::mines::robot::Analysis> {
        let shown = self.moves_shown().0.len();
        self.odds_cache
            .as_ref()
            .filter(|(at, _)| self.odds && *at == shown)
            .map(|(_, analysis)| analysis)
    }

    /// Works the probabilities out for the field shown (once a step).
    fn refresh_odds(&mut self) {
        if !self.odds {
            return;
        }
        let shown = self.moves_shown().0.len();
        if self.odds_cache.as_ref().is_some_and(|(at, _)| *at == shown) {
            return;
        }
        if let Some((view, _)) = self.field() {
            let analysis = crate::core::mines::robot::probabilities(
                &view,
                crate::core::mines::robot::DEFAULT_BUDGET,
            );
            self.odds_cache = Some((shown, analysis));
        }
    }

    /// The last run's film, where it stands.
    pub fn reel(&self) -> Option<&Reel> {
        self.reel.as_ref()
    }

    /// A puzzle's search tree as your run stands at the step shown (rebuilt when the run or
    /// the step changed); `None` for the other boards, and before a run.
    pub fn tree(&mut self) -> Option<&mut TreeView> {
        let reel = self.reel.as_ref()?;
        let case = self.built.as_ref()?;
        let key = (self.runs, reel.shown());
        if !self.tree.built_for(key) {
            let tree = search_tree(&case.space, reel.film(), reel.shown(), TREE_NODES)?;
            self.tree.load(key, tree);
        }
        Some(&mut self.tree)
    }

    /// Works out IDA*'s branch for the step shown, when the run or the step changed.
    pub fn refresh_ida(&mut self) {
        let (Some(reel), Some(case)) = (&self.reel, &self.built) else {
            self.ida = None;
            return;
        };
        let key = (self.runs, reel.shown());
        if self.ida.as_ref().is_none_or(|(k, _)| *k != key) {
            self.ida = Some((key, reel.ida_view(&case.space)));
        }
    }

    /// IDA*'s branch and what it may still search at the step shown (as of the last
    /// [`Lab::refresh_ida`]); `None` for the other searches.
    pub fn ida_view(&self) -> Option<&IdaView> {
        let (key, view) = self.ida.as_ref()?;
        let now = (self.runs, self.reel.as_ref()?.shown());
        (*key == now).then_some(view.as_ref()).flatten()
    }

    /// The reference's film, where it stands (in step with yours).
    pub fn reference(&self) -> Option<&Reel> {
        self.reference.as_ref()
    }

    /// Playing the film: on or off, and its speed.
    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// What the screen says about the last thing asked (a refusal, a saved report).
    pub fn notice(&self) -> Option<&Phrase> {
        self.notice.as_ref()
    }

    /// The board's revision (changes with anything drawn).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Chooses task `task` (an index) and case `case` (from 1; kept within the task's).
    fn choose(&mut self, task: usize, case: usize) {
        self.stop();
        self.task = task.min(self.tasks.len() - 1);
        let cases = self.task().cases().max(1);
        self.case = case.clamp(1, cases);
        self.built = match self.task().case(self.case) {
            Ok(case) => Some(case),
            Err(why) => {
                self.notice = Some(why);
                None
            }
        };
        self.forget_run();
    }

    /// The last run goes: its report, films, marks and moves.
    fn forget_run(&mut self) {
        self.report = None;
        self.reel = None;
        self.reference = None;
        self.step = 0;
        self.odds_cache = None;
        self.live.clear();
        self.live_closed.clear();
        self.moves.clear();
        self.revision += 1;
    }

    /// Starts the program on the chosen case.
    fn run(&mut self) {
        self.stop();
        let Some(case) = self.built.clone() else {
            return;
        };
        let started = self.start(case);
        self.begin(started);
    }

    /// A run started (or why not): the last run's report, film and marks go.
    fn begin(&mut self, started: Result<Job, Phrase>) {
        match started {
            Ok(job) => {
                self.job = Some(job);
                self.runs += 1;
            }
            Err(why) => {
                self.notice = Some(why);
                return;
            }
        }
        self.forget_run();
        self.notice = None;
        self.pace.stop();
    }

    /// The desktop: the command line, run from the folder the game started in.
    #[cfg(not(target_arch = "wasm32"))]
    fn start(&self, case: Case) -> Result<Job, Phrase> {
        use crate::core::lab::message::Encoding;
        use crate::host::lab::{Program, Settings};
        let argv = split_command(&self.program);
        if argv.is_empty() {
            return Err(phrase!(
                "type the command that runs your program first, e.g. python3 bfs.py"
            ));
        }
        let dir = std::env::current_dir().unwrap_or_else(|_| std::env::temp_dir());
        let settings = Settings {
            limits: crate::core::lab::task::Limits::default(),
            session: self.session(),
            encoding: if self.plain {
                Encoding::Plain
            } else {
                Encoding::Json
            },
            isolate: false,
        };
        let program = Program { argv, dir };
        if let Some(why) = crate::host::lab::cannot_start(&program) {
            return Err(why);
        }
        Ok(Job::start(case, program, settings))
    }

    /// The browser: the program's text, run in the Lab's worker.
    #[cfg(target_arch = "wasm32")]
    fn start(&self, case: Case) -> Result<Job, Phrase> {
        self.start_with(case, self.language, self.code.clone())
    }

    /// The browser: `code` in `language` (or a trace's lines) on `case`.
    #[cfg(target_arch = "wasm32")]
    fn start_with(&self, case: Case, language: Language, code: String) -> Result<Job, Phrase> {
        use crate::core::worker::{LabRequest, LabTask};
        if code.trim().is_empty() {
            return Err(phrase!(
                "write your program first: take the starter, or open a file"
            ));
        }
        let request = LabRequest {
            task: LabTask::Builtin(self.task().name.clone()),
            case: self.case,
            language,
            code,
            encoding: crate::core::lab::message::Encoding::Json,
        };
        Ok(Job::start(case, request))
    }

    /// Whether the browser is loading Python before the program starts.
    pub fn loading(&self) -> bool {
        #[cfg(target_arch = "wasm32")]
        return self.job.as_ref().is_some_and(Job::loading);
        #[cfg(not(target_arch = "wasm32"))]
        false
    }

    /// The browser: opens the file chooser for a program (`JavaScript` or `Python` by its
    /// name) or a recorded trace (`Trace`).
    #[cfg(target_arch = "wasm32")]
    fn choose_file(&mut self, purpose: Language) {
        let accept = match purpose {
            Language::Trace => ".txt,.jsonl,.json,.log,text/plain", // not shown: file types
            _ => ".js,.mjs,.cjs,.py,text/plain",                    // not shown: file types
        };
        self.choosing = Some(purpose);
        crate::game::web::choose_file(accept);
    }

    /// The browser: a chosen file, once read — a program goes to the editor, a trace is checked.
    #[cfg(target_arch = "wasm32")]
    fn take_file(&mut self) {
        let Some(purpose) = self.choosing else {
            return;
        };
        let Some((name, bytes)) = crate::game::web::take_chosen_file() else {
            return;
        };
        self.choosing = None;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if purpose == Language::Trace {
            self.stop();
            let Some(case) = self.built.clone() else {
                return;
            };
            let started = self.start_with(case, Language::Trace, text);
            let ok = started.is_ok();
            self.begin(started);
            if ok {
                self.notice = Some(phrase!("checking the trace {name}", name = name));
            }
            return;
        }
        let python = name.to_lowercase().ends_with(".py"); // not shown
        self.language = if python {
            Language::Python
        } else {
            Language::JavaScript
        };
        self.code = text;
        self.notice = Some(phrase!("opened {name}", name = name));
    }

    /// The starter of the chosen task: in the browser, into the editor (in its language); on
    /// the desktop, a folder with the Python starter and its helper, and the command that runs
    /// it.
    fn starter(&mut self) {
        use crate::core::lab::starter::{StarterLang, starter};
        #[cfg(target_arch = "wasm32")]
        {
            let lang = match self.language {
                Language::Python => StarterLang::Python,
                _ => StarterLang::Js,
            };
            if let Some((_, main)) = starter(lang, self.task()).into_iter().nth(1) {
                self.code = main;
                self.notice = Some(phrase!(
                    "the starter is in the editor: write your search where it says so, then Run"
                ));
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let task = self.task().name.clone();
            let dir = self.starter_root.join(format!("{task}-python")); // not shown: a folder name
            let files = starter(StarterLang::Python, self.task());
            let written = std::fs::create_dir_all(&dir)
                .map_err(|e| e.to_string())
                .and_then(|()| {
                    for (name, text) in &files {
                        let path = dir.join(name);
                        // never over what the student wrote
                        if !path.exists() {
                            crate::store::write_atomically(&path, text).map_err(|e| e.english())?;
                        }
                    }
                    Ok(())
                });
            self.notice = Some(match written {
                Ok(()) => {
                    let main = dir.join("main.py");
                    self.program = format!("{} \"{}\"", crate::core::lab::PYTHON, main.display()); // not shown: a command line
                    phrase!(
                        "the Python starter is in {dir}: write your search in main.py, then Run",
                        dir = dir.display().to_string()
                    )
                }
                Err(why) => phrase!("the starter could not be written: {why}", why = why),
            });
        }
    }

    /// Stops a running program (its process group is killed).
    fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
        }
    }

    /// Reads the running program's news: expansions light up, the end brings the report and
    /// the film, which starts playing from its first step.
    fn hear(&mut self) {
        #[cfg(target_arch = "wasm32")]
        self.take_file();
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let news = job.news(NEWS_PER_FRAME);
        if news.is_empty() {
            return;
        }
        for item in news {
            match item {
                News::Expanded(states) => {
                    self.live_closed.extend(states.iter().copied());
                    self.live.extend(states);
                }
                News::Played(actions) => self.moves.extend(actions),
                News::Done(report, films) => {
                    self.report = Some(*report);
                    let (yours, reference) = films.map(|f| (f.yours, f.reference)).unzip();
                    self.reel = yours.map(Reel::new);
                    self.reference = reference.map(Reel::new);
                    self.step = 0;
                    self.job = None;
                    self.pace.set_speed(self.default_speed());
                    if !self.pace.playing() {
                        self.pace.toggle();
                    }
                }
            }
        }
        self.revision += 1;
    }

    /// A film plays in about ten seconds, between 2 and 30 steps a second.
    fn default_speed(&self) -> f32 {
        let steps = self.total() as f32;
        (steps / 10.0).clamp(2.0, 30.0)
    }

    /// How many steps the screen plays: your run's (an agent's moves), or in a race the longer
    /// of the two.
    pub fn total(&self) -> usize {
        let yours = self.reel.as_ref().map_or(self.moves.len(), Reel::len);
        match (&self.reference, self.race) {
            (Some(reference), true) => yours.max(reference.len()),
            _ => yours,
        }
    }

    /// The step shown (expansions shown of the longer film).
    pub fn step(&self) -> usize {
        self.step
    }

    /// Shows step `n` (at most the last): both films stand there, each as far as it goes.
    fn show(&mut self, n: usize) {
        self.step = n.min(self.total());
        let step = self.step;
        if let Some(reel) = &mut self.reel {
            reel.go_to(step);
        }
        if let Some(reference) = &mut self.reference {
            reference.go_to(step);
        }
        self.revision += 1;
    }

    /// True when there is a finished run to play (a search's film, an agent's moves).
    fn playable(&self) -> bool {
        self.job.is_none() && (self.reel.is_some() || !self.moves.is_empty())
    }

    fn ask(&mut self, ask: PlayerAsk) {
        if !self.playable() {
            return;
        }
        match ask {
            PlayerAsk::Back => {
                self.pace.stop();
                self.show(self.step.saturating_sub(1));
            }
            PlayerAsk::Forward => {
                self.pace.stop();
                self.show(self.step + 1);
            }
            PlayerAsk::TogglePlay => {
                if self.step >= self.total() && !self.pace.playing() {
                    self.show(0);
                }
                self.pace.toggle();
            }
            PlayerAsk::SetSpeed(speed) => self.pace.set_speed(speed),
        }
        self.revision += 1;
    }

    /// Plays the films: the steps due after `seconds`; it stops at the end.
    fn tick(&mut self, seconds: f32) {
        if !self.playable() {
            return;
        }
        self.pace.wait(seconds);
        // at most a frame's worth of steps (a slow frame does not skip the film ahead)
        for _ in 0..4 {
            if !self.pace.due() {
                break;
            }
            if self.step >= self.total() {
                self.pace.stop();
                break;
            }
            self.show(self.step + 1);
            if self.step >= self.total() {
                self.pace.stop();
                break;
            }
        }
    }

    /// The mark of a state on the board now: the film's step when there is a film, else what
    /// the running program expanded so far.
    pub fn mark(&self, s: State) -> Mark {
        if let Some(reel) = &self.reel {
            return mark_on(reel, s);
        }
        // the live run: the newest expansion, and every one heard before it closed
        if self.live.last() == Some(&s) {
            return Mark::Current;
        }
        if self.live_closed.contains(&s) {
            return Mark::Closed;
        }
        Mark::Unseen
    }

    /// The mark of a state on the reference's board (in a race).
    pub fn reference_mark(&self, s: State) -> Mark {
        self.reference
            .as_ref()
            .map_or(Mark::Unseen, |reel| mark_on(reel, s))
    }

    /// True when the reference's board is shown beside yours.
    pub fn racing(&self) -> bool {
        self.race && self.reference.is_some()
    }
}

/// The mark of `s` in a film at its step.
fn mark_on(reel: &Reel, s: State) -> Mark {
    if let Some(v) = reel.violation()
        && v.expected == Some(s)
    {
        return Mark::Expected;
    }
    if reel.current().is_some_and(|f| f.taken.state == s) {
        return Mark::Current;
    }
    if reel.is_closed(s) {
        return Mark::Closed;
    }
    if reel.is_open(s) {
        return Mark::Open;
    }
    Mark::Unseen
}

/// How a cell of the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Unseen,
    Open,
    Closed,
    /// The state expanded at the step shown.
    Current,
    /// The state that should have been taken at the violation.
    Expected,
}

/// A command line split into words: spaces separate, double or single quotes keep spaces in a
/// word, a backslash keeps the next character.
pub fn split_command(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', _) => {
                if let Some(next) = chars.next() {
                    word.push(next);
                }
                in_word = true;
            }
            ('"' | '\'', None) => {
                quote = Some(c);
                in_word = true;
            }
            (c, Some(q)) if c == q => quote = None,
            (c, None) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (c, _) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// What the player asks of the Lab (keys, gamepad, the panel's buttons).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum LabCommand {
    /// The task before or after (−1, +1) in the list.
    Task(i32),
    /// Choose the task at this index.
    ChooseTask(usize),
    /// The case before or after.
    Case(i32),
    Run,
    Stop,
    Player(PlayerAsk),
    GoTo(usize),
    /// Save the last report into the data folder.
    SaveReport,
    /// The reference's board beside yours, or not.
    Race,
    /// Mines: the robot's probabilities over the field, or not.
    Odds,
    /// The chosen task's starter (the browser: into the editor; the desktop: a folder).
    Starter,
    /// The desktop's file chooser: show this folder (`None` closes it).
    Browse(Option<std::path::PathBuf>),
    /// The desktop's file chooser: this file is the program (its command is made from its kind).
    Pick(std::path::PathBuf),
    /// The browser: open a program file into the editor.
    OpenFile,
    /// The browser: check a recorded trace file.
    CheckTrace,
}

/// One cell of a maze board.
#[derive(Component, Debug, Clone, Copy)]
pub struct LabCell {
    pub state: State,
    pub wall: bool,
    pub mark: Mark,
    /// On the reference's board (in a race), else on yours.
    pub reference: bool,
}

/// The board's cells and what they were last painted for.
#[derive(Resource, Debug, Default)]
struct LabBoard {
    /// The task and case the cells were spawned for, and whether the race's second board too.
    made_for: Option<(usize, usize, bool)>,
    painted: Option<u64>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LabCommand>()
        .init_resource::<LabBoard>()
        .add_systems(OnEnter(AppState::Lab), enter)
        .add_systems(OnExit(AppState::Lab), leave)
        .add_systems(
            Update,
            (
                read_actions.in_set(AppSystems::RecordInput),
                (apply_commands, hear, play)
                    .chain()
                    .in_set(AppSystems::Update),
                (spawn_cells, paint_cells)
                    .chain()
                    .in_set(AppSystems::Present),
            )
                .run_if(in_state(AppState::Lab)),
        );
}

/// The first time: the task and program from the command line, else the settings'.
fn enter(
    mut commands: Commands,
    store: Res<SettingsStore>,
    launch: Res<super::Launch>,
    lab: Option<Res<Lab>>,
) {
    if lab.is_none() {
        let task = launch.lab_task.as_ref().unwrap_or(&store.saved.lab_task);
        let program = launch
            .lab_program
            .clone()
            .unwrap_or_else(|| store.saved.lab_program.clone());
        let language = Language::from_name(&store.saved.lab_language);
        let mut lab = Lab::new(
            task,
            launch.lab_file.clone(),
            program,
            store.saved.lab_code.clone(),
            language,
        );
        lab.plain = store.saved.lab_plain;
        lab.oracle = store.saved.lab_oracle;
        commands.insert_resource(lab);
    }
}

/// Leaving the screen stops the program (and kills its children).
fn leave(mut lab: ResMut<Lab>, mut framing: ResMut<Framing>, mut board: ResMut<LabBoard>) {
    lab.stop();
    lab.pace.stop();
    *framing = Framing::default();
    *board = LabBoard::default();
}

fn read_actions(actions: Res<Actions>, mut out: MessageWriter<LabCommand>) {
    let pairs = [
        (Action::Up, LabCommand::Task(-1)),
        (Action::Down, LabCommand::Task(1)),
        (Action::Left, LabCommand::Case(-1)),
        (Action::Right, LabCommand::Case(1)),
        (Action::Confirm, LabCommand::Run),
        (Action::Pause, LabCommand::Player(PlayerAsk::TogglePlay)),
        (Action::StepForward, LabCommand::Player(PlayerAsk::Forward)),
        (Action::StepBack, LabCommand::Player(PlayerAsk::Back)),
        (Action::Replay, LabCommand::Race),
        (Action::Hint, LabCommand::Odds),
    ];
    for (action, command) in pairs {
        if actions.fired(action) {
            out.write(command);
        }
    }
    if actions.fired(Action::Faster) {
        out.write(LabCommand::Player(PlayerAsk::SetSpeed(f32::NAN)));
    }
    if actions.fired(Action::Slower) {
        out.write(LabCommand::Player(PlayerAsk::SetSpeed(-f32::NAN)));
    }
}

fn apply_commands(
    mut commands: MessageReader<LabCommand>,
    mut lab: ResMut<Lab>,
    mut store: ResMut<SettingsStore>,
    look: Res<super::settings::UiLook>,
) {
    for command in commands.read() {
        match command {
            LabCommand::Task(step) => {
                let n = lab.tasks.len() as i32;
                let task = (lab.task as i32 + step).rem_euclid(n) as usize;
                lab.choose(task, 1);
            }
            LabCommand::ChooseTask(task) => lab.choose(*task, 1),
            LabCommand::Case(step) => {
                let n = lab.task().cases().max(1) as i32;
                let case = (lab.case as i32 - 1 + step).rem_euclid(n) as usize + 1;
                let task = lab.task;
                lab.choose(task, case);
            }
            LabCommand::Run => lab.run(),
            LabCommand::Stop => {
                lab.stop();
                lab.revision += 1;
            }
            LabCommand::Player(PlayerAsk::SetSpeed(s)) if s.is_nan() => {
                // the keys: a step faster or slower (the sign of the NaN says which)
                let now = lab.pace.speed();
                let speed = if s.is_sign_positive() {
                    now * 1.5
                } else {
                    now / 1.5
                };
                lab.ask(PlayerAsk::SetSpeed(speed));
            }
            LabCommand::Player(ask) => lab.ask(*ask),
            LabCommand::GoTo(n) => {
                lab.pace.stop();
                lab.show(*n);
            }
            LabCommand::Race => {
                lab.race = !lab.race;
                // the race's end may be past yours; back to yours when it goes
                let step = lab.step;
                lab.show(step);
            }
            LabCommand::SaveReport => lab.save_report(look.lang),
            LabCommand::Odds => {
                lab.odds = !lab.odds;
                lab.revision += 1;
            }
            LabCommand::Starter => lab.starter(),
            LabCommand::Browse(dir) => lab.browse(dir.clone()),
            LabCommand::Pick(path) => lab.pick(path),
            #[cfg(target_arch = "wasm32")]
            LabCommand::OpenFile => lab.choose_file(Language::JavaScript),
            #[cfg(target_arch = "wasm32")]
            LabCommand::CheckTrace => lab.choose_file(Language::Trace),
            #[cfg(not(target_arch = "wasm32"))]
            LabCommand::OpenFile | LabCommand::CheckTrace => {}
        }
    }
    // the choice, the command line and its two boxes are kept for next time
    // (a teacher's lab file is the command line's: the settings keep the built-in task)
    let task = if lab.from_file() {
        store.saved.lab_task.clone()
    } else {
        lab.task().name.clone()
    };
    let language = lab.language.name();
    if store.saved.lab_task != task
        || store.saved.lab_program != lab.program
        || store.saved.lab_plain != lab.plain
        || store.saved.lab_oracle != lab.oracle
        || store.saved.lab_code != lab.code
        || store.saved.lab_language != language
    {
        store.saved.lab_task = task;
        store.saved.lab_program.clone_from(&lab.program);
        store.saved.lab_plain = lab.plain;
        store.saved.lab_oracle = lab.oracle;
        store.saved.lab_code.clone_from(&lab.code);
        store.saved.lab_language = language.to_string();
    }
}

fn hear(mut lab: ResMut<Lab>) {
    lab.hear();
}

fn play(time: Res<Time>, mut lab: ResMut<Lab>) {
    lab.tick(time.delta_secs());
    lab.refresh_odds();
}

impl Lab {
    /// The session a search runs in: oracle when its box is ticked (the desktop's), else trace.
    fn session(&self) -> crate::core::lab::message::Session {
        use crate::core::lab::message::Session;
        if self.oracle && !cfg!(target_arch = "wasm32") {
            Session::Oracle
        } else {
            Session::Trace
        }
    }

    /// The last run's report as `lab run` writes it (one case).
    pub fn full_report(&self) -> Option<crate::core::lab::report::Report> {
        use crate::core::lab::report::{Report, task_hash};
        let report = self.report.as_ref()?;
        let task = self.task();
        Some(Report {
            task: task.name.clone(),
            search: task.search.name().to_string(),
            program: if cfg!(target_arch = "wasm32") {
                format!("{} in the browser", self.language.name()) // in English: the report's field
            } else {
                self.program.clone()
            },
            session: task
                .search
                .session()
                .unwrap_or(self.session())
                .name()
                .to_string(),
            encoding: (if self.plain && !cfg!(target_arch = "wasm32") {
                "plain" // not shown
            } else {
                "json" // not shown
            })
            .to_string(),
            #[cfg(not(target_arch = "wasm32"))]
            isolation: crate::host::lab::NO_ISOLATION.to_string(),
            #[cfg(target_arch = "wasm32")]
            isolation: crate::msg!("none needed: the browser's Web Worker").to_string(),
            limits: crate::core::lab::task::Limits::default(),
            cases: vec![report.clone()],
            code_hash: None,
            task_hash: task_hash(task),
            version: env!("CARGO_PKG_VERSION").to_string(), // not shown
        })
    }

    /// Writes the last report (Markdown for the student, JSON) into the data folder's `lab`
    /// folder.
    fn save_report(&mut self, lang: Lang) {
        let Some(full) = self.full_report() else {
            return;
        };
        let task = self.task();
        let stem = format!("{}-case-{}", task.name, self.case); // not shown: a file name
        let json_text = serde_json::to_string_pretty(&full.to_json()).unwrap_or_default();
        #[cfg(target_arch = "wasm32")]
        {
            // the browser's downloads: the student's Markdown, then the teacher's JSON
            let (md, json) = (format!("{stem}.md"), format!("{stem}.json")); // not shown: file names
            let saved = crate::game::web::download(&md, &full.markdown("", lang))
                .and_then(|()| crate::game::web::download(&json, &json_text));
            self.notice = Some(match saved {
                Ok(()) => phrase!("report saved: {path}", path = md),
                Err(why) => phrase!("the report could not be saved: {why}", why = why),
            });
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let dir = crate::store::data_dir().join("lab");
            let (md, json) = (
                dir.join(format!("{stem}.md")),
                dir.join(format!("{stem}.json")),
            );
            let _ = std::fs::create_dir_all(&dir);
            let saved = crate::store::write_atomically(&md, full.markdown("", lang))
                .and_then(|()| crate::store::write_atomically(&json, json_text));
            self.notice = Some(match saved {
                Ok(()) => phrase!("report saved: {path}", path = md.display().to_string()),
                Err(why) => why,
            });
        }
    }
}

/// A folder in the desktop's file chooser: its path, its subfolders and files (by name, hidden
/// ones left out), and why it could not be read.
#[derive(Clone, Debug, Default)]
pub struct Folder {
    pub path: std::path::PathBuf,
    pub folders: Vec<String>,
    pub files: Vec<String>,
    pub error: Option<String>,
}

impl Folder {
    fn read(path: &std::path::Path) -> Folder {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let mut folder = Folder {
            path: path.clone(),
            ..Folder::default()
        };
        match std::fs::read_dir(&path) {
            Ok(entries) => {
                for entry in entries.flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    if entry.path().is_dir() {
                        folder.folders.push(name);
                    } else {
                        folder.files.push(name);
                    }
                }
                folder.folders.sort();
                folder.files.sort();
            }
            Err(e) => folder.error = Some(e.to_string()),
        }
        folder
    }
}

/// The command that runs a program file: `python3` (`python` on Windows) for `.py`, `node` for `.js`, the file
/// itself when it is executable; `None` for anything else.
pub fn command_for(path: &std::path::Path) -> Option<String> {
    let quoted = format!("\"{}\"", path.display()); // not shown: a command line
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "py" => Some(format!("{} {quoted}", crate::core::lab::PYTHON)), // not shown: a command line
        "js" | "mjs" | "cjs" => Some(format!("node {quoted}")),         // not shown: a command line
        _ => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let runnable = std::fs::metadata(path)
                    .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0);
                runnable.then_some(quoted)
            }
            #[cfg(not(unix))]
            {
                (ext == "exe").then_some(quoted) // not shown
            }
        }
    }
}

/// Whether the chooser takes `path` for a teacher's lab file: a `.json` file.
pub fn is_lab_file(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json")) // not shown: a file's extension
}

/// A teacher's lab file, read and checked (see docs/lab.md), or why it cannot be.
fn read_lab_file(path: &std::path::Path) -> Result<Task, Phrase> {
    let file = path.display().to_string();
    let bytes = crate::store::read_regular(path).map_err(|e| {
        phrase!(
            "cannot read {path}: {why}",
            path = file.clone(),
            why = crate::store::io_why(&e)
        )
    })?;
    crate::core::lab::task::parse_lab_bytes(bytes).map_err(|why| {
        phrase!(
            "{file} is not a lab file the Lab can open: {why}",
            file = file.clone(),
            why = why
        )
    })
}

/// The board of a maze case: its size, and each state's cell.
fn maze_of(space: &Space) -> Option<(usize, usize, &[u8])> {
    match space {
        Space::Maze(m) => Some((m.width, m.height, &m.cost)),
        _ => None,
    }
}

/// Spawns one entity per cell of a maze case when the task or case changes.
fn spawn_cells(
    mut commands: Commands,
    lab: Res<Lab>,
    mut board: ResMut<LabBoard>,
    mut framing: ResMut<Framing>,
    sprites: Res<Sprites>,
    old: Query<Entity, With<LabCell>>,
) {
    let racing = lab.racing();
    let wanted = (lab.task, lab.case, racing);
    if board.made_for == Some(wanted) {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    board.made_for = Some(wanted);
    board.painted = None;
    let Some((width, height, cost)) = lab.case().and_then(|c| maze_of(&c.space)) else {
        framing.board = None;
        return;
    };
    // in a race the reference's board stands to the right of yours, a column apart
    let layout = if racing {
        BoardLayout::new(2 * width + 1, height)
    } else {
        BoardLayout::new(width, height)
    };
    framing.board = Some(layout);
    framing.focus = None;
    let boards: &[bool] = if racing { &[false, true] } else { &[false] };
    for &reference in boards {
        let shift = if reference { width + 1 } else { 0 };
        for (i, &c) in cost.iter().enumerate() {
            let pos = Pos::new((i / width) as i32, (i % width + shift) as i32);
            commands.spawn((
                LabCell {
                    state: i as State,
                    wall: c == 0,
                    mark: Mark::Unseen,
                    reference,
                },
                // walls are the maze's tile, floors plain colour
                Sprite {
                    image: if c == 0 {
                        sprites.tile.clone()
                    } else {
                        Handle::default()
                    },
                    custom_size: Some(Vec2::splat(CELL)),
                    color: if c == 0 { Color::WHITE } else { palette::FLOOR },
                    ..default()
                },
                Transform::from_translation(layout.center(pos).extend(0.0)),
                DespawnOnExit(AppState::Lab),
            ));
        }
    }
}

/// The colour of the states on the way the search reached the one expanded at the step shown.
pub const BRANCH: Color = Color::srgb(0.20, 0.42, 0.58);

/// A state's colour for its mark, as the legend says; `on_way`: on the way the search reached
/// the state taken at the step shown.
pub(super) fn mark_color(mark: Mark, on_way: bool) -> Color {
    match mark {
        Mark::Expected => palette::ROUTE,
        Mark::Current => palette::ON_PATH,
        Mark::Closed if on_way => BRANCH,
        Mark::Closed => palette::CLOSED,
        Mark::Open => palette::FRONTIER,
        Mark::Unseen => palette::FLOOR,
    }
}

/// The floor's colour for a mark; costly cells (mud, water) are darker when unseen.
fn floor(mark: Mark, cost: u8, on_way: bool) -> Color {
    if mark == Mark::Unseen && cost > 1 {
        palette::DEAD_END
    } else {
        mark_color(mark, on_way)
    }
}

fn paint_cells(
    lab: Res<Lab>,
    mut board: ResMut<LabBoard>,
    mut cells: Query<(&mut LabCell, &mut Sprite)>,
) {
    if board.painted == Some(lab.revision) {
        return;
    }
    board.painted = Some(lab.revision);
    let Some(case) = lab.case() else {
        return;
    };
    let Space::Maze(maze) = &case.space else {
        return;
    };
    // the way each board's search reached the cell it expands at this step
    let way = |reel: Option<&Reel>| -> std::collections::HashSet<State> {
        reel.map(Reel::branch)
            .unwrap_or_default()
            .into_iter()
            .collect()
    };
    let (yours, theirs) = (way(lab.reel()), way(lab.reference()));
    for (mut cell, mut sprite) in &mut cells {
        if cell.wall {
            continue;
        }
        let s = cell.state;
        let mark = if cell.reference {
            lab.reference_mark(s)
        } else {
            lab.mark(s)
        };
        let i = s as usize;
        let special = if i == maze.start {
            Some(palette::ENTRY)
        } else if maze.goal == Some(i) {
            Some(palette::EXIT)
        } else {
            None
        };
        let on_way = if cell.reference { &theirs } else { &yours }.contains(&s);
        let color = match (mark, special) {
            (Mark::Unseen | Mark::Open | Mark::Closed, Some(c)) => c,
            _ => floor(mark, maze.cost[i], on_way),
        };
        if cell.mark != mark {
            cell.mark = mark;
        }
        if sprite.color != color {
            sprite.color = color;
        }
    }
}
