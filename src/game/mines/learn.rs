//! Learn in Mines: the robot's reasoning on the board as it stands, one step at a time — the
//! numbers as constraints, each deduction with the number that forces it, the groups it counts,
//! the chances, its move — with the board tinted as the steps go (the step's number and cells,
//! what is deduced so far). While it is open the player is the robot: on a hidden cell, Enter
//! (A) claims "certainly safe", F or 2 (X) "certainly a mine"; the robot says whether it can prove
//! it and turns to the step that does (or tells what is true), keeping a score.
//!
//! The steps are `core::mines::robot::explain`: the robot's own analysis telling what it does.

use bevy::prelude::*;
use bevy_egui::egui;

use super::Mines;
use crate::core::learn::Score;
use crate::core::mines::game::View;
use crate::core::mines::robot::{
    Claim, ClaimCheck, DEFAULT_BUDGET, PSEUDO_CODE, Reason, Reasoning, ReasoningWalk, Tint,
    cell_name,
};
use crate::core::text::Lang;
use crate::game::input::{Action, Actions};
use crate::game::learn::code_lines;
use crate::game::learn::{PlayerAsk, player_buttons, step_slider};
use crate::game::theme::{ERROR, GOOD};
use crate::tr;

/// The robot's reasoning shown (walked through in `core`), and the board revision it was made
/// for.
#[derive(Resource, Debug, Default)]
pub struct MinesLearn {
    open: Option<(ReasoningWalk, u64)>,
    /// How many times it has been opened (a board painting knows a new one by it).
    opened: u64,
}

impl MinesLearn {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The walk through the reasoning shown.
    pub fn walk(&self) -> Option<&ReasoningWalk> {
        self.open.as_ref().map(|(walk, _)| walk)
    }

    /// The reasoning shown.
    pub fn reasoning(&self) -> Option<&Reasoning> {
        self.walk().map(ReasoningWalk::reasoning)
    }

    /// The index of the step shown.
    pub fn index(&self) -> Option<usize> {
        self.walk().map(ReasoningWalk::index)
    }

    /// The step shown.
    pub fn step(&self) -> Option<&Reason> {
        self.walk()?.step()
    }

    /// The player's score at claiming.
    pub fn score(&self) -> Score {
        self.walk().map(ReasoningWalk::score).unwrap_or_default()
    }

    /// The last claim and how it was judged.
    pub fn verdict(&self) -> Option<&(usize, Claim, ClaimCheck)> {
        self.walk()?.verdict()
    }

    /// True while the steps play by themselves.
    pub fn playing(&self) -> bool {
        self.walk().is_some_and(ReasoningWalk::playing)
    }

    /// Steps a second when playing.
    pub fn speed(&self) -> f32 {
        self.walk().map_or(2.0, ReasoningWalk::speed)
    }

    /// Opens on the robot's reasoning on `view`, made for board revision `revision`.
    pub fn open_on(&mut self, view: View, revision: u64) {
        self.open = Some((ReasoningWalk::new(view, DEFAULT_BUDGET), revision));
        self.opened += 1;
    }

    /// Lets `seconds` pass (the steps play on when playing).
    pub fn tick(&mut self, seconds: f32) {
        if let Some((walk, _)) = self.open.as_mut() {
            walk.tick(seconds);
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
        let Some((walk, _)) = self.open.as_mut() else {
            return;
        };
        match command {
            MinesLearnCommand::Toggle => {}
            MinesLearnCommand::TogglePlay => walk.toggle_play(),
            MinesLearnCommand::SetSpeed(speed) => walk.set_speed(speed),
            MinesLearnCommand::Forward => walk.forward(),
            MinesLearnCommand::Back => walk.back(),
            MinesLearnCommand::GoTo(i) => walk.go_to(i),
            MinesLearnCommand::Claim(cell, claim) => {
                walk.claim(cell, claim);
            }
        }
    }

    /// What the board shows of Learn (a new value means repaint).
    pub fn paint_key(&self) -> u64 {
        self.index()
            .map_or(0, |at| self.opened.wrapping_mul(1_000_003) + at as u64 + 1)
    }

    /// What each cell shows at the step shown, when open.
    pub fn tints(&self) -> Option<Vec<Tint>> {
        self.walk().map(ReasoningWalk::tints)
    }
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
    /// Steps a second when playing (kept within `core::learn::PLAY_SPEEDS`).
    SetSpeed(f32),
}

/// L (Guide) opens and closes it; while open, . and , (RB / LB) step, Enter (A) and F or 2 (X)
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
    if learn.open.as_ref().is_some_and(|(_, r)| *r != revision) {
        learn.close();
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
    let Some(walk) = learn.walk() else {
        return;
    };
    ui.horizontal(|ui| {
        ui.heading(tr!(lang, "Learn"));
        if ui.button(tr!(lang, "✖ Close (L)")).clicked() {
            out.write(MinesLearnCommand::Toggle);
        }
    });
    ui.label(egui::RichText::new(tr!(lang, "The robot's reasoning on this board")).strong());
    match player_buttons(ui, lang, walk.playing(), walk.speed()) {
        Some(PlayerAsk::Back) => {
            out.write(MinesLearnCommand::Back);
        }
        Some(PlayerAsk::TogglePlay) => {
            out.write(MinesLearnCommand::TogglePlay);
        }
        Some(PlayerAsk::Forward) => {
            out.write(MinesLearnCommand::Forward);
        }
        Some(PlayerAsk::SetSpeed(speed)) => {
            out.write(MinesLearnCommand::SetSpeed(speed));
        }
        None => {}
    }
    if let Some(step) = step_slider(ui, lang, walk.index(), walk.reasoning().steps.len()) {
        out.write(MinesLearnCommand::GoTo(step));
    }
    let Some(step) = walk.step() else {
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
            "On a hidden cell, Enter (A) says it is certainly safe, F or 2 (X) certainly a mine: the robot checks your claim and shows its proof."
        ))
        .weak(),
    );
    let score = walk.score();
    if score.asked > 0 {
        ui.label(tr!(
            lang,
            "Score {right} / {asked}",
            right = score.right,
            asked = score.asked
        ));
    }
    if let Some((_, _, check)) = walk.verdict() {
        let color = if check.right { GOOD } else { ERROR };
        ui.label(egui::RichText::new(check.say.show(lang)).color(color));
    }
    ui.label(egui::RichText::new(tr!(lang, "Rows and columns count from 1, top left.")).weak());
}
