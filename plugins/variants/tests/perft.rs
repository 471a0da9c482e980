//! Perft from Fairy-Stockfish's counts: for every shipped variant, the
//! start position and two positions of a seeded random game
//! (`tests/data/<variant>.epd`, counted by recursion over pyffish's legal
//! moves; see the files' headers).

use rules_api::plugin::rules_box;
use tabula_variants::{library, VariantRules};

#[test]
fn every_shipped_variant_counts_like_fairy_stockfish() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
    let mut checked = 0;
    for (name, _) in library::SHIPPED {
        let rules = rules_box(VariantRules::shipped(name).unwrap_or_else(|e| panic!("{name}: {e}")));
        let summary = tabula_kit::perft::check_file(&rules, format!("{dir}/{name}.epd"), 1_000_000)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(summary.positions >= 2, "{name}: only {} positions", summary.positions);
        checked += summary.checked;
    }
    assert!(checked > 100, "only {checked} counts checked");
}
