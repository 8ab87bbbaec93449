//! The game's screens as Bevy states, and the global "back to the menu" rule.

use bevy::prelude::*;

use super::AppSystems;
use super::input::{Action, Actions};
use crate::core::mode::Mode;

/// Which screen is showing. Every mode is one state; its entities carry `DespawnOnExit(state)`.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AppState {
    #[default]
    Menu,
    Explore,
    Runner,
    Slide,
    Mines,
    Showcase,
    Lab,
}

impl From<Mode> for AppState {
    fn from(mode: Mode) -> Self {
        match mode {
            Mode::Menu => AppState::Menu,
            Mode::Explore => AppState::Explore,
            Mode::Runner => AppState::Runner,
            Mode::Slide => AppState::Slide,
            Mode::Mines => AppState::Mines,
            Mode::Showcase => AppState::Showcase,
            Mode::Lab => AppState::Lab,
        }
    }
}

/// True while the Showcase runs as an attract mode: the menu started it after being left idle
/// (set by the menu, cleared when the show stops).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Attract(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Attract>().add_systems(
        Update,
        back_to_menu
            .in_set(AppSystems::Navigate)
            .run_if(not(in_state(AppState::Menu))),
    );
}

/// Esc / gamepad B leaves any mode for the menu, unless the mode used the press itself
/// (it then consumed the action earlier in the frame).
fn back_to_menu(mut actions: ResMut<Actions>, mut next: ResMut<NextState<AppState>>) {
    if actions.consume(Action::Back) {
        next.set(AppState::Menu);
    }
}
