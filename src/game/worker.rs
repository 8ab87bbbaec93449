//! The page's side of its workers (see [`crate::core::worker`]): one worker per kind of work,
//! started on first use (`worker.js` beside the page), with the requests sent before it
//! listens kept until it says it is ready. A worker that fails (cannot load, panics) says so
//! once and is started afresh on the next request; one whose work is no longer wanted is
//! ended (a worker cannot read a message while it searches).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{ErrorEvent, Event, MessageEvent, WorkerOptions, WorkerType};

use crate::core::worker::{Reply, Request, decode, encode};
use crate::web::{pack, unpack};

/// The kinds of work, each with a worker of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Slide's searches (and the databases they use).
    Slide,
    /// Pattern databases being built.
    Build,
    /// The Mines robot's analyses.
    Mines,
    /// The Lab's student programs (`lab-worker.js`, on the same wasm).
    Lab,
}

impl Role {
    fn index(self) -> usize {
        self as usize
    }

    /// The worker's script, and its name (how the wasm's start knows which it is).
    fn script(self) -> (&'static str, &'static str) {
        match self {
            Role::Lab => ("lab-worker.js", crate::web::lab::WORKER_NAME), // not shown
            _ => ("worker.js", "search"),                                 // not shown
        }
    }
}

/// What a worker said, and whether it still works.
#[derive(Default)]
struct Inbox {
    said: Vec<(Reply, Vec<Vec<u8>>)>,
    failed: bool,
}

struct Port {
    worker: web_sys::Worker,
    ready: bool,
    waiting: Vec<(String, Vec<Vec<u8>>)>,
    inbox: Rc<RefCell<Inbox>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

impl Port {
    fn start(role: Role) -> Result<Port, String> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let (script, name) = role.script();
        options.set_name(name);
        let worker = web_sys::Worker::new_with_options(script, &options)
            .map_err(|e| format!("the browser did not start a worker: {e:?}"))?; // in English: a fault of the browser
        let inbox = Rc::new(RefCell::new(Inbox::default()));
        let to = inbox.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let reply = unpack(&event.data())
                .ok_or_else(|| "a message that is not text and bytes".to_string()) // in English: a fault of the browser
                .and_then(|(text, bytes)| decode::<Reply>(&text).map(|r| (r, bytes)));
            let mut inbox = to.borrow_mut();
            match reply {
                Ok((reply, bytes)) => {
                    if let Reply::Failed { .. } = reply {
                        inbox.failed = true;
                    }
                    inbox.said.push((reply, bytes));
                }
                Err(error) => inbox.said.push((Reply::Failed { error }, Vec::new())),
            }
        });
        let to = inbox.clone();
        // an error in the worker's code comes as an ErrorEvent; a script that could not be
        // loaded as a bare Event
        let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            event.prevent_default();
            let why = event.dyn_ref::<ErrorEvent>().map_or_else(
                || "its script could not be loaded".to_string(), // in English: a fault of the browser
                ErrorEvent::message,
            );
            let mut inbox = to.borrow_mut();
            inbox.failed = true;
            let error = format!("the browser's worker failed: {why}"); // in English: a fault of the browser
            inbox.said.push((Reply::Failed { error }, Vec::new()));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Port {
            worker,
            ready: false,
            waiting: Vec::new(),
            inbox,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    fn post(&self, text: &str, bytes: &[Vec<u8>]) {
        let (message, transfer) = pack(text, bytes);
        if let Err(e) = self.worker.post_message_with_transfer(&message, &transfer) {
            self.inbox.borrow_mut().said.push((
                Reply::Failed {
                    error: format!("a message to the worker was refused: {e:?}"), // in English: a fault of the browser
                },
                Vec::new(),
            ));
        }
    }
}

impl Drop for Port {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

thread_local! {
    static PORTS: RefCell<[Option<Port>; 4]> = const { RefCell::new([None, None, None, None]) };
    /// Failures of a worker that could not even start, said on the next receive.
    static UNSTARTED: RefCell<Vec<(Role, String)>> = const { RefCell::new(Vec::new()) };
}

/// Sends `request` (with `bytes`) to the worker of `role`, starting it if need be.
pub fn send(role: Role, request: &Request, bytes: &[Vec<u8>]) {
    let text = encode(request);
    PORTS.with_borrow_mut(|ports| {
        let slot = &mut ports[role.index()];
        if slot.as_ref().is_some_and(|p| p.inbox.borrow().failed) {
            *slot = None;
        }
        if slot.is_none() {
            match Port::start(role) {
                Ok(port) => *slot = Some(port),
                Err(error) => {
                    UNSTARTED.with_borrow_mut(|u| u.push((role, error)));
                    return;
                }
            }
        }
        let port = slot.as_mut().expect("started above");
        if port.ready {
            port.post(&text, bytes);
        } else {
            port.waiting.push((text, bytes.to_vec()));
        }
    });
}

/// What the worker of `role` said since the last call (its "ready" is taken here, and the
/// requests kept for it sent).
pub fn receive(role: Role) -> Vec<(Reply, Vec<Vec<u8>>)> {
    let mut said: Vec<_> = UNSTARTED.with_borrow_mut(|u| {
        let (mine, others) = u.drain(..).partition(|(r, _)| *r == role);
        *u = others;
        mine.into_iter()
            .map(|(_, error)| (Reply::Failed { error }, Vec::new()))
            .collect()
    });
    PORTS.with_borrow_mut(|ports| {
        let Some(port) = ports[role.index()].as_mut() else {
            return;
        };
        let replies = std::mem::take(&mut port.inbox.borrow_mut().said);
        for (reply, bytes) in replies {
            if reply == Reply::Ready {
                port.ready = true;
                for (text, bytes) in std::mem::take(&mut port.waiting) {
                    port.post(&text, &bytes);
                }
            } else {
                said.push((reply, bytes));
            }
        }
    });
    said
}

/// Ends the worker of `role` and whatever it was doing; the next request starts a new one.
pub fn stop(role: Role) {
    PORTS.with_borrow_mut(|ports| ports[role.index()] = None);
}
