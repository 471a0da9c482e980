//! Nodes per second of the same alpha-beta search at a fixed depth, through
//! the plugin boundary (`position_box(ChessPosition)`, one vtable call and a
//! panic guard per operation) and linked directly (`Direct(ChessPosition)`).
//!
//! Run: `cargo bench -p tabula-ai-alphabeta --bench abi_overhead`; criterion
//! reports throughput in nodes per second (elements/s) of wall time; the
//! bench also prints nodes per second of thread CPU time with the two paths
//! interleaved, which a busy machine disturbs far less. Results: docs/BENCHMARKS.md.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rules_api::plugin::position_box;
use rules_api::SearchLimits;
use tabula_alphabeta::{Direct, SearchState, Searcher};
use tabula_chess::ChessPosition;

/// Positions and the fixed depth searched in each (chosen so one search
/// takes a few tens of milliseconds).
const POSITIONS: [(&str, &str, u32); 3] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ("middlegame", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4),
];

/// Table size for each search: a fresh 4 MiB table per search keeps the
/// runs independent and identical.
const HASH_MB: usize = 4;

fn search<S: SearchState + Clone + Send + 'static>(pos: &mut S, depth: u32) -> u64 {
    let stop = AtomicBool::new(false);
    let limits = SearchLimits { depth, ..SearchLimits::default() };
    Searcher::new(HASH_MB, 0).search(pos, limits, &stop, &mut |_| {}).expect("the search succeeds").nodes
}

/// CPU time of the calling thread, which unlike wall time does not count
/// the time the thread waits for a core on a busy machine.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Alternates the two paths `ROUNDS` times and prints nodes per CPU second
/// for each: a figure that stays meaningful when other work shares the
/// cores and makes criterion's wall-clock numbers noisy.
fn cpu_time_comparison(name: &str, position: &ChessPosition, depth: u32, nodes: u64) {
    const ROUNDS: u32 = 5;
    let (mut abi, mut direct) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..ROUNDS {
        let mut boxed = position_box(position.clone());
        let t = thread_cpu_time();
        search(&mut boxed, depth);
        abi += thread_cpu_time() - t;
        let mut linked = Direct(position.clone());
        let t = thread_cpu_time();
        search(&mut linked, depth);
        direct += thread_cpu_time() - t;
    }
    let nps = |d: Duration| (nodes * ROUNDS as u64) as f64 / d.as_secs_f64();
    println!(
        "cpu-time {name} depth {depth}: {nodes} nodes; abi {:.0} nodes/s, direct {:.0} nodes/s, abi overhead {:+.1}%",
        nps(abi),
        nps(direct),
        (abi.as_secs_f64() / direct.as_secs_f64() - 1.0) * 100.0
    );
}

fn abi_overhead(c: &mut Criterion) {
    for (name, fen, depth) in POSITIONS {
        let position = ChessPosition::from_fen(fen).expect("benchmark FEN is valid");
        let nodes = search(&mut Direct(position.clone()), depth);
        assert_eq!(nodes, search(&mut position_box(position.clone()), depth), "both paths search the same tree");
        cpu_time_comparison(name, &position, depth, nodes);
        let mut group = c.benchmark_group(format!("alphabeta/{name}/depth{depth}"));
        group.sample_size(10).measurement_time(Duration::from_secs(10));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function("abi", |b| {
            b.iter_batched(
                || (position_box(position.clone()), Searcher::new(HASH_MB, 0)),
                |(mut pos, mut searcher)| {
                    let stop = AtomicBool::new(false);
                    let limits = SearchLimits { depth, ..SearchLimits::default() };
                    searcher.search(&mut pos, limits, &stop, &mut |_| {}).expect("the search succeeds")
                },
                BatchSize::PerIteration,
            )
        });
        group.bench_function("direct", |b| {
            b.iter_batched(
                || (Direct(position.clone()), Searcher::new(HASH_MB, 0)),
                |(mut pos, mut searcher)| {
                    let stop = AtomicBool::new(false);
                    let limits = SearchLimits { depth, ..SearchLimits::default() };
                    searcher.search(&mut pos, limits, &stop, &mut |_| {}).expect("the search succeeds")
                },
                BatchSize::PerIteration,
            )
        });
        group.finish();
    }
}

criterion_group!(benches, abi_overhead);
criterion_main!(benches);
