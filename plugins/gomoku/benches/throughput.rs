//! Throughput of the operations a search performs per node, through the
//! boundary object: legal moves, the bulk move count, move infos,
//! make/unmake, evaluation.
//!
//! Run with `cargo bench -p tabula-gomoku --bench throughput`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rules_api::plugin::rules_box;
use rules_api::{Move, MoveInfo, Notation, Options, PositionBox, RString, RVec, Tuple2};
use tabula_gomoku::GomokuRules;

/// A middle-game position: 30 stones around the centre.
fn midgame(rule: &str) -> PositionBox {
    let options: Options = vec![Tuple2(RString::from("rule"), RString::from(rule))].into();
    let rules = rules_box(GomokuRules::from_options(&options).unwrap());
    let mut pos = rules.start_position().unwrap();
    let opening = "h8 h9 i8 g8 i9 i7 j10 k11 g10 j7 h10 f10 g9 f8 j9 k9 e9 g11 h11 j12 \
                   f7 e6 k8 l7 g6 f5 e7 d7 l9 m10";
    for m in opening.split_whitespace() {
        let mv = pos.parse_move(m.into(), Notation::COORDINATE).unwrap();
        pos.make_move(mv).unwrap();
    }
    pos
}

fn bench(c: &mut Criterion) {
    for rule in ["freestyle", "renju"] {
        let mut pos = midgame(rule);
        let mut moves: RVec<Move> = RVec::new();
        let mut infos: RVec<MoveInfo> = RVec::new();
        pos.legal_moves(&mut moves).unwrap();
        let list = moves.clone();

        c.bench_function(&format!("{rule}/legal_moves"), |b| {
            b.iter(|| {
                pos.legal_moves(&mut moves).unwrap();
                black_box(moves.len())
            })
        });
        c.bench_function(&format!("{rule}/count_legal_moves"), |b| {
            b.iter(|| black_box(pos.count_legal_moves().unwrap()))
        });
        c.bench_function(&format!("{rule}/move_infos"), |b| {
            b.iter(|| {
                pos.move_infos(list.as_rslice(), &mut infos).unwrap();
                black_box(infos.len())
            })
        });
        c.bench_function(&format!("{rule}/make_unmake_evaluate"), |b| {
            let mut i = 0;
            b.iter(|| {
                let m = list[i % list.len()];
                i += 1;
                pos.make_move(m).unwrap();
                let e = pos.evaluate();
                pos.unmake_move().unwrap();
                black_box(e)
            })
        });
        c.bench_function(&format!("{rule}/node"), |b| {
            // One search node: generate, order, then make/unmake the first move.
            b.iter(|| {
                pos.legal_moves(&mut moves).unwrap();
                pos.move_infos(moves.as_rslice(), &mut infos).unwrap();
                pos.make_move(moves[0]).unwrap();
                let e = pos.evaluate();
                pos.unmake_move().unwrap();
                black_box(e)
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
