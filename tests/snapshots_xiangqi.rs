//! Xiangqi positions drawn from geometry + pieces by the generic renderer.

use tabula_suite::diagram::check;

fn xiangqi(name: &str, start: &str, moves: &str) {
    check(name, "xiangqi", &[("flavour", "off")], start, moves);
}

#[test]
fn start_position() {
    xiangqi("xiangqi_start", "", "");
}

#[test]
fn central_cannon_opening() {
    xiangqi("xiangqi_central_cannon", "", "h2e2 h9g7 h0g2 i9h9");
}

#[test]
fn cannon_captures_over_a_screen() {
    xiangqi("xiangqi_cannon_capture", "", "h2h9");
}

#[test]
fn checkmate_by_two_chariots_and_a_horse() {
    xiangqi("xiangqi_checkmate", "4k4/R8/6N2/9/4R4/9/9/9/9/3K5 b", "");
}

#[test]
fn stalemate_loses() {
    xiangqi("xiangqi_stalemate", "4k4/R8/9/9/5R3/9/9/9/9/3K5 b", "");
}

#[test]
fn perpetual_check_loses() {
    xiangqi("xiangqi_perpetual_check", "4k4/7R1/9/9/9/9/9/9/9/3K5 w", "h8h9 e9e8 h9h8 e8e9 h8h9 e9e8 h9h8 e8e9");
}
