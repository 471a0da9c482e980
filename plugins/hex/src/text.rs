//! The position text.
//!
//! ```text
//! ..r../...../..b../...../..... b
//! ```
//!
//! The rows from `1` (top) to the last, separated by `/`, each cell from
//! column `a` on the left: `r` a red stone, `b` a blue one, `.` empty.
//! Then the side to move: `r` or `b`. The board size is the number of rows.

use rules_api::PluginError;

use crate::graph::{self, EMPTY};

/// Writes the cells of an `n`×`n` board and the side to move.
pub fn write(cells: &[u8], n: usize, side: u8) -> String {
    let rows: Vec<String> = (0..n)
        .map(|row| cells[row * n..(row + 1) * n].iter().map(|&s| ['.', 'r', 'b'][s as usize]).collect::<String>())
        .collect();
    format!("{} {}", rows.join("/"), if side == 0 { 'r' } else { 'b' })
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("Hex position '{}': {why}", text.trim()))
}

/// Reads a position's cells and side to move, and checks that they can
/// occur in a game on `n`×`n` (which the text must match), with the swap
/// rule or not.
pub fn read(text: &str, n: usize, swap: bool) -> Result<(Vec<u8>, u8), PluginError> {
    let mut fields = text.split_whitespace();
    let rows: Vec<&str> = fields.next().ok_or_else(|| bad(text, "the text is empty"))?.split('/').collect();
    if rows.len() != n {
        return Err(bad(text, format!("it has {} rows, but this game is played on {n}x{n}", rows.len())));
    }
    let mut cells = Vec::with_capacity(n * n);
    for (i, row) in rows.iter().enumerate() {
        if row.chars().count() != n {
            return Err(bad(
                text,
                format!("row {} ('{row}') has {} cells; each row has {n}", i + 1, row.chars().count()),
            ));
        }
        for ch in row.chars() {
            cells.push(match ch {
                '.' => EMPTY,
                'r' => graph::stone(0),
                'b' => graph::stone(1),
                _ => return Err(bad(text, format!("row {}: '{ch}' is not r, b or .", i + 1))),
            });
        }
    }
    let side = match fields.next() {
        Some("r") => 0,
        Some("b") => 1,
        Some(other) => return Err(bad(text, format!("the side to move is '{other}'; write r or b"))),
        None => return Err(bad(text, "the side to move (r or b) is missing after the rows")),
    };
    if let Some(extra) = fields.next() {
        return Err(bad(text, format!("unexpected '{extra}' after the side to move")));
    }
    let count = |p: u8| cells.iter().filter(|&&s| s == graph::stone(p)).count() as isize;
    let (red, blue) = (count(0), count(1));
    // Red moves first; after a swap Blue has the extra stone instead.
    let plain = (red == blue && side == 0) || (red == blue + 1 && side == 1);
    let swapped = (blue == red + 1 && side == 0) || (red == blue && side == 1 && red > 0);
    if !(plain || (swap && swapped)) {
        let rule = if swap { "" } else { " (the swap rule is off)" };
        return Err(bad(
            text,
            format!(
                "{red} red and {blue} blue stones with {} to move cannot occur{rule}",
                ["red", "blue"][side as usize]
            ),
        ));
    }
    let won = |p: u8| !graph::winning_chain(&cells, n, p).is_empty();
    if won(0) && won(1) {
        return Err(bad(text, "both players have joined their edges"));
    }
    if let Some(w) = (0..2).find(|&p| won(p)) {
        if w == side {
            return Err(bad(
                text,
                format!(
                    "{} has joined their edges, so it cannot be {}'s move",
                    ["red", "blue"][w as usize],
                    ["red", "blue"][w as usize]
                ),
            ));
        }
    }
    Ok((cells, side))
}
