//! Chess positions after well-known sequences, drawn from geometry + pieces.

use tabula_suite::diagram::check;

fn chess(name: &str, start: &str, moves: &str) {
    check(name, "chess", &[], start, moves);
}

#[test]
fn kingside_castling() {
    chess("chess_castle_kingside", "", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
}

#[test]
fn queenside_castling() {
    chess("chess_castle_queenside", "", "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8");
}

#[test]
fn en_passant_capture() {
    chess("chess_en_passant", "", "e2e4 a7a6 e4e5 d7d5 e5d6");
}

#[test]
fn promotion() {
    chess("chess_promotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q");
}

#[test]
fn scholars_mate() {
    chess("chess_scholars_mate", "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
}

#[test]
fn stalemate() {
    chess("chess_stalemate", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7");
}
