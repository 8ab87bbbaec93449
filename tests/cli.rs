//! The command line as a user meets it: the real binary, its output and exit codes.

mod spawn;

use std::process::{Command, Output};

fn ai_arcade(args: &[&str]) -> Output {
    spawn::output(Command::new(env!("CARGO_BIN_EXE_ai-arcade")).args(args))
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A JSON array of counts.
fn counts(value: &serde_json::Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect()
}

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// A file of the system's temporary folder, removed when the test is done with it (passed or
/// failed), so that test runs leave nothing behind.
struct Temp(std::path::PathBuf);

impl std::ops::Deref for Temp {
    type Target = std::path::PathBuf;

    fn deref(&self) -> &std::path::PathBuf {
        &self.0
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A fresh path in the temporary folder, named after this test process and `name`.
fn temp_path(name: &str) -> Temp {
    let path = std::env::temp_dir().join(format!("ai-arcade-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    Temp(path)
}

fn temp_file(name: &str, contents: &[u8]) -> Temp {
    let path = temp_path(name);
    std::fs::write(&*path, contents).unwrap();
    path
}

#[test]
fn dfs_rule_on_the_classic_maze() {
    let v = json(&ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "dfs-rule",
        "--classic",
        "--json",
    ]));
    assert_eq!(v["found"], true);
    assert_eq!(v["start"], serde_json::json!([1, 0]));
    assert_eq!(v["exit"], serde_json::json!([7, 1]));
    assert_eq!(v["steps"], 27);
    let walk = v["walk"].as_array().unwrap();
    assert_eq!(walk.len(), 28);
    assert_eq!(walk[5], serde_json::json!([3, 1]), "down, right, left, up");
    let path = v["path"].as_array().unwrap();
    assert_eq!(path.first(), Some(&serde_json::json!([1, 0])));
    assert_eq!(path.last(), Some(&serde_json::json!([7, 1])));
}

#[test]
fn bfs_and_astar_report_shortest_length_and_expanded() {
    let bfs = json(&ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "bfs",
        "--classic",
        "--json",
    ]));
    let astar = json(&ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "astar",
        "--classic",
        "--json",
    ]));
    assert_eq!(bfs["length"], 13);
    assert_eq!(astar["length"], 13);
    assert!(astar["expanded"].as_u64().unwrap() <= bfs["expanded"].as_u64().unwrap());
    assert!(bfs["expanded"].as_u64().unwrap() > 0);
}

#[test]
fn a_maze_file_in_either_form_is_solved() {
    let symbols = temp_file("ok.txt", b"#S#\n#.#\n#E#\n");
    let numbers = temp_file("ok-num.txt", b"1,2,1\n1,0,1\n1,3,1\n");
    for file in [&symbols, &numbers] {
        let v = json(&ai_arcade(&[
            "solve",
            "maze",
            "--algo",
            "dfs-rule",
            "--file",
            file.to_str().unwrap(),
            "--json",
        ]));
        assert_eq!(v["found"], true);
        assert_eq!(v["steps"], 2);
    }
}

#[test]
fn a_maze_without_a_way_out_says_no_exit() {
    let file = temp_file("walled.txt", b"S.#E\n");
    let out = ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "dfs-rule",
        "--file",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("No exit"));
}

#[test]
fn a_malformed_file_gets_line_column_and_exit_code_2() {
    let file = temp_file("bad.txt", b"#S#\n#.#\n#x#\n");
    let out = ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "bfs",
        "--file",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(message.contains("line 3, column 2"), "{message}");
    assert!(message.contains("unknown character 'x'"), "{message}");
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_arguments_exit_2_with_a_clear_message() {
    let unknown = ai_arcade(&["solve", "maze", "--algo", "dijkstra", "--classic"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("dfs-rule"),
        "lists the valid algorithms"
    );
    let no_source = ai_arcade(&["solve", "maze", "--algo", "bfs"]);
    assert_eq!(no_source.status.code(), Some(2));
    let missing = ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "bfs",
        "--file",
        "/no/such/maze.txt",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("cannot read /no/such/maze.txt"));
}

#[cfg(feature = "game")]
#[test]
fn game_commands_refuse_bad_arguments_before_opening_a_window() {
    let unknown = ai_arcade(&["play", "--mode", "attract"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("showcase"),
        "the modes are listed"
    );
    let bad_id = ai_arcade(&["play", "--id", "runner-prim-22x21-1"]);
    assert_eq!(bad_id.status.code(), Some(2));
    assert!(
        stderr(&bad_id).contains("--id: width 22 is even"),
        "{}",
        stderr(&bad_id)
    );
    let id_and_seed = ai_arcade(&["play", "--id", "runner-prim-21x21-1", "--seed", "3"]);
    assert_eq!(id_and_seed.status.code(), Some(2));
    assert!(stderr(&id_and_seed).contains("leave out --seed"));
    let other_mode = ai_arcade(&["play", "--mode", "slide", "--id", "mines-9x9-10-1-any-1"]);
    assert_eq!(other_mode.status.code(), Some(2));
    assert!(stderr(&other_mode).contains("--mode slide but --id is a mines board"));
    let not_png = ai_arcade(&["shot", "--mode", "menu", "--out", "x.jpg"]);
    assert_eq!(not_png.status.code(), Some(2));
    assert!(stderr(&not_png).contains("PNG"));
    let bad_maze = ai_arcade(&["play", "--mode", "explore", "--maze", "/no/such/maze.txt"]);
    assert_eq!(bad_maze.status.code(), Some(2));
    assert!(stderr(&bad_maze).contains("cannot read"));
    let bad_size = ai_arcade(&["shot", "--mode", "menu", "--out", "a.png", "--width", "5"]);
    assert_eq!(bad_size.status.code(), Some(2));
}

#[cfg(feature = "game")]
#[test]
fn shot_without_a_display_fails_clearly() {
    let out = spawn::output(
        Command::new(env!("CARGO_BIN_EXE_ai-arcade"))
            .args(["shot", "--mode", "explore", "--out", "/tmp/never.png"])
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no display"), "{}", stderr(&out));
}

#[test]
fn generate_then_solve_a_maze() {
    let out = ai_arcade(&[
        "generate", "maze", "--algo", "wilson", "--width", "21", "--height", "15", "--seed", "7",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 15);
    assert!(rows.iter().all(|r| r.len() == 21));
    assert!(rows[1].starts_with('S'));
    let again = ai_arcade(&[
        "generate", "maze", "--algo", "wilson", "--width", "21", "--height", "15", "--seed", "7",
    ]);
    assert_eq!(
        String::from_utf8(again.stdout).unwrap(),
        text,
        "same seed, same maze"
    );
    let file = temp_file("generated.txt", text.as_bytes());
    let v = json(&ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "astar",
        "--file",
        file.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["found"], true);
    assert!(v["length"].as_u64().unwrap() >= 20);
}

#[test]
fn generate_sounds_writes_every_effect_as_a_wav_file() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-cli-{}-sounds", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = ai_arcade(&["generate", "sounds", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), ai_arcade::core::sound::Cue::ALL.len());
    let exit = std::fs::read(dir.join("explore_exit.wav")).unwrap();
    assert_eq!(&exit[0..4], b"RIFF");
    assert_eq!(&exit[8..12], b"WAVE");
    assert!(exit.len() > 10_000, "{} bytes", exit.len());
    // a file where the folder should be: bad input, said clearly
    let file = temp_file("not-a-folder", b"x");
    let refused = ai_arcade(&["generate", "sounds", "--out", file.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("is not a folder"),
        "{}",
        stderr(&refused)
    );
    let below = file.join("sounds");
    let refused = ai_arcade(&["generate", "sounds", "--out", below.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn generate_refuses_bad_sizes_and_generators() {
    let even = ai_arcade(&[
        "generate", "maze", "--algo", "prim", "--width", "20", "--height", "9",
    ]);
    assert_eq!(even.status.code(), Some(2));
    assert!(stderr(&even).contains("even"), "{}", stderr(&even));
    let tiny = ai_arcade(&[
        "generate", "maze", "--algo", "prim", "--width", "3", "--height", "9",
    ]);
    assert_eq!(tiny.status.code(), Some(2));
    let huge = ai_arcade(&[
        "generate", "maze", "--algo", "prim", "--width", "9", "--height", "99999",
    ]);
    assert_eq!(huge.status.code(), Some(2));
    let unknown = ai_arcade(&[
        "generate", "maze", "--algo", "eller", "--width", "9", "--height", "9",
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    let message = stderr(&unknown);
    assert!(
        message.contains("prim") && message.contains("wilson"),
        "{message}"
    );
}

#[test]
fn solve_slide_prints_an_optimal_solution_as_json() {
    let v = json(&ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "astar-manhattan",
        "1 2 3 4 5 6 0 7 8",
        "--json",
    ]));
    assert_eq!(v["solvable"], true);
    assert_eq!(v["found"], true);
    assert_eq!(v["length"], 2);
    assert_eq!(v["moves"], serde_json::json!(["right", "right"]));
    assert!(v["expanded"].as_u64().unwrap() >= 2);
    assert!(v["millis"].as_f64().is_some());
    let text = ai_arcade(&["solve", "slide", "--algo", "bfs", "123456708"]);
    assert!(text.status.success());
    assert!(String::from_utf8_lossy(&text.stdout).contains("1 move of the blank: East"));
}

#[test]
fn solve_slide_says_unsolvable_and_fail_apart() {
    let v = json(&ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "idastar",
        "2 1 3 4 5 6 7 8 0",
        "--json",
    ]));
    assert_eq!(v["solvable"], false);
    assert_eq!(v["found"], false);
    assert_eq!(v["outcome"], "unsolvable (parity)");
    let shallow = ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "dfs",
        "--depth-limit",
        "1",
        "1 2 3 4 5 6 0 7 8",
    ]);
    assert!(shallow.status.success());
    assert!(String::from_utf8_lossy(&shallow.stdout).contains("FAIL: no solution within depth 1"));
}

#[test]
fn solve_slide_batch_keeps_input_order_and_rejects_bad_lines() {
    let file = temp_file(
        "batch.txt",
        b"# three puzzles\n1 2 3 4 5 6 7 8 0\n\n123456708\n1 2 3 4 5 6 0 7 8\n",
    );
    let out = ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "bfs",
        "--batch",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lengths: Vec<u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["length"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(lengths, vec![0, 1, 2]);
    let bad = temp_file("bad-batch.txt", b"1 2 3 4 5 6 7 8 0\n1 2 3\n");
    let out = ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "bfs",
        "--batch",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 2: start: expected 9 tiles"),
        "{}",
        stderr(&out)
    );
    let mixed = ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "bfs",
        "--goal",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
        "1 2 3 4 5 6 7 8 0",
    ]);
    assert_eq!(mixed.status.code(), Some(2));
    assert!(stderr(&mixed).contains("same size"));
}

#[test]
fn bench_slide_sample_reports_distances_that_match_bfs() {
    let v = json(&ai_arcade(&[
        "bench", "slide", "--size", "3", "--sample", "300", "--json",
    ]));
    let states = v["states"].as_u64().unwrap();
    assert!((300..=310).contains(&states), "{states}");
    assert_eq!(v["agrees_with_bfs"], true);
    let by_distance: u64 = counts(&v["by_distance"]).iter().sum();
    assert_eq!(by_distance, states);
    assert!(
        v["max_distance"].as_u64().unwrap() <= 31,
        "no 8-puzzle needs more than 31 moves"
    );
    assert!(v["mean_us_per_state"].as_f64().unwrap() > 0.0);
    // every state: the lengths A* found, counted by distance, are the published distribution of
    // the 8-puzzle's distances from 1 2 3 4 5 6 7 8 0 (OEIS A089473) — not the binary's own word
    let all = json(&ai_arcade(&["bench", "slide", "--all", "--json"]));
    let published: Vec<u64> = vec![
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
        10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];
    assert_eq!(counts(&all["by_distance"]), published);
    assert_eq!(all["states"], 181_440);
    let bad = ai_arcade(&["bench", "slide", "--size", "4", "--all"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--sample"), "{}", stderr(&bad));
}

#[test]
fn idastar_with_pattern_databases_builds_once_then_reads_the_cache() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-cli-pdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = || {
        spawn::output(
            Command::new(env!("CARGO_BIN_EXE_ai-arcade"))
                .args([
                    "solve",
                    "slide",
                    "--algo",
                    "idastar-pdb",
                    "8 6 7 2 5 4 3 0 1",
                    "--json",
                ])
                .env("AI_ARCADE_CONFIG_DIR", &dir),
        )
    };
    let first = run();
    assert!(stderr(&first).contains("built"), "{}", stderr(&first));
    let v = json(&first);
    assert_eq!(v["length"], 31, "one of the two hardest 8-puzzle states");
    assert_eq!(v["algo"], "idastar-pdb");
    let second = run();
    assert!(!stderr(&second).contains("built"), "{}", stderr(&second));
    assert_eq!(json(&second)["moves"], v["moves"]);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        2,
        "one file for each of the 4-4 split's tables"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pattern_database_options_are_checked_and_a_bench_solves_an_instance_file() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-cli-pdb-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        spawn::output(
            Command::new(env!("CARGO_BIN_EXE_ai-arcade"))
                .args(args)
                .env("AI_ARCADE_CONFIG_DIR", &dir),
        )
    };
    // a 15-puzzle split for an 8-puzzle
    let wrong = run(&[
        "solve",
        "slide",
        "--algo",
        "idastar-pdb",
        "--pdb",
        "7-8",
        "1 2 3 4 5 6 0 7 8",
    ]);
    assert_eq!(wrong.status.code(), Some(2), "{}", stderr(&wrong));
    assert!(
        stderr(&wrong).contains("for 4×4 boards"),
        "{}",
        stderr(&wrong)
    );
    let wrong = run(&[
        "bench", "slide", "--size", "4", "--pdb", "4-4", "--sample", "1",
    ]);
    assert_eq!(wrong.status.code(), Some(2), "{}", stderr(&wrong));
    // Korf's goal, two starts a few moves from it (the second one mirrored), a comment
    let file = dir.join("starts.txt");
    std::fs::write(
        &file,
        "# near Korf's goal\n4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15\n\n\
         1 5 2 3 4 0 6 7 8 9 10 11 12 13 14 15\n",
    )
    .unwrap();
    let korf = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    let path = file.to_str().unwrap();
    let bench_args = [
        "bench",
        "slide",
        "--size",
        "4",
        "--instances",
        path,
        "--goal",
        korf,
        "--pdb",
        "5-5-5",
        "--json",
    ];
    let bench = run(&bench_args);
    assert!(bench.status.success(), "{}", stderr(&bench));
    let v = json(&bench);
    assert_eq!(v["instances"], 2);
    assert_eq!(v["lengths"], serde_json::json!([1, 2]));
    assert_eq!(v["pdb"], "5-5-5");
    assert_eq!(v["pdb_how"], "built");
    assert!(v["total_expanded"].as_u64().unwrap() >= 1);
    let again = run(&bench_args);
    assert_eq!(json(&again)["pdb_how"], "read");
    // the batch solver sums up, and never gives up by default (no --max-nodes)
    let batch = run(&[
        "solve",
        "slide",
        "--algo",
        "idastar-pdb",
        "--pdb",
        "5-5-5",
        "--goal",
        korf,
        "--batch",
        path,
    ]);
    assert!(batch.status.success(), "{}", stderr(&batch));
    let text = String::from_utf8_lossy(&batch.stdout);
    assert!(text.contains("5-5-5 pattern databases"), "{text}");
    assert!(text.contains("2 instances, 2 solved"), "{text}");
    // an unsolvable instance in a bench file is refused before anything is built
    std::fs::write(&file, "1 0 2 3 4 5 6 7 8 9 10 11 12 13 15 14\n").unwrap();
    let bad = run(&bench_args[..8]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("instance 1"), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bfs_says_each_level_it_expands_like_the_console_original() {
    let out = ai_arcade(&["solve", "slide", "--algo", "bfs", "1 2 3 4 5 6 0 7 8"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let levels: Vec<String> = stderr(&out)
        .lines()
        .filter(|l| l.starts_with("EXPANDING LEVEL"))
        .map(str::to_string)
        .collect();
    assert_eq!(
        levels,
        [
            "EXPANDING LEVEL 0",
            "EXPANDING LEVEL 1",
            "EXPANDING LEVEL 2"
        ]
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 moves of the blank: East East"));
}

/// `bench mines` on the beginner field with a safe first click.
const BEGINNER_SAFE: [&str; 12] = [
    "bench",
    "mines",
    "--width",
    "9",
    "--height",
    "9",
    "--mines",
    "10",
    "--lives",
    "1",
    "--first-click",
    "safe",
];

#[test]
fn bench_mines_reports_the_robots_record_as_json() {
    let beginner_safe = [
        &BEGINNER_SAFE[..],
        &["--games", "40", "--seed", "7", "--json"],
    ]
    .concat();
    let v = json(&ai_arcade(&beginner_safe));
    assert_eq!(v["games"], 40);
    let wins = v["wins"].as_u64().unwrap();
    assert!((20..=40).contains(&wins), "beginner is mostly won: {wins}");
    let rate = v["win_rate"].as_f64().unwrap();
    assert!((rate - wins as f64 / 40.0).abs() < 1e-12, "{rate}");
    // the interval is Wilson's score interval at 95%, computed here from the wins alone
    let (n, p, z) = (40.0_f64, wins as f64 / 40.0, 1.96_f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let ci = v["win_rate_ci95"].as_array().unwrap();
    let (low, high) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(
        (low - (centre - half)).abs() < 1e-6,
        "{low} vs {}",
        centre - half
    );
    assert!(
        (high - (centre + half)).abs() < 1e-6,
        "{high} vs {}",
        centre + half
    );
    // one life: a game hits a mine at most once, and a lost game hit exactly one
    let hit = v["mean_mines_hit"].as_f64().unwrap();
    assert!((hit - (40 - wins) as f64 / 40.0).abs() < 1e-12, "{hit}");
    // the same seeds give the same record
    assert_eq!(json(&ai_arcade(&beginner_safe))["wins"], v["wins"]);
}

#[test]
fn bench_mines_counts_the_noguess_fields_its_generator_could_not_make() {
    let noguess = |recipe: &[&str], games: &str| {
        let args = [
            &["bench", "mines"][..],
            recipe,
            &["--lives", "1", "--first-click", "noguess", "--games", games],
        ]
        .concat();
        let out = ai_arcade(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let v = json(&ai_arcade(&[&args[..], &["--json"]].concat()));
        (text, v)
    };
    // intermediate is always made, and logic alone wins it
    let (text, v) = noguess(&["--width", "16", "--height", "16", "--mines", "40"], "6");
    assert_eq!(v["fields_short_of_rule"], 0);
    assert_eq!(v["wins"], 6);
    assert_eq!(v["mean_guesses"], 0.0);
    assert!(
        text.contains("no-guess fields not made in time 0"),
        "{text}"
    );
    // 40% mines on 50×50 runs out of the generator's work: the closest field found is played,
    // and the count says why it may need a guess
    let (text, v) = noguess(&["--width", "50", "--height", "50", "--mines", "1000"], "1");
    assert_eq!(v["fields_short_of_rule"], 1);
    assert!(
        text.contains("no-guess fields not made in time 1"),
        "{text}"
    );
    // the other rules never fall short, and say nothing of it
    let safe = ai_arcade(&[&BEGINNER_SAFE[..], &["--games", "3", "--json"]].concat());
    assert_eq!(json(&safe)["fields_short_of_rule"], 0);
    let text = ai_arcade(&[&BEGINNER_SAFE[..], &["--games", "3"]].concat());
    assert!(!String::from_utf8_lossy(&text.stdout).contains("no-guess"));
}

#[test]
fn bench_mines_refuses_impossible_recipes() {
    let rule = ai_arcade(&[
        "bench",
        "mines",
        "--first-click",
        "sometimes",
        "--games",
        "1",
    ]);
    assert_eq!(rule.status.code(), Some(2));
    assert!(
        stderr(&rule).contains("any, safe, opening or noguess"),
        "{}",
        stderr(&rule)
    );
    let crowded = ai_arcade(&["bench", "mines", "--mines", "400", "--games", "1"]);
    assert_eq!(crowded.status.code(), Some(2));
    assert!(
        stderr(&crowded).contains("give 1 to 399"),
        "{}",
        stderr(&crowded)
    );
    let cell = ai_arcade(&["bench", "mines", "--first-cell", "99,1", "--games", "1"]);
    assert_eq!(cell.status.code(), Some(2));
}

#[cfg(feature = "game")]
#[test]
fn bench_frames_times_the_real_systems_and_prints_json() {
    let out = ai_arcade(&[
        "bench", "frames", "--mode", "runner", "--size", "51", "--frames", "60", "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // the run it reports is the one asked for (the times themselves are measurements)
    assert_eq!(json["mode"], "runner");
    assert_eq!(json["size"], "51");
    assert_eq!(json["frames"], 60);
    for key in ["median_ms", "max_ms", "p99_ms", "mean_ms"] {
        assert!(
            json[key].as_f64().is_some_and(f64::is_finite),
            "{key}: {json}"
        );
    }
    assert!(
        json["player_steps"].as_u64().unwrap() > 0,
        "the player walked"
    );
    let bad = ai_arcade(&["bench", "frames", "--mode", "slide", "--size", "9"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--size applies to runner"));
    let even = ai_arcade(&["bench", "frames", "--mode", "runner", "--size", "400"]);
    assert_eq!(even.status.code(), Some(2));
}

/// Every command that prints, with the arguments that make it print.
const PRINTING_COMMANDS: &[&[&str]] = &[
    &[
        "generate", "maze", "--algo", "prim", "--width", "21", "--height", "21", "--seed", "1",
    ],
    &[
        "generate", "maze", "--algo", "wilson", "--width", "9", "--height", "9",
    ],
    &["solve", "maze", "--classic", "--algo", "dfs-rule"],
    &["solve", "maze", "--classic", "--algo", "astar", "--json"],
    &["solve", "slide", "--algo", "bfs", "1 2 3 4 5 6 0 7 8"],
    &[
        "solve",
        "slide",
        "--algo",
        "astar-manhattan",
        "--json",
        "1 2 3 4 5 6 0 7 8",
    ],
    &["bench", "slide", "--sample", "20", "--json"],
    &["bench", "mines", "--games", "2"],
    &["--help"],
    &["solve", "slide", "--help"],
    &["--version"],
];

/// Runs the binary with its stdout or stderr sent where given (captured otherwise).
fn run_to(
    args: &[&str],
    stdout: Option<std::process::Stdio>,
    stderr: Option<std::process::Stdio>,
) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ai-arcade"));
    command.args(args);
    if let Some(stdout) = stdout {
        command.stdout(stdout);
    }
    if let Some(stderr) = stderr {
        command.stderr(stderr);
    }
    spawn::output(&mut command)
}

/// The device whose every write fails: no space left.
fn dev_full() -> std::process::Stdio {
    std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap()
        .into()
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly() {
    for args in PRINTING_COMMANDS {
        // stdout is a pipe whose reading end is already closed: every write fails (EPIPE)
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = run_to(args, Some(writer.into()), None);
        assert!(
            out.status.success(),
            "{args:?}: {:?} {}",
            out.status,
            stderr(&out)
        );
        assert!(
            !stderr(&out).contains("panicked"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn output_that_cannot_be_written_is_one_clear_error() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in PRINTING_COMMANDS {
        let out = run_to(args, Some(dev_full()), None);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(
            message.contains("error: cannot write the output: No space left on device"),
            "{args:?}: {message}"
        );
        assert!(!message.contains("panicked"), "{args:?}: {message}");
        // and a full stderr loses only the notes, never the command
        let out = run_to(args, None, Some(dev_full()));
        assert!(
            out.status.success(),
            "{args:?} with stderr full: {:?}",
            out.status
        );
    }
}

/// Runs the binary and gives up (failing the test) after `seconds`: a command that blocks on a
/// special file must not hang the suite.
fn ai_arcade_within(seconds: u64, args: &[&str], config_dir: Option<&std::path::Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ai-arcade"));
    command
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some(dir) = config_dir {
        command.env("AI_ARCADE_CONFIG_DIR", dir);
    }
    let mut child = spawn::spawn(&mut command);
    let clock = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if clock.elapsed() > std::time::Duration::from_secs(seconds) {
            let _ = child.kill();
            panic!("{args:?} still running after {seconds} s: it blocked");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A named pipe at a fresh path (`None` where `mkfifo` is not to be had).
fn fifo(name: &str) -> Option<Temp> {
    let path = temp_path(name);
    let made = Command::new("mkfifo").arg(&*path).status().ok()?;
    made.success().then_some(path)
}

#[test]
fn files_that_are_not_regular_are_refused_without_blocking() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-cli-{}-a-dir", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut specials = vec![(dir.clone(), "a directory")];
    if cfg!(unix) {
        specials.push(("/dev/zero".into(), "a device"));
    }
    let pipe = fifo("pipe");
    if let Some(pipe) = &pipe {
        specials.push((pipe.to_path_buf(), "a named pipe"));
    }
    for (path, kind) in &specials {
        let path = path.to_str().unwrap();
        for args in [
            vec!["solve", "maze", "--algo", "bfs", "--file", path],
            vec!["solve", "slide", "--algo", "bfs", "--batch", path],
            vec!["play", "--maze", path],
        ] {
            let out = ai_arcade_within(20, &args, None);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            let message = stderr(&out);
            assert!(
                message.contains(&format!("it is {kind}, not a regular file")),
                "{args:?}: {message}"
            );
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(feature = "game")]
#[test]
fn play_without_a_display_leaves_a_corrupt_settings_file_where_it_is() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-cli-{}-corrupt", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.json"), "{ broken").unwrap();
    let out = ai_arcade_within(20, &["play"], Some(&dir));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("no display"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.join("settings.json")).unwrap(),
        "{ broken",
        "nothing is moved before a window can open"
    );
    assert!(!dir.join("settings.json.bak").exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_count_has_a_range_and_is_refused_outside_it() {
    let huge = "18446744073709551615";
    for (args, range) in [
        (
            vec!["bench", "frames", "--mode", "menu", "--frames", "0"],
            "1..=1000000",
        ),
        (
            vec!["bench", "frames", "--mode", "menu", "--frames", huge],
            "1..=1000000",
        ),
        (vec!["bench", "mines", "--games", "0"], "1..=1000000"),
        (
            vec!["bench", "mines", "--games", "1000000000000"],
            "1..=1000000",
        ),
        (vec!["bench", "slide", "--sample", "0"], "1..=181440"),
        (vec!["bench", "slide", "--sample", huge], "1..=181440"),
        (
            vec!["bench", "slide", "--size", "4", "--sample", "0"],
            "1..=181440",
        ),
        (
            vec!["bench", "slide", "--size", "4", "--sample", "20000"],
            "1 to 10000",
        ),
        (
            vec!["shot", "--out", "x.png", "--frames", "0"],
            "1..=100000",
        ),
        (
            vec!["bench", "frames", "--mode", "mines", "--size", "3"],
            "7 to 100",
        ),
        (
            vec!["play", "--mode", "runner", "--size", "4003"],
            "5 to 401 blocks",
        ),
        (
            vec![
                "solve",
                "slide",
                "--algo",
                "bfs",
                "--max-nodes",
                "10000000000",
                "1 2 3 4 5 6 0 7 8",
            ],
            "bytes per node",
        ),
        (
            vec![
                "solve",
                "slide",
                "--algo",
                "bfs",
                "--max-nodes",
                "1000000000000",
                "1 2 3 4 5 6 0 7 8",
            ],
            "1..=10000000000",
        ),
        (
            vec![
                "solve",
                "slide",
                "--algo",
                "dfs",
                "--depth-limit",
                "0",
                "1 2 3 4 5 6 0 7 8",
            ],
            "1..=200",
        ),
    ] {
        let out = ai_arcade_within(20, &args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(range), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn an_output_path_under_a_file_is_bad_input_named_as_such() {
    let file = temp_file("not-a-folder", b"x");
    let out_path = file.join("maze.txt");
    let out = ai_arcade(&[
        "generate",
        "maze",
        "--algo",
        "prim",
        "--width",
        "5",
        "--height",
        "5",
        "--seed",
        "1",
        "--out",
        out_path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is a file, not a folder"),
        "{}",
        stderr(&out)
    );
    assert!(file.is_file(), "the file is left as it was");
}

#[test]
fn outputs_that_are_not_regular_files_are_refused_and_left_as_they_are() {
    let file = temp_file("not-a-folder-either", b"x");
    let mut wrong = vec![(file.join("out.csv"), "is a file, not a folder")];
    let pipe = fifo("out-pipe");
    if let Some(pipe) = &pipe {
        wrong.push((pipe.to_path_buf(), "it is a named pipe, not a regular file"));
    }
    for (path, said) in &wrong {
        let path = path.to_str().unwrap();
        let maze = [
            "generate", "maze", "--algo", "prim", "--width", "5", "--height", "5", "--out", path,
        ];
        // bench mines asks before its games: with the check only at the end the write would
        // fail after them, with exit code 1
        let bench = [&BEGINNER_SAFE[..], &["--games", "300", "--per-game", path]].concat();
        let trace = [&BEGINNER_SAFE[..], &["--games", "300", "--trace", path]].concat();
        for args in [&maze[..], &bench, &trace] {
            let out = ai_arcade_within(60, args, None);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
            assert!(out.stdout.is_empty(), "{args:?}: nothing played");
        }
    }
    assert_eq!(
        std::fs::read(&*file).unwrap(),
        b"x",
        "the file is left as it was"
    );
    #[cfg(unix)]
    if let Some(pipe) = &pipe {
        let kind = std::fs::metadata(&**pipe).unwrap().file_type();
        let still = std::os::unix::fs::FileTypeExt::is_fifo(&kind);
        assert!(still, "the pipe is still a pipe");
    }
}

/// The JSON lines of a `--steps` run.
fn step_lines(out: &Output) -> Vec<serde_json::Value> {
    assert!(out.status.success(), "{}", stderr(out));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect()
}

#[test]
fn solve_maze_steps_prints_one_object_per_step_in_the_algorithms_terms() {
    for (algo, width) in [("astar", 5), ("bfs", 3), ("dfs-rule", 2)] {
        let steps = step_lines(&ai_arcade(&[
            "solve",
            "maze",
            "--algo",
            algo,
            "--classic",
            "--steps",
        ]));
        let answer = json(&ai_arcade(&[
            "solve",
            "maze",
            "--algo",
            algo,
            "--classic",
            "--json",
        ]));
        assert!(steps.len() > 10, "{algo}: {} steps", steps.len());
        for (i, step) in steps.iter().enumerate() {
            assert_eq!(step["step"], i + 1);
            for key in [
                "line",
                "code",
                "node",
                "open",
                "open_total",
                "closed",
                "say",
            ] {
                assert!(!step[key].is_null(), "{algo}: step {i} has no {key}");
            }
            for entry in step["open"].as_array().unwrap() {
                assert_eq!(entry.as_array().unwrap().len(), width, "{algo}: {entry}");
            }
        }
        let last = steps.last().unwrap();
        assert_eq!(last["node"], answer["exit"], "{algo} ends at the exit");
        if algo == "dfs-rule" {
            // the stack at the end is the correct path
            let stack: Vec<serde_json::Value> = last["open"].as_array().unwrap().clone();
            assert_eq!(serde_json::Value::Array(stack), answer["path"]);
        } else {
            let expansions = steps
                .iter()
                .filter(|s| {
                    s["code"].as_str().unwrap().contains(if algo == "bfs" {
                        "front of QUEUE"
                    } else {
                        "from OPEN to CLOSED"
                    })
                })
                .count();
            assert_eq!(expansions as u64, answer["expanded"].as_u64().unwrap());
        }
    }
    // the first A* step: the entry in OPEN with g = 0, h = its distance to the exit
    let first = &step_lines(&ai_arcade(&[
        "solve",
        "maze",
        "--algo",
        "astar",
        "--classic",
        "--steps",
        "--open-limit",
        "1",
    ]))[0];
    assert_eq!(first["open"], serde_json::json!([[1, 0, 0, 7, 7]]));
    assert_eq!(first["say"], "(1, 0) goes into OPEN: g = 0, h = 7, f = 7");
}

#[test]
fn solve_slide_steps_explains_one_search_and_refuses_what_it_cannot() {
    let steps = step_lines(&ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "astar-manhattan",
        "1 2 3 4 0 6 7 5 8",
        "--steps",
    ]));
    let last = steps.last().unwrap();
    assert_eq!(last["node"], "1 2 3 4 5 6 7 8 0");
    assert_eq!(last["say"], "it is the goal: the parent links give 2 moves");
    for step in &steps {
        for entry in step["open"].as_array().unwrap() {
            let e = entry.as_array().unwrap();
            assert_eq!(e.len(), 4);
            assert_eq!(
                e[3].as_u64().unwrap(),
                e[1].as_u64().unwrap() + e[2].as_u64().unwrap(),
                "f = g + h"
            );
        }
    }
    let idastar = step_lines(&ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "idastar",
        "1 2 3 4 0 6 7 5 8",
        "--steps",
    ]));
    assert!(idastar.iter().all(|s| s["bound"].is_u64()));
    let pdb = ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "idastar-pdb",
        "1 2 3 4 0 6 7 5 8",
        "--steps",
    ]);
    assert_eq!(pdb.status.code(), Some(2));
    assert!(stderr(&pdb).contains("--algo idastar"), "{}", stderr(&pdb));
    let unsolvable = ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "bfs",
        "2 1 3 4 5 6 7 8 0",
        "--steps",
    ]);
    assert!(unsolvable.status.success());
    assert!(unsolvable.stdout.is_empty());
    assert!(
        stderr(&unsolvable).contains("parity"),
        "{}",
        stderr(&unsolvable)
    );
    let file = temp_file("steps-batch.txt", b"1 2 3 4 0 6 7 5 8\n");
    let batch = ai_arcade(&[
        "solve",
        "slide",
        "--algo",
        "bfs",
        "--batch",
        file.to_str().unwrap(),
        "--steps",
    ]);
    assert_eq!(batch.status.code(), Some(2));
}

#[test]
#[cfg(unix)] // the limit is set by the shell's ulimit
fn searches_that_keep_their_nodes_end_with_exit_2_when_memory_runs_out() {
    // a grading box's limit: 1.5 GB of address space, and a 15-puzzle breadth-first search
    // would need tens; the search says so instead of the process aborting
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 1500000 && {} solve slide --algo bfs --max-nodes 60000000 \
             '15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0'",
            env!("CARGO_BIN_EXE_ai-arcade")
        ))
        .output()
        .unwrap();
    let said = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("the memory ran out after"), "{said}");
    assert!(!said.contains("memory allocation of"), "{said}");
}

#[test]
fn bench_mines_traces_the_boards_and_every_guess() {
    let trace = temp_path("trace.jsonl");
    let per_game = temp_path("trace-per-game.csv");
    let out = ai_arcade(&[
        "bench",
        "mines",
        "--width",
        "16",
        "--height",
        "16",
        "--mines",
        "40",
        "--lives",
        "1",
        "--first-click",
        "safe",
        "--games",
        "40",
        "--seed",
        "7",
        "--trace",
        trace.to_str().unwrap(),
        "--per-game",
        per_game.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&*trace).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 41, "a header and 40 games");
    let header = &lines[0];
    assert_eq!(header["width"], 16);
    assert_eq!(header["mines"], 40);
    assert_eq!(header["lives"], 1);
    assert_eq!(header["first_click"], "safe");
    assert_eq!(header["first_cell"], 0);
    let guesses_column: Vec<u64> = std::fs::read_to_string(&*per_game)
        .unwrap()
        .lines()
        .skip(2)
        .map(|l| l.split(',').nth(3).unwrap().parse().unwrap())
        .collect();
    let rules = [
        "LookAhead",
        "Start",
        "EndGame",
        "Region",
        "Unavoidable",
        "CoinToss",
    ];
    let (mut lost, mut guessed) = (0, 0);
    for (i, game) in lines[1..].iter().enumerate() {
        assert_eq!(game["seed"], 7 + i as u64);
        let mines: Vec<u64> = counts(&game["mines"]);
        assert_eq!(mines.len(), 40);
        assert!(mines.windows(2).all(|w| w[0] < w[1]), "distinct, in order");
        assert!(!mines.contains(&0), "the safe first click");
        let guesses = game["guesses"].as_array().unwrap();
        assert_eq!(guesses.len() as u64, guesses_column[i], "seed {}", 7 + i);
        let mut open_before = 0;
        for (k, g) in guesses.iter().enumerate() {
            let cell = g["cell"].as_u64().unwrap();
            let risk = g["risk"].as_f64().unwrap();
            let open = g["open"].as_u64().unwrap();
            assert!(cell < 256 && risk > 0.0 && risk < 1.0, "{g}");
            assert!(rules.contains(&g["rule"].as_str().unwrap()), "{g}");
            assert!(open > open_before, "every guess survived opens a cell: {g}");
            open_before = open;
            // one life: every guess but a lost game's last was safe, and that one was a mine
            let last_of_lost = k + 1 == guesses.len() && game["won"] == false;
            assert_eq!(mines.contains(&cell), last_of_lost, "seed {}: {g}", 7 + i);
        }
        lost += usize::from(game["won"] == false);
        guessed += usize::from(!guesses.is_empty());
    }
    assert!(lost > 0 && guessed > lost, "{lost} lost, {guessed} guessed");
    // a folder for the file: refused before any game is played
    let folder = std::env::temp_dir();
    for flag in ["--trace", "--per-game", "--judge"] {
        let out = ai_arcade(&[&BEGINNER_SAFE[..], &[flag, folder.to_str().unwrap()]].concat());
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("a folder"), "{}", stderr(&out));
        assert!(out.stdout.is_empty(), "no games played");
    }
}

#[test]
fn bench_mines_judges_each_guess_on_boards_drawn_to_fit() {
    let judged = temp_path("judged.jsonl");
    let path = judged.to_str().unwrap();
    let args = [
        &BEGINNER_SAFE[..],
        &[
            "--games",
            "12",
            "--seed",
            "3",
            "--samples",
            "8",
            "--contenders",
            "2",
        ],
    ]
    .concat();
    let out = ai_arcade(&[&args[..], &["--judge", path]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("one-step gain left"), "{text}");
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&*judged)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 13, "a header and 12 games");
    assert_eq!(lines[0]["samples"], 8);
    // the judged games are the robot's own games: the same outcomes and guesses as its trace
    let trace = temp_path("judged-trace.jsonl");
    let out = ai_arcade(&[&args[..], &["--trace", trace.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let traced: Vec<serde_json::Value> = std::fs::read_to_string(&*trace)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut judged_guesses = 0;
    for (game, traced) in lines[1..].iter().zip(&traced) {
        assert_eq!(game["seed"], traced["seed"]);
        assert_eq!(game["won"], traced["won"], "seed {}", game["seed"]);
        let chosen: Vec<&serde_json::Value> = game["guesses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| &g["contenders"][0]["cell"])
            .collect();
        let cells: Vec<&serde_json::Value> = traced["guesses"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| &g["cell"])
            .collect();
        assert_eq!(game["unjudged"], 0);
        assert_eq!(chosen, cells, "seed {}", game["seed"]);
        for g in game["guesses"].as_array().unwrap() {
            let contenders = g["contenders"].as_array().unwrap();
            assert!((1..=3).contains(&contenders.len()), "{g}");
            for c in contenders {
                assert_eq!(c["wins"].as_array().unwrap().len(), 8, "{g}");
            }
            judged_guesses += 1;
        }
    }
    assert!(judged_guesses > 5, "{judged_guesses} guesses judged");
    // --judge plays its own games: not with the other files
    let out = ai_arcade(&[&args[..], &["--judge", path, "--trace", path]].concat());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--judge plays games of its own"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bench_mines_compares_two_robots_seed_by_seed() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-cli-{}-paired", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("before.csv");
    let path = file.to_str().unwrap();
    let beginner = [&BEGINNER_SAFE[..], &["--games", "60"]].concat();
    let first = ai_arcade(&[&beginner[..], &["--per-game", path]].concat());
    assert!(first.status.success(), "{}", stderr(&first));
    let written = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(
        lines.len(),
        62,
        "a field line, the column names and 60 games"
    );
    assert!(lines[0].contains("beginner 9×9/10"), "{}", lines[0]);
    assert_eq!(lines[1], "seed,won,mines_hit,guesses,robot_ms");
    assert!(lines[2].starts_with("1,") && lines[61].starts_with("60,"));
    // the same robot against itself: every seed agrees
    let same = json(&ai_arcade(
        &[&beginner[..], &["--against", path, "--json"]].concat(),
    ));
    let paired = &same["paired"];
    assert_eq!(paired["seeds"], 60);
    assert_eq!(paired["this_only"], 0);
    assert_eq!(paired["other_only"], 0);
    assert_eq!(paired["mcnemar_p"], 1.0);
    let wins = same["wins"].as_u64().unwrap();
    assert_eq!(paired["both"].as_u64().unwrap(), wins);
    // a weaker robot (no look-ahead, no end game): its discordant seeds add up to the change
    let weak = json(&ai_arcade(
        &[
            &beginner[..],
            &[
                "--robot",
                "look-ahead=0,end-game=0",
                "--against",
                path,
                "--json",
            ],
        ]
        .concat(),
    ));
    let p = &weak["paired"];
    let (b, c) = (
        p["this_only"].as_i64().unwrap(),
        p["other_only"].as_i64().unwrap(),
    );
    assert!(b + c > 0, "the weaker robot lost no seed the other won");
    assert_eq!(weak["wins"].as_i64().unwrap() - wins as i64, b - c);
    assert_eq!(weak["robot"], "look-ahead=0,end-game=0");
    // what it refuses, with exit code 2: another field, seeds it lacks, a file of something
    // else, a directory, unknown settings
    let expert = ai_arcade(&["bench", "mines", "--games", "2", "--against", path]);
    assert_eq!(expert.status.code(), Some(2));
    assert!(
        stderr(&expert).contains("its games are beginner"),
        "{}",
        stderr(&expert)
    );
    let more = ai_arcade(&[&beginner[..], &["--seed", "30", "--against", path]].concat());
    assert_eq!(more.status.code(), Some(2));
    assert!(
        stderr(&more).contains("no game of seed 61"),
        "{}",
        stderr(&more)
    );
    let other = dir.join("other.csv");
    std::fs::write(&other, "seed,won\n1,1\n").unwrap();
    let wrong = ai_arcade(&[&beginner[..], &["--against", other.to_str().unwrap()]].concat());
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        stderr(&wrong).contains("not a file written by"),
        "{}",
        stderr(&wrong)
    );
    let folder = ai_arcade(&[&beginner[..], &["--against", dir.to_str().unwrap()]].concat());
    assert_eq!(folder.status.code(), Some(2));
    let setting = ai_arcade(&[&beginner[..], &["--robot", "look-ahead=many"]].concat());
    assert_eq!(setting.status.code(), Some(2));
    assert!(
        stderr(&setting).contains("look-ahead"),
        "{}",
        stderr(&setting)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
