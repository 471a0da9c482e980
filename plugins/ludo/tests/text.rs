//! The position text, the notation, the options, and bad input refused
//! with the reason; snapshots of characteristic boards.

mod common;

use common::track;
use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionExt, RString, RulesExt, Tuple2};
use tabula_ludo::{Finish, Ludo};

#[test]
fn texts_read_back_for_every_player_count() {
    for players in [2, 3, 4] {
        let rules = common::rules(players, Finish::All);
        let mut p = rules.start().unwrap();
        for m in ["roll6", "out", "roll2", "pass", "roll3"] {
            let text = p.text().unwrap();
            assert_eq!(rules.position(&text).unwrap().text().unwrap(), text);
            let chosen = p.read_move(m, Notation::STANDARD).or_else(|_| Ok::<_, ()>(p.moves().unwrap()[0])).unwrap();
            p.play(chosen).unwrap();
        }
    }
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let rules = common::rules(2, Finish::First);
    let t = track(&[(1, 'r'), (21, 'g')]);
    let cases = [
        (String::new(), "it has 0 fields"),
        (format!("{t} r3.... g3.... r - 1"), "it has 6 fields"),
        (format!("{}. r3.... g3.... r - 1 -", t), "has 41 fields"),
        (format!("{} r3.... g3.... r - 1 -", track(&[(1, 'r'), (21, 'b')])), "track field 21: 'b'"),
        (format!("{t} g3.... r3.... r - 1 -"), "player 1 is 'g3....'"),
        (format!("{t} r3.z.. g3.... r - 1 -"), "player 1 is 'r3.z..'"),
        (format!("{t} r4.... g3.... r - 1 -"), "red has 5 pieces"),
        (format!("{t} r3.... g3.... b - 1 -"), "colour to move is 'b'"),
        (format!("{t} r3.... g3.... r 7 1 -"), "the die shows '7'"),
        (format!("{t} r3.... g3.... r - 4 -"), "the roll of the turn is '4'"),
        (format!("{t} r3.... g3.... r - 2 -"), "only a player with nothing to move"),
        (format!("{t} r3.... g3.... r - 1 r"), "'r' does not have all four pieces home"),
        (format!("{} r0xxxx g3.... g - 1 -", track(&[(21, 'g')])), "not listed as finished"),
        (format!("{} r0xxxx g3.... g 3 1 r", track(&[(21, 'g')])), "the game is over"),
    ];
    for (text, why) in cases {
        let err = rules.position(&text).err().unwrap_or_else(|| panic!("'{text}' accepted"));
        assert!(err.message.contains(why), "'{text}': {err} (expected '{why}')");
    }
    // Playing on for places: a finished player does not move.
    let all = common::rules(3, Finish::All);
    let text = format!("{} r0xxxx b4.... g3.... r - 1 r", track(&[(21, 'g')]));
    assert!(all.position(&text).err().expect("finished").message.contains("no longer moves"));
}

#[test]
fn moves_read_in_many_spellings_and_errors_say_what_is_legal() {
    let rules = common::rules(2, Finish::First);
    let mut p = rules.start().unwrap();
    assert!(p.read_move("1-4", Notation::STANDARD).unwrap_err().message.contains("roll1 to roll6"));
    p.play(p.read_move("roll3", Notation::COORDINATE).unwrap()).unwrap();
    let m = p.read_move("1-4", Notation::COORDINATE).unwrap();
    for spelling in ["1", " 1-4 ", "1-4*"] {
        assert_eq!(p.read_move(spelling, Notation::STANDARD).unwrap(), m, "{spelling}");
    }
    for (text, why) in [
        ("roll2", "rolled already (3)"),
        ("x-4", "'x' is not a field"),
        ("1-5", "legal: 1-4"),
        ("out", "not a legal move with a 3"),
        ("pass", "not a legal move"),
    ] {
        let err = p.read_move(text, Notation::STANDARD).unwrap_err();
        assert!(err.message.contains(why), "{text}: {err} (expected '{why}')");
    }
    assert!(p.play(rules_api::Move::new(0, 5)).unwrap_err().message.contains("legal: 1-4"));
}

#[test]
fn options_are_checked() {
    let options = |pairs: &[(&str, &str)]| {
        pairs.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect::<rules_api::Options>()
    };
    for (pairs, why) in [
        (vec![("players", "5")], "cannot be '5'"),
        (vec![("finish", "last")], "cannot be 'last'"),
        (vec![("rule", "ludo")], "unknown option 'rule'"),
    ] {
        let err = Ludo::from_options(&options(&pairs)).err().expect("refused");
        assert!(err.message.contains(why), "{pairs:?}: {err}");
    }
    let rules = rules_box(Ludo::from_options(&options(&[("players", "3"), ("finish", "all")])).unwrap());
    let names: Vec<String> = rules.game_info().unwrap().players.iter().map(|p| p.name.to_string()).collect();
    assert_eq!(names, ["red", "blue", "green"]);
    let help = rules.help().unwrap();
    assert!(help.contains("Schmidt Spiele") && help.contains("play on for the places"), "{help}");
}

#[test]
fn snapshot_the_four_player_start() {
    let rules = common::rules(4, Finish::First);
    insta::assert_snapshot!(tabula_kit::diagram::diagram_after(&rules, "", "").unwrap());
}

#[test]
fn snapshot_a_capture_on_the_start_field() {
    let rules = common::rules(2, Finish::First);
    let start = format!("{} r3.... g3.... r 6 1 -", track(&[(5, 'r'), (1, 'g')]));
    insta::assert_snapshot!(tabula_kit::diagram::diagram_after(&rules, &start, "r3-1").unwrap());
}

#[test]
fn snapshot_places_after_playing_on() {
    let rules = common::rules(3, Finish::All);
    let start = format!("{} r0.xxx b4.... g0xxxx r 3 1 g", track(&[(38, 'r')]));
    insta::assert_snapshot!(tabula_kit::diagram::diagram_after(&rules, &start, "38-ra").unwrap());
}
