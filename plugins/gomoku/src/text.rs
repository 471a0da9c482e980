//! The gomoku position text.
//!
//! Rows from the top, one character per point (`.` empty, `x` Black, `o`
//! White), rows separated by `/` (newlines are accepted too), then a space
//! and the side to move (`x` or `o`). The one-line `/` form is what is
//! written, so a position fits in one command-line argument:
//!
//! ```text
//! ...../...../..x../...../..... o
//! ```
//!
//! Black moves first, so Black has as many stones as White when Black is to
//! move, and one more when White is to move.

use rules_api::PluginError;

use crate::board::{Board, EMPTY};

/// A parsed position text: the owner plus one (or `EMPTY`) per point, and the side to move.
pub struct Parsed {
    /// Point contents, index `row_from_top * size + column`.
    pub cells: Vec<u8>,
    /// 0 = Black, 1 = White.
    pub side: usize,
}

/// The letter of a player in position text and move lists.
pub fn side_letter(player: usize) -> char {
    if player == 0 {
        'x'
    } else {
        'o'
    }
}

/// Reads a position text for a `size`×`size` board; errors name the row,
/// the column and what is wrong.
pub fn parse(text: &str, size: usize) -> Result<Parsed, PluginError> {
    let bad = |msg: String| PluginError::invalid_input(format!("gomoku position: {msg}"));
    let text = text.trim();
    let (rows_text, side_text) = text
        .rsplit_once([' ', '\t'])
        .ok_or_else(|| bad("expected the rows, a space and the side to move ('x' or 'o') at the end".to_string()))?;
    let side = match side_text {
        "x" | "X" => 0,
        "o" | "O" => 1,
        other => return Err(bad(format!("the side to move must be 'x' or 'o', not '{other}'"))),
    };
    let rows: Vec<&str> = rows_text.trim().split(['/', '\n']).map(|r| r.trim()).collect();
    if rows.len() != size {
        return Err(bad(format!("expected {size} rows for a {size}×{size} board, found {}", rows.len())));
    }
    let mut cells = vec![EMPTY; size * size];
    let mut counts = [0usize; 2];
    for (r, row) in rows.iter().enumerate() {
        let rank = size - r;
        let len = row.chars().count();
        if len != size {
            return Err(bad(format!("row {} from the top (row {rank}) has {len} points, expected {size}", r + 1)));
        }
        for (c, ch) in row.chars().enumerate() {
            let v = match ch {
                '.' => EMPTY,
                'x' | 'X' => 1,
                'o' | 'O' => 2,
                other => {
                    return Err(bad(format!(
                        "unknown character '{other}' at {}{rank} (use '.', 'x' or 'o')",
                        (b'a' + c as u8) as char
                    )))
                }
            };
            if v != EMPTY {
                counts[v as usize - 1] += 1;
            }
            cells[r * size + c] = v;
        }
    }
    let (black, white) = (counts[0], counts[1]);
    let expected_black = white + side;
    if black != expected_black {
        let need =
            if side == 0 { "as many black stones as white ones" } else { "one black stone more than white ones" };
        return Err(bad(format!(
            "with {} to move the board needs {need} (Black moves first), but it has {black} black and {white} white",
            side_letter(side)
        )));
    }
    Ok(Parsed { cells, side })
}

/// Writes the one-line form of a board and side to move.
pub fn write(board: &Board, side: usize) -> String {
    let size = board.layout.size;
    let mut out = String::with_capacity(size * (size + 1) + 2);
    for r in 0..size {
        if r > 0 {
            out.push('/');
        }
        for c in 0..size {
            out.push(match board.cells[r * size + c] {
                EMPTY => '.',
                v => side_letter(v as usize - 1),
            });
        }
    }
    out.push(' ');
    out.push(side_letter(side));
    out
}
