//! The starters `lab starter` writes: a runnable program with the search left to write, and a
//! one-file helper that hides the protocol's framing and flushes every line (Python and
//! JavaScript speak JSON and can compute successors themselves; C++ and Java speak the plain
//! protocol in an oracle session, where ai-arcade sends the successors).

use super::lab::StarterLang;
use crate::core::lab::{Search, Task};

/// The files of a starter: (file name, text), the task's name written in. The main file is a
/// search to write, or for the heuristic task an estimate, or for the Minesweeper task an agent
/// (Python and JavaScript only: `lab starter` refuses the others).
pub fn starter(lang: StarterLang, task: &Task) -> Vec<(&'static str, String)> {
    // per language: the helper, and the main file for a search, a heuristic, an agent
    let (helper, main, search, estimate, agent) = match lang {
        StarterLang::Python => (
            ("lab_helper.py", include_str!("lab_starters/lab_helper.py")),
            "main.py",
            include_str!("lab_starters/main.py"),
            include_str!("lab_starters/heuristic.py"),
            Some(include_str!("lab_starters/agent.py")),
        ),
        StarterLang::Js => (
            ("lab_helper.js", include_str!("lab_starters/lab_helper.js")),
            "main.js",
            include_str!("lab_starters/main.js"),
            include_str!("lab_starters/heuristic.js"),
            Some(include_str!("lab_starters/agent.js")),
        ),
        StarterLang::Cpp => (
            (
                "lab_helper.hpp",
                include_str!("lab_starters/lab_helper.hpp"),
            ),
            "main.cpp",
            include_str!("lab_starters/main.cpp"),
            include_str!("lab_starters/heuristic.cpp"),
            None,
        ),
        StarterLang::Java => (
            (
                "LabHelper.java",
                include_str!("lab_starters/LabHelper.java"),
            ),
            "Main.java",
            include_str!("lab_starters/Main.java"),
            include_str!("lab_starters/Heuristic.java"),
            None,
        ),
    };
    let text = match task.search {
        Search::Heuristic => estimate,
        Search::Agent => agent.unwrap_or(search),
        _ => search,
    };
    vec![
        (helper.0, helper.1.to_string()),
        (main, text.replace("TASK", &task.name)),
    ]
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
