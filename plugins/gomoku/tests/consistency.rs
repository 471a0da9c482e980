//! Position contract through the boundary: the kit's conformance suite on
//! every variant, transpositions, evaluation against a from-scratch
//! rebuild, move information, and errors.

mod common;

use common::*;
use rules_api::{Move, MoveFlags, MoveInfo, Notation, PositionBox, RVec};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;

/// Plays one random game (moves biased towards the last stone so patterns
/// form), calling `check` before every move with the position.
fn random_game(pos: &mut PositionBox, rng: &mut Rng, size: usize, mut check: impl FnMut(&mut PositionBox)) -> usize {
    let mut last: Option<usize> = None;
    let mut played = 0;
    loop {
        check(pos);
        let all = moves(pos);
        if all.is_empty() {
            return played;
        }
        let near: Vec<Move> = match last {
            Some(l) => all
                .iter()
                .copied()
                .filter(|m| {
                    let a = m.to as usize;
                    (a / size).abs_diff(l / size) <= 1 && (a % size).abs_diff(l % size) <= 1
                })
                .collect(),
            None => Vec::new(),
        };
        let m = if !near.is_empty() && rng.random_range(0..3) != 0 {
            near[rng.random_range(0..near.len())]
        } else {
            all[rng.random_range(0..all.len())]
        };
        pos.make_move(m).unwrap();
        last = Some(m.to as usize);
        played += 1;
    }
}

const VARIANTS: [(usize, &str); 4] = [(15, "freestyle"), (15, "renju"), (7, "standard"), (19, "renju")];

#[test]
fn every_variant_keeps_the_position_contract() {
    // Make/unmake, hashing, text and notation round trips, status and move
    // lists: the kit's suite on the linked game. The 7×7 board fills up, so
    // the "board full" draw is reached too.
    for (size, rule) in VARIANTS {
        let budget = Budget { playouts: 4, max_plies: 230, deep_checks: 8, seed: size as u64, ..Budget::default() };
        let report = run(&rules(size, rule), &budget);
        report.assert_ok();
        assert!(report.games_finished > 0, "{report}");
    }
}

#[test]
fn transpositions_hash_equal() {
    let r = rules(15, "freestyle");
    let mut a = r.start_position().unwrap();
    let mut b = r.start_position().unwrap();
    play_all(&mut a, "h8 h9 i8 i9 j10");
    play_all(&mut b, "j10 i9 i8 h9 h8");
    assert_eq!(text(&a), text(&b));
    assert_eq!(a.hash(), b.hash());
    let c = position(&r, &text(&a));
    assert_eq!(c.hash(), a.hash(), "a position read from text hashes like the played one");
    // Same stones, other side to move: different hash.
    let mut d = r.start_position().unwrap();
    play_all(&mut d, "h8 h9 i8 i9");
    assert_ne!(d.hash(), a.hash());
}

#[test]
fn incremental_evaluation_equals_a_rebuild_from_text() {
    let mut rng = rng_from_seed(23);
    for (size, rule) in VARIANTS {
        let r = rules(size, rule);
        for _ in 0..3 {
            let mut pos = r.start_position().unwrap();
            random_game(&mut pos, &mut rng, size, |p| {
                let fresh = position(&r, &text(p));
                assert_eq!(p.evaluate(), fresh.evaluate(), "{}", text(p));
                assert_eq!(p.hash(), fresh.hash());
                assert_eq!(moves(p), moves(&fresh));
                let (mut a, mut b): (RVec<MoveInfo>, RVec<MoveInfo>) = Default::default();
                let list: RVec<Move> = moves(p).into();
                p.move_infos(list.as_rslice(), &mut a).unwrap();
                fresh.move_infos(list.as_rslice(), &mut b).unwrap();
                assert_eq!(a, b);
            });
        }
    }
}

#[test]
fn evaluation_stays_in_bounds_and_sees_fours() {
    // Black to move with a four on the board: winning for Black.
    let pos = setup("freestyle", "d8 e8 f8 g8", "d9 e9 f9", 'x');
    assert!(pos.evaluate() > 10_000);
    // White to move facing an open four: lost for White.
    let pos = setup("freestyle", "d8 e8 f8 g8 a15", "d9 e9 f9 a13", 'o');
    assert!(pos.evaluate() < -10_000);
    let mut rng = rng_from_seed(5);
    let r = rules(15, "renju");
    let mut pos = r.start_position().unwrap();
    random_game(&mut pos, &mut rng, 15, |p| {
        assert!(p.evaluate().abs() <= rules_api::score::MAX_EVAL);
    });
}

fn infos(pos: &PositionBox) -> Vec<(String, MoveInfo)> {
    let list: RVec<Move> = moves(pos).into();
    let mut out = RVec::new();
    pos.move_infos(list.as_rslice(), &mut out).unwrap();
    list.iter().map(|&m| name(pos, m)).zip(out.iter().copied()).collect()
}

#[test]
fn move_infos_order_and_flag_threats() {
    let r = rules(15, "freestyle");
    let start = r.start_position().unwrap();
    let empty = infos(&start);
    let centre = empty.iter().find(|(n, _)| n == "h8").unwrap();
    assert!(!centre.1.flags.contains(MoveFlags::PRUNABLE), "the centre of an empty board stays");
    assert!(empty.iter().filter(|(_, i)| i.flags.contains(MoveFlags::PRUNABLE)).count() > 200);

    // White to move must block Black's four on h8; its own three-making moves come later.
    let pos = setup("freestyle", "d8 e8 f8 g8 a15", "c8 e10 c11 n2", 'o');
    let list = infos(&pos);
    let best = list.iter().max_by_key(|(_, i)| i.hint).unwrap();
    assert_eq!(best.0, "h8");
    assert!(best.1.flags.contains(MoveFlags::TACTICAL));
    // Far, quiet points are prunable; points next to stones are not.
    let get = |n: &str| list.iter().find(|(m, _)| m == n).unwrap().1;
    assert!(get("h1").flags.contains(MoveFlags::PRUNABLE));
    assert!(!get("c7").flags.contains(MoveFlags::PRUNABLE));
    // Making a four is tactical and a check.
    let pos = setup("freestyle", "d8 e8 f8 a15", "d9 e10 c11", 'x');
    let list = infos(&pos);
    let g8 = list.iter().find(|(m, _)| m == "g8").unwrap().1;
    assert!(g8.flags.contains(MoveFlags::TACTICAL) && g8.flags.contains(MoveFlags::CHECK));
    let quiet = list.iter().find(|(m, _)| m == "b2").unwrap().1;
    assert!(!quiet.flags.contains(MoveFlags::TACTICAL));
}

#[test]
fn malformed_text_is_refused_with_the_culprit_named() {
    let r = rules(5, "freestyle");
    let cases = [
        ("...../...../...../..... x", "expected 5 rows"),
        ("...../...../...../...../...... x", "row 5 from the top (row 1) has 6 points"),
        ("...../...../..z../...../..... x", "unknown character 'z' at c3"),
        ("...../...../..x../...../..... x", "as many black stones as white"),
        ("...../...../..o../...../..... o", "one black stone more"),
        ("...../...../...../...../..... w", "'x' or 'o', not 'w'"),
        ("...../...../...../...../.....", "side to move"),
    ];
    for (t, needle) in cases {
        let err = r.position_from_text(t.into()).into_result().err().unwrap_or_else(|| panic!("{t} accepted"));
        assert!(err.message.contains(needle), "{t}: {}", err.message);
    }
    // Newlines separate rows too, and the written form uses '/'.
    let pos = position(&r, ".....\n.....\n..x..\n.....\n..... o");
    assert_eq!(text(&pos), "...../...../..x../...../..... o");
}

#[test]
fn bad_moves_are_refused_with_the_culprit_named() {
    let r = rules(15, "freestyle");
    let mut pos = r.start_position().unwrap();
    play(&mut pos, "h8");
    for (t, needle) in
        [("h8", "h8 is already occupied"), ("p1", "'p1' is not a point"), ("h16", "row 1–15"), ("", "not a point")]
    {
        let message = refusal(&pos, t).unwrap_or_else(|| panic!("{t} accepted"));
        assert!(message.contains(needle), "{t}: {message}");
    }
    assert!(pos.make_move(Move::new(3, 4)).into_result().is_err());
    assert!(pos.make_move(Move::place(225)).into_result().is_err());
    assert!(pos.move_to_text(Move::place(112), Notation::STANDARD).into_result().is_err());
}
