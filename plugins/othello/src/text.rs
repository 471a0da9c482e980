//! The position text: the 64 squares row by row from `a1` (top left) to
//! `h8`, `X` a black disc, `O` a white one, `-` empty, then a space and the
//! side to move, `X` or `O` (the board format of Edax and the OBF files):
//!
//! ```text
//! ---------------------------OX------XO--------------------------- X
//! ```
//!
//! Reading also accepts lowercase letters, `.` for an empty square and `/`
//! between rows.

use rules_api::PluginError;

use crate::bitboard;

/// The four centre squares (d4, e4, d5, e5), never empty in a game.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// Writes a position: Black's and White's discs, and the side to move
/// (0 Black, 1 White).
pub fn write(discs: [u64; 2], side: u8) -> String {
    let mut out = String::with_capacity(66);
    for square in 0..64 {
        let bit = 1u64 << square;
        out.push(if discs[0] & bit != 0 {
            'X'
        } else if discs[1] & bit != 0 {
            'O'
        } else {
            '-'
        });
    }
    out.push_str(if side == 0 { " X" } else { " O" });
    out
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("Othello position '{}': {why}", text.trim()))
}

/// Reads a position (Black's and White's discs, the side to move) and
/// checks that it can occur in a game.
pub fn read(text: &str) -> Result<([u64; 2], u8), PluginError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or_else(|| bad(text, "the text is empty"))?;
    let mut discs = [0u64; 2];
    let mut square = 0u32;
    for ch in board.chars().filter(|&c| c != '/') {
        if square == 64 {
            return Err(bad(text, "the board has more than 64 squares"));
        }
        match ch {
            'X' | 'x' => discs[0] |= 1 << square,
            'O' | 'o' => discs[1] |= 1 << square,
            '-' | '.' => {}
            _ => {
                let name = crate::notation::square_name(square);
                return Err(bad(text, format!("square {name}: '{ch}' is not X, O, - or .")));
            }
        }
        square += 1;
    }
    if square < 64 {
        return Err(bad(text, format!("the board has {square} squares; write all 64, from a1 to h8")));
    }
    let side = match fields.next() {
        Some("X" | "x") => 0,
        Some("O" | "o") => 1,
        Some(other) => return Err(bad(text, format!("the side to move is '{other}'; write X (black) or O (white)"))),
        None => return Err(bad(text, "the side to move (X or O) is missing after the board")),
    };
    if let Some(extra) = fields.next() {
        return Err(bad(text, format!("unexpected '{extra}' after the side to move")));
    }
    check_reachable(text, discs[0] | discs[1])?;
    Ok((discs, side))
}

/// Discs are never taken off, and each one played touches one already
/// there: the four centre squares are filled and every disc is joined to
/// them through its neighbours.
fn check_reachable(text: &str, occupied: u64) -> Result<(), PluginError> {
    if occupied & CENTRE != CENTRE {
        return Err(bad(text, "d4, e4, d5 and e5 hold the first four discs and are never empty"));
    }
    let mut joined = CENTRE;
    loop {
        let grown = bitboard::around(joined) & occupied;
        if grown == joined {
            break;
        }
        joined = grown;
    }
    if let Some(alone) = bitboard::squares(occupied & !joined).next() {
        let name = crate::notation::square_name(alone);
        return Err(bad(text, format!("the disc on {name} is cut off from the others, so it cannot have been played")));
    }
    Ok(())
}
