//! One test per rule, each on a position that shows it (the rules as
//! `docs/games/stratego.md` states them, from the Jumbo Original Game
//! Rules and the ISF game rules).

mod common;

use common::{battle, moves, play, rules};
use rules_api::{Notation, PositionExt, RulesExt, StatusKind};
use tabula_stratego::{Config, Numbering};

fn default() -> rules_api::RulesBox {
    rules(Config::default())
}

/// The rank letter on `square` after `moves` from `text` (`.` if empty).
fn on(text: &str, moves: &str, square: &str) -> char {
    let mut p = default().position(text).unwrap();
    play(&mut p, moves);
    let cell = tabula_stratego::board::parse_square(square).unwrap();
    let info = default().game_info().unwrap();
    p.piece_list()
        .unwrap()
        .iter()
        .find(|x| x.cell == cell)
        .map_or('.', |x| info.piece_types[x.kind as usize].letters[x.owner as usize].chars().next().unwrap())
}

#[test]
fn each_army_has_forty_pieces_of_the_standard_ranks() {
    // Rule: 1 marshal, 1 general, 2 colonels, 3 majors, 4 captains, 4
    // lieutenants, 4 sergeants, 5 miners, 8 scouts, 1 spy, 6 bombs, 1 flag.
    let counts = tabula_stratego::rank::ARMY;
    assert_eq!(counts[1..], [1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6, 1]);
}

#[test]
fn red_sets_up_on_its_four_rows_first_then_blue_then_red_moves() {
    let mut p = default().start().unwrap();
    assert_eq!(p.side_to_move(), 0);
    // 12 ranks on 40 squares, the random button and four presets.
    assert_eq!(p.moves().unwrap().len(), 12 * 40 + 1 + 4);
    let refused = p.read_move("M@a5", Notation::COORDINATE).unwrap_err().to_string();
    assert!(refused.contains("its own four rows"), "{refused}");
    play(&mut p, "M@a1 G@b1");
    assert!(p.read_move("G@c1", Notation::COORDINATE).unwrap_err().to_string().contains("no general left"));
    play(&mut p, "random");
    common::deal(&mut p);
    assert_eq!(p.side_to_move(), 1, "blue sets up after red");
    assert!(p.moves().unwrap().iter().all(|m| m.is_off_board() || m.to >= 60), "blue places on ranks 7-10");
    play(&mut p, "preset-2");
    common::deal(&mut p);
    assert_eq!(p.side_to_move(), 0, "red moves first");
    assert!(p.text().unwrap().contains(" red lost=-/- last=-/-"));
}

#[test]
fn a_random_setup_is_dealt_square_by_square_by_chance() {
    let mut p = default().start().unwrap();
    play(&mut p, "S@a4 random");
    assert!(p.is_chance());
    let outcomes = p.chance_list().unwrap();
    // The next square (b4, red's front row from its left) gets each rank
    // the reserve holds, in proportion: 8 scouts of 39 pieces left.
    assert_eq!(outcomes.len(), 11, "no spy is left to deal");
    let scout = outcomes.iter().find(|o| p.notate(o.mv, Notation::COORDINATE).unwrap() == "O@b4").unwrap();
    assert!((scout.probability - 8.0 / 39.0).abs() < 1e-12);
    common::deal(&mut p);
    assert_eq!(p.side_to_move(), 1);
}

#[test]
fn a_preset_fills_the_rest_its_own_ranks_first_then_what_is_left_strongest_first() {
    let mut p = default().start().unwrap();
    // Preset 1 wants a scout on a4 and the marshal on f3; a marshal placed
    // by hand on a4 leaves f3 to the strongest piece the preset did not
    // use, the scout it wanted on a4 (nothing stronger is spare).
    play(&mut p, "M@a4 preset-1");
    common::deal(&mut p);
    assert_eq!(on(&p.text().unwrap(), "", "a4"), 'M');
    let view = p.view_piece_list(0).unwrap();
    let f3 = tabula_stratego::board::parse_square("f3").unwrap();
    assert_eq!(view.iter().find(|x| x.cell == f3).unwrap().kind, tabula_stratego::rank::SCOUT as u16);
}

#[test]
fn pieces_move_one_square_along_ranks_and_files_never_into_lakes() {
    let text = battle(&["Fa1", "Lc4", "fj10", "oj7"], "red", "-/-");
    let p = default().position(&text).unwrap();
    // c4: up is the lake c5, so b4, d4, c3.
    assert_eq!(moves(&p), ["c4b4", "c4c3", "c4d4"]);
}

#[test]
fn bombs_and_the_flag_never_move() {
    let text = battle(&["Fa1", "Ba2", "Oj1", "fj10", "oa10"], "red", "-/-");
    let p = default().position(&text).unwrap();
    assert!(moves(&p).iter().all(|m| m.starts_with("j1")));
}

#[test]
fn a_scout_moves_any_number_of_free_squares_and_strikes_at_the_end() {
    let text = battle(&["Fa1", "Oe2", "fj10", "ce6"], "red", "-/-");
    let p = default().position(&text).unwrap();
    let north: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("e2e") && m.as_str() > "e2e2").collect();
    assert_eq!(north, ["e2e3", "e2e4", "e2e5", "e2e6"], "e6 is the strike at the end of the move");
    assert_eq!(moves(&p).len(), 4 + 1 + 4 + 5, "north, south, west, east");
    let no_strike = rules(Config { scout_strikes: false, ..Config::default() }).position(&text).unwrap();
    assert!(!moves(&no_strike).contains(&"e2e6".to_string()), "older rule: no move and strike in one turn");
}

#[test]
fn a_scout_is_stopped_by_pieces_and_lakes() {
    let text = battle(&["Fa1", "Oc4", "Tf4", "fj10", "oj7"], "red", "-/-");
    let p = default().position(&text).unwrap();
    let scout: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("c4")).collect();
    assert_eq!(scout, ["c4a4", "c4b4", "c4c1", "c4c2", "c4c3", "c4d4", "c4e4"]);
}

#[test]
fn a_scout_that_moves_more_than_one_square_shows_its_rank() {
    let text = battle(&["Fa1", "Oe2", "fj10", "oj7"], "red", "-/-");
    let mut p = default().position(&text).unwrap();
    play(&mut p, "e2e4");
    assert!(p.view_string(1).unwrap().contains("O+*"), "{}", p.view_string(1).unwrap());
    let mut q = default().position(&text).unwrap();
    play(&mut q, "e2e3");
    assert!(q.view_string(1).unwrap().contains("X+"), "one square keeps it secret");
}

#[test]
fn the_higher_rank_wins_a_strike_and_takes_the_square() {
    let text = battle(&["Fa1", "Me4", "Oa4", "fj10", "ge5", "oj7"], "red", "-/-");
    assert_eq!(on(&text, "e4e5", "e5"), 'M');
    assert_eq!(on(&text, "e4e5", "e4"), '.');
    let weaker = battle(&["Fa1", "Pe4", "Oa4", "fj10", "ge5", "oj7"], "red", "-/-");
    assert_eq!(on(&weaker, "e4e5", "e5"), 'g', "the defender stays");
}

#[test]
fn equal_ranks_remove_each_other() {
    let text = battle(&["Fa1", "Te4", "Oa4", "fj10", "te5", "oj7"], "red", "-/-");
    assert_eq!((on(&text, "e4e5", "e4"), on(&text, "e4e5", "e5")), ('.', '.'));
}

#[test]
fn the_spy_defeats_the_marshal_only_when_it_attacks() {
    let spy_attacks = battle(&["Fa1", "Se4", "Oa4", "fj10", "me5", "oj7"], "red", "-/-");
    assert_eq!(on(&spy_attacks, "e4e5", "e5"), 'S');
    let marshal_attacks = battle(&["Fa1", "Se4", "Oa4", "fj10", "me5", "oj7"], "blue", "-/-");
    assert_eq!(on(&marshal_attacks, "e5e4", "e4"), 'm');
    let spy_on_general = battle(&["Fa1", "Se4", "Oa4", "fj10", "ge5", "oj7"], "red", "-/-");
    assert_eq!(on(&spy_on_general, "e4e5", "e5"), 'g');
}

#[test]
fn bombs_defeat_every_attacker_but_a_miner() {
    let miner = battle(&["Fa1", "Ne4", "Oa4", "fj10", "be5", "oj7"], "red", "-/-");
    assert_eq!(on(&miner, "e4e5", "e5"), 'N');
    let marshal = battle(&["Fa1", "Me4", "Oa4", "fj10", "be5", "oj7"], "red", "-/-");
    assert_eq!((on(&marshal, "e4e5", "e4"), on(&marshal, "e4e5", "e5")), ('.', 'b'));
}

#[test]
fn capturing_the_flag_wins() {
    let text = battle(&["Fa1", "Oe4", "fe5", "oj7"], "red", "-/-");
    let mut p = default().position(&text).unwrap();
    play(&mut p, "e4e5");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "flag captured"));
    assert!(p.moves().unwrap().is_empty());
}

#[test]
fn a_strike_shows_both_ranks_to_everyone_and_they_stay_known() {
    let text = battle(&["Fa1", "Me4", "Oa4", "fj10", "ge5", "oj7"], "red", "-/-");
    let mut p = default().position(&text).unwrap();
    assert!(p.view_string(1).unwrap().contains('X'), "the marshal is a back to blue");
    play(&mut p, "e4e5");
    assert_eq!(p.announcement_for(1).unwrap(), "red marshal (10) takes blue general (9) on e5");
    play(&mut p, "j7j6 e5e6");
    for viewer in [1, rules_api::SPECTATOR] {
        assert!(p.view_string(viewer).unwrap().contains("M+*"), "the marshal stays known to {viewer}");
    }
}

#[test]
fn one_piece_may_make_at_most_five_moves_in_a_row_between_two_squares() {
    let text = battle(&["Fa1", "Le4", "Oa4", "fj10", "oj7", "oi7"], "red", "-/-");
    let mut p = default().position(&text).unwrap();
    // Blue alternates two scouts, so only red's lieutenant runs a series.
    play(&mut p, "e4e5 j7j6 e5e4 i7i6 e4e5 j6j7 e5e4 i6i7 e4e5 j7j6");
    assert!(!moves(&p).contains(&"e5e4".to_string()), "a sixth move between e4 and e5");
    let why = p.read_move("e5e4", Notation::COORDINATE).unwrap_err().to_string();
    assert!(why.contains("two-squares rule"), "{why}");
    assert!(moves(&p).contains(&"e5e6".to_string()), "another square is fine");
    // Moving another piece ends the series.
    play(&mut p, "a4a3 i7i6");
    assert!(moves(&p).contains(&"e5e4".to_string()));
}

#[test]
fn the_isf_two_squares_rule_allows_three() {
    let isf = rules(Config { two_squares: 3, ..Config::default() });
    let text = battle(&["Fa1", "Le4", "Oa4", "fj10", "oj7", "oi7"], "red", "-/-");
    let mut p = isf.position(&text).unwrap();
    play(&mut p, "e4e5 j7j6 e5e4 i7i6 e4e5 j6j7");
    assert!(!moves(&p).contains(&"e5e4".to_string()));
}

#[test]
fn a_player_without_a_movable_piece_loses() {
    let text = battle(&["Fa1", "Ba2", "fj10", "oj7"], "red", "-/-");
    let status = default().position(&text).unwrap().outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 1, "no movable pieces"));
}

#[test]
fn a_player_whose_pieces_are_all_blocked_loses() {
    let text = battle(&["Fb1", "Ba2", "Oa1", "fj10", "oj7"], "red", "-/-");
    let status = default().position(&text).unwrap().outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 1, "no legal move"));
}

#[test]
fn the_game_is_drawn_when_neither_side_can_move() {
    let text = battle(&["Fa1", "Ba2", "fj10", "bj9"], "red", "-/-");
    let status = default().position(&text).unwrap().outcome().unwrap();
    assert_eq!((status.kind, status.reason.as_str()), (StatusKind::DRAW, "neither side can move"));
}

#[test]
fn draw_after_counts_moves_without_a_strike() {
    let limited = rules(Config { quiet_limit: 4, ..Config::default() });
    let text = battle(&["Fa1", "Le4", "Oa4", "fj10", "oj7", "oi7"], "red", "-/-");
    let mut p = limited.position(&format!("{text} quiet=0")).unwrap();
    play(&mut p, "e4e5 j7j6 e5e4");
    assert!(p.outcome().unwrap().is_ongoing());
    play(&mut p, "i7i6");
    assert_eq!(p.outcome().unwrap().reason.as_str(), "no strike for too long");
}

#[test]
fn the_numbering_option_changes_only_the_numbers_shown() {
    let classic = rules(Config { numbering: Numbering::Classic, ..Config::default() });
    let types = classic.game_info().unwrap().piece_types;
    assert_eq!(types[tabula_stratego::rank::MARSHAL as usize].glyphs[0].as_str(), "1");
    assert_eq!(types[tabula_stratego::rank::SCOUT as usize].glyphs[0].as_str(), "9");
    let mut p = classic.start().unwrap();
    play(&mut p, "1@a1 9@b1");
    assert!(p.text().unwrap().starts_with("........../"));
    assert!(p.text().unwrap().contains("/MO........ red-setup"));
}
