//! The generic alpha-beta strategy, knowing nothing of gomoku, must find the
//! basic tactics from this plugin's evaluation, hints and flags alone, each
//! within the 3 seconds the command line gives it. The search keeps to its
//! own time budget; the time taken is printed, not asserted (timings belong
//! in docs/BENCHMARKS.md, not in tests that flake on a busy machine).

mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::*;
use rules_api::{Notation, PositionBox, SearchLimits};
use tabula_alphabeta::Searcher;

/// Searches for at most `ms` milliseconds; returns the move, the score and the time taken.
fn best(pos: &mut PositionBox, ms: u64) -> (String, i32, Duration) {
    let mut searcher = Searcher::new(16, 0);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let limits = SearchLimits { time_ms: ms, depth: 0, nodes: 0, max_time_ms: 0 };
    let result = searcher.search(pos, limits, &stop, &mut |_| {}).expect("search succeeds");
    let elapsed = start.elapsed();
    let name: String = pos.move_to_text(result.best, Notation::COORDINATE).unwrap().into();
    (name, result.score, elapsed)
}

fn check(pos: &mut PositionBox, accepted: &[&str], what: &str) {
    let (mv, score, elapsed) = best(pos, 3_000);
    eprintln!("{what}: {mv} (score {score}) in {} ms", elapsed.as_millis());
    assert!(accepted.contains(&mv.as_str()), "{what}: played {mv}, expected one of {accepted:?}");
}

#[test]
fn wins_in_one_rather_than_blocking() {
    // Both sides have a four; Black to move completes its own.
    let mut pos = setup("freestyle", "d8 e8 f8 g8 b2", "c8 d10 e10 f10 g10", 'x');
    check(&mut pos, &["h8"], "win in one");
}

#[test]
fn blocks_a_four() {
    let mut pos = setup("freestyle", "h8 c8 m3 b13", "i9 j10 k11 l12", 'x');
    check(&mut pos, &["m13"], "block a four");
}

#[test]
fn blocks_an_open_three_where_it_stops() {
    // White's open three g10 h10 i10: only f10 and j10 stop it (e10 or k10
    // would still allow a straight four on the other side).
    let mut pos = setup("freestyle", "h8 h7 c3 m2", "g10 h10 i10 b14", 'x');
    check(&mut pos, &["f10", "j10"], "block an open three");
    // A split three f10 _ h10 i10: the gap and both ends stop it.
    let mut pos = setup("freestyle", "h8 h7 c3 m2", "f10 h10 i10 b14", 'x');
    check(&mut pos, &["e10", "g10", "j10"], "block a split three");
}

#[test]
fn finds_a_four_three() {
    // g8 makes the four d8-g8 (closed by c8) and the open three g8 g9 g10.
    let mut pos = setup("freestyle", "d8 e8 f8 g9 g10", "c8 m12 l3 b13 n6", 'x');
    check(&mut pos, &["g8"], "four-three");
    // The same under renju, where Black's four-three is the legal way to win.
    let mut pos = setup("renju", "d8 e8 f8 g9 g10", "c8 m12 l3 b13 n6", 'x');
    check(&mut pos, &["g8"], "renju four-three");
}

#[test]
fn finds_a_four_three_for_white() {
    let mut pos = setup("freestyle", "c8 m12 l3 b13 n6 a1", "d8 e8 f8 g9 g10", 'o');
    check(&mut pos, &["g8"], "white four-three");
}
