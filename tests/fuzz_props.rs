//! Fuzz-style property tests: every parser that takes outside input — maze files, puzzle
//! strings, game IDs, settings files, command-line arguments — answers any input (10,000 cases
//! each, random and near-valid; `FUZZ_CASES` for a long run) with a value or an error, never a
//! panic, and what it accepts is right: a maze with one entry and at most one exit whose text
//! reads back the same, an ID that reads back the same, settings within the game's ranges.

use ai_arcade::cli::Cli;
use ai_arcade::core::id::GameId;
use ai_arcade::core::maze::runner::{MAX_WALK_SPEED, MIN_WALK_SPEED};
use ai_arcade::core::maze::{Cell, text};
use ai_arcade::core::mines::session::{MAX_ROBOT_SPEED, MIN_ROBOT_SPEED};
use ai_arcade::core::slide::Board;
use ai_arcade::core::slide::session::{MAX_DEMO_SPEED, MIN_DEMO_SPEED};
use ai_arcade::core::{showcase, trace};
use ai_arcade::store::settings::{Settings, WINDOW_HEIGHTS, WINDOW_WIDTHS};
use clap::Parser;
use proptest::prelude::*;

/// Cases per property: 10,000 in CI; `FUZZ_CASES=1000000 cargo test --release --test
/// fuzz_props` is the long run outside it.
fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// Near-valid game IDs: a mode word and fields drawn from what IDs are made of.
/// Nearly a maze: rows of one width from the symbol alphabet, often with an entry and an exit.
fn near_maze() -> impl Strategy<Value = String> {
    (1usize..12, 1usize..12, prop::collection::vec(0u8..6, 144)).prop_map(|(w, h, picks)| {
        let mut text = String::new();
        for r in 0..h {
            for c in 0..w {
                text.push(['#', '.', '.', '#', 'S', 'E'][picks[r * 12 + c] as usize]);
            }
            text.push('\n');
        }
        text
    })
}

fn id_text() -> impl Strategy<Value = String> {
    let mode = prop::sample::select(vec![
        "explore", "runner", "slide", "mines", "Mines", "x", "",
    ]);
    let field = prop_oneof![
        "[0-9]{0,25}",
        "[0-9]{1,4}[xX×][0-9]{1,4}",
        "[0-9a-fA-F]{0,40}",
        prop::sample::select(vec![
            "prim",
            "backtracker",
            "kruskal",
            "wilson",
            "any",
            "safe",
            "opening",
            "classic",
            "18446744073709551616",
            "-",
            "",
        ])
        .prop_map(String::from),
        "\\PC{0,6}",
    ];
    (mode, prop::collection::vec(field, 0..8)).prop_map(|(mode, fields)| {
        std::iter::once(mode.to_string())
            .chain(fields)
            .collect::<Vec<_>>()
            .join("-")
    })
}

/// Near-valid settings: JSON objects with the real keys (and some others) holding values of any
/// JSON type.
fn settings_text() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "version",
        "window_width",
        "window_height",
        "ui_scale",
        "colour_scheme",
        "explore_speed",
        "runner_generator",
        "runner_size",
        "runner_walk_speed",
        "slide_side",
        "slide_demo_speed",
        "slide_arrows",
        "mines_width",
        "mines_height",
        "mines_count",
        "mines_lives",
        "mines_first_click",
        "mines_robot_speed",
        "showcase_speed",
        "unknown",
    ]);
    let value = prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| if x.is_finite() {
            x.to_string()
        } else {
            "1e999".into()
        }),
        "[a-z_]{0,10}".prop_map(|s| format!("\"{s}\"")),
        Just("null".to_string()),
        Just("true".to_string()),
        Just("[1, 2]".to_string()),
        Just("{}".to_string()),
        Just("\"night\"".to_string()),
        Just("\"day\"".to_string()),
    ];
    prop::collection::vec((key, value), 0..12).prop_map(|pairs| {
        let body: Vec<String> = pairs.iter().map(|(k, v)| format!("\"{k}\": {v}")).collect();
        format!("{{{}}}", body.join(", "))
    })
}

/// Command lines built from the real words and some nonsense.
fn cli_args() -> impl Strategy<Value = Vec<String>> {
    let word = prop_oneof![
        prop::sample::select(vec![
            "play",
            "shot",
            "solve",
            "generate",
            "bench",
            "maze",
            "slide",
            "mines",
            "frames",
            "--mode",
            "menu",
            "explore",
            "runner",
            "showcase",
            "--id",
            "--seed",
            "--size",
            "--generator",
            "prim",
            "wilson",
            "--maze",
            "--out",
            "x.png",
            "--frames",
            "--keys",
            "--algo",
            "bfs",
            "astar-manhattan",
            "idastar-pdb",
            "--start",
            "--goal",
            "--json",
            "--width",
            "--height",
            "--mines",
            "--lives",
            "--first-click",
            "safe",
            "--games",
            "--file",
            "--depth",
            "--help",
            "-h",
            "--version",
        ])
        .prop_map(String::from),
        "[0-9]{1,6}",
        "-?[0-9]{1,22}",
        "\\PC{0,8}",
    ];
    prop::collection::vec(word, 0..8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn maze_text_never_panics(text in prop_oneof!["\\PC{0,300}", "[#.SE0123 ,\\n\\r\\t]{0,400}", near_maze()]) {
        // an accepted maze has one entry and at most one exit, and its text reads back the same
        if let Ok(maze) = text::parse(&text) {
            let cells: Vec<_> = maze.grid().iter().map(|(_, c)| *c).collect();
            let entries = cells.iter().filter(|c| **c == Cell::Entry).count();
            let exits = cells.iter().filter(|c| **c == Cell::Exit).count();
            prop_assert!(entries <= 1 && exits <= 1, "{entries} entries, {exits} exits");
            prop_assert_eq!(maze.entry().is_some(), entries == 1);
            prop_assert_eq!(text::parse(&text::to_text(&maze)), Ok(maze));
        }
    }

    #[test]
    fn puzzle_strings_never_panic(text in prop_oneof!["\\PC{0,60}", "[0-9 ,;\\n_x-]{0,60}"]) {
        if let Ok(board) = Board::parse(&text) {
            // what parses is a real board: every tile once
            let mut tiles = board.cells().to_vec();
            tiles.sort_unstable();
            prop_assert!(tiles.iter().enumerate().all(|(i, &t)| i == t as usize));
        }
    }

    #[test]
    fn game_ids_never_panic_and_good_ones_round_trip(text in prop_oneof![id_text(), "\\PC{0,80}"]) {
        if let Ok(id) = GameId::parse(&text) {
            let again = GameId::parse(&id.to_string());
            prop_assert_eq!(again, Ok(id));
        }
    }

    #[test]
    fn settings_files_never_panic_and_come_back_in_range(text in prop_oneof![settings_text(), "\\PC{0,120}"]) {
        if let Ok(settings) = Settings::from_json(&text) {
            prop_assert!(settings.ui_scale.is_finite() && settings.ui_scale >= 0.5 && settings.ui_scale <= 3.0);
            prop_assert!(settings.mines_config().is_some());
            prop_assert!(matches!(settings.slide_side, 3 | 4));
            prop_assert!(WINDOW_WIDTHS.contains(&settings.window_width));
            prop_assert!(WINDOW_HEIGHTS.contains(&settings.window_height));
            for (speed, low, high) in [
                (settings.explore_speed, trace::MIN_SPEED, trace::MAX_SPEED),
                (settings.runner_walk_speed, MIN_WALK_SPEED, MAX_WALK_SPEED),
                (settings.slide_demo_speed, MIN_DEMO_SPEED, MAX_DEMO_SPEED),
                (settings.mines_robot_speed, MIN_ROBOT_SPEED, MAX_ROBOT_SPEED),
                (settings.showcase_speed, showcase::MIN_SPEED, showcase::MAX_SPEED),
            ] {
                prop_assert!(speed >= low && speed <= high, "{speed} outside {low}..={high}");
            }
            prop_assert_eq!(Settings::from_json(&settings.to_json()), Ok(settings));
        }
    }

    #[test]
    fn command_lines_never_panic(args in cli_args()) {
        let argv = std::iter::once("ai-arcade".to_string()).chain(args);
        if let Ok(cli) = Cli::try_parse_from(argv) {
            // the game commands check their board arguments before any window opens
            #[cfg(feature = "game")]
            if let Some(ai_arcade::cli::Command::Play(args)) = &cli.command {
                let _ = args.board.recipe();
            }
            let _ = cli;
        }
    }
}
