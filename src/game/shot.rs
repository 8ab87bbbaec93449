//! `ai-arcade shot`: run the real window for some frames, save a PNG screenshot, exit.
//!
//! Fails with a clear message, never a hang: no display is caught before Bevy starts, a missing
//! GPU adapter (a panic inside the renderer) is turned into an error line, and a watchdog ends
//! the process if no picture arrives.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::gamepad::{
    GamepadButton, GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent,
    RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::time::TimeUpdateStrategy;

use super::controls::{BUTTONS, KEYS};
use super::{GamePlugin, Launch, require_display, with_kept_settings};
use crate::core::launch::{Failure, ShotRecipe};
use crate::core::text::Lang;

/// How long a shot may take in all before the watchdog gives up.
const WATCHDOG: Duration = Duration::from_mins(5);

/// What became of each screenshot, in order (written by the capture observer, read after the
/// app ends).
type Outcome = Arc<Mutex<Vec<Result<PathBuf, String>>>>;

/// The file of picture `index` (from 0) of `count`: OUT itself for a single picture, else
/// OUT-001.png, OUT-002.png, ….
fn numbered(out: &std::path::Path, index: u32, count: u32) -> PathBuf {
    if count <= 1 {
        return out.to_path_buf();
    }
    let stem = out.file_stem().unwrap_or_default().to_string_lossy();
    out.with_file_name(format!("{stem}-{:03}.png", index + 1))
}

/// One press of `--keys`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    Key(KeyCode),
    Pad(GamepadButton),
}

/// Frames to let the window map and lay out its panels before the first key.
const SETTLE_FRAMES: u32 = 10;

fn parse_keys(names: &[String]) -> Result<Vec<Press>, Failure> {
    names
        .iter()
        .map(|name| {
            let wanted = name.trim().to_ascii_lowercase();
            KEYS.iter()
                .find(|(_, n, _)| *n == wanted)
                .map(|(key, _, _)| Press::Key(*key))
                .or_else(|| {
                    BUTTONS
                        .iter()
                        .find(|(_, n, _)| *n == wanted)
                        .map(|(button, _, _)| Press::Pad(*button))
                })
                .ok_or_else(|| {
                    let valid: Vec<&str> = KEYS
                        .iter()
                        .map(|(_, n, _)| *n)
                        .chain(BUTTONS.iter().map(|(_, n, _)| *n))
                        .collect();
                    Failure::Input(format!(
                        "--keys: unknown key {name:?}; known keys: {}",
                        valid.join(" ")
                    ))
                })
        })
        .collect()
}

#[derive(Resource)]
struct ShotPlan {
    keys: Vec<Press>,
    /// The virtual gamepad, once connected.
    pad: Option<Entity>,
    frame: u32,
    frames_left: u32,
    out: PathBuf,
    outcome: Outcome,
    requested: bool,
    /// Pictures wanted, and frames between them.
    series: u32,
    every: u32,
    /// How many pictures have been asked for so far.
    asked: u32,
}

pub(super) fn run(args: ShotRecipe) -> Result<Vec<PathBuf>, Failure> {
    let keys = parse_keys(&args.keys)?;
    let mut launch = Launch::from_recipe(args.board.clone());
    require_display()?;
    if args.as_player {
        let config_dir = crate::store::config_dir();
        launch = with_kept_settings(launch, &config_dir, Lang::from_system).0;
    }
    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| Failure::Failed(format!("cannot create {}: {e}", parent.display())))?;
    }

    // A renderer that finds no adapter panics on its own thread; say so plainly and exit 1.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(std::string::ToString::to_string)
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".into());
        say(&format!(
            "error: the game window could not run ({message}); a display and a Vulkan or GL \
             adapter are needed (on a machine without a GPU: mesa-vulkan-drivers under xvfb-run)"
        ));
        std::process::exit(1);
    }));
    std::thread::spawn(|| {
        std::thread::sleep(WATCHDOG);
        say(&format!(
            "error: no screenshot after {} s; giving up",
            WATCHDOG.as_secs()
        ));
        std::process::exit(1);
    });

    let outcome: Outcome = Arc::default();
    let mut app = App::new();
    app.add_plugins(GamePlugin {
        launch,
        window: (args.width, args.height),
        resizable: false,
        // a picture needs no sound device
        sound: false,
    })
    // every frame is 1/30 s of game time, however slowly the software renderer draws it, so a
    // shot after N frames shows the same moment on every machine
    .insert_resource(TimeUpdateStrategy::ManualDuration(SHOT_FRAME))
    .insert_resource(ShotPlan {
        keys,
        pad: None,
        frame: 0,
        frames_left: args.frames,
        out: args.out.clone(),
        outcome: outcome.clone(),
        requested: false,
        series: args.series,
        every: args.every,
        asked: 0,
    })
    .add_systems(Last, take_shot);
    app.run();

    let results = outcome
        .lock()
        .map(|mut o| std::mem::take(&mut *o))
        .unwrap_or_default();
    if let Some(Err(message)) = results.iter().find(|r| r.is_err()) {
        return Err(Failure::Failed(message.clone()));
    }
    if results.len() < args.series as usize {
        return Err(Failure::Failed(
            "the window closed before the screenshot was taken".into(),
        ));
    }
    Ok(results.into_iter().flatten().collect())
}

/// Game time per frame in a shot.
pub const SHOT_FRAME: Duration = Duration::from_nanos(1_000_000_000 / 30);

/// Presses the `--keys` one by one (down on one frame, up on the next), then counts frames, asks
/// for the screenshot, and exits once it is saved.
fn take_shot(
    mut commands: Commands,
    mut plan: ResMut<ShotPlan>,
    mut exit: MessageWriter<AppExit>,
    mut keyboard: MessageWriter<KeyboardInput>,
    mut pads: MessageWriter<GamepadConnectionEvent>,
    mut buttons: MessageWriter<RawGamepadEvent>,
) {
    let (saved, failed) = plan.outcome.lock().map_or((0, true), |o| {
        (o.len() as u32, o.iter().any(Result::is_err))
    });
    if failed || saved >= plan.series {
        exit.write(AppExit::Success);
        return;
    }
    if plan.requested {
        if saved < plan.asked {
            return;
        }
        // the picture asked for is saved: the next one comes `every` frames later
        plan.requested = false;
        plan.frames_left = plan.every;
    }
    plan.frame += 1;
    if plan.pad.is_none() && plan.keys.iter().any(|k| matches!(k, Press::Pad(_))) {
        let pad = commands.spawn(Name::new("Virtual gamepad")).id();
        pads.write(GamepadConnectionEvent::new(
            pad,
            GamepadConnection::Connected {
                name: "shot".into(),
                vendor_id: None,
                product_id: None,
            },
        ));
        plan.pad = Some(pad);
    }
    // 0, 1 for the first key (down, up), 2, 3 for the second, …
    let typing = plan.frame.saturating_sub(SETTLE_FRAMES + 1);
    if plan.frame > SETTLE_FRAMES && (typing as usize) < 2 * plan.keys.len() {
        let down = typing.is_multiple_of(2);
        match plan.keys[typing as usize / 2] {
            Press::Key(key) => {
                keyboard.write(KeyboardInput {
                    key_code: key,
                    logical_key: Key::Unidentified(NativeKey::Unidentified),
                    state: if down {
                        ButtonState::Pressed
                    } else {
                        ButtonState::Released
                    },
                    text: None,
                    repeat: false,
                    window: Entity::PLACEHOLDER,
                });
            }
            Press::Pad(button) => {
                if let Some(pad) = plan.pad {
                    buttons.write(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
                        pad,
                        button,
                        if down { 1.0 } else { 0.0 },
                    )));
                }
            }
        }
        return;
    }
    if plan.frames_left > 0 {
        plan.frames_left -= 1;
        return;
    }
    plan.requested = true;
    plan.asked = saved + 1;
    let path = numbered(&plan.out, saved, plan.series);
    let outcome = plan.outcome.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>| {
            let saved = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| format!("cannot convert the screenshot: {e}"))
                .and_then(|image| {
                    image
                        .to_rgb8()
                        .save(&path)
                        .map(|()| path.clone())
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))
                });
            if let Ok(mut list) = outcome.lock() {
                list.push(saved);
            }
        },
    );
}

/// A line on stderr that a closed stderr cannot turn into a panic.
fn say(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_series_numbers_its_pictures() {
        let out = std::path::Path::new("docs/show.png");
        assert_eq!(numbered(out, 0, 1), out);
        assert_eq!(
            numbered(out, 0, 3),
            std::path::Path::new("docs/show-001.png")
        );
        assert_eq!(
            numbered(out, 2, 3),
            std::path::Path::new("docs/show-003.png")
        );
    }

    #[test]
    fn key_names_parse_and_unknown_ones_are_listed() {
        let keys = parse_keys(&["Right".into(), " space".into(), "pad-a".into()]).unwrap();
        assert_eq!(
            keys,
            vec![
                Press::Key(KeyCode::ArrowRight),
                Press::Key(KeyCode::Space),
                Press::Pad(GamepadButton::South)
            ]
        );
        let error = parse_keys(&["jump".into()]).unwrap_err();
        assert_eq!(error.exit_code(), 2);
        assert!(error.to_string().contains("known keys: up down"));
        assert!(error.to_string().contains("pad-start"));
    }
}
