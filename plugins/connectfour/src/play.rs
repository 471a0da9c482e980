//! The position as the boundary sees it: [`PositionImpl`] for
//! [`Connect4`], from the state, the move generation, the evaluation, the
//! text and the notation.

use rules_api::plugin::PositionImpl;
use rules_api::{
    ClickPath, Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PluginError, PositionFlags, RVec, Status,
};

use crate::position::Connect4;
use crate::{eval, notation, text};

impl PositionImpl for Connect4 {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        let mut free = self.playable();
        while free != 0 {
            let bit = free & free.wrapping_neg();
            out.push(self.move_of_bit(bit));
            free ^= bit;
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let column = self.column_of(m).map_err(PluginError::illegal_move)?;
        self.drop_disc(column);
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
        match self.winner() {
            Some(p) => Status::win(p, "four in a row"),
            None if self.occupied() == self.shape.full() => Status::draw("board full"),
            None => Status::ONGOING,
        }
    }

    /// [`Connect4::key`]: unique for every board.
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
            let mut discs = self.discs[owner as usize];
            while discs != 0 {
                let bit = discs.trailing_zeros();
                out.push(Piece { cell: self.shape.cell_of_bit(bit), owner, kind: 0 });
                discs &= discs - 1;
            }
        }
    }

    /// The winning line(s).
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(p) = self.winner() {
            let mut cells = self.winning_cells(p);
            while cells != 0 {
                let bit = cells.trailing_zeros();
                out.push(Highlight::new(self.shape.cell_of_bit(bit), HighlightKind::WIN).of(p));
                cells &= cells - 1;
            }
        }
    }

    fn to_text(&self) -> String {
        text::write(self)
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        notation::move_to_text(self, m, notation)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse_move(self, text)
    }

    /// "In check" when the opponent would win by dropping into a column
    /// now: the mover must block it (or win first).
    fn flags(&self) -> PositionFlags {
        if eval::threats_now(self, self.side ^ 1) != 0 {
            PositionFlags::IN_CHECK
        } else {
            PositionFlags::NONE
        }
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        self.playable().count_ones() as u64
    }

    /// A click on any cell of a column drops the disc into it.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        let mut free = self.playable();
        while free != 0 {
            let bit = free & free.wrapping_neg();
            let column = bit.trailing_zeros() / self.shape.height();
            let cells: RVec<u16> = (0..self.shape.rows).map(|row| (row * self.shape.columns + column) as u16).collect();
            out.push(ClickPath { mv: self.move_of_bit(bit), steps: vec![cells].into() });
            free ^= bit;
        }
    }
}
