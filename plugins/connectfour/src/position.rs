//! The game state: both players' discs, the side to move, the winner and
//! the columns played (for unmake). The boundary's view of it is in
//! [`crate::play`].

use rules_api::{Move, CELL_NONE};

use crate::board::{mix, Shape};

/// A connect four position with its own move history.
#[derive(Clone, Debug)]
pub struct Connect4 {
    pub(crate) shape: Shape,
    /// Red's discs (first player), then Yellow's.
    pub(crate) discs: [u64; 2],
    pub(crate) side: u8,
    winner: Option<u8>,
    /// The columns played, in order.
    played: Vec<u8>,
}

impl Connect4 {
    /// An empty board.
    pub fn empty(shape: Shape) -> Self {
        Connect4 { shape, discs: [0, 0], side: 0, winner: None, played: Vec::with_capacity(shape.cells()) }
    }

    /// A position from the discs; the caller has checked it can occur.
    pub(crate) fn from_discs(shape: Shape, discs: [u64; 2]) -> Self {
        let side = (discs[0].count_ones() > discs[1].count_ones()) as u8;
        let winner = (0..2u8).find(|&p| shape.has_four(discs[p as usize]));
        Connect4 { shape, discs, side, winner, played: Vec::with_capacity(shape.cells()) }
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> u64 {
        self.discs[0] | self.discs[1]
    }

    /// The player who has four in a line, if any.
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// The cell a disc dropped into `column` lands on (its bit), if the
    /// column has room.
    pub fn landing(&self, column: u32) -> Option<u64> {
        if column >= self.shape.columns {
            return None;
        }
        let cell = self.shape.playable(self.occupied()) & self.shape.column_mask(column);
        (cell != 0).then_some(cell)
    }

    /// Whether the game goes on.
    pub fn ongoing(&self) -> bool {
        self.winner.is_none() && self.occupied() != self.shape.full()
    }

    /// The landing cells of every column with room, while the game goes on.
    pub fn playable(&self) -> u64 {
        if self.ongoing() {
            self.shape.playable(self.occupied())
        } else {
            0
        }
    }

    /// The move that drops a disc onto the landing cell `bit`.
    pub(crate) fn move_of_bit(&self, bit: u64) -> Move {
        Move::place(self.shape.cell_of_bit(bit.trailing_zeros()))
    }

    /// The column of a legal move, or why it is not one.
    pub(crate) fn column_of(&self, m: Move) -> Result<u32, String> {
        if !self.ongoing() {
            return Err("the game is over".into());
        }
        let (column, row) = match self.shape.column_row(m.to) {
            Some(cr) if m.from == CELL_NONE && m.extra == 0 && m.tag == 0 => cr,
            _ => return Err(format!("{m:?} is not a disc dropped on this board")),
        };
        match self.landing(column) {
            Some(bit) if bit == self.shape.bit(column, row) => Ok(column),
            Some(_) => Err(format!("a disc dropped into column {} does not land there", column + 1)),
            None => Err(format!("column {} is full", column + 1)),
        }
    }

    /// Drops a disc of the side to move into `column`, which has room.
    pub(crate) fn drop_disc(&mut self, column: u32) {
        let bit = self.landing(column).expect("a legal column has room");
        let player = self.side as usize;
        self.discs[player] |= bit;
        self.played.push(column as u8);
        if self.shape.has_four(self.discs[player]) {
            self.winner = Some(self.side);
        }
        self.side ^= 1;
    }

    /// Takes the last drop back; `false` when no move was made here.
    pub(crate) fn take_back(&mut self) -> bool {
        let Some(column) = self.played.pop() else { return false };
        let top = self.shape.column_mask(column as u32) & self.occupied();
        // The highest disc of the column is the last one dropped there.
        let bit = 1u64 << (63 - top.leading_zeros());
        self.side ^= 1;
        self.discs[self.side as usize] &= !bit;
        self.winner = None;
        true
    }

    /// A unique key of the discs (Red's discs plus every column's height
    /// marker, as in Pascal Pons's solver), spread over 64 bits.
    pub fn key(&self) -> u64 {
        mix(self.discs[0] + self.occupied() + self.shape.bottom())
    }

    /// The cells of the winner's fours, for the highlight.
    pub(crate) fn winning_cells(&self, player: u8) -> u64 {
        let discs = self.discs[player as usize];
        let mut cells = 0;
        for d in self.shape.directions() {
            let pairs = discs & (discs >> d);
            let starts = pairs & (pairs >> (2 * d));
            for k in 0..4 {
                cells |= starts << (k * d);
            }
        }
        cells
    }
}
