//! The search facts of rules-api 0.2: position flags (in check, zugzwang
//! risk), the bulk move count, the null move and the IRREVERSIBLE move flag.
//! Each is checked through the boundary object and directly on
//! `ChessPosition`, which must agree.

mod common;
use common::*;
use rules_api::plugin::PositionImpl;
use rules_api::{ErrorKind, MoveFlags, PositionBox, PositionExt, PositionFlags, RVec};
use tabula_chess::ChessPosition;
use tabula_kit::rand::Rng as _;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
];

fn direct(fen: &str) -> ChessPosition {
    ChessPosition::from_fen(fen).unwrap().with_claims()
}

fn count_direct(p: &ChessPosition) -> u64 {
    PositionImpl::count_legal_moves(p, &mut RVec::new())
}

fn direct_moves(p: &ChessPosition) -> Vec<rules_api::Move> {
    let mut v = RVec::new();
    PositionImpl::legal_moves(p, &mut v);
    v.into_iter().collect()
}

/// Both paths report the same flags; returns them.
fn flags_of(fen_text: &str) -> PositionFlags {
    let f = pos(fen_text).flags();
    assert_eq!(direct(fen_text).flags(), f, "{fen_text}");
    f
}

#[test]
fn in_check_flag_from_known_positions() {
    let checked = [
        // Fool's mate: White is mated.
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        // A bishop check that can be blocked.
        "rnbqk1nr/pppp1ppp/8/4p3/1b1P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 3",
        // Double check by knight and rook.
        "4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1",
        // Black in check from a pawn.
        "4k3/3P4/8/8/8/8/8/4K3 b - - 0 1",
        // Perft position 4: the b6 bishop checks the g1 king.
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ];
    for f in checked {
        assert!(flags_of(f).contains(PositionFlags::IN_CHECK), "{f}");
    }
    for f in [STARTS[0], KIWIPETE, STARTS[2], "4k3/8/8/8/8/8/8/r2NK3 w - - 0 1"] {
        assert!(!flags_of(f).contains(PositionFlags::IN_CHECK), "{f}");
    }
}

#[test]
fn zugzwang_risk_flag_when_the_mover_has_only_king_and_pawns() {
    for f in
        ["4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4KN2 b - - 0 1", "8/8/8/8/8/8/8/k6K w - - 0 1"]
    {
        assert!(flags_of(f).contains(PositionFlags::ZUGZWANG_RISK), "{f}");
    }
    for f in [STARTS[0], "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "4k3/p7/8/8/8/8/8/4K2R w - - 0 1"] {
        assert!(!flags_of(f).contains(PositionFlags::ZUGZWANG_RISK), "{f}");
    }
    // Both flags at once.
    assert_eq!(flags_of("4k3/3P4/8/8/8/8/8/4K3 b - - 0 1"), PositionFlags::IN_CHECK | PositionFlags::ZUGZWANG_RISK);
}

#[test]
fn bulk_count_counts_promotions_four_times_and_castling_once() {
    // a7-a8 = four promotions, plus three king moves.
    let f = "8/P7/8/8/8/8/8/k6K w - - 0 1";
    assert_eq!(pos(f).count_legal_moves().unwrap(), 7);
    assert_eq!(count_direct(&direct(f)), 7);
    // Kiwipete has both castlings among its 48 moves.
    assert_eq!(pos(KIWIPETE).count_legal_moves().unwrap(), 48);
    assert_eq!(count_direct(&direct(KIWIPETE)), 48);
}

#[test]
fn bulk_count_is_zero_when_the_game_is_over() {
    for (f, why) in [
        ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "checkmate"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),
        ("8/8/4k3/8/8/3BK3/8/8 w - - 0 1", "insufficient material"),
        ("4k3/8/8/8/8/8/4P3/R3K3 w - - 150 80", "seventy-five-move rule"),
    ] {
        let p = pos(f);
        assert_eq!(status(&p).reason.as_str(), why);
        assert_eq!(p.count_legal_moves().unwrap(), 0, "{f}");
        assert_eq!(count_direct(&direct(f)), 0, "{f}");
    }
    let mut p = start();
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
    assert_eq!(p.count_legal_moves().unwrap(), 20, "a threefold repetition is claimed, not the end");
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]);
    assert_eq!(status(&p).reason.as_str(), "fivefold repetition");
    assert_eq!(p.count_legal_moves().unwrap(), 0);
}

#[test]
fn bulk_count_agrees_with_the_move_list_at_every_node_of_small_perfts() {
    for f in STARTS {
        let mut p = pos(f);
        let mut buffers: Vec<RVec<rules_api::Move>> = (0..3).map(|_| RVec::new()).collect();
        let checked = checked_perft(&mut p, 3, &mut buffers);
        assert_eq!(checked, tabula_kit::perft::perft(&mut p, 3).unwrap(), "{f}");
    }
}

/// Perft that lists every node's moves and checks the bulk count against
/// the list at each of them.
fn checked_perft(p: &mut PositionBox, depth: usize, buffers: &mut [RVec<rules_api::Move>]) -> u64 {
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    p.legal_moves(buf).unwrap();
    assert_eq!(p.count_legal_moves().unwrap(), buf.len() as u64, "count_legal_moves in {}", p.to_text().unwrap());
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for i in 0..buf.len() {
        p.make_move(buf[i]).unwrap();
        nodes += checked_perft(p, depth - 1, rest);
        p.unmake_move().unwrap();
    }
    nodes
}

#[test]
fn null_move_is_refused_in_check_and_when_the_game_is_over() {
    for (f, words) in [
        ("rnbqk1nr/pppp1ppp/8/4p3/1b1P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 3", "in check"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),
        ("8/8/4k3/8/8/3BK3/8/8 w - - 0 1", "insufficient material"),
    ] {
        let mut p = pos(f);
        let e = p.make_null_move().unwrap_err();
        assert_eq!(e.kind, ErrorKind::ILLEGAL_MOVE);
        assert!(e.message.contains(words), "{}", e.message);
        assert_eq!(fen(&p), f, "a refused null move changes nothing");
        assert!(p.unmake_move().is_err(), "nothing was pushed");
        let mut d = direct(f);
        assert_eq!(d.make_null_move().unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
    }
}

#[test]
fn null_move_passes_the_turn_and_unmake_takes_it_back() {
    // After 1.e4 d5 2.e5 f5 White may take en passant; the null move ends that right.
    let f = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    for boxed in [true, false] {
        let (text_before, hash_before, text_after, hash_after) = if boxed {
            let mut p = pos(f);
            let (t, h) = (fen(&p), p.hash());
            p.make_null_move().unwrap();
            let after = (fen(&p), p.hash());
            assert_eq!(p.side_to_move(), 1);
            p.unmake_move().unwrap();
            assert_eq!((fen(&p), p.hash()), (t.clone(), h));
            (t, h, after.0, after.1)
        } else {
            let mut p = direct(f);
            let (t, h) = (p.to_text(), PositionImpl::hash(&p));
            p.make_null_move().unwrap();
            let after = (p.to_text(), PositionImpl::hash(&p));
            p.unmake_move().unwrap();
            assert_eq!((p.to_text(), PositionImpl::hash(&p)), (t.clone(), h));
            (t, h, after.0, after.1)
        };
        assert_eq!(text_before, f);
        // Black to move, no en passant square, the clocks advanced like a quiet move.
        assert_eq!(text_after, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3");
        assert_ne!(hash_after, hash_before);
        // The hash is that of the same position read from its text.
        assert_eq!(hash_after, pos(&text_after).hash());
    }
    // Black passes: the move number advances.
    let mut p = pos("4k3/8/8/8/8/8/8/4K2R b K - 3 40");
    p.make_null_move().unwrap();
    assert_eq!(fen(&p), "4k3/8/8/8/8/8/8/4K2R w K - 4 41");
    assert_eq!(p.count_legal_moves().unwrap(), moves(&p).len() as u64);
}

#[test]
fn positions_on_either_side_of_a_null_move_are_not_repetitions_of_each_other() {
    // The start position twice, then two null moves bring it back a third
    // time: that is no threefold repetition, the passes are not moves.
    let mut p = start();
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    p.make_null_move().unwrap();
    p.make_null_move().unwrap();
    assert_eq!(
        fen(&p).split(' ').take(4).collect::<Vec<_>>(),
        ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-"]
    );
    assert_eq!(p.hash(), start().hash());
    assert!(status(&p).is_ongoing(), "{:?}", status(&p));
    assert_eq!(p.count_legal_moves().unwrap(), 20);
    // Nor does the game before the null move count for positions after it:
    // one more knight tour would be the fifth visit of the start position.
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    assert!(status(&p).is_ongoing(), "{:?}", status(&p));
    // Repetitions within the line after the null move do count.
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    assert!(status(&p).is_ongoing(), "{:?}", status(&p));
    assert_eq!(p.draw_claim().unwrap().as_str(), "threefold repetition");
    // Taking everything back restores the real game's bookkeeping.
    for _ in 0..10 {
        p.unmake_move().unwrap();
    }
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    assert_eq!(p.draw_claim().unwrap().as_str(), "threefold repetition");
}

#[test]
fn a_repetition_right_after_a_null_move_counts_from_the_null_move_on() {
    // White passes; then Black and White shuffle knights back to the
    // position after the pass twice more: threefold within the null line.
    let mut p = start();
    p.make_null_move().unwrap();
    play(&mut p, &["Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8"]);
    assert!(status(&p).is_ongoing());
    assert_eq!(p.draw_claim().unwrap().as_str(), "");
    play(&mut p, &["Ng1"]);
    assert!(status(&p).is_ongoing());
    assert_eq!(p.draw_claim().unwrap().as_str(), "threefold repetition");
}

/// Random playouts on both paths in lockstep, mixing in null moves: flags,
/// counts, hashes and texts agree between the paths and with independent
/// facts (check marks in SAN, the piece list, a fresh parse of the text),
/// and unwinding restores every earlier text and hash.
#[test]
fn random_playouts_with_null_moves_agree_on_every_fact() {
    let mut rng = rng_from_seed(2026);
    let games = if cfg!(debug_assertions) { 12 } else { 80 };
    for g in 0..games {
        let start_fen = STARTS[g % STARTS.len()];
        let mut b = pos(start_fen);
        let mut d = direct(start_fen);
        let mut trail = vec![(fen(&b), b.hash())];
        let mut last_san = String::new();
        for _ in 0..200 {
            let text = fen(&b);
            assert_eq!(d.to_text(), text);
            let flags = b.flags();
            assert_eq!(d.flags(), flags, "{text}");
            // In check exactly when the move that led here was written with + or #.
            if !last_san.is_empty() {
                let checking = last_san.ends_with('+') || last_san.ends_with('#');
                assert_eq!(flags.contains(PositionFlags::IN_CHECK), checking, "{text} after {last_san}");
            }
            let stm = b.side_to_move();
            let only_king_and_pawns =
                b.piece_list().unwrap().iter().filter(|p| p.owner == stm).all(|p| p.kind == 0 || p.kind == 5);
            assert_eq!(flags.contains(PositionFlags::ZUGZWANG_RISK), only_king_and_pawns, "{text}");
            let ms = moves(&b);
            assert_eq!(direct_moves(&d), ms);
            assert_eq!(b.count_legal_moves().unwrap(), ms.len() as u64, "{text}");
            assert_eq!(count_direct(&d), ms.len() as u64, "{text}");
            if ms.is_empty() {
                assert!(!status(&b).is_ongoing());
                assert!(b.make_null_move().is_err());
                break;
            }
            let can_pass = !flags.contains(PositionFlags::IN_CHECK);
            if rng.random_range(0..6) == 0 {
                assert_eq!(b.make_null_move().is_ok(), can_pass, "{text}");
                assert_eq!(d.make_null_move().is_ok(), can_pass, "{text}");
                if !can_pass {
                    // Refused: nothing happened.
                    assert_eq!(fen(&b), text);
                    continue;
                }
                last_san.clear();
            } else {
                let m = ms[rng.random_range(0..ms.len())];
                last_san = san(&b, m);
                b.make_move(m).unwrap();
                d.make_move(m).unwrap();
            }
            let text = fen(&b);
            assert_eq!(pos(&text).hash(), b.hash(), "hash of {text} differs from a fresh parse");
            assert_eq!(PositionImpl::hash(&d), b.hash());
            trail.push((text, b.hash()));
        }
        while trail.len() > 1 {
            trail.pop();
            b.unmake_move().unwrap();
            d.unmake_move().unwrap();
            let (text, hash) = trail.last().unwrap();
            assert_eq!(&fen(&b), text);
            assert_eq!(b.hash(), *hash);
            assert_eq!(&d.to_text(), text);
        }
        assert!(b.unmake_move().is_err());
    }
}

fn flags_of_moves(p: &PositionBox, texts: &[&str]) -> Vec<MoveFlags> {
    let ms: Vec<rules_api::Move> = texts.iter().map(|t| parse(p, t)).collect();
    infos(p, &ms).into_iter().map(|i| i.flags).collect()
}

#[test]
fn irreversible_moves_in_kiwipete() {
    let p = pos(KIWIPETE);
    let irreversible = [
        "dxe6",  // pawn capture
        "Nxf7",  // piece capture
        "d6",    // pawn move
        "a3",    // pawn move
        "O-O",   // castling
        "O-O-O", // castling
        "Kf1",   // king move with castling rights: both are lost
        "Rb1",   // the a1 rook: the long castling right is lost
        "Rf1",   // the h1 rook: the short castling right is lost
    ];
    for (t, f) in irreversible.iter().zip(flags_of_moves(&p, &irreversible)) {
        assert!(f.contains(MoveFlags::IRREVERSIBLE), "{t}");
    }
    let reversible = ["Nb1", "Qg3", "Bc1", "Nd3", "Bd1"];
    for (t, f) in reversible.iter().zip(flags_of_moves(&p, &reversible)) {
        assert!(!f.contains(MoveFlags::IRREVERSIBLE), "{t}");
    }
    // The direct path says the same.
    let d = direct(KIWIPETE);
    let ms = direct_moves(&d);
    let mut out = RVec::new();
    PositionImpl::move_infos(&d, &ms, &mut out);
    assert_eq!(out.into_iter().collect::<Vec<_>>(), infos(&p, &ms));
}

#[test]
fn king_and_rook_moves_without_castling_rights_are_reversible() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    for (t, f) in ["Kf1", "Rb1", "Rh4"].iter().zip(flags_of_moves(&p, &["Kf1", "Rb1", "Rh4"])) {
        assert!(!f.contains(MoveFlags::IRREVERSIBLE), "{t}");
    }
    // Capturing a rook on its corner takes a castling right away (and is a capture anyway).
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    assert!(flags_of_moves(&p, &["Rxa8+"])[0].contains(MoveFlags::IRREVERSIBLE));
}

#[test]
fn every_move_from_a_position_with_a_legal_en_passant_capture_is_irreversible() {
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    for info in infos(&p, &moves(&p)) {
        assert!(info.flags.contains(MoveFlags::IRREVERSIBLE));
    }
    // Without the capture the same quiet move is reversible.
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert!(!flags_of_moves(&p, &["Nf3"])[0].contains(MoveFlags::IRREVERSIBLE));
}

/// Over random playouts: a move not flagged IRREVERSIBLE keeps the
/// reversible-move clock running, and no position from before an
/// IRREVERSIBLE move ever comes back after it.
#[test]
fn irreversible_flags_hold_over_random_playouts() {
    let mut rng = rng_from_seed(99);
    let games = if cfg!(debug_assertions) { 10 } else { 60 };
    for g in 0..games {
        let mut p = pos(STARTS[g % STARTS.len()]);
        let mut behind: Vec<u64> = Vec::new();
        let mut since: Vec<u64> = vec![p.hash()];
        for _ in 0..250 {
            let ms = moves(&p);
            if ms.is_empty() {
                break;
            }
            // Prefer reversible moves so that repetitions have a chance.
            let is = infos(&p, &ms);
            let quiet: Vec<usize> = (0..ms.len()).filter(|&i| !is[i].flags.contains(MoveFlags::IRREVERSIBLE)).collect();
            let i = if !quiet.is_empty() && rng.random_range(0..5) != 0 {
                quiet[rng.random_range(0..quiet.len())]
            } else {
                rng.random_range(0..ms.len())
            };
            let clock = |p: &PositionBox| fen(p).split(' ').nth(4).unwrap().parse::<u32>().unwrap();
            let before = clock(&p);
            p.make_move(ms[i]).unwrap();
            if is[i].flags.contains(MoveFlags::IRREVERSIBLE) {
                behind.append(&mut since);
            } else {
                assert_eq!(clock(&p), before + 1, "a reversible move keeps the clock running");
            }
            let h = p.hash();
            assert!(!behind.contains(&h), "a position from before an irreversible move came back: {}", fen(&p));
            since.push(h);
        }
    }
}
