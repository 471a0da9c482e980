//! One test per rule of Schmidt Spiele's Mensch ärgere Dich nicht, and
//! where OpenSpiel's `maedn` (the reference) plays differently.

mod common;

use common::{moves, play, position, track};
use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{Move, MoveFlags, Notation, PositionFlags, RVec, StatusKind};
use tabula_ludo::position::{roll, Finish};

const FIRST: Finish = Finish::First;

#[test]
fn the_game_starts_with_one_piece_on_each_start_field() {
    // Schmidt's rules put each player's first piece on its start field;
    // OpenSpiel's maedn starts with all four waiting (the reference script
    // starts both from OpenSpiel's start, as a position text).
    let two = common::game(2, FIRST).start_position().unwrap();
    assert_eq!(two.to_text(), format!("{} r3.... g3.... r - 1 -", track(&[(1, 'r'), (21, 'g')])));
    let four = common::game(4, FIRST).start_position().unwrap();
    let t = track(&[(1, 'r'), (11, 'b'), (21, 'g'), (31, 'y')]);
    assert_eq!(four.to_text(), format!("{t} r3.... b3.... g3.... y3.... r - 1 -"));
}

#[test]
fn the_die_is_a_chance_node_for_the_player_to_move() {
    let mut p = common::game(3, FIRST).start_position().unwrap();
    assert_eq!(p.flags(), PositionFlags::CHANCE);
    assert_eq!(moves(&p), ["roll1", "roll2", "roll3", "roll4", "roll5", "roll6"]);
    let mut outcomes = RVec::new();
    p.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 6);
    assert!(outcomes.iter().all(|o| (o.probability - 1.0 / 6.0).abs() < 1e-12));
    assert!((outcomes.iter().map(|o| o.probability).sum::<f64>() - 1.0).abs() < 1e-12);
    let mut paths = RVec::new();
    p.click_paths(&mut paths);
    assert!(paths.is_empty(), "nobody clicks a roll");
    assert_eq!(p.side_to_move(), 0);
    play(&mut p, "roll4");
    assert_eq!(p.flags(), PositionFlags::NONE);
    outcomes.clear();
    p.chance_outcomes(&mut outcomes);
    assert!(outcomes.is_empty(), "no chance after the roll");
    assert_eq!(p.side_to_move(), 0, "the player the roll was for moves");
    assert!(p.make_move(roll(2)).unwrap_err().message.contains("rolled already"));
}

#[test]
fn a_six_must_bring_a_piece_out_capturing_on_the_start_field() {
    // Red has a piece on 5 and three waiting; green stands on red's start.
    let t = format!("{} r3.... g3.... r 6 1 -", track(&[(5, 'r'), (1, 'g')]));
    let mut p = position(2, FIRST, &t);
    assert_eq!(moves(&p), ["r3-1"], "moving the piece on 5 is not allowed");
    assert_eq!(p.move_to_text(p.parse_move("out", Notation::STANDARD).unwrap(), Notation::STANDARD).unwrap(), "r3-1*");
    play(&mut p, "r3-1");
    assert!(p.to_text().starts_with(&track(&[(1, 'r'), (5, 'r')])));
    assert!(p.to_text().contains("r2.... g4...."), "green's piece went home: {}", p.to_text());
    assert!(p.flags().contains(PositionFlags::CHANCE) && p.side() == 0, "a six rolls again");
}

#[test]
fn a_six_moves_the_own_piece_off_the_start_field_first() {
    let t = format!("{} r2.... g4.... r 6 1 -", track(&[(1, 'r'), (9, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &t)), ["1-7"]);
}

#[test]
fn the_start_field_is_cleared_first_unless_its_own_piece_blocks() {
    let t = format!("{} r2.... g4.... r 3 1 -", track(&[(1, 'r'), (10, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &t)), ["1-4"]);
    let blocked = format!("{} r1.... g4.... r 3 1 -", track(&[(1, 'r'), (4, 'r'), (10, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &blocked)), ["10-13", "4-7"]);
    // Nothing waiting: the start field need not be cleared.
    let none = format!("{} r0.x.x g4.... r 3 1 -", track(&[(1, 'r'), (10, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &none)), ["1-4", "10-13"]);
}

#[test]
fn a_capture_sends_the_piece_home_but_is_never_compulsory() {
    let t = format!("{} r2.... g3.... r 3 1 -", track(&[(5, 'r'), (8, 'g'), (20, 'r')]));
    let mut p = position(2, FIRST, &t);
    assert_eq!(moves(&p), ["20-23", "5-8"], "capturing or not");
    let capture = p.parse_move("5-8", Notation::COORDINATE).unwrap();
    assert_eq!(p.move_to_text(capture, Notation::STANDARD).unwrap(), "5-8*");
    let mut infos = RVec::new();
    p.move_infos(&[capture], &mut infos);
    assert!(infos[0].flags.contains(MoveFlags::CAPTURE | MoveFlags::TACTICAL));
    let before = (p.to_text(), p.hash());
    p.make_move(capture).unwrap();
    assert!(p.to_text().contains("g4...."), "{}", p.to_text());
    p.unmake_move().unwrap();
    assert_eq!((p.to_text(), p.hash()), before);
}

#[test]
fn pieces_jump_over_any_piece_but_never_land_on_their_own() {
    let t = format!("{} r1.... g3.... r 3 1 -", track(&[(5, 'r'), (6, 'g'), (7, 'r'), (8, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &t)), ["7-10", "8-11"], "5-8 would land on red's own piece");
}

#[test]
fn the_goal_takes_the_exact_number_and_pieces_may_be_jumped_there() {
    // Red's piece on 38 has 2 fields to go: a 3 reaches ra, a 6 rd; from
    // 40 a 6 overshoots. In the goal a piece jumps over another
    // (Schmidt's Spielesammlung; OpenSpiel alike), never onto it.
    let t = format!("{} r0xx.. g4.... r 6 1 -", track(&[(38, 'r'), (40, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &t)), ["38-rd"]);
    let t = format!("{} r1x... g4.... r 2 1 -", track(&[(38, 'r'), (40, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &t)), ["40-rb", "ra-rc"], "jumping ra and rb; 38-40 would land on red");
    let t = format!("{} r2x... g4.... r 1 1 -", track(&[(40, 'r')]));
    assert_eq!(moves(&position(2, FIRST, &t)), ["ra-rb"], "40-ra would land on red's own piece");
}

#[test]
fn a_six_rolls_again_but_not_after_bringing_the_last_piece_home() {
    let t = format!("{} r0.xxx b4.... g4.... r 6 1 -", track(&[(35, 'r')]));
    let mut p = position(3, Finish::All, &t);
    play(&mut p, "35-ra");
    assert_eq!(p.finishers(), &[0]);
    assert_eq!((p.side(), p.die()), (1, None), "blue rolls next, not red");
    assert!(p.status().is_ongoing(), "two are left to play for the places");
}

#[test]
fn a_player_with_nothing_to_move_rolls_up_to_three_times() {
    // All of red's pieces wait: three rolls for a six, then green. OpenSpiel
    // passes the die on after one roll.
    let mut p = position(2, FIRST, &format!("{} r4.... g3.... r - 1 -", track(&[(21, 'g')])));
    for attempt in 1..=3 {
        assert_eq!((p.side(), p.attempt()), (0, attempt));
        play(&mut p, "roll5");
        assert_eq!(moves(&p), ["pass"]);
        play(&mut p, "pass");
    }
    assert_eq!((p.side(), p.attempt()), (1, 1), "green's turn after three misses");
    // Pieces home at the end of the goal count as unable to move too.
    let packed = position(2, FIRST, &format!("{} r2..xx g4.... r 2 2 -", track(&[])));
    assert!(packed.stuck(0));
    // A goal piece that can still move, or a piece on the track, does not.
    let free = format!("{} r2.x.x g4.... r - 2 -", track(&[]));
    let err = common::game(2, FIRST).position_from_text(&free).expect_err("not stuck");
    assert!(err.message.contains("only a player with nothing to move"), "{err}");
    let mut blocked = position(2, FIRST, &format!("{} r2.x.x g4.... r 4 1 -", track(&[])));
    assert_eq!(moves(&blocked), ["pass"], "b+4 overshoots the goal");
    play(&mut blocked, "pass");
    assert_eq!(blocked.side(), 1, "one roll only: the piece on b could have moved with a 1 or 2");
}

#[test]
fn a_six_after_missing_brings_a_piece_out_and_rolls_again() {
    let mut p = position(2, FIRST, &format!("{} r4.... g3.... r - 2 -", track(&[(21, 'g')])));
    play(&mut p, "roll6");
    assert_eq!(moves(&p), ["r4-1"]);
    play(&mut p, "r4-1");
    assert_eq!((p.side(), p.attempt(), p.die()), (0, 1, None));
}

#[test]
fn an_unusable_roll_is_passed_with_a_button() {
    // 40 + 4 overshoots, the goal pieces can go nowhere.
    let mut p = position(2, FIRST, &format!("{} r0xx.x g4.... r 4 1 -", track(&[(40, 'r')])));
    let mut legal = RVec::new();
    p.legal_moves(&mut legal);
    assert_eq!(legal.as_slice(), &[Move::PASS]);
    let mut infos = RVec::new();
    p.move_infos(&legal, &mut infos);
    assert!(infos[0].flags.contains(MoveFlags::PASS));
    let mut paths = RVec::new();
    p.click_paths(&mut paths);
    assert!(paths.is_empty());
    assert_eq!(p.move_to_text(Move::PASS, Notation::STANDARD).unwrap(), "pass");
    p.make_move(Move::PASS).unwrap();
    assert_eq!(p.side(), 1, "a piece on the track: no second roll");
}

#[test]
fn the_first_player_home_wins_and_the_game_ends() {
    let t = format!("{} r0.xxx b4.... g3.... r 3 1 -", track(&[(38, 'r'), (21, 'g')]));
    let mut p = position(3, FIRST, &t);
    play(&mut p, "38-ra");
    let status = p.status();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "all pieces home"));
    let mut none = RVec::new();
    p.legal_moves(&mut none);
    assert!(none.is_empty());
    let result = p.result();
    assert_eq!(result.payoffs.as_slice(), &[2.0, -1.0, -1.0]);
    assert_eq!(result.places(3), vec![1, 2, 2]);
    let mut marks = RVec::new();
    p.highlights(&mut marks);
    assert_eq!(marks.len(), 4, "red's goal is marked");
}

#[test]
fn playing_on_for_places_skips_the_finished_and_ranks_everyone() {
    // Green is home already; red brings its last piece in; blue is last.
    let t = format!("{} r0.xxx b4.... g0xxxx r 3 1 g", track(&[(38, 'r')]));
    let mut p = position(3, Finish::All, &t);
    play(&mut p, "38-ra");
    let status = p.status();
    assert_eq!((status.kind, status.winner), (StatusKind::WIN, 2), "the first finisher is the winner");
    let result = p.result();
    assert_eq!(result.payoffs.as_slice(), &[0.0, -2.0, 2.0], "places 2, 3, 1 score 0, -2, 2");
    assert_eq!(result.reason(), "green 1st, red 2nd, blue 3rd");
    // With four, the game goes on after the second finisher; nobody
    // finished rolls again.
    let t = format!("{} r0.xxx b4.... g0xxxx y3.... r 3 1 g", track(&[(38, 'r'), (31, 'y')]));
    let mut p = position(4, Finish::All, &t);
    play(&mut p, "38-ra");
    assert!(p.status().is_ongoing());
    assert_eq!(p.side(), 1);
    play(&mut p, "roll2");
    play(&mut p, "pass");
    play(&mut p, "roll2");
    play(&mut p, "pass");
    play(&mut p, "roll2");
    play(&mut p, "pass");
    assert_eq!(p.side(), 3, "after blue's three attempts yellow rolls, skipping green and red");
}

#[test]
fn bringing_out_is_clicked_from_any_waiting_field() {
    let p = position(2, FIRST, &format!("{} r3.... g3.... r 6 1 -", track(&[(5, 'r'), (21, 'g')])));
    let mut paths = RVec::new();
    p.click_paths(&mut paths);
    assert_eq!(paths.len(), 1);
    let names: Vec<Vec<String>> =
        paths[0].steps.iter().map(|s| s.iter().map(|&c| tabula_ludo::board::name(c as usize)).collect()).collect();
    assert_eq!(names, vec![vec!["r1", "r2", "r3"], vec!["1"]]);
    for spelling in ["r1-1", "r2", "out", "R3-1"] {
        assert_eq!(p.parse_move(spelling, Notation::STANDARD).unwrap(), paths[0].mv, "{spelling}");
    }
    let mut texts = RVec::new();
    p.cell_texts(&mut texts);
    assert_eq!(texts.len(), 1);
    assert_eq!(texts[0].text.as_str(), "6", "the die shows the roll");
}
