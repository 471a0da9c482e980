//! The position text: round trips, and every kind of bad text refused
//! with a message that names what is wrong.

mod common;

use common::{at, play};
use rules_api::plugin::{PositionImpl, RulesImpl};
use tabula_tridchess::TriDChess;

fn refused(text: &str) -> String {
    match TriDChess::default().position_from_text(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.message.to_string(),
    }
}

const BOARDS: &str = "QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2";

#[test]
fn texts_read_back_as_written() {
    let mut p = at(tabula_tridchess::text::START);
    assert_eq!(p.to_text(), tabula_tridchess::text::START);
    play(&mut p, "a2W-a4W d7B-d5N");
    let again = at(&p.to_text());
    assert_eq!(again.to_text(), p.to_text());
    assert_eq!(again.hash(), p.hash());
    // Counters are optional.
    let short = format!("4/4/4/N3|4/4/4/4|4/4/4/4 {BOARDS} b - - -");
    assert_eq!(at(&short).to_text(), format!("{short} 0 1"));
}

#[test]
fn bad_texts_are_refused_with_the_reason() {
    let good = format!("4/4/4/N3|4/4/4/4|4/4/4/4 {BOARDS} w - - - 0 1");
    assert!(TriDChess::default().position_from_text(&good).is_ok());
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "0 fields"),
        (good.replace("4/4/4/N3|", "4/4/N3|"), "has 3 ranks"),
        (good.replace("N3|", "X3|"), "'X' in 'X3' is not a piece letter"),
        (good.replace("N3|", "N4|"), "does not fit 4 squares"),
        (good.replace("N3|", "N2|"), "covers 3 of its 4 squares"),
        (good.replace("|4/4/4/4 ", " "), "needs the three levels"),
        (good.replace("QL1w:2/2", "QL7w:2/2"), "'QL7' is not a place"),
        (good.replace("QL1w:2/2", "QL1x:2/2"), "followed by its owner"),
        (good.replace("QL1w:2/2", "QL1w2/2"), "needs ':'"),
        (good.replace("QL1w:2/2", "QL6w:2/2"), "two attack boards at QL6"),
        (good.replace("QL1w:2/2,", ""), "queen's side has 1 attack boards"),
        (good.replace("QL1w:2/2", "KL3w:2/2"), "queen's side has 1 attack boards"),
        (good.replace(" w - ", " x - "), "side to move 'x'"),
        (good.replace("KL6b:k1/2", "KL6b:2/2"), "Black has 0 kings"),
        (good.replace("4/4/4/N3|", "4/4/4/N3|4/4/4/K3|").replacen("4/4/4/4|", "", 1), "White has 2 kings"),
        (good.replace(" w - - - ", " w K - - "), "castling right 'K' needs the king on d0KL1 and the rook on e0KL1"),
        (good.replace(" w - - - ", " w X - - "), "'X' is not one of K Q k q"),
        (good.replace(" w - - - ", " w - b3W - "), "is '-' or the landing square"),
        (good.replace(" w - - - ", " w - b3W:b4W - "), "needs a pawn on b4W"),
        (good.replace(" w - - - ", " w - - a2W "), "a2W is not a start square holding a pawn"),
        (good.replace(" w - - - ", " w - - q9 "), "'q9' is not a square"),
        (good.replace(" 0 1", " x 1"), "'x' is not a whole number"),
        (good.replacen("4/4/4/4 ", "P3/4/4/4 ", 1), "a pawn on a8B would have promoted"),
        (
            format!("4/4/4/4|4/4/4/4|4/4/4/Q3 {BOARDS} w - - - 0 1").replace("KL6b:k1/2", "KL6b:2/k1"),
            "the side that just moved is in check",
        ),
    ];
    for (text, needle) in cases {
        let message = refused(&text);
        assert!(message.contains(needle), "for '{text}' expected '{needle}' in: {message}");
    }
}

#[test]
fn an_en_passant_field_needs_a_pawn_that_could_take() {
    let text =
        format!("4/4/4/4|4/4/4/4|4/4/4/4 {BOARDS} b - b3W:b4W - 0 1").replace("4/4/4/4|4/4/4/4|", "P3/4/4/4|4/4/4/4|");
    // A white pawn on a4W, no black pawn beside it.
    let text = text.replace("P3/4/4/4|", "1P2/4/4/4|");
    let message = refused(&text);
    assert!(message.contains("no pawn stands beside b4W"), "{message}");
}
