//! Where the Lab's program runs. On the desktop, a process on a thread of its own
//! (`host::lab::Job`). In the browser, the Lab's Web Worker (`lab-worker.js`): a JavaScript
//! program, or a Python one through Pyodide, runs there in place and is judged there by the same
//! referee; its news come back as messages. A worker cannot be interrupted while the program
//! runs, so the page keeps the clock: a program past its time (plus a moment for its last
//! words) is stopped by ending the worker, and its report is written here.

#[cfg(not(target_arch = "wasm32"))]
pub use crate::host::lab::Job;

#[cfg(target_arch = "wasm32")]
pub use browser::Job;

#[cfg(target_arch = "wasm32")]
mod browser {
    use crate::core::lab::check::{Reference, Verdict, Violation};
    use crate::core::lab::referee::{Films, News};
    use crate::core::lab::report::CaseReport;
    use crate::core::lab::space::State;
    use crate::core::lab::task::{Case, Limits};
    use crate::core::text::Phrase;
    use crate::core::worker::{LabRequest, Reply, Request};
    use crate::game::worker::{Role, receive, send, stop};
    use crate::phrase;

    /// Seconds a program may run past its limit before the page stops it (the worker's own
    /// clock, looked at on each line, usually ends it first).
    const GRACE: f64 = 2.0;

    /// A program running in the Lab's worker.
    pub struct Job {
        case: Case,
        /// When the program started (the page's clock, in seconds), once the worker says so.
        started: Option<f64>,
        loading: bool,
        /// The expansions heard so far (the film of a program stopped here).
        expanded: Vec<State>,
        over: bool,
    }

    fn now() -> f64 {
        js_sys::Date::now() / 1000.0
    }

    impl Job {
        /// Sends `request` (for `case`) to the Lab's worker, started if need be.
        pub fn start(case: Case, request: LabRequest) -> Job {
            send(Role::Lab, &Request::Lab(request), &[]);
            Job {
                case,
                started: None,
                loading: false,
                expanded: Vec::new(),
                over: false,
            }
        }

        /// Whether the worker is loading Python before the program starts.
        pub fn loading(&self) -> bool {
            self.loading && self.started.is_none()
        }

        /// The news since the last call (`most` is the desktop's flood gate; a worker's news
        /// come in batches already).
        pub fn news(&mut self, _most: usize) -> Vec<News> {
            let mut news = Vec::new();
            for (reply, _) in receive(Role::Lab) {
                if self.over {
                    break;
                }
                match reply {
                    Reply::LabLoading => self.loading = true,
                    Reply::LabStarted => self.started = Some(now()),
                    Reply::Lab(item) => {
                        match &item {
                            News::Expanded(states) => self.expanded.extend(states),
                            News::Done(..) => self.over = true,
                            News::Played(_) => {}
                        }
                        news.push(item);
                    }
                    Reply::Failed { error } => {
                        stop(Role::Lab);
                        news.push(self.end(
                            Verdict::Re,
                            phrase!("the program stopped with an error: {why}", why = error),
                        ));
                    }
                    _ => {}
                }
            }
            let limit = Limits::default().seconds;
            if !self.over
                && let Some(started) = self.started
                && now() - started > limit + GRACE
            {
                stop(Role::Lab);
                news.push(self.end(
                    Verdict::Tle,
                    phrase!("the program ran past {s} seconds", s = limit.to_string()),
                ));
            }
            news
        }

        /// The end of a run the page stopped: its report, and the film of what it did.
        fn end(&mut self, verdict: Verdict, say: Phrase) -> News {
            self.over = true;
            let case = &self.case;
            let violation = Violation {
                verdict,
                step: self.expanded.len() + 1,
                say,
                expected: None,
            };
            let reference = case
                .search
                .expands()
                .then(|| Reference::new(&case.space, case.search));
            let report = CaseReport {
                seconds: self.started.map_or(0.0, |s| now() - s),
                ..CaseReport::judged(
                    case,
                    reference.as_ref(),
                    self.expanded.len(),
                    Err(violation.clone()),
                )
            };
            let films = case
                .search
                .expands()
                .then(|| Box::new(Films::record(case, &self.expanded, Some(violation))));
            News::Done(Box::new(report), films)
        }

        /// Stops the program: the worker is ended (a new one starts with the next run).
        pub fn stop(&self) {
            if !self.over {
                stop(Role::Lab);
            }
        }
    }

    impl Drop for Job {
        fn drop(&mut self) {
            self.stop();
        }
    }
}
