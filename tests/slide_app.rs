//! Headless App tests of the Slide mode: keys, gamepad and commands in; tiles, moves, the win,
//! hints, the machine's searches (off the main thread), the demo and the comparison out.

mod common;

use std::time::{Duration, Instant};

use ai_arcade::cli::Mode;
use ai_arcade::core::grid::Pos;
use ai_arcade::core::learn::{Algo, Node};
use ai_arcade::core::slide::solve::{Algorithm, Heuristic, Limits, Outcome, idastar};
use ai_arcade::core::slide::{Board, Move};
use ai_arcade::game::learn::Learn;
use ai_arcade::game::slide::{Confetti, PdbRecipe, Slide, SlideCommand, SlideTile, TreeView};
use ai_arcade::game::view::BoardLayout;
use ai_arcade::game::{AppState, Launch};
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use common::*;

fn slide_app() -> App {
    let mut app = app(Launch {
        mode: Mode::Slide,
        seed: Some(7),
        pdb: PdbRecipe::light(),
        ..Launch::default()
    });
    frames(&mut app, 1);
    app
}

fn slide(app: &App) -> &Slide {
    app.world().resource::<Slide>()
}

fn send(app: &mut App, command: SlideCommand) {
    app.world_mut().write_message(command);
    app.update();
}

/// Steps frames (with a little real time for the search threads) until `done`.
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let clock = Instant::now();
    while !done(app) {
        assert!(
            clock.elapsed() < Duration::from_mins(2),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
}

fn set_start(app: &mut App, tiles: &str) {
    send(app, SlideCommand::SetStart(Board::parse(tiles).unwrap()));
}

/// Where each tile entity says it is, as a board read from the screen: tile by nearest cell.
fn tiles_on_screen(app: &mut App) -> usize {
    count::<SlideTile>(app)
}

#[test]
fn the_board_is_drawn_tile_by_tile_and_arrows_slide_tiles() {
    let mut app = slide_app();
    assert_eq!(state::<AppState>(&app), AppState::Slide);
    assert_eq!(tiles_on_screen(&mut app), 8);
    set_start(&mut app, "1 2 3 4 0 5 6 7 8");
    // arrows move the tile by default: Left slides the tile right of the blank to the left
    tap(&mut app, KeyCode::ArrowLeft);
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 4 5 0 6 7 8");
    assert_eq!(slide(&app).game().moves(), 1);
    // at the edge nothing moves and the player is told why
    tap(&mut app, KeyCode::ArrowLeft);
    assert_eq!(slide(&app).game().moves(), 1);
    assert!(
        slide(&app)
            .notice()
            .unwrap()
            .text
            .english()
            .contains("edge")
    );
    // the setting: arrows move the blank
    send(
        &mut app,
        SlideCommand::SetArrows(ai_arcade::core::slide::game::ArrowMeaning::Blank),
    );
    tap(&mut app, KeyCode::ArrowLeft);
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 4 0 5 6 7 8");
    // a click-equivalent: the tile at the row's start slides with its neighbour... one here
    send(&mut app, SlideCommand::SlideFrom(3));
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 0 4 5 6 7 8");
    send(&mut app, SlideCommand::SlideFrom(5));
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 4 5 0 6 7 8");
    assert_eq!(slide(&app).game().moves(), 5);
}

#[test]
fn undo_redo_and_restart_by_keys() {
    let mut app = slide_app();
    set_start(&mut app, "1 2 3 4 0 5 6 7 8");
    send(&mut app, SlideCommand::SlideFrom(3));
    send(&mut app, SlideCommand::SlideFrom(5));
    tap(&mut app, KeyCode::KeyZ);
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 0 4 5 6 7 8");
    tap(&mut app, KeyCode::Backspace);
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 4 0 5 6 7 8");
    tap(&mut app, KeyCode::KeyY);
    assert_eq!(slide(&app).game().moves(), 1);
    tap(&mut app, KeyCode::F1);
    assert_eq!(slide(&app).game().moves(), 0);
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 4 0 5 6 7 8");
}

#[test]
fn solving_by_hand_wins_with_confetti_and_the_clock_stops() {
    let mut app = slide_app();
    set_start(&mut app, "1 2 3 4 5 6 0 7 8");
    tap(&mut app, KeyCode::ArrowLeft);
    frames(&mut app, 4);
    tap(&mut app, KeyCode::ArrowLeft);
    assert!(slide(&app).game().won());
    let seconds = slide(&app).game().seconds();
    assert!(seconds > 0.0);
    assert!(slide(&app).celebrate() > 0.0);
    assert!(count::<Confetti>(&mut app) > 0);
    assert!(
        slide(&app)
            .notice()
            .as_ref()
            .unwrap()
            .text
            .english()
            .contains("Solved in 2 moves")
    );
    frames(&mut app, 60);
    assert_eq!(
        slide(&app).game().seconds(),
        seconds,
        "the clock stopped at the win"
    );
    assert_eq!(count::<Confetti>(&mut app), 0, "confetti falls away");
    // after the win further moves are refused
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!(slide(&app).game().moves(), 2);
}

#[test]
fn the_machine_solves_off_the_main_thread_and_plays_a_demo() {
    let mut app = slide_app();
    set_start(&mut app, "8 6 7 2 5 4 3 0 1");
    send(&mut app, SlideCommand::SetAlgorithm(Algorithm::Bfs));
    tap(&mut app, KeyCode::Enter);
    until(&mut app, "the BFS job", |app| {
        slide(app).wanted_job().is_none()
    });
    let s = slide(&app);
    let last = s.last().expect("a report");
    assert_eq!(last.algorithm, Algorithm::Bfs);
    assert_eq!(last.report.outcome.moves().map(<[_]>::len), Some(31));
    assert_eq!(s.optimal(), Some(31));
    let demo = s.demo().expect("the demo starts");
    assert_eq!(demo.cursor, 0);
    // the demo plays at 4 moves a second (50 ms frames)
    frames(&mut app, 10);
    let cursor = slide(&app).demo().unwrap().cursor;
    assert!((1..=3).contains(&cursor), "{cursor}");
    // pause, step, step back
    tap(&mut app, KeyCode::Space);
    let paused = slide(&app).demo().unwrap().cursor;
    frames(&mut app, 10);
    assert_eq!(slide(&app).demo().unwrap().cursor, paused);
    tap(&mut app, KeyCode::Period);
    assert_eq!(slide(&app).demo().unwrap().cursor, paused + 1);
    tap(&mut app, KeyCode::Comma);
    tap(&mut app, KeyCode::Comma);
    assert_eq!(slide(&app).demo().unwrap().cursor, paused - 1);
    tap(&mut app, KeyCode::Space);
    send(&mut app, SlideCommand::SetSpeed(40.0));
    frames(&mut app, 40);
    assert!(slide(&app).demo().unwrap().finished());
    assert_eq!(slide(&app).shown(), Board::goal(3));
    assert_eq!(
        slide(&app).game().moves(),
        0,
        "the demo does not play the player's board"
    );
    tap(&mut app, KeyCode::Enter);
    assert!(slide(&app).demo().is_none());
    assert_eq!(
        slide(&app).shown().to_string(),
        "8 6 7 2 5 4 3 0 1",
        "ending the demo shows the player's board again"
    );
}

#[test]
fn compare_fills_the_table_and_the_optimal_solvers_agree() {
    let mut app = slide_app();
    set_start(&mut app, "1 8 6 3 5 2 7 0 4");
    tap(&mut app, KeyCode::KeyT);
    until(&mut app, "the comparison", |app| {
        slide(app).wanted_job().is_none()
    });
    let rows = &slide(&app).compare();
    assert_eq!(rows.len(), Algorithm::ALL.len());
    let lengths: Vec<usize> = rows
        .iter()
        .filter(|r| r.algorithm.optimal())
        .map(|r| r.report.outcome.moves().expect("solved").len())
        .collect();
    assert!(lengths.iter().all(|&l| l == lengths[0]), "{lengths:?}");
    let expanded = |a: Algorithm| {
        rows.iter()
            .find(|r| r.algorithm == a)
            .unwrap()
            .report
            .expanded
    };
    assert!(expanded(Algorithm::AstarManhattan) < expanded(Algorithm::AstarMisplaced));
    assert!(expanded(Algorithm::AstarMisplaced) < expanded(Algorithm::Bfs));
}

#[test]
fn a_depth_limit_too_small_fails_apart_from_unsolvable() {
    let mut app = slide_app();
    set_start(&mut app, "8 6 7 2 5 4 3 0 1");
    send(&mut app, SlideCommand::SetAlgorithm(Algorithm::Dfs));
    send(&mut app, SlideCommand::SetDepthLimit(10));
    tap(&mut app, KeyCode::Enter);
    until(&mut app, "the DFS job", |app| {
        slide(app).wanted_job().is_none()
    });
    assert_eq!(
        slide(&app).last().unwrap().report.outcome,
        Outcome::NotWithinDepth(10)
    );
    assert!(
        slide(&app)
            .notice()
            .unwrap()
            .text
            .english()
            .contains("FAIL")
    );
    assert!(slide(&app).demo().is_none());
    // an unsolvable start is refused at once, without a search
    set_start(&mut app, "2 1 3 4 5 6 7 8 0");
    assert!(slide(&app).notice().unwrap().error);
    tap(&mut app, KeyCode::Enter);
    assert!(slide(&app).wanted_job().is_none());
    assert!(
        slide(&app)
            .notice()
            .as_ref()
            .unwrap()
            .text
            .english()
            .contains("cannot be reached")
    );
}

#[test]
fn the_hint_shows_the_next_optimal_move_and_follows_the_player() {
    let mut app = slide_app();
    set_start(&mut app, "1 8 6 3 5 2 7 0 4");
    tap(&mut app, KeyCode::KeyH);
    until(&mut app, "the hint", |app| slide(app).hint().is_some());
    let optimal = slide(&app)
        .optimal()
        .expect("the hint's search knows the length");
    for step in 0..optimal {
        let m = slide(&app).hint().expect("a hint at every step");
        let cell = slide(&app).game().board().apply(m).unwrap().blank();
        assert_eq!(slide(&app).hint_cell(), Some(cell));
        send(&mut app, SlideCommand::MoveBlank(m));
        assert!(
            slide(&app).wanted_job().is_none(),
            "step {step}: no new search needed"
        );
    }
    assert!(slide(&app).game().won());
    assert_eq!(slide(&app).game().moves(), optimal);
}

#[test]
fn a_gamepad_plays_solves_and_undoes() {
    let mut app = slide_app();
    let pad = connect_gamepad(&mut app);
    set_start(&mut app, "1 2 3 4 0 5 6 7 8");
    tap_button(&mut app, pad, GamepadButton::DPadLeft);
    assert_eq!(slide(&app).game().board().to_string(), "1 2 3 4 5 0 6 7 8");
    tap_button(&mut app, pad, GamepadButton::LeftTrigger);
    assert_eq!(slide(&app).game().moves(), 0, "LB undoes");
    tap_button(&mut app, pad, GamepadButton::RightTrigger);
    assert_eq!(slide(&app).game().moves(), 1, "RB redoes");
    tap_button(&mut app, pad, GamepadButton::South);
    until(&mut app, "the solve", |app| {
        slide(app).wanted_job().is_none()
    });
    assert!(slide(&app).demo().is_some(), "A solves and plays the demo");
    tap_button(&mut app, pad, GamepadButton::East);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
}

#[test]
fn editing_the_start_on_the_board_by_keys() {
    let mut app = slide_app();
    set_start(&mut app, "1 2 3 4 5 6 7 8 0");
    tap(&mut app, KeyCode::KeyE);
    assert!(slide(&app).editing().is_some());
    // the cursor starts on the blank (cell 8); pick it, move left, pick: blank and 8 swap
    tap(&mut app, KeyCode::Enter);
    tap(&mut app, KeyCode::ArrowLeft);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(slide(&app).shown().to_string(), "1 2 3 4 5 6 7 0 8");
    assert_eq!(
        slide(&app).game().start().to_string(),
        "1 2 3 4 5 6 7 8 0",
        "not kept before Done"
    );
    tap(&mut app, KeyCode::KeyE);
    assert!(slide(&app).editing().is_none());
    assert_eq!(slide(&app).game().start().to_string(), "1 2 3 4 5 6 7 0 8");
    assert!(slide(&app).game().solvability().0);
}

#[test]
fn the_15_puzzle_gets_optimal_hints_from_pattern_databases() {
    let mut app = slide_app();
    tap(&mut app, KeyCode::BracketRight);
    assert_eq!(slide(&app).game().board().side(), 4);
    frames(&mut app, 1);
    assert_eq!(tiles_on_screen(&mut app), 15);
    // a start 20-odd moves out, and its optimal length by plain IDA*
    let moves = "uullddrruullldrrrdluuldrrd";
    let mut start = Board::goal(4);
    for c in moves.chars() {
        let m = match c {
            'u' => Move::Up,
            'd' => Move::Down,
            'l' => Move::Left,
            _ => Move::Right,
        };
        start = start.apply(m).unwrap();
    }
    let expected = idastar(
        &start,
        &Board::goal(4),
        Heuristic::LinearConflict,
        Limits::default(),
    )
    .outcome
    .moves()
    .unwrap()
    .len();
    set_start(&mut app, &start.to_string());
    send(&mut app, SlideCommand::SetAlgorithm(Algorithm::IdastarPdb));
    tap(&mut app, KeyCode::Enter);
    assert!(slide(&app).wanted_job().is_some());
    until(&mut app, "databases and IDA*", |app| {
        slide(app).wanted_job().is_none()
    });
    let last = slide(&app).last().expect("a report");
    assert_eq!(last.report.outcome.moves().map(<[_]>::len), Some(expected));
    assert!(
        last.report.expanded < 1000,
        "the databases guide it straight"
    );
    assert!(slide(&app).databases_note().is_some());
    // back to the 8-puzzle: 8 tiles again
    tap(&mut app, KeyCode::BracketRight);
    frames(&mut app, 1);
    assert_eq!(tiles_on_screen(&mut app), 8);
}

#[test]
fn the_strongest_databases_are_built_in_the_background_on_request_and_then_used() {
    use ai_arcade::core::slide::pdb::Split;
    // the quick split 5-5-5 and, standing in for 7-8 (minutes to build), 6-6-3 as the strongest
    let mut app = app(Launch {
        mode: Mode::Slide,
        seed: Some(7),
        pdb: PdbRecipe {
            dir: None,
            split: Split::FiveFiveFive,
            strongest: Split::SixSixThree,
        },
        ..Launch::default()
    });
    frames(&mut app, 1);
    tap(&mut app, KeyCode::BracketRight);
    assert_eq!(slide(&app).game().board().side(), 4);
    send(&mut app, SlideCommand::SetAlgorithm(Algorithm::IdastarPdb));
    // the first search reads the quick ones
    send(&mut app, SlideCommand::ToggleHint);
    until(&mut app, "the quick databases", |app| {
        slide(app).databases_split().is_some()
    });
    assert_eq!(slide(&app).databases_split(), Some(Split::FiveFiveFive));
    assert_eq!(slide(&app).strongest_split(), Split::SixSixThree);
    // the request starts a build in the background; the frames go on meanwhile
    app.world_mut()
        .write_message(ai_arcade::game::slide::BuildStrongest);
    app.update();
    assert!(slide(&app).strongest_building().is_some());
    let moves_before = slide(&app).game().moves();
    tap(&mut app, KeyCode::ArrowLeft);
    tap(&mut app, KeyCode::ArrowUp);
    assert!(
        slide(&app).game().moves() > moves_before,
        "play goes on while it builds"
    );
    until(&mut app, "the strongest databases", |app| {
        slide(app).strongest_building().is_none()
    });
    assert_eq!(slide(&app).databases_split(), Some(Split::SixSixThree));
    assert!(
        slide(&app)
            .databases_note()
            .unwrap()
            .english()
            .contains("6-6-3")
    );
    // a second request changes nothing; a solve uses them and is optimal
    app.world_mut()
        .write_message(ai_arcade::game::slide::BuildStrongest);
    app.update();
    assert!(slide(&app).strongest_building().is_none());
    set_start(&mut app, "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15");
    tap(&mut app, KeyCode::Enter);
    until(&mut app, "the solve", |app| {
        slide(app).wanted_job().is_none()
    });
    let last = slide(&app).last().expect("a report");
    assert_eq!(last.report.outcome.moves().map(<[_]>::len), Some(2));
}

#[test]
fn leaving_and_entering_again_leaves_no_tiles_behind() {
    let mut app = slide_app();
    let enter = |app: &mut App| {
        app.world_mut()
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Slide);
        frames(app, 2);
    };
    tap(&mut app, KeyCode::Escape);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    assert_eq!(count::<SlideTile>(&mut app), 0);
    // the first round trip may create things Bevy keeps for good; after it, counts repeat
    enter(&mut app);
    let with_slide = entity_count(&mut app);
    tap(&mut app, KeyCode::Escape);
    let menu = entity_count(&mut app);
    for _ in 0..3 {
        enter(&mut app);
        send(&mut app, SlideCommand::ToggleSize);
        send(&mut app, SlideCommand::ToggleSize);
        frames(&mut app, 1);
        assert_eq!(entity_count(&mut app), with_slide);
        tap(&mut app, KeyCode::Escape);
        assert_eq!(entity_count(&mut app), menu);
    }
}

/// Where tile `tile` stands on screen, as a cell of a 3×3 board (nearest centre).
fn tile_cell(app: &mut App, tile: u8) -> usize {
    let at = app
        .world_mut()
        .query::<(&SlideTile, &Transform)>()
        .iter(app.world())
        .find(|(t, _)| t.0 == tile)
        .map(|(_, transform)| transform.translation.truncate())
        .unwrap();
    let layout = BoardLayout::new(3, 3);
    (0..9)
        .min_by(|&a, &b| {
            let da = layout.center(Pos::new(a / 3, a % 3)).distance(at);
            let db = layout.center(Pos::new(b / 3, b % 3)).distance(at);
            da.total_cmp(&db)
        })
        .unwrap() as usize
}

/// Slide with `tiles` as the start and Learn opened (L) on A* with Manhattan distance.
fn learning_astar_on(tiles: &str) -> App {
    let mut app = slide_app();
    set_start(&mut app, tiles);
    send(
        &mut app,
        SlideCommand::SetAlgorithm(Algorithm::AstarManhattan),
    );
    tap(&mut app, KeyCode::KeyL);
    app
}

#[test]
fn learn_walks_through_the_chosen_search_and_the_board_shows_each_node() {
    let mut app = learning_astar_on("1 2 3 4 0 6 7 5 8");
    let start = Board::parse("1 2 3 4 0 6 7 5 8").unwrap();
    {
        let learn = app.world().resource::<Learn>();
        let walk = learn.walk().expect("L opens Learn");
        assert_eq!(walk.lesson().algo, Algo::SlideAstar);
        assert_eq!(walk.step().unwrap().node, Some(Node::Board(start)));
        let last = walk.lesson().steps.last().unwrap();
        assert_eq!(
            last.node,
            Some(Node::Board(Board::goal(3))),
            "A* ends at the goal"
        );
    }
    // step to the first board that joins OPEN: the blank moved up, tile 2 came down
    tap(&mut app, KeyCode::Period);
    tap(&mut app, KeyCode::Period);
    let node = {
        let learn = app.world().resource::<Learn>();
        let step = learn.walk().unwrap().step().unwrap();
        assert_eq!(step.line, 9);
        match step.node {
            Some(Node::Board(b)) => b,
            _ => panic!("a board"),
        }
    };
    assert_eq!(node, Board::parse("1 0 3 4 2 6 7 5 8").unwrap());
    frames(&mut app, 20);
    assert_eq!(tile_cell(&mut app, 2), 4, "the board shows the step's node");
    assert_eq!(
        slide(&app).game().board(),
        &start,
        "the game's own board is untouched"
    );
    // LB steps back (gamepad), the board follows
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::LeftTrigger);
    frames(&mut app, 20);
    assert_eq!(tile_cell(&mut app, 2), 1);
    // L closes it; a new board closes a reopened one
    tap(&mut app, KeyCode::KeyL);
    assert!(!app.world().resource::<Learn>().is_open());
    tap(&mut app, KeyCode::KeyL);
    assert!(app.world().resource::<Learn>().is_open());
    set_start(&mut app, "1 2 3 4 5 6 0 7 8");
    frames(&mut app, 1);
    assert!(!app.world().resource::<Learn>().is_open());
}

#[test]
fn the_search_tree_grows_with_the_steps_and_a_chosen_node_is_shown_on_the_board() {
    let mut app = learning_astar_on("1 2 3 4 0 6 7 5 8");
    frames(&mut app, 1);
    let nodes = |app: &App| app.world().resource::<TreeView>().tree().nodes.len();
    assert_eq!(nodes(&app), 1, "the start alone");
    // steps 2 and 3: the start is expanded, its first child joins
    tap(&mut app, KeyCode::Period);
    tap(&mut app, KeyCode::Period);
    frames(&mut app, 1);
    let child = Board::parse("1 0 3 4 2 6 7 5 8").unwrap();
    {
        let view = app.world().resource::<TreeView>();
        let tree = view.tree();
        assert_eq!(tree.nodes.len(), 2);
        assert_eq!(tree.nodes[0].order, Some(1), "the start was expanded first");
        assert_eq!(tree.nodes[1].parent, Some(0));
        assert_eq!(tree.nodes[1].board, child);
        assert_eq!(tree.current, Some(1));
        assert_eq!(view.selected(), Some(1), "the view follows the step");
        assert_eq!(view.chosen_board(), None);
    }
    // ↑ chooses the parent: the board shows the start, not the step's node
    tap(&mut app, KeyCode::ArrowUp);
    frames(&mut app, 20);
    assert_eq!(app.world().resource::<TreeView>().selected(), Some(0));
    assert_eq!(
        tile_cell(&mut app, 2),
        1,
        "the start: tile 2 above the blank"
    );
    // a step on grows the tree but keeps the choice; Enter follows the step again
    tap(&mut app, KeyCode::Period);
    frames(&mut app, 1);
    assert_eq!(nodes(&app), 3);
    assert_eq!(app.world().resource::<TreeView>().selected(), Some(0));
    tap(&mut app, KeyCode::Enter);
    frames(&mut app, 20);
    assert_eq!(app.world().resource::<TreeView>().selected(), Some(2));
    // ↓ from the start is its first child; → its next sibling (the gamepad's d-pad too)
    tap(&mut app, KeyCode::ArrowUp);
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::DPadDown);
    frames(&mut app, 1);
    assert_eq!(app.world().resource::<TreeView>().selected(), Some(1));
    tap(&mut app, KeyCode::ArrowRight);
    frames(&mut app, 20);
    assert_eq!(app.world().resource::<TreeView>().selected(), Some(2));
    let chosen = app.world().resource::<TreeView>().chosen_board().unwrap();
    let blank_up = tile_cell(&mut app, chosen.cells()[4]);
    assert_eq!(blank_up, 4, "the board shows the chosen node");
    // to the end: the goal is found and its path is the solution
    for _ in 0..200 {
        tap(&mut app, KeyCode::Period);
    }
    frames(&mut app, 1);
    let view = app.world().resource::<TreeView>();
    let tree = view.tree();
    let goal = tree.goal.expect("the goal is in the tree");
    assert_eq!(
        start_board().play(&tree.moves_to(goal)),
        Some(Board::goal(3))
    );
    assert_eq!(tree.moves_to(goal).len(), 2);
    // closing Learn forgets the tree
    tap(&mut app, KeyCode::KeyL);
    frames(&mut app, 1);
    assert_eq!(nodes(&app), 0);
}

fn start_board() -> Board {
    Board::parse("1 2 3 4 0 6 7 5 8").unwrap()
}

#[test]
fn the_guide_button_opens_and_closes_learn() {
    let mut app = slide_app();
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::Mode);
    assert!(
        app.world().resource::<Learn>().is_open(),
        "Guide opens Learn"
    );
    tap_button(&mut app, pad, GamepadButton::RightTrigger);
    assert_eq!(
        app.world().resource::<Learn>().walk().unwrap().index(),
        Some(1),
        "RB steps it"
    );
    tap_button(&mut app, pad, GamepadButton::Mode);
    assert!(
        !app.world().resource::<Learn>().is_open(),
        "Guide closes it"
    );
}
