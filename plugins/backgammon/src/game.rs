//! The rules plugin's view of a backgammon position: the boundary's
//! questions answered by the modules that know each part.

use rules_api::plugin::PositionImpl;
use rules_api::{
    CellText, ChanceOutcome, ClickPath, Move, MoveInfo, Notation, Outcome, Piece, PluginError, PositionFlags, RVec,
    Status,
};

use crate::position::BgPosition;
use crate::{draw, eval, notation, result, text};

fn illegal(p: &BgPosition, m: Move) -> PluginError {
    let what = notation::describe(p, m);
    PluginError::illegal_move(format!("{what} is not a legal move here ({})", text::state_words(p)))
}

impl PositionImpl for BgPosition {
    fn side_to_move(&self) -> u8 {
        self.to_move()
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        self.legal_into(out);
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.play(m).map_err(|_| illegal(self, m))
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        if self.take_back() {
            Ok(())
        } else {
            Err(PluginError::unsupported("no move to take back"))
        }
    }

    fn status(&self) -> Status {
        result::status(self)
    }

    fn result(&self) -> Outcome {
        result::outcome(self)
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        draw::pieces(self, out);
    }

    fn cell_texts(&self, out: &mut RVec<CellText>) {
        draw::cell_texts(self, out);
    }

    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        draw::click_paths(self, out);
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        notation::write(self, m, notation)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::read(self, text)
    }

    fn hash(&self) -> u64 {
        self.full_hash()
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        eval::move_infos(self, moves, out);
    }

    fn flags(&self) -> PositionFlags {
        if self.state().is_chance() {
            PositionFlags::CHANCE
        } else {
            PositionFlags::NONE
        }
    }

    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        self.chances_into(out);
    }
}
