//! International draughts, one rule per test (FMJD, "Official FMJD rules
//! for international draughts"). Squares: row r (0 at the top, Black's
//! side) and file f (0 at the left) hold square 5r + f/2 + 1 when r + f is
//! odd; 46 is White's lower left corner, 5 the other end of the long
//! diagonal.

mod common;

use common::{after, moves, moves_in, outcome, play, rules, wander};
use rules_api::{Notation, PositionExt, RulesExt};
use tabula_draughts::Rule;

fn game() -> rules_api::RulesBox {
    rules(Rule::International)
}

#[test]
fn white_moves_first_from_the_start() {
    let pos = game().start().unwrap();
    assert_eq!(pos.side_to_move(), 0);
    let info = game().game_info().unwrap();
    assert_eq!((info.players[0].name.as_str(), info.players[1].name.as_str()), ("white", "black"));
    assert_eq!(moves(&pos), ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]);
}

#[test]
fn men_step_forward_only_but_capture_backwards_too() {
    assert_eq!(moves(&after(&game(), "W:W28:B1", "")), ["28-22", "28-23"]);
    // 33 is behind White's man on 28: it is taken backwards, landing on 39.
    assert_eq!(moves(&after(&game(), "W:W28:B1,33", "")), ["28x39"]);
}

#[test]
fn kings_fly_along_free_diagonals() {
    let pos = after(&game(), "W:WK46:B5", "");
    // 5 ends the diagonal, so it cannot be taken: eight quiet moves.
    assert_eq!(moves(&pos).len(), 8);
    assert!(moves(&pos).contains(&"46-10".to_string()));
}

#[test]
fn a_king_takes_at_a_distance_and_lands_on_any_free_square_beyond() {
    let pos = after(&game(), "W:WK46:B23", "");
    assert_eq!(moves(&pos), ["46x10", "46x14", "46x19", "46x5"]);
}

#[test]
fn the_capture_taking_the_most_pieces_is_compulsory() {
    // The king could take 23 and 13, but the man on 38 takes three: 33,
    // 23 and 13, so it must, and the king's capture is not a move.
    let pos = after(&game(), "W:W38,K46:B13,23,33", "");
    assert_eq!(moves(&pos), ["38x29x18x9"]);
    assert_eq!(moves_in(&pos, Notation::STANDARD), ["38x9"]);
    let err = pos.read_move("46x8", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("compulsory: 38x29x18x9"), "{err}");
    // Among captures of one size any may be chosen: the king lands on 2 or 8.
    assert_eq!(moves(&after(&game(), "W:W38,K46:B13,23", "")), ["46x19x2", "46x19x8"]);
}

#[test]
fn the_capturing_piece_s_own_square_is_free_during_the_capture() {
    // The man on 32 takes 27, 17, 18 and 28 round a loop, back to 32.
    let mut pos = after(&game(), "W:W32,48:B17,18,27,28,1", "");
    assert_eq!(moves(&pos), ["32x21x12x23x32"]);
    assert_eq!(moves_in(&pos, Notation::STANDARD), ["32x32"]);
    play(&mut pos, "32x32");
    assert_eq!(pos.text().unwrap(), "B:W32,48:B1");
}

#[test]
fn pieces_taken_stay_on_the_board_until_the_capture_ends() {
    // King 46 takes 32, 18 and 17; it cannot take 27 as well, because the
    // square beyond 27 is 32's, whose piece is still on the board.
    let pos = after(&game(), "W:WK46:B17,18,27,32", "");
    let list = pos.moves().unwrap();
    assert!(!list.is_empty());
    for m in list {
        let mut next = pos.clone();
        next.play(m).unwrap();
        let left: Vec<u16> = next.piece_list().unwrap().iter().filter(|p| p.owner == 1).map(|p| p.cell + 1).collect();
        assert_eq!(left, [27], "after {}", pos.notate(m, Notation::COORDINATE).unwrap());
    }
}

#[test]
fn a_man_passing_over_the_back_row_stays_a_man() {
    let mut pos = after(&game(), "W:W13,48:B7,8,30", "");
    assert_eq!(moves(&pos), ["13x2x11"]);
    play(&mut pos, "13x2x11");
    assert_eq!(pos.text().unwrap(), "B:W11,48:B30");
}

#[test]
fn a_man_ending_on_the_back_row_is_crowned() {
    let mut pos = after(&game(), "W:W13,48:B8,30", "");
    play(&mut pos, "13x2");
    assert_eq!(pos.text().unwrap(), "B:WK2,48:B30");
}

#[test]
fn captures_with_one_start_and_end_are_told_apart_by_their_landings() {
    // King 2 reaches 21 (and 16) by two routes taking different pieces.
    let pos = after(&game(), "W:WK2,35:B1,8,K20,27,29,K34,K46", "");
    assert_eq!(moves_in(&pos, Notation::STANDARD), ["2x24x38x16", "2x24x38x21", "2x30x43x16", "2x30x43x21"]);
    let err = pos.read_move("2x21", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("more than one capture fits"), "{err}");
    // Any square of the route picks one.
    let m = pos.read_move("2x30x21", Notation::STANDARD).unwrap();
    assert_eq!(pos.notate(m, Notation::COORDINATE).unwrap(), "2x30x43x21");
    assert_eq!(
        pos.read_move("2-33-21", Notation::COORDINATE).unwrap(),
        pos.read_move("2x24x38x21", Notation::STANDARD).unwrap()
    );
}

#[test]
fn no_pieces_or_no_move_loses() {
    assert_eq!(outcome(&after(&game(), "B:W28:B", "")), "win 0 (no pieces left)");
    // Black's man on 36 steps only onto 41, and cannot take it: 47 is taken.
    assert_eq!(outcome(&after(&game(), "B:W41,47:B36", "")), "win 0 (no legal move)");
}

#[test]
fn twenty_five_king_moves_each_without_a_capture_draw() {
    let mut pos = after(&game(), "W:WK46,K50,31,35:BK1,K5,16,20", "");
    wander(&mut pos, 49, false);
    assert_eq!(outcome(&pos), "ongoing");
    wander(&mut pos, 1, false);
    assert_eq!(outcome(&pos), "draw (25-move rule)");
    assert!(pos.moves().unwrap().is_empty());
}

#[test]
fn three_pieces_against_a_lone_king_draw_after_sixteen_moves_each() {
    let mut pos = after(&game(), "W:WK47,K48,K49:BK3", "");
    wander(&mut pos, 31, false);
    assert_eq!(outcome(&pos), "ongoing");
    wander(&mut pos, 1, false);
    assert_eq!(outcome(&pos), "draw (16-move endgame rule)");
}

#[test]
fn the_sixteen_move_count_runs_on_through_man_moves() {
    // pydraughts restarts this count when a man moves; the FMJD counts
    // the moves since the ending arose. Every White move here is a man's
    // (men come first in the move list).
    let mut pos = after(&game(), "W:WK47,44,45:BK3", "");
    wander(&mut pos, 31, true);
    assert_eq!(outcome(&pos), "ongoing");
    wander(&mut pos, 1, true);
    assert_eq!(outcome(&pos), "draw (16-move endgame rule)");
}

#[test]
fn two_pieces_against_a_lone_king_draw_after_five_moves_each() {
    let mut pos = after(&game(), "W:WK47,K48:BK3", "");
    wander(&mut pos, 9, false);
    assert_eq!(outcome(&pos), "ongoing");
    wander(&mut pos, 1, false);
    assert_eq!(outcome(&pos), "draw (5-move endgame rule)");
}

#[test]
fn the_third_repetition_draws() {
    let mut pos = after(&game(), "W:WK47,K48:BK3,K4", "");
    play(&mut pos, "47-41 3-9 41-47 9-3 47-41 3-9 41-47");
    assert_eq!(outcome(&pos), "ongoing");
    play(&mut pos, "9-3");
    assert_eq!(outcome(&pos), "draw (threefold repetition)");
}
