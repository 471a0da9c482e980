//! Gomoku positions drawn from geometry + stones by the generic renderer.

use tabula_suite::diagram::check;

#[test]
fn empty_board() {
    check("gomoku_start", "gomoku", &[], "", "");
}

#[test]
fn five_in_a_row_diagonally() {
    check("gomoku_five_diagonal", "gomoku", &[], "", "h8 a1 i9 a2 j10 a3 k11 a4 l12");
}

#[test]
fn overline_wins_in_freestyle() {
    check("gomoku_overline_freestyle", "gomoku", &[], "", "d8 a1 e8 a3 f8 a5 h8 a7 i8 a9 g8");
}

#[test]
fn overline_does_not_win_under_standard_rules() {
    check("gomoku_overline_standard", "gomoku", &[("rule", "standard")], "", "d8 a1 e8 a3 f8 a5 h8 a7 i8 a9 g8");
}

#[test]
fn small_board_fills_to_a_draw() {
    check(
        "gomoku_small_board",
        "gomoku",
        &[("size", "5")],
        "",
        "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 b3 a3 d3 c3 e3 b4 a4 d4 c4 e4 a5 b5 c5 d5 e5",
    );
}
