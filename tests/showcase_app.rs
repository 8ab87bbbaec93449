//! Headless App tests of the Showcase: started from the menu or by a minute of idleness, scenes
//! built off the main thread and played with pause, step, speed and next/previous; any other
//! key, click or button goes back to the menu; the same seed gives the same show.

mod common;

use ai_arcade::cli::Mode;
use ai_arcade::core::showcase::{Look, SceneKind};
use ai_arcade::core::trace::Mark;
use ai_arcade::game::menu::IDLE_SECONDS;
use ai_arcade::game::showcase::{Scene, ShowCell, Showcase};
use ai_arcade::game::{AppState, Launch};
use bevy::input::ButtonState;
use bevy::input::gamepad::GamepadButton;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use common::*;

fn showcase_app(seed: u64) -> App {
    let mut app = app(Launch {
        mode: Mode::Showcase,
        seed: Some(seed),
        ..Launch::default()
    });
    wait_for_scene(&mut app);
    app
}

fn showcase(app: &App) -> &Showcase {
    app.world().resource::<Showcase>()
}

/// Runs frames until the scene's boards are built (they are made on a worker thread).
fn wait_for_scene(app: &mut App) {
    for _ in 0..2_000 {
        app.update();
        if showcase(app).show.is_some() && count::<ShowCell>(app) > 0 {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the scene was never built");
}

fn steps(app: &App) -> Vec<usize> {
    showcase(app)
        .show
        .as_ref()
        .map(|s| {
            s.panes
                .iter()
                .map(ai_arcade::core::showcase::Pane::step)
                .collect()
        })
        .unwrap_or_default()
}

fn looks(app: &App) -> Vec<Vec<Look>> {
    showcase(app)
        .show
        .as_ref()
        .map(|s| {
            s.panes
                .iter()
                .map(ai_arcade::core::showcase::Pane::looks)
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_menu_left_alone_for_a_minute_starts_the_show() {
    let mut app = app(Launch::default());
    let frames_per_minute = (IDLE_SECONDS / FRAME.as_secs_f32()).ceil() as usize;
    // a key pressed before the minute is up starts the count again
    frames(&mut app, frames_per_minute - 20);
    tap(&mut app, KeyCode::ShiftLeft);
    frames(&mut app, frames_per_minute - 20);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    frames(&mut app, 30);
    assert_eq!(state::<AppState>(&app), AppState::Showcase);
    assert!(app.world().resource::<ai_arcade::game::state::Attract>().0);
    wait_for_scene(&mut app);
    assert_eq!(state::<Scene>(&app), Scene::Prim);
    // any key brings the menu back
    tap(&mut app, KeyCode::KeyQ);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    assert_eq!(count::<ShowCell>(&mut app), 0);
}

#[test]
fn the_menu_opens_the_showcase_and_it_plays_pauses_and_steps() {
    let mut app = app(Launch::default());
    for _ in 0..4 {
        tap(&mut app, KeyCode::ArrowDown);
    }
    tap(&mut app, KeyCode::Enter);
    assert_eq!(state::<AppState>(&app), AppState::Showcase);
    wait_for_scene(&mut app);
    // Prim's carving: the cells are walls at first and open as it plays
    let cells = count::<ShowCell>(&mut app);
    assert_eq!(cells, 41 * 25);
    let before = steps(&app)[0];
    frames(&mut app, 20);
    let after = steps(&app)[0];
    assert!(after > before, "the scene plays by itself");
    tap(&mut app, KeyCode::Space);
    assert!(showcase(&app).paused);
    let paused_at = steps(&app)[0];
    frames(&mut app, 20);
    assert_eq!(steps(&app)[0], paused_at, "paused means still");
    tap(&mut app, KeyCode::Period);
    assert_eq!(steps(&app)[0], paused_at + 1);
    tap(&mut app, KeyCode::Comma);
    tap(&mut app, KeyCode::Comma);
    assert_eq!(steps(&app)[0], paused_at - 1);
    tap(&mut app, KeyCode::Equal);
    tap(&mut app, KeyCode::Equal);
    assert_eq!(showcase(&app).speed, 4.0);
    tap(&mut app, KeyCode::Minus);
    assert_eq!(showcase(&app).speed, 2.0);
    tap(&mut app, KeyCode::KeyP);
    assert!(!showcase(&app).paused);
}

#[test]
fn scenes_go_forward_back_and_around_and_leave_nothing_behind() {
    let mut app = showcase_app(3);
    assert_eq!(state::<Scene>(&app), Scene::Prim);
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!(state::<Scene>(&app), Scene::Backtracker);
    wait_for_scene(&mut app);
    tap(&mut app, KeyCode::KeyN);
    assert_eq!(state::<Scene>(&app), Scene::Kruskal);
    tap(&mut app, KeyCode::ArrowLeft);
    tap(&mut app, KeyCode::ArrowLeft);
    assert_eq!(state::<Scene>(&app), Scene::Prim);
    tap(&mut app, KeyCode::ArrowLeft);
    assert_eq!(
        state::<Scene>(&app),
        Scene::Robot,
        "previous from the first wraps"
    );
    wait_for_scene(&mut app);
    assert_eq!(
        count::<ShowCell>(&mut app),
        20 * 20,
        "only this scene's cells"
    );
    tap(&mut app, KeyCode::Escape);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    assert_eq!(count::<ShowCell>(&mut app), 0);
}

#[test]
fn a_finished_scene_gives_way_to_the_next() {
    let mut app = showcase_app(1);
    // the Explore scene is the shortest; jump to it and play it fast
    for _ in 0..5 {
        tap(&mut app, KeyCode::ArrowRight);
    }
    assert_eq!(state::<Scene>(&app), Scene::Explore);
    wait_for_scene(&mut app);
    for _ in 0..4 {
        tap(&mut app, KeyCode::Equal);
    }
    let mut frames_run = 0;
    while state::<Scene>(&app) == Scene::Explore {
        app.update();
        frames_run += 1;
        assert!(frames_run < 2_000, "the scene never ended");
    }
    assert_eq!(state::<Scene>(&app), Scene::Heuristics);
}

#[test]
fn the_race_ends_with_every_search_at_the_exit() {
    let mut app = showcase_app(5);
    for _ in 0..4 {
        tap(&mut app, KeyCode::ArrowRight);
    }
    assert_eq!(state::<Scene>(&app), Scene::Race);
    wait_for_scene(&mut app);
    tap(&mut app, KeyCode::Space);
    let show = app.world_mut().resource_mut::<Showcase>();
    let mut show = show;
    let show = show.show.as_mut().unwrap();
    while show.forward() {}
    let finished = looks(&app);
    assert_eq!(finished.len(), 3);
    // every search drew its route to the exit: BFS and A* the same shortest length, the
    // rule-order DFS one at least as long
    let route = |pane: &Vec<Look>| {
        pane.iter()
            .filter(|l| matches!(l, Look::Trail(Mark::Route)))
            .count()
    };
    let lengths: Vec<usize> = finished.iter().map(route).collect();
    assert!(lengths.iter().all(|&n| n > 10), "{lengths:?}");
    let titles: Vec<String> = showcase(&app)
        .show
        .as_ref()
        .unwrap()
        .panes
        .iter()
        .map(|p| p.title.english())
        .collect();
    let of = |name: &str| lengths[titles.iter().position(|t| t.contains(name)).unwrap()];
    assert_eq!(of("BFS"), of("A*"), "{titles:?} {lengths:?}");
    assert!(of("DFS") >= of("BFS"), "{titles:?} {lengths:?}");
}

#[test]
fn the_same_seed_gives_the_same_show() {
    let mut a = showcase_app(42);
    let mut b = showcase_app(42);
    let mut c = showcase_app(43);
    for app in [&mut a, &mut b, &mut c] {
        tap(app, KeyCode::Space);
        for _ in 0..60 {
            tap(app, KeyCode::Period);
        }
    }
    assert_eq!(looks(&a), looks(&b));
    assert_ne!(looks(&a), looks(&c));
    assert_eq!(showcase(&a).show.as_ref().unwrap().kind, SceneKind::ALL[0]);
}

#[test]
fn clicks_and_gamepad_buttons_that_are_not_controls_go_back_to_the_menu() {
    let mut app = showcase_app(2);
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window: Entity::PLACEHOLDER,
    });
    frames(&mut app, 2);
    assert_eq!(state::<AppState>(&app), AppState::Menu);

    let mut app = showcase_app(2);
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    assert_eq!(
        state::<Scene>(&app),
        Scene::Backtracker,
        "d-pad: next scene"
    );
    tap_button(&mut app, pad, GamepadButton::South);
    assert!(showcase(&app).paused, "A pauses");
    tap_button(&mut app, pad, GamepadButton::RightTrigger2);
    assert_eq!(showcase(&app).speed, 2.0, "RT2: faster");
    assert_eq!(state::<AppState>(&app), AppState::Showcase);
    tap_button(&mut app, pad, GamepadButton::West);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
}

#[test]
fn learn_explains_the_scene_on_its_own_board_and_holds_the_show() {
    use ai_arcade::core::learn::Algo;
    use ai_arcade::game::learn::Learn;
    use ai_arcade::game::mines::MinesLearn;
    use ai_arcade::game::showcase::{ShowcaseLearn, ShowcaseLearnCommand};
    fn walk_algo(app: &App) -> Option<Algo> {
        app.world()
            .resource::<Learn>()
            .walk()
            .map(|w| w.lesson().algo)
    }
    fn index(app: &App) -> Option<usize> {
        app.world()
            .resource::<Learn>()
            .walk()
            .and_then(ai_arcade::core::learn::Walkthrough::index)
    }
    let mut app = showcase_app(4);
    assert_eq!(state::<Scene>(&app), Scene::Prim);
    tap(&mut app, KeyCode::KeyL);
    frames(&mut app, 1);
    assert_eq!(
        walk_algo(&app),
        Some(Algo::GenPrim),
        "L explains the carving"
    );
    assert!(showcase(&app).paused, "the show waits");
    assert_eq!(
        state::<AppState>(&app),
        AppState::Showcase,
        "L is a control, not a way out"
    );
    let held = steps(&app);
    let before = looks(&app);
    // . steps Learn, not the show; the pane shows Learn's step
    for _ in 0..5 {
        tap(&mut app, KeyCode::Period);
    }
    frames(&mut app, 2);
    assert_eq!(index(&app), Some(5));
    assert_eq!(steps(&app), held, "the show did not move");
    let painted: Vec<Color> = app
        .world_mut()
        .query::<(&ShowCell, &Sprite)>()
        .iter(app.world())
        .filter(|(c, _)| c.pane == 0)
        .map(|(_, s)| s.color)
        .collect();
    let floors = painted
        .iter()
        .filter(|c| **c == ai_arcade::game::theme::palette::FLOOR)
        .count();
    let carved = before[0].iter().filter(|l| **l == Look::Floor).count();
    assert!(
        floors > 0 && floors != carved,
        "the pane is drawn from the walkthrough ({floors} floor cells)"
    );
    // the next scene closes it; in the race the panel chooses the pane
    tap(&mut app, KeyCode::ArrowRight);
    for _ in 0..3 {
        tap(&mut app, KeyCode::ArrowRight);
    }
    wait_for_scene(&mut app);
    assert_eq!(state::<Scene>(&app), Scene::Race);
    assert!(!app.world().resource::<ShowcaseLearn>().is_open());
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::North);
    frames(&mut app, 1);
    assert_eq!(walk_algo(&app), Some(Algo::MazeBfs));
    app.world_mut().write_message(ShowcaseLearnCommand::Pane(1));
    frames(&mut app, 2);
    assert_eq!(walk_algo(&app), Some(Algo::DfsRule));
    assert_eq!(app.world().resource::<ShowcaseLearn>().pane, 1);
    tap_button(&mut app, pad, GamepadButton::North);
    frames(&mut app, 1);
    assert!(walk_algo(&app).is_none(), "Y closes it");
    // the robot's scene: its reasoning on the board shown
    for _ in 0..4 {
        tap(&mut app, KeyCode::ArrowRight);
    }
    wait_for_scene(&mut app);
    assert_eq!(state::<Scene>(&app), Scene::Robot);
    tap(&mut app, KeyCode::Period); // on with the show a step: something is open
    tap(&mut app, KeyCode::KeyL);
    frames(&mut app, 1);
    let robot = app.world().resource::<MinesLearn>();
    assert!(robot.is_open());
    assert_eq!(robot.index(), Some(0));
    tap(&mut app, KeyCode::Period);
    frames(&mut app, 1);
    assert_eq!(app.world().resource::<MinesLearn>().index(), Some(1));
    // leaving the show closes it
    tap(&mut app, KeyCode::KeyQ);
    frames(&mut app, 2);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    assert!(!app.world().resource::<MinesLearn>().is_open());
    assert!(!app.world().resource::<Learn>().is_open());
}
