//! The position text: what is written, that it reads back, and that bad
//! texts are refused with the reason.

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionExt, RulesBox, RulesExt};
use tabula_backgammon::{Backgammon, Config};

fn rules(cube: bool) -> RulesBox {
    rules_box(Backgammon::with(Config { cube, jacoby: false }))
}

const START: &str = "white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | opening";

#[test]
fn the_start_and_each_phase_are_written_and_read_back() {
    assert_eq!(rules(false).start().unwrap().text().unwrap(), START);
    assert_eq!(rules(true).start().unwrap().text().unwrap(), format!("{START} | cube 1"));
    for text in [
        "white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | white to play 6-3",
        "white bar:1 20:2 6:12 | black 21:1 6:4 off:10 | black to roll",
        "white off:15 | black 19:1 6:14 | white wins",
    ] {
        assert_eq!(rules(false).position(text).unwrap().text().unwrap(), text);
    }
    for text in [
        "white 6:15 | black 6:15 | white may double | cube 1",
        "white 6:15 | black 6:15 | black doubles | cube 2 black",
        "white 6:15 | black 6:15 | white drops | cube 4 black",
        "white 6:15 | black 6:15 | black to play 2-1 | cube 64 white",
    ] {
        assert_eq!(rules(true).position(text).unwrap().text().unwrap(), text);
    }
    // Fields in any spacing; the tray may be listed; the order of points is free.
    let loose = "white  6:5 8:3 13:5 24:2 off:0x | black 24:2 13:5 8:3 6:5 | opening";
    assert!(rules(false).position(loose).is_err(), "'off:0x' is not a count");
    let listed = "white 6:5 8:3 13:5 24:2|black 6:5 8:3 13:5 24:2 off:0 |opening";
    assert!(rules(false).position(listed).is_err(), "a count of 0 is not listed");
    let listed = "white 6:5 8:3 13:5 24:2|black 6:5 8:3 13:5 24:2|opening";
    assert_eq!(rules(false).position(listed).unwrap().text().unwrap(), START);
}

#[test]
fn a_text_reached_by_play_is_the_same_position_as_one_read() {
    let r = rules(true);
    let mut p = r.start().unwrap();
    for m in ["black:5-2", "13/8 13/11", "roll", "6-4", "24/14", "double", "take", "3-3"] {
        let mv = p.read_move(m, Notation::STANDARD).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv).unwrap();
        let read = r.position(&p.text().unwrap()).unwrap();
        assert_eq!((read.text().unwrap(), read.hash()), (p.text().unwrap(), p.hash()), "after {m}");
    }
    // 24/14 hit black's blot on its 11 point (white's 14).
    let expected = "white 24:1 14:1 13:5 8:3 6:5 | black bar:1 24:2 13:3 8:4 6:5 | black to play 3-3 | cube 2 white";
    assert_eq!(p.text().unwrap(), expected);
}

/// The reason `text` is refused.
fn refused(cube: bool, text: &str) -> String {
    rules(cube).position(text).map(|_| ()).expect_err(text).message.to_string()
}

#[test]
fn bad_texts_are_refused_naming_what_is_wrong() {
    let cases: [(bool, &str, &str); 16] = [
        (false, "white 6:15 | black 6:15", "2 fields separated by"),
        (false, "black 6:15 | white 6:15 | opening", "must start with 'white'"),
        (false, "white 6-15 | black 6:15 | opening", "'6-15' is not POINT:COUNT"),
        (false, "white 25:1 | black 6:15 | opening", "'25' in '25:1' is not a point"),
        (false, "white 6:0 | black 6:15 | opening", "'0' in '6:0' is not a number of checkers"),
        (false, "white 6:10 6:5 | black 6:15 | opening", "6 is listed twice"),
        (false, "white 6:10 5:6 | black 6:15 | opening", "white has 16 checkers"),
        (false, "white 6:10 off:4 | black 6:15 | opening", "counting those borne off"),
        (false, "white 6:15 | black 19:15 | opening", "white's 6 point is black's 19 point"),
        (false, "white 6:15 | black 6:15 | white to move", "is not one of"),
        (false, "white 6:15 | black 6:15 | white to play 7-1", "'7-1' in"),
        (false, "white 6:15 | black 6:15 | white wins", "only with all 15 checkers borne off"),
        (false, "white 6:15 | black off:15 | white to roll", "black has borne off all 15"),
        (false, "white 6:15 | black 6:15 | white doubles", "played without the cube"),
        (true, "white 6:15 | black 6:15 | white to roll | cube 3", "cannot show '3'"),
        (true, "white 6:15 | black 6:15 | white to roll | cube 2", "a doubled cube has an owner"),
    ];
    for (cube, text, why) in cases {
        let got = refused(cube, text);
        assert!(got.contains(why), "{text}: '{got}' does not say '{why}'");
        assert!(got.contains(text.trim()), "the message quotes the text: {got}");
    }
    let more = [
        (true, "white 6:15 | black 6:15 | black doubles | cube 2 white", "black cannot double"),
        (false, "white 6:15 | black 6:15 | opening | cube 2 white", "played without the cube"),
        (true, "white 6:15 | black 6:15 | opening | cube 2 white", "the cube is at 1 before the opening roll"),
        (false, "white bar:1 6:14 | black 6:2 5:2 4:2 3:2 2:2 1:2 | white to play 6-5", "the turn is lost"),
    ];
    for (cube, text, why) in more {
        let got = refused(cube, text);
        assert!(got.contains(why), "{text}: '{got}' does not say '{why}'");
    }
}
