//! One test per rule of phantom Go under the Computer Olympiad referee
//! rules (chessprogramming wiki "Phantom Go"; Sensei's Library), and each
//! place OpenSpiel's `phantom_go` differs from them (see
//! `tests/reference/phantomgo_reference.py`).

mod common;

use common::{after, offers, seen, told, tries};
use rules_api::{Notation, PositionExt, RulesExt, StatusKind, SPECTATOR};

const EMPTY_ROWS: &str = "........./........./........./........./........./";
/// A ko at B2/C2 (Black to take at C2), and a point at J9 where a white
/// stone would be suicide.
fn ko() -> String {
    ".......x./........x/........./........./........./........./.xo....../xo.o...../.xo...... b 0 -".into()
}

#[test]
fn each_player_sees_only_their_own_stones() {
    let p = after("", "E5 D4 C3");
    assert_eq!(seen(&p, 0), ["C3x", "E5x"]);
    assert_eq!(seen(&p, 1), ["D4o"]);
    assert!(seen(&p, SPECTATOR).is_empty(), "a spectator sees no stone while the game goes on");
    assert_eq!(told(&p, 1), "black played");
}

#[test]
fn tries_are_every_point_not_known_to_be_taken_and_the_pass() {
    let p = after("", "");
    assert_eq!(tries(&p).len(), 82);
    let p = after("", "E5");
    assert!(offers(&p, "E5"), "White does not know E5 is taken");
    let p = after("", "E5 E5");
    assert!(!offers(&p, "E5"), "a stone found is not tried again");
    assert!(offers(&p, "pass"));
}

#[test]
fn a_try_on_a_stone_is_refused_told_and_the_stone_shown_to_the_player() {
    let p = after("", "E5 E5");
    assert_eq!(p.side_to_move(), 1, "White tries again");
    assert_eq!(told(&p, 1), "illegal move at E5: a black stone is there");
    assert_eq!(told(&p, 0), "white tried an illegal move");
    assert_eq!(seen(&p, 1), ["E5x"]);
    let p = after("", "E5 E5 D4 C3");
    assert_eq!(seen(&p, 1), ["D4o", "E5x"], "the found stone stays in view");
}

#[test]
fn suicide_is_refused_and_not_offered_again_that_turn() {
    let p = after(&ko(), "E5 J9");
    assert_eq!(told(&p, 1), "illegal move at J9: suicide or a repeated position");
    assert_eq!(told(&p, 0), "white tried an illegal move");
    assert!(!offers(&p, "J9"), "trying again would tell White nothing");
    assert!(seen(&p, 1).iter().all(|s| !s.starts_with("J9")), "nothing is shown on an empty point");
    let p = after(&ko(), "E5 J9 D5 E6");
    assert!(offers(&p, "J9"), "offered again on the next turn");
}

#[test]
fn a_repeated_board_is_refused_as_a_try_by_positional_superko() {
    // OpenSpiel ends the game as a draw instead.
    let p = after(&ko(), "C2");
    assert_eq!(told(&p, 1), "black played and captured 1 stone");
    let p = after(&ko(), "C2 B2");
    assert_eq!(told(&p, 1), "illegal move at B2: suicide or a repeated position");
    assert!(p.outcome().unwrap().is_ongoing());
    assert_eq!(p.side_to_move(), 1);
}

#[test]
fn captures_are_counted_to_both_and_the_loser_sees_which() {
    let text = format!("{EMPTY_ROWS}........./........./........./ox....... b 0 -");
    let p = after(&text, "A2");
    assert_eq!(told(&p, 0), "black played and captured 1 stone");
    assert_eq!(told(&p, 1), "black played and captured 1 stone");
    assert!(seen(&p, 1).is_empty(), "White's stone left White's board");
    assert_eq!(p.view_string(1).unwrap().split_whitespace().nth(4), Some("2"), "both counts are public");
}

#[test]
fn a_found_stone_is_forgotten_when_it_is_captured() {
    let text = format!("{EMPTY_ROWS}........./........./........./xo....... w 0 - | - A1 -");
    let p = after(&text, "");
    assert_eq!(seen(&p, 1), ["A1x", "B1o"]);
    let p = after(&text, "A2");
    assert_eq!(seen(&p, 1), ["A2o", "B1o"]);
    assert_eq!(p.text().unwrap().split('|').nth(1).unwrap().trim(), "- - -");
}

#[test]
fn two_passes_end_the_game_counted_by_area_with_komi() {
    let p = after("", "pass pass");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner), (StatusKind::WIN, 1), "komi 7.5 on an empty board");
    assert!(p.moves().unwrap().is_empty());
    let p = after("", "E5 pass pass");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner), (StatusKind::WIN, 0), "81 points against 7.5");
    let p = after("", "pass E5 pass");
    assert!(p.outcome().unwrap().is_ongoing(), "passes must be in a row");
}

#[test]
fn a_refused_try_between_two_passes_does_not_break_them() {
    // OpenSpiel counts the refused try as a move, so its game goes on.
    let p = after("", "E5 D4 pass E5 pass");
    assert_eq!(told(&p, 0), "white passed");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner), (StatusKind::WIN, 1), "one stone each, and komi");
}

#[test]
fn the_other_player_reads_a_stone_as_a_question_mark_and_a_pass_as_it_is() {
    let p = after("", "");
    let m = p.read_move("E5", Notation::STANDARD).unwrap();
    assert_eq!(p.notate_for(m, Notation::STANDARD, 0).unwrap(), "E5");
    assert_eq!(p.notate_for(m, Notation::STANDARD, 1).unwrap(), "?");
    let pass = p.read_move("pass", Notation::STANDARD).unwrap();
    assert_eq!(p.notate_for(pass, Notation::STANDARD, 1).unwrap(), "pass");
}

#[test]
fn bad_tries_and_position_texts_are_refused_with_the_reason() {
    let p = after("", "E5");
    assert!(p.read_move("Z3", Notation::STANDARD).unwrap_err().to_string().contains("not a point"));
    let p = after("", "E5 E5");
    assert!(p.read_move("E5", Notation::STANDARD).unwrap_err().to_string().contains("a stone you found"));
    let rules = common::rules();
    let board = format!("{EMPTY_ROWS}........./........./........./xo....... w 0 -");
    for (text, why) in [
        (format!("{board} | A1 - -"), "does not hold a white stone"),
        (format!("{board} | - -"), "2 fields after the bar"),
        (format!("{board} | - - A1"), "does not hold an empty point"),
        (format!("{board} | - Q1 -"), "'Q1' in the stones white found is not a point"),
    ] {
        let error = rules.position(&text).err().unwrap_or_else(|| panic!("{text} was read"));
        assert!(error.to_string().contains(why), "{text}: {error}");
    }
}
