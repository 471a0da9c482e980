//! The kit's conformance suite from varied starts; equal positions hash
//! equal however they were reached; the hash and the evaluation agree with
//! a fresh position read from the FEN (so the en passant normalisation is
//! the same in both).

mod common;
use common::*;
use rules_api::plugin::PositionImpl;
use tabula_chess::ChessPosition;
use tabula_kit::conformance::{run_from, Budget};
use tabula_kit::rand::Rng as _;

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
];

#[test]
fn the_position_contract_holds_from_varied_starts() {
    // Make/unmake, hashing, FEN and notation round trips, status and move
    // lists: the kit's suite, its random games starting from each position.
    let playouts = if cfg!(debug_assertions) { 12 } else { 60 };
    let budget = Budget { playouts, max_plies: 300, deep_checks: 10, seed: 7, ..Budget::default() };
    let report = run_from(&rules(), STARTS, &budget);
    report.assert_ok();
    assert!(report.games_finished > 0, "{report}");
}

#[test]
fn incremental_evaluation_matches_a_fresh_position() {
    let mut rng = rng_from_seed(7);
    let games = if cfg!(debug_assertions) { 12 } else { 60 };
    for g in 0..games {
        let mut p = pos(STARTS[g % STARTS.len()]);
        for _ in 0..300 {
            let ms = moves(&p);
            if ms.is_empty() {
                break;
            }
            p.make_move(ms[rng.random_range(0..ms.len())]).unwrap();
            let text = fen(&p);
            assert_eq!(pos(&text).evaluate(), p.evaluate(), "incremental evaluation drifted at {text}");
        }
        while p.unmake_move().is_ok() {}
        assert_eq!(fen(&p), fen(&pos(STARTS[g % STARTS.len()])), "unmaking every move returns to the start");
    }
}

#[test]
fn transpositions_hash_equal() {
    let routes: &[(&[&str], &[&str])] = &[
        (&["Nf3", "Nf6", "Nc3", "Nc6"], &["Nc3", "Nc6", "Nf3", "Nf6"]),
        (&["e4", "e5", "Nf3", "Nc6", "Bb5"], &["Nf3", "Nc6", "e4", "e5", "Bb5"]),
        (&["d4", "d5", "c4", "e6"], &["c4", "e6", "d4", "d5"]),
        // After 1.Nf3 e5 2.e4 the en passant square e3 has no capture: the
        // position equals 1.e4 e5 2.Nf3 (cozy-chess's raw hash differs here).
        (&["e4", "e5", "Nf3"], &["Nf3", "e5", "e4"]),
        (&["e4", "d5", "exd5", "Qd6", "Nc3", "Qxd5"], &["Nc3", "d5", "e4", "Qd6", "exd5", "Qxd5"]),
    ];
    for (a, b) in routes {
        let mut p = start();
        let mut q = start();
        play(&mut p, a);
        play(&mut q, b);
        let (fa, fb) = (fen(&p), fen(&q));
        assert_eq!(fa.split(' ').take(4).collect::<Vec<_>>(), fb.split(' ').take(4).collect::<Vec<_>>());
        assert_eq!(p.hash(), q.hash(), "{a:?} vs {b:?}");
    }
    // Different positions hash differently: side to move, castling, ep.
    let mut p = start();
    let mut q = start();
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    play(&mut q, &["Nf3"]);
    assert_ne!(p.hash(), q.hash());
    assert_ne!(pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").hash(), pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1").hash());
    assert_ne!(pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").hash(), pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").hash());
    assert_ne!(pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").hash(), pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1").hash());
}

#[test]
fn cozy_raw_hash_would_differ_but_ours_does_not() {
    let mut a = ChessPosition::start();
    let mut b = ChessPosition::start();
    for (p, route) in [(&mut a, ["e2e4", "e7e5", "g1f3"]), (&mut b, ["g1f3", "e7e5", "e2e4"])] {
        for t in route {
            let m = p.parse_move(t, rules_api::Notation::COORDINATE).unwrap();
            p.make_move(m).unwrap();
        }
    }
    assert_ne!(a.board().hash(), b.board().hash(), "cozy keeps the uncapturable e3 square");
    assert_eq!(PositionImpl::hash(&a), PositionImpl::hash(&b));
}

#[test]
fn clones_are_independent() {
    let mut p = start();
    play(&mut p, &["e4"]);
    let mut q = p.clone();
    play(&mut q, &["e5"]);
    assert_eq!(fen(&p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    q.unmake_move().unwrap();
    q.unmake_move().unwrap();
    assert_eq!(fen(&q), fen(&start()));
    assert!(q.unmake_move().is_err());
}
