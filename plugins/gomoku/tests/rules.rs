//! Basic rules through the boundary: wins in every direction, overlines,
//! draws, options, geometry and game information.

mod common;

use common::*;
use rules_api::{HighlightKind, StatusKind};

fn assert_win(pos: &rules_api::PositionBox, winner: u8, reason: &str) {
    let s = status(pos);
    assert_eq!(s.kind, StatusKind::WIN, "expected a win in {}", text(pos));
    assert_eq!(s.winner, winner);
    assert_eq!(s.reason.as_str(), reason);
    assert!(moves(pos).is_empty(), "a decided game has no legal moves");
}

#[test]
fn five_in_a_row_wins_in_all_four_directions_and_at_the_edges() {
    // (black stones, final move) — rows, columns and both diagonals, in the
    // middle and touching each edge and corner.
    let lines = [
        ("d8 e8 f8 g8", "h8"),
        ("a1 b1 c1 d1", "e1"),
        ("k15 l15 m15 n15", "o15"),
        ("h4 h5 h6 h7", "h8"),
        ("a11 a12 a13 a14", "a15"),
        ("o1 o2 o3 o4", "o5"),
        ("b2 c3 d4 e5", "a1"),
        ("k11 l12 m13 n14", "o15"),
        ("o1 n2 m3 l4", "k5"),
        ("b14 c13 d12 e11", "a15"),
        ("g8 h7 j5 k4", "i6"),
    ];
    for (stones, last) in lines {
        let mut pos = setup("freestyle", stones, "f13 h13 j13 l10", 'x');
        assert!(status(&pos).is_ongoing());
        play(&mut pos, last);
        assert_win(&pos, 0, "five in a row");
        let mut highlights = Default::default();
        pos.highlights(&mut highlights).unwrap();
        assert_eq!(highlights.len(), 5, "the winning row is highlighted after {last}");
        assert!(highlights.iter().all(|h| h.kind == HighlightKind::WIN));
    }
}

#[test]
fn white_wins_too() {
    let mut pos = setup("freestyle", "a15 c15 e15 g15 i15", "d8 e8 f8 g8", 'o');
    play(&mut pos, "h8");
    assert_win(&pos, 1, "five in a row");
}

#[test]
fn overline_wins_in_freestyle_but_not_in_standard() {
    let stones = "d8 e8 f8 h8 i8";
    let mut free = setup("freestyle", stones, "", 'x');
    play(&mut free, "g8");
    assert_win(&free, 0, "five in a row");
    let mut standard = setup("standard", stones, "", 'x');
    play(&mut standard, "g8");
    assert!(status(&standard).is_ongoing(), "six in a row wins for nobody under standard rules");
    // White's overline does not win under standard rules either.
    let mut white = setup("standard", "a15 c15 e15 g15 i15 k15", "d8 e8 f8 h8 i8", 'o');
    play(&mut white, "g8");
    assert!(status(&white).is_ongoing());
    // Exactly five still wins under standard rules.
    let mut five = setup("standard", "d8 e8 f8 g8", "", 'x');
    play(&mut five, "h8");
    assert_win(&five, 0, "five in a row");
}

#[test]
fn a_full_board_is_a_draw() {
    // A 5×5 board one point from full, with no row of five anywhere.
    let rules = rules(5, "freestyle");
    let rows = ["xxoox", "ooxxo", "xxoox", "ooxxo", "xxoo."];
    let text = format!("{} x", rows.join("/"));
    let mut pos = position(&rules, &text);
    assert!(status(&pos).is_ongoing());
    assert_eq!(move_names(&pos), vec!["e1"]);
    play(&mut pos, "e1");
    let s = status(&pos);
    assert_eq!(s.kind, StatusKind::DRAW);
    assert_eq!(s.reason.as_str(), "board full");
    assert!(moves(&pos).is_empty());
}

#[test]
fn decided_positions_from_text_have_no_moves() {
    let rules = rules(5, "freestyle");
    let pos = position(&rules, "xxxxx/oooo./...../...../..... o");
    assert_win(&pos, 0, "five in a row");
    // Black to move with a five: White would have moved after the game ended.
    let err = rules.position_from_text("xxxxx/oooo./o..../...../..... x".into()).into_result();
    let message = err.err().expect("refused").message;
    assert!(message.contains("already has a winning row through a5"), "{message}");
}

#[test]
fn options_are_checked_with_clear_messages() {
    use rules_api::{Options, RString, Tuple2};
    let make = |name: &str, value: &str| -> Options { vec![Tuple2(RString::from(name), RString::from(value))].into() };
    for (name, value, needle) in [
        ("size", "4", "from 5 to 25"),
        ("size", "26", "from 5 to 25"),
        ("size", "big", "'big'"),
        ("rule", "caro", "freestyle, standard, renju"),
        ("colour", "red", "unknown option 'colour'"),
    ] {
        let err = tabula_gomoku::GomokuRules::from_options(&make(name, value)).err().expect("refused");
        assert!(err.message.contains(needle), "{}", err.message);
    }
    assert!(tabula_gomoku::GomokuRules::from_options(&make("size", "25")).is_ok());
}

#[test]
fn game_info_and_geometry_describe_the_board() {
    let r = rules(15, "renju");
    let info = r.info().unwrap();
    assert_eq!(info.name.as_str(), "Gomoku (renju)");
    let players: Vec<&str> = info.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(players, ["black", "white"]);
    assert_eq!(info.piece_types.len(), 1);
    assert_eq!(info.piece_types[0].name.as_str(), "stone");
    assert!(info.piece_types[0].glyphs.iter().all(|g| g.is_empty()));
    let letters: Vec<&str> = info.piece_types[0].letters.iter().map(|l| l.as_str()).collect();
    assert_eq!(letters, ["X", "O"]);
    assert_eq!(info.position_format.as_str(), "gomoku text (rows from the top, x o ., then side to move)");

    let g = r.geometry().unwrap();
    assert_eq!(g.cells.len(), 225);
    let centre = &g.cells[7 * 15 + 7];
    assert_eq!((centre.x, centre.y, centre.name.as_str()), (7.0, 7.0, "h8"));
    assert_eq!(g.cells[0].name.as_str(), "a15");
    assert!(g.cells.iter().all(|c| c.shape == rules_api::CellShape::POINT));
    assert_eq!(g.lines.len(), 30);
    let mut stars: Vec<String> = g
        .marks
        .iter()
        .filter(|m| m.kind == rules_api::MarkKind::DOT)
        .map(|m| g.cells[m.y as usize * 15 + m.x as usize].name.to_string())
        .collect();
    stars.sort();
    assert_eq!(stars, ["d12", "d4", "h8", "l12", "l4"]);
    let labels: Vec<&str> = g.labels.iter().map(|l| l.text.as_str()).collect();
    assert!(labels.contains(&"a") && labels.contains(&"o") && labels.contains(&"15"));
    assert_eq!(g.labels.len(), 30);

    let big = rules(25, "freestyle").geometry().unwrap();
    assert_eq!(big.cells[24].name.as_str(), "y25");
    assert_eq!(big.marks.len(), 5);
    let help = r.help_text().unwrap();
    for needle in ["freestyle", "standard", "renju", "double three", "straight", "h8", "/"] {
        assert!(help.contains(needle), "help mentions {needle}");
    }
}

#[test]
fn the_start_position_is_empty_with_black_to_move() {
    let r = rules(15, "freestyle");
    let pos = r.start_position().unwrap();
    assert_eq!(pos.side_to_move(), 0);
    assert_eq!(moves(&pos).len(), 225);
    let t = text(&pos);
    assert_eq!(t, format!("{} x", vec!["..............."; 15].join("/")));
    let mut pieces = Default::default();
    pos.pieces(&mut pieces).unwrap();
    assert!(pieces.is_empty());
}
