//! Perft of the start positions in process (no plugin boundary), for the
//! variants the side-by-side comparison with Fairy-Stockfish covers
//! (`scripts/bench-variants-perft.sh`, `docs/BENCHMARKS.md`): `cargo bench
//! -p tabula-variants` shows what a change to move generation or
//! make/unmake costs before the release binary is built.

use criterion::{criterion_group, criterion_main, Criterion};
use rules_api::plugin::rules_box;
use rules_api::RulesExt;
use tabula_variants::VariantRules;

const VARIANTS: [&str; 5] = ["chess", "capablanca", "shogi", "janggi", "seirawan"];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft 3");
    group.sample_size(10);
    for name in VARIANTS {
        let rules = rules_box(VariantRules::shipped(name).expect("shipped variant"));
        let mut start = rules.start().expect("start position");
        group.bench_function(name, |b| b.iter(|| tabula_kit::perft::perft(&mut start, 3).expect("perft")));
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
