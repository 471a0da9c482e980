//! One test per special rule, through the boundary object.

mod common;
use common::{moves, play_all, pos, pos_with, rules, status, write};
use rules_api::{Notation, StatusKind};

/// The legal moves of a position as sorted ICCS strings.
fn iccs(fen: &str) -> Vec<String> {
    let p = pos(fen);
    let mut v: Vec<String> = moves(&p).into_iter().map(|m| write(&p, m, Notation::COORDINATE)).collect();
    v.sort();
    v
}

/// The legal ICCS moves starting on `from`.
fn from(fen: &str, from: &str) -> Vec<String> {
    iccs(fen).into_iter().filter(|m| m.starts_with(from)).collect()
}

#[test]
fn flying_general_forbids_facing_generals() {
    // Red's general may not step onto the open d-file facing Black's.
    assert_eq!(iccs("3k5/9/9/9/9/9/9/9/9/4K4 w"), ["e0e1", "e0f0"]);
    // A lone piece between the generals is pinned to the file.
    let cannon = from("4k4/9/9/9/4C4/9/9/9/9/4K4 w", "e5");
    assert!(cannon.contains(&"e5e6".to_string()) && cannon.contains(&"e5e1".to_string()));
    assert!(cannon.iter().all(|m| m.as_bytes()[2] == b'e'), "sideways moves would expose the generals: {cannon:?}");
}

#[test]
fn horse_is_blocked_at_the_leg() {
    assert_eq!(from("3k5/9/9/9/9/9/9/9/9/1N2K4 w", "b0"), ["b0a2", "b0c2", "b0d1"]);
    // A piece on b1 blocks both upward jumps.
    assert_eq!(from("3k5/9/9/9/9/9/9/9/1C7/1N2K4 w", "b0"), ["b0d1"]);
}

#[test]
fn elephant_is_blocked_at_the_eye_and_stays_home() {
    assert_eq!(from("3k5/9/9/9/9/9/9/9/9/2B1K4 w", "c0"), ["c0a2", "c0e2"]);
    assert_eq!(from("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w", "c0"), ["c0a2"]);
    // From the river bank it may only go back: never across.
    assert_eq!(from("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4"), ["c4a2", "c4e2"]);
}

#[test]
fn cannon_captures_over_exactly_one_screen() {
    let one_screen = from("r2k5/9/9/9/9/9/p8/9/9/C3K4 w", "a0");
    assert!(one_screen.contains(&"a0a9".to_string()), "{one_screen:?}");
    assert!(!one_screen.contains(&"a0a3".to_string()), "a cannon cannot capture without a screen");
    let two_screens = from("r2k5/9/9/p8/9/9/p8/9/9/C3K4 w", "a0");
    assert!(!two_screens.contains(&"a0a9".to_string()), "two screens block: {two_screens:?}");
    assert!(two_screens.contains(&"a0a6".to_string()));
}

#[test]
fn general_and_advisor_stay_in_the_palace() {
    assert_eq!(iccs("5k3/9/9/9/9/9/9/9/9/3K5 w"), ["d0d1", "d0e0"]);
    assert_eq!(from("5k3/9/9/9/9/9/9/9/9/3AK4 w", "d0"), ["d0e1"]);
    assert_eq!(from("3k5/9/9/9/9/9/9/9/4A4/5K3 w", "e1"), ["e1d0", "e1d2", "e1f2"]);
}

#[test]
fn soldiers_step_sideways_only_across_the_river() {
    assert_eq!(from("3k5/9/9/9/9/9/4P4/9/9/5K3 w", "e3"), ["e3e4"]);
    assert_eq!(from("3k5/9/9/9/4P4/9/9/9/9/5K3 w", "e5"), ["e5d5", "e5e6", "e5f5"]);
    assert_eq!(from("P2k5/9/9/9/9/9/9/9/9/5K3 w", "a9"), ["a9b9"]);
    // Black's soldiers go the other way.
    assert_eq!(from("3k5/9/9/9/9/4p4/9/9/9/5K3 b", "e4"), ["e4d4", "e4e3", "e4f4"]);
}

#[test]
fn no_move_may_leave_the_general_attacked() {
    // The e-file chariot checks: e8 stays on its file and d9 would face
    // Red's general, so only f9 remains.
    let answers = iccs("4k4/9/9/9/9/4R4/9/9/9/3K5 b");
    assert_eq!(answers, ["e9f9"]);
}

#[test]
fn perpetual_check_loses() {
    let mut p = pos("4k4/7R1/9/9/9/9/9/9/9/3K5 w");
    let cycle = "h8h9 e9e8 h9h8 e8e9";
    play_all(&mut p, cycle);
    assert!(status(&p).is_ongoing(), "second occurrence is not yet decided");
    play_all(&mut p, cycle);
    let s = status(&p);
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 1, "perpetual check"));
    assert!(moves(&p).is_empty(), "a decided game has no legal moves");
    p.unmake_move().into_result().expect("unmake");
    assert!(status(&p).is_ongoing());
}

#[test]
fn repetition_without_perpetual_check_draws() {
    let mut p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w");
    play_all(&mut p, "a0a1 e9e8 a1a0 e8e9 a0a1 e9e8 a1a0 e8e9");
    let s = status(&p);
    assert_eq!((s.kind, s.reason.as_str()), (StatusKind::DRAW, "repetition"));
    assert!(moves(&p).is_empty());
}

#[test]
fn stalemate_loses() {
    let p = pos("4k4/R8/9/9/5R3/9/9/9/9/3K5 b");
    assert!(moves(&p).is_empty());
    let s = status(&p);
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 0, "stalemate"));
}

#[test]
fn checkmate_loses() {
    // One chariot checks on the file, the other covers rank 8, the horse
    // covers f9 and Red's general covers d9.
    let p = pos("4k4/R8/6N2/9/4R4/9/9/9/9/3K5 b");
    let s = status(&p);
    assert!(moves(&p).is_empty());
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 0, "checkmate"));
    let mut hl = rules_api::RVec::new();
    p.highlights(&mut hl).into_result().expect("highlights");
    assert_eq!(hl.len(), 1, "the checked general is highlighted");
    assert_eq!(hl[0].cell, 9 * 9 + 4);
}

#[test]
fn no_capture_limit_draws() {
    let r = rules(&[("no_capture_plies", "4")]);
    let mut p = pos_with(&r, "4k4/9/9/9/9/9/9/9/9/R2K5 w");
    play_all(&mut p, "a0a1 e9e8 a1a2");
    assert!(status(&p).is_ongoing());
    play_all(&mut p, "e8e9");
    let s = status(&p);
    assert_eq!((s.kind, s.reason.as_str()), (StatusKind::DRAW, "no-capture limit"));
    assert!(moves(&p).is_empty());
    // A capture resets the count.
    let mut q = pos_with(&r, "4k4/9/9/9/9/9/p8/9/9/R2K5 w");
    play_all(&mut q, "a0a1 e9e8 a1a3 e8e9 a3a4 e9e8");
    assert!(status(&q).is_ongoing(), "the capture on ply 3 restarted the count");
    // The FEN's counter is honoured with the default limit of 120.
    let mut d = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 119 80");
    play_all(&mut d, "a0a1");
    assert_eq!(status(&d).reason.as_str(), "no-capture limit");
}
