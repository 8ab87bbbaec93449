//! Learn in Mines: the robot's reasoning on the board as it stands, one step at a time — the
//! numbers as constraints, each deduction with the number that forces it, the groups it counts,
//! the chances, its move — with the board tinted as the steps go (the step's number and cells,
//! what is deduced so far). While it is open the player is the robot: on a hidden cell, Enter
//! (A) claims "certainly safe", M (X) "certainly a mine"; the robot says whether it can prove
//! it and turns to the step that does (or tells what is true), keeping a score.
//!
//! The steps are `core::mines::robot::explain`: the robot's own analysis telling what it does.

use bevy::prelude::*;
use bevy_egui::egui;

use super::Mines;
use crate::core::learn::{PLAY_SPEEDS, Score};
use crate::core::mines::game::View;
use crate::core::mines::robot::{
    Claim, ClaimCheck, DEFAULT_BUDGET, PSEUDO_CODE, Reason, Reasoning, check_claim, explain,
};
use crate::core::text::Lang;
use crate::game::input::{Action, Actions};
use crate::game::learn::code_lines;
use crate::game::theme::{ERROR, GOOD};
use crate::tr;

/// The reasoning shown, the board it was made for, the step shown and the player's claims.
#[derive(Resource, Debug, Default)]
pub struct MinesLearn {
    open: Option<Open>,
    /// How many times it has been opened (a board painting knows a new one by it).
    opened: u64,
}

#[derive(Debug)]
struct Open {
    reasoning: Reasoning,
    view: View,
    revision: u64,
    at: usize,
    score: Score,
    /// The last claim: the cell, what was claimed, how it was judged.
    verdict: Option<(usize, Claim, ClaimCheck)>,
    /// Stepping by itself, at `speed` steps a second (`clock`: seconds towards the next).
    playing: bool,
    speed: f32,
    clock: f32,
}

impl MinesLearn {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The reasoning shown.
    pub fn reasoning(&self) -> Option<&Reasoning> {
        self.open.as_ref().map(|o| &o.reasoning)
    }

    /// The index of the step shown.
    pub fn index(&self) -> Option<usize> {
        self.open.as_ref().map(|o| o.at)
    }

    /// The step shown.
    pub fn step(&self) -> Option<&Reason> {
        let open = self.open.as_ref()?;
        open.reasoning.steps.get(open.at)
    }

    /// The player's score at claiming.
    pub fn score(&self) -> Score {
        self.open.as_ref().map(|o| o.score).unwrap_or_default()
    }

    /// The last claim and how it was judged.
    pub fn verdict(&self) -> Option<&(usize, Claim, ClaimCheck)> {
        self.open.as_ref()?.verdict.as_ref()
    }

    /// Opens on the robot's reasoning on `view`, made for board revision `revision`.
    pub fn open_on(&mut self, view: View, revision: u64) {
        let reasoning = explain(&view, DEFAULT_BUDGET);
        self.open = Some(Open {
            reasoning,
            view,
            revision,
            at: 0,
            score: Score::default(),
            verdict: None,
            playing: false,
            speed: 2.0,
            clock: 0.0,
        });
        self.opened += 1;
    }

    /// True while the steps play by themselves.
    pub fn playing(&self) -> bool {
        self.open.as_ref().is_some_and(|o| o.playing)
    }

    /// Steps a second when playing.
    pub fn speed(&self) -> f32 {
        self.open.as_ref().map_or(2.0, |o| o.speed)
    }

    /// Lets `seconds` pass: when playing, steps on at its speed, stopping at the last step.
    pub fn tick(&mut self, seconds: f32) {
        let Some(open) = self.open.as_mut().filter(|o| o.playing) else {
            return;
        };
        let last = open.reasoning.steps.len().saturating_sub(1);
        open.clock += seconds.max(0.0);
        while open.clock >= 1.0 / open.speed {
            open.clock -= 1.0 / open.speed;
            if open.at >= last {
                open.playing = false;
                open.clock = 0.0;
                break;
            }
            open.at += 1;
        }
    }

    /// Closes the panel.
    pub fn close(&mut self) {
        self.open = None;
    }

    /// Carries out a command (a toggle closes: opening needs a board, [`MinesLearn::open_on`]).
    pub fn apply(&mut self, command: MinesLearnCommand) {
        if command == MinesLearnCommand::Toggle {
            self.open = None;
        }
        let Some(open) = self.open.as_mut() else {
            return;
        };
        let last = open.reasoning.steps.len().saturating_sub(1);
        match command {
            MinesLearnCommand::Toggle => {}
            MinesLearnCommand::TogglePlay => {
                open.playing = !open.playing;
                open.clock = 0.0;
                if open.playing && open.at >= last {
                    open.at = 0;
                }
            }
            MinesLearnCommand::SetSpeed(speed) => {
                let speed = if speed.is_finite() { speed } else { 2.0 };
                open.speed = speed.clamp(*PLAY_SPEEDS.start(), *PLAY_SPEEDS.end());
            }
            MinesLearnCommand::Forward => open.at = (open.at + 1).min(last),
            MinesLearnCommand::Back => open.at = open.at.saturating_sub(1),
            MinesLearnCommand::GoTo(i) => open.at = i.min(last),
            MinesLearnCommand::Claim(cell, claim) => {
                let check = check_claim(&open.view, &open.reasoning, cell, claim);
                open.score.asked += 1;
                if check.right {
                    open.score.right += 1;
                }
                if let Some(proof) = check.proof {
                    open.at = proof;
                }
                open.verdict = Some((cell, claim, check));
            }
        }
    }

    /// What the board shows of Learn (a new value means repaint).
    pub fn paint_key(&self) -> u64 {
        match &self.open {
            None => 0,
            Some(o) => self.opened.wrapping_mul(1_000_003) + o.at as u64 + 1,
        }
    }

    /// What each cell is tinted, when open: the cells deduced up to the step shown, the step's
    /// own cells, its number and the claimed cell.
    pub fn tints(&self, cells: usize) -> Option<Vec<Tint>> {
        let open = self.open.as_ref()?;
        let mut tints = vec![Tint::None; cells];
        for reason in &open.reasoning.steps[..open.at] {
            if let (3 | 4, Some(verdict)) = (reason.line, reason.verdict) {
                for &c in &reason.cells {
                    tints[c] = Tint::Deduced(verdict);
                }
            }
        }
        if let Some(step) = open.reasoning.steps.get(open.at) {
            if let Some(k) = &step.constraint {
                for &c in &k.cells {
                    if tints[c] == Tint::None {
                        tints[c] = Tint::Around;
                    }
                }
                tints[k.number] = Tint::Number;
            }
            for &c in &step.cells {
                if c < cells {
                    tints[c] = match (step.line, step.verdict) {
                        (9, _) => Tint::Chosen,
                        (_, Some(verdict)) => Tint::Now(verdict),
                        (1, _) => Tint::Number,
                        _ => Tint::Group,
                    };
                }
            }
        }
        Some(tints)
    }
}

/// How Learn tints a cell.
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

/// What the player asks of Mines' Learn.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum MinesLearnCommand {
    Toggle,
    Forward,
    Back,
    GoTo(usize),
    /// The player claims the cell certainly safe or certainly a mine.
    Claim(usize, Claim),
    /// Play or pause the steps.
    TogglePlay,
    /// Steps a second when playing (kept within [`PLAY_SPEEDS`]).
    SetSpeed(f32),
}

/// L (Guide) opens and closes it; while open, . and , (RB / LB) step, Enter (A) and M (X)
/// claim the cursor's cell.
pub(super) fn read_keys(
    actions: Res<Actions>,
    mines: Res<Mines>,
    learn: Res<MinesLearn>,
    mut out: MessageWriter<MinesLearnCommand>,
) {
    if actions.fired(Action::Learn) {
        out.write(MinesLearnCommand::Toggle);
    }
    if !learn.is_open() {
        return;
    }
    let cursor = mines.cursor();
    for (action, command) in [
        (Action::StepForward, MinesLearnCommand::Forward),
        (Action::StepBack, MinesLearnCommand::Back),
        (Action::Pause, MinesLearnCommand::TogglePlay),
        (
            Action::Faster,
            MinesLearnCommand::SetSpeed(learn.speed() * 2.0),
        ),
        (
            Action::Slower,
            MinesLearnCommand::SetSpeed(learn.speed() / 2.0),
        ),
        (
            Action::Confirm,
            MinesLearnCommand::Claim(cursor, Claim::Safe),
        ),
        (Action::Mark, MinesLearnCommand::Claim(cursor, Claim::Mine)),
    ] {
        if actions.fired(action) {
            out.write(command);
        }
    }
}

/// Carries out the commands; a changed board closes the panel.
pub(super) fn apply(
    mut commands: MessageReader<MinesLearnCommand>,
    mines: Res<Mines>,
    mut learn: ResMut<MinesLearn>,
) {
    let revision = mines.game().revision();
    if learn.open.as_ref().is_some_and(|o| o.revision != revision) {
        learn.open = None;
    }
    for command in commands.read() {
        if *command == MinesLearnCommand::Toggle && !learn.is_open() {
            learn.open_on(mines.game().view(), revision);
        } else {
            learn.apply(*command);
        }
    }
}

/// Plays the steps at their speed.
pub(super) fn tick(mut learn: ResMut<MinesLearn>, time: Res<Time>) {
    if learn.playing() {
        learn.tick(time.delta_secs());
    }
}

/// The panel: the step in a sentence, the pseudo-code, the step's number and chance, and (with
/// `claims`, where the player has a cursor) the claims.
pub fn panel(
    ui: &mut egui::Ui,
    lang: Lang,
    (learn, width, claims): (&MinesLearn, usize, bool),
    out: &mut MessageWriter<MinesLearnCommand>,
) {
    let Some(open) = learn.open.as_ref() else {
        return;
    };
    ui.horizontal(|ui| {
        ui.heading(tr!(lang, "Learn"));
        if ui.button(tr!(lang, "✖ Close (L)")).clicked() {
            out.write(MinesLearnCommand::Toggle);
        }
    });
    ui.label(egui::RichText::new(tr!(lang, "The robot's reasoning on this board")).strong());
    ui.horizontal(|ui| {
        if ui.button(tr!(lang, "⏮ Back")).clicked() {
            out.write(MinesLearnCommand::Back);
        }
        let play = if open.playing {
            tr!(lang, "⏸ Pause")
        } else {
            tr!(lang, "▶ Play")
        };
        if ui.button(play).clicked() {
            out.write(MinesLearnCommand::TogglePlay);
        }
        if ui.button(tr!(lang, "Step ⏭")).clicked() {
            out.write(MinesLearnCommand::Forward);
        }
    });
    let mut speed = open.speed;
    let slider = egui::Slider::new(&mut speed, PLAY_SPEEDS)
        .logarithmic(true)
        .suffix(tr!(lang, " steps/s"))
        .max_decimals(2);
    if ui.add(slider).changed() {
        out.write(MinesLearnCommand::SetSpeed(speed));
    }
    let total = open.reasoning.steps.len();
    let mut shown = open.at + 1;
    let slider = egui::Slider::new(&mut shown, 1..=total.max(1)).text(tr!(lang, "step"));
    if ui.add(slider).changed() {
        out.write(MinesLearnCommand::GoTo(shown - 1));
    }
    let Some(step) = open.reasoning.steps.get(open.at) else {
        return;
    };
    ui.add_space(4.0);
    ui.label(egui::RichText::new(step.say.show(lang)).size(16.0));
    if let Some(k) = &step.constraint {
        let cells: Vec<String> = k.cells.iter().map(|&c| cell_name(c, width)).collect();
        ui.label(tr!(
            lang,
            "the number at {number}: its hidden neighbours {cells} hold {mines} mines",
            number = cell_name(k.number, width),
            cells = cells.join(" "),
            mines = k.mines
        ));
    }
    if let Some(chance) = step.chance {
        ui.label(tr!(
            lang,
            "chance of a mine used: {p}%",
            p = format!("{:.1}", chance * 100.0)
        ));
    }
    ui.add_space(4.0);
    code_lines(ui, lang, PSEUDO_CODE, step.line);
    ui.add_space(6.0);
    if !claims {
        return;
    }
    ui.strong(tr!(lang, "You are the robot"));
    ui.label(
        egui::RichText::new(tr!(
            lang,
            "On a hidden cell, Enter (A) says it is certainly safe, M (X) certainly a mine: the robot checks your claim and shows its proof."
        ))
        .weak(),
    );
    let score = open.score;
    if score.asked > 0 {
        ui.label(tr!(
            lang,
            "Score {right} / {asked}",
            right = score.right,
            asked = score.asked
        ));
    }
    if let Some((_, _, check)) = &open.verdict {
        let color = if check.right { GOOD } else { ERROR };
        ui.label(egui::RichText::new(check.say.show(lang)).color(color));
    }
    ui.label(egui::RichText::new(tr!(lang, "Rows and columns count from 1, top left.")).weak());
}

/// A cell as the panel names it: (row, column) from 1.
fn cell_name(cell: usize, width: usize) -> String {
    format!("({}, {})", cell / width + 1, cell % width + 1) // not shown: numbers
}
