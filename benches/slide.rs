//! Sliding-puzzle benchmarks on the same instances side by side: BFS vs A* (misplaced) vs A*
//! (Manhattan) on 8-puzzles, IDA* Manhattan vs IDA* Manhattan + linear conflict on 15-puzzles.
//! The expanded-node counts are printed once before timing.
//!
//! Run: `cargo bench --no-default-features --bench slide`

use std::hint::black_box;
use std::time::Duration;

use ai_arcade::core::slide::solve::{Heuristic, Limits, astar, bfs, idastar};
use ai_arcade::core::slide::{Board, Move};
use criterion::{Criterion, criterion_group, criterion_main};

/// `steps` pseudo-random legal moves from the goal (deterministic from `seed`).
fn scrambled(side: u8, steps: usize, seed: u64) -> Board {
    let mut board = Board::goal(side);
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut last: Option<Move> = None;
    let mut made = 0;
    while made < steps {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let m = Move::ALL[(x % 4) as usize];
        if last == Some(m.opposite()) {
            continue;
        }
        if let Some(next) = board.apply(m) {
            board = next;
            last = Some(m);
            made += 1;
        }
    }
    board
}

fn eight_puzzle(c: &mut Criterion) {
    let goal = Board::goal(3);
    let starts: Vec<Board> = (0..20).map(|seed| scrambled(3, 200, seed)).collect();
    let limits = Limits::default();
    let total = |f: &dyn Fn(&Board) -> usize| starts.iter().map(f).sum::<usize>();
    println!(
        "8-puzzle, 20 instances, expanded nodes: bfs {}, astar-misplaced {}, astar-manhattan {}",
        total(&|s| bfs(s, &goal, limits).expanded),
        total(&|s| astar(s, &goal, Heuristic::Misplaced, limits).expanded),
        total(&|s| astar(s, &goal, Heuristic::Manhattan, limits).expanded),
    );
    let mut group = c.benchmark_group("slide/8-puzzle-20");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("bfs", |b| {
        b.iter(|| total(&|s| black_box(bfs(s, &goal, limits).expanded)))
    });
    group.bench_function("astar-misplaced", |b| {
        b.iter(|| total(&|s| black_box(astar(s, &goal, Heuristic::Misplaced, limits).expanded)))
    });
    group.bench_function("astar-manhattan", |b| {
        b.iter(|| total(&|s| black_box(astar(s, &goal, Heuristic::Manhattan, limits).expanded)))
    });
    group.finish();
}

fn fifteen_puzzle(c: &mut Criterion) {
    let goal = Board::goal(4);
    let starts: Vec<Board> = (0..5).map(|seed| scrambled(4, 60, seed)).collect();
    let limits = Limits::default();
    let total = |h: Heuristic| -> usize {
        starts
            .iter()
            .map(|s| idastar(s, &goal, h, limits).expanded)
            .sum()
    };
    println!(
        "15-puzzle, 5 instances, expanded nodes: idastar-manhattan {}, idastar-linear-conflict {}",
        total(Heuristic::Manhattan),
        total(Heuristic::LinearConflict)
    );
    let mut group = c.benchmark_group("slide/15-puzzle-5");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("idastar-manhattan", |b| {
        b.iter(|| black_box(total(Heuristic::Manhattan)))
    });
    group.bench_function("idastar-linear-conflict", |b| {
        b.iter(|| black_box(total(Heuristic::LinearConflict)))
    });
    group.finish();
}

criterion_group!(benches, eight_puzzle, fifteen_puzzle);
criterion_main!(benches);
