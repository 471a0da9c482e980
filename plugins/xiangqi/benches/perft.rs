//! Perft nodes per second through the boundary object (the vtable path the
//! host and strategies use), from the start position to depth 4, with the
//! kit's perft (the last ply counted in bulk).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules_api::plugin::position_box;
use tabula_kit::perft::perft;
use tabula_xiangqi::XiangqiPosition;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const DEPTH: u32 = 4;
const NODES: u64 = 3_290_240;

fn bench(c: &mut Criterion) {
    let mut p = position_box(XiangqiPosition::from_fen(START).expect("start FEN"));
    let mut group = c.benchmark_group("xiangqi");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES));
    group.bench_function("perft4_start", |b| {
        b.iter(|| assert_eq!(perft(&mut p, DEPTH).expect("perft runs"), NODES));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
