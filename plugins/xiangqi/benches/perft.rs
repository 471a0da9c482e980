//! Perft nodes per second through the boundary object (the vtable path the
//! host and strategies use), from the start position to depth 4.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules_api::plugin::position_box;
use rules_api::{Move, PositionBox, RVec};
use tabula_xiangqi::XiangqiPosition;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const DEPTH: usize = 4;
const NODES: u64 = 3_290_240;

fn perft(p: &mut PositionBox, depth: usize, buffers: &mut [RVec<Move>]) -> u64 {
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    p.legal_moves(buf).into_result().expect("legal_moves");
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for i in 0..buf.len() {
        p.make_move(buf[i]).into_result().expect("make_move");
        nodes += perft(p, depth - 1, rest);
        p.unmake_move().into_result().expect("unmake_move");
    }
    nodes
}

fn bench(c: &mut Criterion) {
    let mut p = position_box(XiangqiPosition::from_fen(START).expect("start FEN"));
    let mut buffers: Vec<RVec<Move>> = (0..DEPTH).map(|_| RVec::with_capacity(128)).collect();
    let mut group = c.benchmark_group("xiangqi");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function("perft4_start", |b| {
        b.iter(|| assert_eq!(perft(&mut p, DEPTH, &mut buffers), NODES));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
