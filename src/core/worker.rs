//! The work a browser page hands to a Web Worker, so that no frame waits for a search: Slide's
//! jobs, the building of pattern databases and the Mines robot's analysis. A page has one
//! thread and Bevy's task pools run on it; a worker is a second thread with its own memory,
//! reached only by messages. The messages are JSON text (serde) plus byte arrays for the
//! databases' tables; this module is both ends' vocabulary and the worker's side of the work,
//! plain Rust that the tests run natively.
//!
//! Why a worker and not a search sliced into frames: the same `run_job`, `PatternDb::build`
//! and `analyse_for_play` run unchanged (no second copy of any algorithm, no speed lost to
//! pausing), the robot's enumeration and the table builds have no natural place to pause, and
//! the page's thread stays free for drawing. A worker cannot read a message while it searches,
//! so a job the player no longer wants is stopped by ending the worker and starting a new one.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::core::lab::check::Reference;
use crate::core::lab::message::Encoding;
use crate::core::lab::message::{Session, read_trace};
use crate::core::lab::referee::{Films, InPlace, News, Referee, check_trace};
use crate::core::lab::report::CaseReport;
use crate::core::lab::task::Case;
use crate::core::lab::task::Limits;
use crate::core::mines::game::View;
use crate::core::mines::robot::Analysis;
use crate::core::mines::session::analyse_for_play;
use crate::core::slide::Board;
use crate::core::slide::pdb::{PatternDb, Split, Table};
use crate::core::slide::session::{JobOutput, JobProgress, JobRequest, run_job};
use crate::core::text::Phrase;

/// What the page asks of a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Keep these databases for the Slide jobs that follow (the tables come along as bytes, in
    /// [`PatternDb::regions_for`]'s order).
    Databases { goal: Board, split: Split },
    /// Run a Slide job (its databases sent before, when it needs them).
    Slide(JobRequest),
    /// Build the databases of `goal` with `split`; the tables go back as bytes.
    Build { goal: Board, split: Split },
    /// Analyse a Mines board for the robot or the hint.
    Analyse { revision: u64, view: View },
    /// Run a student's program on a Lab case (the Lab's own worker, `lab-worker.js`).
    Lab(LabRequest),
}

/// A program for a Lab case, as the browser's Lab sends it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabRequest {
    pub task: LabTask,
    /// The case, from 1.
    pub case: usize,
    pub language: Language,
    /// The program's text (a trace's lines, for [`Language::Trace`]).
    pub code: String,
    pub encoding: Encoding,
}

/// Where a Lab task comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabTask {
    /// A built-in task, by name.
    Builtin(String),
    /// A teacher's lab file, its text.
    File(String),
}

/// What the browser runs a program in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    JavaScript,
    /// Through Pyodide, loaded the first time it is needed.
    Python,
    /// Not a program: a recorded trace's lines, checked.
    Trace,
}

impl Language {
    /// Its name (in the settings, and in reports: not translated).
    pub fn name(self) -> &'static str {
        match self {
            Language::JavaScript => "JavaScript", // not shown: a name
            Language::Python => "Python",         // not shown: a name
            Language::Trace => "trace",           // not shown: a name
        }
    }

    /// The language of a name (JavaScript when it is none).
    pub fn from_name(name: &str) -> Language {
        [Language::Python, Language::Trace]
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
            .unwrap_or_default()
    }
}

impl LabRequest {
    /// The case asked for.
    pub fn case(&self) -> Result<Case, Phrase> {
        let task = match &self.task {
            LabTask::Builtin(name) => crate::core::lab::task(name)?,
            LabTask::File(text) => crate::core::lab::parse_lab_file(text)?,
        };
        task.case(self.case)
    }
}

/// What a worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// Started, and listening.
    Ready,
    /// The running Slide job's counters.
    SlideProgress {
        id: u64,
        current: usize,
        expanded: usize,
        level: usize,
    },
    SlideDone {
        id: u64,
        output: JobOutput,
    },
    /// The fraction of a build done (0 to 1).
    BuildProgress {
        goal: Board,
        split: Split,
        fraction: f64,
    },
    /// A build finished: its tables follow as bytes.
    Built {
        goal: Board,
        split: Split,
        seconds: f64,
    },
    Analysed {
        revision: u64,
        analysis: Analysis,
    },
    /// The Lab's worker is loading Python (Pyodide) before the program starts.
    LabLoading,
    /// The Lab's program has started (its time runs from here).
    LabStarted,
    /// What the Lab's run has to tell: expansions, moves, then its report and films.
    Lab(News),
    /// A request that could not be carried out (in English: a fault, not the player's doing).
    Failed {
        error: String,
    },
}

/// A message as it crosses: the JSON text of a request or reply.
pub fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("the messages are plain data")
}

/// A message read back; a bad one is said in English.
pub fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("a message the other side cannot read: {e}"))
}

/// The tables of `db` as bytes, for a message.
pub fn table_bytes(db: &PatternDb) -> Vec<Vec<u8>> {
    db.tables().iter().map(|t| t.to_bytes()).collect()
}

/// The databases of `goal` with `split` from the bytes of their tables (checked: a table of
/// another region or a damaged one is refused).
pub fn databases_from(
    goal: &Board,
    split: Split,
    bytes: Vec<Vec<u8>>,
) -> Result<PatternDb, String> {
    let (regions, blank) = PatternDb::regions_for(goal, split).map_err(|e| e.to_string())?;
    if regions.len() != bytes.len() {
        return Err(format!(
            "{} tables for the {} split, which has {}",
            bytes.len(),
            split.name(),
            regions.len()
        ));
    }
    let tables = regions
        .iter()
        .zip(bytes)
        .map(|(cells, bytes)| {
            Table::from_bytes(bytes, goal.side(), cells, blank)
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    PatternDb::assemble(goal, split, tables).map_err(|e| e.to_string())
}

/// The worker's side: what it keeps between messages (the databases Slide's jobs use, the
/// tables it built) and the work itself.
#[derive(Default)]
pub struct Worker {
    databases: Option<Arc<PatternDb>>,
    built: Vec<Arc<Table>>,
}

impl Worker {
    /// Carries out `request` (with the bytes that came with it), telling `out` each reply and
    /// its bytes. `progress` is the running Slide job's counters (a worker's own, whose beat
    /// posts them).
    pub fn handle(
        &mut self,
        request: Request,
        bytes: Vec<Vec<u8>>,
        progress: &JobProgress,
        out: &mut dyn FnMut(Reply, Vec<Vec<u8>>),
    ) {
        match request {
            Request::Databases { goal, split } => match databases_from(&goal, split, bytes) {
                Ok(db) => self.databases = Some(Arc::new(db)),
                Err(error) => out(Reply::Failed { error }, Vec::new()),
            },
            Request::Slide(job) => {
                let db = self
                    .databases
                    .as_deref()
                    .filter(|db| *db.goal() == job.goal);
                if job.needs_databases() && db.is_none() {
                    let error = format!("no pattern databases for the goal {}", job.goal);
                    out(Reply::Failed { error }, Vec::new());
                    return;
                }
                for counter in [&progress.current, &progress.search.expanded] {
                    counter.store(0, std::sync::atomic::Ordering::Relaxed);
                }
                let output = run_job(&job, db, None, Some(progress));
                out(Reply::SlideDone { id: job.id, output }, Vec::new());
            }
            Request::Build { goal, split } => self.build(goal, split, out),
            Request::Analyse { revision, view } => {
                let analysis = analyse_for_play(&view);
                out(Reply::Analysed { revision, analysis }, Vec::new());
            }
            Request::Lab(_) => {
                let error = "a Lab run belongs to the Lab's worker".to_string();
                out(Reply::Failed { error }, Vec::new());
            }
        }
    }

    /// Builds the databases (reusing the tables built before), reporting progress each
    /// thousandth.
    fn build(&mut self, goal: Board, split: Split, out: &mut dyn FnMut(Reply, Vec<Vec<u8>>)) {
        let clock = crate::core::clock::Instant::now();
        let mut said = 0;
        let mut report = |fraction: f64| {
            let permille = (fraction * 1000.0) as usize;
            if permille > said {
                said = permille;
                out(
                    Reply::BuildProgress {
                        goal,
                        split,
                        fraction,
                    },
                    Vec::new(),
                );
            }
        };
        let side = goal.side();
        let mut new = Vec::new();
        let built = PatternDb::build_from(
            &goal,
            split,
            &mut |cells, blank| {
                self.built
                    .iter()
                    .find(|t| t.is_for(side, cells, blank))
                    .cloned()
            },
            None,
            &mut report,
            &mut |table| new.push(table.clone()),
        );
        self.built.extend(new);
        match built {
            Ok(db) => {
                let seconds = clock.elapsed().as_secs_f64();
                out(
                    Reply::Built {
                        goal,
                        split,
                        seconds,
                    },
                    table_bytes(&db),
                );
            }
            Err(e) => out(
                Reply::Failed {
                    error: e.to_string(),
                },
                Vec::new(),
            ),
        }
    }
}

/// Runs a Lab request on this thread (the Lab's worker): `program` runs the request's code,
/// reading and printing through the run it is given, and returns how the code ended (`Err`
/// with an uncaught error's text). A recorded trace is checked without a program. The news —
/// expansions and moves in batches, then the report and films — go to `news`.
pub fn run_lab(
    request: &LabRequest,
    news: &mut dyn FnMut(Reply),
    program: &mut dyn FnMut(&std::cell::RefCell<InPlace<'_>>) -> Result<(), String>,
) {
    let case = match request.case() {
        Ok(case) => case,
        Err(why) => {
            let error = why.english();
            news(Reply::Failed { error });
            return;
        }
    };
    let reference = Reference::new(&case.space, case.search);
    if request.language == Language::Trace {
        let clock = crate::core::clock::Instant::now();
        let report = CaseReport {
            seconds: clock.elapsed().as_secs_f64(),
            ..check_trace(&case, &reference, &request.code)
        };
        let films = case.search.expands().then(|| {
            let expanded = read_trace(&case.space, &request.code)
                .map(|(expanded, _)| expanded.into_iter().map(|(s, _)| s).collect::<Vec<_>>())
                .unwrap_or_default();
            let accepted = &expanded[..report.expansions.min(expanded.len())];
            Box::new(Films::record(&case, accepted, report.violation.clone()))
        });
        news(Reply::Lab(News::Done(Box::new(report), films)));
        return;
    }
    let referee = match Referee::new(&case, &reference, Session::Trace, request.encoding) {
        Ok(referee) => referee,
        Err(report) => {
            news(Reply::Lab(News::Done(report, None)));
            return;
        }
    };
    news(Reply::LabStarted);
    let run = std::cell::RefCell::new(InPlace::new(
        referee,
        &case,
        Limits::default(),
        Box::new(|n| news(Reply::Lab(n))),
    ));
    let outcome = program(&run);
    run.into_inner().finish(outcome);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lab::{Verdict, task};
    use crate::core::mines::field::Preset;
    use crate::core::mines::game::Game;
    use crate::core::slide::session::JobKind;
    use crate::core::slide::solve::Algorithm;

    /// Every message crosses as text and comes back equal, as the page and the worker see it.
    fn crossed(request: &Request) -> Request {
        decode(&encode(request)).expect("a request reads back")
    }

    fn replies(
        worker: &mut Worker,
        request: Request,
        bytes: Vec<Vec<u8>>,
    ) -> Vec<(Reply, Vec<Vec<u8>>)> {
        let mut said = Vec::new();
        let progress = JobProgress::default();
        worker.handle(crossed(&request), bytes, &progress, &mut |reply, bytes| {
            let reply = decode(&encode(&reply)).expect("a reply reads back");
            said.push((reply, bytes));
        });
        said
    }

    fn job(algorithm: Algorithm, board: &str, goal: Board) -> JobRequest {
        JobRequest {
            id: 7,
            kind: JobKind::Solve,
            board: Board::parse(board).unwrap(),
            goal,
            algorithms: vec![algorithm],
            depth_limit: 25,
            seed: 1,
        }
    }

    #[test]
    fn a_slide_job_in_a_worker_finds_what_it_finds_at_home() {
        let goal = Board::goal(3);
        let request = job(Algorithm::AstarManhattan, "8 6 7 2 5 4 3 0 1", goal);
        let home = run_job(&request, None, None, None);
        let said = replies(&mut Worker::default(), Request::Slide(request), Vec::new());
        let [(Reply::SlideDone { id: 7, output }, bytes)] = &said[..] else {
            panic!("one answer: {said:?}");
        };
        assert!(bytes.is_empty());
        assert_eq!(output.rows.len(), 1);
        let (there, here) = (&output.rows[0].report, &home.rows[0].report);
        assert_eq!(there.outcome, here.outcome);
        assert_eq!(there.outcome.moves().map(<[_]>::len), Some(31));
        assert_eq!(
            (there.expanded, there.peak_frontier),
            (here.expanded, here.peak_frontier)
        );
    }

    #[test]
    fn databases_built_in_one_worker_solve_in_another() {
        // the page's way: a build worker's tables, sent on to the Slide worker
        let goal = Board::goal(3);
        let said = replies(
            &mut Worker::default(),
            Request::Build {
                goal,
                split: Split::FourFour,
            },
            Vec::new(),
        );
        let progress = said
            .iter()
            .filter(|(r, _)| matches!(r, Reply::BuildProgress { .. }))
            .count();
        assert!(
            progress > 10,
            "a build reports its progress ({progress} times)"
        );
        let Some((
            Reply::Built {
                goal: g,
                split: Split::FourFour,
                ..
            },
            tables,
        )) = said.last()
        else {
            panic!(
                "the build ends with its tables: {:?}",
                said.last().map(|s| &s.0)
            );
        };
        assert_eq!(*g, goal);
        assert_eq!(tables.len(), 2);
        let mut slide = Worker::default();
        let request = job(Algorithm::IdastarPdb, "8 6 7 2 5 4 3 0 1", goal);
        // without the databases the job is refused, not run blind
        let refused = replies(&mut slide, Request::Slide(request.clone()), Vec::new());
        assert!(
            matches!(&refused[..], [(Reply::Failed { .. }, _)]),
            "{refused:?}"
        );
        let kept = replies(
            &mut slide,
            Request::Databases {
                goal,
                split: Split::FourFour,
            },
            tables.clone(),
        );
        assert!(kept.is_empty(), "{kept:?}");
        // the databases of one goal are never used for another
        let other = Board::parse("0 1 2 3 4 5 6 7 8").unwrap();
        let elsewhere = job(Algorithm::IdastarPdb, "1 0 2 3 4 5 6 7 8", other);
        let refused = replies(&mut slide, Request::Slide(elsewhere), Vec::new());
        assert!(
            matches!(&refused[..], [(Reply::Failed { .. }, _)]),
            "{refused:?}"
        );
        let said = replies(&mut slide, Request::Slide(request), Vec::new());
        let [(Reply::SlideDone { output, .. }, _)] = &said[..] else {
            panic!("{said:?}");
        };
        assert_eq!(
            output.rows[0].report.outcome.moves().map(<[_]>::len),
            Some(31)
        );
    }

    #[test]
    fn damaged_or_foreign_tables_are_refused() {
        let goal = Board::goal(3);
        let db = PatternDb::build(&goal, Split::FourFour, None, &mut |_| {}).unwrap();
        let mut bytes = table_bytes(&db);
        assert!(databases_from(&goal, Split::FourFour, bytes.clone()).is_ok());
        bytes.swap(0, 1);
        assert!(
            databases_from(&goal, Split::FourFour, bytes.clone()).is_err(),
            "tables swapped"
        );
        bytes.swap(0, 1);
        let middle = bytes[0].len() / 2;
        bytes[0][middle] ^= 1;
        assert!(
            databases_from(&goal, Split::FourFour, bytes.clone()).is_err(),
            "a flipped bit"
        );
        bytes.pop();
        assert!(
            databases_from(&goal, Split::FourFour, bytes).is_err(),
            "a table missing"
        );
        let mut worker = Worker::default();
        let said = replies(
            &mut worker,
            Request::Databases {
                goal,
                split: Split::FourFour,
            },
            Vec::new(),
        );
        assert!(matches!(&said[..], [(Reply::Failed { .. }, _)]), "{said:?}");
    }

    #[test]
    fn the_robot_thinks_the_same_in_a_worker() {
        let mut game = Game::new(Preset::Intermediate.config(), 3).unwrap();
        game.open(0);
        let view = game.view();
        let home = analyse_for_play(&view);
        let said = replies(
            &mut Worker::default(),
            Request::Analyse { revision: 4, view },
            Vec::new(),
        );
        let [
            (
                Reply::Analysed {
                    revision: 4,
                    analysis,
                },
                _,
            ),
        ] = &said[..]
        else {
            panic!("{said:?}");
        };
        assert_eq!(*analysis, home);
    }

    #[test]
    fn a_message_that_is_not_one_is_said_not_panicked() {
        for text in [
            "",
            "{}",
            "{\"Slide\": 3}",
            "[1, 2]",
            "{\"Build\": {\"goal\": [1, 1, 2, 3, 4, 5, 6, 7, 8], \"split\": \"FourFour\"}}",
        ] {
            assert!(decode::<Request>(text).is_err(), "{text}");
        }
    }

    /// A Lab run in place: `program` gets the run and prints through it; the replies, each
    /// crossed as text as the page sees them.
    fn lab(
        task: &str,
        language: Language,
        code: &str,
        program: &mut dyn FnMut(&std::cell::RefCell<InPlace<'_>>) -> Result<(), String>,
    ) -> Vec<Reply> {
        let request = LabRequest {
            task: LabTask::Builtin(task.to_string()),
            case: 1,
            language,
            code: code.to_string(),
            encoding: Encoding::Plain,
        };
        assert_eq!(
            crossed(&Request::Lab(request.clone())),
            Request::Lab(request.clone())
        );
        let mut replies = Vec::new();
        run_lab(&request, &mut |r| replies.push(r), program);
        replies
            .into_iter()
            .map(|r| decode::<Reply>(&encode(&r)).expect("a reply reads back"))
            .collect()
    }

    /// The report and films a run ends with, and every expansion told before.
    fn done(replies: &[Reply]) -> (CaseReport, Option<Films>, Vec<crate::core::lab::State>) {
        let told = replies
            .iter()
            .filter_map(|r| match r {
                Reply::Lab(News::Expanded(states)) => Some(states.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        match replies.last() {
            Some(Reply::Lab(News::Done(report, films))) => {
                ((**report).clone(), films.as_deref().cloned(), told)
            }
            other => panic!("the run ended with {other:?}"),
        }
    }

    /// The lines a correct breadth-first program prints on `case`, in plain tokens.
    fn by_the_book(case: &Case) -> Vec<String> {
        use crate::core::lab::check::{Answer, TiePolicy, reference_run};
        let run = reference_run(&case.space, case.search, TiePolicy::Fifo);
        let mut lines: Vec<String> = run
            .expansions
            .iter()
            .map(|s| format!("expand {}", case.space.token(*s)))
            .collect();
        lines.push(match &run.answer {
            Answer::Path(path) => {
                let path: Vec<String> = path.iter().map(|s| case.space.token(*s)).collect();
                format!("path {}", path.join(" "))
            }
            Answer::Moves(moves) => format!("moves {}", moves.join(" ")),
            Answer::Fail => "fail".to_string(),
        });
        lines
    }

    #[test]
    fn a_program_called_in_place_is_judged_line_by_line() {
        let case = task("maze-bfs").unwrap().case(1).unwrap();
        let lines = by_the_book(&case);
        // printed in pieces that split lines, as a program's writes come
        let replies = lab("maze-bfs", Language::JavaScript, "", &mut |run| {
            let problem = run.borrow_mut().read().expect("the problem first");
            assert!(problem.starts_with("problem maze-bfs 1"), "{problem}");
            while run.borrow_mut().read().is_some_and(|l| l != "end") {}
            let text = lines.join("\n") + "\n";
            let pieces: Vec<&[u8]> = text.as_bytes().chunks(7).collect();
            for (i, piece) in pieces.iter().enumerate() {
                // the answer ends the run: the last write says stop
                let more = run.borrow_mut().write(std::str::from_utf8(piece).unwrap());
                assert_eq!(more, i + 1 < pieces.len());
            }
            Ok(())
        });
        assert_eq!(replies[0], Reply::LabStarted);
        let (report, films, told) = done(&replies);
        assert_eq!(report.verdict, Verdict::Ac, "{report:?}");
        assert_eq!(report.expansions, lines.len() - 1);
        let films = films.expect("a search has films");
        assert_eq!(films.yours.frames.len(), lines.len() - 1);
        assert_eq!(films.reference.frames.len(), lines.len() - 1);
        assert_eq!(
            told.len(),
            lines.len() - 1,
            "every expansion told as it came"
        );
    }

    #[test]
    fn a_wrong_program_is_stopped_at_its_violation_and_told_so() {
        let case = task("maze-bfs").unwrap().case(1).unwrap();
        let mut lines = by_the_book(&case);
        // the fourth and the last expansion of the run swapped: wrong at step 4
        let last = lines.len() - 2;
        lines.swap(3, last);
        let mut stopped_at = None;
        let mut said = Vec::new();
        let replies = lab("maze-bfs", Language::JavaScript, "", &mut |run| {
            for (i, line) in lines.iter().enumerate() {
                if !run.borrow_mut().write(&format!("{line}\n")) {
                    stopped_at = Some(i);
                    break;
                }
            }
            // after the end, the program reads the verdict, then the end of its input
            while let Some(line) = run.borrow_mut().read() {
                said.push(line);
            }
            // what the runner does to a program told to stop (ignored: the run has ended)
            Err("stopped".to_string())
        });
        assert_eq!(stopped_at, Some(3), "write says stop at the wrong line");
        let (report, films, _) = done(&replies);
        assert_ne!(report.verdict, Verdict::Ac);
        assert_eq!(said, [format!("end {}", report.verdict.code())]);
        let violation = report.violation.expect("a violation");
        assert_eq!(violation.step, 4);
        assert_eq!(films.expect("films").yours.frames.len(), 3);
    }

    #[test]
    fn a_program_that_fails_or_says_nothing_gets_its_verdict() {
        let replies = lab("maze-bfs", Language::Python, "", &mut |_| {
            Err("ZeroDivisionError: division by zero".to_string())
        });
        let (report, _, _) = done(&replies);
        assert_eq!(report.verdict, Verdict::Re);
        assert!(
            report
                .violation
                .unwrap()
                .say
                .english()
                .contains("ZeroDivisionError"),
        );
        let replies = lab("maze-bfs", Language::Python, "", &mut |run| {
            run.borrow_mut().warn("thinking...\n");
            Ok(())
        });
        let (report, _, _) = done(&replies);
        assert_eq!(report.verdict, Verdict::Pe);
        assert_eq!(report.stderr, "thinking...\n");
        // garbage is a presentation error on its line
        let replies = lab("maze-bfs", Language::JavaScript, "", &mut |run| {
            assert!(!run.borrow_mut().write("hello world\n"));
            Ok(())
        });
        let (report, _, _) = done(&replies);
        assert_eq!(report.verdict, Verdict::Pe);
        assert!(
            report
                .violation
                .unwrap()
                .say
                .english()
                .starts_with("line 1")
        );
    }

    #[test]
    fn a_recorded_trace_is_checked_without_a_program() {
        let case = task("maze-bfs").unwrap().case(1).unwrap();
        let trace = by_the_book(&case).join("\n");
        let replies = lab("maze-bfs", Language::Trace, &trace, &mut |_| {
            panic!("a trace runs no program")
        });
        let (report, films, _) = done(&replies);
        assert_eq!(report.verdict, Verdict::Ac);
        assert_eq!(films.unwrap().yours.frames.len(), report.expansions);
        let replies = lab("maze-bfs", Language::Trace, "expand 0,0\n", &mut |_| Ok(()));
        assert_ne!(done(&replies).0.verdict, Verdict::Ac);
    }

    #[test]
    fn a_lab_request_for_no_task_fails_in_words() {
        let request = LabRequest {
            task: LabTask::File("this is not a lab file".to_string()),
            case: 1,
            language: Language::JavaScript,
            code: String::new(),
            encoding: Encoding::Json,
        };
        let mut replies = Vec::new();
        run_lab(&request, &mut |r| replies.push(r), &mut |_| {
            panic!("no program runs")
        });
        assert!(
            matches!(&replies[..], [Reply::Failed { .. }]),
            "{replies:?}"
        );
    }
}
