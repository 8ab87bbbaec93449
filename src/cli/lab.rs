//! `lab`: students' own searches, run and judged — the task list, a case's problem message,
//! a run of a program, the judgement of a recorded run, a class graded into reports, and the
//! starter files for each language.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use serde_json::json;

use super::{CliError, note};
use crate::core::lab::check::Reference;
use crate::core::lab::message::{self, Encoding, Session};
use crate::core::lab::referee::check_trace;
use crate::core::lab::report::{CaseReport, Report};
use crate::core::lab::report::{sha256_hex, task_hash};
use crate::core::lab::task::{Limits, Task};
use crate::core::text::Lang;

/// `lab` subcommands.
#[derive(Debug, Subcommand)]
pub enum LabCommand {
    /// List the tasks and their cases.
    Tasks(LabTasksArgs),
    /// Print a case's problem message, as a program receives it.
    Problem(LabProblemArgs),
    /// Run a program on a task's cases and judge every expansion.
    Run(LabRunArgs),
    /// Judge a recorded run (the program's lines saved in a file).
    Check(LabCheckArgs),
    /// Run every submission in a folder and write each student's reports.
    Grade(LabGradeArgs),
    /// Write a runnable starter and its one-file protocol helper.
    Starter(LabStarterArgs),
}

/// Which task: a built-in one by name, or a teacher's lab file.
#[derive(Debug, Args)]
pub struct TaskArgs {
    /// The task (`ai-arcade lab tasks` lists them).
    #[arg(long)]
    pub task: Option<String>,
    /// A teacher's lab file (JSON, see docs/lab.md) instead of a built-in task.
    #[arg(long)]
    pub lab: Option<PathBuf>,
}

impl TaskArgs {
    fn task(&self) -> Result<Task, CliError> {
        match (&self.task, &self.lab) {
            (_, Some(path)) => {
                let task = super::read_lab_file(path)?;
                if let Some(name) = &self.task
                    && *name != task.name
                {
                    return Err(CliError::Input(format!(
                        "the lab file's task is {}, not {name}",
                        task.name
                    )));
                }
                Ok(task)
            }
            (Some(name), None) => {
                crate::core::lab::task(name).map_err(|e| CliError::Input(e.english()))
            }
            (None, None) => Err(CliError::Input(
                "name a task with --task (ai-arcade lab tasks lists them) or give --lab FILE"
                    .to_string(),
            )),
        }
    }
}

/// How the program talks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ProtocolArg {
    /// JSON Lines.
    #[default]
    Json,
    /// Plain whitespace-separated tokens (for C, C++ and Java).
    Plain,
}

/// Whether ai-arcade answers expansions with successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum SessionArg {
    /// The program generates successors itself and reports its expansions.
    #[default]
    Trace,
    /// Each expansion is answered with the state's successors.
    Oracle,
}

/// Whether the program runs in the sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum IsolationArg {
    /// In bubblewrap when it works here, else without (the report says which).
    #[default]
    Auto,
    /// Only in bubblewrap: refuse to run without it.
    On,
    /// Without isolation.
    Off,
}

/// How the program runs.
#[derive(Debug, Args)]
pub struct HowArgs {
    /// The protocol's encoding.
    #[arg(long, value_enum, default_value_t)]
    pub protocol: ProtocolArg,
    /// The session: trace (your own successors) or oracle (ai-arcade sends them).
    #[arg(long, value_enum, default_value_t)]
    pub session: SessionArg,
    /// Wall-clock seconds per case.
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// Memory per case, MiB.
    #[arg(long, default_value_t = 512)]
    pub memory_mb: u64,
    /// Output per case, MiB.
    #[arg(long, default_value_t = 64)]
    pub output_mb: u64,
    /// Seconds of silence (without computing) before the program counts as stopped.
    #[arg(long, default_value_t = 5.0)]
    pub idle_seconds: f64,
}

impl HowArgs {
    fn limits(&self) -> Result<Limits, CliError> {
        let fine = |x: f64| x.is_finite() && x > 0.0 && x <= 3600.0;
        if !fine(self.seconds) || !fine(self.idle_seconds) {
            return Err(CliError::Input(
                "--seconds and --idle-seconds are between 0 and 3600".to_string(),
            ));
        }
        if !(16..=65_536).contains(&self.memory_mb) || !(1..=4096).contains(&self.output_mb) {
            return Err(CliError::Input(
                "--memory-mb is 16 to 65536, --output-mb 1 to 4096".to_string(),
            ));
        }
        Ok(Limits {
            seconds: self.seconds,
            cpu_seconds: self.seconds,
            memory_mb: self.memory_mb,
            output_bytes: self.output_mb << 20,
            idle_seconds: self.idle_seconds,
        })
    }

    fn encoding(&self) -> Encoding {
        match self.protocol {
            ProtocolArg::Json => Encoding::Json,
            ProtocolArg::Plain => Encoding::Plain,
        }
    }

    fn session(&self) -> Session {
        match self.session {
            SessionArg::Trace => Session::Trace,
            SessionArg::Oracle => Session::Oracle,
        }
    }
}

/// Arguments of `lab tasks`.
#[derive(Debug, Args)]
pub struct LabTasksArgs {
    /// One JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `lab problem`.
#[derive(Debug, Args)]
pub struct LabProblemArgs {
    #[command(flatten)]
    pub task: TaskArgs,
    /// The case (from 1).
    #[arg(long, default_value_t = 1)]
    pub case: usize,
    #[command(flatten)]
    pub how: HowArgs,
}

/// Arguments of `lab run`.
#[derive(Debug, Args)]
pub struct LabRunArgs {
    #[command(flatten)]
    pub task: TaskArgs,
    /// One case only (all of them by default).
    #[arg(long)]
    pub case: Option<usize>,
    /// One JSON object: verdict, cases, times, memory.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub how: HowArgs,
    /// The sandbox.
    #[arg(long, value_enum, default_value_t)]
    pub isolation: IsolationArg,
    /// The program and its arguments (after `--`).
    #[arg(last = true, required = true)]
    pub program: Vec<String>,
}

/// Arguments of `lab check`.
#[derive(Debug, Args)]
pub struct LabCheckArgs {
    #[command(flatten)]
    pub task: TaskArgs,
    /// The case (from 1).
    #[arg(long, default_value_t = 1)]
    pub case: usize,
    /// The program's lines, JSON or plain.
    #[arg(long)]
    pub trace: PathBuf,
    /// One JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `lab grade`.
#[derive(Debug, Args)]
pub struct LabGradeArgs {
    #[command(flatten)]
    pub task: TaskArgs,
    /// A folder with one folder per student, each holding one program (main.py or one .py,
    /// main.js or one .js, *.cpp, *.c, Main.java) or a `run` script.
    #[arg(long)]
    pub submissions: PathBuf,
    /// Where the reports go (one folder per student, and class.csv).
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub how: HowArgs,
    /// Grade without the sandbox (other people's code then runs with your rights).
    #[arg(long)]
    pub no_isolation: bool,
    /// The reports' language.
    #[arg(long, default_value = "en")]
    pub lang: String,
}

pub use crate::core::lab::starter::StarterLang;

/// Arguments of `lab starter`.
#[derive(Debug, Args)]
pub struct LabStarterArgs {
    /// The language.
    #[arg(long, value_enum)]
    pub lang: StarterLang,
    #[command(flatten)]
    pub task: TaskArgs,
    /// The folder to write into (made when missing; files there are not overwritten).
    #[arg(long)]
    pub out: PathBuf,
}

/// Runs a `lab` command; returns what to print and the exit code (1 when a case is not AC).
pub fn lab(command: &LabCommand) -> Result<(String, i32), CliError> {
    match command {
        LabCommand::Tasks(args) => Ok((lab_tasks(args.json), 0)),
        LabCommand::Problem(args) => {
            let task = args.task.task()?;
            let case = task
                .case(args.case)
                .map_err(|e| CliError::Input(e.english()))?;
            let limits = args.how.limits()?;
            Ok((
                message::problem(
                    &case,
                    case.search.session().unwrap_or(args.how.session()),
                    &limits,
                    args.how.encoding(),
                ),
                0,
            ))
        }
        LabCommand::Run(args) => lab_run(args),
        LabCommand::Check(args) => lab_check(args),
        LabCommand::Grade(args) => lab_grade(args),
        LabCommand::Starter(args) => lab_starter(args).map(|out| (out, 0)),
    }
}

fn lab_tasks(as_json: bool) -> String {
    let tasks = crate::core::lab::tasks();
    if as_json {
        let list: Vec<_> = tasks
            .iter()
            .map(|t| {
                let cases: Vec<_> = (1..=t.cases())
                    .filter_map(|n| t.case(n).ok())
                    .map(|c| json!({"case": c.number, "about": c.about, "seed": c.seed}))
                    .collect();
                json!({"task": t.name, "kind": t.kind, "search": t.search.name(),
                       "about": t.about, "cases": cases})
            })
            .collect();
        return json!({ "tasks": list }).to_string();
    }
    let mut out = String::new();
    for t in &tasks {
        out.push_str(&format!(
            "{:<24} {} ({} cases)\n",
            t.name,
            t.about,
            t.cases()
        ));
        for n in 1..=t.cases() {
            if let Ok(c) = t.case(n) {
                out.push_str(&format!("    case {n}: {}\n", c.about));
            }
        }
    }
    out.trim_end().to_string()
}

/// The isolation to use, or why not.
fn isolation(choice: IsolationArg) -> Result<(bool, String), CliError> {
    if choice == IsolationArg::Off {
        return Ok((false, crate::host::lab::NO_ISOLATION.to_string()));
    }
    match crate::host::lab::isolation_available() {
        Some(what) => Ok((true, what)),
        None if choice == IsolationArg::On => Err(CliError::Failed(
            "bubblewrap (bwrap) does not run here: install it (apt-get install bubblewrap) or \
             run with --isolation off"
                .to_string(),
        )),
        None => Ok((false, crate::host::lab::NO_ISOLATION.to_string())),
    }
}

fn run_program(
    task: &Task,
    cases: &[usize],
    program: &crate::host::lab::Program,
    how: &HowArgs,
    isolate: (bool, String),
    code_hash: Option<String>,
) -> Result<Report, CliError> {
    let settings = settings(how, isolate.0)?;
    let mut reports: Vec<CaseReport> = Vec::new();
    for &n in cases {
        let case = task.case(n).map_err(|e| CliError::Input(e.english()))?;
        let reference = Reference::new(&case.space, case.search);
        reports.push(crate::host::lab::run_case(
            &case,
            &reference,
            program,
            &settings,
            None,
            &mut |_| {},
        ));
    }
    Ok(report_of(
        task,
        &program.shown(),
        &settings,
        isolate.1,
        code_hash,
        reports,
    ))
}

fn settings(how: &HowArgs, isolate: bool) -> Result<crate::host::lab::Settings, CliError> {
    Ok(crate::host::lab::Settings {
        limits: how.limits()?,
        session: how.session(),
        encoding: how.encoding(),
        isolate,
    })
}

/// The whole run's report around its cases.
fn report_of(
    task: &Task,
    program: &str,
    settings: &crate::host::lab::Settings,
    isolation: String,
    code_hash: Option<String>,
    cases: Vec<CaseReport>,
) -> Report {
    Report {
        task: task.name.clone(),
        search: task.search.name().to_string(),
        program: program.to_string(),
        session: task
            .search
            .session()
            .unwrap_or(settings.session)
            .name()
            .to_string(),
        encoding: match settings.encoding {
            Encoding::Json => "json",
            Encoding::Plain => "plain",
        }
        .to_string(),
        isolation,
        limits: settings.limits,
        cases,
        code_hash,
        task_hash: task_hash(task),
        version: env!("CARGO_PKG_VERSION").to_string(),
    }
}

fn case_list(task: &Task, case: Option<usize>) -> Result<Vec<usize>, CliError> {
    match case {
        Some(n) => {
            task.case(n).map_err(|e| CliError::Input(e.english()))?;
            Ok(vec![n])
        }
        None => Ok((1..=task.cases()).collect()),
    }
}

fn lab_run(args: &LabRunArgs) -> Result<(String, i32), CliError> {
    let task = args.task.task()?;
    let cases = case_list(&task, args.case)?;
    let dir =
        std::env::current_dir().map_err(|e| CliError::Failed(format!("no current folder: {e}")))?;
    let program = crate::host::lab::Program {
        argv: args.program.clone(),
        dir,
    };
    if let Some(why) = crate::host::lab::cannot_start(&program) {
        return Err(CliError::Input(why.english()));
    }
    let isolate = isolation(args.isolation)?;
    if !isolate.0 && args.isolation == IsolationArg::Auto {
        note("note: bubblewrap is not available: the program runs without isolation");
    }
    let report = run_program(&task, &cases, &program, &args.how, isolate, None)?;
    let code = i32::from(report.verdict() != crate::core::lab::Verdict::Ac);
    let out = if args.json {
        report.to_json().to_string()
    } else {
        report.summary(Lang::from_system())
    };
    Ok((out, code))
}

fn lab_check(args: &LabCheckArgs) -> Result<(String, i32), CliError> {
    let task = args.task.task()?;
    if !task.search.expands() {
        return Err(CliError::Input(format!(
            "{} is judged by running the program (lab run): a recorded trace holds a search's expansions",
            task.name
        )));
    }
    let case = task
        .case(args.case)
        .map_err(|e| CliError::Input(e.english()))?;
    let bytes = crate::store::read_regular(&args.trace).map_err(|e| {
        CliError::Input(format!(
            "cannot read the trace {}: {}",
            args.trace.display(),
            e
        ))
    })?;
    let text = crate::core::lab::message::decode_text(&bytes);
    let reference = Reference::new(&case.space, case.search);
    let started = std::time::Instant::now();
    let report = CaseReport {
        seconds: started.elapsed().as_secs_f64(),
        ..check_trace(&case, &reference, &text)
    };
    let full = Report {
        task: task.name.clone(),
        search: task.search.name().to_string(),
        program: args.trace.display().to_string(),
        session: "recorded".to_string(),
        encoding: "json or plain".to_string(),
        isolation: crate::msg!("none needed: nothing ran").to_string(),
        limits: Limits::default(),
        cases: vec![report],
        code_hash: Some(sha256_hex(&bytes)),
        task_hash: task_hash(&task),
        version: env!("CARGO_PKG_VERSION").to_string(),
    };
    let code = i32::from(full.verdict() != crate::core::lab::Verdict::Ac);
    let out = if args.json {
        full.to_json().to_string()
    } else {
        full.summary(Lang::from_system())
    };
    Ok((out, code))
}

/// How to run the submission in `dir`: a `run` script, or the one program it holds (compiled
/// first for C, C++ and Java, into `build`). `None` with the reason when there is nothing to run.
fn submission_program(dir: &Path, build: &Path) -> Result<Vec<String>, String> {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    let with_ext = |ext: &str| -> Vec<&PathBuf> {
        files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == ext))
            .collect()
    };
    let shown = |p: &Path| p.display().to_string();
    if let Some(run) = files
        .iter()
        .find(|p| p.file_name().is_some_and(|n| n == "run"))
    {
        return Ok(vec!["sh".to_string(), shown(run)]);
    }
    let python = with_ext("py");
    let main_py = python
        .iter()
        .find(|p| p.file_name().is_some_and(|n| n == "main.py"));
    // the helper the starter ships is not the program
    let programs: Vec<&&PathBuf> = python
        .iter()
        .filter(|p| p.file_name().is_some_and(|n| n != "lab_helper.py"))
        .collect();
    if let Some(p) = main_py.or(programs.first().copied().filter(|_| programs.len() == 1)) {
        return Ok(vec![crate::core::lab::PYTHON.to_string(), shown(p)]);
    }
    let js: Vec<&PathBuf> = with_ext("js")
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n != "lab_helper.js"))
        .collect();
    let main_js = js
        .iter()
        .find(|p| p.file_name().is_some_and(|n| n == "main.js"));
    if let Some(p) = main_js.or(js.first().filter(|_| js.len() == 1)) {
        return Ok(vec!["node".to_string(), shown(p)]);
    }
    let sources = ["cpp", "cc", "cxx", "c", "java"];
    if sources.iter().all(|e| with_ext(e).is_empty()) {
        // several scripts and none named as the program: which one runs is the student's to say
        let names = |files: &[&PathBuf]| {
            let mut names: Vec<String> = files
                .iter()
                .filter_map(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .collect();
            names.sort();
            names.join(", ")
        };
        let scripts: Vec<&PathBuf> = programs.iter().map(|p| **p).collect();
        let several = if scripts.len() > 1 {
            Some(("Python files", scripts, "main.py"))
        } else if js.len() > 1 {
            Some(("JavaScript files", js, "main.js"))
        } else {
            None
        };
        return Err(match several {
            Some((kind, files, main)) => format!(
                "{} holds {} {kind} ({}) and no {main}: which one is the program? Name it \
                 {main}, or add a run script",
                dir.display(),
                files.len(),
                names(&files),
            ),
            None => format!(
                "{} holds no program: main.py (or one .py), main.js (or one .js), .cpp / .c \
                 files, Main.java, or a run script",
                dir.display()
            ),
        });
    }
    std::fs::create_dir_all(build).map_err(|e| format!("cannot make {}: {e}", build.display()))?;
    let compile = |program: &str, args: Vec<String>| -> Result<(), String> {
        let out = std::process::Command::new(program)
            .args(&args)
            .current_dir(dir)
            .output()
            .map_err(|e| format!("cannot run {program}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{program} failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
                    .chars()
                    .take(2000)
                    .collect::<String>()
            ))
        }
    };
    let binary = build.join("program");
    let cpp: Vec<String> = ["cpp", "cc", "cxx"]
        .iter()
        .flat_map(|e| with_ext(e))
        .map(|p| shown(p))
        .collect();
    if !cpp.is_empty() {
        let mut args = vec![
            "-O2".to_string(),
            "-std=c++17".to_string(),
            "-o".to_string(),
        ];
        args.push(shown(&binary));
        args.extend(cpp);
        compile("g++", args)?;
        return Ok(vec![shown(&binary)]);
    }
    let c: Vec<String> = with_ext("c").iter().map(|p| shown(p)).collect();
    if !c.is_empty() {
        let mut args = vec!["-O2".to_string(), "-o".to_string(), shown(&binary)];
        args.extend(c);
        args.push("-lm".to_string());
        compile("gcc", args)?;
        return Ok(vec![shown(&binary)]);
    }
    // what is left is Java (a source of some kind was found above)
    let java: Vec<String> = with_ext("java").iter().map(|p| shown(p)).collect();
    let mut args = vec!["-d".to_string(), shown(build)];
    args.extend(java);
    compile("javac", args)?;
    Ok(vec![
        "java".to_string(),
        "-cp".to_string(),
        shown(build),
        "Main".to_string(),
    ])
}

/// SHA-256 of the files of a folder (names and contents, in name order).
fn folder_hash(dir: &Path) -> String {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let mut bytes = Vec::new();
    for f in files {
        bytes.extend_from_slice(f.file_name().unwrap_or_default().as_encoded_bytes());
        bytes.push(0);
        bytes.extend(crate::store::read_regular(&f).unwrap_or_default());
        bytes.push(0);
    }
    sha256_hex(&bytes)
}

/// `path` made absolute with its links resolved as far as it exists (the rest as written).
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut missing = Vec::new();
    let mut at = absolute.as_path();
    loop {
        if let Ok(real) = std::fs::canonicalize(at) {
            return missing.iter().rev().fold(real, |p, part| p.join(part));
        }
        match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) => {
                missing.push(name.to_os_string());
                at = parent;
            }
            _ => return absolute,
        }
    }
}

fn lab_grade(args: &LabGradeArgs) -> Result<(String, i32), CliError> {
    let task = args.task.task()?;
    let lang = Lang::from_code(&args.lang)
        .ok_or_else(|| CliError::Input(format!("{:?} is not a language (en, zh)", args.lang)))?;
    let isolate = isolation(if args.no_isolation {
        IsolationArg::Off
    } else {
        IsolationArg::On
    })
    .map_err(|e| {
        CliError::Failed(format!(
            "{e}; grading runs other people's code, so it refuses to run unsandboxed unless \
             told --no-isolation"
        ))
    })?;
    let submissions = std::fs::canonicalize(&args.submissions).map_err(|e| {
        CliError::Input(format!(
            "cannot read the submissions {}: {e}",
            args.submissions.display()
        ))
    })?;
    let mut students: Vec<PathBuf> = std::fs::read_dir(&submissions)
        .map_err(|e| {
            CliError::Input(format!(
                "cannot read the submissions {}: {e}",
                args.submissions.display()
            ))
        })?
        .flatten()
        .map(|e| e.path())
        // a hidden folder (.git of a class's repository) is nobody's submission
        .filter(|p| {
            p.is_dir()
                && !p
                    .file_name()
                    .is_some_and(|n| n.as_encoded_bytes().starts_with(b"."))
        })
        .collect();
    students.sort();
    if resolved(&args.out).starts_with(&submissions) {
        return Err(CliError::Input(format!(
            "--out {} is inside the submissions {}: its reports would be graded as a student's \
             folder next time; write them elsewhere",
            args.out.display(),
            args.submissions.display()
        )));
    }
    if students.is_empty() {
        return Err(CliError::Input(format!(
            "{} has no folders: one folder per student",
            args.submissions.display()
        )));
    }
    let write = |path: &Path, text: &str| super::write_output(path, text);
    let mut csv = vec![Report::csv_header(task.cases())];
    let mut lines = Vec::new();
    for dir in &students {
        let student = dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let out = args.out.join(&student);
        // absolute: the compilers run in the student's folder
        let build = resolved(&out).join("build");
        let code_hash = Some(folder_hash(dir));
        let report = match submission_program(dir, &build) {
            Ok(argv) => {
                let program = crate::host::lab::Program {
                    argv,
                    dir: dir.clone(),
                };
                let cases: Vec<usize> = (1..=task.cases()).collect();
                run_program(
                    &task,
                    &cases,
                    &program,
                    &args.how,
                    isolate.clone(),
                    code_hash,
                )?
            }
            Err(why) => {
                // a submission that does not build fails every case with the reason
                let cases = (1..=task.cases())
                    .filter_map(|n| task.case(n).ok())
                    .map(|c| not_built(&c, &why))
                    .collect();
                report_of(
                    &task,
                    "",
                    &settings(&args.how, isolate.0)?,
                    isolate.1.clone(),
                    code_hash,
                    cases,
                )
            }
        };
        write(&out.join("report.json"), &report.to_json().to_string())?;
        write(&out.join("report.md"), &report.markdown(&student, lang))?;
        write(&out.join("results.json"), &report.gradescope().to_string())?;
        csv.push(report.csv_row(&student));
        lines.push(format!(
            "{student}: {} ({} of {})",
            report.verdict().code(),
            report.accepted(),
            report.cases.len()
        ));
    }
    write(&args.out.join("class.csv"), &(csv.join("\n") + "\n"))?;
    lines.push(format!("reports in {} ({})", args.out.display(), isolate.1));
    Ok((lines.join("\n"), 0))
}

fn not_built(case: &crate::core::lab::Case, why: &str) -> CaseReport {
    let violation = crate::core::lab::Violation {
        verdict: crate::core::lab::Verdict::Re,
        step: 0,
        say: crate::phrase!(
            "the program could not be started: {why}",
            why = why.to_string()
        ),
        expected: None,
    };
    CaseReport::judged(case, None, 0, Err(violation))
}

fn lab_starter(args: &LabStarterArgs) -> Result<String, CliError> {
    let task = args.task.task()?;
    if task.search == crate::core::lab::Search::Agent
        && matches!(args.lang, StarterLang::Cpp | StarterLang::Java)
    {
        return Err(CliError::Input(format!(
            "{}: the Minesweeper starters are in Python and JavaScript; a C++ or Java agent \
             speaks the plain protocol (turn, open r c) described in docs/lab.md",
            task.name
        )));
    }
    let files = crate::core::lab::starter::starter(args.lang, &task);
    if args.out.exists() && !args.out.is_dir() {
        return Err(CliError::Input(format!(
            "{} is not a folder",
            args.out.display()
        )));
    }
    let mut written = Vec::new();
    for (name, text) in files {
        let path = args.out.join(name);
        if path.exists() {
            note(&format!(
                "{} is there already: kept as it is",
                path.display()
            ));
            continue;
        }
        super::write_output(&path, text)?;
        written.push(path.display().to_string());
    }
    let run = crate::core::lab::starter::run_line(args.lang, &task);
    Ok(format!(
        "wrote {}\ntry it (from {}): {run}",
        if written.is_empty() {
            "nothing new".to_string()
        } else {
            written.join(", ")
        },
        args.out.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_matches_the_standard_vectors() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(&[b'a'; 1000]),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        );
    }
}
