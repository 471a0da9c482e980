//! The game as a Tabula position: the boundary's methods on [`Game`].
//!
//! Every player and every spectator sees the same thing, the face-up
//! pieces and the backs of the face-down ones, because the state holds
//! nothing more (see [`crate::state`]); the views, view texts and record
//! are the boundary's defaults, which show everything, and a sample is the
//! position itself.

use rules_api::plugin::PositionImpl;
use rules_api::{
    ChanceOutcome, Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PluginError, PositionFlags, RVec, Status,
};

use crate::board::SQUARES;
use crate::piece::{self, FACE_DOWN};
use crate::state::{Game, DOWN, EMPTY};

impl PositionImpl for Game {
    fn side_to_move(&self) -> u8 {
        self.side()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        Game::legal_moves(self, out)
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.make(m)
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.unmake()
    }
    fn status(&self) -> Status {
        Game::status(self)
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        for square in 0..SQUARES as u16 {
            let cell = self.at(square);
            match cell {
                EMPTY => {}
                // A back belongs to nobody yet (the boundary needs an owner; its
                // art is the same for both seats).
                DOWN => out.push(Piece { cell: square, owner: 0, kind: FACE_DOWN as u16 }),
                code => {
                    let owner = self.seat_of(piece::colour(code)).unwrap_or(0);
                    out.push(Piece { cell: square, owner, kind: code as u16 });
                }
            }
        }
    }
    fn to_text(&self) -> String {
        crate::text::write(self)
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        self.move_text(m, notation)
    }
    fn hash(&self) -> u64 {
        Game::hash(self)
    }
    fn evaluate(&self) -> i32 {
        Game::evaluate(self)
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        Game::move_infos(self, moves, out)
    }
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(square) = self.flipping() {
            out.push(Highlight::new(square, HighlightKind::NOTE).because("flipped"));
        }
    }
    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        self.read_move(text)
    }
    fn flags(&self) -> PositionFlags {
        if self.is_chance() {
            PositionFlags::HIDDEN | PositionFlags::CHANCE
        } else {
            PositionFlags::HIDDEN
        }
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        Game::chance_outcomes(self, out)
    }
    fn player_count(&self) -> u8 {
        2
    }
    fn sample(&self, _viewer: u8, _seed: u64) -> Result<Self, PluginError> {
        // What lies face down is not decided yet, so the position itself is
        // the only one consistent with any view (its history is not needed).
        let mut game = self.clone();
        game.history.clear();
        Ok(game)
    }
}
