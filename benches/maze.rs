//! Maze benchmarks: our A* against the `pathfinding` crate's on the very same 2001×2001 maze,
//! and every generator at three sizes (time per cell must stay flat: linear cost).
//!
//! Run: `cargo bench --no-default-features --bench maze`

use std::hint::black_box;
use std::time::Duration;

use ai_arcade::core::grid::Pos;
use ai_arcade::core::maze::Maze;
use ai_arcade::core::maze::generate::{Generator, generate};
use ai_arcade::core::maze::solve::astar;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// The reference: `pathfinding::directed::astar::astar` with the same Manhattan heuristic on
/// flat cell indices. Returns the path length in moves.
fn reference_astar(maze: &Maze, start: Pos, goal: Pos) -> Option<usize> {
    let grid = maze.grid();
    let width = grid.width();
    let cells = grid.cells();
    let start = grid.index(start)?;
    let goal = grid.index(goal)?;
    let (goal_row, goal_col) = (goal / width, goal % width);
    let (path, cost) = pathfinding::directed::astar::astar(
        &start,
        |&i| {
            let col = i % width;
            let up = i.checked_sub(width);
            let down = Some(i + width).filter(|&j| j < cells.len());
            let left = (col > 0).then(|| i - 1);
            let right = (col + 1 < width).then(|| i + 1);
            [up, down, left, right]
                .into_iter()
                .flatten()
                .filter(|&j| cells[j].is_open())
                .map(|j| (j, 1u32))
        },
        |&i| ((i / width).abs_diff(goal_row) + (i % width).abs_diff(goal_col)) as u32,
        |&i| i == goal,
    )?;
    debug_assert_eq!(path.len() - 1, cost as usize);
    Some(cost as usize)
}

fn astar_2001(c: &mut Criterion) {
    let maze = generate(Generator::Backtracker, 2001, 2001, 2026, &mut ()).unwrap();
    let (start, goal) = (maze.entry().unwrap(), maze.exit().unwrap());
    let ours = astar(&maze, start, Some(goal), &mut ());
    let reference = reference_astar(&maze, start, goal);
    assert!(ours.found);
    assert_eq!(
        Some(ours.length()),
        reference,
        "both find the same optimal length"
    );
    let mut group = c.benchmark_group("astar/2001");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("ours", |b| {
        b.iter(|| black_box(astar(&maze, start, Some(goal), &mut ()).length()));
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| black_box(reference_astar(&maze, start, goal)));
    });
    group.finish();
}

fn generators(c: &mut Criterion) {
    for generator in Generator::ALL {
        let mut group = c.benchmark_group(format!("generate/{}", generator.name()));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        for size in [101usize, 501, 2001] {
            group.throughput(Throughput::Elements((size * size) as u64));
            group.bench_with_input(BenchmarkId::from_parameter(size), &size, |b, &size| {
                b.iter(|| black_box(generate(generator, size, size, 7, &mut ()).unwrap()));
            });
        }
        group.finish();
    }
}

criterion_group!(benches, astar_2001, generators);
criterion_main!(benches);
