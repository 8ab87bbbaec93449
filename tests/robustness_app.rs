//! State churn: every mode and every Showcase scene entered and left 100 times; the entity count
//! comes back to the menu's each time (resources, which are entities too in Bevy 0.19, are
//! counted apart: their number must not grow after the first round).

mod common;

use ai_arcade::core::sound::Cue;
use ai_arcade::game::showcase::{Scene, Showcase};
use ai_arcade::game::sound::{MAX_VOICES, SoundLog, SoundVoice};
use ai_arcade::game::{AppState, Launch};
use bevy::prelude::*;
use common::*;

fn go(app: &mut App, state: AppState) {
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(state);
    app.update();
}

/// Entities that stay: every one but the sounds still playing (each goes when its sound has had
/// time to end; checked below), never more than the cap of those.
fn lasting(app: &mut App) -> usize {
    let voices = count::<SoundVoice>(app);
    assert!(voices <= MAX_VOICES, "{voices} sounds at once");
    lasting_game_entity_count(app)
}

#[test]
fn entering_and_leaving_every_mode_and_scene_leaves_nothing_behind() {
    let mut app = app(Launch {
        seed: Some(11),
        ..Launch::default()
    });
    frames(&mut app, 2);
    let baseline = game_entity_count(&mut app);
    let modes = [
        AppState::Explore,
        AppState::Runner,
        AppState::Slide,
        AppState::Mines,
        AppState::Showcase,
    ];
    let mut total_after_first_round = None;
    for round in 0..100 {
        if round == 1 {
            total_after_first_round = Some(lasting_entity_count(&mut app));
        }
        for mode in modes {
            go(&mut app, mode);
            frames(&mut app, 2);
            assert_eq!(super_state(&app), mode);
            // (the Showcase's boards come from a worker thread, maybe later than two frames:
            // the scene loop below waits for them)
            assert!(
                mode == AppState::Showcase || game_entity_count(&mut app) > baseline,
                "{mode:?} shows something"
            );
            go(&mut app, AppState::Menu);
            assert_eq!(
                lasting(&mut app),
                baseline,
                "round {round}: leaving {mode:?} left entities behind"
            );
        }
    }
    assert_eq!(
        Some(lasting_entity_count(&mut app)),
        total_after_first_round,
        "no resource entities pile up"
    );
    // every scene, built or still being built when left
    let total = lasting_entity_count(&mut app);
    for round in 0..100 {
        for scene in Scene::ALL {
            go(&mut app, AppState::Showcase);
            app.world_mut()
                .resource_mut::<NextState<Scene>>()
                .set(scene);
            app.update();
            assert_eq!(state::<Scene>(&app), scene);
            if round % 25 == 0 {
                // now and then wait for the boards, so the scene's own entities exist
                for _ in 0..4_000 {
                    app.update();
                    if app.world().resource::<Showcase>().show.is_some() {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                app.update();
                assert!(
                    game_entity_count(&mut app) > baseline,
                    "{scene:?} shows its boards"
                );
            }
            go(&mut app, AppState::Menu);
            assert_eq!(
                lasting(&mut app),
                baseline,
                "round {round}: leaving {scene:?} left entities behind"
            );
        }
    }
    // every return to the menu said so once, and every sound went when it ended
    let backs = app.world().resource::<SoundLog>().count(Cue::MenuBack);
    assert_eq!(backs, 100 * 5 + 100 * Scene::ALL.len() as u32);
    frames(&mut app, 40);
    assert_eq!(
        count::<SoundVoice>(&mut app),
        0,
        "sounds outlived their end"
    );
    assert_eq!(game_entity_count(&mut app), baseline);
    assert_eq!(
        entity_count(&mut app),
        total,
        "no resource entities pile up"
    );
}

fn super_state(app: &App) -> AppState {
    state::<AppState>(app)
}

/// The threads of this process (Linux: one folder each under /proc/self/task).
fn threads() -> Option<usize> {
    std::fs::read_dir("/proc/self/task")
        .ok()
        .map(Iterator::count)
}

#[test]
fn leaving_a_mode_while_it_works_leaves_no_task_or_thread_behind() {
    use ai_arcade::core::slide::Board;
    use ai_arcade::core::slide::solve::Algorithm;
    use ai_arcade::game::mines::{Mines, MinesCommand};
    use ai_arcade::game::runner::{RunnerCommand, RunnerSearch};
    use ai_arcade::game::slide::{PdbRecipe, Slide, SlideCommand};
    let mut app = app(Launch {
        seed: Some(3),
        pdb: PdbRecipe::light(),
        ..Launch::default()
    });
    frames(&mut app, 2);
    let before = threads();

    // Slide: a 15-puzzle solve that first builds its pattern databases on a thread of its own
    go(&mut app, AppState::Slide);
    let start = Board::parse("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1").unwrap();
    app.world_mut().write_message(SlideCommand::SetBoards {
        start,
        goal: Board::goal(4),
    });
    app.world_mut()
        .write_message(SlideCommand::SetAlgorithm(Algorithm::IdastarPdb));
    app.world_mut().write_message(SlideCommand::Solve);
    frames(&mut app, 2);
    assert!(app.world().resource::<Slide>().running().is_some());
    assert!(
        app.world()
            .resource::<Slide>()
            .databases_building()
            .is_some()
    );
    go(&mut app, AppState::Menu);
    let slide = app.world().resource::<Slide>();
    assert!(slide.running().is_none(), "the search is cancelled");
    assert!(slide.wanted_job().is_none());
    assert!(slide.databases_building().is_none(), "the build is stopped");

    // Mines: the robot asked to think
    go(&mut app, AppState::Mines);
    app.world_mut().write_message(MinesCommand::Open(0));
    app.world_mut().write_message(MinesCommand::Hint);
    frames(&mut app, 1);
    assert!(
        app.world().resource::<Mines>().analysis_running()
            || app.world().resource::<Mines>().hint().is_some()
    );
    go(&mut app, AppState::Menu);
    assert!(!app.world().resource::<Mines>().analysis_running());

    // Runner: the hint's search
    go(&mut app, AppState::Runner);
    app.world_mut().write_message(RunnerCommand::ToggleHint);
    frames(&mut app, 1);
    go(&mut app, AppState::Menu);
    assert!(!app.world().resource::<RunnerSearch>().running());

    // the database thread ends soon after its cancel flag: the thread count comes back
    if let Some(before) = before {
        let clock = std::time::Instant::now();
        while threads().unwrap() > before {
            assert!(
                clock.elapsed() < std::time::Duration::from_secs(30),
                "{} threads, {before} before",
                threads().unwrap()
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}
