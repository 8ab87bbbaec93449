//! Gamepad alone: the menu, every mode and the panels driven by gamepad input only (the d-pad,
//! A, B, Start), as a player with nothing else in hand.

mod common;

use ai_arcade::core::grid::Pos;
use ai_arcade::game::explore::Explore;
use ai_arcade::game::mines::Mines;
use ai_arcade::game::runner::{PlayerCell, Runner};
use ai_arcade::game::showcase::Scene;
use ai_arcade::game::slide::Slide;
use ai_arcade::game::{AppState, Launch, PanelFocus};
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use common::*;

/// From the menu (Explore highlighted), `downs` presses of the d-pad and A.
fn open_from_menu(app: &mut App, pad: Entity, downs: usize) {
    for _ in 0..downs {
        tap_button(app, pad, GamepadButton::DPadDown);
    }
    tap_button(app, pad, GamepadButton::South);
    frames(app, 1);
}

#[test]
fn a_gamepad_alone_plays_every_mode_and_comes_back() {
    let mut app = app(Launch {
        seed: Some(5),
        ..Launch::default()
    });
    let pad = connect_gamepad(&mut app);

    // Explore: A starts the search again (F1 is X), the ball moves
    open_from_menu(&mut app, pad, 0);
    assert_eq!(state::<AppState>(&app), AppState::Explore);
    frames(&mut app, 40);
    assert!(
        app.world().resource::<Explore>().0.steps() > 0,
        "the ball searches"
    );
    tap_button(&mut app, pad, GamepadButton::East);
    assert_eq!(state::<AppState>(&app), AppState::Menu);

    // Runner: the d-pad walks (the menu remembers the last entry: one down from Explore)
    open_from_menu(&mut app, pad, 1);
    assert_eq!(state::<AppState>(&app), AppState::Runner);
    frames(&mut app, 40); // the carving animation
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    let player = app
        .world_mut()
        .query::<&PlayerCell>()
        .single(app.world())
        .unwrap()
        .0;
    assert_eq!(player, Pos::new(1, 1));
    assert_eq!(app.world().resource::<Runner>().game.steps(), 1);
    tap_button(&mut app, pad, GamepadButton::East);

    // Slide: the d-pad slides a tile
    open_from_menu(&mut app, pad, 1);
    assert_eq!(state::<AppState>(&app), AppState::Slide);
    let before = app.world().resource::<Slide>().game().moves();
    for button in [
        GamepadButton::DPadUp,
        GamepadButton::DPadLeft,
        GamepadButton::DPadDown,
        GamepadButton::DPadRight,
    ] {
        tap_button(&mut app, pad, button);
    }
    assert!(app.world().resource::<Slide>().game().moves() > before);
    tap_button(&mut app, pad, GamepadButton::East);

    // Mines: the d-pad moves the cursor, A opens
    open_from_menu(&mut app, pad, 1);
    assert_eq!(state::<AppState>(&app), AppState::Mines);
    tap_button(&mut app, pad, GamepadButton::DPadDown);
    tap_button(&mut app, pad, GamepadButton::South);
    assert!(app.world().resource::<Mines>().game().opened_any());
    tap_button(&mut app, pad, GamepadButton::East);

    // Showcase: the d-pad changes scene, B leaves
    open_from_menu(&mut app, pad, 1);
    assert_eq!(state::<AppState>(&app), AppState::Showcase);
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    assert_eq!(state::<Scene>(&app), Scene::Backtracker);
    tap_button(&mut app, pad, GamepadButton::East);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
}

#[test]
fn start_takes_the_gamepad_into_the_panels_and_b_brings_it_back() {
    let mut app = app(Launch {
        mode: ai_arcade::cli::Mode::Mines,
        seed: Some(2),
        ..Launch::default()
    });
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::Start);
    assert!(
        app.world().resource::<PanelFocus>().0,
        "Start: into the panels"
    );
    // the d-pad and A now belong to the panels, not to the board
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    tap_button(&mut app, pad, GamepadButton::South);
    let mines = app.world().resource::<Mines>();
    assert_eq!(mines.cursor(), 0, "the board's cursor stays");
    assert!(
        !mines.game().opened_any(),
        "A pressed a panel button, not a cell"
    );
    // B leaves the panels, not the mode
    tap_button(&mut app, pad, GamepadButton::East);
    assert!(!app.world().resource::<PanelFocus>().0);
    assert_eq!(state::<AppState>(&app), AppState::Mines);
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    assert_eq!(
        app.world().resource::<Mines>().cursor(),
        1,
        "the board has the d-pad again"
    );
    // Start goes in and out too
    tap_button(&mut app, pad, GamepadButton::Start);
    tap_button(&mut app, pad, GamepadButton::Start);
    assert!(!app.world().resource::<PanelFocus>().0);
    tap_button(&mut app, pad, GamepadButton::East);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
}
