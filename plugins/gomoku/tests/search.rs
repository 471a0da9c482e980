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

/// The positions of `tests/data/vcf.txt`: text and the fewest fours that win.
fn vcf_positions() -> Vec<(String, u32)> {
    let data = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vcf.txt")).unwrap();
    data.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split(';');
            let text = parts.next().unwrap().trim().to_string();
            let fours = parts.next().unwrap().trim().strip_prefix("vcf ").unwrap().parse().unwrap();
            (text, fours)
        })
        .collect()
}

#[test]
fn the_forcing_search_finds_every_known_win_by_continuous_fours() {
    let rules = rules(15, "freestyle");
    for (text, fours) in vcf_positions() {
        let mut pos = position(&rules, &text);
        let mut searcher = Searcher::new(16, 0);
        let stop = AtomicBool::new(false);
        // No clock: the probe runs to its own end however busy the machine
        // (its speed is measured in docs/BENCHMARKS-engines.md).
        let result = searcher.forced_win(&mut pos, &stop).expect("search succeeds");
        let Some(result) = result else { panic!("VCF of {fours} fours not found in {text}") };
        // The fewest fours, then the five: 2 * fours + 1 plies exactly,
        // as the probe looks for the shortest line first.
        assert_eq!(rules_api::score::plies_to_end(result.score), Some(2 * fours as i32 + 1), "{text}");
        // The reported line is a real win: play it out.
        for m in result.pv.iter() {
            pos.make_move(*m).into_result().expect("every move of the line is legal");
        }
        let end = status(&pos);
        assert!(end.kind == rules_api::StatusKind::WIN && end.winner == 0, "the line ends in a win: {end:?}");
    }
}

#[test]
fn the_search_plays_a_found_continuous_four_win() {
    // The shortest line of the data file, through the ordinary search.
    let (text, fours) = vcf_positions().into_iter().min_by_key(|p| p.1).unwrap();
    let mut pos = position(&rules(15, "freestyle"), &text);
    let (_, score, _) = best(&mut pos, 2_000);
    assert!(rules_api::score::plies_to_end(score).is_some_and(|p| p > 0 && p as u32 <= 2 * fours + 1), "{score}");
}
