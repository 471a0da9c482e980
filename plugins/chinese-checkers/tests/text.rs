//! The position text, both notations, the options, and bad input refused
//! with the reason; snapshots of characteristic boards.

mod common;

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionExt, RString, RulesExt, Tuple2};
use tabula_chinese_checkers::ChineseCheckers;

#[test]
fn the_start_text_reads_back_for_every_player_count() {
    for players in [2, 3, 4, 6] {
        let rules = common::rules(players, 1000);
        let text = rules.start().unwrap().text().unwrap();
        assert_eq!(rules.position(&text).unwrap().text().unwrap(), text);
        let marbles = text.split(' ').next().unwrap().chars().filter(|c| c.is_ascii_digit()).count();
        assert_eq!(marbles, 10 * players as usize);
    }
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let rules = common::rules(2, 1000);
    let start = rules.start().unwrap().text().unwrap();
    let board = start.split(' ').next().unwrap().to_string();
    let cases = [
        (String::new(), "empty"),
        (format!("{board}/. 1 0"), "18 rows"),
        (board.replacen("2/22", "2/222", 1) + " 1 0", "rank 16"),
        (board.replacen("2/22", "2/2x", 1) + " 1 0", "'x'"),
        (board.replacen("2/22", "2/23", 1) + " 1 0", "'3'"),
        (board.replacen("2/22", "2/2.", 1) + " 1 0", "player 2 has 9 marbles"),
        (board.clone(), "player to move is missing"),
        (format!("{board} 3 0"), "player to move is '3'"),
        (format!("{board} 1"), "turns played is missing"),
        (format!("{board} 1 x"), "turns played is 'x'"),
        (format!("{board} 2 0"), "it is player 1's move"),
        (format!("{board} 1 1002"), "ends after 1000"),
        (format!("{board} 1 0 extra"), "unexpected 'extra'"),
    ];
    for (text, why) in cases {
        let err = rules.position(&text).err().unwrap_or_else(|| panic!("'{text}' accepted"));
        assert!(err.message.contains(why), "'{text}': {err} (expected '{why}')");
    }
    // Both players with a filled corner cannot happen.
    let both = common::text(2, 40, &[&common::TOP, &common::BOTTOM]);
    let err = rules.position(&both).err().expect("two winners");
    assert!(err.message.contains("players 1 and 2"), "{err}");
}

#[test]
fn moves_read_in_both_notations_and_many_spellings() {
    let rules = common::rules(2, 1000);
    let start = rules.start().unwrap();
    let m = start.read_move("m3-m5", Notation::STANDARD).unwrap();
    assert_eq!(start.notate(m, Notation::STANDARD).unwrap(), "m3-m5");
    assert_eq!(start.notate(m, Notation::COORDINATE).unwrap(), "m3m5");
    for spelling in ["m3m5", "M3-M5", " m3-m5 "] {
        assert_eq!(start.read_move(spelling, Notation::COORDINATE).unwrap(), m, "{spelling}");
    }
    for (text, why) in [
        ("m3", "not a move"),
        ("z3-m5", "not a move"),
        ("i9-i10", "no marble on i9"),
        ("e17-e13", "player 2's"),
        ("m3-m7", "cannot reach"),
        ("m3-m5-m7", "no marble to hop over"),
        ("m3-m5-k6", "not a hop"),
        ("l4-l3", "taken"),
        ("pass", "only when none of their marbles can move"),
    ] {
        let err = start.read_move(text, Notation::STANDARD).unwrap_err();
        assert!(err.message.contains(why), "{text}: {err} (expected '{why}')");
    }
}

#[test]
fn options_are_checked() {
    let options = |pairs: &[(&str, &str)]| {
        pairs.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect::<rules_api::Options>()
    };
    assert!(ChineseCheckers::from_options(&options(&[("players", "6"), ("limit", "500")])).is_ok());
    for (pairs, why) in [
        (vec![("players", "5")], "cannot be '5'"),
        (vec![("limit", "many")], "'limit' must be a whole number"),
        (vec![("limit", "5")], "from 10"),
        (vec![("size", "9")], "unknown option 'size'"),
    ] {
        let err = ChineseCheckers::from_options(&options(&pairs)).err().expect("refused");
        assert!(err.message.contains(why), "{pairs:?}: {err}");
    }
    let rules = rules_box(ChineseCheckers::from_options(&options(&[("players", "4")])).unwrap());
    let info = rules.game_info().unwrap();
    let names: Vec<&str> = info.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["red", "purple", "green", "yellow"]);
    assert!(rules.help().unwrap().contains("Masters Traditional Games"));
}

#[test]
fn snapshot_the_two_player_start() {
    let rules = common::rules(2, 1000);
    insta::assert_snapshot!(tabula_kit::diagram::diagram_after(&rules, "", "").unwrap());
}

#[test]
fn snapshot_six_players_after_a_round() {
    let rules = common::rules(6, 1000);
    let moves = "m4-m5 e8-f8 d10-e10 h14-h13 m10-m9 n8-m8";
    insta::assert_snapshot!(tabula_kit::diagram::diagram_after(&rules, "", moves).unwrap_or_else(|e| panic!("{e}")));
}

#[test]
fn snapshot_a_win_by_swapping_into_a_blocked_corner() {
    let rules = common::rules(2, 1000);
    let mut red: Vec<&str> = common::TOP[..9].to_vec();
    red.push("h13");
    let green = ["h14", "a13", "i9", "j9", "k9", "l9", "m9", "k4", "l4", "m4"];
    let start = common::text(2, 40, &[&red, &green]);
    insta::assert_snapshot!(tabula_kit::diagram::diagram_after(&rules, &start, "h13-h14").unwrap());
}
