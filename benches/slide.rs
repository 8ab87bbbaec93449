//! Sliding-puzzle benchmarks on the same instances side by side: BFS vs A* (misplaced) vs A*
//! (Manhattan) on 8-puzzles; IDA* Manhattan vs IDA* Manhattan + linear conflict vs IDA* with
//! the 6-6-3 pattern databases on 15-puzzles; and IDA* + PDB alone on random 15-puzzles whose
//! optimal length is 50 to 60. The expanded-node counts are printed once before timing. The
//! databases come from the cache next to the settings (built first if missing; not timed).
//!
//! Run: `cargo bench --no-default-features --bench slide`

use std::hint::black_box;
use std::time::Duration;

use ai_arcade::core::slide::pdb::{PatternDb, Split};
use ai_arcade::core::slide::solve::{Heuristic, Limits, astar, bfs, idastar, idastar_pdb};
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
        b.iter(|| total(&|s| black_box(bfs(s, &goal, limits).expanded)));
    });
    group.bench_function("astar-misplaced", |b| {
        b.iter(|| total(&|s| black_box(astar(s, &goal, Heuristic::Misplaced, limits).expanded)));
    });
    group.bench_function("astar-manhattan", |b| {
        b.iter(|| total(&|s| black_box(astar(s, &goal, Heuristic::Manhattan, limits).expanded)));
    });
    group.finish();
}

fn databases() -> PatternDb {
    let goal = Board::goal(4);
    let dir = ai_arcade::store::config_dir();
    let (db, source) = ai_arcade::store::pdb_cache::load_or_build_pdb(
        &dir,
        &goal,
        Split::SixSixThree,
        &[],
        None,
        &mut |_| {},
    )
    .expect("the databases build");
    println!("{}", source.describe());
    db
}

fn fifteen_puzzle(c: &mut Criterion) {
    let goal = Board::goal(4);
    let db = databases();
    let starts: Vec<Board> = (0..5).map(|seed| scrambled(4, 60, seed)).collect();
    let limits = Limits::default();
    let total = |h: Option<Heuristic>| -> usize {
        starts
            .iter()
            .map(|s| match h {
                Some(h) => idastar(s, &goal, h, limits).expanded,
                None => idastar_pdb(s, &db, limits).expanded,
            })
            .sum()
    };
    println!(
        "15-puzzle, 5 instances, expanded nodes: idastar-manhattan {}, idastar-linear-conflict {}, \
         idastar-pdb {}",
        total(Some(Heuristic::Manhattan)),
        total(Some(Heuristic::LinearConflict)),
        total(None),
    );
    let mut group = c.benchmark_group("slide/15-puzzle-5");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("idastar-manhattan", |b| {
        b.iter(|| black_box(total(Some(Heuristic::Manhattan))));
    });
    group.bench_function("idastar-linear-conflict", |b| {
        b.iter(|| black_box(total(Some(Heuristic::LinearConflict))));
    });
    group.bench_function("idastar-pdb", |b| b.iter(|| black_box(total(None))));
    group.finish();

    // random instances (uniform over solvable states) of optimal length 50 to 60
    let mut hard = Vec::new();
    let mut seed = 0;
    while hard.len() < 10 {
        let start = Board::random_solvable(&goal, &mut ai_arcade::core::rng::from_seed(seed));
        seed += 1;
        let length = idastar_pdb(&start, &db, limits)
            .outcome
            .moves()
            .map_or(0, <[_]>::len);
        if (50..=60).contains(&length) {
            hard.push(start);
        }
    }
    let expanded: usize = hard
        .iter()
        .map(|s| idastar_pdb(s, &db, limits).expanded)
        .sum();
    println!("15-puzzle, 10 random instances of length 50-60: idastar-pdb expanded {expanded}");
    let mut group = c.benchmark_group("slide/15-puzzle-random-50-60");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("idastar-pdb-10-instances", |b| {
        b.iter(|| {
            hard.iter()
                .map(|s| black_box(idastar_pdb(s, &db, limits).expanded))
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, eight_puzzle, fifteen_puzzle);
criterion_main!(benches);
