//! Headless App tests of sound: each event of each mode asks for its effect exactly once (keys
//! in, sound requests out); M and the gamepad (Select in the panels) turn the effects off and on;
//! the volume and the switch come back on the next run; and the game runs with Bevy's real audio
//! and no sound device (as in CI) without a panic, every sound's entity gone when it ended.

mod common;

use std::path::PathBuf;

use ai_arcade::cli::Mode;
use ai_arcade::core::maze::explore::Status;
use ai_arcade::core::mines::{Config, FirstClick, Seen};
use ai_arcade::core::sound::Cue;
use ai_arcade::game::explore::Explore;
use ai_arcade::game::input::PanelFocus;
use ai_arcade::game::mines::{Mines, MinesCommand};
use ai_arcade::game::runner::Runner;
use ai_arcade::game::slide::Slide;
use ai_arcade::game::sound::{MAX_VOICES, SoundLog, SoundSettings, SoundToast, SoundVoice};
use ai_arcade::game::{AppState, Launch, LogicPlugin};
use ai_arcade::store::settings::{SETTINGS_FILE, Settings};
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::*;

/// Taps each arrow in turn until `moves` (a count of the player's moves) goes up by one: the
/// first way open from where the game starts.
fn move_once(app: &mut App, moves: impl Fn(&App) -> usize) {
    let before = moves(app);
    for key in [
        KeyCode::ArrowRight,
        KeyCode::ArrowDown,
        KeyCode::ArrowLeft,
        KeyCode::ArrowUp,
    ] {
        tap(app, key);
        if moves(app) > before {
            break;
        }
    }
    assert_eq!(moves(app), before + 1, "one move");
}

fn log(app: &App) -> &SoundLog {
    app.world().resource::<SoundLog>()
}

fn heard(app: &App, cue: Cue) -> u32 {
    log(app).count(cue)
}

/// Down the menu to its Sound entry.
fn to_sound_entry(app: &mut App) {
    let at = ai_arcade::game::menu::MenuEntry::ALL
        .iter()
        .position(|e| *e == ai_arcade::game::menu::MenuEntry::Sound)
        .unwrap();
    for _ in 0..at {
        tap(app, KeyCode::ArrowDown);
    }
}

fn sound(app: &App) -> SoundSettings {
    *app.world().resource::<SoundSettings>()
}

fn launch(mode: Mode) -> Launch {
    Launch {
        mode,
        seed: Some(5),
        ..Launch::default()
    }
}

#[test]
fn the_menu_moves_chooses_and_comes_back() {
    let mut app = app(launch(Mode::Menu));
    frames(&mut app, 2);
    assert_eq!(log(&app).total(), 0, "opening the game is silent");
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(heard(&app, Cue::MenuMove), 1);
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(heard(&app, Cue::MenuMove), 2);
    tap(&mut app, KeyCode::Enter);
    frames(&mut app, 2);
    assert_eq!(state::<AppState>(&app), AppState::Explore);
    assert_eq!(heard(&app, Cue::MenuChoose), 1);
    assert_eq!(heard(&app, Cue::MenuBack), 0);
    tap(&mut app, KeyCode::Escape);
    frames(&mut app, 2);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    assert_eq!(heard(&app, Cue::MenuBack), 1);
    assert_eq!(heard(&app, Cue::MenuChoose), 1);
}

#[test]
fn explore_steps_backtracks_and_the_exit_sound_once() {
    let mut app = app(launch(Mode::Explore));
    for _ in 0..4_000 {
        app.update();
        if app.world().resource::<Explore>().0.status() == Status::ExitFound {
            break;
        }
    }
    assert_eq!(
        app.world().resource::<Explore>().0.status(),
        Status::ExitFound
    );
    frames(&mut app, 40);
    let steps = app.world().resource::<Explore>().0.steps();
    assert_eq!(heard(&app, Cue::ExploreExit), 1, "the exit, once");
    assert!(heard(&app, Cue::ExploreStep) >= 5);
    assert!(
        heard(&app, Cue::ExploreBacktrack) >= 1,
        "the classic maze has dead ends"
    );
    // at most one step sound per event
    assert!(heard(&app, Cue::ExploreStep) as usize <= steps, "{steps}");
    assert_eq!(heard(&app, Cue::ExploreNoExit), 0);
    // F2: the correct path walked, and the exit again at its end
    tap(&mut app, KeyCode::F2);
    for _ in 0..2_000 {
        app.update();
        if app.world().resource::<Explore>().0.status() == Status::PathReplayed {
            break;
        }
    }
    frames(&mut app, 2);
    assert_eq!(heard(&app, Cue::ExploreExit), 2);
}

#[test]
fn runner_steps_and_the_hint() {
    let mut app = app(launch(Mode::Runner));
    frames(&mut app, 2);
    move_once(&mut app, |app| {
        app.world().resource::<Runner>().game.steps() as usize
    });
    assert_eq!(heard(&app, Cue::RunnerStep), 1);
    tap(&mut app, KeyCode::Space);
    assert_eq!(heard(&app, Cue::RunnerHintOn), 1);
    tap(&mut app, KeyCode::Space);
    assert_eq!(heard(&app, Cue::RunnerHintOff), 1);
    assert_eq!(heard(&app, Cue::RunnerMachineStep), 0);
    // Enter: the machine walks to the exit; its steps are the machine's
    tap(&mut app, KeyCode::Enter);
    for _ in 0..3_000 {
        app.update();
        if app.world().resource::<Runner>().game.won() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    assert!(app.world().resource::<Runner>().game.won());
    frames(&mut app, 2);
    assert!(heard(&app, Cue::RunnerMachineStep) >= 3);
    assert_eq!(heard(&app, Cue::RunnerStep), 1);
    assert_eq!(heard(&app, Cue::RunnerWin), 1);
}

#[test]
fn slide_slides_and_takes_back() {
    let mut app = app(launch(Mode::Slide));
    frames(&mut app, 2);
    let moves = |app: &App| app.world().resource::<Slide>().game().moves();
    move_once(&mut app, moves);
    assert_eq!(heard(&app, Cue::SlideTile) + heard(&app, Cue::SlideHome), 1);
    tap(&mut app, KeyCode::KeyZ);
    assert_eq!(moves(&app), 0);
    assert_eq!(heard(&app, Cue::SlideUndo), 1);
    // undo with nothing to undo: silent
    tap(&mut app, KeyCode::KeyZ);
    assert_eq!(heard(&app, Cue::SlideUndo), 1);
}

fn small_field() -> Config {
    Config {
        width: 9,
        height: 9,
        mines: 10,
        lives: 3,
        first_click: FirstClick::Opening,
    }
}

#[test]
fn mines_opens_and_marks() {
    let mut app = app(Launch {
        mines: Some(small_field()),
        ..launch(Mode::Mines)
    });
    frames(&mut app, 2);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(
        heard(&app, Cue::MinesFlood),
        1,
        "an opening first click floods"
    );
    let hidden = {
        let game = app.world().resource::<Mines>().game();
        (0..81).find(|&c| game.seen(c) == Seen::Hidden).unwrap()
    };
    app.world_mut().write_message(MinesCommand::Mark(hidden));
    frames(&mut app, 2);
    assert_eq!(heard(&app, Cue::MinesMark), 1);
    app.world_mut().write_message(MinesCommand::Mark(hidden));
    frames(&mut app, 2);
    assert_eq!(heard(&app, Cue::MinesMark), 2, "unmarking too");
    assert_eq!(heard(&app, Cue::MinesFlood), 1);
    assert_eq!(heard(&app, Cue::MinesBlown), 0);
}

#[test]
fn m_and_the_gamepad_turn_effects_off_and_on_and_muted_sounds_do_not_play() {
    let mut app = app(Launch {
        mines: Some(small_field()),
        ..launch(Mode::Mines)
    });
    frames(&mut app, 2);
    assert!(sound(&app).effects);
    tap(&mut app, KeyCode::KeyM);
    assert!(!sound(&app).effects, "M: off");
    assert_eq!(
        app.world().resource::<SoundToast>().0.map(|t| t.0),
        Some(false),
        "and says so"
    );
    let played = log(&app).played;
    tap(&mut app, KeyCode::Enter);
    assert_eq!(
        heard(&app, Cue::MinesOpen) + heard(&app, Cue::MinesFlood),
        1
    );
    assert_eq!(log(&app).played, played, "asked for, not played");
    assert_eq!(count::<SoundVoice>(&mut app), 0);
    tap(&mut app, KeyCode::KeyM);
    assert!(sound(&app).effects, "M: on again");
    // the gamepad: Select on the board is the mode's (a new field); in the panels it mutes
    let pad = connect_gamepad(&mut app);
    let seed = app.world().resource::<Mines>().game().seed();
    tap_button(&mut app, pad, GamepadButton::Select);
    assert!(sound(&app).effects);
    assert_ne!(app.world().resource::<Mines>().game().seed(), seed);
    tap_button(&mut app, pad, GamepadButton::Start);
    assert!(app.world().resource::<PanelFocus>().0);
    tap_button(&mut app, pad, GamepadButton::Select);
    assert!(!sound(&app).effects, "Select in the panels: off");
    tap_button(&mut app, pad, GamepadButton::Select);
    assert!(sound(&app).effects, "and on");
}

#[test]
fn on_the_menu_select_and_m_mute_and_left_right_set_the_volume() {
    let mut app = app(launch(Mode::Menu));
    frames(&mut app, 2);
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::Select);
    assert!(!sound(&app).effects);
    tap(&mut app, KeyCode::KeyM);
    assert!(sound(&app).effects);
    // down to "Sound", then right: a tenth louder
    to_sound_entry(&mut app);
    let volume = sound(&app).volume;
    tap(&mut app, KeyCode::ArrowRight);
    assert!((sound(&app).volume - (volume + 0.1)).abs() < 1e-6);
    tap(&mut app, KeyCode::Enter);
    assert!(!sound(&app).effects, "Enter on Sound: off");
    for _ in 0..20 {
        tap(&mut app, KeyCode::ArrowLeft);
    }
    assert_eq!(sound(&app).volume, 0.0, "the volume stops at nothing");
    for _ in 0..20 {
        tap(&mut app, KeyCode::ArrowRight);
    }
    assert_eq!(sound(&app).volume, 1.0, "and at full");
    assert!(sound(&app).effects, "turning it up turns effects on");
}

#[test]
fn voices_go_when_their_sound_ends() {
    let mut app = app(launch(Mode::Menu));
    frames(&mut app, 2);
    tap(&mut app, KeyCode::ArrowDown);
    assert_eq!(log(&app).played, 1);
    assert_eq!(count::<SoundVoice>(&mut app), 1);
    // the move lasts 35 ms; with the grace a voice is gone within half a second (10 frames)
    frames(&mut app, 10);
    assert_eq!(count::<SoundVoice>(&mut app), 0);
    // a burst: never more than the cap at once
    for _ in 0..40 {
        tap(&mut app, KeyCode::ArrowDown);
        assert!(count::<SoundVoice>(&mut app) <= MAX_VOICES);
    }
    frames(&mut app, 20);
    assert_eq!(count::<SoundVoice>(&mut app), 0);
}

#[test]
fn at_most_the_cap_sound_at_once_and_each_cue_once_a_frame() {
    use ai_arcade::core::sound::Voice;
    use ai_arcade::game::sound::Sfx;
    let mut app = app(launch(Mode::Menu));
    frames(&mut app, 2);
    // every cue, twice, in one frame
    for cue in Cue::ALL.into_iter().chain(Cue::ALL) {
        app.world_mut().write_message(Sfx(Voice::plain(cue)));
    }
    app.update();
    assert_eq!(
        log(&app).total() as usize,
        Cue::ALL.len(),
        "once a frame each"
    );
    assert_eq!(log(&app).played as usize, MAX_VOICES);
    assert_eq!(count::<SoundVoice>(&mut app), MAX_VOICES);
    frames(&mut app, 25);
    assert_eq!(count::<SoundVoice>(&mut app), 0);
}

fn temp_dir(name: &str) -> PathBuf {
    fresh_dir("sound-app", name)
}

#[test]
fn volume_and_the_switch_come_back_on_the_next_run() {
    let dir = temp_dir("keep");
    let path = dir.join(SETTINGS_FILE);
    let open = |path: &PathBuf| {
        let (settings, warning) = Settings::load(path);
        assert!(warning.is_none());
        app(Launch {
            settings,
            settings_path: Some(path.clone()),
            ..launch(Mode::Menu)
        })
    };
    {
        let mut app = open(&path);
        to_sound_entry(&mut app);
        tap(&mut app, KeyCode::ArrowLeft);
        tap(&mut app, KeyCode::ArrowLeft);
        tap(&mut app, KeyCode::KeyM);
        app.world_mut().resource_mut::<SoundSettings>().showcase = true;
        frames(&mut app, 20);
    }
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("\"sound_effects\": false"), "{saved}");
    let app = open(&path);
    let again = sound(&app);
    assert!((again.volume - 0.4).abs() < 1e-6, "{again:?}");
    assert!(!again.effects);
    assert!(again.showcase);
    // a hand-edited file: the volume put back in range, the rest kept
    std::fs::write(&path, saved.replace("0.4", "7.5")).unwrap();
    let app = open(&path);
    assert_eq!(sound(&app).volume, 1.0);
    assert!(!sound(&app).effects);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The game's logic with Bevy's real audio (its plugin opens the default sound device, which
/// CI and Xvfb do not have) playing the synthesized clips.
fn app_with_audio(launch: Launch) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        bevy::audio::AudioPlugin::default(),
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
        LogicPlugin { launch },
    ))
    .add_plugins(ai_arcade::game::sound::audio_plugin)
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.update();
    app
}

#[test]
fn with_real_audio_and_maybe_no_device_every_voice_still_goes() {
    // (on a machine with a sound device: barely audible)
    let mut app = app_with_audio(Launch {
        settings: Settings {
            sound_volume: 0.02,
            ..Settings::default()
        },
        ..launch(Mode::Explore)
    });
    // the ball searches at its fastest: a step sound nearly every frame
    app.world_mut()
        .resource_mut::<Explore>()
        .0
        .playback_mut()
        .set_speed(ai_arcade::core::trace::MAX_SPEED);
    let mut most = 0;
    for _ in 0..400 {
        app.update();
        most = most.max(count::<SoundVoice>(&mut app));
        // again and again (F1)
        let mut explore = app.world_mut().resource_mut::<Explore>();
        if explore.0.status() != Status::Searching {
            explore.0.restart();
        }
    }
    assert!(log(&app).played > 10, "{:?}", log(&app));
    assert!(most <= MAX_VOICES, "{most} at once");
    // every clip was made and is playable (or at least queued)
    let clips = app
        .world()
        .resource::<Assets<ai_arcade::game::sound::Clip>>()
        .len();
    assert_eq!(clips, Cue::ALL.len());
    // leave the mode; nothing of the sounds stays
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Menu);
    frames(&mut app, 40);
    assert_eq!(count::<SoundVoice>(&mut app), 0);
}
