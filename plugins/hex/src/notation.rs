//! Move notation: a cell's column letter and row number (`a1` … `k11`,
//! row 1 at the top), and `swap` for the swap move. People and machines
//! use the same notation.

use rules_api::{Move, PluginError, CELL_NONE};

use crate::graph::EMPTY;

/// [`Move::extra`] of the swap move.
pub const SWAP_CODE: u16 = 2;
/// The swap (pie) move: Blue takes Red's first stone, mirrored onto its own
/// colour, and Red moves again.
pub const SWAP: Move = Move::off_board(SWAP_CODE);

/// What reading or writing a move needs to know of the position.
pub struct Context<'a> {
    /// The cells (`graph::EMPTY` or a stone), row by row.
    pub cells: &'a [u8],
    /// The board side.
    pub size: usize,
    /// Whether the game is over.
    pub over: bool,
    /// Whether the swap is legal now.
    pub swap_available: bool,
    /// Whether the game is played with the swap rule at all.
    pub swap_rule: bool,
}

/// The name of a cell on an `n`×`n` board.
pub fn cell_name(n: usize, cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % n) as u8) as char, cell / n + 1)
}

/// The cell a name denotes on an `n`×`n` board (the letter in either case).
pub fn parse_cell(n: usize, text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let col = chars.next()?.to_ascii_lowercase();
    if !col.is_ascii_lowercase() {
        return None;
    }
    let col = (col as u8 - b'a') as usize;
    let digits = chars.as_str();
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row = digits.parse::<usize>().ok()?.checked_sub(1)?;
    (col < n && row < n).then_some(row * n + col)
}

/// A move for messages, legal or not, on an `n`×`n` board.
pub fn describe(n: usize, m: Move) -> String {
    if m == SWAP {
        "swap".into()
    } else if m.from == CELL_NONE && (m.to as usize) < n * n {
        cell_name(n, m.to as usize)
    } else {
        format!("(from cell {} to cell {}, extra {})", m.from, m.to, m.extra)
    }
}

/// Whether `m` is legal (so it can be written).
pub fn is_legal(c: &Context, m: Move) -> bool {
    !c.over
        && if m == SWAP {
            c.swap_available
        } else {
            m.from == CELL_NONE && m.extra == 0 && m.tag == 0 && c.cells.get(m.to as usize) == Some(&EMPTY)
        }
}

/// Reads a move (`f6`, `F6` or `swap`) and returns it if it is legal.
pub fn parse_move(c: &Context, text: &str) -> Result<Move, PluginError> {
    let t = text.trim();
    let refuse = |why: String| PluginError::illegal_move(format!("'{t}': {why}"));
    if c.over {
        return Err(refuse("the game is over".into()));
    }
    if t.eq_ignore_ascii_case("swap") || t.eq_ignore_ascii_case("swap-pieces") {
        if c.swap_available {
            return Ok(SWAP);
        }
        return Err(refuse(if c.swap_rule {
            "the swap is only allowed as Blue's answer to Red's first stone".into()
        } else {
            "the swap rule is off in this game".into()
        }));
    }
    let n = c.size;
    let last = cell_name(n, n * n - 1);
    let cell = parse_cell(n, t).ok_or_else(|| refuse(format!("not a cell of this board (a1 to {last}) or 'swap'")))?;
    if c.cells[cell] != EMPTY {
        return Err(refuse("that cell is taken".into()));
    }
    Ok(Move::place(cell as u16))
}
