//! Helpers shared by the integration tests: everything goes through the
//! boundary objects (`PositionBox` / `RulesBox`), the same vtable path the
//! host uses.
#![allow(dead_code, unused_imports)]

use rules_api::plugin::{position_box, rules_box};
use rules_api::{Move, MoveInfo, Notation, Position, PositionBox, RStr, RVec, Rules, RulesBox, Status};
use tabula_chess::{ChessPosition, ChessRules};

pub fn rules() -> RulesBox {
    rules_box(ChessRules::new())
}

/// A position from FEN, through the boundary.
pub fn pos(fen: &str) -> PositionBox {
    position_box(ChessPosition::from_fen(fen).unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}")).with_claims())
}

pub fn start() -> PositionBox {
    position_box(ChessPosition::start().with_claims())
}

pub fn moves(p: &PositionBox) -> Vec<Move> {
    let mut v = RVec::new();
    p.legal_moves(&mut v).unwrap();
    v.into_iter().collect()
}

pub fn fen(p: &PositionBox) -> String {
    p.to_text().unwrap().into()
}

pub fn status(p: &PositionBox) -> Status {
    p.status().unwrap()
}

pub fn parse(p: &PositionBox, text: &str) -> Move {
    p.parse_move(RStr::from_str(text), Notation::STANDARD)
        .unwrap_or_else(|e| panic!("cannot parse {text} in {}: {e}", fen(p)))
}

pub fn try_parse(p: &PositionBox, text: &str) -> Result<Move, rules_api::PluginError> {
    p.parse_move(RStr::from_str(text), Notation::STANDARD).into()
}

/// Plays moves given in any notation.
pub fn play(p: &mut PositionBox, texts: &[&str]) {
    for t in texts {
        let m = parse(p, t);
        p.make_move(m).unwrap_or_else(|e| panic!("cannot play {t}: {e}"));
    }
}

pub fn san(p: &PositionBox, m: Move) -> String {
    p.move_to_text(m, Notation::STANDARD).unwrap().into()
}

pub fn uci(p: &PositionBox, m: Move) -> String {
    p.move_to_text(m, Notation::COORDINATE).unwrap().into()
}

pub fn sans(p: &PositionBox) -> Vec<String> {
    moves(p).into_iter().map(|m| san(p, m)).collect()
}

pub fn infos(p: &PositionBox, ms: &[Move]) -> Vec<MoveInfo> {
    let mut out = RVec::new();
    p.move_infos(ms.into(), &mut out).unwrap();
    out.into_iter().collect()
}

pub use tabula_chess::native_perft;
pub use tabula_kit::rng::{rng_from_seed, Rng};
