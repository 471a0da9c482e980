//! Random playouts through the boundary: the kit's conformance suite,
//! incremental hashing and evaluation, and move information.

mod common;
use common::{moves, play_all, pos, rng_from_seed, rules, text};
use rules_api::{MoveFlags, RSlice, RVec};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn the_game_keeps_the_position_contract() {
    // Make/unmake, hashing, text and notation round trips, status and move
    // lists: the kit's suite on the linked game, in both notations.
    let budget = Budget { playouts: 12, max_plies: 150, deep_checks: 20, ..Budget::default() };
    run(&rules(&[]), &budget).assert_ok();
    run(&rules(&[("pieces", "latin"), ("notation", "chinese")]), &Budget { playouts: 4, ..budget }).assert_ok();
}

#[test]
fn incremental_evaluation_matches_a_fresh_position() {
    let mut rng = rng_from_seed(0x9e37_79b9_7f4a_7c15);
    for _game in 0..40 {
        let mut p = pos(START);
        for _ply in 0..150 {
            let list = moves(&p);
            if list.is_empty() {
                break;
            }
            let m = list[rng.random_range(0..list.len())];
            p.make_move(m).into_result().expect("make");
            // The counters enter neither the hash nor the evaluation.
            let fresh = pos(&text(&p));
            assert_eq!(fresh.hash(), p.hash(), "hash drifted at {}", text(&p));
            assert_eq!(fresh.evaluate(), p.evaluate(), "evaluation drifted at {}", text(&p));
        }
    }
}

#[test]
fn transpositions_hash_equal() {
    let mut a = pos(START);
    let mut b = pos(START);
    play_all(&mut a, "h2e2 h9g7 b0c2 b9c7");
    play_all(&mut b, "b0c2 b9c7 h2e2 h9g7");
    assert_eq!(text(&a).split(' ').next(), text(&b).split(' ').next());
    assert_eq!(a.hash(), b.hash());
    // The side to move is part of the hash.
    let red = pos("3k5/9/9/9/9/9/9/9/9/R3K4 w");
    let black = pos("3k5/9/9/9/9/9/9/9/9/R3K4 b");
    assert_ne!(red.hash(), black.hash());
    // Two chariots that trade places leave the same position behind.
    let swap = "3k5/9/9/9/9/9/9/9/R8/R3K4 w";
    let mut c = pos(swap);
    play_all(&mut c, "a0b0 d9d8 a1a0 d8d9 b0b1 d9d8 b1a1 d8d9");
    assert_eq!(c.hash(), pos(swap).hash());
}

#[test]
fn move_infos_flag_captures_and_checks() {
    let mut rng = rng_from_seed(42);
    for _game in 0..20 {
        let mut p = pos(START);
        for _ply in 0..100 {
            let list = moves(&p);
            if list.is_empty() {
                break;
            }
            let mut infos = RVec::new();
            p.move_infos(RSlice::from_slice(&list), &mut infos).into_result().expect("infos");
            assert_eq!(infos.len(), list.len());
            let mut pieces = RVec::new();
            p.pieces(&mut pieces).into_result().expect("pieces");
            for (m, info) in list.iter().zip(infos.iter()) {
                let capture = pieces.iter().any(|pc| pc.cell == m.to);
                assert_eq!(info.flags.contains(MoveFlags::CAPTURE), capture);
                p.make_move(*m).into_result().expect("make");
                let mut hl = RVec::new();
                p.highlights(&mut hl).into_result().expect("highlights");
                assert_eq!(info.flags.contains(MoveFlags::CHECK), !hl.is_empty(), "check flag of {m:?}");
                p.unmake_move().into_result().expect("unmake");
                let tactical = capture || info.flags.contains(MoveFlags::CHECK);
                assert_eq!(info.flags.contains(MoveFlags::TACTICAL), tactical);
                if capture {
                    let best_quiet =
                        infos.iter().filter(|i| !i.flags.contains(MoveFlags::TACTICAL)).map(|i| i.hint).max();
                    assert!(best_quiet.is_none_or(|q| info.hint > q + 10_000), "captures rank well above quiets");
                }
            }
            let m = list[rng.random_range(0..list.len())];
            p.make_move(m).into_result().expect("make");
        }
    }
}

#[test]
fn illegal_moves_are_refused_and_leave_the_position_alone() {
    let mut p = pos(START);
    let before = text(&p);
    for m in [
        rules_api::Move::new(0, 90),
        rules_api::Move::new(1, 1),
        rules_api::Move::new(4, 22),
        rules_api::Move::new(81, 72),
    ] {
        let e = p.make_move(m).into_result().expect_err("illegal");
        assert_eq!(e.kind, rules_api::ErrorKind::ILLEGAL_MOVE, "{e}");
    }
    assert_eq!(text(&p), before);
}

#[test]
fn material_counts_in_evaluation() {
    // Red a chariot up: good for Red to move, bad for Black to move.
    let red = pos("3k5/9/9/9/9/9/9/9/9/R3K4 w");
    let black = pos("3k5/9/9/9/9/9/9/9/9/R3K4 b");
    assert!(red.evaluate() > 700, "{}", red.evaluate());
    assert!(black.evaluate() < -700, "{}", black.evaluate());
    let start = pos(START);
    assert!(start.evaluate().abs() < 50, "the start is roughly level: {}", start.evaluate());
}
