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

/// `job(i)` for every `i` in `0..count` on [`threads`] threads, `block` indices at a time; the
/// results in index order. The first error stops every thread and is returned. Each thread
/// works with its own copy of `job` (and what it captured).
pub fn parallel_map<T: Send, J>(count: usize, block: usize, job: J) -> Result<Vec<T>, String>
where
    J: Fn(usize) -> Result<T, String> + Clone + Send,
{
    let block = block.max(1);
    let next = Alone(AtomicUsize::new(0));
    let failed = Alone(AtomicBool::new(false));
    let (next, failed) = (&next.0, &failed.0);
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
                                Ok(value) => out.push((i, value)),
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
        let squares = parallel_map(1000, 7, |i| Ok(i * i)).unwrap();
        assert_eq!(squares, (0..1000).map(|i| i * i).collect::<Vec<_>>());
        let error = parallel_map(1000, 3, |i| {
            if i == 500 {
                Err(format!("case {i}"))
            } else {
                Ok(i)
            }
        });
        assert_eq!(error.unwrap_err(), "case 500");
        assert!(parallel_map(0, 4, Ok::<usize, String>).unwrap().is_empty());
    }
}
