//! Perft through the boundary object on the six positions of the
//! chessprogramming wiki "Perft Results" page, plus positions that stress
//! en passant legality. Depths are chosen to keep the suite to a few seconds
//! in release builds; debug builds go one ply shallower.

mod common;
use common::*;

/// (name, FEN, expected counts for depth 1, 2, ...)
const POSITIONS: &[(&str, &str, &[u64])] = &[
    (
        "start position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609],
    ),
    (
        "position 2 (Kiwipete)",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
        &[48, 2_039, 97_862, 4_085_603],
    ),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", &[14, 191, 2_812, 43_238, 674_624]),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9_467, 422_333]),
    (
        "position 4 mirrored",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9_467, 422_333],
    ),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1_486, 62_379, 2_103_487]),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    ),
    // En passant edge cases (Martin Sedlak's perft suite). Counts are with
    // the game's end rules: plain perft goes on from dead K+B v K positions
    // that this plugin ends as insufficient material (see RULE_CUTOFFS).
    ("illegal ep move #1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", &[18, 92, 1_670, 10_138, 185_429]),
    ("illegal ep move #2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", &[13, 102, 1_266, 10_276, 135_617]),
    ("ep capture checks opponent", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", &[15, 126, 1_928, 13_931, 206_363]),
];

fn run(name: &str, fen_text: &str, counts: &[u64]) {
    let max = if cfg!(debug_assertions) { counts.len().saturating_sub(1).max(1) } else { counts.len() };
    let mut p = pos(fen_text);
    let before = fen(&p);
    let hash = p.hash();
    for (i, &expected) in counts.iter().enumerate().take(max) {
        let depth = i + 1;
        let got = perft(&mut p, depth);
        assert_eq!(got, expected, "{name}: perft({depth})");
    }
    assert_eq!(fen(&p), before, "{name}: perft left the position changed");
    assert_eq!(p.hash(), hash);
}

#[test]
fn perft_start_position() {
    let (n, f, c) = POSITIONS[0];
    run(n, f, c);
}

#[test]
fn perft_kiwipete() {
    let (n, f, c) = POSITIONS[1];
    run(n, f, c);
}

#[test]
fn perft_position_3() {
    let (n, f, c) = POSITIONS[2];
    run(n, f, c);
}

#[test]
fn perft_position_4_and_mirror() {
    for &(n, f, c) in &POSITIONS[3..5] {
        run(n, f, c);
    }
}

#[test]
fn perft_position_5() {
    let (n, f, c) = POSITIONS[5];
    run(n, f, c);
}

#[test]
fn perft_position_6() {
    let (n, f, c) = POSITIONS[6];
    run(n, f, c);
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
        let ours = perft(&mut pos(fen_text), depth);
        if depth == 5 {
            assert_eq!(native, published, "{fen_text}: cozy-chess plain perft");
            assert_eq!(ours + cut, native, "{fen_text}");
        } else {
            assert_eq!(ours, native, "{fen_text}: no dead position within 4 plies");
        }
    }
}

#[test]
fn perft_en_passant_edge_cases() {
    for &(n, f, c) in &POSITIONS[7..] {
        run(n, f, c);
    }
}
