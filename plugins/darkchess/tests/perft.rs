//! Perft through the boundary object on the positions in `tests/data`,
//! whose counts come from OpenSpiel's `dark_chess`. The node budget keeps
//! the test to a second or so in release builds.

use rules_api::plugin::rules_box;
use tabula_darkchess::DarkChessRules;
use tabula_kit::perft::check_file;

const MAX_NODES: u64 = if cfg!(debug_assertions) { 500_000 } else { 5_000_000 };

#[test]
fn perft_matches_openspiel() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    let summary = check_file(&rules_box(DarkChessRules), path, MAX_NODES).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.checked >= summary.positions * 4, "too few depths checked: {summary:?}");
}
