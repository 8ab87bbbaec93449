//! The starters `lab starter` writes: a runnable program with the search left to write, and a
//! one-file helper that hides the protocol's framing and flushes every line (Python and
//! JavaScript speak JSON and can compute successors themselves; C++ and Java speak the plain
//! protocol in an oracle session, where ai-arcade sends the successors).

use super::lab::StarterLang;
use crate::core::lab::{Search, Task};

/// The files of a starter: (file name, text), the task's name written in.
pub fn starter(lang: StarterLang, task: &Task) -> Vec<(&'static str, String)> {
    let named = |text: &str| text.replace("TASK", &task.name);
    // the heuristic task is an estimate to write, the Minesweeper task an agent: not searches
    let pick = |search: &'static str, estimate: &'static str| {
        named(if task.search == Search::Heuristic {
            estimate
        } else {
            search
        })
    };
    match lang {
        StarterLang::Python => vec![
            (
                "lab_helper.py",
                include_str!("lab_starters/lab_helper.py").to_string(),
            ),
            (
                "main.py",
                if task.search == Search::Agent {
                    named(include_str!("lab_starters/agent.py"))
                } else {
                    pick(
                        include_str!("lab_starters/main.py"),
                        include_str!("lab_starters/heuristic.py"),
                    )
                },
            ),
        ],
        StarterLang::Js => vec![
            (
                "lab_helper.js",
                include_str!("lab_starters/lab_helper.js").to_string(),
            ),
            (
                "main.js",
                if task.search == Search::Agent {
                    named(include_str!("lab_starters/agent.js"))
                } else {
                    pick(
                        include_str!("lab_starters/main.js"),
                        include_str!("lab_starters/heuristic.js"),
                    )
                },
            ),
        ],
        StarterLang::Cpp => vec![
            (
                "lab_helper.hpp",
                include_str!("lab_starters/lab_helper.hpp").to_string(),
            ),
            (
                "main.cpp",
                pick(
                    include_str!("lab_starters/main.cpp"),
                    include_str!("lab_starters/heuristic.cpp"),
                ),
            ),
        ],
        StarterLang::Java => vec![
            (
                "LabHelper.java",
                include_str!("lab_starters/LabHelper.java").to_string(),
            ),
            (
                "Main.java",
                pick(
                    include_str!("lab_starters/Main.java"),
                    include_str!("lab_starters/Heuristic.java"),
                ),
            ),
        ],
    }
}

/// The command that runs the starter on its task.
pub fn run_line(lang: StarterLang, task: &Task) -> String {
    let (task, session) = (
        task.name.as_str(),
        if task.search.expands() {
            " --session oracle"
        } else {
            ""
        },
    );
    match lang {
        StarterLang::Python => format!("ai-arcade lab run --task {task} -- python3 main.py"),
        StarterLang::Js => format!("ai-arcade lab run --task {task} -- node main.js"),
        StarterLang::Cpp => format!(
            "g++ -O2 -std=c++17 -o main main.cpp && ai-arcade lab run --task {task} --protocol plain{session} -- ./main"
        ),
        StarterLang::Java => format!(
            "javac Main.java LabHelper.java && ai-arcade lab run --task {task} --protocol plain{session} -- java Main"
        ),
    }
}
