//! Headless App tests of the language: chosen on the menu by keyboard and by gamepad, switched
//! at runtime and back in every mode without leaking entities, kept in the settings across a
//! restart, and the first start following the system's locale.

mod common;

use ai_arcade::cli::Mode;
use ai_arcade::core::text::Lang;
use ai_arcade::game::menu::MenuEntry;
use ai_arcade::game::settings::UiLook;
use ai_arcade::game::showcase::Showcase;
use ai_arcade::game::{AppState, Launch};
use ai_arcade::store::settings::{SETTINGS_FILE, Settings};
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use common::*;

fn lang(app: &App) -> Lang {
    app.world().resource::<UiLook>().lang
}

/// Down the menu to its Language entry.
fn to_language_entry(app: &mut App) {
    let at = MenuEntry::ALL
        .iter()
        .position(|e| *e == MenuEntry::Language)
        .unwrap();
    for _ in 0..at {
        tap(app, KeyCode::ArrowDown);
    }
}

#[test]
fn the_menu_switches_the_language_by_keys_and_by_gamepad() {
    let mut app = app(Launch::default());
    assert_eq!(lang(&app), Lang::En);
    to_language_entry(&mut app);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(lang(&app), Lang::Zh);
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!(lang(&app), Lang::En);
    tap(&mut app, KeyCode::ArrowLeft);
    assert_eq!(lang(&app), Lang::Zh);
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::South);
    assert_eq!(lang(&app), Lang::En, "A on the entry switches it too");
    assert_eq!(state::<AppState>(&app), AppState::Menu);
}

#[test]
fn every_mode_takes_a_switch_of_language_and_back_without_leaking_entities() {
    for mode in Mode::ALL {
        let mut app = app(Launch {
            mode,
            seed: Some(3),
            ..Launch::default()
        });
        frames(&mut app, 5);
        if mode == Mode::Showcase {
            // its boards are built on a worker thread: count them once they are there (a busy
            // machine can take longer than five frames)
            for _ in 0..2_000 {
                if app.world().resource::<Showcase>().show.is_some() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
                app.update();
            }
            assert!(
                app.world().resource::<Showcase>().show.is_some(),
                "never built"
            );
            frames(&mut app, 3);
        }
        let before = lasting_game_entity_count(&mut app);
        for round in 0..3 {
            app.world_mut().resource_mut::<UiLook>().lang = Lang::Zh;
            frames(&mut app, 3);
            assert_eq!(lang(&app), Lang::Zh);
            app.world_mut().resource_mut::<UiLook>().lang = Lang::En;
            frames(&mut app, 3);
            assert_eq!(
                lasting_game_entity_count(&mut app),
                before,
                "{mode:?}, round {round}: the language switch left entities behind"
            );
        }
        assert_eq!(state::<AppState>(&app), AppState::from(mode), "{mode:?}");
    }
}

#[test]
fn the_language_is_kept_across_a_restart_and_the_first_start_follows_the_system() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-lang-app-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(SETTINGS_FILE);
    let launch = |system: Lang| {
        let (settings, _) = Settings::load(&path);
        let mut launch = Launch {
            settings,
            settings_path: Some(path.clone()),
            ..Launch::default()
        };
        launch.resolve_language(|| system);
        launch
    };
    {
        // the first start: no settings file, a Chinese system
        let mut app = app(launch(Lang::Zh));
        assert_eq!(lang(&app), Lang::Zh, "the first start follows the system");
        to_language_entry(&mut app);
        tap(&mut app, KeyCode::Enter);
        assert_eq!(lang(&app), Lang::En);
        frames(&mut app, 20);
    }
    let saved = Settings::load(&path).0;
    assert_eq!(
        saved.language,
        Some(Lang::En),
        "the choice is in the settings"
    );
    // the next start keeps the player's choice, whatever the system says
    let app = app(launch(Lang::Zh));
    assert_eq!(lang(&app), Lang::En);
    drop(app);
    // the command line wins over both
    let (settings, _) = Settings::load(&path);
    let mut asked = Launch {
        settings,
        lang_asked: Some(Lang::Zh),
        ..Launch::default()
    };
    asked.resolve_language(|| Lang::En);
    assert_eq!(asked.lang, Lang::Zh);
    std::fs::remove_dir_all(dir).unwrap();
}
