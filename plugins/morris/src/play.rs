//! The position as the boundary sees it: [`PositionImpl`] for [`Morris`],
//! from the state, the move generation, the evaluation, the text and the
//! notation.

use rules_api::plugin::PositionImpl;
use rules_api::{
    ClickPath, HandPiece, Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PluginError, RVec, Status,
    CELL_NONE,
};

use crate::layout::{self, bit, POINTS};
use crate::movegen::{self, End};
use crate::position::Morris;
use crate::{eval, notation, text};

/// The error for an illegal move: the move as written, and why.
fn refuse(m: Move, why: String) -> PluginError {
    PluginError::illegal_move(format!("{}: {why}", notation::write(m, Notation::STANDARD)))
}

impl PositionImpl for Morris {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if movegen::end(self).is_none() {
            movegen::generate(self, |m| out.push(m));
        }
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
        match movegen::end(self) {
            None => Status::ONGOING,
            Some(End::TwoMen) => Status::win(self.side ^ 1, "two men left"),
            Some(End::Blocked) => Status::win(self.side ^ 1, "no legal move"),
            Some(End::Repetition) => Status::draw("threefold repetition"),
            Some(End::Quiet) => Status::draw("fifty moves without a mill"),
        }
    }

    /// [`Morris::key`].
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
        for owner in 0..2u8 {
            for point in 0..POINTS {
                if self.men_of(owner) & bit(point) != 0 {
                    out.push(Piece { cell: point as u16, owner, kind: 0 });
                }
            }
        }
    }

    /// The men standing in mills.
    fn highlights(&self, out: &mut RVec<Highlight>) {
        for owner in 0..2u8 {
            let milled = layout::in_mills(self.men_of(owner));
            for point in 0..POINTS {
                if milled & bit(point) != 0 {
                    out.push(Highlight::new(point as u16, HighlightKind::NOTE).of(owner).because("in a mill"));
                }
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
        if movegen::end(self).is_some() {
            return 0;
        }
        movegen::count(self)
    }

    fn hands(&self, out: &mut RVec<HandPiece>) {
        for owner in 0..2u8 {
            if self.in_hand(owner) > 0 {
                out.push(HandPiece { owner, kind: 0, count: self.in_hand(owner) as u16 });
            }
        }
    }

    /// The placement or the move, then (when it closes a mill) the man
    /// removed.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        if movegen::end(self).is_some() {
            return;
        }
        movegen::generate(self, |m| {
            let mut cells = [0u16; 3];
            let mut n = 0;
            for cell in [m.from, m.to] {
                if cell != CELL_NONE {
                    cells[n] = cell;
                    n += 1;
                }
            }
            if let Some(point) = Morris::removed(m) {
                cells[n] = point as u16;
                n += 1;
            }
            out.push(ClickPath::through(m, &cells[..n]));
        });
    }
}
