//! The position as the boundary sees it: [`PositionImpl`] for
//! [`Amazons`], from the state, the move generation, the evaluation, the
//! text and the notation.

use rules_api::plugin::PositionImpl;
use rules_api::{ClickPath, Move, MoveInfo, Notation, Piece, PluginError, RVec, Status};

use crate::board::{self, ARROW, CELLS, EMPTY};
use crate::movegen;
use crate::position::{Amazons, AMAZON_KIND, ARROW_KIND};
use crate::{eval, notation, text};

/// The error for an illegal move: the move as written, and why.
fn refuse(m: Move, why: String) -> PluginError {
    PluginError::illegal_move(format!("{}: {why}", notation::describe(m)))
}

impl PositionImpl for Amazons {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        movegen::generate(self, |m| out.push(m));
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        movegen::check(self, m).map_err(|why| refuse(m, why))?;
        self.apply(m);
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        if self.take_back() {
            Ok(())
        } else {
            Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"))
        }
    }

    fn status(&self) -> Status {
        if movegen::can_move(self, self.side) {
            Status::ONGOING
        } else {
            Status::win(self.side ^ 1, "no legal move")
        }
    }

    fn hash(&self) -> u64 {
        self.key()
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self)
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        eval::move_infos(self, moves, out);
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for c in 0..CELLS {
            match self.at(c) {
                EMPTY => {}
                // Arrows belong to nobody; they are drawn alike for both
                // players and listed as the first player's.
                ARROW => out.push(Piece { cell: c as u16, owner: 0, kind: ARROW_KIND }),
                amazon => out.push(Piece { cell: c as u16, owner: amazon - board::WHITE, kind: AMAZON_KIND }),
            }
        }
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        movegen::check(self, m).map_err(|why| refuse(m, why))?;
        Ok(notation::write(m, notation))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse(self, text)
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        movegen::count(self)
    }

    /// The amazon, the square she goes to, then the arrow's square.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        movegen::generate(self, |m| out.push(ClickPath::through(m, &[m.from, m.to, m.tag])));
    }
}
