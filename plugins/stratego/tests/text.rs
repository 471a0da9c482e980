//! Position texts: read back exactly, and bad ones refused with the reason.

mod common;

use common::{after_presets, battle, play, rules};
use rules_api::{PositionExt, RulesExt};
use tabula_stratego::Config;

#[test]
fn texts_read_back_through_every_phase() {
    let rules = rules(Config::default());
    let mut p = rules.start().unwrap();
    let mut texts = vec![p.text().unwrap()];
    play(&mut p, "M@b2 random");
    texts.push(p.text().unwrap());
    common::deal(&mut p);
    play(&mut p, "preset-4");
    texts.push(p.text().unwrap());
    common::deal(&mut p);
    play(&mut p, "a4a5 j7j6 a5a4");
    texts.push(p.text().unwrap());
    for text in texts {
        assert_eq!(rules.position(&text).unwrap().text().unwrap(), text);
    }
    let after = after_presets(&rules, 1, 1).text().unwrap();
    assert!(after.ends_with(" red lost=-/- last=-/-"), "{after}");
}

/// The reason `text` is refused.
fn refusal(text: &str) -> String {
    match rules(Config::default()).position(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_texts_are_refused_with_the_reason() {
    let good = battle(&["Fa1", "Oe4", "fj10", "oj7"], "red", "-/-");
    let cases: Vec<(String, &str)> = vec![
        (good.replacen("red", "green", 1), "phase 'green'"),
        (good.replacen("F", "Q", 1), "'Q' names no piece"),
        (good.replacen("..~~", ".~.~", 1), "is no lake"),
        (good.replace(" last=-/-", ""), "lost= and last= are required"),
        (good.replace("last=-/-", "last=e4f5:1/-"), "on a line"),
        (good.replace("last=-/-", "last=e4e5:6/-"), "from 1 to 5"),
        (good.replace("Oe4", "B+e4").replacen("O", "B+", 1), "never move"),
        (battle(&["Fa1", "Oe4", "fj10", "oj7"], "red", "-/-").replacen("lost=", "lost=M", 1), "an army"),
        (good.replacen("/", "", 1), "rows instead of 10"),
        (good.replacen("........", ".........", 1), "more than ten squares"),
        (good.clone() + " nonsense", "'nonsense' is not key=value"),
        (good.clone() + " bogus=1", "unknown field 'bogus'"),
        (good.replacen(" red ", " red-deal ", 1), "player's view"),
        (good.replacen("F", "X", 1), "player's view"),
    ];
    for (text, why) in cases {
        let message = refusal(&text);
        assert!(message.contains(why), "'{text}' refused as '{message}', expected '{why}'");
    }
}

#[test]
fn setups_that_cannot_happen_are_refused() {
    let empty =
        "........../........../........../........../..~~..~~../..~~..~~../........../........../........../..........";
    assert!(refusal(&format!("{empty} blue-setup lost=-/- last=-/-")).contains("after red's 40"));
    let red_in_blues_rows = empty.replacen('.', "M", 1);
    assert!(refusal(&format!("{red_in_blues_rows} red-setup lost=-/- last=-/-")).contains("no red piece stands on a10"));
    assert!(refusal(&format!("{empty} red-setup lost=M/- last=-/-")).contains("before the battle"));
    assert!(refusal(&format!("{empty} red-preset-9 lost=-/- last=-/-")).contains("presets are 1 to 4"));
    let dealt = rules(Config { random_setup: true, ..Config::default() });
    let why = dealt.position(&format!("{empty} red-setup lost=-/- last=-/-")).err().unwrap().to_string();
    assert!(why.contains("dealt"), "{why}");
}
