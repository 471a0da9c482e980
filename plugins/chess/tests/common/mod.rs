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
    position_box(ChessPosition::from_fen(fen).unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}")))
}

pub fn start() -> PositionBox {
    position_box(ChessPosition::start())
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

pub mod perft;

pub use perft::native_perft;

/// Perft through the boundary object, with one move buffer per ply.
pub fn perft(p: &mut PositionBox, depth: usize) -> u64 {
    let mut buffers: Vec<RVec<Move>> = (0..depth.max(1)).map(|_| RVec::with_capacity(256)).collect();
    perft::boundary_perft(p, depth, &mut buffers)
}

/// A small deterministic generator (xorshift64*), so tests need no crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
