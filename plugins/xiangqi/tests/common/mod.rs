//! Helpers shared by the integration tests: everything goes through the
//! boundary object, the same vtable path the host uses.

#![allow(dead_code)]

use rules_api::plugin::{position_box, rules_box};
#[allow(unused_imports)]
use rules_api::{Move, Notation, Options, Position, PositionBox, RString, RVec, Rules, RulesBox, Status, Tuple2};
use tabula_xiangqi::{XiangqiPosition, XiangqiRules};

/// A boundary position from FEN (panics with the plugin's message if refused).
pub fn pos(fen: &str) -> PositionBox {
    match XiangqiPosition::from_fen(fen) {
        Ok(p) => position_box(p),
        Err(e) => panic!("FEN refused: {e}"),
    }
}

/// A boundary rules object with the given options.
pub fn rules(options: &[(&str, &str)]) -> RulesBox {
    let options: Options = options.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect();
    rules_box(XiangqiRules::from_options(&options).expect("options accepted"))
}

/// A position from a rules object (so its options apply).
pub fn pos_with(rules: &RulesBox, fen: &str) -> PositionBox {
    rules.position_from_text(fen.into()).into_result().expect("FEN accepted")
}

/// The legal moves.
pub fn moves(p: &PositionBox) -> Vec<Move> {
    let mut out = RVec::new();
    p.legal_moves(&mut out).into_result().expect("legal_moves");
    out.into_iter().collect()
}

/// Plays a move given in any notation.
pub fn play(p: &mut PositionBox, text: &str) {
    let m = p.parse_move(text.into(), Notation::COORDINATE).into_result().unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make_move(m).into_result().expect("make_move");
}

/// Plays a list of ICCS moves separated by spaces.
pub fn play_all(p: &mut PositionBox, line: &str) {
    for m in line.split_whitespace() {
        play(p, m);
    }
}

/// The status.
pub fn status(p: &PositionBox) -> Status {
    p.status().into_result().expect("status")
}

/// The FEN.
pub fn text(p: &PositionBox) -> String {
    p.to_text().into_result().expect("to_text").into()
}

/// A move in a notation.
pub fn write(p: &PositionBox, m: Move, notation: Notation) -> String {
    p.move_to_text(m, notation).into_result().expect("move_to_text").into()
}

// Not every test file draws random moves.
#[allow(unused_imports)]
pub use tabula_kit::rng::{rng_from_seed, Rng};
