//! Move notation, the same for people and machines (the WOF transcript
//! convention): a square is its column letter `a`–`h` from the left and its
//! row number `1`–`8` from the TOP (`d3` is one of Black's four openings),
//! and a forced pass is `pass`.

use rules_api::{Move, PluginError, CELL_NONE};

/// The name of a square (`row * 8 + col`, row 0 at the top).
pub fn square_name(square: u32) -> String {
    format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1)
}

/// The square a name denotes (the letter in either case).
pub fn parse_square(text: &str) -> Option<u32> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let col = bytes[0].to_ascii_lowercase().checked_sub(b'a')?;
    let row = bytes[1].checked_sub(b'1')?;
    (col < 8 && row < 8).then_some(row as u32 * 8 + col as u32)
}

/// A move for messages, legal or not.
pub fn describe(m: Move) -> String {
    if m == Move::PASS {
        "pass".into()
    } else if m.from == CELL_NONE && m.to < 64 {
        square_name(m.to as u32)
    } else {
        format!("(from cell {} to cell {}, extra {})", m.from, m.to, m.extra)
    }
}

/// Reads a move (`d3`, `D3`, `pass`, or GGF's `PA`) and returns it if it is
/// legal, or says why not: `occupied` holds every disc, `mobility` the
/// mover's legal squares and `replies` the opponent's.
pub fn parse_move(text: &str, occupied: u64, mobility: u64, replies: u64) -> Result<Move, PluginError> {
    let t = text.trim();
    let refuse = |why: &str| PluginError::illegal_move(format!("'{t}': {why}"));
    if mobility == 0 && replies == 0 {
        return Err(refuse("the game is over"));
    }
    if t.eq_ignore_ascii_case("pass") || t.eq_ignore_ascii_case("pa") {
        return if mobility == 0 {
            Ok(Move::PASS)
        } else {
            Err(refuse("a player may pass only when no square outflanks a disc"))
        };
    }
    let square = parse_square(t).ok_or_else(|| refuse("not a square (a1 to h8, rows from the top) or 'pass'"))?;
    if occupied & (1 << square) != 0 {
        return Err(refuse("that square is taken"));
    }
    if mobility & (1 << square) == 0 {
        return Err(refuse(if mobility == 0 {
            "no square outflanks a disc: the only move is 'pass'"
        } else {
            "a disc there outflanks none of the opponent's discs"
        }));
    }
    Ok(Move::place(square as u16))
}
