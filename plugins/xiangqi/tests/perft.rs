//! Perft counts through the boundary object, from `tests/data/perft.epd`
//! (the start position and the chessprogramming wiki's "Chinese Chess
//! Perft Results"), checked by the kit's perft-file harness.

mod common;
use tabula_kit::perft::check_file;

/// Every depth in the file (a few million nodes at most) in release builds.
const MAX_NODES: u64 = if cfg!(debug_assertions) { 500_000 } else { 5_000_000 };

#[test]
fn perft_counts_match_the_published_ones() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    let summary = check_file(&common::rules(&[]), path, MAX_NODES).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.positions, 11, "{summary:?}");
    if !cfg!(debug_assertions) {
        assert_eq!(summary.skipped, 0, "release builds check every depth: {summary:?}");
    }
}
