//! The Minesweeper task: a student's agent plays the report's field (20×20, 81 mines, ten
//! lives) one move at a time (a turns session). Each move is checked: it must be legal, and a
//! guess must not skip a cell that the single-number rules already prove safe (the report's
//! robot deduces those before it ever guesses) — a skipped one is the first violation, though
//! the game goes on. Each guess's exact mine probability is set beside the lowest there was,
//! guesses made while a deeper deduction would have found a safe cell are counted, and the
//! built-in robot plays the same field from the same first cell for comparison.

use serde_json::{Value, json};

use super::check::{Verdict, Violation};
use crate::core::mines::robot::{DEFAULT_BUDGET, evidently_safe, play, probabilities};
use crate::core::mines::{Config, Game, Seen, Status, View};
use crate::core::text::Phrase;
use crate::phrase;

/// What an agent does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Action {
    Open(usize),
    /// Puts or lifts a flag.
    Flag(usize),
    /// Opens the unflagged neighbours of a number whose flags match it.
    Chord(usize),
}

impl Action {
    /// The cell the move is made on.
    pub fn cell(self) -> usize {
        match self {
            Action::Open(c) | Action::Flag(c) | Action::Chord(c) => c,
        }
    }
}

/// Moves an agent may make on a field of `cells` cells before it counts as stuck.
fn most_moves(cells: usize) -> usize {
    4 * cells
}

/// An agent's game, judged move by move.
pub struct AgentJudge {
    config: Config,
    seed: u64,
    game: Game,
    moves: usize,
    first: Option<usize>,
    guesses: usize,
    /// Guesses riskier than the safest hidden cell, and the risk they added in all.
    riskier: usize,
    extra_risk: f64,
    /// Guesses made while a deeper deduction had a certainly safe cell.
    deeper_skipped: usize,
    violation: Option<Violation>,
}

fn at(cell: usize, width: usize) -> String {
    format!("({}, {})", cell / width, cell % width)
}

impl AgentJudge {
    /// A game on the field `config` lays from `seed` (laid before the first move, so every
    /// agent meets the same mines).
    pub fn new(config: Config, seed: u64) -> Result<AgentJudge, Phrase> {
        Ok(AgentJudge {
            config,
            seed,
            game: Game::new(config, seed)?,
            moves: 0,
            first: None,
            guesses: 0,
            riskier: 0,
            extra_risk: 0.0,
            deeper_skipped: 0,
            violation: None,
        })
    }

    /// What the agent sees now.
    pub fn view(&self) -> View {
        self.game.view()
    }

    pub fn mines_left(&self) -> i64 {
        self.game.mines_left()
    }

    /// True once the game is won or lost.
    pub fn over(&self) -> bool {
        self.game.status() != Status::Playing
    }

    /// True once the game is won.
    pub fn won(&self) -> bool {
        self.game.status() == Status::Won
    }

    pub fn mines_hit(&self) -> u32 {
        self.game.mines_hit()
    }

    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The first violation, once there is one (the game goes on after a skipped safe cell).
    pub fn violation(&self) -> Option<&Violation> {
        self.violation.as_ref()
    }

    fn illegal(&mut self, say: Phrase) -> Violation {
        let v = Violation {
            verdict: Verdict::Wa,
            step: self.moves,
            say,
            expected: None,
        };
        self.violation.get_or_insert(v.clone());
        v
    }

    /// Plays the agent's move. An illegal move ends the game's judging (`Err`); a guess that
    /// skips an evidently safe cell is recorded and the game goes on.
    pub fn act(&mut self, action: Action) -> Result<(), Violation> {
        self.moves += 1;
        let view = self.game.view();
        let w = view.width;
        let cell = action.cell();
        if cell >= view.cells.len() {
            return Err(self.illegal(phrase!("that cell is outside the field")));
        }
        if self.moves > most_moves(view.cells.len()) {
            return Err(self.illegal(phrase!(
                "{n} moves and the game is not over: the agent is stuck",
                n = self.moves - 1
            )));
        }
        let opened: Vec<usize> = match action {
            Action::Flag(c) => {
                if !self.game.toggle_mark(c) {
                    return Err(self.illegal(phrase!(
                        "{cell} is open, it cannot be flagged",
                        cell = at(c, w)
                    )));
                }
                return Ok(());
            }
            Action::Open(c) => match view.cells[c] {
                Seen::Hidden => vec![c],
                Seen::Marked => {
                    return Err(self.illegal(phrase!(
                        "{cell} is flagged: lift the flag before opening it",
                        cell = at(c, w)
                    )));
                }
                _ => {
                    return Err(self.illegal(phrase!("{cell} is already open", cell = at(c, w))));
                }
            },
            Action::Chord(c) => {
                if !self.game.can_chord(c) {
                    return Err(self.illegal(phrase!(
                        "{cell} cannot be chorded: it must be an open number with as many flags around it",
                        cell = at(c, w)
                    )));
                }
                crate::core::mines::neighbours(c, w, view.height)
                    .filter(|&n| view.cells[n] == Seen::Hidden)
                    .collect()
            }
        };
        self.first.get_or_insert(cell);
        self.judge_opening(&view, &opened);
        match action {
            Action::Chord(c) => {
                self.game.chord(c);
            }
            _ => {
                self.game.open(cell);
            }
        }
        Ok(())
    }

    /// Judges the cells a move opens against what could be known before it.
    fn judge_opening(&mut self, view: &View, opened: &[usize]) {
        let evident = evidently_safe(view);
        if opened.iter().all(|c| evident.contains(c)) {
            return;
        }
        let analysis = probabilities(view, DEFAULT_BUDGET);
        if opened.iter().all(|c| analysis.safe.contains(c)) {
            return;
        }
        // a guess: how risky, against the safest hidden cell
        self.guesses += 1;
        let risk = opened
            .iter()
            .filter_map(|&c| analysis.probability[c])
            .fold(0.0f64, f64::max);
        let lowest = analysis.safest_hidden(view);
        if analysis.exact && risk > lowest + 1e-9 {
            self.riskier += 1;
            self.extra_risk += risk - lowest;
        }
        let w = view.width;
        let cell = opened.first().copied().unwrap_or(0);
        if let Some(&sure) = evident.first() {
            if self.violation.is_none() {
                self.violation = Some(Violation {
                    verdict: Verdict::WrongOrder,
                    step: self.moves,
                    say: phrase!(
                        "you opened {cell}, a guess ({risk}% mine), while {sure} was certainly safe by its numbers",
                        cell = at(cell, w),
                        risk = format!("{:.1}", risk * 100.0),
                        sure = at(sure, w)
                    ),
                    expected: Some(sure as u64),
                });
            }
        } else if !analysis.safe.is_empty() {
            self.deeper_skipped += 1;
        }
    }

    /// The report's lines and figures, with the built-in robot's game on the same field.
    pub fn summary(&self) -> (Vec<Phrase>, Value) {
        let won = self.game.status() == Status::Won;
        let robot = self
            .first
            .and_then(|first| play(self.config, self.seed, first, DEFAULT_BUDGET).ok());
        let result = |won: bool| {
            if won { phrase!("won") } else { phrase!("lost") }
        };
        let mine = if self.over() {
            result(won)
        } else {
            phrase!("unfinished")
        };
        let mut notes = vec![phrase!(
            "{result} in {moves} moves, mines hit: {hit}; guesses: {guesses}, {riskier} of them riskier than the safest cell",
            result = mine,
            moves = self.moves,
            hit = self.game.mines_hit(),
            guesses = self.guesses,
            riskier = self.riskier
        )];
        if self.deeper_skipped > 0 {
            notes.push(phrase!(
                "guesses made while a cell was certainly safe by deeper reasoning (the exact robot opens it): {n}",
                n = self.deeper_skipped
            ));
        }
        if let Some(r) = &robot {
            notes.push(phrase!(
                "the built-in robot on this field from the same first cell: {result}, mines hit: {hit}, guesses: {guesses}",
                result = result(r.won),
                hit = r.mines_hit,
                guesses = r.guesses
            ));
        }
        let details = json!({
            "finished": self.over(),
            "won": won,
            "mines_hit": self.game.mines_hit(),
            "moves": self.moves,
            "guesses": self.guesses,
            "riskier_guesses": self.riskier,
            "extra_risk": self.extra_risk,
            "guesses_past_a_deeper_safe_cell": self.deeper_skipped,
            "seed": self.seed,
            "first_click": self.first.map(|c| [c / self.config.width, c % self.config.width]),
            "robot": robot.map(|r| json!({
                "won": r.won, "mines_hit": r.mines_hit, "guesses": r.guesses,
            })),
        });
        (notes, details)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mines::Preset;
    use crate::core::mines::robot::{Choice, analyse};

    /// An agent that plays as the robot does: certain cells first, then its guess.
    fn robot_move(view: &View) -> Action {
        let a = analyse(view, DEFAULT_BUDGET, false);
        if let Some(&c) = a.safe.first() {
            return Action::Open(c);
        }
        match a.choice {
            Some(Choice::Guess { cell, .. } | Choice::OpenSafe(cell)) => Action::Open(cell),
            Some(Choice::Mark(cell)) => Action::Flag(cell),
            None => Action::Open(view.cells.iter().position(|s| *s == Seen::Hidden).unwrap()),
        }
    }

    #[test]
    fn an_agent_is_judged_move_by_move() {
        let config = Preset::Original.config();
        // the robot's own play: no violation, its guesses counted
        let mut judge = AgentJudge::new(config, 3).unwrap();
        while !judge.over() {
            let view = judge.view();
            judge.act(robot_move(&view)).unwrap();
        }
        assert!(judge.violation().is_none(), "{:?}", judge.violation());
        let (notes, details) = judge.summary();
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert_eq!(details["guesses_past_a_deeper_safe_cell"], 0);

        // an agent that opens the first hidden cell whatever it knows: it skips a cell its
        // numbers prove safe, and the violation names the move and that cell
        let mut judge = AgentJudge::new(config, 3).unwrap();
        let mut skipped = None;
        while !judge.over() && judge.moves() < 2000 {
            let view = judge.view();
            let evident = evidently_safe(&view);
            let first = view.cells.iter().position(|s| *s == Seen::Hidden).unwrap();
            if skipped.is_none() && !evident.is_empty() && !evident.contains(&first) {
                skipped = Some((judge.moves() + 1, evident[0]));
            }
            judge.act(Action::Open(first)).unwrap();
        }
        let v = judge.violation().expect("a skipped safe cell");
        let (step, sure) = skipped.unwrap();
        assert_eq!((v.verdict, v.step), (Verdict::WrongOrder, step));
        assert_eq!(v.expected, Some(sure as u64));
        assert!(v.say.english().contains("certainly safe by its numbers"));

        // illegal moves end the judging
        let mut judge = AgentJudge::new(config, 3).unwrap();
        judge.act(Action::Open(0)).unwrap();
        let open = judge
            .view()
            .cells
            .iter()
            .position(|s| matches!(s, Seen::Open(_)));
        if let Some(c) = open {
            let v = judge.act(Action::Flag(c)).unwrap_err();
            assert_eq!(v.verdict, Verdict::Wa);
        }
        assert_eq!(
            judge.act(Action::Open(400)).unwrap_err().verdict,
            Verdict::Wa
        );
    }
}
