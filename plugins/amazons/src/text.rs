//! The position text, written like a chess FEN:
//!
//! ```text
//! 3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 w
//! ```
//!
//! The ranks from 10 down to 1, separated by `/`, each from file `a`: `w` a
//! white amazon, `b` a black one, `x` an arrow (a burnt square), a number
//! for that many empty squares. Then the side to move, `w` or `b`.

use rules_api::PluginError;

use crate::board::{self, square, ARROW, BLACK, CELLS, EMPTY, SIDE, WHITE};
use crate::position::{Amazons, AMAZONS};

/// Writes a position.
pub fn write(p: &Amazons) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..SIDE).rev() {
        let mut empty = 0;
        for file in 0..SIDE {
            let what = p.at(rank * SIDE + file);
            if what == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(match what {
                WHITE => 'w',
                BLACK => 'b',
                _ => 'x',
            });
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(if p.side == 0 { 'w' } else { 'b' });
    out
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("amazons position '{}': {why}", text.trim()))
}

/// Reads a position and checks that it can occur.
pub fn read(text: &str) -> Result<Amazons, PluginError> {
    let mut fields = text.split_whitespace();
    let ranks: Vec<&str> = fields.next().ok_or_else(|| bad(text, "the text is empty"))?.split('/').collect();
    if ranks.len() != SIDE {
        return Err(bad(text, format!("it has {} ranks; the board has 10", ranks.len())));
    }
    let mut squares = board::empty_board();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = SIDE - 1 - i;
        read_rank(text, rank_text, rank, &mut squares)?;
    }
    let side = match fields.next() {
        Some("w") => 0,
        Some("b") => 1,
        Some(other) => return Err(bad(text, format!("the side to move is '{other}'; write w or b"))),
        None => return Err(bad(text, "the side to move (w or b) is missing after the ranks")),
    };
    if let Some(extra) = fields.next() {
        return Err(bad(text, format!("unexpected '{extra}' after the side to move")));
    }
    let count = |what: u8| (0..CELLS).filter(|&c| squares[square(c)] == what).count();
    for (what, name) in [(WHITE, "White"), (BLACK, "Black")] {
        if count(what) != AMAZONS {
            return Err(bad(text, format!("{name} has {} amazons; each player has four", count(what))));
        }
    }
    // One arrow per move, White first: an even number with White to move.
    let arrows = count(ARROW);
    if arrows % 2 != side as usize {
        let mover = ["White", "Black"][arrows % 2];
        return Err(bad(text, format!("with {arrows} arrows shot (one per move, White first) it is {mover}'s move")));
    }
    Ok(Amazons::from_squares(squares, side))
}

fn read_rank(text: &str, rank_text: &str, rank: usize, squares: &mut [u8; board::MAILBOX]) -> Result<(), PluginError> {
    let mut file = 0;
    let mut chars = rank_text.chars().peekable();
    while let Some(ch) = chars.next() {
        let what = match ch {
            'w' => WHITE,
            'b' => BLACK,
            'x' => ARROW,
            '1'..='9' => {
                let mut run = ch.to_digit(10).unwrap_or(0) as usize;
                if let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + next as usize;
                    chars.next();
                }
                file += run;
                if file > SIDE {
                    break;
                }
                continue;
            }
            _ => {
                return Err(bad(text, format!("rank {}: '{ch}' is not w, b, x or a number of empty squares", rank + 1)))
            }
        };
        if file >= SIDE {
            file += 1;
            break;
        }
        squares[square(rank * SIDE + file)] = what;
        file += 1;
    }
    if file != SIDE || chars.next().is_some() {
        return Err(bad(text, format!("rank {} ('{rank_text}') does not describe 10 squares", rank + 1)));
    }
    Ok(())
}
