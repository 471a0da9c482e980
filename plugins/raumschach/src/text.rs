//! The position text: a FEN for five levels.
//!
//! ```text
//! 5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|ubqub/ppppp/5/5/5|rnknr/ppppp/5/5/5 w 0 1
//! ```
//!
//! The levels from A (White's home) to E, separated by `|`; within a level
//! the ranks from 5 down to 1, separated by `/`, each from file a to e as
//! in chess FEN (letters for pieces, digits for runs of empty cells). White
//! is uppercase: `K` king, `Q` queen, `R` rook, `B` bishop, `N` knight,
//! `U` unicorn, `P` pawn. Then the side to move (`w` or `b`) and,
//! optionally, the plies since the last capture or pawn move and the move
//! number.

use rules_api::PluginError;

use crate::board::{code, is_promotion_cell, kind_of, owner_of, Board, BLACK, CELLS, KING, PAWN, WHITE};
use crate::notation::cell_name;

pub use crate::notation::{kind_of_letter, LETTERS};

/// The start position: Dickins' setup (see docs/RAUMSCHACH.md).
pub const START: &str = "5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|ubqub/ppppp/5/5/5|rnknr/ppppp/5/5/5 w 0 1";

/// What a position text holds: the board, the side to move, the plies
/// since the last capture or pawn move and the move number.
pub struct Parts {
    /// The pieces.
    pub board: Board,
    /// `WHITE` or `BLACK`.
    pub side: u8,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
}

/// Writes a position: `board`, `side` to move, `halfmove` plies since the
/// last capture or pawn move, move number `fullmove`.
pub fn write(board: &Board, side: u8, halfmove: u32, fullmove: u32) -> String {
    let mut levels = Vec::with_capacity(5);
    for level in 0..5i8 {
        let mut ranks = Vec::with_capacity(5);
        for rank in (0..5i8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..5i8 {
                let piece = board.cells[crate::board::cell(level, file, rank) as usize];
                if piece == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                let letter = LETTERS[kind_of(piece) as usize];
                row.push(if owner_of(piece) == WHITE { letter } else { letter.to_ascii_lowercase() });
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            ranks.push(row);
        }
        levels.push(ranks.join("/"));
    }
    let side = if side == WHITE { 'w' } else { 'b' };
    format!("{} {side} {halfmove} {fullmove}", levels.join("|"))
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("Raumschach position '{}': {why}", text.trim()))
}

/// Reads one level (`rnknr/ppppp/5/5/5`) into the board.
fn read_level(text: &str, board: &mut Board, level: usize, field: &str) -> Result<(), PluginError> {
    let name = (b'A' + level as u8) as char;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 5 {
        return Err(bad(text, format!("level {name} ('{field}') has {} ranks; each level has 5", ranks.len())));
    }
    for (i, row) in ranks.iter().enumerate() {
        let rank = 4 - i as i8;
        let mut file = 0i8;
        for ch in row.chars() {
            if let Some(run) = ch.to_digit(10) {
                if run == 0 {
                    return Err(bad(text, format!("level {name} rank {}: '0' is not a run of empty cells", rank + 1)));
                }
                file += run as i8;
            } else if let Some(kind) = kind_of_letter(ch) {
                if file < 5 {
                    let owner = if ch.is_ascii_uppercase() { WHITE } else { BLACK };
                    let c = crate::board::cell(level as i8, file, rank);
                    if kind == KING && board.kings[owner as usize] != u8::MAX {
                        let who = if owner == WHITE { "White" } else { "Black" };
                        return Err(bad(text, format!("{who} has more than one king")));
                    }
                    board.set(c, code(owner, kind));
                }
                file += 1;
            } else {
                return Err(bad(
                    text,
                    format!(
                        "level {name} rank {}: '{ch}' is not a piece letter (KQRBNUP, kqrbnup) or a digit",
                        rank + 1
                    ),
                ));
            }
            if file > 5 {
                return Err(bad(text, format!("level {name} rank {} ('{row}') has more than 5 cells", rank + 1)));
            }
        }
        if file != 5 {
            return Err(bad(
                text,
                format!("level {name} rank {} ('{row}') has {file} cells; each rank has 5", rank + 1),
            ));
        }
    }
    Ok(())
}

fn number(text: &str, field: Option<&str>, what: &str, default: u32) -> Result<u32, PluginError> {
    match field {
        None => Ok(default),
        Some(f) => f.parse::<u32>().map_err(|_| bad(text, format!("the {what} '{f}' is not a whole number"))),
    }
}

/// Reads a position and checks that it can occur.
pub fn read(text: &str) -> Result<Parts, PluginError> {
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or_else(|| bad(text, "the text is empty"))?;
    let levels: Vec<&str> = placement.split('|').collect();
    if levels.len() != 5 {
        return Err(bad(text, format!("found {} levels separated by '|'; Raumschach has 5 (A to E)", levels.len())));
    }
    let mut board = Board::default();
    for (level, field) in levels.iter().enumerate() {
        read_level(text, &mut board, level, field)?;
    }
    let side = match fields.next() {
        Some("w") => WHITE,
        Some("b") => BLACK,
        Some(other) => return Err(bad(text, format!("the side to move is '{other}'; write w or b"))),
        None => return Err(bad(text, "the side to move (w or b) is missing after the levels")),
    };
    let halfmove = number(text, fields.next(), "count of plies without a capture or pawn move", 0)?;
    let fullmove = number(text, fields.next(), "move number", 1)?;
    if let Some(extra) = fields.next() {
        return Err(bad(text, format!("unexpected '{extra}' after the move number")));
    }
    for (owner, name) in [(WHITE, "White"), (BLACK, "Black")] {
        if board.kings[owner as usize] == u8::MAX {
            return Err(bad(text, format!("{name} has no king")));
        }
    }
    for c in 0..CELLS as u8 {
        let p = board.cells[c as usize];
        if p != 0 && kind_of(p) == PAWN && is_promotion_cell(owner_of(p), c) {
            let name = cell_name(c);
            return Err(bad(text, format!("a pawn stands on {name}, where it would have promoted")));
        }
    }
    if board.in_check(side ^ 1) {
        let name = if side == WHITE { "Black" } else { "White" };
        return Err(bad(text, format!("{name} is in check but it is not {name}'s move")));
    }
    Ok(Parts { board, side, halfmove, fullmove })
}
