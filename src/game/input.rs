//! One input vocabulary for every mode: keyboard and gamepad are mapped to [`Action`]s once per
//! frame, and modes read [`Actions`] instead of raw keys or buttons.
//!
//! What is bound comes from the showing screen's controls ([`super::controls`]): several keys or
//! buttons may produce the same action, and a button produces two actions only where the screen
//! declares them for different times (Explore's A pauses the search and, in the editor, toggles
//! a wall).

use bevy::input::gamepad::Gamepad;
use bevy::platform::collections::{HashMap, HashSet};
use bevy::prelude::*;

use super::state::AppState;
use super::{AppSystems, controls};
use crate::core::grid::Dir;

/// Everything a player can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Enter / 1 / gamepad A: choose, open, toggle.
    Confirm,
    /// 2 / F / gamepad X: mark (the editor's "place entry": 2 / X).
    Mark,
    /// 3 / C / gamepad Y: chord (the editor's "place exit").
    Chord,
    /// Space / H / gamepad Y: show a hint.
    Hint,
    /// Esc / gamepad B: back out one level (out of the panels; from a mode, to the menu).
    Back,
    /// F1 / gamepad X: run the search again from the start.
    Restart,
    /// F2 / gamepad Y: replay the correct path.
    Replay,
    /// Space / P / gamepad A: pause or resume an animation.
    Pause,
    /// `.` / gamepad RB: one step forward.
    StepForward,
    /// `,` / gamepad LB: one step back.
    StepBack,
    /// `+` / gamepad RT: faster.
    Faster,
    /// `-` / gamepad LT: slower.
    Slower,
    /// E / Tab / gamepad Select: switch the editor on or off.
    Edit,
    /// N / gamepad Select: a new board (new seed).
    NewBoard,
    /// `PageUp` / gamepad RB: zoom in on a big board.
    ZoomIn,
    /// `PageDown` / gamepad LB: zoom out.
    ZoomOut,
    /// G / gamepad left stick press: the next maze generator.
    NextGenerator,
    /// `]` / gamepad right stick press: the next board size.
    NextSize,
    /// Z / Backspace / gamepad LB: take back the last move.
    Undo,
    /// Y / gamepad RB: play again what was taken back.
    Redo,
    /// T / F3 / gamepad Mode (guide): run every solver and compare them.
    Compare,
    /// F6 / gamepad Start: move the focus into the panels (d-pad moves between buttons, A
    /// presses, B comes back to the board).
    Panels,
    /// L / gamepad right stick press: the Learn panel on or off (the algorithm step by step).
    Learn,
    /// M / gamepad Select in the panels (Select on the menu): sound effects off, or on again.
    Mute,
}

impl Action {
    /// Actions that repeat while held, after a short delay.
    fn repeats(self) -> bool {
        matches!(
            self,
            Action::Up
                | Action::Down
                | Action::Left
                | Action::Right
                | Action::StepForward
                | Action::StepBack
                | Action::Undo
                | Action::Redo
        )
    }
}

/// How far the left stick must lean to count as a direction.
const STICK_THRESHOLD: f32 = 0.5;
/// Hold time before a held direction starts repeating, and the repeat interval (seconds).
const REPEAT_DELAY: f32 = 0.32;
const REPEAT_INTERVAL: f32 = 0.08;

/// This frame's actions.
#[derive(Resource, Debug, Default)]
pub struct Actions {
    held: HashSet<Action>,
    fired: HashSet<Action>,
    held_for: HashMap<Action, f32>,
}

impl Actions {
    /// True while a key or button for `action` is down.
    pub fn held(&self, action: Action) -> bool {
        self.held.contains(&action)
    }

    /// True on the frame `action` was pressed, and on each auto-repeat of a held direction.
    pub fn fired(&self, action: Action) -> bool {
        self.fired.contains(&action)
    }

    /// Marks `action` as handled so that later systems this frame do not act on it too (the
    /// editor uses `Back` to leave editing, so the global handler must not also leave the mode).
    /// Returns whether it had fired.
    pub fn consume(&mut self, action: Action) -> bool {
        self.fired.remove(&action)
    }

    /// The direction fired this frame, if any (the first of up, down, left, right).
    pub fn direction(&self) -> Option<Dir> {
        [
            (Action::Up, Dir::Up),
            (Action::Down, Dir::Down),
            (Action::Left, Dir::Left),
            (Action::Right, Dir::Right),
        ]
        .into_iter()
        .find(|(action, _)| self.fired(*action))
        .map(|(_, dir)| dir)
    }

    /// Fires `action` as if its key had been pressed (used by on-screen buttons and tests).
    pub fn press(&mut self, action: Action) {
        self.fired.insert(action);
    }

    /// Recomputes the frame's actions from what is held now and what went down this frame
    /// (`pressed_now`: a key let go and pressed again between two frames is a new press, not a
    /// key held through both).
    fn update(&mut self, held_now: HashSet<Action>, pressed_now: &HashSet<Action>, dt: f32) {
        self.fired.clear();
        for &action in &held_now {
            let again = pressed_now.contains(&action);
            let before = self.held_for.get(&action).copied().filter(|_| !again);
            let now = before.map_or(0.0, |t| t + dt);
            let fires = match before {
                None => true,
                Some(t) if action.repeats() && now >= REPEAT_DELAY => {
                    // fire once per interval boundary crossed since the delay
                    let crossed = |t: f32| ((t - REPEAT_DELAY) / REPEAT_INTERVAL).floor();
                    t < REPEAT_DELAY || crossed(now) > crossed(t)
                }
                Some(_) => false,
            };
            if fires {
                self.fired.insert(action);
            }
            self.held_for.insert(action, now);
        }
        self.held_for.retain(|action, _| held_now.contains(action));
        self.held = held_now;
    }
}

/// True while a text field has the keyboard (set by the egui layer), so typing a file name does
/// not move the ball.
#[derive(Resource, Debug, Default)]
pub struct KeyboardCaptured(pub bool);

/// True while the focus is in the panels (F6 / gamepad Start): the gamepad then drives egui's
/// focus (d-pad moves, A presses) and not the board; B or F6 / Start come back.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PanelFocus(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Actions>()
        .init_resource::<KeyboardCaptured>()
        .init_resource::<PanelFocus>()
        .add_systems(
            Update,
            (record_actions, toggle_panels)
                .chain()
                .in_set(AppSystems::RecordInput),
        );
}

/// F6 / Start moves the focus into the panels and back; B (or Esc) also comes back — without
/// leaving the mode.
fn toggle_panels(mut actions: ResMut<Actions>, mut panels: ResMut<PanelFocus>) {
    if actions.consume(Action::Panels) {
        panels.0 = !panels.0;
    } else if panels.0 && actions.consume(Action::Back) {
        panels.0 = false;
    }
}

/// Every action a screen can bind, for the lookup below.
pub(super) const ALL_ACTIONS: [Action; 28] = {
    use Action::{
        Back, Chord, Compare, Confirm, Down, Edit, Faster, Hint, Learn, Left, Mark, Mute, NewBoard,
        NextGenerator, NextSize, Panels, Pause, Redo, Replay, Restart, Right, Slower, StepBack,
        StepForward, Undo, Up, ZoomIn, ZoomOut,
    };
    [
        Up,
        Down,
        Left,
        Right,
        Confirm,
        Mark,
        Chord,
        Hint,
        Back,
        Restart,
        Replay,
        Pause,
        StepForward,
        StepBack,
        Faster,
        Slower,
        Edit,
        NewBoard,
        ZoomIn,
        ZoomOut,
        NextGenerator,
        NextSize,
        Undo,
        Redo,
        Compare,
        Panels,
        Learn,
        Mute,
    ]
};

#[allow(clippy::too_many_arguments)]
fn record_actions(
    mut actions: ResMut<Actions>,
    keys: Res<ButtonInput<KeyCode>>,
    gamepads: Query<&Gamepad>,
    captured: Res<KeyboardCaptured>,
    panels: Res<PanelFocus>,
    screen: Option<Res<State<AppState>>>,
    time: Res<Time>,
) {
    let screen = screen.map_or(AppState::Menu, |s| *s.get());
    let mut held = HashSet::default();
    let mut pressed = HashSet::default();
    for action in ALL_ACTIONS {
        // F6 reaches the game even while a panel widget has the keyboard
        let typing = captured.0 && action != Action::Panels;
        // a key let go within the frame it went down in (a slow frame, a quick tap in a
        // browser) still counts as pressed once
        let down = |key| keys.pressed(key) || keys.just_pressed(key);
        if !typing && controls::keys_for(screen, action).any(down) {
            held.insert(action);
            if controls::keys_for(screen, action).any(|key| keys.just_pressed(key)) {
                pressed.insert(action);
            }
        }
        // in the panels the gamepad only says "back", "panels" and "mute" to the game (the
        // buttons of controls that apply in the panels); on the board, the others
        if gamepads.iter().any(|pad| {
            controls::buttons_for(screen, action, panels.0)
                .any(|b| pad.pressed(b) || pad.just_pressed(b))
        }) {
            held.insert(action);
            if gamepads.iter().any(|pad| {
                controls::buttons_for(screen, action, panels.0).any(|b| pad.just_pressed(b))
            }) {
                pressed.insert(action);
            }
        }
    }
    for gamepad in &gamepads {
        if panels.0 || !controls::uses_stick(screen) {
            continue;
        }
        let stick = gamepad.left_stick();
        if stick.y > STICK_THRESHOLD {
            held.insert(Action::Up);
        } else if stick.y < -STICK_THRESHOLD {
            held.insert(Action::Down);
        }
        if stick.x > STICK_THRESHOLD {
            held.insert(Action::Right);
        } else if stick.x < -STICK_THRESHOLD {
            held.insert(Action::Left);
        }
    }
    actions.update(held, &pressed, time.delta_secs());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(list: &[Action]) -> HashSet<Action> {
        list.iter().copied().collect()
    }

    #[test]
    fn two_taps_in_two_frames_fire_twice() {
        // a slow frame rate (a browser's software rendering): the second tap lands in the very
        // next frame, and must not look like the first one held
        let mut actions = Actions::default();
        let tap = held(&[Action::Down]);
        actions.update(tap.clone(), &tap, 0.2);
        assert!(actions.fired(Action::Down));
        actions.update(tap.clone(), &tap, 0.2);
        assert!(actions.fired(Action::Down), "the second tap");
        // held (no new press): no fire until the repeat delay
        actions.update(tap.clone(), &HashSet::default(), 0.1);
        assert!(!actions.fired(Action::Down));
    }

    #[test]
    fn a_press_fires_once_then_only_repeats_directions() {
        let mut actions = Actions::default();
        actions.update(
            held(&[Action::Right, Action::Confirm]),
            &held(&[Action::Right, Action::Confirm]),
            0.016,
        );
        assert!(actions.fired(Action::Right) && actions.fired(Action::Confirm));
        actions.update(held(&[Action::Right, Action::Confirm]), &held(&[]), 0.1);
        assert!(!actions.fired(Action::Right) && !actions.fired(Action::Confirm));
        // past the delay the direction repeats, the button does not
        let mut repeats = 0;
        for _ in 0..100 {
            actions.update(held(&[Action::Right, Action::Confirm]), &held(&[]), 0.01);
            repeats += usize::from(actions.fired(Action::Right));
            assert!(!actions.fired(Action::Confirm));
        }
        // 1.0 s held after 0.1 s: (1.1 - 0.32) / 0.08 ≈ 9.75 intervals, plus the first repeat
        assert!((9..=11).contains(&repeats), "{repeats}");
        actions.update(held(&[]), &held(&[]), 0.01);
        assert!(!actions.held(Action::Right));
        actions.update(held(&[Action::Right]), &held(&[Action::Right]), 0.01);
        assert!(actions.fired(Action::Right));
    }

    #[test]
    fn consume_hides_an_action_from_later_systems() {
        let mut actions = Actions::default();
        actions.update(held(&[Action::Back]), &held(&[Action::Back]), 0.016);
        assert!(actions.consume(Action::Back));
        assert!(!actions.fired(Action::Back));
        assert!(!actions.consume(Action::Back));
    }
}
