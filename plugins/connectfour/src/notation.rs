//! Move notation. People name the column by its letter (`d`, the files of
//! the board as on a chess board); solvers and most game records write its
//! number from the left (`4`). A move is written in either form; when
//! read, both are accepted, and so is the name of the cell the disc lands
//! on (`d1`).

use rules_api::{Move, Notation, PluginError};

use crate::board::Shape;
use crate::position::Connect4;

/// The letter of a column.
pub fn column_letter(column: u32) -> char {
    (b'a' + column as u8) as char
}

/// The name of a cell: column letter and row number from the bottom (`d1`).
pub fn cell_name(shape: Shape, cell: u16) -> String {
    match shape.column_row(cell) {
        Some((column, row)) => format!("{}{}", column_letter(column), row + 1),
        None => format!("(cell {cell})"),
    }
}

/// Writes a legal move: the column letter (standard) or number (coordinate).
pub fn move_to_text(p: &Connect4, m: Move, notation: Notation) -> Result<String, PluginError> {
    let column = p.column_of(m).map_err(|why| PluginError::illegal_move(format!("not a legal move here: {why}")))?;
    Ok(if notation == Notation::COORDINATE { (column + 1).to_string() } else { column_letter(column).to_string() })
}

/// Reads a move: a column letter (`d`, `D`), a column number (`4`) or the
/// landing cell (`d1`).
pub fn parse_move(p: &Connect4, text: &str) -> Result<Move, PluginError> {
    let t = text.trim();
    let shape = p.shape();
    let refuse = |why: String| PluginError::illegal_move(format!("'{t}': {why}"));
    let last = column_letter(shape.columns - 1);
    let expected = || format!("write a column letter a to {last}, a column number 1 to {}", shape.columns);
    let mut chars = t.chars();
    let first = chars.next().ok_or_else(|| refuse(format!("no move given; {}", expected())))?;
    let rest = chars.as_str();
    let (column, row) = if t.bytes().all(|b| b.is_ascii_digit()) {
        let n: u32 = t.parse().map_err(|_| refuse(expected()))?;
        if n == 0 || n > shape.columns {
            return Err(refuse(format!("there is no column {n}; {}", expected())));
        }
        (n - 1, None)
    } else if first.is_ascii_alphabetic() {
        let column = (first.to_ascii_lowercase() as u8).wrapping_sub(b'a') as u32;
        if column >= shape.columns {
            return Err(refuse(format!("there is no column '{first}'; {}", expected())));
        }
        if rest.is_empty() {
            (column, None)
        } else {
            let row: u32 = rest
                .parse()
                .ok()
                .filter(|r| (1..=shape.rows).contains(r))
                .ok_or_else(|| refuse(format!("not a cell of this board (rows 1 to {})", shape.rows)))?;
            (column, Some(row - 1))
        }
    } else {
        return Err(refuse(expected()));
    };
    if p.winner().is_some() || p.playable() == 0 {
        return Err(refuse("the game is over".into()));
    }
    let landing = p.landing(column).ok_or_else(|| refuse(format!("column {} is full", column_letter(column))))?;
    let lands_on = landing.trailing_zeros() % shape.height();
    if let Some(row) = row {
        if row != lands_on {
            let name = format!("{}{}", column_letter(column), lands_on + 1);
            return Err(refuse(format!("a disc dropped into column {} lands on {name}", column_letter(column))));
        }
    }
    Ok(p.move_of_bit(landing))
}
