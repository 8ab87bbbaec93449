//! The robot's hands: a plan made from an analysis, carried out one action at a time on a game
//! (the game, the Showcase and the command line all play with [`Stepper`]), and whole games for
//! the benchmark.

use super::{Analysis, Choice, Seen, Tuning, View, Why, analyse_tuned};
use crate::core::mines::game::Opened;
use crate::core::mines::{Config, Game, Status};

/// How a robot game went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RobotGame {
    pub won: bool,
    pub mines_hit: u32,
    /// Seconds spent thinking (analyses only, not the game's own bookkeeping).
    pub think_seconds: f64,
    /// Seconds the first click took, the field laid then (for `noguess`, its generation).
    pub lay_seconds: f64,
    /// Guesses it had to make.
    pub guesses: u32,
    /// Turns whose analysis passed its budget (some probabilities estimated).
    pub over_budget: u32,
    /// Whether the field met its first-click rule: false only for a `noguess` field whose
    /// generation ran out of work (the closest field found, which may need a guess).
    pub rule_met: bool,
}

/// A robot game's record, for comparing robots move by move (`bench mines --trace`): where the
/// mines were and every guess.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct GameTrace {
    pub mines: Vec<usize>,
    pub guesses: Vec<TracedGuess>,
}

/// One guess of a traced game.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct TracedGuess {
    /// Cells open when it was made.
    pub open: usize,
    pub cell: usize,
    /// Its chance of a mine, as the robot saw it.
    pub risk: f64,
    /// The rule that chose it.
    pub rule: Why,
}

/// One action of the robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Open(usize),
    Mark(usize),
}

impl Step {
    pub fn cell(self) -> usize {
        match self {
            Step::Open(c) | Step::Mark(c) => c,
        }
    }
}

/// What the robot does with an analysis of `view`: mark every certain mine not yet marked,
/// open every certain safe cell, and only when there is none, its guess.
pub fn plan(analysis: &Analysis, view: &View) -> Vec<Step> {
    let mut steps: Vec<Step> = analysis
        .mines
        .iter()
        .filter(|&&c| view.cells[c] == Seen::Hidden)
        .map(|&c| Step::Mark(c))
        .collect();
    steps.extend(analysis.safe.iter().map(|&c| Step::Open(c)));
    if analysis.safe.is_empty()
        && let Some(Choice::Guess { cell, .. }) = analysis.choice
    {
        steps.push(Step::Open(cell));
    }
    steps
}

/// Orders steps greedily by distance from `from` (king moves on a field `width` wide), so a
/// robot walking between them takes a short path.
pub fn order_by_walk(steps: &mut Vec<Step>, from: usize, width: usize) {
    let distance = |a: usize, b: usize| {
        let (ar, ac) = ((a / width) as i64, (a % width) as i64);
        let (br, bc) = ((b / width) as i64, (b % width) as i64);
        (ar - br).abs().max((ac - bc).abs())
    };
    let mut rest = std::mem::take(steps);
    let mut at = from;
    while !rest.is_empty() {
        let (i, _) = rest
            .iter()
            .enumerate()
            .min_by_key(|(_, s)| distance(at, s.cell()))
            .expect("not empty");
        let step = rest.remove(i);
        at = step.cell();
        steps.push(step);
    }
}

/// The robot's hands: the plan made from its last analysis, carried out one action at a time,
/// nearest cell first from where it stands. The game (one action per tick, thinking off the
/// frame), the Showcase (a frame per action) and the command line (whole turns) all play with
/// it.
#[derive(Clone, Debug, Default)]
pub struct Stepper {
    plan: Vec<Step>,
    at: usize,
}

impl Stepper {
    /// A robot standing on `at`, with nothing planned.
    pub fn new(at: usize) -> Self {
        Self {
            plan: Vec::new(),
            at,
        }
    }

    /// The cell it stands on (the last it acted on).
    pub fn at(&self) -> usize {
        self.at
    }

    /// The actions still planned.
    pub fn plan(&self) -> &[Step] {
        &self.plan
    }

    /// Forgets the plan (the robot was stopped or the player took over).
    pub fn clear(&mut self) {
        self.plan.clear();
    }

    /// Plans from an analysis of the board as it is now: [`plan`], ordered by a short walk from
    /// where the robot stands.
    pub fn take_plan(&mut self, analysis: &Analysis, view: &View) {
        let mut steps = plan(analysis, view);
        order_by_walk(&mut steps, self.at, view.width);
        self.plan = steps;
    }

    /// The next action, with the steps the board has overtaken dropped (a flood may have
    /// opened them); `None` when the plan is used up and the robot must think again.
    pub fn next(&mut self, game: &Game) -> Option<Step> {
        self.plan
            .retain(|step| game.seen(step.cell()) == Seen::Hidden);
        (!self.plan.is_empty()).then(|| self.plan[0])
    }

    /// Carries out the next action on `game` and walks to its cell; returns it and what it
    /// opened, or `None` when the robot must think again (or the game is over).
    pub fn act(&mut self, game: &mut Game) -> Option<(Step, Opened)> {
        if game.status() != Status::Playing {
            return None;
        }
        let step = self.next(game)?;
        self.plan.remove(0);
        self.at = step.cell();
        let opened = match step {
            Step::Open(c) => game.open(c),
            Step::Mark(c) => {
                game.toggle_mark(c);
                Opened::default()
            }
        };
        Some((step, opened))
    }
}

/// One turn of the robot on `game`: every certain cell opened or marked at once, else one
/// guess. Returns the analysis it acted on, or `None` when the game is over.
pub fn take_turn(game: &mut Game, budget: usize) -> Option<Analysis> {
    take_turn_tuned(game, &Tuning::with_budget(budget))
}

/// [`take_turn`] by a robot of other settings.
fn take_turn_tuned(game: &mut Game, tuning: &Tuning) -> Option<Analysis> {
    if game.status() != Status::Playing {
        return None;
    }
    let view = game.view();
    let analysis = analyse_tuned(&view, tuning, false);
    let mut hands = Stepper::new(0);
    hands.take_plan(&analysis, &view);
    while hands.act(game).is_some() {}
    Some(analysis)
}

/// The robot plays a whole game of `config` from `seed`, its first click on `first` (the
/// top-left corner is cell 0).
pub fn play(config: Config, seed: u64, first: usize, budget: usize) -> Result<RobotGame, String> {
    play_tuned(config, seed, first, &Tuning::with_budget(budget))
}

/// [`play`] by a robot of other settings.
pub fn play_tuned(
    config: Config,
    seed: u64,
    first: usize,
    tuning: &Tuning,
) -> Result<RobotGame, String> {
    play_game(config, seed, first, tuning, None)
}

/// [`play_tuned`], and the game's [`GameTrace`].
pub fn play_traced(
    config: Config,
    seed: u64,
    first: usize,
    tuning: &Tuning,
) -> Result<(RobotGame, GameTrace), String> {
    let mut trace = GameTrace::default();
    let game = play_game(config, seed, first, tuning, Some(&mut trace))?;
    Ok((game, trace))
}

fn play_game(
    config: Config,
    seed: u64,
    first: usize,
    tuning: &Tuning,
    mut trace: Option<&mut GameTrace>,
) -> Result<RobotGame, String> {
    let mut game = Game::new(config, seed)?;
    if first >= config.cells() {
        return Err(format!("first click {first} is off the field"));
    }
    let clock = crate::core::clock::Instant::now();
    game.open(first);
    let lay_seconds = clock.elapsed().as_secs_f64();
    let rule_met = game.rule_met();
    let mut think = 0.0;
    let mut guesses = 0;
    let mut over_budget = 0;
    let mut turns = 0;
    while game.status() == Status::Playing {
        turns += 1;
        if turns > 4 * config.cells() {
            return Err(format!("seed {seed}: the robot made no progress"));
        }
        let open = trace.is_some().then(|| game.view().open_count());
        let clock = crate::core::clock::Instant::now();
        let before = game.revision();
        let analysis = take_turn_tuned(&mut game, tuning);
        think += clock.elapsed().as_secs_f64();
        over_budget += u32::from(analysis.as_ref().is_some_and(|a| !a.exact));
        if let Some(Analysis {
            choice: Some(Choice::Guess { cell, risk, why }),
            safe,
            ..
        }) = &analysis
            && safe.is_empty()
        {
            guesses += 1;
            if let (Some(trace), Some(open)) = (trace.as_deref_mut(), open) {
                trace.guesses.push(TracedGuess {
                    open,
                    cell: *cell,
                    risk: *risk,
                    rule: *why,
                });
            }
        }
        if game.revision() == before {
            return Err(format!("seed {seed}: the robot found no move"));
        }
    }
    if let Some(trace) = trace {
        trace.mines = game.mines_revealed().unwrap_or_default();
    }
    Ok(RobotGame {
        won: game.status() == Status::Won,
        mines_hit: game.mines_hit(),
        think_seconds: think,
        lay_seconds,
        guesses,
        over_budget,
        rule_met,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mines::{FirstClick, Preset};

    fn certain(safe: Vec<usize>, mines: Vec<usize>, cells: usize) -> Analysis {
        Analysis {
            safe,
            mines,
            probability: vec![None; cells],
            choice: None,
            exact: true,
            work: 0,
            log_count: None,
        }
    }

    #[test]
    fn the_hands_walk_nearest_first_and_drop_steps_the_board_overtook() {
        let config = Config {
            first_click: FirstClick::Opening,
            ..Preset::Beginner.config()
        };
        let mut game = Game::new(config, 1).unwrap();
        // the centre is a zero (the opening rule): opening it floods its neighbour 41
        let mut hands = Stepper::new(40);
        hands.take_plan(&certain(vec![41, 80, 40], vec![], 81), &game.view());
        assert_eq!(
            hands.plan(),
            &[Step::Open(40), Step::Open(41), Step::Open(80)],
            "nearest first from where it stands"
        );
        let (step, opened) = hands.act(&mut game).unwrap();
        assert_eq!(step, Step::Open(40));
        assert!(opened.cells.contains(&41), "the flood opened 41");
        assert_eq!(hands.next(&game), Some(Step::Open(80)), "41 is dropped");
        assert_eq!(hands.at(), 40);
    }

    #[test]
    fn marks_are_planned_only_for_hidden_cells_and_a_guess_only_without_a_safe_cell() {
        let config = Preset::Beginner.config();
        let mut game = Game::new(config, 2).unwrap();
        game.toggle_mark(5);
        let view = game.view();
        let steps = plan(&certain(vec![], vec![5, 6], 81), &view);
        assert_eq!(steps, vec![Step::Mark(6)], "5 is marked already");
        let mut guess = certain(vec![], vec![], 81);
        guess.choice = Some(Choice::Guess {
            cell: 10,
            risk: 0.2,
            why: super::super::Why::LookAhead,
        });
        assert_eq!(plan(&guess, &view), vec![Step::Open(10)]);
        guess.safe = vec![11];
        assert_eq!(plan(&guess, &view), vec![Step::Open(11)], "no guess then");
    }
}
