//! The Lab from the command line, as a student and a teacher use it: real programs under
//! `tests/lab/` (Python, JavaScript, C++) run by `ai-arcade lab run`, each judged with its
//! verdict and its sentence; hostile programs stopped within their limits with nothing left
//! running; `lab check` on a recorded run, `lab grade` on a class, `lab starter`, bad input.
#![cfg(unix)]

mod spawn;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};

fn ai_arcade(dir: &Path, args: &[&str]) -> Output {
    spawn::output(
        Command::new(env!("CARGO_BIN_EXE_ai-arcade"))
            .args(args)
            .current_dir(dir)
            .env("LANG", "C")
            .env_remove("LANGUAGE")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES"),
    )
}

fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A fresh folder with the Python starter's helper and every test program in it.
fn workspace(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ai-arcade-lab-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = ai_arcade(
        &dir,
        &[
            "lab", "starter", "--lang", "python", "--task", "maze-bfs", "--out", ".",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(
        root.join("src/core/lab/starters/lab_helper.js"),
        dir.join("lab_helper.js"),
    )
    .unwrap();
    for entry in std::fs::read_dir(root.join("tests/lab")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    dir
}

/// `lab run --json` of `program` on `task` (extra options before `--`).
fn run(dir: &Path, task: &str, options: &[&str], program: &[&str]) -> (Value, i32) {
    let mut args = vec!["lab", "run", "--task", task, "--json"];
    args.extend(options);
    args.push("--");
    args.extend(program);
    let out = ai_arcade(dir, &args);
    let text = String::from_utf8_lossy(&out.stdout);
    let json: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "{task} {program:?}: {e}\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (json, out.status.code().unwrap_or(-1))
}

fn verdict(json: &Value) -> &str {
    json["verdict"].as_str().unwrap()
}

/// The first case that is not accepted: its verdict, step and sentence.
fn first_violation(json: &Value) -> (String, u64, String) {
    let case = json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["verdict"] != "AC")
        .expect("a case not accepted");
    let v = &case["violation"];
    (
        case["verdict"].as_str().unwrap().to_string(),
        v["step"].as_u64().unwrap(),
        v["say"].as_str().unwrap().to_string(),
    )
}

#[test]
fn correct_searches_are_accepted_with_every_tie_break() {
    let dir = workspace("correct");
    let python = |file: &str, args: &[&str]| {
        let mut v = vec!["python3", file];
        v.extend(args);
        v.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let cases: Vec<(&str, Vec<String>, Vec<&str>)> = vec![
        // the Python starter, filled in with a breadth-first search
        ("maze-bfs", python("bfs.py", &[]), vec![]),
        (
            "maze-bfs",
            python("bfs.py", &[]),
            vec!["--session", "oracle"],
        ),
        ("slide-bfs", python("bfs.py", &[]), vec![]),
        ("graph-bfs", python("bfs.py", &[]), vec![]),
        ("maze-dfs", python("dfs.py", &[]), vec![]),
        ("graph-dfs", python("dfs.py", &[]), vec![]),
        ("maze-ucs", python("best_first.py", &["g", "fifo"]), vec![]),
        ("graph-ucs", python("best_first.py", &["g", "lifo"]), vec![]),
        (
            "maze-astar",
            python("best_first.py", &["f", "fifo"]),
            vec![],
        ),
        // A* with other tie-breaks: the newest first, the deepest first
        (
            "maze-astar",
            python("best_first.py", &["f", "lifo"]),
            vec![],
        ),
        (
            "graph-astar",
            python("best_first.py", &["f", "deep"]),
            vec![],
        ),
        (
            "slide-astar-manhattan",
            python("best_first.py", &["f", "lifo"]),
            vec![],
        ),
        (
            "slide-astar-misplaced",
            python("best_first.py", &["f", "deep"]),
            vec![],
        ),
        (
            "graph-greedy",
            python("best_first.py", &["h", "fifo"]),
            vec![],
        ),
        // IDA* never straight back (Korf's) in the task's order; with no state of the path
        // repeated, successors reversed; with no pruning at all (small cases: it explodes)
        (
            "slide-idastar",
            python("idastar.py", &["parent", "task"]),
            vec![],
        ),
        (
            "slide-idastar",
            python("idastar.py", &["path", "reversed"]),
            vec!["--case", "3"],
        ),
        (
            "slide-idastar",
            python("idastar.py", &["none", "task"]),
            vec!["--case", "2"],
        ),
        // and in an oracle session, where ai-arcade sends each expansion's successors
        (
            "slide-idastar",
            python("idastar.py", &["parent", "task"]),
            vec!["--case", "3", "--session", "oracle"],
        ),
        // a Minesweeper agent with the single-number rules: legal, no evident cell skipped
        ("mines-robot", python("mines_agent.py", &[]), vec![]),
    ];
    for (task, program, options) in &cases {
        let argv: Vec<&str> = program.iter().map(String::as_str).collect();
        // the unsolvable 8-puzzle is 181,440 expansions in Python: room for a loaded machine
        let mut options = options.clone();
        options.extend(["--seconds", "120"]);
        let (json, code) = run(&dir, task, &options, &argv);
        assert_eq!(verdict(&json), "AC", "{task} {program:?}: {json}");
        assert_eq!(code, 0);
        for case in json["cases"].as_array().unwrap() {
            let n = case["expansions"].as_u64().unwrap();
            let (min, max) = (
                case["reference"]["min"].as_u64().unwrap(),
                case["reference"]["max"].as_u64().unwrap(),
            );
            // IDA*'s range is that of the forms that prune the way back
            if !program.contains(&"none".to_string()) {
                assert!((min..=max).contains(&n), "{task}: {case}");
            }
            if task.contains("ucs") || task.contains("astar") {
                assert_eq!(case["path_cost"], case["optimal_cost"], "{task}: {case}");
            }
            if task.contains("bfs") {
                assert_eq!(case["path_moves"], case["optimal_moves"], "{task}: {case}");
            }
        }
    }
    if have("node") {
        let (json, _) = run(&dir, "maze-bfs", &[], &["node", "bfs.js"]);
        assert_eq!(verdict(&json), "AC", "{json}");
    }
    if have("g++") {
        let built = Command::new("g++")
            .args(["-O2", "-std=c++17", "-o", "bfs_cpp", "bfs.cpp"])
            .current_dir(&dir)
            .arg(format!(
                "-I{}",
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("src/core/lab/starters")
                    .display()
            ))
            .status()
            .unwrap();
        assert!(built.success());
        for task in ["maze-bfs", "slide-bfs", "graph-bfs"] {
            let (json, _) = run(
                &dir,
                task,
                // the unsolvable puzzle takes 181,440 round trips: room for a loaded machine
                &[
                    "--protocol",
                    "plain",
                    "--session",
                    "oracle",
                    "--seconds",
                    "60",
                ],
                &["./bfs_cpp"],
            );
            assert_eq!(verdict(&json), "AC", "{task} in C++: {json}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn wrong_searches_get_their_verdict_and_sentence() {
    let dir = workspace("wrong");
    // breadth-first with a stack
    let (json, code) = run(&dir, "maze-bfs", &[], &["python3", "dfs.py"]);
    assert_eq!(code, 1);
    let (v, _, say) = first_violation(&json);
    assert_eq!(v, "WRONG_ORDER");
    assert!(
        say.starts_with("breadth-first takes the shallowest"),
        "{say}"
    );
    // greedy sold as A*: on Romania it takes Fagaras where A* takes Rimnicu Vilcea
    let (json, _) = run(
        &dir,
        "graph-astar",
        &[],
        &["python3", "best_first.py", "h", "fifo"],
    );
    let (v, step, say) = first_violation(&json);
    assert_eq!((v.as_str(), step), ("WRONG_ORDER", 3));
    assert_eq!(
        say,
        "A* takes the lowest f: Rimnicu_Vilcea has f = 413, you took Fagaras with f = 415"
    );
    assert_eq!(json["cases"][0]["violation"]["expected"], "Rimnicu_Vilcea");
    assert!(
        json["cases"][0]["violation"]["say_zh"]
            .as_str()
            .unwrap()
            .contains("A*")
    );
    // A* that never lowers a g: its Bucharest keeps f = 450 (by Fagaras), so it takes
    // Timisoara (447) where A* takes Bucharest by Pitesti (418)
    let (json, _) = run(
        &dir,
        "graph-astar",
        &["--case", "1"],
        &["python3", "best_first.py", "f", "fifo", "--never-lower-g"],
    );
    let (v, _, say) = first_violation(&json);
    assert_eq!(v, "WRONG_ORDER");
    assert!(
        say.starts_with("A* takes the lowest f: Bucharest has f = 418, you took Timisoara"),
        "{say}"
    );
    // breadth-first on a maze with mud and water: cheap in moves, dear in cost
    let (json, _) = run(&dir, "maze-ucs", &["--case", "1"], &["python3", "bfs.py"]);
    assert_eq!(first_violation(&json).0, "WRONG_ORDER");
    // the ball in the wrong order
    let (json, _) = run(
        &dir,
        "explore-dfs",
        &["--case", "1"],
        &["python3", "wrong_order_dfs.py"],
    );
    let (v, step, say) = first_violation(&json);
    assert_eq!((v.as_str(), step), ("WRONG_ORDER", 9));
    assert_eq!(
        say,
        "depth first in the rule order goes from (2, 4) to (3, 4) next, not to (1, 4)"
    );
    // through the walls
    let (json, _) = run(
        &dir,
        "maze-bfs",
        &["--case", "1"],
        &["python3", "through_walls.py"],
    );
    let (v, _, say) = first_violation(&json);
    assert_eq!(v, "WA");
    assert!(say.contains("is a wall"), "{say}");
    // an inadmissible heuristic (three times Manhattan) makes A* take the wrong state
    let (json, _) = run(
        &dir,
        "maze-astar",
        &["--case", "2"],
        &["python3", "best_first.py", "f3", "fifo"],
    );
    assert_eq!(first_violation(&json).0, "WRONG_ORDER");
    // IDA* that expands the states past the bound too
    let (json, _) = run(
        &dir,
        "slide-idastar",
        &["--case", "2"],
        &["python3", "idastar.py", "parent", "task", "--expand-over"],
    );
    let (v, step, say) = first_violation(&json);
    assert_eq!((v.as_str(), step), ("WRONG_ORDER", 2));
    assert!(
        say.ends_with("its f = 24 is above this iteration's bound 22"),
        "{say}"
    );
    // heuristics: Manhattan is right, twice Manhattan overestimates (the worst board named);
    // 181,440 boards go through the pipe, and the judge's own work counts in the wall clock:
    // the time limit is not what these check (a loaded machine took over 10 s)
    let (json, code) = run(
        &dir,
        "slide-heuristic",
        &["--case", "1", "--seconds", "120"],
        &["python3", "heuristic.py", "manhattan"],
    );
    assert_eq!((verdict(&json), code), ("AC", 0), "{json}");
    let details = &json["cases"][0]["details"];
    assert_eq!(details["boards"], 181_440);
    assert_eq!(
        details["astar_expansions"]["yours"],
        details["astar_expansions"]["manhattan"]
    );
    assert_eq!(json["session"], "evaluate");
    // the task's session is the one its problem names
    let out = ai_arcade(&dir, &["lab", "problem", "--task", "mines-robot"]);
    let problem: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (problem["session"].as_str(), problem["lives"].as_u64()),
        (Some("turns"), Some(10))
    );
    let (json, _) = run(
        &dir,
        "slide-heuristic",
        &["--case", "2", "--seconds", "120"],
        &["python3", "heuristic.py", "double"],
    );
    let (v, _, say) = first_violation(&json);
    assert_eq!(v, "WA");
    assert!(
        say.starts_with(
            "h is not admissible: h(5 7 8 6 0 1 4 3 2) = 48, but the goal is only 24 moves away"
        ),
        "{say}"
    );
    // Minesweeper: an agent that opens the first hidden cell whatever its numbers say skips
    // a certainly safe cell at its second move; the game is played out all the same
    let (json, _) = run(
        &dir,
        "mines-robot",
        &["--case", "1"],
        &["python3", "mines_agent.py", "--ignore-sure"],
    );
    let (v, step, say) = first_violation(&json);
    assert_eq!((v.as_str(), step), ("WRONG_ORDER", 2));
    assert_eq!(
        say,
        "you opened (0, 4), a guess (50.0% mine), while (2, 3) was certainly safe by its numbers"
    );
    assert_eq!(json["cases"][0]["violation"]["expected"], json!([2, 3]));
    assert_eq!(json["cases"][0]["details"]["won"], false);
    assert!(json["cases"][0]["details"]["robot"]["won"].is_boolean());
    // the starter as it is: it answers fail
    let (json, _) = run(&dir, "maze-bfs", &["--case", "1"], &["python3", "main.py"]);
    let (v, _, say) = first_violation(&json);
    assert_eq!(v, "WA");
    assert!(
        say.starts_with("you answered fail, but a goal can be reached"),
        "{say}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether any process's command line holds `marker`.
fn running(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
    })
}

#[test]
fn hostile_programs_are_stopped_within_their_limits() {
    let dir = workspace("hostile");
    let limits = [
        "--case",
        "1",
        "--seconds",
        "3",
        "--idle-seconds",
        "1",
        "--memory-mb",
        "100",
        "--output-mb",
        "4",
    ];
    for (what, expected) in [
        ("loop", "TLE"),
        ("hog", "MLE"),
        ("huge", "OLE"),
        ("garbage", "PE"),
        ("silent", "IDLE"),
        ("crash", "RE"),
        ("quiet-exit", "PE"),
    ] {
        let started = std::time::Instant::now();
        let (json, code) = run(&dir, "maze-bfs", &limits, &["python3", "hostile.py", what]);
        assert_eq!(verdict(&json), expected, "{what}: {json}");
        assert_eq!(code, 1);
        assert!(
            started.elapsed().as_secs() < 15,
            "{what} took {:?}",
            started.elapsed()
        );
    }
    // the sessions the tasks set: garbage and silence end them as a search's
    for task in ["slide-heuristic", "mines-robot"] {
        for (what, expected) in [("garbage", "PE"), ("silent", "IDLE"), ("loop", "TLE")] {
            let (json, _) = run(&dir, task, &limits, &["python3", "hostile.py", what]);
            assert_eq!(verdict(&json), expected, "{task} {what}: {json}");
        }
    }
    // ending before the session does is said in the session's words
    let (json, _) = run(
        &dir,
        "mines-robot",
        &limits,
        &["python3", "hostile.py", "quiet-exit"],
    );
    let (v, _, say) = first_violation(&json);
    assert_eq!(
        (v.as_str(), say.as_str()),
        (
            "PE",
            "the program ended after 0 moves, before the game did: it must answer every turn"
        )
    );
    // a heuristic answering the wrong number of values
    let (json, _) = run(
        &dir,
        "slide-heuristic",
        &limits,
        &["python3", "hostile.py", "few-values"],
    );
    let (v, _, say) = first_violation(&json);
    assert_eq!(
        (v.as_str(), say.as_str()),
        ("PE", "line 1: 3 values for 2000 boards")
    );
    let (json, _) = run(
        &dir,
        "maze-bfs",
        &limits,
        &["python3", "hostile.py", "crash"],
    );
    assert!(
        json["cases"][0]["stderr"]
            .as_str()
            .unwrap()
            .contains("my search broke")
    );
    // a program that never flushes in an oracle session waits for an answer forever
    let (json, _) = run(
        &dir,
        "maze-bfs",
        &["--case", "1", "--idle-seconds", "1", "--session", "oracle"],
        &["python3", "hostile.py", "noflush"],
    );
    let (v, _, say) = first_violation(&json);
    assert_eq!(v, "IDLE");
    assert!(say.contains("flush"), "{say}");
    assert!(!say.contains("--session oracle"), "{say}");
    // a program written for an oracle session (the C++ and Java starters), run in a trace
    // session: after its first expansion it waits for successors nobody sends
    std::fs::write(
        dir.join("waits.py"),
        "import json\np = json.loads(input())\nprint(json.dumps({'op': 'expand', 's': p['start']}), flush=True)\ninput()\n",
    )
    .unwrap();
    let (json, _) = run(
        &dir,
        "maze-bfs",
        &["--case", "1", "--idle-seconds", "1"],
        &["python3", "waits.py"],
    );
    let (v, step, say) = first_violation(&json);
    assert_eq!((v.as_str(), step), ("IDLE", 2), "{say}");
    assert!(say.contains("--session oracle"), "{say}");
    // a child it started is killed with it, isolated or not
    for isolation in ["auto", "off"] {
        let marker = format!("ai-arcade-lab-fork-{isolation}-{}", std::process::id());
        let (json, _) = run(
            &dir,
            "maze-bfs",
            &[
                "--case",
                "1",
                "--idle-seconds",
                "1",
                "--isolation",
                isolation,
            ],
            &["python3", "hostile.py", "fork", &marker],
        );
        assert_eq!(verdict(&json), "IDLE");
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(!running(&marker), "a child outlived its run ({isolation})");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `lab grade` of maze-bfs on the folder `submissions` of `dir`, its reports into `out`.
fn grade(dir: &Path, submissions: &str, out: &str, options: &[&str]) -> std::process::Output {
    let mut args = vec![
        "lab",
        "grade",
        "--task",
        "maze-bfs",
        "--submissions",
        submissions,
        "--out",
        out,
    ];
    args.extend(options);
    ai_arcade(dir, &args)
}

#[test]
fn recorded_runs_are_checked_and_classes_graded() {
    let dir = workspace("grade");
    // a recorded run, JSON and plain lines mixed, judged without running anything
    std::fs::write(
        dir.join("run.txt"),
        "{\"op\":\"expand\",\"s\":\"Arad\"}\nexpand Sibiu\nexpand Fagaras\npath Arad Sibiu Fagaras Bucharest\n",
    )
    .unwrap();
    let out = ai_arcade(
        &dir,
        &[
            "lab",
            "check",
            "--task",
            "graph-astar",
            "--case",
            "1",
            "--trace",
            "run.txt",
            "--json",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["cases"][0]["violation"]["step"], 3);
    std::fs::write(
        dir.join("good.txt"),
        "expand Arad\nexpand Sibiu\nexpand Rimnicu_Vilcea\nexpand Fagaras\nexpand Pitesti\nexpand Bucharest\nmoves Sibiu Rimnicu_Vilcea Pitesti Bucharest\n",
    )
    .unwrap();
    let out = ai_arcade(
        &dir,
        &[
            "lab",
            "check",
            "--task",
            "graph-astar",
            "--case",
            "1",
            "--trace",
            "good.txt",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // a class of three: a right one, a wrong one, one that does not start
    let class = dir.join("class");
    for (student, file) in [("alice", "bfs.py"), ("bob", "dfs.py")] {
        std::fs::create_dir_all(class.join(student)).unwrap();
        std::fs::copy(dir.join(file), class.join(student).join("main.py")).unwrap();
        std::fs::copy(
            dir.join("lab_helper.py"),
            class.join(student).join("lab_helper.py"),
        )
        .unwrap();
    }
    std::fs::create_dir_all(class.join("carol")).unwrap();
    std::fs::write(class.join("carol/notes.txt"), "no code").unwrap();
    // the class's own repository is nobody's submission
    std::fs::create_dir_all(class.join(".git")).unwrap();
    std::fs::write(class.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    // two scripts, neither named main: which one runs is not guessed
    std::fs::create_dir_all(class.join("dave")).unwrap();
    for file in ["bfs.py", "dfs.py", "lab_helper.py"] {
        std::fs::copy(dir.join(file), class.join("dave").join(file)).unwrap();
    }
    // with Node.js: main.js runs, whatever else lies beside it
    let node = have("node");
    if node {
        std::fs::create_dir_all(class.join("erin")).unwrap();
        for (from, to) in [
            ("bfs.js", "main.js"),
            ("wrong_order.js", "old.js"),
            ("lab_helper.js", "lab_helper.js"),
        ] {
            std::fs::copy(dir.join(from), class.join("erin").join(to)).unwrap();
        }
    }
    let out = grade(&dir, "class", "reports", &["--no-isolation"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("reports/class.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), if node { 6 } else { 5 }, "{csv}");
    assert!(rows[1].starts_with("alice,maze-bfs,AC,5,5,"), "{csv}");
    assert!(rows[2].starts_with("bob,maze-bfs,WRONG_ORDER,"), "{csv}");
    assert!(rows[3].starts_with("carol,maze-bfs,RE,0,5,"), "{csv}");
    assert!(rows[4].starts_with("dave,maze-bfs,RE,0,5,"), "{csv}");
    let dave = std::fs::read_to_string(dir.join("reports/dave/report.md")).unwrap();
    assert!(
        dave.contains("holds 2 Python files (bfs.py, dfs.py) and no main.py"),
        "{dave}"
    );
    assert!(!dir.join("reports/dave/build").exists(), "nothing to build");
    if node {
        assert!(rows[5].starts_with("erin,maze-bfs,AC,5,5,"), "{csv}");
    }
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("reports/alice/report.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(report["code_sha256"].as_str().unwrap().len(), 64);
    assert_eq!(
        report["isolation"].as_str().unwrap().split(':').next(),
        Some("none")
    );
    let gradescope: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("reports/bob/results.json")).unwrap(),
    )
    .unwrap();
    assert!(gradescope["score"].as_u64().unwrap() < 5);
    let markdown = std::fs::read_to_string(dir.join("reports/bob/report.md")).unwrap();
    assert!(
        markdown.contains("breadth-first takes the shallowest"),
        "{markdown}"
    );
    // reports written among the submissions would be graded as a student next time
    let out = grade(&dir, "class", "class/reports", &["--no-isolation"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("is inside the submissions"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!dir.join("class/reports").exists());
    // a C++ class, its reports given as a relative path (the compiler runs in the student's
    // folder) under /tmp, which the sandbox replaces by a private one: the built program must
    // still be found there
    if have("g++") {
        let frank = dir.join("cpp-class/frank");
        std::fs::create_dir_all(&frank).unwrap();
        std::fs::copy(dir.join("bfs.cpp"), frank.join("main.cpp")).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::copy(
            root.join("src/core/lab/starters/lab_helper.hpp"),
            frank.join("lab_helper.hpp"),
        )
        .unwrap();
        let sandbox = Command::new("bwrap")
            .args(["--ro-bind", "/", "/", "--unshare-all", "true"])
            .status()
            .is_ok_and(|s| s.success());
        let mut options = vec!["--protocol", "plain", "--session", "oracle"];
        if !sandbox {
            options.push("--no-isolation");
        }
        let out = grade(&dir, "cpp-class", "cpp-reports", &options);
        let csv = std::fs::read_to_string(dir.join("cpp-reports/class.csv")).unwrap_or_default();
        assert!(
            csv.contains("frank,maze-bfs,AC,5,5,"),
            "sandbox {sandbox}: {csv}\n{}\n{}",
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(dir.join("cpp-reports/frank/report.md")).unwrap_or_default()
        );
        assert!(dir.join("cpp-reports/frank/build/program").exists());
        assert_eq!(
            std::fs::read_dir(&frank).unwrap().count(),
            2,
            "nothing written there"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_a_clear_message_and_exit_2() {
    let dir = workspace("bad");
    for (args, says) in [
        (
            vec!["lab", "run", "--task", "nope", "--", "true"],
            "not a task",
        ),
        (vec!["lab", "run", "--", "true"], "--task"),
        (
            vec![
                "lab", "run", "--task", "maze-bfs", "--case", "9", "--", "true",
            ],
            "cases 1 to 5",
        ),
        (
            vec![
                "lab",
                "run",
                "--task",
                "maze-bfs",
                "--seconds=0",
                "--",
                "true",
            ],
            "--seconds",
        ),
        (
            vec!["lab", "problem", "--task", "maze-bfs", "--case", "0"],
            "not 0",
        ),
        (
            vec![
                "lab",
                "check",
                "--task",
                "maze-bfs",
                "--trace",
                "/nonexistent",
            ],
            "cannot read",
        ),
        (
            vec!["lab", "check", "--task", "maze-bfs", "--trace", "."],
            "cannot read",
        ),
        (
            vec!["lab", "run", "--lab", "run.py", "--", "true"],
            "lab file",
        ),
        (
            vec![
                "lab", "starter", "--lang", "python", "--task", "maze-bfs", "--out", "bfs.py",
            ],
            "not a folder",
        ),
    ] {
        let out = ai_arcade(&dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    // a command that cannot start is refused before any case runs, with the reason
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("plain.py"), "print()\n").unwrap();
    std::fs::write(dir.join("plain.txt"), "").unwrap();
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy("/bin/true", bin.join("tool3")).unwrap();
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let lab_run_on = |program: &str| {
        Command::new(env!("CARGO_BIN_EXE_ai-arcade"))
            .args([
                "lab", "run", "--task", "maze-bfs", "--case", "1", "--", program,
            ])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap()
    };
    for (program, says) in [
        (
            "./no-such-program",
            "./no-such-program: there is no such file",
        ),
        ("./sub", "./sub: it is a folder"),
        (
            "./plain.py",
            "chmod +x ./plain.py, or name its interpreter first (python3 ./plain.py)",
        ),
        ("./plain.txt", "chmod +x ./plain.txt\n"),
        (
            "no-such-command-here",
            "there is no such command here (none on PATH)",
        ),
        ("tool", "there is no such command here, but there is tool3"),
    ] {
        let out = lab_run_on(program);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{program}: {stderr}");
        assert!(stderr.contains(says), "{program}: {stderr}");
        assert!(out.stdout.is_empty(), "{program}: a report was written");
    }
    // what is there runs: by a path, and by a name on PATH
    for program in ["./bin/tool3", "tool3"] {
        let out = lab_run_on(program);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{program}: {stdout}");
        assert!(stdout.contains("PE"), "{program}: {stdout}");
    }
    // a closed stdout pipe ends the output quietly
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} lab tasks | head -1",
            env!("CARGO_BIN_EXE_ai-arcade")
        ))
        .output()
        .unwrap();
    assert!(out.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The report speaks the system's language (through sys-locale): the first of `LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty decides, and only Chinese
/// locales give Chinese.
#[test]
fn the_report_speaks_the_systems_language_in_posix_order() {
    let dir = std::env::temp_dir();
    let cases: [(&[(&str, &str)], bool); 7] = [
        (&[("LANG", "zh_CN.UTF-8")], true),
        (&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "en_US.UTF-8")], false),
        (&[("LANG", "en_US.UTF-8"), ("LC_MESSAGES", "zh_TW")], true),
        (&[("LANG", "en_US.UTF-8"), ("LANGUAGE", "zh_CN:en")], true),
        (&[("LANG", "zh_SG"), ("LC_ALL", "")], true),
        (&[("LANG", "fr_FR.UTF-8")], false),
        (&[], false),
    ];
    for (vars, chinese) in cases {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ai-arcade"));
        command
            .args(["lab", "run", "--task", "maze-bfs", "--", "false"])
            .current_dir(&dir);
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            command.env_remove(name);
        }
        command.envs(vars.iter().copied());
        let out = spawn::output(&mut command);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.contains("用例 1"), chinese, "{vars:?} gave:\n{text}");
        assert_eq!(text.contains("case 1"), !chinese, "{vars:?} gave:\n{text}");
    }
}
