//! Headless App tests of the menu and the Explore mode: keys and gamepad buttons in, entities
//! and resources out.

mod common;

use ai_arcade::cli::Mode;
use ai_arcade::core::grid::Pos;
use ai_arcade::core::learn::{Algo, Node, Walkthrough};
use ai_arcade::core::maze::Cell;
use ai_arcade::core::maze::explore::Status;
use ai_arcade::core::maze::text::parse;
use ai_arcade::game::explore::{Ball, BoardPos, EditCursor, Explore, ExploreCell, ExploreNotice};
use ai_arcade::game::learn::Learn;
use ai_arcade::game::menu::{MenuEntry, MenuSelection};
use ai_arcade::game::theme::palette;
use ai_arcade::game::{AppState, Launch};
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use common::*;

fn explore_launch() -> Launch {
    Launch {
        mode: Mode::Explore,
        ..Launch::default()
    }
}

fn status(app: &App) -> Status {
    app.world().resource::<Explore>().status()
}

fn ball(app: &mut App) -> Pos {
    app.world_mut()
        .query_filtered::<&BoardPos, With<Ball>>()
        .single(app.world())
        .unwrap()
        .0
}

/// Speeds the replay up with the `+` key until it is fast, then runs frames until `done`.
fn run_until(app: &mut App, done: impl Fn(Status) -> bool) {
    for _ in 0..12 {
        tap(app, KeyCode::Equal);
    }
    for _ in 0..2_000 {
        if done(status(app)) {
            return;
        }
        app.update();
    }
    panic!("status stuck at {:?}", status(app));
}

fn cell_colors(app: &mut App) -> Vec<(ExploreCell, Color)> {
    app.world_mut()
        .query::<(&ExploreCell, &Sprite)>()
        .iter(app.world())
        .map(|(c, s)| (*c, s.color))
        .collect()
}

#[test]
fn menu_opens_explore_with_enter_and_draws_the_classic_maze() {
    let mut app = app(Launch::default());
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    assert_eq!(count::<ExploreCell>(&mut app), 0);
    assert_eq!(
        app.world().resource::<MenuSelection>().entry(),
        MenuEntry::Mode(Mode::Explore)
    );
    tap(&mut app, KeyCode::Enter);
    assert_eq!(state::<AppState>(&app), AppState::Explore);
    frames(&mut app, 1);
    assert_eq!(count::<ExploreCell>(&mut app), 64);
    assert_eq!(count::<Ball>(&mut app), 1);
    let walls = cell_colors(&mut app)
        .iter()
        .filter(|(c, _)| c.cell == Cell::Wall)
        .count();
    assert_eq!(walls, 64 - 26);
    assert_eq!(
        ball(&mut app),
        Pos::new(1, 0),
        "the ball starts on the entry"
    );
}

#[test]
fn the_ball_searches_finds_the_exit_and_leaves_a_trail() {
    let mut app = app(explore_launch());
    frames(&mut app, 1);
    assert_eq!(status(&app), Status::Searching);
    run_until(&mut app, |s| s == Status::ExitFound);
    assert_eq!(ball(&mut app), Pos::new(7, 1));
    frames(&mut app, 1);
    let colors = cell_colors(&mut app);
    let painted = |color: Color| colors.iter().filter(|(_, c)| *c == color).count();
    // the path without entry and exit (12 cells), and the seven dead ends:
    // (3,1) (3,2) (5,6) (6,6) (6,5) (5,5) (6,3)
    assert_eq!(painted(palette::ON_PATH), 12);
    assert_eq!(painted(palette::DEAD_END), 7);
    let session = app.world().resource::<Explore>();
    assert_eq!(session.steps(), 27);
}

#[test]
fn f2_replays_the_correct_path_and_f1_searches_again() {
    let mut app = app(explore_launch());
    tap(&mut app, KeyCode::F2);
    assert!(
        app.world().resource::<ExploreNotice>().0.is_some(),
        "F2 before the exit is found explains why nothing happens"
    );
    run_until(&mut app, |s| s == Status::ExitFound);
    for _ in 0..12 {
        tap(&mut app, KeyCode::Minus); // slow enough to catch the replay under way
    }
    tap(&mut app, KeyCode::F2);
    assert_eq!(status(&app), Status::ReplayingPath);
    run_until(&mut app, |s| s == Status::PathReplayed);
    assert_eq!(ball(&mut app), Pos::new(7, 1));
    assert_eq!(app.world().resource::<Explore>().steps(), 13);
    for _ in 0..12 {
        tap(&mut app, KeyCode::Minus);
    }
    tap(&mut app, KeyCode::F1);
    assert_eq!(status(&app), Status::Searching);
    assert!(app.world().resource::<Explore>().steps() <= 1);
}

#[test]
fn pause_step_and_step_back() {
    let mut app = app(explore_launch());
    frames(&mut app, 12); // 4 moves per second: a couple of moves in
    tap(&mut app, KeyCode::Space);
    let at = app.world().resource::<Explore>().steps();
    assert!(at >= 1);
    frames(&mut app, 40);
    assert_eq!(app.world().resource::<Explore>().steps(), at, "paused");
    tap(&mut app, KeyCode::Period);
    tap(&mut app, KeyCode::Period);
    assert_eq!(app.world().resource::<Explore>().steps(), at + 2);
    tap(&mut app, KeyCode::Comma);
    assert_eq!(app.world().resource::<Explore>().steps(), at + 1);
    tap(&mut app, KeyCode::KeyP);
    frames(&mut app, 40);
    assert!(
        app.world().resource::<Explore>().steps() > at + 1,
        "resumed"
    );
}

#[test]
fn keyboard_editing_walls_in_the_exit_gives_no_exit() {
    let mut app = app(explore_launch());
    tap(&mut app, KeyCode::KeyE);
    assert_eq!(status(&app), Status::Editing);
    frames(&mut app, 1);
    let visible = *app
        .world_mut()
        .query_filtered::<&Visibility, With<EditCursor>>()
        .single(app.world())
        .unwrap();
    assert_eq!(visible, Visibility::Visible);
    // the cursor starts on the entry (1, 0); (6, 1) is the only way into the exit (7, 1)
    for _ in 0..5 {
        tap(&mut app, KeyCode::ArrowDown);
    }
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!(app.world().resource::<Explore>().cursor(), Pos::new(6, 1));
    tap(&mut app, KeyCode::Enter);
    frames(&mut app, 1);
    let now_wall = cell_colors(&mut app)
        .iter()
        .any(|(c, _)| c.pos == Pos::new(6, 1) && c.cell == Cell::Wall);
    assert!(now_wall, "the cell entity was rebuilt as a wall");
    // Esc in the editor leaves the editor, not the mode
    tap(&mut app, KeyCode::Escape);
    assert_eq!(state::<AppState>(&app), AppState::Explore);
    assert_eq!(status(&app), Status::Searching);
    run_until(&mut app, |s| s == Status::NoExit);
    assert_eq!(ball(&mut app), Pos::new(1, 0), "it fell back to the entry");
}

#[test]
fn gamepad_alone_opens_explore_edits_and_returns() {
    let mut app = app(Launch::default());
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::South);
    assert_eq!(state::<AppState>(&app), AppState::Explore);
    // Select opens the editor; d-pad moves; A toggles a wall; B leaves the editor
    tap_button(&mut app, pad, GamepadButton::Select);
    assert_eq!(status(&app), Status::Editing);
    for _ in 0..5 {
        tap_button(&mut app, pad, GamepadButton::DPadDown);
    }
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    tap_button(&mut app, pad, GamepadButton::South);
    let maze = app.world().resource::<Explore>().maze().clone();
    assert_eq!(maze.cell(Pos::new(6, 1)), Cell::Wall);
    tap_button(&mut app, pad, GamepadButton::East);
    assert_eq!(state::<AppState>(&app), AppState::Explore);
    run_until(&mut app, |s| s == Status::NoExit);
    // X searches again, Y asks for the replay (refused: no exit), B goes back to the menu
    tap_button(&mut app, pad, GamepadButton::West);
    assert_eq!(status(&app), Status::Searching);
    tap_button(&mut app, pad, GamepadButton::East);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
}

#[test]
fn leaving_explore_despawns_its_entities_and_keeps_the_edited_maze() {
    let mut app = app(Launch::default());
    // one trip first: Bevy registers some entities (observers) the first time a kind of
    // component is spawned; after that every return to the menu must be back at the baseline
    tap(&mut app, KeyCode::Enter);
    frames(&mut app, 2);
    tap(&mut app, KeyCode::Escape);
    frames(&mut app, 1);
    let baseline = lasting_entity_count(&mut app);
    for _ in 0..5 {
        tap(&mut app, KeyCode::Enter);
        assert_eq!(state::<AppState>(&app), AppState::Explore);
        frames(&mut app, 2);
        assert!(entity_count(&mut app) > baseline + 64);
        tap(&mut app, KeyCode::Escape);
        assert_eq!(state::<AppState>(&app), AppState::Menu);
        frames(&mut app, 1);
        assert_eq!(count::<ExploreCell>(&mut app), 0);
        assert_eq!(lasting_entity_count(&mut app), baseline);
    }
    // an edit survives the trip to the menu
    tap(&mut app, KeyCode::Enter);
    tap(&mut app, KeyCode::KeyE);
    tap(&mut app, KeyCode::ArrowRight);
    tap(&mut app, KeyCode::Enter); // (1, 1) becomes a wall
    tap(&mut app, KeyCode::Escape); // leave the editor
    tap(&mut app, KeyCode::Escape); // leave the mode
    tap(&mut app, KeyCode::Enter);
    let maze = app.world().resource::<Explore>().maze().clone();
    assert_eq!(maze.cell(Pos::new(1, 1)), Cell::Wall);
}

#[test]
fn escape_on_the_menu_quits() {
    let mut app = app(Launch::default());
    tap(&mut app, KeyCode::Escape);
    let exits = app.world().resource::<Messages<AppExit>>();
    assert!(!exits.is_empty(), "an AppExit was sent");
}

#[test]
fn a_launch_maze_is_the_one_explored() {
    let maze = parse("#####\nS...E\n#####\n").unwrap();
    let mut app = app(Launch {
        mode: Mode::Explore,
        maze: Some(maze),
        ..Launch::default()
    });
    frames(&mut app, 1);
    assert_eq!(count::<ExploreCell>(&mut app), 15);
    run_until(&mut app, |s| s == Status::ExitFound);
    assert_eq!(ball(&mut app), Pos::new(1, 4));
}

#[test]
fn a_bad_file_is_refused_with_line_and_column_and_the_maze_stays() {
    use ai_arcade::game::explore::ExploreCommand;
    let dir = std::env::temp_dir().join(format!("ai-arcade-explore-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("ragged.txt");
    std::fs::write(&bad, "#S##\n#..\n#E##\n").unwrap();
    let mut app = app(explore_launch());
    // an edit first, so there is something of the player's to lose
    tap(&mut app, KeyCode::KeyE);
    tap(&mut app, KeyCode::ArrowRight);
    tap(&mut app, KeyCode::Enter);
    let before = app.world().resource::<Explore>().maze().clone();
    app.world_mut()
        .write_message(ExploreCommand::Load(bad.clone()));
    frames(&mut app, 1);
    let notice = app.world().resource::<ExploreNotice>().0.clone().unwrap();
    assert!(notice.is_error);
    assert!(
        notice.text.english().contains("line 2, column 4"),
        "{}",
        notice.text
    );
    assert_eq!(app.world().resource::<Explore>().maze(), &before);
    // save the edited maze, load the classic, load the file back
    let saved = dir.join("mine.txt");
    app.world_mut()
        .write_message(ExploreCommand::Save(saved.clone()));
    frames(&mut app, 1);
    app.world_mut().write_message(ExploreCommand::Classic);
    frames(&mut app, 1);
    assert_ne!(app.world().resource::<Explore>().maze(), &before);
    app.world_mut().write_message(ExploreCommand::Load(saved));
    frames(&mut app, 1);
    assert_eq!(app.world().resource::<Explore>().maze(), &before);
    std::fs::remove_dir_all(dir).unwrap();
}

fn learn_index(app: &App) -> Option<usize> {
    let learn = app.world().resource::<Learn>();
    learn.walk().and_then(Walkthrough::index)
}

#[test]
fn learn_steps_the_search_forward_and_back_by_keys_and_gamepad_and_the_ball_follows() {
    let mut app = app(explore_launch());
    frames(&mut app, 2);
    assert!(!app.world().resource::<Learn>().is_open());
    tap(&mut app, KeyCode::KeyL);
    {
        let learn = app.world().resource::<Learn>();
        let walk = learn.walk().expect("L opens Learn");
        assert_eq!(walk.lesson().algo, Algo::DfsRule);
        assert_eq!(walk.index(), Some(0));
        assert_eq!(walk.step().unwrap().line, 1);
        // the classic walk: 27 moves, each a step, then the exit
        assert_eq!(walk.len(), 1 + 27 + 1);
    }
    assert!(
        app.world().resource::<Explore>().playback().paused(),
        "the search's own replay waits while Learn shows it"
    );
    assert_eq!(ball(&mut app), Pos::new(1, 0));
    // `.` steps forward: the ball walks (1, 1), (1, 2), (2, 2) as the rule order says
    for _ in 0..3 {
        tap(&mut app, KeyCode::Period);
    }
    assert_eq!(learn_index(&app), Some(3));
    assert_eq!(ball(&mut app), Pos::new(2, 2));
    let stack_top = {
        let learn = app.world().resource::<Learn>();
        let step = learn.walk().unwrap().step().unwrap();
        assert_eq!(step.line, 7);
        step.open.last().unwrap().node
    };
    assert_eq!(
        stack_top,
        Node::Cell(Pos::new(2, 2)),
        "the stack's top is the ball"
    );
    tap(&mut app, KeyCode::Comma);
    assert_eq!(learn_index(&app), Some(2));
    assert_eq!(ball(&mut app), Pos::new(1, 2));
    // the gamepad: RB forward, LB back, R3 closes
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::RightTrigger);
    tap_button(&mut app, pad, GamepadButton::RightTrigger);
    assert_eq!(learn_index(&app), Some(4));
    assert_eq!(ball(&mut app), Pos::new(3, 2));
    tap_button(&mut app, pad, GamepadButton::LeftTrigger);
    assert_eq!(learn_index(&app), Some(3));
    // Space plays the steps by themselves
    tap(&mut app, KeyCode::Space);
    frames(&mut app, 20);
    assert!(learn_index(&app).unwrap() > 4, "playing moves on");
    tap_button(&mut app, pad, GamepadButton::RightThumb);
    assert!(!app.world().resource::<Learn>().is_open());
    // back to the search's own replay; editing the maze closes a reopened Learn
    tap(&mut app, KeyCode::KeyL);
    assert!(app.world().resource::<Learn>().is_open());
    tap(&mut app, KeyCode::KeyE);
    assert!(!app.world().resource::<Learn>().is_open());
    // leaving the mode closes it too
    tap(&mut app, KeyCode::KeyE);
    tap(&mut app, KeyCode::KeyL);
    assert!(app.world().resource::<Learn>().is_open());
    tap(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<Learn>().is_open());
}

#[test]
fn you_are_the_ball_choose_where_depth_first_goes_next() {
    use ai_arcade::core::learn::Verdict;
    use ai_arcade::game::learn::LearnCommand;
    let mut app = app(explore_launch());
    frames(&mut app, 2);
    tap(&mut app, KeyCode::KeyL);
    app.world_mut().write_message(LearnCommand::Quiz(true));
    frames(&mut app, 1);
    let mut right = 0;
    let mut wrong = 0;
    // answer every question: the first way in the rule order when there is one other, the
    // second way otherwise alternately
    for _ in 0..40 {
        let (question, ways) = {
            let walk = app.world().resource::<Learn>().walk().unwrap();
            (walk.question(), walk.candidates().to_vec())
        };
        if question.is_none() {
            tap(&mut app, KeyCode::Period);
            continue;
        }
        let pick = if ways.len() > 1 && wrong == 0 {
            ways[1].node
        } else {
            ways[0].node
        };
        app.world_mut().write_message(LearnCommand::Answer(pick));
        frames(&mut app, 1);
        let learn = app.world().resource::<Learn>();
        match learn.verdict() {
            Some(Verdict::Right { exactly: true }) => right += 1,
            Some(Verdict::Wrong(why)) => {
                assert!(why.english().starts_with("depth-first takes the first way"));
                wrong += 1;
            }
            other => panic!("{other:?}"),
        }
        // the ball went where the rule order says, whatever was chosen
        let walk = learn.walk().unwrap();
        assert_eq!(walk.step().unwrap().node, Some(ways[0].node));
    }
    assert!(right > 5 && wrong == 1, "right {right}, wrong {wrong}");
    let score = app.world().resource::<Learn>().walk().unwrap().score();
    assert_eq!((score.right, score.asked), (right, right + wrong));
}
