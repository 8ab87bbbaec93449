//! The Lab screen, headless: a Python program run from it lights up its expansions on the
//! maze and plays its film; a wrong one stops at the step the checker names, with its
//! sentence and the state that should have been taken marked; leaving the screen kills a
//! program that is still running (no process left).

mod common;

use std::time::{Duration, Instant};

use ai_arcade::core::lab::Verdict;
use ai_arcade::core::mode::Mode;
use ai_arcade::game::Launch;
use ai_arcade::game::lab::{Lab, LabCell, LabCommand, Mark};
use ai_arcade::game::state::AppState;
use bevy::prelude::*;
use common::*;

fn lab_app() -> App {
    app(Launch {
        mode: Mode::Lab,
        seed: Some(1),
        ..Launch::default()
    })
}

/// Chooses `task` and sets the program's command line.
fn choose(app: &mut App, task: &str, program: &str) {
    let i = app
        .world()
        .resource::<Lab>()
        .tasks()
        .iter()
        .position(|t| t.name == task)
        .expect("a built-in task");
    app.world_mut().write_message(LabCommand::ChooseTask(i));
    frames(app, 2);
    app.world_mut().resource_mut::<Lab>().program = program.to_string();
}

/// Frames until the run is over (real time: the program runs as a process).
fn until_done(app: &mut App) {
    let began = Instant::now();
    frames(app, 2);
    while app.world().resource::<Lab>().running() {
        assert!(
            began.elapsed() < Duration::from_mins(1),
            "the run did not end"
        );
        std::thread::sleep(Duration::from_millis(20));
        app.update();
    }
    frames(app, 2);
}

fn marked(app: &mut App, mark: Mark) -> usize {
    app.world_mut()
        .query::<&LabCell>()
        .iter(app.world())
        .filter(|c| c.mark == mark)
        .count()
}

/// A Python program with the starter's helper beside it.
fn python(program: &str, args: &str) -> String {
    format!("env PYTHONPATH=src/core/lab/starters python3 tests/lab/{program} {args}")
}

#[test]
fn a_python_bfs_run_from_the_lab_screen_plays_its_expansions_on_the_maze() {
    let mut app = lab_app();
    assert_eq!(state::<AppState>(&app), AppState::Lab);
    choose(&mut app, "maze-bfs", &python("bfs.py", ""));
    let cells = count::<LabCell>(&mut app);
    assert!(cells >= 64, "{cells} cells on the board");
    // Enter runs it
    tap(&mut app, KeyCode::Enter);
    until_done(&mut app);
    let lab = app.world().resource::<Lab>();
    let report = lab.report().expect("a report");
    assert_eq!(report.verdict, Verdict::Ac, "{report:?}");
    let reel = lab.reel().expect("a film");
    assert_eq!(reel.len(), report.expansions);
    assert!(reel.len() > 5);
    // the film plays from its first step: pause it, then step it by the keys
    tap(&mut app, KeyCode::Space);
    let shown = app.world().resource::<Lab>().reel().unwrap().shown();
    tap(&mut app, KeyCode::Period);
    tap(&mut app, KeyCode::Period);
    assert_eq!(
        app.world().resource::<Lab>().reel().unwrap().shown(),
        shown + 2
    );
    tap(&mut app, KeyCode::Comma);
    let at = app.world().resource::<Lab>().reel().unwrap().shown();
    assert_eq!(at, shown + 1);
    frames(&mut app, 2);
    // the board shows that step: as many closed cells as expansions before it, one current
    assert_eq!(marked(&mut app, Mark::Current), 1);
    let closed = marked(&mut app, Mark::Closed);
    assert!(
        closed + 2 >= at - 1 && closed < at,
        "{closed} closed cells at step {at}"
    );
    assert!(marked(&mut app, Mark::Open) > 0, "the frontier is drawn");
    // to the end: every expansion closed
    let total = app.world().resource::<Lab>().reel().unwrap().len();
    app.world_mut().write_message(LabCommand::GoTo(total));
    frames(&mut app, 2);
    assert!(marked(&mut app, Mark::Closed) + marked(&mut app, Mark::Current) >= total - 2);
    // the way the search reached the goal, drawn in its colour: every cell of it but the start
    // (the entry's colour) and the goal (expanded at this step)
    let way = app.world().resource::<Lab>().reel().unwrap().branch();
    assert!(way.len() > 5, "{way:?}");
    let drawn: Vec<u64> = app
        .world_mut()
        .query::<(&LabCell, &Sprite)>()
        .iter(app.world())
        .filter(|(c, s)| !c.reference && s.color == ai_arcade::game::lab::BRANCH)
        .map(|(c, _)| c.state)
        .collect();
    assert_eq!(drawn.len(), way.len() - 2);
    assert!(drawn.iter().all(|s| way.contains(s)));
    // F2: the race — the algorithm's own run on a second board, in step with yours
    tap(&mut app, KeyCode::F2);
    frames(&mut app, 2);
    let theirs: Vec<LabCell> = app
        .world_mut()
        .query::<&LabCell>()
        .iter(app.world())
        .filter(|c| c.reference)
        .copied()
        .collect();
    assert_eq!(theirs.len(), cells, "a second board as big as yours");
    let lab = app.world().resource::<Lab>();
    let reference = lab.reference().expect("the reference's film");
    assert_eq!(reference.shown(), reference.len().min(total));
    let closed = theirs
        .iter()
        .filter(|c| matches!(c.mark, Mark::Closed | Mark::Current))
        .count();
    assert_eq!(closed, reference.closed_len());
    tap(&mut app, KeyCode::Comma);
    let lab = app.world().resource::<Lab>();
    assert_eq!(
        lab.reference().unwrap().shown(),
        lab.reel()
            .unwrap()
            .shown()
            .min(lab.reference().unwrap().len()),
        "stepping back moves both"
    );
    tap(&mut app, KeyCode::F2);
    frames(&mut app, 2);
    assert_eq!(count::<LabCell>(&mut app), cells, "the race's board goes");
}

#[test]
fn a_wrong_program_stops_at_the_step_the_checker_names_with_the_state_to_take() {
    let mut app = lab_app();
    choose(&mut app, "explore-dfs", &python("wrong_order_dfs.py", ""));
    app.world_mut().write_message(LabCommand::Run);
    until_done(&mut app);
    let (step, verdict, say) = {
        let lab = app.world().resource::<Lab>();
        let report = lab.report().expect("a report");
        let v = report.violation.clone().expect("a violation");
        (v.step, report.verdict, v.say.english())
    };
    assert_eq!(verdict, Verdict::WrongOrder);
    assert!(say.starts_with("depth first in the rule order"), "{say}");
    // the film holds the accepted steps and ends on the violation
    let total = app.world().resource::<Lab>().reel().unwrap().len();
    assert_eq!(total, step - 1);
    app.world_mut().write_message(LabCommand::GoTo(total));
    frames(&mut app, 2);
    let lab = app.world().resource::<Lab>();
    assert!(lab.reel().unwrap().violation().is_some());
    assert_eq!(marked(&mut app, Mark::Expected), 1, "the state to take");
}

#[test]
fn an_oracle_program_runs_when_the_successors_are_ticked() {
    // breadth-first with no successor code of its own: each expansion is answered with the
    // state's successors, as the C++ and Java starters' helpers expect
    let dir = std::env::temp_dir().join(format!("ai-arcade-lab-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = dir.join("oracle_bfs.py");
    std::fs::write(
        &program,
        r#"import json, collections
p = json.loads(input())
goal = p["goal"]
parent = {tuple(p["start"]): None}
queue = collections.deque([p["start"]])
while queue:
    s = queue.popleft()
    print(json.dumps({"op": "expand", "s": s}), flush=True)
    succ = json.loads(input())["succ"]
    if s == goal:
        path, at = [], tuple(s)
        while at is not None:
            path.append(list(at))
            at = parent[at]
        print(json.dumps({"op": "solution", "path": path[::-1]}), flush=True)
        break
    for x in succ:
        if tuple(x["s"]) not in parent:
            parent[tuple(x["s"])] = tuple(s)
            queue.append(x["s"])
"#,
    )
    .unwrap();
    let mut app = lab_app();
    choose(
        &mut app,
        "maze-bfs",
        &format!("python3 {}", program.display()),
    );
    app.world_mut().resource_mut::<Lab>().oracle = true;
    app.world_mut().write_message(LabCommand::Run);
    until_done(&mut app);
    let (verdict, session) = {
        let lab = app.world().resource::<Lab>();
        let report = lab.full_report().expect("a report");
        (lab.report().expect("a report").verdict, report.session)
    };
    assert_eq!(verdict, Verdict::Ac);
    assert_eq!(session, "oracle");
    // the box is kept for next time, as the command line is
    let saved = &app
        .world()
        .resource::<ai_arcade::game::settings::SettingsStore>()
        .saved;
    assert!(saved.lab_oracle && !saved.lab_plain);
    assert!(saved.lab_program.ends_with("oracle_bfs.py"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_command_that_cannot_start_is_named_and_nothing_runs() {
    let mut app = lab_app();
    choose(&mut app, "maze-bfs", "./no-such-program.py --fast");
    app.world_mut().write_message(LabCommand::Run);
    frames(&mut app, 3);
    let lab = app.world().resource::<Lab>();
    assert!(!lab.running(), "a run started");
    assert!(lab.report().is_none(), "a report without a run");
    let notice = lab.notice().expect("the reason").english();
    assert!(
        notice.contains("cannot run ./no-such-program.py: there is no such file"),
        "{notice}"
    );
}

/// The processes whose command line holds `marker`.
fn processes_with(marker: &str) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
        })
        .count()
}

#[test]
fn leaving_the_lab_kills_a_running_program_and_its_children() {
    let marker = format!("lab-app-{}", std::process::id());
    let mut app = lab_app();
    // a program that forks a child sleeping with the marker on its command line, then waits
    choose(
        &mut app,
        "maze-bfs",
        &python("hostile.py", &format!("fork {marker}")),
    );
    app.world_mut().write_message(LabCommand::Run);
    let began = Instant::now();
    while processes_with(&marker) == 0 {
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "it never started"
        );
        std::thread::sleep(Duration::from_millis(20));
        app.update();
    }
    assert!(app.world().resource::<Lab>().running());
    // Esc: back to the menu
    tap(&mut app, KeyCode::Escape);
    assert_eq!(state::<AppState>(&app), AppState::Menu);
    // gone at once: well before its own limits (5 s silent, 10 s in all) would end it
    let began = Instant::now();
    while processes_with(&marker) > 0 {
        assert!(
            began.elapsed() < Duration::from_secs(2),
            "the program outlived the screen"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!app.world().resource::<Lab>().running());
}

#[test]
fn a_minesweeper_agent_plays_its_field_move_by_move() {
    let mut app = lab_app();
    choose(&mut app, "mines-robot", &python("mines_agent.py", ""));
    app.world_mut().write_message(LabCommand::Run);
    until_done(&mut app);
    let lab = app.world().resource::<Lab>();
    let report = lab.report().expect("a report");
    assert!(lab.reel().is_none(), "an agent has moves, not expansions");
    let total = lab.total();
    assert!(total > 10, "{total} moves");
    assert!(!report.notes.is_empty(), "the agent's play is summed up");
    // its moves play from the first: pause, then step them
    tap(&mut app, KeyCode::Space);
    let at = app.world().resource::<Lab>().step();
    tap(&mut app, KeyCode::Period);
    let lab = app.world().resource::<Lab>();
    assert_eq!(lab.step(), at + 1);
    assert_eq!(lab.moves_shown().0.len(), at + 1);
    // the robot's probabilities over the field shown, worked out again at each step
    app.world_mut().write_message(LabCommand::Odds);
    frames(&mut app, 2);
    let lab = app.world().resource::<Lab>();
    let (view, next) = lab.field().expect("a field");
    let odds = lab.odds().expect("the robot's analysis");
    assert_eq!(odds.probability.len(), view.cells.len());
    assert!(next.is_some(), "the agent's next move from there");
    let hidden = view
        .cells
        .iter()
        .filter(|s| matches!(s, ai_arcade::core::mines::Seen::Hidden))
        .count();
    assert!(hidden > 0);
    tap(&mut app, KeyCode::Period);
    // (the analysis is only given for the step it was made for)
    let lab = app.world().resource::<Lab>();
    assert!(lab.odds().is_some(), "worked out again for the new step");
    app.world_mut().write_message(LabCommand::GoTo(total));
    frames(&mut app, 2);
    assert_eq!(app.world().resource::<Lab>().moves_shown().0.len(), total);
}

#[test]
fn the_python_starter_is_written_once_and_runs_from_the_lab_screen() {
    let mut app = lab_app();
    let root = std::env::temp_dir().join(format!("ai-arcade-lab-starter-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    app.world_mut().resource_mut::<Lab>().starter_root = root.clone();
    choose(&mut app, "maze-bfs", "");
    app.world_mut().write_message(LabCommand::Starter);
    frames(&mut app, 2);
    let main = root.join("maze-bfs-python").join("main.py");
    assert!(main.is_file() && root.join("maze-bfs-python/lab_helper.py").is_file());
    let program = app.world().resource::<Lab>().program.clone();
    assert!(
        program.starts_with("python3 ") && program.contains("main.py"),
        "{program}"
    );
    // the student's edits are never written over
    std::fs::write(&main, "# mine\n").unwrap();
    app.world_mut().write_message(LabCommand::Starter);
    frames(&mut app, 2);
    assert_eq!(std::fs::read_to_string(&main).unwrap(), "# mine\n");
    // the starter as written: one expansion, then fail though the exit is reachable (as
    // `lab run` says of it)
    std::fs::remove_file(&main).unwrap();
    app.world_mut().write_message(LabCommand::Starter);
    tap(&mut app, KeyCode::Enter);
    until_done(&mut app);
    let report = app
        .world()
        .resource::<Lab>()
        .report()
        .cloned()
        .expect("a report");
    assert_eq!(
        (report.verdict, report.expansions),
        (Verdict::Wa, 1),
        "{report:?}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_program_chosen_in_the_file_chooser_becomes_its_command() {
    let mut app = lab_app();
    let dir = std::env::temp_dir().join(format!("ai-arcade-lab-chooser-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub folder")).unwrap();
    for name in ["bfs.py", "bfs.js", "notes.txt", ".hidden.py"] {
        std::fs::write(dir.join(name), "").unwrap();
    }
    app.world_mut()
        .write_message(LabCommand::Browse(Some(dir.clone())));
    frames(&mut app, 2);
    let folder = app
        .world()
        .resource::<Lab>()
        .browsing()
        .cloned()
        .expect("open");
    assert_eq!(folder.folders, ["sub folder"]);
    assert_eq!(
        folder.files,
        ["bfs.js", "bfs.py", "notes.txt"],
        "hidden files left out"
    );
    // a text file is not a program: said, and the chooser stays open
    app.world_mut()
        .write_message(LabCommand::Pick(folder.path.join("notes.txt")));
    frames(&mut app, 2);
    let lab = app.world().resource::<Lab>();
    assert!(lab.browsing().is_some() && lab.notice().is_some());
    assert!(lab.program.is_empty() || !lab.program.contains("notes.txt"));
    // a Python file: its command, with a path that has spaces kept whole, and the chooser shut
    let inner = folder.path.join("sub folder");
    std::fs::write(inner.join("my bfs.py"), "").unwrap();
    app.world_mut()
        .write_message(LabCommand::Pick(inner.join("my bfs.py")));
    frames(&mut app, 2);
    let lab = app.world().resource::<Lab>();
    assert!(lab.browsing().is_none());
    let argv = ai_arcade::game::lab::split_command(&lab.program);
    assert_eq!(argv.len(), 2, "{argv:?}");
    assert_eq!(argv[0], "python3");
    assert!(argv[1].ends_with("sub folder/my bfs.py"), "{argv:?}");
    // a teacher's lab file: its task, first in the list; a broken one says why and changes
    // nothing
    std::fs::write(
        dir.join("broken.json"),
        r#"{"name":"x","search":"ucs","cases":[]}"#,
    )
    .unwrap();
    app.world_mut()
        .write_message(LabCommand::Pick(dir.join("broken.json")));
    frames(&mut app, 2);
    let lab = app.world().resource::<Lab>();
    let notice = lab
        .notice()
        .map(ai_arcade::core::text::Phrase::english)
        .unwrap_or_default();
    assert!(
        notice.contains("broken.json is not a lab file") && notice.contains("no cases"),
        "{notice}"
    );
    assert_eq!(lab.tasks()[0].name, "explore-dfs");
    std::fs::write(
        dir.join("city.json"),
        r#"{"name":"my-city","search":"ucs","cases":[{"edges":[["A","B",1]],"start":"A","goal":"B"}]}"#,
    )
    .unwrap();
    app.world_mut()
        .write_message(LabCommand::Pick(dir.join("city.json")));
    frames(&mut app, 2);
    let lab = app.world().resource::<Lab>();
    assert_eq!(
        (lab.task().name.as_str(), lab.tasks()[0].name.as_str()),
        ("my-city", "my-city")
    );
    assert!(lab.notice().is_none());
    app.world_mut().write_message(LabCommand::Browse(None));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_puzzle_run_draws_its_own_search_tree_and_idas_branch_at_the_step_shown() {
    let mut app = lab_app();
    choose(
        &mut app,
        "slide-astar-manhattan",
        &python("best_first.py", "f fifo"),
    );
    tap(&mut app, KeyCode::Enter);
    until_done(&mut app);
    let expansions = app.world().resource::<Lab>().reel().unwrap().len();
    app.world_mut().write_message(LabCommand::GoTo(expansions));
    frames(&mut app, 2);
    let mut lab = app.world_mut().resource_mut::<Lab>();
    assert_eq!(lab.report().unwrap().verdict, Verdict::Ac);
    let tree = lab.tree().expect("a puzzle has a tree").tree().clone();
    let orders = tree.nodes.iter().filter(|n| n.order.is_some()).count();
    assert_eq!(orders, expansions, "every expansion is a node of the tree");
    let goal = tree.goal.expect("the goal, at the end");
    assert_eq!(tree.current, Some(goal));
    assert!(tree.nodes.iter().all(|n| n.h.is_some()), "A* shows h");
    // two steps back: the tree is as it stood then
    app.world_mut()
        .write_message(LabCommand::GoTo(expansions - 2));
    frames(&mut app, 2);
    let mut lab = app.world_mut().resource_mut::<Lab>();
    let earlier = lab.tree().unwrap().tree().clone();
    assert!(earlier.nodes.len() < tree.nodes.len());
    assert_eq!(earlier.goal, None);
    assert_eq!(
        earlier.nodes.iter().filter(|n| n.order.is_some()).count(),
        expansions - 2
    );
    assert_eq!(lab.ida_view(), None, "A* keeps an OPEN list");

    // IDA*: its branch in place of OPEN, its iteration's tree under its bound
    choose(
        &mut app,
        "slide-idastar",
        &python("idastar.py", "parent task"),
    );
    app.world_mut().write_message(LabCommand::Case(1));
    frames(&mut app, 2);
    tap(&mut app, KeyCode::Enter);
    until_done(&mut app);
    let expansions = app.world().resource::<Lab>().reel().unwrap().len();
    app.world_mut()
        .write_message(LabCommand::GoTo(expansions / 2));
    frames(&mut app, 2);
    let mut lab = app.world_mut().resource_mut::<Lab>();
    assert_eq!(lab.report().unwrap().verdict, Verdict::Ac);
    lab.refresh_ida();
    let view = lab.ida_view().expect("IDA*'s branch").clone();
    let bound = lab.tree().unwrap().tree().bound;
    assert_eq!(bound, Some(view.bound as u32));
    assert_eq!(
        view.branch.len(),
        1 + view.branch.last().unwrap().1 as usize
    );
}

#[test]
fn a_teachers_lab_file_given_at_launch_is_listed_first_and_runs() {
    let file = ai_arcade::core::lab::parse_lab_file(
        r#"{"name":"my-city","search":"bfs","cases":[
            {"edges":[["Home","Mall",2],["Mall","School",1],["Home","Park",1]],"start":"Home","goal":"School"}]}"#,
    )
    .unwrap();
    let mut app = app(Launch {
        mode: Mode::Lab,
        lab_file: Some(file),
        lab_program: Some(python("bfs.py", "")),
        ..Launch::default()
    });
    let lab = app.world().resource::<Lab>();
    assert_eq!(lab.task().name, "my-city");
    assert_eq!(lab.tasks()[0].name, "my-city");
    assert!(
        lab.tasks().iter().any(|t| t.name == "maze-bfs"),
        "and the built-in tasks"
    );
    tap(&mut app, KeyCode::Enter);
    until_done(&mut app);
    let lab = app.world().resource::<Lab>();
    let report = lab.report().expect("a report");
    assert_eq!(
        (report.verdict, report.expansions),
        (Verdict::Ac, 4),
        "{report:?}"
    );
    // the film's last step: the goal, reached from the start through the mall
    let total = lab.reel().expect("a film").len();
    app.world_mut().write_message(LabCommand::GoTo(total));
    frames(&mut app, 2);
    let lab = app.world().resource::<Lab>();
    let space = &lab.case().unwrap().space;
    let names: Vec<String> = lab
        .reel()
        .unwrap()
        .branch()
        .iter()
        .map(|&s| space.show(s))
        .collect();
    assert_eq!(names, ["Home", "Mall", "School"]);
}
