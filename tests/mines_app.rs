//! Headless App tests of the Mines mode: cursor, open, mark, chord by keys and gamepad; lives,
//! the original's end texts; the robot playing and its overlay; hints; presets.

mod common;

use ai_arcade::core::text::Phrase;

use ai_arcade::cli::Mode;
use ai_arcade::core::mines::{Config, FirstClick, Game, Preset, Seen, Status};
use ai_arcade::game::mines::{Mines, MinesCell, MinesCommand, MinesLabel};
use ai_arcade::game::{AppState, Launch};
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use common::*;

fn mines_app(config: Option<Config>, seed: u64) -> App {
    let mut app = app(Launch {
        mode: Mode::Mines,
        seed: Some(seed),
        mines: config,
        ..Launch::default()
    });
    frames(&mut app, 1);
    app
}

fn mines(app: &App) -> &Mines {
    app.world().resource::<Mines>()
}

fn send(app: &mut App, command: MinesCommand) {
    app.world_mut().write_message(command);
    app.update();
}

/// The seed's mines, found by replaying the same seed in a core game (the test knows, the
/// player does not).
fn mine_cells(config: Config, seed: u64) -> Vec<usize> {
    let mut probe = Game::new(config, seed).unwrap();
    // lose on purpose, then read where the mines were
    for c in 0..config.cells() {
        if probe.status() != Status::Playing {
            break;
        }
        if probe.seen(c) == Seen::Hidden {
            probe.open(c);
        }
    }
    probe.mines_revealed().unwrap_or_default()
}

/// Runs frames until `done` holds: the robot thinks on another thread, and its answer comes
/// back some frames later.
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..2_000 {
        if done(app) {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("never: {what}");
}

fn label(app: &mut App, cell: usize) -> String {
    app.world_mut()
        .query::<(&MinesLabel, &Text2d)>()
        .iter(app.world())
        .find(|(l, _)| l.0 == cell)
        .map(|(_, t)| t.0.clone())
        .unwrap()
}

#[test]
fn the_original_field_is_drawn_with_a_cursor_moved_by_keys() {
    let mut app = mines_app(None, 5);
    let config = *mines(&app).game().config();
    assert_eq!(
        (config.width, config.height, config.mines, config.lives),
        (20, 20, 81, 10)
    );
    assert_eq!(count::<MinesCell>(&mut app), 400);
    tap(&mut app, KeyCode::ArrowRight);
    tap(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::KeyS);
    assert_eq!(mines(&app).cursor(), 2 * 20 + 1);
    tap(&mut app, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::ArrowUp);
    tap(&mut app, KeyCode::ArrowUp);
    assert_eq!(mines(&app).cursor(), 1, "the cursor stops at the edge");
}

#[test]
fn keys_open_mark_and_chord_and_mines_cost_robots() {
    let config = Preset::Original.config();
    let seed = 11;
    let mut app = mines_app(None, seed);
    let mine_list = mine_cells(config, seed);
    let safe = (0..400).find(|c| !mine_list.contains(c)).unwrap();
    // mark a mine with 2, then lift the mark with M
    send(&mut app, MinesCommand::MoveCursor(mine_list[0]));
    tap(&mut app, KeyCode::Digit2);
    assert_eq!(mines(&app).game().seen(mine_list[0]), Seen::Marked);
    assert_eq!(label(&mut app, mine_list[0]), "F");
    tap(&mut app, KeyCode::Digit2);
    assert_eq!(mines(&app).game().seen(mine_list[0]), Seen::Hidden);
    // open a safe cell with 1
    send(&mut app, MinesCommand::MoveCursor(safe));
    tap(&mut app, KeyCode::Digit1);
    assert!(matches!(mines(&app).game().seen(safe), Seen::Open(_)));
    // open a mine with Enter: one robot lost, the game goes on
    send(&mut app, MinesCommand::MoveCursor(mine_list[1]));
    tap(&mut app, KeyCode::Enter);
    assert_eq!(mines(&app).game().seen(mine_list[1]), Seen::Exploded);
    assert_eq!(mines(&app).game().lives_left(), 9);
    assert!(
        mines(&app)
            .notice()
            .as_ref()
            .unwrap()
            .english()
            .contains("9 robots left")
    );
    assert_eq!(label(&mut app, mine_list[1]), "*");
    // the tenth mine ends it with the original's words, and every mine is shown
    for &m in mine_list.iter().skip(2).take(9) {
        send(&mut app, MinesCommand::Open(m));
    }
    assert_eq!(mines(&app).game().status(), Status::Lost);
    assert_eq!(
        mines(&app).notice().map(Phrase::english),
        Some("Game Over, thank you for playing!".to_string())
    );
    frames(&mut app, 1);
    let last = *mine_list.last().unwrap();
    assert_eq!(label(&mut app, last), "*", "all mines shown at the end");
    // play again: a fresh field, ten robots
    tap(&mut app, KeyCode::KeyN);
    assert_eq!(mines(&app).game().status(), Status::Playing);
    assert_eq!(mines(&app).game().lives_left(), 10);
}

#[test]
fn the_robot_clears_the_original_field_and_wins_with_the_original_text() {
    let mut app = mines_app(None, 3);
    send(&mut app, MinesCommand::SetSpeed(60.0));
    tap(&mut app, KeyCode::F2);
    assert!(mines(&app).robot_on());
    let mut guard = 0;
    while mines(&app).game().status() == Status::Playing {
        frames(&mut app, 10);
        // the robot thinks on another thread: let it
        std::thread::sleep(std::time::Duration::from_millis(1));
        guard += 1;
        assert!(guard < 2000, "the robot keeps moving");
    }
    assert_eq!(mines(&app).game().status(), Status::Won);
    assert_eq!(
        mines(&app).notice().map(Phrase::english),
        Some("Congratulations! You Win! Thank you for playing!".to_string())
    );
    assert!(!mines(&app).robot_on(), "it stops at the end");
}

#[test]
fn the_robot_pauses_steps_and_shows_what_it_knows() {
    let mut app = mines_app(None, 8);
    tap(&mut app, KeyCode::F2);
    frames(&mut app, 4);
    tap(&mut app, KeyCode::Space);
    assert!(mines(&app).robot_paused());
    let revision = mines(&app).game().revision();
    frames(&mut app, 20);
    assert_eq!(
        mines(&app).game().revision(),
        revision,
        "paused: nothing moves"
    );
    tap(&mut app, KeyCode::Period);
    until(&mut app, "one step", |app| {
        mines(app).game().revision() != revision
    });
    let analysis = mines(&app)
        .current_analysis()
        .expect("the overlay's analysis");
    assert_eq!(analysis.probability.len(), 400);
    assert!(analysis.choice.is_some());
}

#[test]
fn a_hint_names_a_certain_move_when_there_is_one() {
    let config = Config {
        first_click: FirstClick::Opening,
        ..Preset::Intermediate.config()
    };
    let mut app = mines_app(Some(config), 4);
    send(&mut app, MinesCommand::Open(8 * 16 + 8));
    tap(&mut app, KeyCode::KeyH);
    until(&mut app, "a hint", |app| mines(app).hint().is_some());
    let (_, choice) = mines(&app).hint().expect("a hint");
    assert!(
        mines(&app)
            .notice()
            .unwrap()
            .english()
            .starts_with("hint: ")
    );
    assert_eq!(mines(&app).cursor(), choice.cell(), "the cursor goes to it");
    // following a "certainly safe" hint never hits a mine
    if let ai_arcade::core::mines::robot::Choice::OpenSafe(c) = choice {
        tap(&mut app, KeyCode::Enter);
        assert!(matches!(mines(&app).game().seen(c), Seen::Open(_)));
    }
}

#[test]
fn a_gamepad_moves_opens_marks_and_chords() {
    let mut app = mines_app(None, 21);
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    assert_eq!(mines(&app).cursor(), 1);
    tap_button(&mut app, pad, GamepadButton::West);
    assert_eq!(mines(&app).game().seen(1), Seen::Marked, "X marks");
    tap_button(&mut app, pad, GamepadButton::West);
    tap_button(&mut app, pad, GamepadButton::South);
    assert_ne!(mines(&app).game().seen(1), Seen::Hidden, "A opens");
    let revision = mines(&app).game().revision();
    tap_button(&mut app, pad, GamepadButton::North);
    // Y chords (nothing to chord around a fresh cell, but it must not count as a hint)
    assert!(mines(&app).hint().is_none());
    let _ = revision;
    tap_button(&mut app, pad, GamepadButton::LeftTrigger);
    until(&mut app, "LB asks for the hint", |app| {
        mines(app).hint().is_some()
    });
    tap_button(&mut app, pad, GamepadButton::RightThumb);
    assert_eq!(
        Preset::of(mines(&app).game().config()),
        Some(Preset::Beginner),
        "R3: next preset"
    );
    frames(&mut app, 1);
    assert_eq!(count::<MinesCell>(&mut app), 81);
}

#[test]
fn first_click_rules_and_bad_configs() {
    let safe = Config {
        first_click: FirstClick::Safe,
        ..Preset::Expert.config()
    };
    let mut app = mines_app(Some(safe), 9);
    send(&mut app, MinesCommand::Open(0));
    assert!(matches!(mines(&app).game().seen(0), Seen::Open(_)));
    // an impossible recipe is refused and the game on screen stays
    let before = mines(&app).game().seed();
    send(
        &mut app,
        MinesCommand::NewGame(
            Config {
                mines: 1000,
                ..Preset::Expert.config()
            },
            1,
        ),
    );
    assert!(mines(&app).notice().unwrap().english().contains("mines"));
    assert_eq!(mines(&app).game().seed(), before);
    assert!(matches!(mines(&app).game().seen(0), Seen::Open(_)));
}

#[test]
fn leaving_and_coming_back_leaves_nothing_behind() {
    let mut app = mines_app(None, 2);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    assert_eq!(count::<MinesCell>(&mut app), 0);
    let enter = |app: &mut App| {
        app.world_mut()
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Mines);
        frames(app, 2);
    };
    enter(&mut app);
    let inside = lasting_entity_count(&mut app);
    tap(&mut app, KeyCode::Escape);
    let menu = lasting_entity_count(&mut app);
    for _ in 0..3 {
        enter(&mut app);
        assert_eq!(lasting_entity_count(&mut app), inside);
        tap(&mut app, KeyCode::Escape);
        assert_eq!(lasting_entity_count(&mut app), menu);
    }
}

#[test]
fn a_win_by_hand_keeps_a_best_time_but_not_with_help() {
    let config = Preset::Beginner.config();
    let seed = 17;
    let mut app = mines_app(Some(config), seed);
    let mine_list = mine_cells(config, seed);
    frames(&mut app, 3);
    let open_the_rest = |app: &mut App| {
        for c in 0..config.cells() {
            if !mine_list.contains(&c) && mines(app).game().seen(c) == Seen::Hidden {
                send(app, MinesCommand::Open(c));
            }
        }
    };
    // by hand, slowly: the clock runs from the first open for 100 frames (5 s) before the rest
    let first_safe = (0..config.cells())
        .find(|c| !mine_list.contains(c))
        .unwrap();
    send(&mut app, MinesCommand::Open(first_safe));
    frames(&mut app, 100);
    open_the_rest(&mut app);
    assert_eq!(mines(&app).game().status(), Status::Won);
    frames(&mut app, 1);
    let best = |app: &App| {
        app.world()
            .resource::<ai_arcade::game::best_times::BestTimesStore>()
            .times
            .best("mines beginner any")
    };
    let by_hand = best(&app).expect("a win by hand is kept");
    assert!(by_hand >= 5.0, "{by_hand}");
    assert!(mines(&app).new_best());
    // the same field with a hint, won much faster: it would be a new best if it counted
    tap(&mut app, KeyCode::F1);
    tap(&mut app, KeyCode::KeyH);
    open_the_rest(&mut app);
    assert_eq!(mines(&app).game().status(), Status::Won);
    assert!(mines(&app).seconds() < by_hand, "the helped win was faster");
    frames(&mut app, 1);
    assert!(!mines(&app).new_best());
    assert_eq!(best(&app), Some(by_hand), "the helped time is not kept");
}

#[test]
fn a_satisfied_number_opens_its_neighbours_by_3_c_gamepad_y_and_enter() {
    use ai_arcade::core::mines::neighbours;
    // a field with mines placed before the first click (the original's rule), seed fixed
    let config = Config {
        first_click: FirstClick::Any,
        ..Preset::Original.config()
    };
    let seed = 21;
    let mine_list = mine_cells(config, seed);
    let (w, h) = (config.width, config.height);
    let field = ai_arcade::core::mines::Field::with_mines(w, h, &mine_list);
    // numbers next to mines, with hidden safe neighbours left to open, far enough apart that
    // opening one's neighbours does not touch the next one's
    let candidates: Vec<usize> = (0..config.cells())
        .filter(|&c| !mine_list.contains(&c) && field.number(c) > 0)
        .filter(|&c| neighbours(c, w, h).any(|n| !mine_list.contains(&n) && field.number(n) > 0))
        .collect();
    let mut app = mines_app(Some(config), seed);
    let pad = connect_gamepad(&mut app);
    frames(&mut app, 2);
    let mut chorded = 0;
    let mut used: Vec<usize> = Vec::new();
    for press in ["3", "c", "pad-y", "enter"] {
        let cell = *candidates
            .iter()
            .find(|&&c| {
                used.iter().all(|&u| {
                    let (ur, uc) = ((u / w) as i64, (u % w) as i64);
                    let (r, co) = ((c / w) as i64, (c % w) as i64);
                    (ur - r).abs() > 3 || (uc - co).abs() > 3
                }) && mines(&app).game().seen(c) == Seen::Hidden
                    && neighbours(c, w, h).all(|n| mines(&app).game().seen(n) == Seen::Hidden)
            })
            .expect("a fresh number to chord");
        used.push(cell);
        send(&mut app, MinesCommand::Open(cell));
        for n in neighbours(cell, w, h).filter(|n| mine_list.contains(n)) {
            send(&mut app, MinesCommand::Mark(n));
        }
        send(&mut app, MinesCommand::MoveCursor(cell));
        let safe_around: Vec<usize> = neighbours(cell, w, h)
            .filter(|n| !mine_list.contains(n))
            .collect();
        assert!(
            safe_around
                .iter()
                .any(|&n| mines(&app).game().seen(n) == Seen::Hidden),
            "{press}: something to open"
        );
        match press {
            "3" => tap(&mut app, KeyCode::Digit3),
            "c" => tap(&mut app, KeyCode::KeyC),
            "pad-y" => tap_button(&mut app, pad, GamepadButton::North),
            _ => tap(&mut app, KeyCode::Enter),
        }
        for n in safe_around {
            assert!(
                matches!(mines(&app).game().seen(n), Seen::Open(_)),
                "{press}: neighbour {n} of {cell} opened"
            );
        }
        assert_eq!(
            mines(&app).game().lives_left(),
            config.lives,
            "{press}: no mine hit"
        );
        chorded += 1;
    }
    assert_eq!(chorded, 4);
}

#[test]
fn learn_walks_through_the_robots_reasoning_and_judges_the_players_claims() {
    fn learn(app: &App) -> &MinesLearn {
        app.world().resource::<MinesLearn>()
    }
    use ai_arcade::core::mines::robot::Claim;
    use ai_arcade::game::mines::{MinesLearn, MinesShade};
    let config = Config {
        first_click: FirstClick::Opening,
        ..Preset::Intermediate.config()
    };
    let mut app = mines_app(Some(config), 4);
    send(&mut app, MinesCommand::Open(8 * 16 + 8));
    let revision = mines(&app).game().revision();
    tap(&mut app, KeyCode::KeyL);
    assert!(learn(&app).is_open(), "L opens Learn");
    let reasoning = learn(&app).reasoning().unwrap().clone();
    assert_eq!(learn(&app).step().unwrap().line, 1);
    // the steps: . forward, , back (RB / LB too); the board tints the step's cells
    let shade_of = |app: &mut App, cell: usize| {
        app.world_mut()
            .query::<(&MinesShade, &Sprite)>()
            .iter(app.world())
            .find(|(s, _)| s.0 == cell)
            .map(|(_, s)| s.color)
            .unwrap()
    };
    tap(&mut app, KeyCode::Period);
    assert_eq!(learn(&app).index(), Some(1));
    let step = learn(&app).step().unwrap().clone();
    frames(&mut app, 1);
    if let Some(&cell) = step.cells.first() {
        assert_ne!(
            shade_of(&mut app, cell),
            Color::NONE,
            "the step's cell is tinted"
        );
    }
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::LeftTrigger);
    assert_eq!(learn(&app).index(), Some(0));
    // stepping changes nothing on the field, nor does the robot step
    assert_eq!(mines(&app).game().revision(), revision);
    // Space plays the steps (at their speed, to the last), + and - pace them
    tap(&mut app, KeyCode::Space);
    assert!(learn(&app).playing());
    tap(&mut app, KeyCode::Equal);
    assert_eq!(learn(&app).speed(), 4.0);
    app.world_mut()
        .resource_mut::<MinesLearn>()
        .tick(reasoning.steps.len() as f32);
    assert_eq!(learn(&app).index(), Some(reasoning.steps.len() - 1));
    assert!(!learn(&app).playing(), "it stops at the last step");
    assert_eq!(mines(&app).game().revision(), revision);
    // you are the robot: a cell the robot proves safe, claimed safe with Enter, is right and
    // the panel turns to the proof; a cell it cannot decide, claimed, is not
    let safe = reasoning.analysis.safe[0];
    send(&mut app, MinesCommand::MoveCursor(safe));
    tap(&mut app, KeyCode::Enter);
    let (cell, claim, check) = learn(&app).verdict().unwrap().clone();
    assert_eq!((cell, claim), (safe, Claim::Safe));
    assert!(check.right, "{}", check.say.english());
    assert_eq!(learn(&app).index(), check.proof);
    assert!(reasoning.steps[check.proof.unwrap()].cells.contains(&safe));
    assert!(
        matches!(mines(&app).game().seen(safe), Seen::Hidden),
        "a claim opens nothing"
    );
    let unsure = (0..config.cells())
        .find(|&c| {
            mines(&app).game().seen(c) == Seen::Hidden
                && reasoning.analysis.probability[c].is_some_and(|p| p > 0.0 && p < 1.0)
        })
        .unwrap();
    send(&mut app, MinesCommand::MoveCursor(unsure));
    tap(&mut app, KeyCode::Digit2);
    let (_, claim, check) = learn(&app).verdict().unwrap().clone();
    assert_eq!(claim, Claim::Mine);
    assert!(!check.right);
    let score = learn(&app).score();
    assert_eq!((score.right, score.asked), (1, 2));
    assert_eq!(
        mines(&app).game().revision(),
        revision,
        "claims change nothing"
    );
    // L closes it; a move on the field closes a reopened one
    tap(&mut app, KeyCode::KeyL);
    assert!(!learn(&app).is_open());
    tap(&mut app, KeyCode::KeyL);
    assert!(learn(&app).is_open());
    send(&mut app, MinesCommand::Open(safe));
    frames(&mut app, 1);
    assert!(!learn(&app).is_open(), "the board changed");
}
