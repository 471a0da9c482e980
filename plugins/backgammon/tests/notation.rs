//! Moves as text: how plays, rolls and the cube's moves are written, the
//! spellings read, and the reasons given for refusals.

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionExt, RulesBox, RulesExt};
use tabula_backgammon::{Backgammon, Config};

fn rules() -> RulesBox {
    rules_box(Backgammon::with(Config::default()))
}

/// Reads `input` in `text` and writes it back in both notations.
fn read(text: &str, input: &str) -> (String, String) {
    let p = rules().position(text).unwrap();
    let m = p.read_move(input, Notation::STANDARD).unwrap_or_else(|e| panic!("'{input}': {e}"));
    (p.notate(m, Notation::STANDARD).unwrap(), p.notate(m, Notation::COORDINATE).unwrap())
}

fn refusal(text: &str, input: &str) -> String {
    let p = rules().position(text).unwrap();
    p.read_move(input, Notation::STANDARD).expect_err(input).message.to_string()
}

/// A blot of black's on white's 5 point; white has 8:1 and the rest home.
const HIT: &str = "white 8:1 6:4 4:10 | black 20:1 24:14 | white to play 3-2";

#[test]
fn hits_on_the_way_are_marked_and_the_points_between_left_out() {
    assert_eq!(read(HIT, "8/5*/3"), ("8/5*/3".into(), "8/5,5/3".into()));
    assert_eq!(read(HIT, "8/5/3"), ("8/5*/3".into(), "8/5,5/3".into()), "landing on a blot hits it, marked or not");
    assert_eq!(read(HIT, "8/3"), ("8/3".into(), "8/6,6/3".into()), "unmarked: the way without a hit");
    assert_eq!(read(HIT, "8/6 6/3"), ("8/3".into(), "8/6,6/3".into()));
    assert_eq!(read(HIT, "6/3 8/6"), ("8/3".into(), "8/6,6/3".into()), "the same checkers in another order");
}

#[test]
fn repeated_moves_bar_and_off_and_their_abbreviations() {
    let start = "white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | white to play 6-6";
    assert_eq!(read(start, "24/18(2) 13/7(2)").0, "24/18(2),13/7(2)");
    assert_eq!(read(start, "13/7,24/18,13/7,24/18").0, "24/18(2),13/7(2)");
    let bar = "white bar:1 6:14 | black 6:2 5:2 4:2 2:2 1:2 | white to play 5-3";
    for spelling in ["bar/22 6/1", "b/22 6/1", "25/22,6/1", "BAR/22 6/1"] {
        assert_eq!(read(bar, spelling), ("bar/22,6/1".into(), "bar/22,6/1".into()), "{spelling}");
    }
    let off = "white 6:2 | black 24:15 | white to play 6-6";
    for spelling in ["6/off(2)", "6/off 6/off", "6/0(2)", "6/o,6/o"] {
        assert_eq!(read(off, spelling).0, "6/off(2)", "{spelling}");
    }
}

#[test]
fn rolls_the_opening_roll_and_the_cube_have_their_words() {
    let roll = "white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | white to roll";
    for spelling in ["6-3", "3-6", "63"] {
        assert_eq!(read(roll, spelling), ("6-3".into(), "6-3".into()));
    }
    assert!(refusal(roll, "7-1").contains("a roll is written such as '6-3'"));
    let opening = "white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | opening";
    for spelling in ["white 6-3", "white:6-3", "white 3-6"] {
        assert_eq!(read(opening, spelling), ("white:6-3".into(), "white:6-3".into()));
    }
    assert_eq!(read(opening, "black:3-6").0, "black:6-3");
    assert!(refusal(opening, "6-3").contains("who starts"), "{}", refusal(opening, "6-3"));
    assert!(refusal(opening, "white 3-3").contains("who starts"), "no double opens the game");
    assert!(refusal(roll, "take").contains("not a choice here (white to roll)"));
}

#[test]
fn plays_that_are_not_legal_are_refused_with_the_legal_ones() {
    let why = refusal(HIT, "8/4");
    assert!(why.contains("not a legal play of 3-2 for white") && why.contains("8/5*/3"), "{why}");
    assert!(refusal(HIT, "8/3*").contains("not a legal play"), "no blot on 3 to hit");
    assert!(refusal(HIT, "8-5").contains("is not a checker move"), "{}", refusal(HIT, "8-5"));
    assert!(refusal(HIT, "30/27").contains("is not a checker move"));
}

#[test]
fn a_way_that_cannot_be_told_apart_is_asked_about() {
    // 13/5 with 6-2 passes 7 (a blot: a hit) or 11 (another blot: a hit):
    // both ways hit, so '13/5' names neither alone.
    let text = "white 13:1 6:14 | black 18:1 14:1 24:13 | white to play 6-2";
    let why = refusal(text, "13/5");
    assert!(why.contains("ambiguous") && why.contains("13/7*/5") && why.contains("13/11*/5"), "{why}");
    assert_eq!(read(text, "13/11*/5").0, "13/11*/5");
}
