//! The rules: each piece's reach on the empty cube against hand-derived
//! counts, pawns, promotion, mate and stalemate, the draw rules, text and
//! notation, through the plugin's own types and through the boundary.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{ErrorKind, Move, MoveFlags, Notation, PositionExt, PositionFlags, RVec, RulesExt, StatusKind};
use tabula_raumschach::board::{
    self, cell, code, Board, MoveList, BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, UNICORN, WHITE,
};
use tabula_raumschach::{RaumPosition, Raumschach};

/// The moves of one piece alone on the cube (no kings: nothing to keep
/// safe), with enemy pawns on the cells listed in `targets`.
fn reach(owner: u8, kind: u8, at: &str, targets: &[&str]) -> usize {
    let mut b = Board::default();
    b.set(parse(at), code(owner, kind));
    for t in targets {
        b.set(parse(t), code(owner ^ 1, PAWN));
    }
    let mut list = MoveList::new();
    b.pseudo_moves(owner, &mut list);
    list.as_slice().len()
}

fn parse(name: &str) -> u8 {
    tabula_raumschach::notation::parse_cell(name).unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn the_rook_always_reaches_twelve_cells() {
    // Four cells along each of the three axes, wherever it stands.
    for c in 0..125u8 {
        let name = tabula_raumschach::notation::cell_name(c);
        assert_eq!(reach(WHITE, ROOK, &name, &[]), 12, "{name}");
    }
}

#[test]
fn slider_and_leaper_counts_match_hand_counts() {
    // (kind, cell, count): derived by hand in docs/RAUMSCHACH.md, "Empty-cube move counts".
    let cases = [
        (BISHOP, "Cc3", 24), // 8 in each of the three planes
        (BISHOP, "Aa1", 12), // 4 in each plane
        (BISHOP, "Ab2", 14), // 6 in the level, 4 + 4 in the vertical planes
        (BISHOP, "Cc1", 16), // 4 + 8 + 4
        (UNICORN, "Cc3", 16),
        (UNICORN, "Aa1", 4),
        (UNICORN, "Bb2", 10), // 3 towards Ee5, 1 along each of the other 7
        (KNIGHT, "Cc3", 24),
        (KNIGHT, "Aa1", 6),
        (KNIGHT, "Bb2", 12),
        (KING, "Cc3", 26),
        (KING, "Aa1", 7),
        (KING, "Ab1", 11),
        (QUEEN, "Cc3", 52),
        (QUEEN, "Aa1", 28),
        (QUEEN, "Bb2", 40),
    ];
    for (kind, at, count) in cases {
        assert_eq!(reach(WHITE, kind, at, &[]), count, "kind {kind} on {at}");
        assert_eq!(reach(BLACK, kind, at, &[]), count, "black kind {kind} on {at}");
    }
}

#[test]
fn pawns_step_forward_or_up_and_capture_towards_promotion() {
    assert_eq!(reach(WHITE, PAWN, "Cc3", &[]), 2, "Cc4 and Dc3");
    // The five forward-diagonal captures of a white pawn on Cc3.
    let captures = ["Cb4", "Cd4", "Db3", "Dd3", "Dc4"];
    assert_eq!(reach(WHITE, PAWN, "Cc3", &captures), 7);
    // Backward or level-only diagonals are no captures.
    assert_eq!(reach(WHITE, PAWN, "Cc3", &["Cb2", "Bb3", "Db2", "Bc4", "Bd3", "Dd2"]), 2);
    // Black mirrors White through the centre.
    assert_eq!(reach(BLACK, PAWN, "Cc3", &["Cb2", "Cd2", "Bb3", "Bd3", "Bc2"]), 7);
    // On the far rank of a lower level only the step up remains.
    assert_eq!(reach(WHITE, PAWN, "Bc5", &[]), 1);
    // Reaching the far rank of the far level offers five promotions.
    assert_eq!(reach(WHITE, PAWN, "Dc5", &[]), 5, "up to Ec5");
    assert_eq!(reach(WHITE, PAWN, "Ec4", &[]), 5, "forward to Ec5");
    assert_eq!(reach(BLACK, PAWN, "Ac2", &[]), 5, "forward to Ac1");
    assert_eq!(reach(BLACK, PAWN, "Bc1", &[]), 5, "down to Ac1");
    // A pawn on the top level moves only forward: no double step anywhere.
    assert_eq!(reach(WHITE, PAWN, "Ec2", &[]), 1);
    assert!(!board::is_promotion_cell(WHITE, parse("Dc5")));
    assert!(board::is_promotion_cell(WHITE, parse("Ea5")));
    assert!(board::is_promotion_cell(BLACK, parse("Ae1")));
}

#[test]
fn cells_are_numbered_like_the_geometry() {
    let geometry = tabula_raumschach::layered().build();
    assert_eq!(geometry.layers, 5);
    for c in 0..125u8 {
        assert_eq!(geometry.cells[c as usize].name.as_str(), tabula_raumschach::notation::cell_name(c));
        assert_eq!(geometry.cells[c as usize].layer, (c / 25) as u16);
    }
    assert_eq!(cell(2, 2, 2), parse("Cc3"));
}

fn pos(text: &str) -> RaumPosition {
    Raumschach::default().position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &RaumPosition) -> Vec<Move> {
    let mut out = RVec::new();
    p.legal_moves(&mut out);
    out.to_vec()
}

const MATE_IN_ONE: &str = "5/5/5/5/5|5/5/5/5/5|5/5/2K2/5/5|5/5/5/5/1Q3|k4/4p/5/5/5 w 0 1";
const STALEMATE: &str = "5/5/5/5/5|5/5/5/5/5|5/Q4/5/5/5|5/2K2/5/5/5|k4/5/5/5/5 b 0 1";

#[test]
fn mate_in_three_dimensions() {
    let mut p = pos(MATE_IN_ONE);
    let m = p.parse_move("QDb1-Db4", Notation::STANDARD).unwrap();
    assert_eq!(p.move_to_text(m, Notation::STANDARD).unwrap(), "QDb1-Db4#");
    p.make_move(m).unwrap();
    let status = p.status();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, WHITE, "checkmate"));
    assert!(moves(&p).is_empty());
    assert!(p.flags().contains(PositionFlags::IN_CHECK));
    let mut marks = RVec::new();
    p.highlights(&mut marks);
    let cells: Vec<(u16, u8)> = marks.iter().map(|h| (h.cell, h.kind.0)).collect();
    assert_eq!(cells, vec![(parse("Ea5") as u16, 0), (parse("Db4") as u16, 1)], "king in check, the mating queen");
}

#[test]
fn stalemate_is_a_draw() {
    let p = pos(STALEMATE);
    let status = p.status();
    assert_eq!((status.kind, status.reason.as_str()), (StatusKind::DRAW, "stalemate"));
    assert!(moves(&p).is_empty());
    assert!(!p.in_check());
}

#[test]
fn draw_rules_end_the_game() {
    let bare = pos("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w 0 1");
    assert_eq!(bare.status().reason.as_str(), "only the kings are left");
    assert!(moves(&bare).is_empty());
    let tired = pos("5/5/5/5/2K2|5/5/5/5/R4|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w 100 80");
    assert_eq!(tired.status().reason.as_str(), "no capture or pawn move for too long");
    // Rook shuffles repeat the position a third time.
    let mut p = pos("5/5/5/5/2K2|5/5/5/5/R4|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w 0 1");
    for text in ["Ba1Ba2", "Ec5Ec4", "Ba2Ba1", "Ec4Ec5", "Ba1Ba2", "Ec5Ec4", "Ba2Ba1", "Ec4Ec5"] {
        assert!(p.status().is_ongoing(), "before {text}");
        let m = p.parse_move(text, Notation::COORDINATE).unwrap();
        p.make_move(m).unwrap();
    }
    assert_eq!(p.status().reason.as_str(), "threefold repetition");
    assert!(moves(&p).is_empty());
    p.unmake_move().unwrap();
    assert!(p.status().is_ongoing());
}

#[test]
fn promotion_by_either_notation() {
    let mut p = pos("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|P4/5/5/5/5|4k/5/5/5/5 w 0 1");
    let queen = p.parse_move("Da5Ea5q", Notation::COORDINATE).unwrap();
    assert_eq!(queen.extra, QUEEN as u16 + 1);
    assert_eq!(p.parse_move("Da5-Ea5=U", Notation::STANDARD).unwrap().extra, UNICORN as u16 + 1);
    let err = p.parse_move("Da5Ea5", Notation::COORDINATE).unwrap_err();
    assert!(err.message.contains("promotes"), "{err}");
    let err = p.parse_move("Da5Ea5k", Notation::COORDINATE).unwrap_err();
    assert!(err.message.contains("cannot promote to 'k'"), "{err}");
    p.make_move(queen).unwrap();
    assert!(p.to_text().starts_with("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|Q3k/"), "{}", p.to_text());
    p.unmake_move().unwrap();
    assert!(p.to_text().contains("|P4/"));
}

#[test]
fn the_start_position_and_its_text() {
    let rules = Raumschach::default();
    let start = rules.start_position().unwrap();
    assert_eq!(start.to_text(), tabula_raumschach::text::START);
    assert_eq!(moves(&start).len(), 61);
    // Dickins' setup: each side sees its bishops left of its unicorns, so
    // Black's level D is White's level B turned half a turn.
    let b = &start.to_text();
    assert!(b.contains("|5/5/5/PPPPP/BUQBU|") && b.contains("|ubqub/ppppp/5/5/5|"), "{b}");
    let white = rules.position_from_text(b).unwrap();
    assert_eq!(white.hash(), start.hash());
}

#[test]
fn bad_texts_are_refused_with_the_reason() {
    let rules = Raumschach::default();
    for (text, why) in [
        ("", "empty"),
        ("5/5/5/5/5|5/5/5/5/5 w", "found 2 levels"),
        ("5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5 w", "level A ('5/5/5/5') has 4 ranks"),
        ("6/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w", "more than 5 cells"),
        ("5/5/5/5/2K1|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w", "has 4 cells"),
        ("5/5/5/5/2X2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w", "'X' is not a piece letter"),
        ("5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w", "White has no king"),
        ("5/5/5/5/KK3|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w", "more than one king"),
        ("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 x", "side to move is 'x'"),
        ("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5", "side to move (w or b) is missing"),
        ("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/5/5/5/5 w z", "not a whole number"),
        ("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|P1k2/5/5/5/5 w", "pawn stands on Ea5"),
        ("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k1R/5/5/5/5 w", "Black is in check but it is not Black's move"),
    ] {
        let err = rules.position_from_text(text).err().unwrap_or_else(|| panic!("accepted {text}"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT);
        assert!(err.message.contains(why), "{text}: {err}");
    }
}

#[test]
fn notation_both_ways_and_refusals() {
    let start = Raumschach::default().start_position().unwrap();
    for (coordinate, standard) in
        [("Ab1Ac3", "NAb1-Ac3"), ("Bc2Cc2", "Bc2-Cc2"), ("Ba1Ea4", "BBa1xEa4"), ("Bc1Dc3", "QBc1-Dc3")]
    {
        let m = start.parse_move(coordinate, Notation::COORDINATE).unwrap();
        assert_eq!(start.move_to_text(m, Notation::COORDINATE).unwrap(), coordinate);
        assert_eq!(start.move_to_text(m, Notation::STANDARD).unwrap(), standard);
        assert_eq!(start.parse_move(standard, Notation::STANDARD).unwrap(), m);
        assert_eq!(start.parse_move(&coordinate.to_lowercase(), Notation::COORDINATE).unwrap(), m);
    }
    for (text, why) in [
        ("Ab1", "two cells"),
        ("Fb1Ab3", "'Fb1' is not a cell"),
        ("Cc3Cc4", "no piece stands on Cc3"),
        ("QAb1-Ab3", "not a Q"),
        ("Ab1Ab4", "not a legal move"),
        ("éAb1Ac3", "letters and digits"),
        ("Ab1Ac3é", "letters and digits"),
    ] {
        let err = start.parse_move(text, Notation::COORDINATE).unwrap_err();
        assert_eq!(err.kind, ErrorKind::ILLEGAL_MOVE);
        assert!(err.message.contains(why), "{text}: {err}");
    }
}

#[test]
fn search_facts_through_the_boundary() {
    let rules = rules_box(Raumschach::default());
    let mut p = rules.start().unwrap();
    assert_eq!(p.move_count().unwrap(), 61);
    assert_eq!(p.flags(), PositionFlags::NONE);
    // Pawn moves and captures are irreversible, piece moves are not.
    let legal = p.moves().unwrap();
    let mut infos = RVec::new();
    p.move_infos(legal[..].into(), &mut infos).into_result().unwrap();
    for (m, info) in legal.iter().zip(infos.iter()) {
        let text = p.notate(*m, Notation::STANDARD).unwrap();
        // A piece letter comes before the level letter; pawns have none.
        let pawn = !text.chars().nth(1).is_some_and(|c| c.is_ascii_uppercase());
        let capture = text.contains('x');
        assert_eq!(info.flags.contains(MoveFlags::IRREVERSIBLE), pawn || capture, "{text}");
        assert_eq!(info.flags.contains(MoveFlags::CAPTURE), capture, "{text}");
    }
    // The null move passes the turn and is taken back.
    let before = (p.text().unwrap(), p.hash());
    p.make_null_move().into_result().unwrap();
    assert_eq!(p.side_to_move(), BLACK);
    assert_ne!(p.hash(), before.1);
    p.undo().unwrap();
    assert_eq!((p.text().unwrap(), p.hash()), before);
    // In check: flagged, and no null move.
    let mut check = rules.position("5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k1R/5/5/5/5 b 0 1").unwrap();
    assert!(check.flags().contains(PositionFlags::IN_CHECK));
    assert_eq!(check.make_null_move().into_result().unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
    // King and pawns only: zugzwang is likely.
    let pawns = rules.position("5/5/5/P4/2K2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2k2/4p/5/5/5 w 0 1").unwrap();
    assert!(pawns.flags().contains(PositionFlags::ZUGZWANG_RISK));
}

#[test]
fn evaluation_prefers_material() {
    let up = pos("5/5/5/5/2K2|5/5/5/5/Q4|5/5/5/5/5|5/5/5/5/5|2k2/4p/5/5/5 w 0 1");
    assert!(up.evaluate() > 700, "{}", up.evaluate());
    let down = pos("5/5/5/5/2K2|5/5/5/5/Q4|5/5/5/5/5|5/5/5/5/5|2k2/4p/5/5/5 b 0 1");
    assert!(down.evaluate() < -700, "{}", down.evaluate());
    let start = Raumschach::default().start_position().unwrap();
    assert!(start.evaluate().abs() < 50, "the start is balanced: {}", start.evaluate());
}

#[test]
fn options_are_checked() {
    let bad = |k: &str, v: &str| {
        let options = vec![rules_api::Tuple2(k.into(), v.into())].into();
        Raumschach::from_options(&options).err().unwrap()
    };
    assert!(bad("no_progress_plies", "0").message.contains("positive whole number"));
    assert!(bad("size", "7").message.contains("unknown option 'size'"));
    let _ = KING;
}
