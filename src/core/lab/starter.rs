//! The starters `lab starter` writes: a runnable program with the search left to write, and a
//! one-file helper that hides the protocol's framing and flushes every line (Python and
//! JavaScript speak JSON and can compute successors themselves; C++ and Java speak the plain
//! protocol in an oracle session, where ai-arcade sends the successors).

use super::{Search, Task};

/// A starter's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StarterLang {
    Python,
    Cpp,
    Java,
    Js,
}

/// The files of a starter: (file name, text), the task's name written in. The main file is a
/// search to write, or for the heuristic task an estimate, or for the Minesweeper task an agent
/// (Python and JavaScript only: `lab starter` refuses the others).
pub fn starter(lang: StarterLang, task: &Task) -> Vec<(&'static str, String)> {
    // per language: the main file for a search, a heuristic, an agent
    let (main, search, estimate, agent) = match lang {
        StarterLang::Python => (
            "main.py",
            include_str!("starters/main.py"),
            include_str!("starters/heuristic.py"),
            Some(include_str!("starters/agent.py")),
        ),
        StarterLang::Js => (
            "main.js",
            include_str!("starters/main.js"),
            include_str!("starters/heuristic.js"),
            Some(include_str!("starters/agent.js")),
        ),
        StarterLang::Cpp => (
            "main.cpp",
            include_str!("starters/main.cpp"),
            include_str!("starters/heuristic.cpp"),
            None,
        ),
        StarterLang::Java => (
            "Main.java",
            include_str!("starters/Main.java"),
            include_str!("starters/Heuristic.java"),
            None,
        ),
    };
    let text = match task.search {
        Search::Heuristic => estimate,
        Search::Agent => agent.unwrap_or(search),
        _ => search,
    };
    let helper = helper(lang);
    vec![
        (helper.0, helper.1.to_string()),
        (main, text.replace("TASK", &task.name)),
    ]
}

/// The helper of a language: its file name and text (what a starter imports).
pub fn helper(lang: StarterLang) -> (&'static str, &'static str) {
    match lang {
        StarterLang::Python => ("lab_helper.py", include_str!("starters/lab_helper.py")),
        StarterLang::Js => ("lab_helper.js", include_str!("starters/lab_helper.js")),
        StarterLang::Cpp => ("lab_helper.hpp", include_str!("starters/lab_helper.hpp")),
        StarterLang::Java => ("LabHelper.java", include_str!("starters/LabHelper.java")),
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
