//! The clock that times searches and jobs: `std::time::Instant` on the desktop, the page's
//! `performance.now()` in a browser, where `std`'s clock panics (wasm32 has no system clock).

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;
