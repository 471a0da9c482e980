//! How a protocol peer writes squares: the plugin's own coordinates with
//! rank numbers shifted (UCI's xiangqi ranks 1–10 for ICCS's 0–9), or USI's
//! files from the right and ranks lettered from the top.

use super::settings::shift_ranks;
use super::usi_notation::{UsiBoard, UsiError};

/// A peer's coordinate dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// The plugin's coordinate notation with this added to every rank.
    Shifted(i32),
    /// USI's squares on a board of this size.
    Usi(UsiBoard),
}

impl Default for Coordinates {
    fn default() -> Coordinates {
        Coordinates::Shifted(0)
    }
}

impl Coordinates {
    /// USI's squares for the board of a position text (its board field
    /// sizes the board, hands and drawn reserves aside), if USI can name
    /// them.
    pub fn usi_for(position_text: &str) -> Result<Coordinates, UsiError> {
        Ok(Coordinates::Usi(UsiBoard::of_position(position_text)?))
    }

    /// Our coordinate move as the peer writes it. A move USI cannot write
    /// (none of a shogi-family game's) is sent as it is: the peer refuses it
    /// by name.
    pub fn to_peer(self, ours: &str) -> String {
        match self {
            Coordinates::Shifted(offset) => shift_ranks(ours, offset),
            Coordinates::Usi(board) => board.move_to_usi(ours).unwrap_or_else(|_| ours.to_string()),
        }
    }

    /// The peer's move in our coordinates, or why it is no move of the
    /// peer's dialect (a USI peer's `c3c4` must not be read as ours).
    pub fn from_peer(self, theirs: &str) -> Result<String, UsiError> {
        match self {
            Coordinates::Shifted(offset) => Ok(shift_ranks(theirs, -offset)),
            Coordinates::Usi(board) => board.move_from_usi(theirs),
        }
    }
}
