//! Boards as text diagrams (`tabula_kit::diagram`): the start positions
//! and characteristic moves. Dark squares only, as the geometry has them;
//! `w`/`b` men, `W`/`B` kings.

mod common;

use common::rules;
use tabula_draughts::Rule;
use tabula_kit::diagram::diagram_after;

#[test]
fn international_start() {
    insta::assert_snapshot!(diagram_after(&rules(Rule::International), "", "").unwrap());
}

#[test]
fn english_start_with_black_at_the_bottom() {
    insta::assert_snapshot!(diagram_after(&rules(Rule::English), "", "11-15 23-19").unwrap());
}

#[test]
fn a_man_takes_three_passing_the_flying_king_s_two() {
    insta::assert_snapshot!(diagram_after(&rules(Rule::International), "W:W38,K46:B13,23,33", "38x9").unwrap());
}

#[test]
fn a_man_crowned_during_an_english_capture() {
    insta::assert_snapshot!(diagram_after(&rules(Rule::English), "B:WK19,26,27:B3,22", "22x31").unwrap());
}
