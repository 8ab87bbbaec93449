//! Headless App tests of the Runner mode: movement, walls, trail, hint, the machine's walk, the
//! win and the next round, by keyboard and gamepad.

mod common;

use ai_arcade::cli::Mode;
use ai_arcade::core::grid::{Dir, Pos};
use ai_arcade::core::learn::{Algo, Entry, Node, Verdict};
use ai_arcade::core::maze::Cell;
use ai_arcade::game::best_times::BestTimesStore;
use ai_arcade::game::learn::{Learn, LearnCommand};
use ai_arcade::game::runner::{PlayerCell, Runner, RunnerCell, RunnerCommand};
use ai_arcade::game::theme::palette;
use ai_arcade::game::view::CELL;
use ai_arcade::game::{AppState, Launch};
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::*;
use common::*;

fn runner_app(seed: u64) -> App {
    let mut app = app(Launch {
        mode: Mode::Runner,
        seed: Some(seed),
        ..Launch::default()
    });
    frames(&mut app, 1);
    app
}

fn player(app: &mut App) -> Pos {
    app.world_mut()
        .query::<&PlayerCell>()
        .single(app.world())
        .unwrap()
        .0
}

/// Runs frames until the hint's search (on a worker thread) has answered.
fn wait_for_hint(app: &mut App) {
    for _ in 0..500 {
        if runner(app).game.hint().is_some() {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the hint never came");
}

fn color_at(app: &mut App, pos: Pos) -> Color {
    app.world_mut()
        .query::<(&RunnerCell, &Sprite)>()
        .iter(app.world())
        .find(|(c, _)| c.pos == pos)
        .map(|(_, s)| s.color)
        .unwrap()
}

fn runner(app: &App) -> &Runner {
    app.world().resource::<Runner>()
}

const ARROWS: [(Dir, KeyCode); 4] = [
    (Dir::Up, KeyCode::ArrowUp),
    (Dir::Down, KeyCode::ArrowDown),
    (Dir::Left, KeyCode::ArrowLeft),
    (Dir::Right, KeyCode::ArrowRight),
];

#[test]
fn a_seeded_maze_is_drawn_cell_by_cell_with_the_player_on_the_entry() {
    let mut app = runner_app(7);
    let spec = runner(&app).game.spec();
    assert_eq!((spec.width, spec.height, spec.seed), (21, 21, 7));
    assert_eq!(count::<RunnerCell>(&mut app), 21 * 21);
    assert_eq!(player(&mut app), Pos::new(1, 0));
    // the same seed gives the same maze
    let other = runner_app(7);
    assert_eq!(runner(&other).game.maze(), runner(&app).game.maze());
    let third = runner_app(8);
    assert_ne!(runner(&third).game.maze(), runner(&app).game.maze());
}

#[test]
fn a_key_pressed_and_let_go_within_one_frame_still_moves() {
    // a slow frame (a browser with software WebGL) sees both the press and the release
    let mut app = runner_app(11);
    for state in [
        bevy::input::ButtonState::Pressed,
        bevy::input::ButtonState::Released,
    ] {
        app.world_mut()
            .write_message(key_event(KeyCode::ArrowRight, state));
    }
    app.update();
    assert_eq!(player(&mut app), Pos::new(1, 1));
    app.update();
    assert_eq!(player(&mut app), Pos::new(1, 1), "and only once");
}

#[test]
fn walls_block_moves_and_the_trail_deepens() {
    let mut app = runner_app(11);
    let maze = runner(&app).game.maze().clone();
    tap(&mut app, KeyCode::ArrowLeft); // the border
    tap(&mut app, KeyCode::ArrowUp); // the top wall
    assert_eq!(player(&mut app), Pos::new(1, 0));
    assert_eq!(runner(&app).game.steps(), 0);
    tap(&mut app, KeyCode::ArrowRight);
    assert_eq!(player(&mut app), Pos::new(1, 1));
    frames(&mut app, 1);
    let once = color_at(&mut app, Pos::new(1, 1));
    assert_ne!(once, palette::FLOOR, "a walked cell shows the trail");
    tap(&mut app, KeyCode::ArrowLeft);
    tap(&mut app, KeyCode::ArrowRight);
    frames(&mut app, 1);
    let twice = color_at(&mut app, Pos::new(1, 1));
    assert_ne!(twice, once, "walking it again deepens it");
    assert_eq!(runner(&app).game.steps(), 3);
    // every blocked direction from here is a wall in the maze
    for (dir, key) in ARROWS {
        let before = player(&mut app);
        tap(&mut app, key);
        let after = player(&mut app);
        assert_eq!(after != before, maze.is_open(before.step(dir)), "{dir:?}");
        if after != before {
            tap(
                &mut app,
                ARROWS.iter().find(|(d, _)| *d == dir.opposite()).unwrap().1,
            );
        }
    }
}

#[test]
fn the_hint_shows_the_optimal_path_from_where_the_player_stands() {
    let mut app = runner_app(3);
    tap(&mut app, KeyCode::Space);
    wait_for_hint(&mut app);
    frames(&mut app, 1);
    let path = runner(&app).game.hint().unwrap().path.clone();
    assert_eq!(path[0], Pos::new(1, 0));
    assert_eq!(path.len() - 1, runner(&app).game.optimal());
    assert_eq!(color_at(&mut app, path[2]), palette::ROUTE);
    // step along it: the hint is redrawn from the new cell
    tap(&mut app, KeyCode::ArrowRight);
    let again = runner(&app).game.hint().unwrap().path.clone();
    assert_eq!(again[0], player(&mut app));
    assert_eq!(again.len(), path.len() - 1);
    tap(&mut app, KeyCode::Space);
    frames(&mut app, 1);
    assert!(runner(&app).game.hint().is_none());
    assert_ne!(color_at(&mut app, path[3]), palette::ROUTE);
}

#[test]
fn the_machine_walks_to_the_exit_then_the_win_offers_the_next_maze() {
    let mut app = runner_app(5);
    tap(&mut app, KeyCode::ArrowRight); // skip the carving animation
    for _ in 0..6 {
        tap(&mut app, KeyCode::Equal); // faster
    }
    tap(&mut app, KeyCode::Enter);
    for _ in 0..400 {
        if runner(&app).game.won() {
            break;
        }
        app.update();
    }
    let game = &runner(&app).game;
    assert!(game.won());
    assert!(game.assisted());
    assert_eq!(Some(player(&mut app)), runner(&app).game.maze().exit());
    let key = runner(&app).best_key();
    let best = |app: &App| app.world().resource::<BestTimesStore>().times.best(&key);
    assert!(!runner(&app).new_best, "the machine's walk is no best time");
    assert!(best(&app).is_none());
    // F1 after the win: the same maze again, walked by hand along the shortest path
    let spec = runner(&app).game.spec();
    tap(&mut app, KeyCode::F1);
    assert_eq!(runner(&app).game.spec(), spec);
    assert!(!runner(&app).game.won());
    assert!(!runner(&app).game.assisted());
    assert_eq!(player(&mut app), Pos::new(1, 0));
    let maze = runner(&app).game.maze().clone();
    let path = ai_arcade::core::maze::solve::astar::astar(
        &maze,
        maze.entry().unwrap(),
        maze.exit(),
        &mut (),
    )
    .path;
    for pair in path.windows(2) {
        let dir = Dir::ALL
            .into_iter()
            .find(|d| pair[0].step(*d) == pair[1])
            .unwrap();
        tap(&mut app, ARROWS.iter().find(|(d, _)| *d == dir).unwrap().1);
    }
    assert!(runner(&app).game.won());
    assert!(
        runner(&app).new_best,
        "the first win by hand is the best time"
    );
    assert!(best(&app).is_some());
}

#[test]
fn a_gamepad_plays_runner_from_the_menu() {
    let mut app = app(Launch {
        seed: Some(9),
        ..Launch::default()
    });
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::DPadDown); // Explore -> Runner
    tap_button(&mut app, pad, GamepadButton::South);
    assert_eq!(state::<AppState>(&app), AppState::Runner);
    frames(&mut app, 1);
    tap_button(&mut app, pad, GamepadButton::DPadRight);
    assert_eq!(player(&mut app), Pos::new(1, 1));
    tap_button(&mut app, pad, GamepadButton::North); // Y: hint
    assert!(runner(&app).game.hint_on());
    let seed = runner(&app).game.spec().seed;
    tap_button(&mut app, pad, GamepadButton::Select); // a new maze
    assert_ne!(runner(&app).game.spec().seed, seed);
    assert_eq!(player(&mut app), Pos::new(1, 0));
    tap_button(&mut app, pad, GamepadButton::East);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    frames(&mut app, 1);
    assert_eq!(count::<RunnerCell>(&mut app), 0);
}

#[test]
fn entry_and_exit_are_where_the_issue_puts_them() {
    let app = runner_app(21);
    let maze = runner(&app).game.maze();
    assert_eq!(maze.cell(Pos::new(1, 0)), Cell::Entry);
    let exit = maze.exit().unwrap();
    assert_eq!(exit.col, 20, "right border");
    assert!(exit.row > 10, "in the lower half");
}

#[test]
fn a_big_maze_starts_with_the_carving_and_a_move_skips_it() {
    let mut app = app(Launch {
        mode: Mode::Runner,
        seed: Some(3),
        runner: Some((ai_arcade::core::maze::generate::Generator::Backtracker, 201)),
        ..Launch::default()
    });
    frames(&mut app, 3);
    assert!(
        runner(&app).reveal.is_some(),
        "1.5 s of carving at the start"
    );
    assert_eq!(count::<RunnerCell>(&mut app), 201 * 201);
    tap(&mut app, KeyCode::ArrowRight);
    assert!(runner(&app).reveal.is_none());
    assert_eq!(runner(&app).game.steps(), 1);
}

#[test]
fn keys_choose_the_generator_and_the_size() {
    use ai_arcade::core::maze::generate::Generator;
    let mut app = runner_app(12);
    assert_eq!(runner(&app).game.spec().generator, Generator::Prim);
    tap(&mut app, KeyCode::KeyG);
    assert_eq!(runner(&app).game.spec().generator, Generator::Backtracker);
    let width = runner(&app).game.spec().width;
    assert_eq!(width, 21);
    tap(&mut app, KeyCode::BracketRight);
    let spec = runner(&app).game.spec();
    assert_eq!(
        (spec.width, spec.height),
        (31, 31),
        "the next preset above 21"
    );
    assert_eq!(
        spec.generator,
        Generator::Backtracker,
        "the generator stays"
    );
    frames(&mut app, 1);
    assert_eq!(count::<RunnerCell>(&mut app), 31 * 31);
    for _ in 0..5 {
        tap(&mut app, KeyCode::BracketRight);
    }
    assert_eq!(
        runner(&app).game.spec().width,
        19,
        "past 201 it wraps to 19"
    );
}

/// Every cell's colour, by position.
fn all_colours(app: &mut App) -> Vec<(Pos, Color)> {
    let mut colours: Vec<(Pos, Color)> = app
        .world_mut()
        .query::<(&RunnerCell, &Sprite)>()
        .iter(app.world())
        .map(|(cell, sprite)| (cell.pos, sprite.color))
        .collect();
    colours.sort_by_key(|(p, _)| (p.row, p.col));
    colours
}

#[test]
fn painting_only_what_a_step_changed_looks_the_same_as_painting_everything() {
    use ai_arcade::game::runner::RunnerCommand;
    let mut app = runner_app(12);
    tap(&mut app, KeyCode::Space);
    wait_for_hint(&mut app);
    // wander: along the hint, off it, back
    let mut moved = 0;
    for i in 0..60 {
        let dir = [Dir::Right, Dir::Down, Dir::Left, Dir::Up][(i * 7 / 3) % 4];
        let before = player(&mut app);
        tap(&mut app, ARROWS.iter().find(|(d, _)| *d == dir).unwrap().1);
        if player(&mut app) != before {
            moved += 1;
        }
    }
    assert!(moved > 10, "the player moved ({moved})");
    let partial = all_colours(&mut app);
    // showing and hiding A*'s sets repaints every cell
    app.world_mut().write_message(RunnerCommand::ShowSets(true));
    frames(&mut app, 3);
    app.world_mut()
        .write_message(RunnerCommand::ShowSets(false));
    frames(&mut app, 3);
    let full = all_colours(&mut app);
    let differing: Vec<_> = partial.iter().zip(&full).filter(|(a, b)| a != b).collect();
    assert!(differing.is_empty(), "{differing:?}");
}

fn learn(app: &App) -> &Learn {
    app.world().resource::<Learn>()
}

#[test]
fn learn_shows_astar_from_the_player_step_by_step_and_the_board_follows() {
    let mut app = runner_app(7);
    let start = player(&mut app);
    tap(&mut app, KeyCode::KeyL);
    let (first, second_node) = {
        let walk = learn(&app).walk().expect("L opens Learn");
        assert_eq!(walk.lesson().algo, Algo::MazeAstar);
        let step = walk.step().unwrap();
        assert_eq!(
            step.node,
            Some(Node::Cell(start)),
            "A* starts where the player stands"
        );
        (step.clone(), walk.lesson().steps[1].node)
    };
    assert_eq!(first.line, 1);
    assert_eq!(color_at(&mut app, start), palette::ENTRY);
    // `.` and RB step forward: the start is expanded, its neighbours join OPEN and show so
    tap(&mut app, KeyCode::Period);
    assert_eq!(learn(&app).walk().unwrap().index(), Some(1));
    assert_eq!(
        learn(&app).walk().unwrap().step().unwrap().node,
        second_node
    );
    let pad = connect_gamepad(&mut app);
    tap_button(&mut app, pad, GamepadButton::RightTrigger);
    let joined = {
        let step = learn(&app).walk().unwrap().step().unwrap().clone();
        assert_eq!(step.line, 9, "a neighbour joins OPEN");
        match step.node {
            Some(Node::Cell(p)) => p,
            _ => panic!("a cell"),
        }
    };
    frames(&mut app, 1);
    assert_eq!(color_at(&mut app, joined), palette::FRONTIER);
    // back one step: that cell is not in OPEN any more
    tap_button(&mut app, pad, GamepadButton::LeftTrigger);
    frames(&mut app, 1);
    assert_ne!(color_at(&mut app, joined), palette::FRONTIER);
    // the zoom buttons stepped Learn instead of zooming
    let span = runner(&app).span_cells;
    tap_button(&mut app, pad, GamepadButton::RightTrigger);
    assert_eq!(runner(&app).span_cells, span);
    // breadth-first instead, from the panel's choice
    app.world_mut()
        .write_message(RunnerCommand::Learn(Some(Algo::MazeBfs)));
    frames(&mut app, 2);
    assert_eq!(learn(&app).walk().unwrap().lesson().algo, Algo::MazeBfs);
    // Guide closes it; a step of the player closes a reopened one
    tap_button(&mut app, pad, GamepadButton::Mode);
    assert!(!learn(&app).is_open());
    tap(&mut app, KeyCode::KeyL);
    assert!(learn(&app).is_open());
    let open_way = ARROWS
        .iter()
        .find(|(dir, _)| {
            let maze = runner(&app).game.maze();
            maze.is_open(start.step(*dir))
        })
        .map(|(_, key)| *key)
        .unwrap();
    tap(&mut app, open_way);
    assert_ne!(player(&mut app), start);
    assert!(!learn(&app).is_open(), "the search was from another cell");
    frames(&mut app, 1);
    assert_ne!(
        color_at(&mut app, joined),
        palette::FRONTIER,
        "the board is the trail again"
    );
}

#[test]
fn you_are_the_algorithm_takes_a_tie_and_explains_a_wrong_choice() {
    let mut app = runner_app(11);
    tap(&mut app, KeyCode::KeyL);
    app.world_mut().write_message(LearnCommand::Quiz(true));
    frames(&mut app, 1);
    let mut right_and_wrong = (false, false);
    for _ in 0..200 {
        let (question, candidates) = {
            let walk = learn(&app).walk().unwrap();
            (walk.question(), walk.candidates().to_vec())
        };
        if question.is_none() {
            tap(&mut app, KeyCode::Period);
            continue;
        }
        let best = candidates.iter().map(Entry::f).min().unwrap();
        let pick = if right_and_wrong.0 {
            candidates.iter().find(|e| e.f() > best)
        } else {
            candidates.iter().find(|e| e.f() == best)
        };
        let Some(pick) = pick else {
            tap(&mut app, KeyCode::Period);
            continue;
        };
        app.world_mut()
            .write_message(LearnCommand::Answer(pick.node));
        frames(&mut app, 1);
        match learn(&app).verdict() {
            Some(Verdict::Right { .. }) => right_and_wrong.0 = true,
            Some(Verdict::Wrong(why)) => {
                assert!(
                    why.english().starts_with("A* takes the lowest f"),
                    "{}",
                    why.english()
                );
                right_and_wrong.1 = true;
                break;
            }
            None => panic!("an answer gets a verdict"),
        }
    }
    assert_eq!(right_and_wrong, (true, true));
    let score = learn(&app).walk().unwrap().score();
    assert_eq!((score.right, score.asked), (1, 2));
}

/// How many maze cells are drawn as floor (not the wall tile).
fn floor_cells(app: &mut App) -> usize {
    app.world_mut()
        .query::<(&RunnerCell, &Sprite)>()
        .iter(app.world())
        .filter(|(_, s)| s.custom_size == Some(Vec2::splat(CELL - 2.0)))
        .count()
}

#[test]
fn learn_shows_the_maze_being_carved_step_by_step() {
    let mut app = runner_app(5);
    let open_cells = runner(&app).game.maze().open_cells();
    frames(&mut app, 400);
    let generator = runner(&app).game.spec().generator;
    app.world_mut()
        .write_message(RunnerCommand::Learn(Some(Algo::of_generator(generator))));
    frames(&mut app, 2);
    let algo = learn(&app).walk().unwrap().lesson().algo;
    assert_eq!(algo.generator(), Some(generator));
    // the first step: one block carved, the rest rock but the walls in Prim's list
    let first = floor_cells(&mut app);
    let listed = learn(&app).walk().unwrap().step().unwrap().open_total;
    assert_eq!(first, 1 + listed);
    tap(&mut app, KeyCode::Period);
    tap(&mut app, KeyCode::Period);
    frames(&mut app, 1);
    let before = floor_cells(&mut app);
    tap(&mut app, KeyCode::Period);
    frames(&mut app, 1);
    let later = floor_cells(&mut app);
    assert!(later > first, "carving goes on: {first} → {later}");
    // a step back shows the board as it was (a wall left standing leaves the list, so the
    // count can go either way)
    tap(&mut app, KeyCode::Comma);
    frames(&mut app, 1);
    assert_eq!(floor_cells(&mut app), before);
    // at the last step the whole maze is carved, as the round's maze
    app.world_mut()
        .write_message(LearnCommand::GoTo(usize::MAX));
    frames(&mut app, 2);
    assert!(learn(&app).walk().unwrap().at_end());
    assert_eq!(floor_cells(&mut app), open_cells);
    let maze = runner(&app).game.maze().clone();
    let wrong: Vec<Pos> = maze
        .open_positions()
        .filter(|&p| {
            app.world_mut()
                .query::<(&RunnerCell, &Sprite)>()
                .iter(app.world())
                .any(|(c, s)| c.pos == p && s.custom_size != Some(Vec2::splat(CELL - 2.0)))
        })
        .collect();
    assert!(wrong.is_empty(), "open cells drawn as wall: {wrong:?}");
}
