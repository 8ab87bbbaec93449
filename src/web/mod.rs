//! What a browser page and its worker share, and the worker's own start (see
//! [`crate::core::worker`] for the work and why it runs there). A message crosses as a JS array:
//! the JSON text first, then one `Uint8Array` per table; the tables' buffers are transferred,
//! not copied.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};

use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

pub mod lab;

use crate::core::slide::session::JobProgress;
use crate::core::worker::{Reply, Request, Worker, decode, encode};

/// A message for `postMessage`, and the buffers to transfer with it.
pub fn pack(text: &str, bytes: &[Vec<u8>]) -> (Array, Array) {
    let message = Array::new();
    let transfer = Array::new();
    message.push(&JsValue::from_str(text));
    for b in bytes {
        let array = Uint8Array::from(&b[..]);
        transfer.push(&array.buffer());
        message.push(&array);
    }
    (message, transfer)
}

/// A message's text and bytes, if it is one.
pub fn unpack(data: &JsValue) -> Option<(String, Vec<Vec<u8>>)> {
    let array = data.dyn_ref::<Array>()?;
    let text = array.get(0).as_string()?;
    let bytes = (1..array.length())
        .map(|i| array.get(i).dyn_into::<Uint8Array>().map(|a| a.to_vec()))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    Some((text, bytes))
}

/// The worker's global scope.
pub(crate) fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts a reply to the page.
pub(crate) fn post(reply: &Reply, bytes: &[Vec<u8>]) {
    let (message, transfer) = pack(&encode(reply), bytes);
    if let Err(e) = scope().post_message_with_transfer(&message, &transfer) {
        web_sys::console::error_1(&e);
    }
}

/// The running Slide job's id and counters; its search beats every few thousand nodes.
static JOB: AtomicU64 = AtomicU64::new(0);
static PROGRESS: JobProgress = JobProgress::with_beat(beat);

/// Milliseconds between two progress messages at most.
const BEAT_MS: f64 = 100.0;

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
    static LAST_BEAT: Cell<f64> = const { Cell::new(0.0) };
}

/// Posts the running job's counters, ten times a second.
fn beat() {
    let now = js_sys::Date::now();
    if now - LAST_BEAT.get() < BEAT_MS {
        return;
    }
    LAST_BEAT.set(now);
    let reply = Reply::SlideProgress {
        id: JOB.load(Ordering::Relaxed),
        current: PROGRESS.current.load(Ordering::Relaxed),
        expanded: PROGRESS.search.expanded.load(Ordering::Relaxed),
        level: PROGRESS.search.level.load(Ordering::Relaxed),
    };
    post(&reply, &[]);
}

/// The worker's start (`ai-arcade-worker`'s main, run by `web/worker.js`): it answers each
/// request in turn, and says it is ready once it listens.
pub fn worker_main() {
    std::panic::set_hook(Box::new(|info| {
        let error = format!("the worker stopped: {info}");
        post(&Reply::Failed { error }, &[]);
    }));
    if scope().name() == lab::WORKER_NAME {
        // the Lab's worker: `lab-worker.js` listens, and calls `labRun`
        return;
    }
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let request = unpack(&event.data())
            .ok_or_else(|| "a message that is not text and bytes".to_string())
            .and_then(|(text, bytes)| decode::<Request>(&text).map(|r| (r, bytes)));
        match request {
            Ok((request, bytes)) => {
                if let Request::Slide(job) = &request {
                    JOB.store(job.id, Ordering::Relaxed);
                }
                WORKER.with_borrow_mut(|worker| {
                    worker.handle(request, bytes, &PROGRESS, &mut |reply, bytes| {
                        post(&reply, &bytes);
                    });
                });
            }
            Err(error) => post(&Reply::Failed { error }, &[]),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&Reply::Ready, &[]);
}
