//! State churn: every mode and every Showcase scene entered and left 100 times; the entity count
//! comes back to the menu's each time (resources, which are entities too in Bevy 0.19, are
//! counted apart: their number must not grow after the first round).

mod common;

use ai_arcade::game::showcase::{Scene, Showcase};
use ai_arcade::game::{AppState, Launch};
use bevy::prelude::*;
use common::*;

fn go(app: &mut App, state: AppState) {
    app.world_mut()
        .resource_mut::<NextState<AppState>>()
        .set(state);
    app.update();
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
            total_after_first_round = Some(entity_count(&mut app));
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
                game_entity_count(&mut app),
                baseline,
                "round {round}: leaving {mode:?} left entities behind"
            );
        }
    }
    assert_eq!(
        Some(entity_count(&mut app)),
        total_after_first_round,
        "no resource entities pile up"
    );
    // every scene, built or still being built when left
    let total = entity_count(&mut app);
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
                game_entity_count(&mut app),
                baseline,
                "round {round}: leaving {scene:?} left entities behind"
            );
        }
    }
    assert_eq!(
        entity_count(&mut app),
        total,
        "no resource entities pile up"
    );
}

fn super_state(app: &App) -> AppState {
    state::<AppState>(app)
}
