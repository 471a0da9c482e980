//! Renju fouls, pinned on the definitions of the Renju International
//! Federation: a double three, a double four (also on one line) and an
//! overline are forbidden to Black unless the move makes exactly five; a
//! three counts only if it can become a straight four by a move that is not
//! itself forbidden; White has no restrictions and wins with an overline.

mod common;

use common::*;
use rules_api::{HighlightKind, StatusKind};

fn forbidden_points(pos: &rules_api::PositionBox) -> Vec<String> {
    let mut out = Default::default();
    pos.highlights(&mut out).unwrap();
    out.iter()
        .filter(|h| h.kind == HighlightKind::FORBIDDEN)
        .map(|h| {
            let (col, row) = (h.cell % 15, h.cell / 15);
            format!("{}{}", (b'a' + col as u8) as char, 15 - row)
        })
        .collect()
}

/// Asserts that `point` is a foul of the given kind for Black, and that the
/// same point is fine for White and for Black under freestyle.
fn assert_foul(black: &str, white: &str, point: &str, kind: &str) {
    let pos = setup("renju", black, white, 'x');
    let names = move_names(&pos);
    assert!(!names.contains(&point.to_string()), "{point} must not be a legal move for black");
    let message = refusal(&pos, point).expect("refused");
    assert!(message.contains(kind), "{message}");
    assert!(forbidden_points(&pos).contains(&point.to_string()), "{point} is highlighted");
    let free = setup("freestyle", black, white, 'x');
    assert!(refusal(&free, point).is_none(), "{point} is fine under freestyle");
}

fn assert_allowed(black: &str, white: &str, point: &str) {
    let pos = setup("renju", black, white, 'x');
    assert!(refusal(&pos, point).is_none(), "{point} must be legal: {:?}", refusal(&pos, point));
    assert!(move_names(&pos).contains(&point.to_string()));
    assert!(!forbidden_points(&pos).contains(&point.to_string()));
}

#[test]
fn double_three_is_forbidden() {
    // f8 g8 _ and h9 h10: h8 makes two open threes.
    assert_foul("f8 g8 h9 h10", "", "h8", "double three");
    // A split three counts as well: f8 _ h8 i8 with g8, and a diagonal.
    assert_foul("f8 h8 g9 g10", "", "g8", "double three");
}

#[test]
fn a_closed_three_does_not_make_a_double_three() {
    // White on e8 closes the horizontal side: f8 g8 h8 can only become a
    // four that is blocked on one end.
    assert_allowed("f8 g8 h9 h10", "e8", "h8");
    // Blocking far away (two points beyond) leaves it open: still a foul.
    assert_foul("f8 g8 h9 h10", "c8", "h8", "double three");
}

#[test]
fn double_four_is_forbidden() {
    assert_foul("e8 f8 g8 h9 h10 h11", "d8 h12", "h8", "double four");
}

#[test]
fn double_four_on_one_line_is_forbidden() {
    // d8 _ f8 [g8] h8 _ j8: both e8 and i8 would then complete five.
    assert_foul("d8 f8 h8 j8", "", "g8", "double four");
    // xx_x[x]_xx style: c8 d8 _ f8 [g8] _ i8 j8.
    assert_foul("c8 d8 f8 i8 j8", "", "g8", "double four");
}

#[test]
fn overline_is_forbidden_to_black_only() {
    assert_foul("d8 e8 f8 h8 i8", "", "g8", "overline");
    // Under renju White's overline wins.
    let mut pos = setup("renju", "a15 c15 e15 g15 i15 k15", "d8 e8 f8 h8 i8", 'o');
    play(&mut pos, "g8");
    let s = status(&pos);
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 1, "overline"));
    // White's exact five is called a five.
    let mut pos = setup("renju", "a15 c15 e15 g15 i15", "d8 e8 f8 h8", 'o');
    play(&mut pos, "g8");
    assert_eq!(status(&pos).reason.as_str(), "five in a row");
}

#[test]
fn exactly_five_is_never_forbidden() {
    // h8 completes d8-h8 and at the same time makes a double three.
    let black = "d8 e8 f8 g8 h9 h10 i9 j10";
    let mut pos = setup("renju", black, "", 'x');
    assert!(refusal(&pos, "h8").is_none());
    play(&mut pos, "h8");
    let s = status(&pos);
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 0, "five in a row"));
    // Five together with an overline on another line is a five too.
    let mut pos = setup("renju", "d8 e8 f8 g8 h6 h7 h9 h10 h11", "", 'x');
    play(&mut pos, "h8");
    assert_eq!(status(&pos).kind, StatusKind::WIN);
    assert_eq!(status(&pos).winner, 0);
}

#[test]
fn four_three_is_allowed() {
    assert_allowed("e8 f8 g8 h9 h10", "d8", "h8");
}

#[test]
fn a_false_three_does_not_count() {
    // h8 makes an open three on row 8 (f8 g8 h8) and, on column h, h8 h9 h10
    // under a white stone on h12: its only straight-four point is h7, which
    // would make the overline f7-k7 and so is itself forbidden. The column
    // three is false, so h8 is not a double three.
    let black = "f8 g8 h9 h10 f7 g7 i7 j7 k7";
    assert_allowed(black, "h12", "h8");
    // Without the overline behind h7, the column three is real: a foul.
    assert_foul("f8 g8 h9 h10 f7 g7 k7", "h12", "h8", "double three");
    // And h7 itself is forbidden (overline) in the first position.
    let pos = setup("renju", black, "h12", 'x');
    assert!(refusal(&pos, "h7").expect("h7 refused").contains("overline"));
}

#[test]
fn a_three_whose_straight_four_point_is_a_double_four_is_false() {
    // Column h: h8 h9 h10 with h12 white, so h7 is the only straight-four
    // point; h7 also makes a four on row 7 (e7 f7 g7 h7, closed by d7) and
    // one on the diagonal e4 f5 g6 h7, so it is a double four and the
    // column three is false.
    let black = "f8 g8 h9 h10 e7 f7 g7 e4 f5 g6";
    let white = "d7 h12";
    // Check the premise: h7 would be a double four once h8 is on the board.
    let mut after = setup("renju", black, white, 'x');
    play(&mut after, "h8");
    play(&mut after, "o15");
    assert!(refusal(&after, "h7").expect("h7 refused").contains("double four"));
    assert_allowed(black, white, "h8");
}

#[test]
fn white_has_no_restrictions() {
    let pos = setup("renju", "a15 c15 e15 g15 i15", "f8 g8 h9 h10", 'o');
    assert!(refusal(&pos, "h8").is_none());
    assert!(forbidden_points(&pos).is_empty(), "no fouls are shown when White is to move");
}

#[test]
fn standard_rule_has_no_fouls() {
    let pos = setup("standard", "f8 g8 h9 h10", "", 'x');
    assert!(refusal(&pos, "h8").is_none());
    assert!(forbidden_points(&pos).is_empty());
}
