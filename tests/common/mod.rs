//! Helpers for headless App tests: keys and gamepad buttons in, frames stepped, entities out.
#![allow(dead_code)]

use std::time::Duration;

use ai_arcade::game::{Launch, headless_app};
use bevy::input::ButtonState;
use bevy::input::gamepad::{
    GamepadButton, GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent,
    RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

/// Simulated time per frame.
pub const FRAME: Duration = Duration::from_millis(50);

/// A headless app on `launch`, with a fixed 50 ms per frame, after its first frame.
pub fn app(launch: Launch) -> App {
    let mut app = headless_app(launch);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.update();
    app
}

/// Runs `n` frames.
pub fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// A key going down or up, as the window reports it.
pub fn key_event(key: KeyCode, state: ButtonState) -> KeyboardInput {
    KeyboardInput {
        key_code: key,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// Presses and releases a key (two frames), as a player tapping it.
pub fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .write_message(key_event(key, ButtonState::Pressed));
    app.update();
    app.world_mut()
        .write_message(key_event(key, ButtonState::Released));
    app.update();
}

/// Connects a gamepad and returns its entity.
pub fn connect_gamepad(app: &mut App) -> Entity {
    let gamepad = app.world_mut().spawn_empty().id();
    app.world_mut().write_message(GamepadConnectionEvent::new(
        gamepad,
        GamepadConnection::Connected {
            name: "Test gamepad".into(),
            vendor_id: None,
            product_id: None,
        },
    ));
    app.update();
    gamepad
}

/// Presses and releases a gamepad button (two frames).
pub fn tap_button(app: &mut App, gamepad: Entity, button: GamepadButton) {
    app.world_mut()
        .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
            gamepad, button, 1.0,
        )));
    app.update();
    app.world_mut()
        .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
            gamepad, button, 0.0,
        )));
    app.update();
}

/// Number of entities with component `C`.
pub fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

/// Total number of entities.
pub fn entity_count(app: &mut App) -> usize {
    app.world_mut().query::<Entity>().iter(app.world()).count()
}

/// Number of entities that are not resources (in Bevy 0.19 every resource is an entity too, and
/// some appear on a first state change: `PreviousState`).
pub fn game_entity_count(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), Without<bevy::ecs::resource::IsResource>>()
        .iter(app.world())
        .count()
}

/// Entities that stay: every entity but the sounds playing (each of those goes by itself when
/// its sound has had time to end: `sound_app`, the churn and the soak tests count them).
pub fn lasting_entity_count(app: &mut App) -> usize {
    entity_count(app) - count::<ai_arcade::game::sound::SoundVoice>(app)
}

/// [`game_entity_count`] without the sounds playing (see [`lasting_entity_count`]).
pub fn lasting_game_entity_count(app: &mut App) -> usize {
    game_entity_count(app) - count::<ai_arcade::game::sound::SoundVoice>(app)
}

/// A fresh, empty folder in the system's temporary folder, named after the test binary's
/// `suite`, the test's `name` and this process.
pub fn fresh_dir(suite: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ai-arcade-{suite}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The current state.
pub fn state<S: States>(app: &App) -> S {
    app.world().resource::<State<S>>().get().clone()
}
