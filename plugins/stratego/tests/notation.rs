//! Moves written in both notations and read in the usual spellings.

mod common;

use common::{after_presets, battle, rules};
use rules_api::{Notation, PositionExt, RulesExt};
use tabula_stratego::{Config, Numbering};

#[test]
fn setup_moves_read_by_letter_name_or_number() {
    let p = rules(Config::default()).start().unwrap();
    let m = p.read_move("M@a1", Notation::COORDINATE).unwrap();
    for spelling in ["m@a1", "marshal@a1", "10@a1", " M@a1 "] {
        assert_eq!(p.read_move(spelling, Notation::STANDARD).unwrap(), m, "{spelling}");
    }
    assert_eq!(p.notate(m, Notation::STANDARD).unwrap(), "M@a1");
    assert_eq!(p.read_move("1@a1", Notation::STANDARD).unwrap(), p.read_move("S@a1", Notation::STANDARD).unwrap());
    let classic = rules(Config { numbering: Numbering::Classic, ..Config::default() }).start().unwrap();
    assert_eq!(classic.read_move("1@a1", Notation::STANDARD).unwrap(), m, "classic numbers: 1 is the marshal");
    for (text, button) in [("random", "random"), ("preset-2", "preset-2"), ("preset2", "preset-2")] {
        let b = p.read_move(text, Notation::COORDINATE).unwrap();
        assert_eq!(p.notate(b, Notation::STANDARD).unwrap(), button);
    }
    let why = p.read_move("preset-7", Notation::COORDINATE).unwrap_err().to_string();
    assert!(why.contains("is not a move"), "{why}");
}

#[test]
fn battle_moves_are_a4_a5_with_x_for_a_strike() {
    let text = battle(&["Fa1", "Oe4", "Ta4", "fj10", "oe5", "oj7"], "red", "-/-");
    let p = rules(Config::default()).position(&text).unwrap();
    let strike = p.read_move("e4e5", Notation::COORDINATE).unwrap();
    assert_eq!(p.notate(strike, Notation::STANDARD).unwrap(), "e4xe5");
    let quiet = p.read_move("a4-a5", Notation::STANDARD).unwrap();
    assert_eq!(p.notate(quiet, Notation::STANDARD).unwrap(), "a4-a5");
    assert_eq!(p.notate(quiet, Notation::COORDINATE).unwrap(), "a4a5");
    for spelling in ["e4xe5", "e4-e5", "E4E5", "e4:e5"] {
        assert_eq!(p.read_move(spelling, Notation::STANDARD).unwrap(), strike, "{spelling}");
    }
}

#[test]
fn refusals_say_why() {
    let rules = rules(Config::default());
    let p = after_presets(&rules, 1, 1);
    let cases = [
        ("a1a2", "never moves"),
        ("b4b6", "only a scout"),
        ("c4c5", "blocked"),
        ("a7a6", "no red piece"),
        ("a4b5", "along a rank or a file"),
        ("M@a1", "the setup is over"),
        ("hello", "is not a move"),
    ];
    for (text, why) in cases {
        let message = p.read_move(text, Notation::COORDINATE).unwrap_err().to_string();
        assert!(message.contains(why), "'{text}': '{message}' should say '{why}'");
    }
}
