//! Perft nodes per second through the boundary object (the vtable path the
//! host and strategies use), from the start position to depth 4, with the
//! last ply counted two ways: the length of the move list (`list`) and
//! `count_legal_moves` (`count`, what `tabula perft` does).
//!
//! Run: `cargo bench -p tabula-xiangqi --bench perft`. For instruction
//! counts, `PERFT_ONCE=<list|count>` runs one perft and exits (under
//! `valgrind --tool=callgrind --toggle-collect='*perft_once_walk*'`).

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use rules_api::plugin::position_box;
use rules_api::{Move, PositionBox, RVec};
use tabula_xiangqi::XiangqiPosition;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const DEPTH: usize = 4;
const NODES: u64 = 3_290_240;

fn perft(p: &mut PositionBox, depth: usize, buffers: &mut [RVec<Move>], count: bool) -> u64 {
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 && count {
        return p.count_legal_moves().into_result().expect("count_legal_moves");
    }
    p.legal_moves(buf).into_result().expect("legal_moves");
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for i in 0..buf.len() {
        p.make_move(buf[i]).into_result().expect("make_move");
        nodes += perft(p, depth - 1, rest, count);
        p.unmake_move().into_result().expect("unmake_move");
    }
    nodes
}

fn setup() -> (PositionBox, Vec<RVec<Move>>) {
    let p = position_box(XiangqiPosition::from_fen(START).expect("start FEN"));
    (p, (0..DEPTH).map(|_| RVec::with_capacity(128)).collect())
}

fn bench(c: &mut Criterion) {
    let (mut p, mut buffers) = setup();
    let mut group = c.benchmark_group("xiangqi");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function("perft4_start list", |b| {
        b.iter(|| assert_eq!(perft(black_box(&mut p), DEPTH, &mut buffers, false), NODES));
    });
    group.bench_function("perft4_start count", |b| {
        b.iter(|| assert_eq!(perft(black_box(&mut p), DEPTH, &mut buffers, true), NODES));
    });
    group.finish();
}

/// The measured walk of a `PERFT_ONCE` run.
#[inline(never)]
fn perft_once_walk(p: &mut PositionBox, buffers: &mut [RVec<Move>], count: bool) -> u64 {
    perft(p, DEPTH, buffers, count)
}

fn main() {
    if let Ok(walk) = std::env::var("PERFT_ONCE") {
        let (mut p, mut buffers) = setup();
        let nodes = perft_once_walk(&mut p, &mut buffers, walk == "count");
        println!("{walk}: {nodes} nodes");
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
