//! The special rules, each through the boundary object: castling and what
//! forbids it, en passant (pinned too), promotion, and every way a game ends.

mod common;
use common::*;
#[allow(unused_imports)]
use rules_api::Rules;
use rules_api::{ErrorKind, HighlightKind, RVec, StatusKind};

fn has(p: &rules_api::PositionBox, uci_text: &str) -> bool {
    moves(p).into_iter().any(|m| uci(p, m) == uci_text)
}

fn assert_over(p: &rules_api::PositionBox, kind: StatusKind, reason: &str) {
    let s = status(p);
    assert_eq!(s.kind, kind, "status of {}", fen(p));
    assert_eq!(s.reason.as_str(), reason, "reason for {}", fen(p));
    assert!(moves(p).is_empty(), "a decided position has no legal moves: {}", fen(p));
}

/// The draw the player to move may claim, or empty.
fn claim(p: &rules_api::PositionBox) -> String {
    p.draw_claim().unwrap().into()
}

/// The game goes on and the player to move may claim `reason`.
fn assert_claim(p: &rules_api::PositionBox, reason: &str) {
    assert_ongoing(p);
    assert_eq!(claim(p), reason, "claim in {}", fen(p));
}

fn assert_ongoing(p: &rules_api::PositionBox) {
    let s = status(p);
    assert!(s.is_ongoing(), "{} should be ongoing, got {:?}", fen(p), s);
    assert!(!moves(p).is_empty());
}

// ---------------------------------------------------------------- castling

#[test]
fn both_castlings_for_both_sides() {
    let mut p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert!(has(&p, "e1g1") && has(&p, "e1c1"));
    let short = parse(&p, "O-O");
    assert_eq!((short.from, short.to), (4, 6), "castling is the king's two-square move");
    assert_eq!(san(&p, short), "O-O");
    p.make_move(short).unwrap();
    assert_eq!(fen(&p), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1");
    assert!(has(&p, "e8g8") && has(&p, "e8c8"));
    let long = parse(&p, "O-O-O");
    assert_eq!((long.from, long.to), (60, 58));
    assert_eq!(san(&p, long), "O-O-O");
    p.make_move(long).unwrap();
    assert_eq!(fen(&p), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    p.unmake_move().unwrap();
    p.unmake_move().unwrap();
    assert_eq!(fen(&p), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");

    let mut q = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    play(&mut q, &["O-O-O"]);
    assert_eq!(fen(&q), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1");
    play(&mut q, &["O-O"]);
    assert_eq!(fen(&q), "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2");
}

#[test]
fn no_castling_through_or_into_an_attacked_square() {
    // Black rook on f8 covers f1: no O-O. The queen's side stays open.
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1g1"));
    assert!(has(&p, "e1c1"));
    // Landing square g1 attacked.
    let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1g1"));
    // d1 attacked: no O-O-O; b1 attacked only matters to the rook: allowed.
    let p = pos("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1c1") && has(&p, "e1g1"));
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(has(&p, "e1c1"), "the rook may pass an attacked square");
    // A piece in between.
    let p = pos("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    assert!(!has(&p, "e1g1") && !has(&p, "e1c1"));
    assert!(try_parse(&p, "O-O").is_err());
}

#[test]
fn no_castling_out_of_check() {
    let p = pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1g1") && !has(&p, "e1c1"));
    let e = try_parse(&p, "O-O").unwrap_err();
    assert_eq!(e.kind, ErrorKind::ILLEGAL_MOVE);
}

#[test]
fn castling_rights_are_lost_by_moving_or_losing_pieces() {
    // The king's rook goes and comes back: no more O-O, O-O-O still there.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, &["Rh2", "Rh7", "Rh1", "Rh8"]);
    assert!(!has(&p, "e1g1") && has(&p, "e1c1"));
    assert_eq!(fen(&p), "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
    // The king goes and comes back: no castling at all.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, &["Kf1", "Kf8", "Ke1", "Ke8"]);
    assert!(!has(&p, "e1g1") && !has(&p, "e1c1"));
    assert_eq!(fen(&p).split(' ').nth(2), Some("-"));
    // A rook captured on its corner takes the right with it.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, &["Rxa8+"]);
    assert_eq!(fen(&p).split(' ').nth(2), Some("Kk"));
}

// -------------------------------------------------------------- en passant

#[test]
fn en_passant_capture_and_its_window() {
    let mut p = pos("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1");
    play(&mut p, &["d4"]);
    assert_eq!(fen(&p), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(has(&p, "e4d3"));
    let ep = parse(&p, "exd3");
    assert_eq!(san(&p, ep), "exd3");
    let info = infos(&p, &[ep])[0];
    assert!(info.flags.contains(rules_api::MoveFlags::CAPTURE));
    p.make_move(ep).unwrap();
    assert_eq!(fen(&p), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
    p.unmake_move().unwrap();
    // Only on the very next move.
    play(&mut p, &["Ke7", "Ke2"]);
    assert!(!has(&p, "e4d3"));
    assert!(try_parse(&p, "exd3").is_err());
}

#[test]
fn en_passant_square_is_written_only_when_a_capture_is_legal() {
    let mut p = start();
    play(&mut p, &["e4"]);
    assert_eq!(fen(&p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

#[test]
fn pinned_en_passant_is_illegal() {
    // bxc6 e.p. would clear the fifth rank and expose the king to the rook.
    let p = pos("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    assert!(!has(&p, "b5c6"));
    assert!(try_parse(&p, "bxc6").is_err());
    // ... so the FEN does not keep the square either.
    assert_eq!(fen(&p), "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1");
    // Without the rook it is legal.
    let p = pos("8/8/8/KPp5/8/8/8/4k3 w - c6 0 1");
    assert!(has(&p, "b5c6"));
    // Diagonal pin of the capturing pawn (c3-e5-g7): exd6 leaves the line.
    let p = pos("4k3/6b1/8/3pP3/8/2K5/8/8 w - d6 0 1");
    assert!(!has(&p, "e5d6"));
    // Pinned along the capture's own diagonal (h2-e5-d6): legal.
    let p = pos("4k3/8/2b5/3pP3/8/8/7K/8 w - d6 0 1");
    assert!(has(&p, "e5d6"));
}

// --------------------------------------------------------------- promotion

#[test]
fn four_promotions_with_extra_and_pieces() {
    let p = pos("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let promos: Vec<_> = moves(&p).into_iter().filter(|m| m.from == 52 && m.to == 60).collect();
    let mut extras: Vec<u16> = promos.iter().map(|m| m.extra).collect();
    extras.sort();
    assert_eq!(extras, vec![2, 3, 4, 5], "knight, bishop, rook, queen");
    for (text, kind) in [("e8=N", 1u16), ("e8=B", 2), ("e8=R", 3), ("e8=Q", 4)] {
        let mut q = p.clone();
        let m = parse(&q, text);
        assert_eq!(m.extra, kind + 1);
        assert_eq!(uci(&q, m), format!("e7e8{}", text.chars().last().unwrap().to_ascii_lowercase()));
        q.make_move(m).unwrap();
        let mut pieces = RVec::new();
        q.pieces(&mut pieces).unwrap();
        let on_e8 = pieces.iter().find(|pc| pc.cell == 60).unwrap();
        assert_eq!((on_e8.owner, on_e8.kind), (0, kind));
        assert!(!pieces.iter().any(|pc| pc.cell == 52));
    }
    // Capturing promotions, and the info flags.
    let m = parse(&p, "exd8=Q");
    let info = infos(&p, &[m])[0];
    assert!(info
        .flags
        .contains(rules_api::MoveFlags::PROMOTION | rules_api::MoveFlags::CAPTURE | rules_api::MoveFlags::TACTICAL));
    // A pawn move to the last rank without a piece is refused.
    let e = try_parse(&p, "e8").unwrap_err();
    assert!(e.message.contains("promotion"), "{}", e.message);
    assert!(p.clone().make_move(rules_api::Move::new(52, 60)).is_err());
}

// ------------------------------------------------------------- game ending

#[test]
fn checkmate_is_a_win_for_the_other_side() {
    let mut p = start();
    play(&mut p, &["f3", "e5", "g4"]);
    let mate = parse(&p, "Qh4");
    assert_eq!(san(&p, mate), "Qh4#");
    p.make_move(mate).unwrap();
    let s = status(&p);
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 1, "checkmate"));
    assert!(moves(&p).is_empty());
    let mut hl = RVec::new();
    p.highlights(&mut hl).unwrap();
    assert_eq!(hl.len(), 1);
    assert_eq!((hl[0].cell, hl[0].kind), (4, HighlightKind::CHECK), "the mated king on e1");
    // Nothing can be played any more.
    let e = p.make_move(rules_api::Move::new(12, 20)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ILLEGAL_MOVE);
    p.unmake_move().unwrap();
    assert_ongoing(&p);
}

#[test]
fn check_is_highlighted() {
    let mut p = start();
    play(&mut p, &["e4", "d6", "Bb5+"]);
    let mut hl = RVec::new();
    p.highlights(&mut hl).unwrap();
    assert_eq!(hl.len(), 1);
    assert_eq!(hl[0].cell, 60);
    p.unmake_move().unwrap();
    p.highlights(&mut hl).unwrap();
    assert!(hl.is_empty());
}

#[test]
fn stalemate_is_a_draw() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_over(&p, StatusKind::DRAW, "stalemate");
    let mut p = pos("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    play(&mut p, &["Qf7"]);
    assert_over(&p, StatusKind::DRAW, "stalemate");
}

#[test]
fn fifty_moves_allow_a_claim_and_the_game_goes_on() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    play(&mut p, &["Ra2"]);
    assert_eq!(claim(&p), "");
    play(&mut p, &["Ke7"]);
    assert_eq!(fen(&p).split(' ').nth(4), Some("100"));
    assert_ongoing(&p);
    assert_eq!(claim(&p), "fifty-move rule");
    // Unclaimed, play goes on and the claim stays open.
    play(&mut p, &["Ra3"]);
    assert_eq!((fen(&p).split(' ').nth(4), claim(&p).as_str()), (Some("101"), "fifty-move rule"));
    // A pawn move or a capture resets the clock.
    let mut p = pos("4k3/4p3/8/8/8/8/8/R3K3 b - - 99 80");
    play(&mut p, &["e5"]);
    assert_ongoing(&p);
    assert_eq!(fen(&p).split(' ').nth(4), Some("0"));
    assert_eq!(claim(&p), "");
    // A FEN already at 100 may be claimed.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_ongoing(&p);
    assert_eq!(claim(&p), "fifty-move rule");
}

#[test]
fn seventy_five_moves_draw_automatically() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 148 80");
    play(&mut p, &["Ra2"]);
    assert_ongoing(&p);
    play(&mut p, &["Ke7"]);
    assert_eq!(fen(&p).split(' ').nth(4), Some("150"));
    assert_over(&p, StatusKind::DRAW, "seventy-five-move rule");
    assert_eq!(claim(&p), "", "a finished game has nothing to claim");
    let e = p.make_move(rules_api::Move::new(8, 0)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ILLEGAL_MOVE);
    p.unmake_move().unwrap();
    assert_ongoing(&p);
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 150 80");
    assert_over(&p, StatusKind::DRAW, "seventy-five-move rule");
}

#[test]
fn mate_on_the_last_half_move_wins() {
    let mut p = pos("7k/8/6K1/8/8/8/8/R7 w - - 149 80");
    play(&mut p, &["Ra8#"]);
    assert_eq!(fen(&p).split(' ').nth(4), Some("150"));
    let s = status(&p);
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 0, "checkmate"));
    assert_eq!(claim(&p), "");
    // The same clock without mate is a draw.
    let mut p = pos("7k/8/6K1/8/8/8/8/R7 w - - 149 80");
    play(&mut p, &["Ra7"]);
    assert_over(&p, StatusKind::DRAW, "seventy-five-move rule");
    // At a hundred half-moves a mate still wins, with no claim to make.
    let mut p = pos("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&mut p, &["Ra8#"]);
    assert_eq!((status(&p).kind, claim(&p).as_str()), (StatusKind::WIN, ""));
}

#[test]
fn threefold_repetition_allows_a_claim_and_fivefold_ends_the_game() {
    let mut p = start();
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    assert_ongoing(&p); // second occurrence
    assert_eq!(claim(&p), "");
    play(&mut p, &["Nf3", "Nf6", "Ng1"]);
    assert_eq!(claim(&p), "");
    play(&mut p, &["Ng8"]);
    assert_ongoing(&p);
    assert_eq!(claim(&p), "threefold repetition");
    p.unmake_move().unwrap();
    assert_eq!(claim(&p), "");
    play(&mut p, &["Ng8"]);
    // The fourth occurrence: still a claim, still going on.
    play(&mut p, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    assert_ongoing(&p);
    assert_eq!(claim(&p), "threefold repetition");
    // The fifth ends the game by itself.
    play(&mut p, &["Nf3", "Nf6", "Ng1"]);
    assert_ongoing(&p);
    play(&mut p, &["Ng8"]);
    assert_over(&p, StatusKind::DRAW, "fivefold repetition");
    assert_eq!(claim(&p), "");
    // Different routes back to the start position count the same.
    let mut p = start();
    play(&mut p, &["Nc3", "Nc6", "Nb1", "Nb8", "Nf3", "Nf6", "Ng1"]);
    assert_eq!(claim(&p), "");
    play(&mut p, &["Ng8"]);
    assert_eq!(claim(&p), "threefold repetition");
}

#[test]
fn threefold_ignores_an_en_passant_square_without_a_legal_capture() {
    // After 1.e4 no black pawn can take en passant, so the position after
    // 1.e4 is the same as after 3.Ng1 and 5.Ng1.
    let mut p = start();
    play(&mut p, &["e4"]);
    let h = p.hash();
    play(&mut p, &["Nf6", "Nf3", "Ng8", "Ng1"]);
    assert_eq!(p.hash(), h);
    assert_ongoing(&p);
    play(&mut p, &["Nf6", "Nf3", "Ng8", "Ng1"]);
    assert_claim(&p, "threefold repetition");
}

#[test]
fn threefold_counts_a_real_en_passant_right_as_a_difference() {
    // After 1.e4 Black can take en passant (dxe3), so that position differs
    // from the later ones with the same placement.
    let mut p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut p, &["e4"]);
    let with_ep = p.hash();
    assert!(has(&p, "d4e3"));
    play(&mut p, &["Ke7", "Ke2", "Ke8", "Ke1"]);
    assert_ne!(p.hash(), with_ep, "same placement, but no en passant right now");
    play(&mut p, &["Ke7", "Ke2", "Ke8", "Ke1"]);
    assert_claim(&p, ""); // third placement, but only the second equal position
                          // A detour so that no intermediate position repeats a third time first.
    play(&mut p, &["Kd7", "Kd2", "Ke8"]);
    assert_ongoing(&p);
    play(&mut p, &["Ke1"]);
    assert_claim(&p, "threefold repetition");
}

#[test]
fn threefold_ignores_a_pinned_en_passant_capture() {
    // 1...c5 gives White an en passant square, but bxc6 would expose the a5
    // king to the h5 rook, so the position equals the later ones.
    let mut p = pos("4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1");
    play(&mut p, &["c5"]);
    assert!(!has(&p, "b5c6"));
    let h = p.hash();
    play(&mut p, &["Ka4", "Kd8", "Ka5", "Ke8"]);
    assert_eq!(p.hash(), h);
    play(&mut p, &["Ka4", "Kd8", "Ka5", "Ke8"]);
    assert_claim(&p, "threefold repetition");
}

#[test]
fn insufficient_material_draws() {
    for (fen_text, what) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K v K"),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "K+N v K"),
        ("4k3/8/8/8/8/8/8/2B1K3 b - - 0 1", "K+B v K"),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "K+B v K+B, both on dark squares"),
        ("4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", "K+B+B v K, bishops on one colour"),
        ("3bkb2/8/8/8/8/8/8/B1B1K3 w - - 0 1", "four bishops on one colour"),
    ] {
        let p = pos(fen_text);
        let s = status(&p);
        assert_eq!((s.kind, s.reason.as_str()), (StatusKind::DRAW, "insufficient material"), "{what}");
        assert!(moves(&p).is_empty(), "{what}");
    }
    for (fen_text, what) in [
        ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "K+N+N v K"),
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "K+B v K+B on opposite colours"),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", "K+N v K+N"),
        ("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", "K+B v K+N"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "K+P v K"),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "K+R v K"),
    ] {
        let p = pos(fen_text);
        assert_ongoing(&p);
        let _ = what;
    }
    // Reached by a capture.
    let mut p = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_ongoing(&p);
    play(&mut p, &["Kxd2"]);
    assert_over(&p, StatusKind::DRAW, "insufficient material");
}

#[test]
fn status_buffers_are_cleared_by_the_adapter() {
    // legal_moves writes nothing once decided, even into a dirty buffer.
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let mut v = RVec::from(vec![rules_api::Move::new(1, 2)]);
    p.legal_moves(&mut v).unwrap();
    assert!(v.is_empty());
}
