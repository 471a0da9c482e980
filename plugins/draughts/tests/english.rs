//! English draughts, one rule per test (English Draughts Association and
//! WCDF rules), and the differences from OpenSpiel's `checkers` pinned.
//! Squares: row r (0 at the top, Black's side) and file f hold square
//! 4r + f/2 + 1 when r + f is odd; 29 is a1, White's lower left corner.

mod common;

use common::{after, moves, moves_in, outcome, play, rules, wander};
use rules_api::{Notation, PositionExt, RulesExt};
use tabula_draughts::Rule;

fn game() -> rules_api::RulesBox {
    rules(Rule::English)
}

#[test]
fn black_moves_first_from_squares_one_to_twelve() {
    // OpenSpiel calls the first player, whose men start on 1-12, "White".
    let info = game().game_info().unwrap();
    assert_eq!((info.players[0].name.as_str(), info.players[1].name.as_str()), ("black", "white"));
    let pos = game().start().unwrap();
    assert_eq!(pos.side_to_move(), 0);
    assert_eq!(moves(&pos), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    assert_eq!(pos.text().unwrap(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
}

#[test]
fn men_move_and_capture_forward_only() {
    assert_eq!(moves(&after(&game(), "B:W14:B10", "")), ["10x17"]);
    // White's man on 10 is behind Black's man on 14: no capture.
    assert_eq!(moves(&after(&game(), "B:W10:B14", "")), ["14-17", "14-18"]);
}

#[test]
fn kings_step_one_square_in_any_direction() {
    assert_eq!(moves(&after(&game(), "B:W32:BK14", "")), ["14-10", "14-17", "14-18", "14-9"]);
    assert_eq!(moves(&after(&game(), "B:W10:BK14", "")), ["14x7"], "kings capture backwards");
}

#[test]
fn any_capture_may_be_chosen_but_must_be_completed() {
    let pos = after(&game(), "B:W9,11,17:B6,8", "");
    assert_eq!(moves(&pos), ["6x13x22", "8x15"], "not 6x13, which stops half way");
}

#[test]
fn two_captures_from_one_square_to_another_are_written_in_full() {
    let pos = after(&game(), "W:W26:B14,15,20,K22,23,K32", "");
    assert_eq!(moves_in(&pos, Notation::STANDARD), ["26x17x10", "26x19x10"]);
}

#[test]
fn a_capture_round_a_loop_either_way_is_one_move_with_two_click_paths() {
    // King 2 takes 6, 14, 15 and 7 and comes back to 2, one way round or
    // the other: one position, so one move (OpenSpiel's and pydraughts'
    // jump sequences list both ways).
    let pos = after(&game(), "W:WK2,32:B6,7,14,K15,21,22,28", "");
    assert_eq!(moves(&pos), ["2x11x18x25", "2x9x18x11x2", "2x9x18x25"]);
    let round = pos.read_move("2x9x18x11x2", Notation::COORDINATE).unwrap();
    assert_eq!(pos.read_move("2x11x18x9x2", Notation::COORDINATE).unwrap(), round);
    let paths: Vec<Vec<u16>> = pos
        .click_path_list()
        .unwrap()
        .iter()
        .filter(|p| p.mv == round)
        .map(|p| p.steps.iter().map(|s| s[0] + 1).collect())
        .collect();
    assert_eq!(paths, [vec![2, 9, 18, 11, 2], vec![2, 11, 18, 9, 2]]);
}

#[test]
fn a_man_crowned_during_a_capture_stops_there() {
    // As a king it could go on over 27 to 24; the move ends on 31.
    let mut pos = after(&game(), "B:WK19,26,27:B3,22", "");
    assert_eq!(moves(&pos), ["22x31"]);
    play(&mut pos, "22x31");
    assert_eq!(pos.text().unwrap(), "W:WK19,27:B3,K31");
}

#[test]
fn forty_moves_each_without_a_man_move_or_capture_draw() {
    // OpenSpiel draws after 40 plies without a capture; the rules go on.
    let mut pos = after(&game(), "B:WK29,K30,K31,K32:BK1,K2,K3,K4", "");
    wander(&mut pos, 40, false);
    assert_eq!(outcome(&pos), "ongoing", "OpenSpiel would have drawn here");
    wander(&mut pos, 39, false);
    assert_eq!(outcome(&pos), "ongoing");
    wander(&mut pos, 1, false);
    assert_eq!(outcome(&pos), "draw (40-move rule)");
}

#[test]
fn a_man_move_restarts_the_forty_move_count() {
    let mut pos = after(&game(), "B:WK29,K30,K31,25:BK1,K2,K3,8", "");
    wander(&mut pos, 60, false);
    let men_before = pos.piece_list().unwrap().iter().filter(|p| p.kind == 0).map(|p| p.cell).sum::<u16>();
    wander(&mut pos, 1, true);
    let men_after = pos.piece_list().unwrap().iter().filter(|p| p.kind == 0).map(|p| p.cell).sum::<u16>();
    assert_ne!(men_before, men_after, "a man moved");
    wander(&mut pos, 79, false);
    assert_eq!(outcome(&pos), "ongoing");
    wander(&mut pos, 1, false);
    assert_eq!(outcome(&pos), "draw (40-move rule)");
}

#[test]
fn the_third_repetition_draws() {
    // OpenSpiel has no repetition rule.
    let mut pos = after(&game(), "B:WK29,K32:BK1,K4", "");
    play(&mut pos, "1-5 29-25 5-1 25-29 1-5 29-25 5-1");
    assert_eq!(outcome(&pos), "ongoing");
    play(&mut pos, "25-29");
    assert_eq!(outcome(&pos), "draw (threefold repetition)");
}

#[test]
fn a_blocked_side_loses() {
    // White's men on 5 and 6 are stuck behind Black's on 1 and 2, at the edge.
    let pos = after(&game(), "W:W5,6:B1,2,9,10", "");
    assert_eq!(outcome(&pos), "win 0 (no legal move)");
}

#[test]
fn moves_read_in_algebraic_squares_on_the_eight_by_eight_board() {
    let pos = game().start().unwrap();
    let m = pos.read_move("f6-e5", Notation::STANDARD).unwrap();
    assert_eq!(pos.notate(m, Notation::STANDARD).unwrap(), "11-15");
}
