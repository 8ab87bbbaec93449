//! The browser Lab's worker: `web/lab-worker.js` loads this same wasm (the pure core) in a
//! worker named `lab`, listens for the page's Lab requests, loads Python (Pyodide) when one
//! needs it, and calls [`lab_run`]. The program runs in place, on the worker's thread: the core's
//! [`InPlace`](crate::core::lab::referee::InPlace) judges each line it prints and gives it each
//! line it reads, through closures that live as long as the call to `labProgram` (the script's
//! runner); the news go to the page as they come. A program that never returns is stopped by
//! the page, which ends the worker.

use wasm_bindgen::prelude::*;

use super::post;
use crate::core::lab::starter::{StarterLang, helper};
use crate::core::worker::{Language, Reply, Request, decode, run_lab};

/// The name the page gives the Lab's worker (how the wasm's start tells it from the search
/// worker).
pub const WORKER_NAME: &str = "lab";

#[wasm_bindgen]
extern "C" {
    /// `lab-worker.js`'s runner: runs `code` ("JavaScript" or "Python") with the task's helper
    /// beside it, reading with `read` (a line, or nothing at the end of the input), printing
    /// with `write` (which says `false` once the run is over: the program is then unwound)
    /// and `warn` (stderr); gives back nothing, or the text of the error that stopped it.
    #[wasm_bindgen(js_name = labProgram)]
    fn lab_program(
        language: &str,
        code: &str,
        helper: &str,
        read: &dyn Fn() -> Option<String>,
        write: &dyn Fn(String) -> bool,
        warn: &dyn Fn(String),
    ) -> Option<String>;
}

/// Runs the Lab request `text` (a [`Request::Lab`] as JSON) to its end, posting the news.
#[wasm_bindgen(js_name = labRun)]
pub fn lab_run(text: &str) {
    let request = match decode::<Request>(text) {
        Ok(Request::Lab(request)) => request,
        Ok(_) => {
            let error = "the Lab's worker runs Lab requests only".to_string(); // in English: a fault of the page
            post(&Reply::Failed { error }, &[]);
            return;
        }
        Err(error) => {
            post(&Reply::Failed { error }, &[]);
            return;
        }
    };
    let (language, lang) = match request.language {
        Language::Python => ("Python", StarterLang::Python),
        Language::JavaScript | Language::Trace => ("JavaScript", StarterLang::Js),
    };
    // the helper the starters import, the same file `lab starter` writes
    let (_, helper) = helper(lang);
    run_lab(&request, &mut |reply| post(&reply, &[]), &mut |run| {
        let read = || run.borrow_mut().read();
        let write = |text: String| run.borrow_mut().write(&text);
        let warn = |text: String| run.borrow_mut().warn(&text);
        match lab_program(language, &request.code, helper, &read, &write, &warn) {
            None => Ok(()),
            Some(error) => Err(error),
        }
    });
}
