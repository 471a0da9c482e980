//! Perft through the boundary object on the positions in `tests/data`
//! (the chessprogramming wiki's "Perft Results" page and en passant edge
//! cases), checked by the kit's perft-file harness. The node budget keeps
//! the suite to a few seconds in release builds; debug builds stop a ply
//! or so shallower.

mod common;
use common::*;
use tabula_kit::perft::{check_file, perft};

/// The largest count checked: every depth of the data files in release.
const MAX_NODES: u64 = if cfg!(debug_assertions) { 500_000 } else { 5_000_000 };

fn check(file: &str) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let summary = check_file(&rules(), &path, MAX_NODES).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.checked >= summary.positions * 3, "{file}: too few depths checked: {summary:?}");
}

#[test]
fn perft_wiki_positions() {
    check("perft.epd");
}

#[test]
fn perft_en_passant_edge_cases() {
    check("perft-en-passant.epd");
}

/// Published plain-perft counts at the deepest tested depth of the edge
/// cases, and how many leaf moves of them start from positions this plugin
/// has already ended by insufficient material.
const RULE_CUTOFFS: &[(&str, u64, u64)] = &[
    ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 185_429, 0),
    ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 135_655, 38),
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 206_379, 16),
];

#[test]
fn end_rules_explain_the_difference_to_plain_perft() {
    for &(fen_text, published, cut) in RULE_CUTOFFS {
        let board: cozy_chess::Board = fen_text.parse().unwrap();
        let depth = if cfg!(debug_assertions) { 4 } else { 5 };
        let native = native_perft(&board, depth);
        let ours = perft(&mut pos(fen_text), depth as u32).unwrap();
        if depth == 5 {
            assert_eq!(native, published, "{fen_text}: cozy-chess plain perft");
            assert_eq!(ours + cut, native, "{fen_text}");
        } else {
            assert_eq!(ours, native, "{fen_text}: no dead position within 4 plies");
        }
    }
}
