//! Move notation.
//!
//! Cells are named level, file, rank: `Cc3` (level C, file c, rank 3).
//! * Coordinate notation (machines): from and to, then the promotion letter
//!   in lowercase: `Bc2Cc3`, `Db4Eb5q`.
//! * Standard notation (people): long algebraic with the piece letter
//!   (none for pawns), `-` or `x`, `=` and the promotion letter, `+` for
//!   check and `#` for mate: `NAb1-Ab3`, `Bc2-Cc3`, `QBc1xDc3+`, `Db4-Eb5=Q`.
//!
//! Reading accepts either form in any letter case for the files, with or
//! without the piece letter, separators and check marks.

use rules_api::{Move, PluginError};

use crate::board::{coords, kind_of, Board, Mv, KINDS, NO_PROMOTION, PAWN, PROMOTIONS};

/// Piece letters by kind (White's; Black's are lowercase).
pub const LETTERS: [char; KINDS] = ['K', 'Q', 'R', 'B', 'N', 'U', 'P'];

/// The kind an uppercase letter names.
pub fn kind_of_letter(letter: char) -> Option<u8> {
    LETTERS.iter().position(|&l| l == letter.to_ascii_uppercase()).map(|k| k as u8)
}

/// The boundary move of an internal move: promotions name the new kind in
/// `extra` as `kind + 1`.
pub fn to_move(m: Mv) -> Move {
    let extra = if m.promo == NO_PROMOTION { 0 } else { m.promo as u16 + 1 };
    Move { from: m.from as u16, to: m.to as u16, extra, tag: 0 }
}

/// The internal move of a boundary move, if its cells are on the board.
pub fn from_move(m: Move) -> Option<Mv> {
    if m.from as usize >= crate::board::CELLS || m.to as usize >= crate::board::CELLS || m.tag != 0 || m.extra > 7 {
        return None;
    }
    let promo = if m.extra == 0 { NO_PROMOTION } else { (m.extra - 1) as u8 };
    Some(Mv { from: m.from as u8, to: m.to as u8, promo })
}

/// The name of a cell (`Cc3`).
pub fn cell_name(c: u8) -> String {
    let (f, r, l) = coords(c);
    format!("{}{}{}", (b'A' + l as u8) as char, (b'a' + f as u8) as char, r + 1)
}

/// Reads a cell name; the level letter and the file letter in either case.
pub fn parse_cell(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 3 {
        return None;
    }
    let l = b[0].to_ascii_uppercase().checked_sub(b'A')?;
    let f = b[1].to_ascii_lowercase().checked_sub(b'a')?;
    let r = b[2].checked_sub(b'1')?;
    (l < 5 && f < 5 && r < 5).then(|| crate::board::cell(l as i8, f as i8, r as i8))
}

/// A move for error messages, whether or not it is legal.
pub fn describe(m: Move) -> String {
    match from_move(m) {
        Some(mv) => coordinate(mv),
        None => format!("(from cell {} to cell {}, extra {})", m.from, m.to, m.extra),
    }
}

/// A move in coordinate notation (`Bc2Cc3`, `Db4Eb5q`).
pub fn coordinate(m: Mv) -> String {
    let mut s = format!("{}{}", cell_name(m.from), cell_name(m.to));
    if m.promo != NO_PROMOTION {
        s.push(LETTERS[m.promo as usize].to_ascii_lowercase());
    }
    s
}

/// A legal move on `board` in standard notation; `check` is `Some(mate)`
/// when the move gives check.
pub fn standard(board: &Board, mv: Mv, check: Option<bool>) -> String {
    let kind = kind_of(board.cells[mv.from as usize]);
    let mut s = String::new();
    if kind != PAWN {
        s.push(LETTERS[kind as usize]);
    }
    s.push_str(&cell_name(mv.from));
    s.push(if board.cells[mv.to as usize] != 0 { 'x' } else { '-' });
    s.push_str(&cell_name(mv.to));
    if mv.promo != NO_PROMOTION {
        s.push('=');
        s.push(LETTERS[mv.promo as usize]);
    }
    match check {
        Some(true) => s.push('#'),
        Some(false) => s.push('+'),
        None => {}
    }
    s
}

fn refuse(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::illegal_move(format!("'{}': {why}", text.trim()))
}

/// Reads a move in either notation on `board` and returns it if it is one
/// of `legal` (none when the game is over).
pub fn parse_move(board: &Board, legal: &[Mv], text: &str) -> Result<Move, PluginError> {
    let cleaned: String =
        text.trim().chars().filter(|c| !matches!(c, '+' | '#' | '!' | '?' | '-' | 'x' | 'X' | '=' | ' ')).collect();
    if !cleaned.is_ascii() {
        return Err(refuse(text, "write a move with letters and digits like Bc2Cc3"));
    }
    // A leading piece letter is there when the text is one longer than the
    // cells and the optional promotion letter account for.
    let ends_in_letter = cleaned.chars().last().is_some_and(|c| c.is_ascii_alphabetic());
    let (piece, rest) = match cleaned.len() {
        7 if !ends_in_letter => (cleaned.chars().next(), &cleaned[1..]),
        8 => (cleaned.chars().next(), &cleaned[1..]),
        6 | 7 => (None, &cleaned[..]),
        _ => return Err(refuse(text, "write a move as two cells like Bc2Cc3 (or NAb1-Ab3, Db4-Eb5=Q)")),
    };
    let cell = |s: &str| {
        parse_cell(s).ok_or_else(|| refuse(text, format!("'{s}' is not a cell (levels A-E, files a-e, ranks 1-5)")))
    };
    if !rest.is_char_boundary(3) || !rest.is_char_boundary(6) {
        return Err(refuse(text, "write a move as two cells like Bc2Cc3"));
    }
    let (from, to) = (cell(&rest[..3])?, cell(&rest[3..6])?);
    let promo = match rest[6..].chars().next() {
        None => NO_PROMOTION,
        Some(letter) => match kind_of_letter(letter) {
            Some(kind) if PROMOTIONS.contains(&kind) => kind,
            _ => return Err(refuse(text, format!("a pawn cannot promote to '{letter}' (choose Q, R, B, N or U)"))),
        },
    };
    let moving = board.cells[from as usize];
    if moving == 0 {
        return Err(refuse(text, format!("no piece stands on {}", cell_name(from))));
    }
    if let Some(letter) = piece {
        let named = kind_of_letter(letter).ok_or_else(|| refuse(text, format!("'{letter}' is not a piece letter")))?;
        if named != kind_of(moving) {
            return Err(refuse(text, format!("the piece on {} is not a {}", cell_name(from), letter)));
        }
    }
    let candidates: Vec<&Mv> = legal.iter().filter(|m| m.from == from && m.to == to).collect();
    if candidates.is_empty() {
        return Err(refuse(text, "not a legal move here"));
    }
    if promo == NO_PROMOTION && candidates.iter().any(|m| m.promo != NO_PROMOTION) {
        return Err(refuse(text, "the pawn promotes: add Q, R, B, N or U"));
    }
    candidates
        .into_iter()
        .find(|m| m.promo == promo)
        .map(|&m| to_move(m))
        .ok_or_else(|| refuse(text, "only a pawn reaching the far rank of the far level promotes"))
}
