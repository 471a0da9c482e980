//! The search facts of rules-api 0.2 in gomoku: in check (the opponent has
//! a four to complete), the bulk move count (renju fouls excluded for
//! Black), IRREVERSIBLE on every placement, and no null move; through the
//! boundary object and directly on `GomokuPosition`.

mod common;

use common::*;
use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{ErrorKind, Move, MoveFlags, Options, PositionBox, PositionFlags, RString, RVec, StatusKind, Tuple2};
use tabula_gomoku::{GomokuPosition, GomokuRules};
use tabula_kit::rand::Rng as _;

fn direct_rules(size: usize, rule: &str) -> GomokuRules {
    let options: Options = vec![
        Tuple2(RString::from("size"), RString::from(size.to_string())),
        Tuple2(RString::from("rule"), RString::from(rule)),
    ]
    .into();
    GomokuRules::from_options(&options).unwrap()
}

/// The same position on the direct path.
fn direct_of(pos: &PositionBox, size: usize, rule: &str) -> GomokuPosition {
    direct_rules(size, rule).position_from_text(&text(pos)).unwrap()
}

fn in_check(pos: &PositionBox) -> bool {
    pos.flags().contains(PositionFlags::IN_CHECK)
}

#[test]
fn a_four_of_the_opponent_is_check() {
    for rule in ["freestyle", "standard", "renju"] {
        // Black's closed four h8-k8 (White on g8): White to move must block l8.
        let pos = setup(rule, "h8 i8 j8 k8", "g8", 'o');
        assert!(in_check(&pos), "{rule}");
        assert_eq!(direct_of(&pos, 15, rule).flags(), PositionFlags::IN_CHECK);
        // A split four (j8 completes it) is check as well.
        let pos = setup(rule, "h8 i8 k8 l8", "", 'o');
        assert!(in_check(&pos), "{rule}");
        // An open three is not.
        let pos = setup(rule, "h8 i8 j8", "", 'o');
        assert!(!in_check(&pos), "{rule}");
        assert_eq!(direct_of(&pos, 15, rule).flags(), PositionFlags::NONE);
        // Black's own four is not check for Black.
        let pos = setup(rule, "h8 i8 j8 k8", "g8", 'x');
        assert!(!in_check(&pos), "{rule}");
    }
    // White's four against Black.
    let pos = setup("renju", "a3 c3 e3 g3 i3", "h8 h9 h10 h11", 'x');
    assert!(in_check(&pos));
    // Under exactly-five rules a point that makes six is no threat: Black
    // d8 e8 f8 g8 _ i8 only ever makes six at h8 (c8 is White's).
    let six = ("d8 e8 f8 g8 i8", "c8");
    assert!(!in_check(&setup("standard", six.0, six.1, 'o')));
    assert!(in_check(&setup("freestyle", six.0, six.1, 'o')));
}

/// Whether the opponent can win on their next move, by brute force: after
/// some move of the mover that does not end the game, some answer of the
/// opponent wins. Also returns how many of the mover's moves do not end the
/// game: with a single such move (the block itself) the brute force cannot
/// see a threat that is there.
fn opponent_threatens_five(pos: &mut PositionBox) -> (bool, usize) {
    let mover = pos.side_to_move();
    let (mut threat, mut going) = (false, 0);
    for m in moves(pos) {
        pos.make_move(m).unwrap();
        if status(pos).is_ongoing() {
            going += 1;
            for r in moves(pos) {
                pos.make_move(r).unwrap();
                let s = status(pos);
                threat |= s.kind == StatusKind::WIN && s.winner != mover;
                pos.unmake_move().unwrap();
            }
        }
        pos.unmake_move().unwrap();
    }
    (threat, going)
}

#[test]
fn in_check_agrees_with_a_brute_force_search_over_random_games() {
    let mut rng = rng_from_seed(11);
    let games = if cfg!(debug_assertions) { 1 } else { 3 };
    for (size, rule) in [(9, "freestyle"), (9, "standard"), (9, "renju"), (7, "renju")] {
        for _game in 0..games {
            let mut pos = rules(size, rule).start_position().unwrap();
            let mut last: Option<usize> = None;
            loop {
                let all = moves(&pos);
                if all.is_empty() {
                    break;
                }
                // Without a four to answer no move of ours can give the
                // opponent a five; with one, any other move leaves it.
                let (threat, going) = opponent_threatens_five(&mut pos);
                if in_check(&pos) {
                    assert!(threat || going <= 1, "{rule}: {}", text(&pos));
                } else {
                    assert!(!threat, "{rule}: {}", text(&pos));
                }
                assert_eq!(direct_of(&pos, size, rule).flags(), pos.flags());
                // Mostly next to the last stone, so that fours appear.
                let near: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|m| {
                        last.is_some_and(|l| {
                            let a = m.to as usize;
                            (a / size).abs_diff(l / size) <= 1 && (a % size).abs_diff(l % size) <= 1
                        })
                    })
                    .collect();
                let m = if !near.is_empty() && rng.random_range(0..4) != 0 {
                    near[rng.random_range(0..near.len())]
                } else {
                    all[rng.random_range(0..all.len())]
                };
                pos.make_move(m).unwrap();
                last = Some(m.to as usize);
            }
        }
    }
}

#[test]
fn bulk_count_leaves_out_renju_fouls_for_black_only() {
    // h8 is a double three for Black under renju.
    let pos = setup("renju", "f8 g8 h9 h10", "", 'x');
    let names = move_names(&pos);
    assert!(!names.contains(&"h8".to_string()));
    assert_eq!(pos.count_legal_moves().unwrap(), names.len() as u64);
    let mut marks = RVec::new();
    pos.highlights(&mut marks).unwrap();
    assert!(!marks.is_empty());
    assert_eq!(names.len(), 225 - 8 - marks.len(), "every forbidden point is left out");
    let d = direct_of(&pos, 15, "renju");
    assert_eq!(d.count_legal_moves(&mut RVec::new()), names.len() as u64);
    // Freestyle: every empty point.
    let pos = setup("freestyle", "f8 g8 h9 h10", "", 'x');
    assert_eq!(pos.count_legal_moves().unwrap(), 225 - 8);
    // White is never restricted.
    let pos = setup("renju", "f8 g8 h9 h10 o15", "", 'o');
    assert_eq!(pos.count_legal_moves().unwrap(), 225 - 9);
    assert_eq!(moves(&pos).len(), 225 - 9);
}

#[test]
fn bulk_count_is_zero_when_the_game_is_over() {
    let mut pos = rules(15, "freestyle").start_position().unwrap();
    play_all(&mut pos, "h8 a1 i8 a2 j8 a3 k8 a4 l8");
    assert_eq!(status(&pos).kind, StatusKind::WIN);
    assert_eq!(pos.count_legal_moves().unwrap(), 0);
    assert_eq!(direct_of(&pos, 15, "freestyle").count_legal_moves(&mut RVec::new()), 0);
    assert!(!in_check(&pos), "no flags once the game is over");
}

#[test]
fn bulk_count_agrees_with_the_move_list_over_random_games() {
    let mut rng = rng_from_seed(5);
    for (size, rule) in [(15, "freestyle"), (15, "renju"), (7, "standard"), (9, "renju"), (6, "renju")] {
        for _game in 0..6 {
            let mut pos = rules(size, rule).start_position().unwrap();
            let mut last: Option<usize> = None;
            loop {
                let all = moves(&pos);
                assert_eq!(pos.count_legal_moves().unwrap(), all.len() as u64, "{rule}: {}", text(&pos));
                let d = direct_of(&pos, size, rule);
                assert_eq!(d.count_legal_moves(&mut RVec::new()), all.len() as u64);
                if all.is_empty() {
                    break;
                }
                let near: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|m| {
                        last.is_some_and(|l| {
                            let a = m.to as usize;
                            (a / size).abs_diff(l / size) <= 2 && (a % size).abs_diff(l % size) <= 2
                        })
                    })
                    .collect();
                let m = if !near.is_empty() && rng.random_range(0..5) != 0 {
                    near[rng.random_range(0..near.len())]
                } else {
                    all[rng.random_range(0..all.len())]
                };
                pos.make_move(m).unwrap();
                last = Some(m.to as usize);
            }
        }
    }
}

#[test]
fn every_placement_is_irreversible() {
    let pos = setup("renju", "h8 i8 j8", "h9 i9", 'o');
    let all = moves(&pos);
    let mut out = RVec::new();
    pos.move_infos(all[..].into(), &mut out).unwrap();
    assert!(out.iter().all(|i| i.flags.contains(MoveFlags::IRREVERSIBLE)));
    let d = direct_of(&pos, 15, "renju");
    let mut direct_out = RVec::new();
    d.move_infos(&all, &mut direct_out);
    assert_eq!(direct_out, out);
}

#[test]
fn gomoku_has_no_null_move() {
    let mut pos = setup("freestyle", "h8", "", 'o');
    assert_eq!(pos.make_null_move().unwrap_err().kind, ErrorKind::UNSUPPORTED);
    assert_eq!(text(&pos), text(&setup("freestyle", "h8", "", 'o')));
}
