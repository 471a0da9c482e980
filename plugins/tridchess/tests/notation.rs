//! Moves as text: both notations written, the usual spellings read, and
//! refusals that say why.

mod common;

use common::{at, play};
use rules_api::plugin::PositionImpl;
use rules_api::{Move, Notation};
use tabula_tridchess::TridPosition;

fn read(p: &TridPosition, text: &str) -> Move {
    p.parse_move(text, Notation::STANDARD).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn write(p: &TridPosition, text: &str) -> (String, String) {
    let m = read(p, text);
    (p.move_to_text(m, Notation::STANDARD).unwrap(), p.move_to_text(m, Notation::COORDINATE).unwrap())
}

fn refusal(p: &TridPosition, text: &str) -> String {
    match p.parse_move(text, Notation::STANDARD) {
        Ok(m) => panic!("'{text}' read as {m:?}"),
        Err(e) => e.message.to_string(),
    }
}

#[test]
fn both_notations_are_written() {
    let start = at(tabula_tridchess::text::START);
    assert_eq!(write(&start, "a1W-b3W"), ("Na1W-b3W".into(), "a1W-b3W".into()));
    assert_eq!(write(&start, "O-O"), ("O-O".into(), "d0KL1-e0KL1".into()));
    let promote = at("4/4/4/4|4/4/4/4|4/2P1/4/4 QL4w:1P/2,QL5b:2/2,KL1w:2/K1,KL6b:k1/2 w - - - 0 40");
    assert_eq!(write(&promote, "c7B-c8Bq"), ("c7B-c8B=Q+".into(), "c7B-c8Bq".into()));
    assert_eq!(write(&promote, "QL4-QL6=N"), ("QL4-QL6=N".into(), "QL4-QL6n".into()));
    assert_eq!(write(&promote, "QL4-QL4i"), ("QL4-QL4i".into(), "QL4-QL4i".into()));
    let mate = at("4/4/4/4|4/4/4/4|4/4/2Q1/2R1 QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:kr/pp w - - - 0 30");
    assert_eq!(write(&mate, "c6B-c8B").0, "Qc6B-c8B#");
    assert_eq!(write(&mate, "c6B-c7B").0, "Qc6B-c7B");
    assert_eq!(write(&mate, "c6B-b7B").0, "Qc6B-b7B+");
    let mut capture = at(tabula_tridchess::text::START);
    play(&mut capture, "b2W-b4W c7B-c5N");
    assert_eq!(write(&capture, "b4W-c5N").0, "b4Wxc5N");
}

#[test]
fn the_usual_spellings_are_read() {
    let start = at(tabula_tridchess::text::START);
    let knight = read(&start, "Na1W-b3W");
    for text in ["a1W-b3W", "a1w-b3w", "a1Wb3W", "Na1Wb3W", "b1(2)-c3(2)", "Na1W-b3W!", "a1W:b3W"] {
        assert_eq!(read(&start, text), knight, "{text}");
    }
    assert_eq!(read(&start, "0-0"), read(&start, "O-O"));
    let promote = at("4/4/4/4|4/4/4/4|4/2P1/4/4 QL4w:1P/2,QL5b:2/2,KL1w:2/K1,KL6b:k1/2 w - - - 0 40");
    let queen = read(&promote, "c7B-c8B=Q");
    for text in ["c7B-c8Bq", "c7B-c8BQ", "c7B-c8B(Q)", "c7Bc8Bq"] {
        assert_eq!(read(&promote, text), queen, "{text}");
    }
    assert_eq!(read(&promote, "ql4-ql6q"), read(&promote, "QL4-QL6=Q"));
}

#[test]
fn refusals_say_why() {
    let start = at(tabula_tridchess::text::START);
    assert!(refusal(&start, "Qa1W-b3W").contains("the piece on a1W is not a Q"));
    assert!(refusal(&start, "a3W-a4W").contains("no piece stands on a3W"));
    assert!(refusal(&start, "hello").contains("names no two squares"));
    assert!(refusal(&start, "a2W-a5N").contains("cannot go to a5N"));
    assert!(refusal(&start, "O-O-O").contains("castling that way is not allowed now"));
    assert!(refusal(&start, "QL1-QL3").contains("the board at QL1 cannot move to QL3 now"));
    let promote = at("4/4/4/4|4/4/4/4|4/2P1/4/4 QL4w:1P/2,QL5b:2/2,KL1w:2/K1,KL6b:k1/2 w - - - 0 40");
    assert!(refusal(&promote, "c7B-c8B").contains("add =Q, =R, =B or =N"));
    let mate = at("4/4/4/4|4/4/4/4|2Q1/4/4/2R1 QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:kr/pp b - - - 0 1");
    assert!(refusal(&mate, "d9KL6-d8B").contains("the game is over"));
}
