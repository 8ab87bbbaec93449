//! Stepping through the robot's reasoning on one board ("Learn"): the step shown, playing by
//! itself at a pace, the player's claims judged against the robot's proofs with a score, and
//! what each cell shows at the step (the deductions so far, the step's number and cells).

use super::explain::{Claim, ClaimCheck, Reason, Reasoning, check_claim, explain};
use crate::core::learn::{Pace, Score};
use crate::core::mines::game::View;

/// The robot's reasoning on a board, walked through.
#[derive(Clone, Debug)]
pub struct ReasoningWalk {
    view: View,
    reasoning: Reasoning,
    at: usize,
    pace: Pace,
    score: Score,
    /// The last claim: the cell, what was claimed, how it was judged.
    verdict: Option<(usize, Claim, ClaimCheck)>,
}

/// What a cell shows at the step of a [`ReasoningWalk`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    None,
    /// Deduced by an earlier step.
    Deduced(Claim),
    /// Decided by the step shown.
    Now(Claim),
    /// A number the step reads.
    Number,
    /// A hidden neighbour of the step's number.
    Around,
    /// A cell of the groups the step counts.
    Group,
    /// The robot's move.
    Chosen,
}

impl ReasoningWalk {
    /// The robot's reasoning on `view` (within `budget` enumeration steps), on its first step.
    pub fn new(view: View, budget: usize) -> ReasoningWalk {
        let reasoning = explain(&view, budget);
        ReasoningWalk {
            view,
            reasoning,
            at: 0,
            pace: Pace::default(),
            score: Score::default(),
            verdict: None,
        }
    }

    /// The reasoning walked through.
    pub fn reasoning(&self) -> &Reasoning {
        &self.reasoning
    }

    /// The index of the step shown.
    pub fn index(&self) -> usize {
        self.at
    }

    /// The step shown.
    pub fn step(&self) -> Option<&Reason> {
        self.reasoning.steps.get(self.at)
    }

    fn last(&self) -> usize {
        self.reasoning.steps.len().saturating_sub(1)
    }

    /// Shows step `index` (clamped to the last).
    pub fn go_to(&mut self, index: usize) {
        self.at = index.min(self.last());
    }

    /// One step forward (none past the last).
    pub fn forward(&mut self) {
        self.go_to(self.at + 1);
    }

    /// One step back (none before the first).
    pub fn back(&mut self) {
        self.go_to(self.at.saturating_sub(1));
    }

    /// True while it steps by itself.
    pub fn playing(&self) -> bool {
        self.pace.playing()
    }

    /// Steps a second when playing.
    pub fn speed(&self) -> f32 {
        self.pace.speed()
    }

    /// Plays or pauses (playing from the last step starts again at the first).
    pub fn toggle_play(&mut self) {
        if self.pace.toggle() && self.at >= self.last() {
            self.at = 0;
        }
    }

    /// Sets the speed (see [`Pace::set_speed`]).
    pub fn set_speed(&mut self, speed: f32) {
        self.pace.set_speed(speed);
    }

    /// Lets `seconds` pass: when playing, steps on at its speed, stopping at the last step.
    pub fn tick(&mut self, seconds: f32) {
        self.pace.wait(seconds);
        while self.pace.due() {
            if self.at >= self.last() {
                self.pace.stop();
                break;
            }
            self.at += 1;
        }
    }

    /// The player claims hidden `cell` certainly safe or certainly a mine: judged against the
    /// robot's proofs ([`check_claim`]), counted in the score, and the walk turns to the step
    /// that proves the truth of it.
    pub fn claim(&mut self, cell: usize, claim: Claim) -> &ClaimCheck {
        let check = check_claim(&self.view, &self.reasoning, cell, claim);
        self.score.asked += 1;
        if check.right {
            self.score.right += 1;
        }
        if let Some(proof) = check.proof {
            self.at = proof;
        }
        &self.verdict.insert((cell, claim, check)).2
    }

    /// The player's score at claiming.
    pub fn score(&self) -> Score {
        self.score
    }

    /// The last claim and how it was judged.
    pub fn verdict(&self) -> Option<&(usize, Claim, ClaimCheck)> {
        self.verdict.as_ref()
    }

    /// What each cell shows at the step: the cells deduced by earlier steps, the step's number
    /// and its hidden neighbours, the cells the step decides, groups or chooses.
    pub fn tints(&self) -> Vec<Tint> {
        let cells = self.view.cells.len();
        let mut tints = vec![Tint::None; cells];
        for reason in &self.reasoning.steps[..self.at] {
            if let (3 | 4, Some(verdict)) = (reason.line, reason.verdict) {
                for &c in &reason.cells {
                    tints[c] = Tint::Deduced(verdict);
                }
            }
        }
        if let Some(step) = self.step() {
            if let Some(k) = &step.constraint {
                for &c in &k.cells {
                    if tints[c] == Tint::None {
                        tints[c] = Tint::Around;
                    }
                }
                tints[k.number] = Tint::Number;
            }
            for &c in &step.cells {
                tints[c] = match (step.line, step.verdict) {
                    (9, _) => Tint::Chosen,
                    (_, Some(verdict)) => Tint::Now(verdict),
                    (1, _) => Tint::Number,
                    _ => Tint::Group,
                };
            }
        }
        tints
    }
}
