//! Headless App tests of game IDs: a board opened by ID from the menu or from another mode is
//! exactly that board; a malformed ID changes nothing and says why; a launch by ID opens its
//! mode on its board.

mod common;

use ai_arcade::cli::Mode;
use ai_arcade::core::id::GameId;
use ai_arcade::core::maze::classic::classic;
use ai_arcade::core::maze::generate::Generator;
use ai_arcade::core::maze::runner::RunnerSpec;
use ai_arcade::core::mines::{Config, FirstClick};
use ai_arcade::core::slide::Board;
use ai_arcade::game::explore::Explore;
use ai_arcade::game::ids::{IdNotice, OpenId};
use ai_arcade::game::mines::Mines;
use ai_arcade::game::runner::Runner;
use ai_arcade::game::slide::Slide;
use ai_arcade::game::{AppState, Launch};
use bevy::prelude::*;
use common::*;

fn open(app: &mut App, text: &str) {
    app.world_mut().write_message(OpenId(text.into()));
    frames(app, 3);
}

fn notice(app: &App) -> Option<(String, bool)> {
    app.world()
        .resource::<IdNotice>()
        .0
        .clone()
        .map(|(text, error)| (text.english(), error))
}

#[test]
fn ids_open_their_mode_on_exactly_their_board() {
    let mut app = app(Launch::default());
    open(&mut app, "runner-kruskal-31x21-77");
    assert_eq!(state::<AppState>(&app), AppState::Runner);
    let spec = app.world().resource::<Runner>().game.spec();
    assert_eq!(
        spec,
        RunnerSpec {
            generator: Generator::Kruskal,
            width: 31,
            height: 21,
            seed: 77
        }
    );
    // from one mode straight into another
    open(&mut app, "mines-9x9-10-1-safe-5");
    assert_eq!(state::<AppState>(&app), AppState::Mines);
    let game = &app.world().resource::<Mines>().game();
    assert_eq!(
        (*game.config(), game.seed()),
        (
            Config {
                width: 9,
                height: 9,
                mines: 10,
                lives: 1,
                first_click: FirstClick::Safe
            },
            5
        )
    );
    open(&mut app, "slide-fedcba9876543210-123456789abcdef0");
    assert_eq!(state::<AppState>(&app), AppState::Slide);
    let slide = app.world().resource::<Slide>();
    assert_eq!(slide.game().start().side(), 4);
    assert_eq!(slide.game().goal(), &Board::goal(4));
    open(&mut app, "explore-classic");
    assert_eq!(state::<AppState>(&app), AppState::Explore);
    assert_eq!(app.world().resource::<Explore>().0.maze(), &classic());
    assert!(notice(&app).is_some_and(|(text, error)| !error && text.contains("explore-classic")));
}

#[test]
fn a_bad_id_changes_nothing_and_says_why() {
    let mut app = app(Launch {
        mode: Mode::Mines,
        seed: Some(3),
        ..Launch::default()
    });
    let before = app.world().resource::<Mines>().game().seed();
    for bad in [
        "mines-9x9-100-1-safe-5",
        "runner-prim-22x21-1",
        "chess-e4",
        "",
    ] {
        open(&mut app, bad);
        assert_eq!(state::<AppState>(&app), AppState::Mines, "{bad}");
        assert_eq!(app.world().resource::<Mines>().game().seed(), before);
        let (text, error) = notice(&app).expect("a message");
        assert!(error && text.starts_with("Cannot open that ID"), "{text}");
    }
}

#[test]
fn the_same_id_gives_the_same_board_and_a_launch_by_id_opens_it() {
    let id = GameId::parse("mines-20x20-81-10-any-1234").unwrap();
    let mut a = app(Launch {
        mode: Mode::Mines,
        id: Some(id.clone()),
        ..Launch::default()
    });
    let mut b = app(Launch::default());
    open(&mut b, &id.to_string());
    for app in [&mut a, &mut b] {
        app.world_mut()
            .write_message(ai_arcade::game::mines::MinesCommand::Open(0));
        frames(app, 2);
    }
    let seen = |app: &App| app.world().resource::<Mines>().game().view();
    assert_eq!(seen(&a), seen(&b));
    let runner = GameId::parse("runner-wilson-25x15-9").unwrap();
    let c = app(Launch {
        mode: Mode::Runner,
        id: Some(runner.clone()),
        ..Launch::default()
    });
    assert_eq!(
        GameId::Runner(c.world().resource::<Runner>().game.spec()),
        runner
    );
}
