//! One parallel map for the benches: every core takes blocks of indices from a shared counter,
//! so none idles while another still has hard cases left.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The threads the benches use: one per core.
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// A value alone on its cache line, so that a counter the threads bump does not slow their
/// reads of data next to it.
#[repr(align(128))]
struct Alone<T>(T);

/// How often a long map says how far it is, on stderr.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// `job(i)` for every `i` in `0..count` on [`threads`] threads, `block` indices at a time; the
/// results in index order. The first error stops every thread and is returned. Each thread
/// works with its own copy of `job` (and what it captured). A map that runs long says every few
/// seconds on stderr how many of the `count` `what` are done.
pub fn parallel_map<T: Send, J>(
    count: usize,
    block: usize,
    what: &str,
    job: J,
) -> Result<Vec<T>, String>
where
    J: Fn(usize) -> Result<T, String> + Clone + Send,
{
    let block = block.max(1);
    let next = Alone(AtomicUsize::new(0));
    let failed = Alone(AtomicBool::new(false));
    let done = Alone(AtomicUsize::new(0));
    let (next, failed, done) = (&next.0, &failed.0, &done.0);
    let error = Mutex::new(None);
    let parts: Vec<Vec<(usize, T)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads().min(count.max(1)))
            .map(|_| {
                let job = job.clone();
                let error = &error;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    while !failed.load(Ordering::Relaxed) {
                        let first = next.fetch_add(block, Ordering::Relaxed);
                        if first >= count {
                            break;
                        }
                        for i in first..(first + block).min(count) {
                            match job(i) {
                                Ok(value) => {
                                    out.push((i, value));
                                    done.fetch_add(1, Ordering::Relaxed);
                                }
                                Err(e) => {
                                    failed.store(true, Ordering::Relaxed);
                                    error
                                        .lock()
                                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                                        .get_or_insert(e);
                                    return out;
                                }
                            }
                        }
                    }
                    out
                })
            })
            .collect();
        let clock = std::time::Instant::now();
        let mut said = std::time::Duration::ZERO;
        while !handles
            .iter()
            .all(std::thread::ScopedJoinHandle::is_finished)
        {
            std::thread::sleep(std::time::Duration::from_millis(50));
            if clock.elapsed() >= said + PROGRESS_EVERY {
                said = clock.elapsed();
                let finished = done.load(Ordering::Relaxed);
                super::note(&format!(
                    "{finished} of {count} {what} done ({:.0} s)",
                    said.as_secs_f64()
                ));
            }
        }
        handles
            .into_iter()
            .map(|h| h.join().expect("a bench thread panicked"))
            .collect()
    });
    if let Some(e) = error
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(e);
    }
    let mut all: Vec<(usize, T)> = parts.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    Ok(all.into_iter().map(|(_, value)| value).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_index_order_and_the_first_error_stops_the_map() {
        let squares = parallel_map(1000, 7, "squares", |i| Ok(i * i)).unwrap();
        assert_eq!(squares, (0..1000).map(|i| i * i).collect::<Vec<_>>());
        let error = parallel_map(1000, 3, "cases", |i| {
            if i == 500 {
                Err(format!("case {i}"))
            } else {
                Ok(i)
            }
        });
        assert_eq!(error.unwrap_err(), "case 500");
        assert!(
            parallel_map(0, 4, "nothing", Ok::<usize, String>)
                .unwrap()
                .is_empty()
        );
    }
}
