//! The position text: the FEN of PDN 3.0 (pdn.fmjd.org, "FEN tag").
//!
//! ```text
//! W:W31,32,K30:B1,2,3        White to move; white men on 31 and 32, a
//!                            white king on 30; black men on 1, 2 and 3
//! W:W31-50:B1-20             the international start, with ranges
//! B:W18,24,K10:Bc5,Kd8       English; PDN also allows a1–h8 on 8×8 boards
//! ```
//!
//! The side to move (`W` or `B`), then for each colour a colon, the
//! colour's letter and its squares, comma-separated: a square number, or a
//! range `31-35`, each optionally preceded by `K` for kings; leading zeros
//! are allowed and a final dot is ignored, as the standard's grammar says.
//! A colour with no pieces may be left empty (`B:W31:B`). Positions that
//! cannot occur are refused: a man on the row where it would have been
//! crowned, more pieces than a side starts with, or a side without pieces
//! that is not the side to move (the game ended before the move it
//! would have had).
//!
//! Written back, squares are in increasing order with no ranges, White's
//! group first: the form every PDN reader accepts.

use rules_api::PluginError;

use crate::board::{squares, Board, Layout, Piece};
use crate::colour::Colour;
use crate::rule::Rule;

/// Reads a position text of `rule`: the pieces and the side to move.
pub fn read(rule: Rule, text: &str) -> Result<(Board, Colour), PluginError> {
    let fen = text.trim();
    let bad = |why: String| PluginError::invalid_input(format!("position '{fen}': {why}"));
    let body = fen.strip_suffix('.').unwrap_or(fen);
    if body.is_empty() {
        return Err(bad("the text is empty; expected PDN FEN such as 'W:W31-50:B1-20'".into()));
    }
    let mut fields = body.split(':');
    let side = match fields.next().unwrap_or("") {
        "W" => Colour::White,
        "B" => Colour::Black,
        "?" => return Err(bad("the side to move is unknown ('?'); give W or B".into())),
        other => return Err(bad(format!("the side to move must be W or B, not '{other}'"))),
    };
    let layout = rule.layout();
    let mut board = Board::default();
    let mut groups = 0;
    for field in fields {
        groups += 1;
        let mut chars = field.chars();
        let colour = match chars.next() {
            Some('W') => Colour::White,
            Some('B') => Colour::Black,
            Some(c) => return Err(bad(format!("'{field}' must start with the colour W or B, not '{c}'"))),
            None => return Err(bad("an empty field between colons; each colour's field starts with W or B".into())),
        };
        let list = chars.as_str();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            read_item(layout, &mut board, colour, item).map_err(|why| bad(format!("'{item}': {why}")))?;
        }
    }
    if groups == 0 {
        return Err(bad("no pieces are given; expected ':W…:B…' after the side to move".into()));
    }
    check(rule, &board, side).map_err(bad)?;
    Ok((board, side))
}

/// One item of a colour's list: `[K]square[-square]`.
fn read_item(layout: &Layout, board: &mut Board, colour: Colour, item: &str) -> Result<(), String> {
    let (king, squares) = match item.strip_prefix('K') {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    if squares.is_empty() {
        return Err("a square is missing".into());
    }
    let (first, last) = match squares.split_once('-') {
        Some((a, b)) => (square(layout, a)?, square(layout, b)?),
        None => {
            let sq = square(layout, squares)?;
            (sq, sq)
        }
    };
    if last < first {
        return Err(format!("the range runs backwards ({} down to {})", first + 1, last + 1));
    }
    for sq in first..=last {
        if board.occupied() & (1u64 << sq) != 0 {
            return Err(format!("square {} is given twice", sq + 1));
        }
        board.put(sq, Piece { colour, king });
    }
    Ok(())
}

/// A square: its number, or on an 8×8 board its name `a1`–`h8`.
pub fn square(layout: &Layout, text: &str) -> Result<u8, String> {
    let count = layout.squares as u32;
    if let Some(sq) = alpha_square(layout, text)? {
        return Ok(sq);
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not a square number (1–{count})"));
    }
    match text.parse::<u32>() {
        Ok(n) if (1..=count).contains(&n) => Ok((n - 1) as u8),
        _ => Err(format!("square {text} is off the board (squares 1–{count})")),
    }
}

/// `a1`–`h8` on an 8×8 board, a1 being White's lower left corner in the
/// standard diagram (square 29); `None` when `text` is not of that form.
fn alpha_square(layout: &Layout, text: &str) -> Result<Option<u8>, String> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 || !bytes[0].is_ascii_lowercase() || !bytes[1].is_ascii_digit() {
        return Ok(None);
    }
    if layout.size != 8 {
        return Err(format!("'{text}': squares a1–h8 name an 8×8 board; this board is numbered 1–{}", layout.squares));
    }
    let (file, rank) = (bytes[0].wrapping_sub(b'a'), bytes[1].wrapping_sub(b'1'));
    if file >= 8 || rank >= 8 {
        return Err(format!("'{text}' is not a square of the board (a1–h8)"));
    }
    layout.square_at(7 - rank, file).map(Some).ok_or_else(|| format!("{text} is a light square, never played on"))
}

/// The checks of a position that can occur in a game of `rule`.
fn check(rule: Rule, board: &Board, side: Colour) -> Result<(), String> {
    let layout = rule.layout();
    for colour in [Colour::White, Colour::Black] {
        let crowned_here = board.men[colour.index()] & layout.crowning_row(colour);
        if let Some(sq) = squares(crowned_here).next() {
            return Err(format!(
                "a {} man on {} stands on the row where {} men are crowned; write it as a king (K{})",
                colour.name(),
                sq + 1,
                colour.name(),
                sq + 1
            ));
        }
        let count = board.pieces(colour).count_ones();
        if count > rule.men_per_side() {
            return Err(format!(
                "{} has {count} pieces, more than the {} each side starts with",
                colour.name(),
                rule.men_per_side()
            ));
        }
    }
    let waiting = side.opponent();
    if board.pieces(waiting) == 0 {
        return Err(format!(
            "{} has no pieces, so the game ended before {} was to move; the side without pieces is the side to move",
            waiting.name(),
            side.name()
        ));
    }
    Ok(())
}

/// The position as PDN FEN.
pub fn write(board: &Board, side: Colour) -> String {
    let mut out = String::with_capacity(160);
    out.push(side.letter());
    for colour in [Colour::White, Colour::Black] {
        out.push(':');
        out.push(colour.letter());
        let kings = board.kings[colour.index()];
        for (i, sq) in squares(board.pieces(colour)).enumerate() {
            if i > 0 {
                out.push(',');
            }
            if kings & (1u64 << sq) != 0 {
                out.push('K');
            }
            out.push_str(&(sq + 1).to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_kings_zeros_and_the_final_dot_are_read() {
        let (board, side) = read(Rule::International, "W:W31-35,K05:B1,K2-3.").unwrap();
        assert_eq!(side, Colour::White);
        assert_eq!(board.men[0], 0b11111 << 30);
        assert_eq!(board.kings[0], 1 << 4);
        assert_eq!((board.men[1], board.kings[1]), (0b1, 0b110));
        assert_eq!(write(&board, side), "W:WK5,31,32,33,34,35:B1,K2,K3");
    }

    #[test]
    fn alpha_squares_name_the_english_board() {
        let (board, _) = read(Rule::English, "B:Wa1,Kc3:Bh8").unwrap();
        assert_eq!(write(&board, Colour::Black), "B:WK22,29:B4");
        let e = read(Rule::English, "B:Wa2:B1").unwrap_err();
        assert!(e.message.contains("a2 is a light square"), "{e}");
        let e = read(Rule::International, "W:Wa1:B1").unwrap_err();
        assert!(e.message.contains("8×8"), "{e}");
    }
}
