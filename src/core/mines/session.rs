//! The Mines mode's rules as one session: the player's cursor and clock, open / mark / chord,
//! the robot taking over (paused, stepped, at a speed, walking a short way between its actions),
//! hints with their reasons, the overlay of what the robot knows, whether the robot touched the
//! game (then no best time), and the original end texts.
//!
//! No Bevy here. The robot's thinking is work done elsewhere: the session says which board it
//! wants analysed ([`MinesSession::wanted_analysis`]), the game runs [`analyse_for_play`] off
//! the main thread and hands the answer back ([`MinesSession::accept_analysis`]); tests call
//! [`MinesSession::settle`] instead.

use super::robot::{self, Analysis, Choice, Step, Stepper};
use super::{Config, Game, Preset, Status, View};
use crate::core::rng::fresh_seed;
use crate::core::text::Phrase;
use crate::{msg, phrase};

/// Enumeration budget per robot analysis in the game (a frame must not wait long).
pub const GAME_BUDGET: usize = 150_000;
/// Robot speed limits, actions per second.
pub const MIN_ROBOT_SPEED: f32 = 1.0;
pub const MAX_ROBOT_SPEED: f32 = 60.0;
/// The robot's speed at the start, actions per second.
pub const DEFAULT_ROBOT_SPEED: f32 = 8.0;
/// At most this many robot actions in one tick (a long frame does not make it jump).
const MAX_ACTIONS_PER_TICK: u32 = 8;

/// The original's end texts (their Chinese keeps the original English line beside it).
pub const WIN_TEXT: &str = msg!("Congratulations! You Win! Thank you for playing!");
pub const LOSS_TEXT: &str = msg!("Game Over, thank you for playing!");

/// The robot's analysis as the game asks for it: full (every probability, for the overlay).
pub fn analyse_for_play(view: &View) -> Analysis {
    robot::analyse(view, GAME_BUDGET, true)
}

/// What the player asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum MinesCommand {
    Open(usize),
    Mark(usize),
    Chord(usize),
    /// Left click: chord on a satisfied number, else open.
    Click(usize),
    MoveCursor(usize),
    /// A new game with this recipe and seed.
    NewGame(Config, u64),
    /// The same field from the start.
    SameAgain,
    ToggleRobot,
    PauseRobot,
    StepRobot,
    SetSpeed(f32),
    ToggleOverlay,
    Hint,
}

/// Why the robot is thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// To play its next actions.
    Play,
    /// To give the player a hint.
    Hint,
}

/// One game of Mines.
#[derive(Clone, Debug)]
pub struct MinesSession {
    game: Game,
    cursor: usize,
    /// Seconds since the first open, until the end.
    seconds: f64,
    /// The robot plays (it may be paused).
    robot_on: bool,
    robot_paused: bool,
    /// Robot actions per second.
    robot_speed: f32,
    robot_clock: f32,
    robot: Stepper,
    /// The robot's last analysis (for the overlay), and the game revision it was made on.
    analysis: Option<(u64, Analysis)>,
    /// Show the robot's knowledge over the board.
    overlay: bool,
    /// A hint for the player: the robot's choice, on the revision it was made for.
    hint: Option<(u64, Choice)>,
    /// The robot touched this game (no best time then).
    assisted: bool,
    notice: Option<Phrase>,
    /// This game's time was a new best.
    new_best: bool,
    /// The board revision the robot waits to have analysed, and why.
    thinking: Option<(u64, Purpose)>,
    /// A single robot step was asked for (it is taken once the robot has thought).
    pending_step: bool,
}

impl MinesSession {
    /// A session on `game`, the robot off.
    pub fn new(game: Game) -> Self {
        Self {
            game,
            cursor: 0,
            seconds: 0.0,
            robot_on: false,
            robot_paused: false,
            robot_speed: DEFAULT_ROBOT_SPEED,
            robot_clock: 0.0,
            robot: Stepper::new(0),
            analysis: None,
            overlay: true,
            hint: None,
            assisted: false,
            notice: None,
            new_best: false,
            thinking: None,
            pending_step: false,
        }
    }

    /// The session for a recipe and seed; an impossible recipe falls back to the original
    /// game, and says why.
    pub fn or_original(config: Config, seed: u64) -> (Self, Option<Phrase>) {
        match Game::new(config, seed) {
            Ok(game) => (Self::new(game), None),
            Err(e) => {
                let game = Game::new(Preset::Original.config(), seed)
                    .expect("the original preset is valid");
                (
                    Self::new(game),
                    Some(phrase!("{why}; starting with the original game", why = e)),
                )
            }
        }
    }

    /// The game (field as seen, lives, status).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The cursor's cell.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Seconds since the first open, until the end.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// True while the robot plays (it may be paused).
    pub fn robot_on(&self) -> bool {
        self.robot_on
    }

    /// True while the robot is paused.
    pub fn robot_paused(&self) -> bool {
        self.robot_paused
    }

    /// Robot actions per second.
    pub fn robot_speed(&self) -> f32 {
        self.robot_speed
    }

    /// The cell the robot stands on.
    pub fn robot_at(&self) -> usize {
        self.robot.at()
    }

    /// What the robot will do next, from its last analysis.
    pub fn plan(&self) -> &[Step] {
        self.robot.plan()
    }

    /// The robot's last analysis and the revision it was made on.
    pub fn analysis(&self) -> Option<&(u64, Analysis)> {
        self.analysis.as_ref()
    }

    /// True while the overlay shows.
    pub fn overlay(&self) -> bool {
        self.overlay
    }

    /// The hint given: the robot's choice, and the revision it was for.
    pub fn hint(&self) -> Option<(u64, Choice)> {
        self.hint
    }

    /// True once the robot played or hinted in this game.
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// The line for the player.
    pub fn notice(&self) -> Option<&Phrase> {
        self.notice.as_ref()
    }

    /// True when this game's time was a new best.
    pub fn new_best(&self) -> bool {
        self.new_best
    }

    /// True while the robot analyses the board (elsewhere).
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The robot sprite shows while it plays, and after a game it touched.
    pub fn robot_visible(&self) -> bool {
        self.robot_on || self.assisted && self.game.status() != Status::Playing
    }

    /// The best-times key of this game's preset and rule (`None` for custom fields).
    pub fn best_key(&self) -> Option<String> {
        let config = self.game.config();
        // not shown: a key of the best-times file
        Preset::of(config).map(|p| format!("mines {} {}", p.name(), config.first_click.name()))
    }

    /// The time to record, once: a game won by hand alone, on a preset.
    pub fn time_to_record(&self) -> Option<(String, f64)> {
        (self.game.status() == Status::Won && !self.assisted)
            .then(|| self.best_key())
            .flatten()
            .map(|key| (key, self.seconds))
    }

    /// Says that the time recorded was a new best.
    pub fn set_new_best(&mut self) {
        self.new_best = true;
    }

    /// The current analysis, when it is of the board as it is.
    pub fn current_analysis(&self) -> Option<&Analysis> {
        self.analysis
            .as_ref()
            .filter(|(rev, _)| *rev == self.game.revision())
            .map(|(_, a)| a)
    }

    /// The cell the cursor moves to by `dir`, when it stays on the field.
    pub fn cursor_after(&self, dir: crate::core::grid::Dir) -> Option<usize> {
        let config = self.game.config();
        let (w, h) = (config.width, config.height);
        let (r, c) = ((self.cursor / w) as i32, (self.cursor % w) as i32);
        let (dr, dc) = dir.delta();
        let (nr, nc) = (r + dr, c + dc);
        (nr >= 0 && nc >= 0 && (nr as usize) < h && (nc as usize) < w)
            .then(|| nr as usize * w + nc as usize)
    }

    /// The board the robot waits to have analysed: its revision and what the robot sees.
    pub fn wanted_analysis(&self) -> Option<(u64, View)> {
        let (revision, _) = self.thinking?;
        Some((revision, self.game.view()))
    }

    /// Takes an analysis of the board at `revision`: a plan for the robot, or a hint for the
    /// player. One of a board that has changed since is dropped. Returns whether it was used.
    pub fn accept_analysis(&mut self, revision: u64, analysis: Analysis) -> bool {
        let Some((wanted, purpose)) = self.thinking else {
            return false;
        };
        if wanted != revision {
            return false;
        }
        self.thinking = None;
        if revision != self.game.revision() || self.game.status() != Status::Playing {
            return false;
        }
        if purpose == Purpose::Hint {
            self.give_hint(analysis.clone());
        }
        if self.robot_on {
            let view = self.game.view();
            self.robot.take_plan(&analysis, &view);
        }
        self.analysis = Some((revision, analysis));
        true
    }

    /// Runs a wanted analysis here and now (tests; the game uses a task).
    pub fn settle(&mut self) {
        if let Some((revision, view)) = self.wanted_analysis() {
            self.accept_analysis(revision, analyse_for_play(&view));
        }
    }

    /// Asks for an analysis of the board as it is, unless one of this board is wanted already
    /// (one of an older board is no longer wanted).
    fn think(&mut self, purpose: Purpose) {
        let revision = self.game.revision();
        match &mut self.thinking {
            Some((rev, current)) if *rev == revision => {
                // a hint asked while the robot thinks for itself gets the same answer
                if purpose == Purpose::Hint {
                    *current = Purpose::Hint;
                }
            }
            _ => self.thinking = Some((revision, purpose)),
        }
    }

    fn fresh(&mut self, game: Game) {
        let keep = (self.robot_speed, self.overlay);
        *self = MinesSession::new(game);
        (self.robot_speed, self.overlay) = keep;
    }

    /// One command's effect.
    pub fn apply(&mut self, command: MinesCommand) {
        use MinesCommand as C;
        let playing = self.game.status() == Status::Playing;
        match command {
            C::Open(cell) => {
                if playing {
                    self.cursor = cell;
                    let opened = self.game.open(cell);
                    self.tell(&opened.exploded);
                }
            }
            C::Mark(cell) => {
                if playing {
                    self.cursor = cell;
                    self.game.toggle_mark(cell);
                }
            }
            C::Chord(cell) => {
                if playing {
                    self.cursor = cell;
                    let opened = self.game.chord(cell);
                    self.tell(&opened.exploded);
                }
            }
            C::Click(cell) => {
                if self.game.can_chord(cell) {
                    self.apply(C::Chord(cell));
                } else {
                    self.apply(C::Open(cell));
                }
            }
            C::MoveCursor(cell) => {
                if cell < self.game.config().cells() {
                    self.cursor = cell;
                }
            }
            C::NewGame(config, seed) => match Game::new(config, seed) {
                Ok(game) => self.fresh(game),
                Err(e) => self.notice = Some(e),
            },
            C::SameAgain => {
                let (config, seed) = (*self.game.config(), self.game.seed());
                match Game::new(config, seed) {
                    Ok(game) => self.fresh(game),
                    Err(e) => self.notice = Some(e),
                }
            }
            C::ToggleRobot => {
                self.robot_on = !self.robot_on;
                self.robot_paused = false;
                self.robot.clear();
                if self.robot_on {
                    self.assisted = true;
                    self.robot = Stepper::new(self.cursor);
                }
            }
            C::PauseRobot => self.robot_paused = !self.robot_paused,
            C::StepRobot => {
                if !self.robot_on {
                    self.robot_on = true;
                    self.assisted = true;
                }
                self.robot_paused = true;
                self.pending_step = true;
            }
            C::SetSpeed(speed) => {
                self.robot_speed = speed.clamp(MIN_ROBOT_SPEED, MAX_ROBOT_SPEED);
            }
            C::ToggleOverlay => self.overlay = !self.overlay,
            C::Hint => {
                if playing {
                    self.assisted = true;
                    match self.current_analysis().cloned() {
                        Some(analysis) => self.give_hint(analysis),
                        None => self.think(Purpose::Hint),
                    }
                }
            }
        }
    }

    /// A message when a robot (life) was lost, and the end texts of the original.
    fn tell(&mut self, exploded: &[usize]) {
        match self.game.status() {
            Status::Won => self.notice = Some(Phrase::new(WIN_TEXT, Vec::new())),
            Status::Lost => self.notice = Some(Phrase::new(LOSS_TEXT, Vec::new())),
            Status::Playing if !exploded.is_empty() => {
                let left = self.game.lives_left();
                self.notice = Some(if left == 1 {
                    phrase!("Boom! A robot was blown up — 1 robot left.")
                } else {
                    phrase!(
                        "Boom! A robot was blown up — {left} robots left.",
                        left = left
                    )
                });
            }
            Status::Playing if !self.game.rule_met() && self.notice.is_none() => {
                self.notice = Some(phrase!(
                    "No field that logic alone clears was found quickly for this recipe: this one may need a guess."
                ));
            }
            Status::Playing => {}
        }
    }

    /// Tells the player the robot's choice and why, and moves the cursor there.
    fn give_hint(&mut self, analysis: Analysis) {
        let revision = self.game.revision();
        if let Some(choice) = analysis.choice {
            self.hint = Some((revision, choice));
            self.cursor = choice.cell();
            self.notice = Some(phrase!(
                "hint: {why}",
                why = choice.explain(self.game.config().width)
            ));
        }
        self.analysis = Some((revision, analysis));
    }

    /// The robot's next action, from its plan; with no plan left it asks to think (the action
    /// comes once the analysis is back). Returns whether it acted.
    fn robot_act(&mut self) -> bool {
        if self.game.status() != Status::Playing {
            self.robot_on = false;
            return false;
        }
        let before = self.game.revision();
        let Some((step, opened)) = self.robot.act(&mut self.game) else {
            self.think(Purpose::Play);
            return false;
        };
        self.cursor = step.cell();
        if matches!(step, Step::Open(_)) {
            self.tell(&opened.exploded);
        }
        // the game ended on this action: the robot stops now, not at its next turn
        if self.game.status() != Status::Playing {
            self.robot_on = false;
        }
        // keep the overlay on the board just changed
        if let Some((rev, _)) = &mut self.analysis
            && *rev == before
        {
            *rev = self.game.revision();
        }
        true
    }

    /// Lets `seconds` pass: the player's clock (from the first open to the end) and the robot,
    /// which acts `robot_speed` times a second while it has a plan and waits while it thinks.
    pub fn tick(&mut self, seconds: f32) {
        if self.game.status() == Status::Playing && self.game.opened_any() {
            self.seconds += f64::from(seconds);
        }
        if !self.robot_on {
            return;
        }
        if self.pending_step {
            if self.robot_act() {
                self.pending_step = false;
            }
            return;
        }
        if self.robot_paused {
            return;
        }
        self.robot_clock += seconds * self.robot_speed;
        let mut steps = 0;
        while self.robot_clock >= 1.0 && self.robot_on && steps < MAX_ACTIONS_PER_TICK {
            if !self.robot_act() {
                // thinking: the clock waits for the answer
                self.robot_clock = self.robot_clock.min(1.0);
                break;
            }
            self.robot_clock -= 1.0;
            steps += 1;
        }
        if steps == MAX_ACTIONS_PER_TICK {
            self.robot_clock = 0.0;
        }
    }

    /// A new game of the same recipe from a fresh seed.
    pub fn new_game_command(&self) -> MinesCommand {
        MinesCommand::NewGame(*self.game.config(), fresh_seed())
    }

    /// The next preset's game from a fresh seed.
    pub fn next_preset_command(&self) -> MinesCommand {
        MinesCommand::NewGame(Preset::after(self.game.config()), fresh_seed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mines::FirstClick;
    use crate::core::mines::Seen;

    fn original(seed: u64) -> MinesSession {
        MinesSession::new(Game::new(Preset::Original.config(), seed).unwrap())
    }

    #[test]
    fn the_robot_thinks_before_it_acts_and_clears_the_original_field() {
        let mut s = original(3);
        // one action a tick: the winning one is the last of its tick
        s.apply(MinesCommand::SetSpeed(1.0));
        s.apply(MinesCommand::ToggleRobot);
        assert!(s.robot_on() && s.assisted());
        s.tick(1.0);
        assert!(s.thinking(), "no plan yet: it asks to think");
        assert_eq!(s.game().revision(), 0, "and does nothing meanwhile");
        for _ in 0..10_000 {
            if s.game().status() != Status::Playing {
                break;
            }
            s.settle();
            s.tick(1.0);
        }
        assert_eq!(s.game().status(), Status::Won);
        assert_eq!(s.notice().map(Phrase::key), Some(WIN_TEXT));
        assert!(!s.robot_on(), "it stops as the game ends");
        s.tick(1.0);
        assert!(!s.robot_on(), "and stays stopped");
        assert!(s.time_to_record().is_none(), "no best time with the robot");
    }

    #[test]
    fn an_analysis_of_a_board_that_changed_is_dropped() {
        let mut s = original(4);
        s.apply(MinesCommand::Open(0));
        s.apply(MinesCommand::Hint);
        let (revision, view) = s.wanted_analysis().expect("the hint asks");
        let answer = analyse_for_play(&view);
        s.apply(MinesCommand::Mark(399));
        assert!(
            !s.accept_analysis(revision, answer.clone()),
            "not asked again"
        );
        s.apply(MinesCommand::Hint);
        let (again, _) = s.wanted_analysis().unwrap();
        assert_ne!(again, revision);
        assert!(!s.accept_analysis(revision, answer), "an old board");
        s.settle();
        let (_, choice) = s.hint().expect("a hint for the board as it is");
        assert_eq!(s.cursor(), choice.cell(), "the cursor goes to it");
        assert!(s.notice().unwrap().english().starts_with("hint: "));
    }

    #[test]
    fn a_step_is_taken_once_the_robot_has_thought() {
        let mut s = original(5);
        s.apply(MinesCommand::Open(0));
        s.apply(MinesCommand::StepRobot);
        assert!(s.robot_paused());
        let before = s.game().revision();
        s.tick(0.1);
        assert_eq!(s.game().revision(), before);
        s.settle();
        s.tick(0.1);
        assert_ne!(s.game().revision(), before, "one action");
        let after = s.game().revision();
        s.tick(5.0);
        assert_eq!(s.game().revision(), after, "paused after it");
    }

    /// A session with the robot on and a plan of at least `len` certain steps (a seed is
    /// searched for: the original field opened at a corner zero).
    fn with_a_long_plan(len: usize) -> MinesSession {
        for seed in 0..200 {
            let config = Config {
                first_click: crate::core::mines::FirstClick::Opening,
                ..Preset::Original.config()
            };
            let mut s = MinesSession::new(Game::new(config, seed).unwrap());
            s.apply(MinesCommand::Open(0));
            s.apply(MinesCommand::ToggleRobot);
            s.apply(MinesCommand::PauseRobot);
            s.apply(MinesCommand::StepRobot);
            s.tick(0.0);
            s.settle();
            // the asked-for step is taken, then the robot is left paused with its plan
            s.tick(0.0);
            if s.plan().len() >= len {
                s.apply(MinesCommand::PauseRobot);
                return s;
            }
        }
        panic!("no seed gives a plan of {len} steps");
    }

    #[test]
    fn the_robot_walks_at_its_speed_and_never_more_than_eight_actions_a_tick() {
        let mut s = with_a_long_plan(12);
        s.apply(MinesCommand::SetSpeed(1000.0));
        assert_eq!(s.robot_speed(), MAX_ROBOT_SPEED);
        s.apply(MinesCommand::SetSpeed(2.0));
        let planned = s.plan().len();
        let revision = s.game().revision();
        s.tick(0.4);
        assert_eq!(
            s.game().revision(),
            revision,
            "0.8 of an action owed: none yet"
        );
        s.tick(0.2);
        assert_eq!(
            s.plan().len(),
            planned - 1,
            "2 actions a second: one after 0.6 s"
        );
        s.tick(1.0);
        assert_eq!(s.plan().len(), planned - 3, "two more a second later");
        s.apply(MinesCommand::SetSpeed(60.0));
        s.tick(10.0);
        assert_eq!(s.plan().len(), planned - 3 - 8, "at most eight at once");
        s.tick(0.0);
        assert_eq!(
            s.plan().len(),
            planned - 11,
            "and nothing owed after a long frame"
        );
    }

    #[test]
    fn the_clock_runs_from_the_first_open_and_a_hand_win_is_recorded_once_won() {
        let config = Preset::Beginner.config();
        let mut s = MinesSession::new(Game::new(config, 11).unwrap());
        s.tick(1.0);
        assert_eq!(s.seconds(), 0.0, "the clock waits for the first open");
        s.apply(MinesCommand::Open(0));
        let field = crate::core::mines::Field::lay(&config, 11, Some(0));
        s.tick(1.5);
        assert_eq!(s.seconds(), 1.5);
        assert_eq!(s.time_to_record(), None, "not won yet");
        for cell in 0..config.cells() {
            if !field.is_mine(cell) {
                s.apply(MinesCommand::Open(cell));
            }
        }
        assert_eq!(s.game().status(), Status::Won);
        assert_eq!(s.notice().map(Phrase::key), Some(WIN_TEXT));
        s.tick(1.0);
        assert_eq!(s.seconds(), 1.5, "the clock stops at the end");
        let key = format!("mines beginner {}", config.first_click.name());
        assert_eq!(s.time_to_record(), Some((key, 1.5)));
    }

    #[test]
    fn a_hint_marks_the_game_as_assisted() {
        let mut s = MinesSession::new(Game::new(Preset::Beginner.config(), 11).unwrap());
        s.apply(MinesCommand::Open(0));
        s.apply(MinesCommand::Hint);
        assert!(s.assisted());
    }

    #[test]
    fn a_bad_recipe_falls_back_to_the_original_and_says_why() {
        let config = Config {
            width: 3,
            height: 3,
            mines: 9,
            lives: 1,
            first_click: FirstClick::Safe,
        };
        let (s, why) = MinesSession::or_original(config, 1);
        assert_eq!(*s.game().config(), Preset::Original.config());
        assert!(why.unwrap().english().contains("original"));
    }

    #[test]
    fn a_noguess_field_that_could_not_be_made_is_said_and_one_that_was_is_not() {
        // half mines on 100×100: no field that logic alone clears turns up within the work
        // bound (the first click then takes about a third of a second, not half a minute)
        let dense = Config {
            width: 100,
            height: 100,
            mines: 5_000,
            lives: 1,
            first_click: FirstClick::NoGuess,
        };
        let mut s = MinesSession::new(Game::new(dense, 1).unwrap());
        s.apply(MinesCommand::Open(0));
        assert!(!s.game().rule_met());
        let said = s.notice().expect("a notice").english();
        assert!(said.contains("may need a guess"), "{said}");
        let expert = Config {
            first_click: FirstClick::NoGuess,
            ..Preset::Expert.config()
        };
        let mut s = MinesSession::new(Game::new(expert, 1).unwrap());
        s.apply(MinesCommand::Open(0));
        assert!(s.game().rule_met());
        assert!(s.notice().is_none());
    }

    #[test]
    fn the_cursor_stops_at_the_edge() {
        use crate::core::grid::Dir;
        let s = original(1);
        assert_eq!(s.cursor_after(Dir::Up), None);
        assert_eq!(s.cursor_after(Dir::Left), None);
        assert_eq!(s.cursor_after(Dir::Right), Some(1));
        assert_eq!(s.cursor_after(Dir::Down), Some(20));
    }

    #[test]
    fn the_robots_certainties_hold_on_the_path_the_game_plays_with_lives_and_wrong_marks() {
        use rand::RngExt;
        let config = Preset::Original.config();
        let mut checked = 0;
        for seed in 0..10 {
            let mut s = MinesSession::new(Game::new(config, seed).unwrap());
            s.apply(MinesCommand::Open(0));
            let field = crate::core::mines::Field::lay(&config, seed, Some(0));
            // the player first: a few opens at random (some explode: lives, exploded cells)
            // and wrong marks on safe cells
            let mut rng = crate::core::rng::from_seed(seed);
            for _ in 0..6 {
                s.apply(MinesCommand::Open(rng.random_range(0..config.cells())));
            }
            let mut wrong = 0;
            while wrong < 3 {
                let c = rng.random_range(0..config.cells());
                if !field.is_mine(c) && s.game().seen(c) == Seen::Hidden {
                    s.apply(MinesCommand::Mark(c));
                    wrong += 1;
                }
            }
            s.apply(MinesCommand::ToggleRobot);
            for _ in 0..3_000 {
                if s.game().status() != Status::Playing {
                    break;
                }
                s.tick(1.0);
                s.settle();
                let Some((_, analysis)) = s.analysis() else {
                    continue;
                };
                for &c in &analysis.safe {
                    assert!(!field.is_mine(c), "seed {seed}: {c} called safe");
                }
                for &c in &analysis.mines {
                    assert!(field.is_mine(c), "seed {seed}: {c} called a mine");
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} analyses checked");
    }
}
