//! One test per rule of dark chess (see the crate docs for the sources).

mod common;

use common::{after, moves, view};
use rules_api::{Notation, PositionExt, RulesExt, StatusKind};

#[test]
fn capturing_the_king_wins() {
    // Black left the king on the queen's line: nothing stops the capture.
    let p = after("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", "h1h5 e8f7 h5f7");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "king captured"));
    assert!(p.moves().unwrap().is_empty());
}

#[test]
fn a_king_may_move_into_and_stay_in_check() {
    let p = after("4k3/8/8/8/8/8/4q3/K7 w - - 0 1", "");
    assert!(moves(&p).contains(&"a1b2".to_string()), "a1b2 walks next to the queen");
    let p = after("4k3/8/8/8/8/8/8/K3r3 w - - 0 1", "");
    assert!(moves(&p).contains(&"a1b1".to_string()), "b1 is on the rook's rank");
}

#[test]
fn castling_is_allowed_out_of_through_and_into_check() {
    let p = after("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "");
    assert!(moves(&p).contains(&"e1g1".to_string()), "through the attacked f1");
    let p = after("4k3/8/8/8/8/8/8/R3K1rR w KQ - 0 1", "");
    assert!(!moves(&p).contains(&"e1g1".to_string()), "a piece between king and rook still stops it");
    let p = after("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1");
    assert_eq!(p.text().unwrap(), "4r1k1/8/8/8/8/8/8/R4RK1 b - - 1 1", "out of check, rook jumps to f1");
}

#[test]
fn en_passant_is_legal_and_shows_the_pawn_only_to_the_capturer_on_its_turn() {
    let p = after("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4");
    assert!(moves(&p).contains(&"f4e3".to_string()));
    let seen = view(&p, 1);
    assert_eq!(seen.lines().nth(5).unwrap().chars().nth(4), Some('P'), "black sees e4:\n{seen}");
    let p = after("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4 e8d8");
    assert_eq!(view(&p, 1).lines().nth(5).unwrap().chars().nth(4), Some('?'), "gone after the turn");
}

#[test]
fn the_player_who_stepped_two_squares_sees_nothing_through_the_en_passant_right() {
    // OpenSpiel shows White b3 and b2 here, as if White's c2 pawn could take
    // en passant on b3: only the side to move can, and only the enemy's pawn.
    let p = after("4k3/8/8/8/2p5/8/1PP5/4K3 w - - 0 1", "b2b4");
    assert!(moves(&p).contains(&"c4b3".to_string()), "Black may take en passant");
    let seen = view(&p, 0);
    assert_eq!(&seen.lines().nth(6).unwrap()[..3], "??.", "White sees c3 (its pawn's step), not b3:\n{seen}");
    assert_eq!(&seen.lines().nth(7).unwrap()[..3], "??P", "nor b2:\n{seen}");
}

#[test]
fn promotion_offers_four_pieces() {
    let p = after("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "");
    let promos: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("a7a8")).collect();
    assert_eq!(promos, ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    let q = p.parse_move("a8=N".into(), Notation::STANDARD).into_result().unwrap();
    assert_eq!(q.extra, 2);
}

#[test]
fn a_fogged_square_ahead_of_a_pawn_holds_an_enemy_piece() {
    let p = after("", "e2e4 e7e5");
    let seen = view(&p, 0);
    assert_eq!(seen.lines().nth(4).unwrap().chars().nth(4), Some('?'), "e5 is fog for white:\n{seen}");
}

#[test]
fn threefold_repetition_and_fifty_moves_draw() {
    let p = after("", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.reason.as_str()), (StatusKind::DRAW, "threefold repetition"));
    let p = after("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_eq!(p.outcome().unwrap().reason.as_str(), "fifty-move rule");
}

#[test]
fn bad_position_texts_are_refused_with_the_reason() {
    let rules = common::rules();
    for (text, why) in [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "neither side has a king"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K'"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0", "fields"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en passant"),
    ] {
        let error = rules.position(text).err().unwrap_or_else(|| panic!("{text} was read"));
        assert!(error.to_string().contains(why), "{text}: {error}");
    }
}

#[test]
fn the_other_side_reads_only_captures_in_the_record() {
    let p = after("", "e2e4 d7d5");
    let take = p.parse_move("e4d5".into(), Notation::COORDINATE).into_result().unwrap();
    assert_eq!(p.move_text_for(take, Notation::STANDARD, 1).into_result().unwrap().as_str(), "?xd5");
    assert_eq!(p.move_text_for(take, Notation::STANDARD, 0).into_result().unwrap().as_str(), "exd5");
}
