//! The Learn panel: a search shown line by line — its pseudo-code with the line being executed
//! lit, the step in one sentence, and its OPEN list, queue, stack or path with g, h and f —
//! stepped forward and back (the board follows), played and paused, at a chosen speed.
//!
//! A mode opens it with a [`Walkthrough`] of its own search (the lesson comes from the core
//! solver itself, see `core::learn`) and routes its step, pause and speed keys here while it is
//! open; this plugin keeps the walkthrough, plays it and draws the panel.

use bevy::prelude::*;
use bevy_egui::egui;

use super::AppSystems;
use super::input::{Action, Actions};
use super::theme::{ERROR, GOOD};
use crate::core::learn::{Algo, Entry, Frontier, Node, PLAY_SPEEDS, Verdict, Walkthrough};
use crate::core::text::Lang;
use crate::{msg, tr};

/// The walkthrough shown, if the panel is open, and what it was made for (a mode's board
/// revision: a changed board closes it).
#[derive(Resource, Debug, Default)]
pub struct Learn {
    walk: Option<Walkthrough>,
    /// How the player's last choice was taken ("you are the algorithm").
    verdict: Option<Verdict>,
    made_for: u64,
    /// How many walkthroughs have been opened: a board drawing one knows a new one by it.
    opened: u64,
    /// The panel's title when the mode names its algorithm more exactly than the lesson (a
    /// message).
    title: Option<&'static str>,
}

impl Learn {
    /// Opens the panel on `walk`, made for board revision `made_for`.
    pub fn open(&mut self, mut walk: Walkthrough, made_for: u64) {
        // "you are the algorithm" stays on from one walkthrough to the next
        if let Some(old) = &self.walk {
            walk.set_quiz(old.quiz());
        }
        self.walk = Some(walk);
        self.verdict = None;
        self.made_for = made_for;
        self.opened += 1;
        self.title = None;
    }

    /// Names the algorithm on the panel (a message), in place of the lesson's general name.
    pub fn set_title(&mut self, title: &'static str) {
        self.title = Some(title);
    }

    /// How many walkthroughs have been opened so far (a new one has a new number).
    pub fn opened(&self) -> u64 {
        self.opened
    }

    /// Closes the panel.
    pub fn close(&mut self) {
        self.walk = None;
    }

    /// True while the panel is open.
    pub fn is_open(&self) -> bool {
        self.walk.is_some()
    }

    /// The walkthrough shown.
    pub fn walk(&self) -> Option<&Walkthrough> {
        self.walk.as_ref()
    }

    /// How the player's last choice was taken.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Closes the panel when it was made for another board revision than `revision`.
    pub fn close_unless_for(&mut self, revision: u64) {
        if self.made_for != revision {
            self.close();
        }
    }
}

/// A number standing for what a walkthrough was made from (a mode's board and choices), for
/// [`Learn::open`] and [`Learn::close_unless_for`].
pub fn key_of(made_from: impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    made_from.hash(&mut hasher);
    hasher.finish()
}

/// What the player asks of the Learn panel (keys, gamepad, its buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum LearnCommand {
    Forward,
    Back,
    TogglePlay,
    Faster,
    Slower,
    SetSpeed(f32),
    /// Jump to a step (the panel's slider).
    GoTo(usize),
    /// "You are the algorithm" on or off.
    Quiz(bool),
    /// The player's choice of the next node.
    Answer(Node),
    Close,
}

/// What the player asked of a walkthrough's player (the Learn panels of every mode and Mines'
/// reasoning share it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerAsk {
    Back,
    TogglePlay,
    Forward,
    SetSpeed(f32),
}

/// Back, Play / Pause and Step, then the speed slider (steps a second within
/// [`PLAY_SPEEDS`]): what the player asked, if anything.
pub fn player_buttons(
    ui: &mut egui::Ui,
    lang: Lang,
    playing: bool,
    speed: f32,
) -> Option<PlayerAsk> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        if ui.button(tr!(lang, "⏮ Back")).clicked() {
            asked = Some(PlayerAsk::Back);
        }
        let play = if playing {
            tr!(lang, "⏸ Pause")
        } else {
            tr!(lang, "▶ Play")
        };
        if ui.button(play).clicked() {
            asked = Some(PlayerAsk::TogglePlay);
        }
        if ui.button(tr!(lang, "Step ⏭")).clicked() {
            asked = Some(PlayerAsk::Forward);
        }
    });
    let mut speed = speed;
    let slider = egui::Slider::new(&mut speed, PLAY_SPEEDS)
        .logarithmic(true)
        .suffix(tr!(lang, " steps/s"))
        .max_decimals(2);
    if ui.add(slider).changed() {
        asked = Some(PlayerAsk::SetSpeed(speed));
    }
    asked
}

/// The slider over a walkthrough's `total` steps at `index`: the step chosen, if moved.
pub fn step_slider(ui: &mut egui::Ui, lang: Lang, index: usize, total: usize) -> Option<usize> {
    let mut shown = index + 1;
    let slider = egui::Slider::new(&mut shown, 1..=total.max(1)).text(tr!(lang, "step"));
    ui.add(slider).changed().then(|| shown - 1)
}

/// While Learn is open, the mode's play, step and speed keys drive it: sends their commands.
pub fn route_keys(actions: &Actions, out: &mut MessageWriter<LearnCommand>) {
    for (action, command) in [
        (Action::Pause, LearnCommand::TogglePlay),
        (Action::StepForward, LearnCommand::Forward),
        (Action::StepBack, LearnCommand::Back),
        (Action::Faster, LearnCommand::Faster),
        (Action::Slower, LearnCommand::Slower),
    ] {
        if actions.fired(action) {
            out.write(command);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Learn>()
        .add_message::<LearnCommand>()
        .add_systems(
            Update,
            (apply_commands, play)
                .chain()
                .in_set(AppSystems::Update)
                .run_if(|learn: Res<Learn>| learn.is_open()),
        );
}

fn apply_commands(mut commands: MessageReader<LearnCommand>, mut learn: ResMut<Learn>) {
    for command in commands.read() {
        if *command == LearnCommand::Close {
            learn.close();
            continue;
        }
        let Some(walk) = learn.walk.as_mut() else {
            continue;
        };
        if let LearnCommand::Answer(node) = *command {
            if let Some(verdict) = walk.answer(node) {
                learn.verdict = Some(verdict);
            }
            continue;
        }
        match *command {
            LearnCommand::Forward => {
                walk.forward();
            }
            LearnCommand::Back => {
                walk.back();
            }
            LearnCommand::TogglePlay => walk.toggle_play(),
            LearnCommand::Faster => walk.faster(),
            LearnCommand::Slower => walk.slower(),
            LearnCommand::SetSpeed(speed) => walk.set_speed(speed),
            LearnCommand::GoTo(index) => walk.go_to(index),
            LearnCommand::Quiz(on) => walk.set_quiz(on),
            LearnCommand::Answer(_) | LearnCommand::Close => {}
        }
    }
}

fn play(mut learn: ResMut<Learn>, time: Res<Time>) {
    if let Some(walk) = learn.walk.as_mut() {
        walk.tick(time.delta_secs());
    }
}

/// The panel's title for a sliding-puzzle solver (a message): its own name, or for IDA* with
/// pattern databases, what it is explained as.
pub fn slide_title(algorithm: crate::core::slide::solve::Algorithm) -> &'static str {
    match algorithm {
        crate::core::slide::solve::Algorithm::IdastarPdb => msg!(
            "IDA* — pattern databases, explained as IDA* with Manhattan + linear conflict (its tuned search does not describe itself)"
        ),
        algorithm => algorithm.title(),
    }
}

/// The algorithm's name on the panel (a message).
fn title(algo: Algo) -> &'static str {
    match algo {
        Algo::DfsRule => msg!("Depth-first search, rule order down, right, left, up"),
        Algo::MazeBfs | Algo::SlideBfs => msg!("Breadth-first search"),
        Algo::MazeAstar => msg!("A* — Manhattan distance"),
        Algo::SlideDfs => msg!("Depth-first search (depth limit)"),
        Algo::SlideAstar => msg!("A* search"),
        Algo::SlideIdastar => msg!("IDA* — Manhattan + linear conflict"),
        Algo::GenBacktracker => msg!("Carving: the recursive backtracker"),
        Algo::GenPrim => msg!("Carving: randomized Prim (the wall list)"),
        Algo::GenKruskal => msg!("Carving: randomized Kruskal (sets of cells)"),
        Algo::GenWilson => msg!("Carving: Wilson's loop-erased random walks"),
    }
}

/// What the frontier is called, with its order (a message).
fn frontier_title(frontier: Frontier) -> &'static str {
    match frontier {
        Frontier::Open => msg!("OPEN, lowest f first"),
        Frontier::Queue => msg!("Queue, front first"),
        Frontier::Stack => msg!("Stack, bottom first (the top is last)"),
        Frontier::Path => msg!("Path, start first"),
        Frontier::WallList => msg!("LIST of walls (one is taken at random)"),
        Frontier::Walls => msg!("WALLS still to try, the next first"),
        Frontier::Walk => msg!("WALK, its start first (loops erased)"),
    }
}

/// How many frontier entries the panel lists (the total is said too).
const SHOWN: usize = 12;

/// The panel's contents; its buttons write [`LearnCommand`]s.
pub fn learn_panel(
    ui: &mut egui::Ui,
    lang: Lang,
    learn: &Learn,
    out: &mut MessageWriter<LearnCommand>,
) {
    let Some(walk) = learn.walk() else {
        return;
    };
    let verdict = learn.verdict();
    let lesson = walk.lesson();
    ui.horizontal(|ui| {
        ui.heading(tr!(lang, "Learn"));
        if ui.button(tr!(lang, "✖ Close (L)")).clicked() {
            out.write(LearnCommand::Close);
        }
    });
    let name = learn.title.unwrap_or_else(|| title(lesson.algo));
    ui.label(egui::RichText::new(lang.tr(name)).strong());
    match player_buttons(ui, lang, walk.playing(), walk.speed()) {
        Some(PlayerAsk::Back) => {
            out.write(LearnCommand::Back);
        }
        Some(PlayerAsk::TogglePlay) => {
            out.write(LearnCommand::TogglePlay);
        }
        Some(PlayerAsk::Forward) => {
            out.write(LearnCommand::Forward);
        }
        Some(PlayerAsk::SetSpeed(speed)) => {
            out.write(LearnCommand::SetSpeed(speed));
        }
        None => {}
    }
    let Some(step) = walk.step() else {
        ui.label(tr!(lang, "This search has no step to show."));
        return;
    };
    let index = walk.index().unwrap_or(0);
    let total = walk.len();
    if let Some(step) = step_slider(ui, lang, index, total) {
        out.write(LearnCommand::GoTo(step));
    }
    if lesson.cut_short && walk.at_end() {
        ui.label(
            egui::RichText::new(tr!(
                lang,
                "The search went on past {steps} steps without describing them.",
                steps = total
            ))
            .weak(),
        );
    }
    ui.add_space(4.0);
    ui.label(egui::RichText::new(step.say.show(lang)).size(16.0));
    if lesson.algo.quizzable() {
        quiz(ui, lang, walk, verdict, out);
    }
    ui.add_space(4.0);
    pseudo_code(ui, lang, lesson.algo, step.line);
    ui.add_space(4.0);
    if walk.quiz() && walk.question().is_some() {
        // the frontier in the algorithm's order would give the answer away
        ui.label(
            egui::RichText::new(tr!(
                lang,
                "(The frontier's order is hidden while you choose.)"
            ))
            .weak(),
        );
    } else {
        frontier(ui, lang, lesson.algo, step);
    }
}

/// "You are the algorithm": before each expansion the player chooses the node from the
/// frontier (listed by place, f left for the player to work out), and is told why.
fn quiz(
    ui: &mut egui::Ui,
    lang: Lang,
    walk: &Walkthrough,
    verdict: Option<&Verdict>,
    out: &mut MessageWriter<LearnCommand>,
) {
    let mut on = walk.quiz();
    let label = if walk.lesson().algo.expansion_line().is_some() {
        tr!(lang, "You are the algorithm: choose each node to expand")
    } else {
        tr!(
            lang,
            "You are the algorithm: choose where depth-first goes next"
        )
    };
    if ui.checkbox(&mut on, label).changed() {
        out.write(LearnCommand::Quiz(on));
    }
    if !on {
        return;
    }
    let score = walk.score();
    ui.label(tr!(
        lang,
        "Score {right} / {asked}",
        right = score.right,
        asked = score.asked
    ));
    match verdict {
        Some(Verdict::Right { exactly: true }) => {
            ui.label(
                egui::RichText::new(tr!(lang, "✔ Right: that is the node it takes.")).color(GOOD),
            );
        }
        Some(Verdict::Right { exactly: false }) => {
            ui.label(
                egui::RichText::new(tr!(
                    lang,
                    "✔ Right: tied with the node it took (its tie rule chose the other)."
                ))
                .color(GOOD),
            );
        }
        Some(Verdict::Wrong(why)) => {
            ui.label(egui::RichText::new(format!("✖ {}", why.show(lang))).color(ERROR));
        }
        None => {}
    }
    if walk.question().is_none() {
        ui.label(egui::RichText::new(tr!(lang, "Step on to the next choice.")).weak());
        return;
    }
    let algo = walk.lesson().algo;
    ui.label(egui::RichText::new(tr!(lang, "Which node is taken next?")).strong());
    let mut candidates: Vec<&Entry> = walk.candidates().iter().collect();
    // by place, not in the algorithm's order: finding the one is the player's work
    candidates.sort_by_key(|e| match e.node {
        Node::Cell(p) => (p.row, p.col, String::new()),
        Node::Board(b) => (0, 0, b.to_string()),
    });
    ui.horizontal_wrapped(|ui| {
        for entry in candidates.into_iter().take(24) {
            let label = match (algo.frontier(), entry.h) {
                (Frontier::Open, Some(h)) => format!("{}  g={} h={h}", entry.node, entry.g),
                _ => format!("{}  g={}", entry.node, entry.g),
            };
            if ui.button(egui::RichText::new(label).monospace()).clicked() {
                out.write(LearnCommand::Answer(entry.node));
            }
        }
    });
}

/// The pseudo-code with the step's line lit.
fn pseudo_code(ui: &mut egui::Ui, lang: Lang, algo: Algo, line: u8) {
    code_lines(ui, lang, algo.pseudo_code(), line);
}

/// Pseudo-code lines (messages) with line `line` (from 1) lit.
pub fn code_lines(ui: &mut egui::Ui, lang: Lang, lines: &[&'static str], line: u8) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        for (i, code) in lines.iter().enumerate() {
            let number = i + 1;
            let text = format!("{number:>2}  {}", lang.tr(code));
            let mut rich = egui::RichText::new(text).monospace();
            if number == usize::from(line) {
                rich = rich
                    .background_color(egui::Color32::from_rgb(90, 80, 20))
                    .color(egui::Color32::WHITE)
                    .strong();
            } else {
                rich = rich.weak();
            }
            ui.label(rich);
        }
    });
}

/// The frontier after the step: its first entries with their numbers, and the counts.
fn frontier(ui: &mut egui::Ui, lang: Lang, algo: Algo, step: &crate::core::learn::Step) {
    let frontier = algo.frontier();
    ui.strong(lang.tr(frontier_title(frontier)));
    let (open, closed) = (step.open_total, step.closed);
    ui.label(match (frontier, algo.generator()) {
        (Frontier::Walls, _) => tr!(
            lang,
            "{open} still to try, {closed} tried",
            open = open,
            closed = closed
        ),
        (_, Some(_)) => tr!(
            lang,
            "{open} in it, {closed} cells carved",
            open = open,
            closed = closed
        ),
        _ => tr!(
            lang,
            "{open} in it, {closed} closed",
            open = open,
            closed = closed
        ),
    });
    if let Some(bound) = step.bound {
        ui.label(tr!(lang, "bound = {bound}", bound = bound));
    }
    if let Some(sets) = step.sets {
        ui.label(
            egui::RichText::new(tr!(lang, "{sets} sets of joined cells", sets = sets)).strong(),
        );
    }
    // a stack and a path grow at their end: show the newest entries
    let entries: Vec<&Entry> = match frontier {
        Frontier::Open | Frontier::Queue | Frontier::WallList | Frontier::Walls => {
            step.open.iter().take(SHOWN).collect()
        }
        Frontier::Stack | Frontier::Path | Frontier::Walk => {
            let skip = step.open.len().saturating_sub(SHOWN);
            step.open.iter().skip(skip).collect()
        }
    };
    let with_h = matches!(frontier, Frontier::Open | Frontier::Path);
    let with_g = !matches!(frontier, Frontier::WallList | Frontier::Walls);
    egui::Grid::new("learn-frontier")
        .striped(true)
        .num_columns(if with_h { 4 } else { 2 })
        .show(ui, |ui| {
            ui.strong(tr!(lang, "node"));
            if with_g {
                ui.strong(match frontier {
                    Frontier::Stack => tr!(lang, "depth"),
                    Frontier::Walk => "#", // not shown: a symbol
                    _ => "g",              // not shown: a symbol, the same in every language
                });
            }
            if with_h {
                ui.strong("h"); // not shown: a symbol
                ui.strong("f"); // not shown: a symbol
            }
            ui.end_row();
            for entry in entries {
                let node = entry.node.to_string();
                let mut text = egui::RichText::new(node).monospace();
                if Some(entry.node) == step.node {
                    text = text.strong().color(egui::Color32::YELLOW);
                }
                ui.label(text);
                if with_g {
                    ui.label(entry.g.to_string());
                }
                if with_h {
                    ui.label(entry.h.unwrap_or(0).to_string());
                    ui.label(entry.f().to_string());
                }
                ui.end_row();
            }
        });
    let hidden = step.open_total.saturating_sub(SHOWN.min(step.open.len()));
    if hidden > 0 {
        ui.label(egui::RichText::new(tr!(lang, "… and {n} more", n = hidden)).weak());
    }
}
