//! `ai-arcade-worker`: the browser build's worker, the pure core doing the searches a page must
//! not wait for (Slide's jobs, pattern databases, the Mines robot). `tools/web.sh` builds it for
//! wasm32 and `web/worker.js` starts it; see `ai_arcade::core::worker`.

#[cfg(target_arch = "wasm32")]
fn main() {
    ai_arcade::web::worker_main();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("error: ai-arcade-worker runs inside a web page (tools/web.sh builds it)");
    std::process::exit(2);
}
