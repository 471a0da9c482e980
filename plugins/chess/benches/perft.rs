//! Perft speed: cozy-chess's own copy-make perft against the same perft
//! driven through the boundary object (`PositionBox`: vtable calls, panic
//! guards, move translation, repetition and evaluation bookkeeping), on the
//! start position and Kiwipete, in the same run.
//!
//! Both count leaves in bulk (depth 1 = the number of legal moves); the
//! boundary side is the kit's perft, the one the tests and `tabula perft`
//! share.
//!
//! Run: `CARGO_TARGET_DIR=target-chess cargo bench -p tabula-chess --bench perft`
//! Besides criterion's timings (in elements/s = nodes/s), the run prints a
//! table of nodes per second of both and their ratio (target >= 0.5).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use rules_api::plugin::position_box;
use rules_api::PositionBox;
use tabula_chess::ChessPosition;
use tabula_kit::perft::perft;

/// Plain cozy-chess copy-make perft (`depth` ≥ 1).
fn native_perft(board: &cozy_chess::Board, depth: usize) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += native_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

const CASES: &[(&str, &str, usize)] = &[
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
];

struct Case {
    name: &'static str,
    depth: usize,
    board: cozy_chess::Board,
    position: PositionBox,
}

impl Case {
    fn new(&(name, fen, depth): &(&'static str, &str, usize)) -> Self {
        let pos = ChessPosition::from_fen(fen).unwrap();
        Case { name, depth, board: pos.board().clone(), position: position_box(pos) }
    }
    fn native(&self) -> u64 {
        native_perft(black_box(&self.board), self.depth)
    }
    fn boundary(&mut self) -> u64 {
        perft(black_box(&mut self.position), self.depth as u32).expect("the boundary perft runs")
    }
}

fn benches(c: &mut Criterion) {
    for spec in CASES {
        let mut case = Case::new(spec);
        let nodes = case.native();
        assert_eq!(nodes, case.boundary(), "both perfts must agree");
        let mut group = c.benchmark_group(format!("perft/{}", case.name));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new("native cozy copy-make", case.depth), |b| b.iter(|| case.native()));
        group.bench_function(BenchmarkId::new("boundary PositionBox", case.depth), |b| b.iter(|| case.boundary()));
        group.finish();
    }
}

/// Times one call of `f`.
fn timed(f: &mut impl FnMut() -> u64) -> f64 {
    let start = Instant::now();
    black_box(f());
    start.elapsed().as_secs_f64()
}

/// Nodes per second of both perfts, measured in alternating rounds for about
/// `budget` so that load from other processes hits both alike. Reports the
/// best round (least disturbed) and the median round of each.
fn ratio_report(budget: Duration) {
    println!();
    println!("perft nodes/s, native cozy-chess copy-make vs through the boundary object");
    println!("(alternating rounds; best round, then median round in brackets)");
    println!(
        "{:<10} {:>5} {:>8} {:>7} {:>24} {:>24} {:>14}",
        "position", "depth", "nodes", "rounds", "native n/s", "boundary n/s", "ratio"
    );
    for spec in CASES {
        let mut case = Case::new(spec);
        let nodes = case.native() as f64;
        let (mut native, mut boundary) = (Vec::new(), Vec::new());
        let start = Instant::now();
        while start.elapsed() < budget || native.len() < 5 {
            native.push(timed(&mut || case.native()));
            boundary.push(timed(&mut || case.boundary()));
        }
        native.sort_by(f64::total_cmp);
        boundary.sort_by(f64::total_cmp);
        let (nb, bb) = (native[0], boundary[0]);
        let (nm, bm) = (native[native.len() / 2], boundary[boundary.len() / 2]);
        println!(
            "{:<10} {:>5} {:>8} {:>7} {:>12.1}M [{:>7.1}M] {:>12.1}M [{:>7.1}M] {:>6.2} [{:>4.2}]",
            case.name,
            case.depth,
            nodes,
            native.len(),
            nodes / nb / 1e6,
            nodes / nm / 1e6,
            nodes / bb / 1e6,
            nodes / bm / 1e6,
            nb / bb,
            nm / bm
        );
    }
    println!();
}

fn main() {
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let mut c = Criterion::default().configure_from_args();
    benches(&mut c);
    if bench_mode {
        ratio_report(Duration::from_secs(5));
    }
    c.final_summary();
}
