//! Headless App tests of settings: what the player changes is saved (atomically) in the config
//! folder and comes back on the next run; a corrupt file is reported and kept as `.bak`.

mod common;

use std::path::PathBuf;

use ai_arcade::cli::Mode;
use ai_arcade::core::mines::Preset;
use ai_arcade::game::menu::MenuEntry;
use ai_arcade::game::mines::{Mines, MinesCommand};
use ai_arcade::game::runner::Runner;
use ai_arcade::game::settings::{SettingsStore, UiLook};
use ai_arcade::game::showcase::Showcase;
use ai_arcade::game::{AppState, Launch};
use ai_arcade::store::settings::{ColourScheme, SETTINGS_FILE, Settings};
use bevy::prelude::*;
use common::*;

fn temp_dir(name: &str) -> PathBuf {
    fresh_dir("settings-app", name)
}

/// An app that loads and saves its settings in `dir`, as `play` does.
fn app_in(dir: &std::path::Path, mode: Mode) -> App {
    let path = dir.join(SETTINGS_FILE);
    let (settings, warning) = Settings::load(&path);
    app(Launch {
        mode,
        seed: Some(1),
        settings,
        settings_path: Some(path),
        settings_warning: warning,
        ..Launch::default()
    })
}

#[test]
fn changed_settings_come_back_on_the_next_run() {
    let dir = temp_dir("round");
    {
        let mut app = app_in(&dir, Mode::Menu);
        // the menu's UI scale and colour entries, by keys: down to "UI scale", right twice
        let at = MenuEntry::ALL
            .iter()
            .position(|e| *e == MenuEntry::UiScale)
            .unwrap();
        for _ in 0..at {
            tap(&mut app, KeyCode::ArrowDown);
        }
        tap(&mut app, KeyCode::ArrowRight);
        tap(&mut app, KeyCode::ArrowRight);
        tap(&mut app, KeyCode::ArrowDown);
        tap(&mut app, KeyCode::Enter);
        assert_eq!(app.world().resource::<UiLook>().scale, 1.5);
        assert_eq!(app.world().resource::<UiLook>().scheme, ColourScheme::Day);
        // a bigger Runner maze and a faster walk; the expert Mines field
        tap(&mut app, KeyCode::Escape);
        app.world_mut()
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Runner);
        frames(&mut app, 2);
        tap(&mut app, KeyCode::BracketRight);
        tap(&mut app, KeyCode::Equal);
        app.world_mut()
            .write_message(MinesCommand::NewGame(Preset::Expert.config(), 9));
        app.world_mut()
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Mines);
        frames(&mut app, 20);
        assert!(app.world().resource::<SettingsStore>().save_error.is_none());
    }
    let saved = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("settings were saved");
    assert!(saved.contains("\"ui_scale\": 1.5"), "{saved}");
    let mut app = app_in(&dir, Mode::Runner);
    assert_eq!(app.world().resource::<UiLook>().scale, 1.5);
    assert_eq!(app.world().resource::<UiLook>().scheme, ColourScheme::Day);
    let runner = app.world().resource::<Runner>();
    assert_eq!(runner.game.spec().width, 31, "the size after 21 is 31");
    assert!(runner.walk_speed > 12.0);
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(AppState::Mines);
    frames(&mut app, 2);
    assert_eq!(
        *app.world().resource::<Mines>().game().config(),
        Preset::Expert.config()
    );
    assert_eq!(app.world().resource::<Showcase>().speed, 1.0);
    // nothing left behind but the settings themselves (the temporary file was renamed)
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec![SETTINGS_FILE.to_string()]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_corrupt_settings_file_is_reported_once_and_kept_aside() {
    let dir = temp_dir("corrupt");
    std::fs::write(dir.join(SETTINGS_FILE), "{\"ui_scale\": 2.0, ").unwrap();
    let app = app_in(&dir, Mode::Menu);
    let store = app.world().resource::<SettingsStore>();
    let warning = store.warning.clone().expect("reported").english();
    assert!(
        warning.contains("not valid JSON") && warning.contains(".bak"),
        "{warning}"
    );
    assert_eq!(app.world().resource::<UiLook>().scale, 1.0, "defaults");
    assert_eq!(
        std::fs::read_to_string(dir.join("settings.json.bak")).unwrap(),
        "{\"ui_scale\": 2.0, "
    );
    drop(app);
    // the next run has nothing to report
    let app = app_in(&dir, Mode::Menu);
    assert!(app.world().resource::<SettingsStore>().warning.is_none());
    std::fs::remove_dir_all(dir).unwrap();
}
