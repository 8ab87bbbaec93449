//! The Lab's checker against the search it judges: the built-in breadth-first search on a
//! 2001×2001 maze (about two million expansions), and the checker replaying that very run —
//! every expansion judged against the frontier it rebuilds, then the path. Also the protocol's
//! reading of the run's lines (what `lab run` and `lab check` add) and the reference (optimal
//! cost and moves, worked out once per case).
//!
//! Run: `cargo bench --no-default-features --bench lab`

use std::hint::black_box;
use std::time::Duration;

use ai_arcade::core::grid::Dir;
use ai_arcade::core::lab::check::{Answer, Reference, Reported, judge_run};
use ai_arcade::core::lab::message::{Encoding, Said, read};
use ai_arcade::core::lab::space::{Space, State};
use ai_arcade::core::lab::task::{Search, maze_space};
use ai_arcade::core::maze::generate::{Generator, generate};
use ai_arcade::core::maze::solve::bfs;
use ai_arcade::core::trace::{Event, Trace};
use criterion::{Criterion, criterion_group, criterion_main};

fn lab_2001(c: &mut Criterion) {
    let maze = generate(Generator::Backtracker, 2001, 2001, 2026, &mut ()).unwrap();
    let (start, goal) = (maze.entry().unwrap(), maze.exit().unwrap());
    let space = Space::Maze(maze_space(&maze, &Dir::ALL, Search::Bfs));
    let mut trace = Trace::new();
    let answer = bfs(&maze, start, Some(goal), &mut trace);
    let index = |p| maze.grid().index(p).unwrap() as State;
    let expansions: Vec<(State, Reported)> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Expand(p) => Some((index(*p), Reported::default())),
            _ => None,
        })
        .collect();
    let path = Answer::Path(answer.path.iter().map(|&p| index(p)).collect());
    let reference = Reference::new(&space, Search::Bfs);
    let (count, judged) = judge_run(&space, Search::Bfs, &expansions, &path, &reference);
    assert!(judged.is_ok(), "the built-in run is accepted");
    assert_eq!(count, answer.expanded);
    let lines: Vec<String> = expansions
        .iter()
        .map(|&(s, _)| format!("{{\"op\":\"expand\",\"s\":{}}}", space.to_json(s)))
        .collect();

    let mut group = c.benchmark_group("lab/2001");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("built-in bfs", |b| {
        b.iter(|| black_box(bfs(&maze, start, Some(goal), &mut ())).expanded);
    });
    group.bench_function("checker", |b| {
        b.iter(|| {
            black_box(judge_run(
                &space,
                Search::Bfs,
                black_box(&expansions),
                &path,
                &reference,
            ))
            .0
        });
    });
    group.bench_function("reading the JSON lines", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| matches!(read(&space, l, Encoding::Json), Ok(Said::Expand(..))))
                .count()
        });
    });
    group.bench_function("reference", |b| {
        b.iter(|| black_box(Reference::new(&space, Search::Bfs)).reachable);
    });
    group.finish();
}

criterion_group!(benches, lab_2001);
criterion_main!(benches);
