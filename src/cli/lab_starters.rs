//! The starters `lab starter` writes: a runnable program with the search left to write, and a
//! one-file helper that hides the protocol's framing and flushes every line (Python and
//! JavaScript speak JSON and can compute successors themselves; C++ and Java speak the plain
//! protocol in an oracle session, where ai-arcade sends the successors).

use super::lab::StarterLang;
use crate::core::lab::Task;

/// The files of a starter: (file name, text), the task's name written in.
pub fn starter(lang: StarterLang, task: &Task) -> Vec<(&'static str, String)> {
    let named = |text: &str| text.replace("TASK", &task.name);
    match lang {
        StarterLang::Python => vec![
            (
                "lab_helper.py",
                include_str!("lab_starters/lab_helper.py").to_string(),
            ),
            ("main.py", named(include_str!("lab_starters/main.py"))),
        ],
        StarterLang::Js => vec![
            (
                "lab_helper.js",
                include_str!("lab_starters/lab_helper.js").to_string(),
            ),
            ("main.js", named(include_str!("lab_starters/main.js"))),
        ],
        StarterLang::Cpp => vec![
            (
                "lab_helper.hpp",
                include_str!("lab_starters/lab_helper.hpp").to_string(),
            ),
            ("main.cpp", named(include_str!("lab_starters/main.cpp"))),
        ],
        StarterLang::Java => vec![
            (
                "LabHelper.java",
                include_str!("lab_starters/LabHelper.java").to_string(),
            ),
            ("Main.java", named(include_str!("lab_starters/Main.java"))),
        ],
    }
}

/// The command that runs the starter on its task.
pub fn run_line(lang: StarterLang, task: &str) -> String {
    match lang {
        StarterLang::Python => format!("ai-arcade lab run --task {task} -- python3 main.py"),
        StarterLang::Js => format!("ai-arcade lab run --task {task} -- node main.js"),
        StarterLang::Cpp => format!(
            "g++ -O2 -std=c++17 -o main main.cpp && ai-arcade lab run --task {task} --protocol plain --session oracle -- ./main"
        ),
        StarterLang::Java => format!(
            "javac Main.java LabHelper.java && ai-arcade lab run --task {task} --protocol plain --session oracle -- java Main"
        ),
    }
}
