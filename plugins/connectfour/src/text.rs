//! The position text.
//!
//! ```text
//! ......./......./......./......./...y.../..rr... y
//! ```
//!
//! The rows from the top down, separated by `/`, each cell from column
//! `a` on the left: `r` a red disc, `y` a yellow one, `.` empty. Then the
//! side to move, `r` or `y`. Red moves first, so the side to move follows
//! from the counts; it is written to be read by people and checked when
//! read. The text describes the board shape by its rows and columns, which
//! must be those of the game.

use rules_api::PluginError;

use crate::board::Shape;
use crate::notation::cell_name;
use crate::position::Connect4;

const SIDES: [char; 2] = ['r', 'y'];

/// Writes a position.
pub fn write(p: &Connect4) -> String {
    let s = p.shape();
    let rows: Vec<String> = (0..s.rows)
        .rev()
        .map(|row| {
            (0..s.columns)
                .map(|column| {
                    let bit = s.bit(column, row);
                    if p.discs[0] & bit != 0 {
                        'r'
                    } else if p.discs[1] & bit != 0 {
                        'y'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    format!("{} {}", rows.join("/"), SIDES[p.side as usize])
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("connect four position '{}': {why}", text.trim()))
}

/// Reads a position and checks that it can occur in a game on `shape`.
pub fn read(text: &str, shape: Shape) -> Result<Connect4, PluginError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or_else(|| bad(text, "the text is empty"))?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != shape.rows as usize {
        return Err(bad(text, format!("it has {} rows; this board has {}", rows.len(), shape.rows)));
    }
    let mut discs = [0u64; 2];
    for (i, row_text) in rows.iter().enumerate() {
        let row = shape.rows - 1 - i as u32;
        if row_text.chars().count() != shape.columns as usize {
            return Err(bad(
                text,
                format!(
                    "row {} ('{row_text}') has {} cells; each row has {}",
                    row + 1,
                    row_text.chars().count(),
                    shape.columns
                ),
            ));
        }
        for (column, ch) in row_text.chars().enumerate() {
            let bit = shape.bit(column as u32, row);
            match ch {
                'r' => discs[0] |= bit,
                'y' => discs[1] |= bit,
                '.' => {}
                _ => return Err(bad(text, format!("row {}: '{ch}' is not r, y or .", row + 1))),
            }
        }
    }
    let side = match fields.next() {
        Some("r") => 0,
        Some("y") => 1,
        Some(other) => return Err(bad(text, format!("the side to move is '{other}'; write r or y"))),
        None => return Err(bad(text, "the side to move (r or y) is missing after the rows")),
    };
    if let Some(extra) = fields.next() {
        return Err(bad(text, format!("unexpected '{extra}' after the side to move")));
    }
    check(text, shape, discs, side)?;
    Ok(Connect4::from_discs(shape, discs))
}

/// Refuses boards no game reaches: floating discs, counts that do not
/// alternate from Red, the wrong side to move, play after a win.
fn check(text: &str, shape: Shape, discs: [u64; 2], side: u8) -> Result<(), PluginError> {
    let occupied = discs[0] | discs[1];
    // A disc must rest on the bottom or on another disc.
    let floating = occupied & !((occupied << 1) | shape.bottom()) & shape.full();
    if floating != 0 {
        let cell = shape.cell_of_bit(floating.trailing_zeros());
        return Err(bad(text, format!("the disc on {} floats above an empty cell", cell_name(shape, cell))));
    }
    let (red, yellow) = (discs[0].count_ones(), discs[1].count_ones());
    if red != yellow && red != yellow + 1 {
        return Err(bad(
            text,
            format!(
                "{red} red and {yellow} yellow discs: Red moves first, so Red has as many discs as Yellow or one more"
            ),
        ));
    }
    let to_move = (red > yellow) as u8;
    if side != to_move {
        return Err(bad(
            text,
            format!("with {red} red and {yellow} yellow discs it is {}'s move", ["r", "y"][to_move as usize]),
        ));
    }
    let fours = [shape.has_four(discs[0]), shape.has_four(discs[1])];
    if fours[0] && fours[1] {
        return Err(bad(text, "both players have four in a row"));
    }
    if let Some(winner) = (0..2).find(|&w| fours[w]) {
        // The winner made the last move, and with it every four they have.
        if to_move as usize == winner {
            return Err(bad(
                text,
                format!(
                    "{} has four in a row but is to move: the game went on after the win",
                    ["red", "yellow"][winner]
                ),
            ));
        }
        let tops = (occupied + shape.bottom()) >> 1 & occupied & discs[winner];
        let mut candidates = tops;
        let mut last_move_found = false;
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            if !shape.has_four(discs[winner] & !bit) {
                last_move_found = true;
                break;
            }
            candidates ^= bit;
        }
        if !last_move_found {
            return Err(bad(
                text,
                format!(
                    "{} has fours that no single last move made: the game went on after a win",
                    ["red", "yellow"][winner]
                ),
            ));
        }
    }
    Ok(())
}
