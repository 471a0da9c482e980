//! One test per rule of kriegspiel under the ICC "wild 16" rules (the ICC
//! help page "Kriegspiel"), and each place OpenSpiel's `kriegspiel` differs
//! from them (see `tests/reference/kriegspiel_reference.py`).

mod common;

use common::{after, offers, told, tries};
use rules_api::{Notation, PositionExt, RulesExt, StatusKind};

#[test]
fn tries_are_the_moves_of_ones_own_pieces_as_if_the_enemy_were_not_there() {
    let p = after("", "");
    // 16 pawn advances, 14 pawn captures on empty diagonals, 4 knight moves.
    assert_eq!(tries(&p).len(), 34, "{:?}", tries(&p));
    assert!(offers(&p, "e2d3") && offers(&p, "e2e4") && offers(&p, "g1f3"));
    // A bishop's try runs over the board as if the black pawn were not there.
    let p = after("4k3/8/8/8/3p4/8/8/B3K3 w - - 0 1", "");
    assert!(offers(&p, "a1h8"));
    // A move that is impossible whatever the enemy has ("Hell no") is no try.
    assert!(!offers(&p, "a1a2") && !offers(&p, "e1e3"));
}

#[test]
fn a_refused_try_is_told_to_the_mover_alone_who_tries_again() {
    let p = after("4k3/p7/8/8/3p4/8/8/B3K3 w - - 0 1", "a1h8");
    assert_eq!(told(&p, 0), "Illegal move.");
    assert_eq!(told(&p, 1), "", "the ICC tells the opponent nothing (OpenSpiel shows both 'Illegal move.')");
    assert_eq!(p.side_to_move(), 0, "the same player tries again");
    assert!(!offers(&p, "a1h8"), "a refused try is not offered again this turn");
    assert!(offers(&p, "a1c3"));
    assert_eq!(p.text().unwrap(), "4k3/p7/8/8/3p4/8/8/B3K3 w - - 0 1 | tried a1h8");
    let p = after("4k3/p7/8/8/3p4/8/8/B3K3 w - - 0 1", "a1h8 a1d4");
    assert_eq!(told(&p, 1), "Pawn at d4 captured. Black's move.");
    assert_eq!(p.text().unwrap(), "4k3/p7/8/8/3B4/8/8/4K3 b - - 0 1", "the refusals are forgotten after the move");
}

#[test]
fn moving_into_check_and_castling_through_check_are_refused() {
    let p = after("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1f1");
    assert_eq!(told(&p, 0), "Illegal move.", "the king may not walk onto the rook's file");
    let p = after("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1");
    assert_eq!(told(&p, 0), "Illegal move.", "f1 is attacked: no castling through it");
    let p = after("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1 e1c1");
    assert_eq!(told(&p, 1), "Black's move.");
    assert_eq!(p.text().unwrap(), "4kr2/8/8/8/8/8/8/2KR3R b - - 1 1");
}

#[test]
fn captures_are_announced_as_pawn_or_piece_with_the_square() {
    let p = after("", "e2e4 d7d5 e4d5");
    assert_eq!(told(&p, 0), "Pawn at d5 captured. Black's move.");
    assert_eq!(told(&p, 1), told(&p, 0), "both players hear a legal move's announcement");
    let p = after("", "e2e4 d7d5 e4d5 d8d5");
    assert_eq!(told(&p, 0), "Pawn at d5 captured. White's move.");
    let p = after("", "e2e4 d7d5 e4d5 d8d5 b1c3 d5e5 f1e2 e5e2");
    assert_eq!(told(&p, 0), "Piece at e2 captured. File check. White's move.", "a bishop is a 'piece'");
}

#[test]
fn en_passant_announces_the_square_the_pawn_stood_on() {
    // OpenSpiel announces no capture here (it looks on the target square).
    let p = after("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4");
    assert_eq!(told(&p, 1), "Black's move. 1 pawn try.");
    let p = after("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4 f4e3");
    assert_eq!(told(&p, 0), "Pawn at e4 captured. White's move.");
}

#[test]
fn checks_are_announced_by_direction() {
    for (fen, try_, words) in [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Rank check. Black's move."),
        ("4k3/8/8/8/8/8/8/R5K1 w - - 0 1", "a1e1", "File check. Black's move."),
        // From e8 the a4-e8 diagonal is the longer one, e8-h5 the shorter.
        ("4k3/7p/8/8/8/8/8/3BK3 w - - 0 1", "d1a4", "Long-diagonal check. Black's move."),
        ("4k3/7p/8/8/8/8/8/3BK3 w - - 0 1", "d1h5", "Short-diagonal check. Black's move."),
        ("4k3/7p/8/8/4N3/8/8/4K3 w - - 0 1", "e4d6", "Knight check. Black's move."),
        ("4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4f6", "File check. Knight check. Black's move."),
    ] {
        let p = after(fen, try_);
        assert_eq!(told(&p, 0), words, "{fen} {try_}");
        assert_eq!(told(&p, 1), words, "{fen} {try_}");
    }
}

#[test]
fn pawn_tries_count_only_legal_pawn_captures() {
    let p = after("", "e2e4 d7d5");
    assert_eq!(told(&p, 0), "White's move. 1 pawn try.");
    let p = after("", "e2e4 d7d5 d2d4 f7f5");
    assert_eq!(told(&p, 0), "White's move. 2 pawn tries.", "e4xd5 and e4xf5");
    // A pinned pawn's capture is no legal move, so no pawn try.
    let p = after("4r1k1/8/8/3p4/4P3/8/8/4K3 b - - 0 1", "g8h8");
    assert_eq!(told(&p, 0), "White's move.");
}

#[test]
fn checkmate_ends_the_game_at_once() {
    // OpenSpiel lets the mated side go on trying until every try is refused.
    let p = after("", "f2f3 e7e5 g2g4 d8h4");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 1, "checkmate"));
    assert!(p.moves().unwrap().is_empty(), "no tries after mate");
    assert_eq!(told(&p, 0), "Short-diagonal check. White's move. Checkmate.");
    // The one mate three tries deep from Kiwipete: OpenSpiel offers Black
    // 54 more tries there (all refused), hence its perft 4 of 11577080
    // against 11577026 (tests/data/perft.epd).
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let p = after(kiwipete, "f3f6 e7d8 f6f7");
    assert_eq!(p.outcome().unwrap().reason.as_str(), "checkmate");
    assert!(p.moves().unwrap().is_empty());
}

#[test]
fn stalemate_and_insufficient_material_draw() {
    let p = after("k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "e1f2");
    assert_eq!(p.outcome().unwrap().reason.as_str(), "stalemate");
    let p = after("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2");
    assert_eq!(p.outcome().unwrap().reason.as_str(), "insufficient material");
}

#[test]
fn fifty_moves_each_draw_automatically_not_fifty_plies() {
    // OpenSpiel's 50_move_rule counts fifty plies.
    let p = after("4k3/8/8/8/8/8/8/R3K3 w - - 49 40", "a1a2");
    assert!(p.outcome().unwrap().is_ongoing(), "fifty plies are not yet fifty moves");
    let p = after("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_eq!(p.outcome().unwrap().reason.as_str(), "fifty-move rule");
}

#[test]
fn repetition_draws_automatically() {
    let p = after("", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(p.outcome().unwrap().reason.as_str(), "threefold repetition");
}

#[test]
fn refused_tries_change_neither_the_board_nor_the_clocks() {
    // After Bb5+ the king may not step onto d7, which the bishop guards, and
    // a7-a6 leaves the king in check.
    let p = after("", "e2e4 d7d5 f1b5 e8d7 a7a6");
    assert_eq!(told(&p, 1), "Illegal move.");
    assert_eq!(p.text().unwrap(), "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2 | tried e8d7 a7a6");
    let p = after("", "e2e4 d7d5 f1b5 e8d7 a7a6 c7c6");
    assert_eq!(told(&p, 0), "White's move. 1 pawn try.");
}

#[test]
fn the_other_player_reads_a_try_as_a_question_mark() {
    let p = after("", "");
    let m = p.read_move("e2e4", Notation::COORDINATE).unwrap();
    assert_eq!(p.notate_for(m, Notation::STANDARD, 0).unwrap(), "e2-e4");
    assert_eq!(p.notate_for(m, Notation::STANDARD, 1).unwrap(), "?");
    let castle = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "");
    let m = castle.read_move("O-O-O", Notation::STANDARD).unwrap();
    assert_eq!(castle.notate(m, Notation::COORDINATE).unwrap(), "e1c1");
    assert_eq!(
        castle.read_move("e7e8=Q", Notation::STANDARD).err().map(|e| e.kind),
        Some(rules_api::ErrorKind::ILLEGAL_MOVE)
    );
}

#[test]
fn bad_position_texts_are_refused_with_the_reason() {
    let rules = common::rules();
    for (text, why) in [
        ("4k3/p7/8/8/8/8/8/4K3 w - - 0 1 | refused e1e2", "after '|' comes 'tried'"),
        ("4k3/p7/8/8/8/8/8/4K3 w - - 0 1 | tried e1e3", "'e1e3' is not a try here"),
        ("4k3/p7/8/8/8/8/8/4K3 w - - 0 1 | tried e1e2", "could not have refused it"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "x"),
    ] {
        let error = rules.position(text).err().unwrap_or_else(|| panic!("{text} was read"));
        assert!(error.to_string().contains(why), "{text}: {error}");
    }
}
