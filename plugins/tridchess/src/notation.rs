//! Move notation, in the Federation Standard's names of squares (file,
//! rank, level: `b1W`, `z0QL1`; see [`crate::squares`]).
//!
//! * Standard (people): the piece letter (none for a pawn), the square
//!   left, `-` or `x`, the square reached, `=` and the promotion piece,
//!   `+` or `#`: `Qa0QL1-a3N`, `b2Wxc3N`, `c7B-c8B=Q`. Castling is `O-O`
//!   (king and king's rook trade places) and `O-O-O`. An attack board's
//!   move names the places it leaves and reaches: `QL1-QL3`, `KL2-KL2i`
//!   (turned over), with `=Q` when it carries a pawn to promotion.
//! * Coordinate (machines): the same without the piece letter, capture
//!   sign and check marks, the promotion as a lowercase letter: `a0QL1-a3N`,
//!   `c7B-c8Bq`; castling as the king's move (`d0KL1-e0KL1`); boards
//!   `QL1-QL3`, `QL4-QL6q`.
//!
//! Reading accepts both, with either case in square names, with or
//! without the piece letter, separator, check marks and `=`, and squares
//! in Roth's form too (`c1(2)`).

use rules_api::{Move, Notation, CELL_NONE};

use crate::board::{kind, kind_of, to_move, Mv, BOARD_MOVE, NO_PROMOTION, PAWN};
use crate::game::Game;
use crate::squares::{cell_name, parse_cell, parse_place, place_name, PLACES};
use crate::text::{kind_of_letter, LETTERS};

/// A move for error messages, whether or not it is legal.
pub fn describe(m: Move) -> String {
    if m.from == CELL_NONE && m.to == CELL_NONE && m.extra >= BOARD_MOVE {
        let code = (m.extra - BOARD_MOVE) as usize;
        if code < PLACES * PLACES {
            return format!("{}-{}", place_name((code / PLACES) as u8), place_name((code % PLACES) as u8));
        }
    }
    let cell = |c: u16| if (c as usize) < crate::squares::CELLS { cell_name(c as u8) } else { format!("cell {c}") };
    format!("{}-{} (extra {}, tag {})", cell(m.from), cell(m.to), m.extra, m.tag)
}

fn promo_suffix(m: Mv, standard: bool) -> String {
    if m.promo == NO_PROMOTION {
        return String::new();
    }
    let letter = LETTERS[m.promo as usize];
    if standard {
        format!("={letter}")
    } else {
        letter.to_ascii_lowercase().to_string()
    }
}

fn coordinate(m: Mv) -> String {
    let body = if m.kind == kind::BOARD {
        format!("{}-{}", place_name(m.from), place_name(m.to))
    } else {
        format!("{}-{}", cell_name(m.from), cell_name(m.to))
    };
    body + &promo_suffix(m, false)
}

fn standard(game: &Game, m: Mv) -> String {
    let mut s = match m.kind {
        kind::CASTLE_KING => "O-O".to_string(),
        kind::CASTLE_QUEEN => "O-O-O".to_string(),
        kind::BOARD => format!("{}-{}", place_name(m.from), place_name(m.to)),
        _ => {
            let piece = kind_of(game.at(m.from));
            let letter = if piece == PAWN { String::new() } else { LETTERS[piece as usize].to_string() };
            let capture = m.kind == kind::EN_PASSANT || game.at(m.to) != 0;
            let sep = if capture { 'x' } else { '-' };
            format!("{letter}{}{sep}{}", cell_name(m.from), cell_name(m.to))
        }
    };
    s.push_str(&promo_suffix(m, true));
    let mut next = *game;
    next.apply(m);
    if next.in_check() {
        s.push(if next.has_legal_move() { '+' } else { '#' });
    }
    s
}

/// Writes `m`, which must be one of `legal` (the legal moves of `game`);
/// the error says why not.
pub fn move_to_text(game: &Game, legal: &[Mv], m: Move, notation: Notation) -> Result<String, String> {
    let mv = legal
        .iter()
        .copied()
        .find(|&mv| to_move(mv) == m)
        .ok_or_else(|| format!("move {} is not legal", describe(m)))?;
    Ok(if notation == Notation::COORDINATE { coordinate(mv) } else { standard(game, mv) })
}

/// The promotion a move text ends with (`=Q`, `(Q)`, `q`), and the rest.
fn split_promotion(text: &str) -> (&str, Option<u8>) {
    if let Some((rest, piece)) = text.rsplit_once('=') {
        return (rest, piece.chars().next().and_then(kind_of_letter));
    }
    if let Some(rest) = text.strip_suffix(')') {
        if let Some((rest, piece)) = rest.rsplit_once('(') {
            if piece.len() == 1 && !piece.chars().all(|c| c.is_ascii_digit()) {
                return (rest, piece.chars().next().and_then(kind_of_letter));
            }
        }
    }
    (text, None)
}

/// Reads the square at the end of a move text, possibly followed by a bare
/// promotion letter (`c8Bq`): the square and the promotion.
fn parse_target(text: &str) -> Option<(u8, Option<u8>)> {
    if let Some(c) = parse_cell(text) {
        return Some((c, None));
    }
    let last = text.chars().last()?;
    let kind = kind_of_letter(last).filter(|_| "qrbnQRBN".contains(last))?;
    parse_cell(&text[..text.len() - 1]).map(|c| (c, Some(kind)))
}

fn refuse(text: &str, why: &str) -> String {
    format!("'{text}' is not a legal move ({why})")
}

/// Reads a move in either notation among `legal`, the legal moves of
/// `game`; the error says why the text was refused.
pub fn parse_move(game: &Game, legal: &[Mv], text: &str) -> Result<Move, String> {
    let wanted = text.trim();
    let core = wanted.trim_end_matches(['+', '#', '!', '?']);
    let moves = legal;
    if moves.is_empty() {
        return Err(refuse(wanted, "the game is over"));
    }
    let castle = match core {
        "O-O" | "0-0" => Some(kind::CASTLE_KING),
        "O-O-O" | "0-0-0" => Some(kind::CASTLE_QUEEN),
        _ => None,
    };
    if let Some(k) = castle {
        return moves
            .iter()
            .find(|m| m.kind == k)
            .map(|&m| to_move(m))
            .ok_or_else(|| refuse(wanted, "castling that way is not allowed now"));
    }
    let (core, promo) = split_promotion(core);
    if let Some((a, b)) = core.split_once('-') {
        let (b, bare) = match b.char_indices().last() {
            Some((i, c)) if parse_place(b).is_none() && "qrbnQRBN".contains(c) => (&b[..i], kind_of_letter(c)),
            _ => (b, None),
        };
        if let (Some(from), Some(to)) = (parse_place(a), parse_place(b)) {
            let promo = promo.or(bare).unwrap_or(NO_PROMOTION);
            return moves
                .iter()
                .find(|m| m.kind == kind::BOARD && m.from == from && m.to == to && m.promo == promo)
                .map(|&m| to_move(m))
                .ok_or_else(|| refuse(wanted, &format!("the board at {a} cannot move to {b} now")));
        }
    }
    parse_piece_move(game, wanted, core, promo, moves)
}

/// A piece's move: optional piece letter, two squares with or without a
/// separator.
fn parse_piece_move(game: &Game, wanted: &str, core: &str, promo: Option<u8>, moves: &[Mv]) -> Result<Move, String> {
    let mut chars = core.chars();
    let (letter, squares) = match chars.next() {
        Some(c) if "KQRBNP".contains(c) && chars.next().is_some_and(|n| n.is_ascii_lowercase()) => {
            (Some(c), &core[1..])
        }
        _ => (None, core),
    };
    let pair = squares
        .char_indices()
        .filter(|&(_, c)| c == '-' || c == 'x' || c == ':')
        .find_map(|(i, _)| Some((parse_cell(&squares[..i])?, parse_target(&squares[i + 1..])?)))
        .or_else(|| {
            (2..squares.len())
                .filter(|&i| squares.is_char_boundary(i))
                .find_map(|i| Some((parse_cell(&squares[..i])?, parse_target(&squares[i..])?)))
        });
    let Some((from, (to, bare))) = pair else {
        return Err(refuse(wanted, "it names no two squares (write e.g. 'a2W-a3W', 'Qa0QL1-a3N', 'QL1-QL3' or 'O-O')"));
    };
    let promo = promo.or(bare).unwrap_or(NO_PROMOTION);
    let piece = game.at(from);
    if piece == 0 {
        return Err(refuse(wanted, &format!("no piece stands on {}", cell_name(from))));
    }
    if let Some(l) = letter {
        if kind_of_letter(l) != Some(kind_of(piece)) {
            return Err(refuse(wanted, &format!("the piece on {} is not a {l}", cell_name(from))));
        }
    }
    let found = moves.iter().find(|m| m.kind != kind::BOARD && m.from == from && m.to == to && m.promo == promo);
    found.map(|&m| to_move(m)).ok_or_else(|| {
        let promotes = moves.iter().any(|m| m.from == from && m.to == to && m.promo != NO_PROMOTION);
        if promotes && promo == NO_PROMOTION {
            refuse(wanted, "the pawn promotes there: add =Q, =R, =B or =N")
        } else {
            refuse(wanted, &format!("the piece on {} cannot go to {}", cell_name(from), cell_name(to)))
        }
    })
}
