//! Diagrams of characteristic positions, drawn from the geometry with the
//! position's cell changes applied (only the squares that exist show): the
//! start, an attack board carrying a pawn, castling, and a mate.

mod common;

use common::{at, diagram, play};

#[test]
fn the_start_position() {
    insta::assert_snapshot!(diagram(&at(tabula_tridchess::text::START), "-"));
}

#[test]
fn an_attack_board_carries_its_pawn() {
    // White's queen's board holds only its a-pawn; it moves up to the
    // neutral level's near pin and the pawn rides along to a3QL3.
    let mut p = at("4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 QL1w:1P/2,QL6b:rq/pp,KL1w:PP/KR,KL6b:kr/pp w Kkq - - 0 9");
    play(&mut p, "QL1-QL3");
    insta::assert_snapshot!(diagram(&p, "QL1-QL3"));
}

#[test]
fn castling_on_the_queens_side() {
    let mut p = at("4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 QL1w:2/R1,QL6b:rq/pp,KL1w:PP/KR,KL6b:kr/pp w KQkq - - 0 9");
    play(&mut p, "O-O-O");
    insta::assert_snapshot!(diagram(&p, "O-O-O"));
}

#[test]
fn a_mate_on_blacks_board() {
    let mut p = at("4/4/4/4|4/4/4/4|4/4/2Q1/2R1 QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:kr/pp w - - - 0 30");
    play(&mut p, "c6B-c8B");
    insta::assert_snapshot!(diagram(&p, "Qc6B-c8B#"));
}
