//! The Lab's referee: what a session does with a program's lines — judge a search's
//! expansions, collect a heuristic's values, play a game's turns — wherever the program runs:
//! a process on the desktop (`crate::host::lab`) or a Web Worker in the browser
//! (`crate::web::lab`). The runner feeds it each line the program prints and sends the program
//! what it answers; watching the clock, the memory and the program's end is the runner's.

use serde::{Deserialize, Serialize};

use super::check::{Answer, Judge, PathCost, Reference, Verdict, Violation, judge_run};
use super::film::Film;
use super::heuristic;
use super::message::{self, Encoding, Said, Session};
use super::mines::{Action, AgentJudge};
use super::report::CaseReport;
use super::space::{Space, State};
use super::task::{Case, Limits, Search};
use crate::core::text::Phrase;
use crate::phrase;

/// What a runner tells its caller as the run goes (the game draws the expansions).
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// An expansion the judge accepted.
    Expanded(State),
    /// The first violation.
    Violated(Violation),
    /// An agent's move the game accepted.
    Played(Action),
}

/// What a run in the background tells the screen that started it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum News {
    /// Expansions the judge accepted (a search), in order.
    Expanded(Vec<State>),
    /// Moves an agent made (a Minesweeper game), in order.
    Played(Vec<Action>),
    /// The run is over: its report, and (for a search) the film of its accepted expansions
    /// and the film of the reference (the algorithm itself, ties to the first generated) on
    /// the same case, to race it against.
    Done(Box<CaseReport>, Option<Box<Films>>),
}

/// A search's run and the reference's, as films.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Films {
    pub yours: Film,
    pub reference: Film,
}

impl Films {
    /// The films of a search on `case`: the program's `expanded` states (stopped at
    /// `violation`, if one) and the algorithm's own run, ties to the first generated.
    pub fn record(case: &Case, expanded: &[State], violation: Option<Violation>) -> Films {
        use super::check::{TiePolicy, reference_run};
        let by_the_book = reference_run(&case.space, case.search, TiePolicy::Fifo);
        Films {
            yours: Film::record(&case.space, case.search, expanded, violation),
            reference: Film::record(&case.space, case.search, &by_the_book.expansions, None),
        }
    }
}

/// The end of a run, before the report is written.
pub struct Ending {
    pub verdict: Verdict,
    pub violation: Option<Violation>,
    pub path: Option<PathCost>,
}

impl Ending {
    /// The end of a run judged: the path (`None` for a right fail or a game) or the first
    /// violation.
    pub fn judged(result: Result<Option<PathCost>, Violation>) -> Ending {
        match result {
            Ok(path) => Ending {
                verdict: Verdict::Ac,
                violation: None,
                path,
            },
            Err(v) => Ending {
                verdict: v.verdict,
                violation: Some(v),
                path: None,
            },
        }
    }
}

/// An ending by `verdict` at `step`, saying why.
pub fn ending(verdict: Verdict, say: Phrase, step: usize) -> Ending {
    Ending {
        verdict,
        violation: Some(Violation {
            verdict,
            step,
            say,
            expected: None,
        }),
        path: None,
    }
}

/// A session's judge: the case, the driver of its kind and the lines read so far.
pub struct Referee<'a> {
    case: &'a Case,
    reference: &'a Reference,
    driver: Box<dyn Driver + 'a>,
    session: Session,
    encoding: Encoding,
    lines: usize,
}

impl<'a> Referee<'a> {
    /// The referee of `case` (its own session kind, else `session`). A case that cannot be
    /// played at all gives its report instead.
    pub fn new(
        case: &'a Case,
        reference: &'a Reference,
        session: Session,
        encoding: Encoding,
    ) -> Result<Referee<'a>, Box<CaseReport>> {
        let session = case.search.session().unwrap_or(session);
        let driver: Box<dyn Driver + 'a> = match case.search {
            Search::Heuristic => Box::new(EvaluateDriver::new(case, encoding)),
            Search::Agent => match TurnsDriver::new(case, encoding) {
                Ok(driver) => Box::new(driver),
                Err(why) => {
                    return Err(Box::new(CaseReport::judged(
                        case,
                        None,
                        0,
                        Err(Violation {
                            verdict: Verdict::Re,
                            step: 0,
                            say: why,
                            expected: None,
                        }),
                    )));
                }
            },
            _ => Box::new(SearchDriver {
                case,
                reference,
                judge: Judge::new(&case.space, case.search),
                session,
                encoding,
            }),
        };
        Ok(Referee {
            case,
            reference,
            driver,
            session,
            encoding,
            lines: 0,
        })
    }

    /// The session in force (the case's own kind, else the one asked for).
    pub fn session(&self) -> Session {
        self.session
    }

    /// What the program reads first: the problem, then what the session opens with.
    pub fn opening(&mut self, limits: &Limits) -> Vec<String> {
        let mut first = vec![message::problem(
            self.case,
            self.session,
            limits,
            self.encoding,
        )];
        first.extend(self.driver.opening());
        first
    }

    /// Handles the program's next line (its answers go to `send`); `Some` ends the run.
    pub fn line(
        &mut self,
        bytes: &[u8],
        send: &mut dyn FnMut(String),
        events: &mut dyn FnMut(Event),
    ) -> Option<Ending> {
        self.lines += 1;
        let Ok(text) = std::str::from_utf8(bytes) else {
            return Some(ending(
                Verdict::Pe,
                phrase!("line {n} is not UTF-8 text", n = self.lines),
                self.driver.step(),
            ));
        };
        self.driver.line(text, self.lines, send, events)
    }

    /// The lines read so far.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The step an ending is reported at (the next expansion, turn or batch).
    pub fn step(&self) -> usize {
        self.driver.step()
    }

    /// What is said of a program that ended before the session did.
    pub fn unanswered(&self) -> Phrase {
        self.driver.unanswered()
    }

    /// The last message the program is sent, with the verdict.
    pub fn end_message(&self, verdict: Verdict) -> String {
        self.driver.end_message(verdict.code(), self.encoding)
    }

    /// The report of the run that ended so; its times, memory and stderr are the runner's.
    pub fn report(&mut self, end: Ending) -> CaseReport {
        let result = match end.violation {
            Some(v) => Err(v),
            None => Ok(end.path),
        };
        let (notes, details) = self.driver.extras();
        let judged = if self.case.search.expands() {
            CaseReport::judged(
                self.case,
                Some(self.reference),
                self.driver.step() - 1,
                result,
            )
        } else {
            CaseReport::judged(self.case, None, 0, result)
        };
        CaseReport {
            notes,
            details,
            ..judged
        }
    }
}

/// What a session does with the program's lines: judge a search's expansions, collect a
/// heuristic's values, play a game's turns.
trait Driver {
    /// The messages that follow the problem.
    fn opening(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// Handles one line of the program (its replies go to `send`); `Some` ends the run.
    fn line(
        &mut self,
        text: &str,
        line_no: usize,
        send: &mut dyn FnMut(String),
        events: &mut dyn FnMut(Event),
    ) -> Option<Ending>;
    /// The step an ending is reported at (the next expansion, turn or batch).
    fn step(&self) -> usize;
    /// The report's notes and figures, once the run is over.
    fn extras(&mut self) -> (Vec<Phrase>, Option<serde_json::Value>) {
        (Vec::new(), None)
    }
    /// The last message, with the verdict.
    fn end_message(&self, verdict: &str, encoding: Encoding) -> String {
        message::end(verdict, encoding)
    }
    /// What is said of a program that ended before the session did.
    fn unanswered(&self) -> Phrase {
        phrase!("the program ended without an answer: its last line must be a solution or fail")
    }
}

/// A search session (trace or oracle): every expansion judged.
struct SearchDriver<'a> {
    case: &'a Case,
    reference: &'a Reference,
    judge: Judge<'a>,
    session: Session,
    encoding: Encoding,
}

impl Driver for SearchDriver<'_> {
    fn step(&self) -> usize {
        self.judge.expansions() + 1
    }

    fn line(
        &mut self,
        text: &str,
        line_no: usize,
        send: &mut dyn FnMut(String),
        events: &mut dyn FnMut(Event),
    ) -> Option<Ending> {
        let step = self.step();
        let space = &self.case.space;
        match message::read(space, text, self.encoding) {
            Err(why) => Some(ending(
                Verdict::Pe,
                phrase!("line {n}: {why}", n = line_no, why = why),
                step,
            )),
            Ok(Said::Nothing) => None,
            Ok(Said::Push(s)) => {
                let from = self.judge.last_successors();
                if self.judge.expansions() > 0 && !from.iter().any(|x| x.state == s) {
                    return Some(ending(
                        Verdict::Wa,
                        phrase!(
                            "you pushed {s}, which is not a successor of the state you expanded last",
                            s = space.show(s)
                        ),
                        step,
                    ));
                }
                None
            }
            Ok(Said::Expand(s, reported)) => {
                if let Err(v) = self.judge.expand(s, reported) {
                    return Some(Ending::judged(Err(v)));
                }
                events(Event::Expanded(s));
                if self.session == Session::Oracle {
                    let succ = self.judge.last_successors();
                    send(message::successors(space, s, &succ, self.encoding));
                }
                None
            }
            Ok(Said::Answer(answer)) => {
                Some(Ending::judged(self.judge.finish(&answer, self.reference)))
            }
        }
    }
}

/// An evaluate session: every board that reaches the goal sent in batches, the values
/// collected, then judged.
struct EvaluateDriver {
    boards: heuristic::Boards,
    encoding: Encoding,
    values: Vec<f64>,
    judgement: Option<heuristic::Judgement>,
    seed: u64,
}

impl EvaluateDriver {
    fn new(case: &Case, encoding: Encoding) -> EvaluateDriver {
        let goal = match &case.space {
            Space::Slide(p) => p.goal.board,
            _ => crate::core::slide::Board::goal(3),
        };
        EvaluateDriver {
            boards: heuristic::Boards::of(&goal),
            encoding,
            values: Vec::new(),
            judgement: None,
            seed: case.seed.unwrap_or(1),
        }
    }

    fn batch(&self) -> String {
        let from = self.values.len();
        let to = (from + heuristic::BATCH).min(self.boards.len());
        message::eval(&self.boards.keys[from..to], 3, self.encoding)
    }
}

impl Driver for EvaluateDriver {
    fn opening(&mut self) -> Vec<String> {
        vec![self.batch()]
    }

    fn step(&self) -> usize {
        self.values.len() / heuristic::BATCH + 1
    }

    fn line(
        &mut self,
        text: &str,
        line_no: usize,
        send: &mut dyn FnMut(String),
        _events: &mut dyn FnMut(Event),
    ) -> Option<Ending> {
        let step = self.step();
        let asked = (self.boards.len() - self.values.len()).min(heuristic::BATCH);
        let values = match message::read_values(text, self.encoding) {
            Ok(None) => return None,
            Ok(Some(values)) => values,
            Err(why) => {
                return Some(ending(
                    Verdict::Pe,
                    phrase!("line {n}: {why}", n = line_no, why = why),
                    step,
                ));
            }
        };
        if values.len() != asked {
            return Some(ending(
                Verdict::Pe,
                phrase!(
                    "line {n}: {got} values for {asked} boards",
                    n = line_no,
                    got = values.len(),
                    asked = asked
                ),
                step,
            ));
        }
        self.values.extend(values);
        if self.values.len() < self.boards.len() {
            send(self.batch());
            return None;
        }
        let sample = self.boards.sample(heuristic::SAMPLE, self.seed);
        let judgement = heuristic::judge(&self.boards, &self.values, &sample);
        let end = Ending::judged(judgement.violation.clone().map_or(Ok(None), Err));
        self.judgement = Some(judgement);
        Some(end)
    }

    fn extras(&mut self) -> (Vec<Phrase>, Option<serde_json::Value>) {
        self.judgement
            .take()
            .map_or((Vec::new(), None), |j| (j.notes, Some(j.details)))
    }

    fn unanswered(&self) -> Phrase {
        phrase!(
            "the program ended after {n} of {total} boards: it must answer every eval",
            n = self.values.len(),
            total = self.boards.len()
        )
    }
}

/// A turns session: the agent sees the field, answers a move, sees the field again, until
/// the game is won or lost.
struct TurnsDriver<'a> {
    case: &'a Case,
    judge: AgentJudge,
    encoding: Encoding,
}

impl<'a> TurnsDriver<'a> {
    fn new(case: &'a Case, encoding: Encoding) -> Result<TurnsDriver<'a>, Phrase> {
        let Space::Mines(field) = &case.space else {
            return Err(phrase!("this case has no field to play"));
        };
        Ok(TurnsDriver {
            case,
            judge: AgentJudge::new(field.config, field.seed)?,
            encoding,
        })
    }

    fn turn(&self) -> String {
        message::turn(&self.judge.view(), self.judge.mines_left(), self.encoding)
    }
}

impl Driver for TurnsDriver<'_> {
    fn opening(&mut self) -> Vec<String> {
        vec![self.turn()]
    }

    fn step(&self) -> usize {
        self.judge.moves() + 1
    }

    fn line(
        &mut self,
        text: &str,
        line_no: usize,
        send: &mut dyn FnMut(String),
        events: &mut dyn FnMut(Event),
    ) -> Option<Ending> {
        let step = self.step();
        let action = match message::read_action(&self.case.space, text, self.encoding) {
            Ok(None) => return None,
            Ok(Some(action)) => action,
            Err((verdict, why)) => {
                let why = if verdict == Verdict::Pe {
                    phrase!("line {n}: {why}", n = line_no, why = why)
                } else {
                    why
                };
                return Some(ending(verdict, why, step));
            }
        };
        if let Err(v) = self.judge.act(action) {
            return Some(Ending::judged(Err(v)));
        }
        events(Event::Played(action));
        if !self.judge.over() {
            send(self.turn());
            return None;
        }
        Some(Ending::judged(
            self.judge.violation().cloned().map_or(Ok(None), Err),
        ))
    }

    fn extras(&mut self) -> (Vec<Phrase>, Option<serde_json::Value>) {
        let (notes, details) = self.judge.summary();
        (notes, Some(details))
    }

    fn end_message(&self, verdict: &str, encoding: Encoding) -> String {
        message::game_end(self.judge.won(), self.judge.mines_hit(), verdict, encoding)
    }

    fn unanswered(&self) -> Phrase {
        phrase!(
            "the program ended after {n} moves, before the game did: it must answer every turn",
            n = self.judge.moves()
        )
    }
}

/// A run whose program is called in place, on the caller's own thread (the browser's worker
/// runs a JavaScript or Python program so): the program reads with [`InPlace::read`] and prints
/// with [`InPlace::write`]. The clock is looked at on each, the output's size and line length
/// counted; once the run has ended every read is the end of input and `write` says stop (the
/// runner then unwinds the program). The accepted expansions and moves go to `news` in
/// batches, about every 50 ms.
pub struct InPlace<'a> {
    referee: Referee<'a>,
    case: &'a Case,
    limits: Limits,
    to_program: std::collections::VecDeque<String>,
    partial: Vec<u8>,
    printed: u64,
    began: crate::core::clock::Instant,
    told: f64,
    end: Option<Ending>,
    expanded: Vec<State>,
    fresh_states: Vec<State>,
    fresh_moves: Vec<Action>,
    stderr: String,
    news: Box<dyn FnMut(News) + 'a>,
}

/// How many characters of the program's stderr a report keeps (its end).
const STDERR_KEPT: usize = 2000;

/// Milliseconds between two batches of news.
const NEWS_EVERY: f64 = 0.05;

impl<'a> InPlace<'a> {
    /// A run of `case` judged by `referee`; the program's first lines are waiting.
    pub fn new(
        mut referee: Referee<'a>,
        case: &'a Case,
        limits: Limits,
        news: Box<dyn FnMut(News) + 'a>,
    ) -> InPlace<'a> {
        let to_program = referee.opening(&limits).into();
        InPlace {
            referee,
            case,
            limits,
            to_program,
            partial: Vec::new(),
            printed: 0,
            began: crate::core::clock::Instant::now(),
            told: 0.0,
            end: None,
            expanded: Vec::new(),
            fresh_states: Vec::new(),
            fresh_moves: Vec::new(),
            stderr: String::new(),
            news,
        }
    }

    /// The program's next line to read, or `None` for the end of its input.
    pub fn read(&mut self) -> Option<String> {
        self.look_at_the_clock();
        self.to_program.pop_front()
    }

    /// What the program printed; `false` once the run is over (the program is to stop).
    pub fn write(&mut self, text: &str) -> bool {
        if self.end.is_some() {
            return false;
        }
        self.printed += text.len() as u64;
        if self.printed > self.limits.output_bytes {
            let most = self.limits.output_bytes;
            self.end(ending(
                Verdict::Ole,
                phrase!("the program printed more than {most} bytes", most = most),
                self.referee.step(),
            ));
            return false;
        }
        for &byte in text.as_bytes() {
            if byte != b'\n' {
                self.partial.push(byte);
                continue;
            }
            let mut line = std::mem::take(&mut self.partial);
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            self.line(&line);
            if self.end.is_some() {
                return false;
            }
        }
        if self.partial.len() > message::MAX_LINE {
            self.end(ending(
                Verdict::Pe,
                phrase!(
                    "line {n} is longer than {most} bytes",
                    n = self.referee.lines() + 1,
                    most = message::MAX_LINE
                ),
                self.referee.step(),
            ));
        }
        self.look_at_the_clock();
        self.end.is_none()
    }

    /// What the program wrote on stderr (the report keeps its end).
    pub fn warn(&mut self, text: &str) {
        self.stderr.push_str(text);
        let chars = self.stderr.chars().count();
        if chars > 2 * STDERR_KEPT {
            self.stderr = self.stderr.chars().skip(chars - STDERR_KEPT).collect();
        }
    }

    /// Whether the run has ended (the program is only waited for).
    pub fn over(&self) -> bool {
        self.end.is_some()
    }

    fn line(&mut self, bytes: &[u8]) {
        let (queue, expanded) = (&mut self.to_program, &mut self.expanded);
        let (states, moves) = (&mut self.fresh_states, &mut self.fresh_moves);
        let end = self.referee.line(
            bytes,
            &mut |message| queue.push_back(message),
            &mut |event| match event {
                Event::Expanded(s) => {
                    expanded.push(s);
                    states.push(s);
                }
                Event::Played(action) => moves.push(action),
                Event::Violated(_) => {}
            },
        );
        if let Some(end) = end {
            self.end(end);
        }
    }

    fn end(&mut self, end: Ending) {
        self.to_program.clear();
        self.to_program
            .push_back(self.referee.end_message(end.verdict));
        self.end = Some(end);
        self.tell(true);
    }

    /// Ends the run past its time; sends the news when it is time to.
    fn look_at_the_clock(&mut self) {
        let seconds = self.began.elapsed().as_secs_f64();
        if self.end.is_none() && seconds > self.limits.seconds {
            let s = self.limits.seconds.to_string();
            self.end(ending(
                Verdict::Tle,
                phrase!("the program ran past {s} seconds", s = s),
                self.referee.step(),
            ));
        }
        self.tell(false);
    }

    /// Sends the expansions and moves not yet told (at once, or when 50 ms have passed).
    fn tell(&mut self, now: bool) {
        let seconds = self.began.elapsed().as_secs_f64();
        if !now && seconds - self.told < NEWS_EVERY {
            return;
        }
        self.told = seconds;
        if !self.fresh_states.is_empty() {
            (self.news)(News::Expanded(std::mem::take(&mut self.fresh_states)));
        }
        if !self.fresh_moves.is_empty() {
            (self.news)(News::Played(std::mem::take(&mut self.fresh_moves)));
        }
    }

    /// The end of the run once the program has returned: `Err` with what stopped it (an
    /// uncaught error, its first line) when it did not end by itself. The last news, then the
    /// report and the films go to `news`.
    pub fn finish(mut self, outcome: Result<(), String>) {
        if self.end.is_none() && !self.partial.is_empty() {
            // a last line without its newline still counts
            let line = std::mem::take(&mut self.partial);
            self.line(&line);
        }
        if self.end.is_none() {
            let step = self.referee.step();
            let end = match outcome {
                Ok(()) => ending(Verdict::Pe, self.referee.unanswered(), step),
                Err(why) => ending(
                    Verdict::Re,
                    phrase!("the program stopped with an error: {why}", why = why),
                    step,
                ),
            };
            self.end(end);
        }
        self.tell(true);
        let seconds = self.began.elapsed().as_secs_f64();
        let end = self.end.take().expect("ended above");
        let stderr: String = {
            let chars = self.stderr.chars().count();
            self.stderr
                .chars()
                .skip(chars.saturating_sub(STDERR_KEPT))
                .collect()
        };
        let report = CaseReport {
            seconds,
            cpu_seconds: seconds,
            stderr,
            ..self.referee.report(end)
        };
        let films = self.case.search.expands().then(|| {
            Box::new(Films::record(
                self.case,
                &self.expanded,
                report.violation.clone(),
            ))
        });
        (self.news)(News::Done(Box::new(report), films));
    }
}

/// The report of a recorded trace of `case` (a search's lines, as a program prints them in a
/// trace session): every expansion judged as if the program were running; a trace without an
/// answer is judged all the same, the missing answer its verdict. Times are the caller's.
pub fn check_trace(case: &Case, reference: &Reference, text: &str) -> CaseReport {
    let (expansions, answer, read_error) = match message::read_trace(&case.space, text) {
        Ok((e, a)) => (e, a, None),
        Err((line, why)) => (Vec::new(), None, Some((line, why))),
    };
    let (count, result) = match (&read_error, &answer) {
        (Some((line, why)), _) => (
            0,
            Err(Violation {
                verdict: Verdict::Pe,
                step: 0,
                say: phrase!("line {n}: {why}", n = *line, why = why.clone()),
                expected: None,
            }),
        ),
        (None, None) => {
            let (count, judged) = judge_run(
                &case.space,
                case.search,
                &expansions,
                &Answer::Fail,
                reference,
            );
            // judge the order all the same; the missing answer is the verdict
            match judged {
                Err(v) if v.step > 0 => (count, Err(v)),
                _ => (
                    count,
                    Err(Violation {
                        verdict: Verdict::Pe,
                        step: 0,
                        say: phrase!(
                            "the program ended without an answer: its last line must be a solution or fail"
                        ),
                        expected: None,
                    }),
                ),
            }
        }
        (None, Some(answer)) => judge_run(&case.space, case.search, &expansions, answer, reference),
    };
    CaseReport::judged(case, Some(reference), count, result)
}
