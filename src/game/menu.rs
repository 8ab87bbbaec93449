//! The main menu: every mode listed, the ones not built yet shown disabled; arrows / d-pad move,
//! Enter / A opens, Esc / B quits.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::AppSystems;
use super::hud::root_ui;
use super::input::{Action, Actions};
use super::state::AppState;
use super::trail::{palette, to_egui};
use super::view::PlayArea;
use crate::cli::Mode;

/// One line of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEntry {
    Mode(Mode),
    Quit,
}

impl MenuEntry {
    /// The entries, top to bottom.
    pub const ALL: [MenuEntry; 6] = [
        MenuEntry::Mode(Mode::Explore),
        MenuEntry::Mode(Mode::Runner),
        MenuEntry::Mode(Mode::Slide),
        MenuEntry::Mode(Mode::Mines),
        MenuEntry::Mode(Mode::Showcase),
        MenuEntry::Quit,
    ];

    /// True when choosing it does something.
    pub fn enabled(self) -> bool {
        match self {
            MenuEntry::Mode(mode) => mode.is_built(),
            MenuEntry::Quit => true,
        }
    }

    fn label(self) -> &'static str {
        match self {
            MenuEntry::Mode(mode) => mode.title(),
            MenuEntry::Quit => "Quit",
        }
    }

    fn blurb(self) -> &'static str {
        match self {
            MenuEntry::Mode(Mode::Explore) => {
                "The classic 8×8 maze: a ball searches by DFS with backtracking. Edit it, load your own."
            }
            MenuEntry::Mode(Mode::Runner) => {
                "Random mazes from four generators: walk them with a trail and an A* hint."
            }
            MenuEntry::Mode(Mode::Slide) => {
                "The 8- and 15-puzzle: play by hand, ask for hints, watch BFS, DFS, A* and IDA* solve it and compare them."
            }
            MenuEntry::Mode(Mode::Mines) => {
                "20×20, 81 mines, 10 robots: play it yourself, ask the robot for hints, or watch it reason."
            }
            MenuEntry::Mode(Mode::Showcase) => {
                "An attract mode cycling the solvers with animated trails. (coming soon)"
            }
            MenuEntry::Mode(Mode::Menu) => "",
            MenuEntry::Quit => "Leave the arcade.",
        }
    }
}

/// The highlighted entry (an index into [`MenuEntry::ALL`]).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MenuSelection(pub usize);

impl MenuSelection {
    /// The highlighted entry.
    pub fn entry(self) -> MenuEntry {
        MenuEntry::ALL[self.0]
    }

    /// Moves to the next enabled entry in direction `step` (+1 down, -1 up), wrapping around.
    fn advance(&mut self, step: isize) {
        let n = MenuEntry::ALL.len() as isize;
        let mut i = self.0 as isize;
        for _ in 0..n {
            i = (i + step).rem_euclid(n);
            if MenuEntry::ALL[i as usize].enabled() {
                self.0 = i as usize;
                return;
            }
        }
    }
}

/// Asks for an entry to be chosen (from a click; keys go through [`Actions`]).
#[derive(Message, Clone, Copy, Debug)]
pub struct ChooseEntry(pub MenuEntry);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuSelection>()
        .add_message::<ChooseEntry>()
        .add_systems(OnEnter(AppState::Menu), clear_play_area)
        .add_systems(
            Update,
            (navigate_menu, choose_entry)
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Menu)),
        );
}

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu.run_if(in_state(AppState::Menu)),
    );
}

fn clear_play_area(mut area: ResMut<PlayArea>) {
    area.0 = None;
}

fn navigate_menu(
    mut actions: ResMut<Actions>,
    mut selection: ResMut<MenuSelection>,
    mut choose: MessageWriter<ChooseEntry>,
) {
    if actions.fired(Action::Up) {
        selection.advance(-1);
    }
    if actions.fired(Action::Down) {
        selection.advance(1);
    }
    if actions.fired(Action::Confirm) {
        choose.write(ChooseEntry(selection.entry()));
    }
    if actions.consume(Action::Back) {
        choose.write(ChooseEntry(MenuEntry::Quit));
    }
}

fn choose_entry(
    mut chosen: MessageReader<ChooseEntry>,
    mut next: ResMut<NextState<AppState>>,
    mut exit: MessageWriter<AppExit>,
) {
    for ChooseEntry(entry) in chosen.read() {
        match entry {
            MenuEntry::Mode(mode) if mode.is_built() && *mode != Mode::Menu => {
                next.set(AppState::from(*mode));
            }
            MenuEntry::Quit => {
                exit.write(AppExit::Success);
            }
            MenuEntry::Mode(_) => {}
        }
    }
}

fn draw_menu(
    mut contexts: EguiContexts,
    mut selection: ResMut<MenuSelection>,
    mut choose: MessageWriter<ChooseEntry>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space((ui.available_height() * 0.08).max(8.0));
            ui.label(
                egui::RichText::new("ai-arcade")
                    .size(56.0)
                    .strong()
                    .color(to_egui(palette::ROUTE)),
            );
            ui.label(
                egui::RichText::new("classic AI search puzzles — play them, watch them think")
                    .size(18.0)
                    .italics(),
            );
            ui.add_space(28.0);
            let width = 560.0_f32.min(ui.available_width() - 20.0);
            for (i, entry) in MenuEntry::ALL.into_iter().enumerate() {
                let selected = selection.0 == i;
                let text = egui::RichText::new(entry.label()).size(26.0).strong();
                let button = egui::Button::new(text)
                    .min_size(egui::vec2(width, 44.0))
                    .selected(selected);
                let response = ui.add_enabled(entry.enabled(), button);
                if response.clicked() {
                    selection.0 = i;
                    choose.write(ChooseEntry(entry));
                }
                if response.hovered() && entry.enabled() {
                    selection.0 = i;
                }
                ui.label(egui::RichText::new(entry.blurb()).size(13.0).weak());
                ui.add_space(6.0);
            }
            ui.add_space(18.0);
            ui.label(
                egui::RichText::new(
                    "Up, Down or d-pad: choose     Enter or A: open     Esc or B: quit \
                     (in a mode: back to this menu)",
                )
                .weak(),
            );
        });
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_skips_disabled_entries_and_wraps() {
        let mut selection = MenuSelection(0);
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Runner));
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Slide));
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Mines));
        selection.advance(1);
        assert_eq!(
            selection.entry(),
            MenuEntry::Quit,
            "the Showcase is skipped"
        );
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Explore));
        selection.advance(-1);
        assert_eq!(selection.entry(), MenuEntry::Quit);
    }
}
