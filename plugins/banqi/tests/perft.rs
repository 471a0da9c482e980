//! Perft from the start and from nodes of random games, every count
//! computed by OpenSpiel's banqi (`tests/reference/banqi_reference.py
//! --emit-perft`; a chance outcome is a ply).

use rules_api::plugin::rules_box;
use tabula_banqi::{Banqi, Config};

#[test]
fn perft_matches_openspiel() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let summary = tabula_kit::perft::check_file(&rules_box(Banqi::with(Config::default())), data, 4_000_000).unwrap();
    assert_eq!(summary.positions, 10, "{summary:?}");
    assert_eq!((summary.checked, summary.skipped), (51, 2), "{summary:?}");
}
