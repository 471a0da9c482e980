//! How a move is encoded and named in messages: the rolls of the die are
//! moves off the board, and any move (legal or not) has a short name.

use rules_api::{Move, CELL_NONE};

use crate::board::{self, CELLS};

/// [`Move::extra`] of the roll of a 1; the roll of `d` is `ROLL_BASE + d - 1`.
pub const ROLL_BASE: u16 = 11;

/// The move that plays the roll `d` (1–6).
pub const fn roll(d: u8) -> Move {
    Move::off_board(ROLL_BASE + d as u16 - 1)
}

/// The number a roll move rolls, if it is one.
pub fn rolled(m: Move) -> Option<u8> {
    (m.is_off_board() && (ROLL_BASE..ROLL_BASE + 6).contains(&m.extra)).then(|| (m.extra - ROLL_BASE + 1) as u8)
}

/// A move for messages, legal or not.
pub fn describe(m: Move) -> String {
    if let Some(d) = rolled(m) {
        return format!("roll{d}");
    }
    if m == Move::PASS {
        return "pass".into();
    }
    let name = |c: u16| if (c as usize) < CELLS { board::name(c as usize) } else { format!("(cell {c})") };
    if m.from == CELL_NONE || m.to == CELL_NONE {
        return format!("(from cell {} to cell {}, extra {})", m.from, m.to, m.extra);
    }
    format!("{}-{}", name(m.from), name(m.to))
}
