//! Moves as text: SAN (the standard notation) and UCI (coordinates), both
//! ways.

use cozy_chess::{Board, File, Piece, Rank, Square};
use rules_api::{Move, Notation, PluginError, RVec};

use crate::fen::write_fen;
use crate::moves::{decode_on, generate, tag, Decoded};

const PIECE_LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

fn square_name(index: u16) -> String {
    if index < 64 {
        Square::index(index as usize).to_string()
    } else {
        "--".to_string()
    }
}

/// UCI-style text of a plugin move, for messages (no legality check).
pub fn uci_text(m: Move) -> String {
    let mut s = square_name(m.from);
    s.push_str(&square_name(m.to));
    if (2..=5).contains(&m.extra) {
        s.push(PIECE_LETTERS[m.extra as usize - 1].to_ascii_lowercase());
    }
    s
}

fn piece_from_letter(c: char) -> Option<Piece> {
    match c.to_ascii_uppercase() {
        'P' => Some(Piece::Pawn),
        'N' => Some(Piece::Knight),
        'B' => Some(Piece::Bishop),
        'R' => Some(Piece::Rook),
        'Q' => Some(Piece::Queen),
        'K' => Some(Piece::King),
        _ => None,
    }
}

/// All legal moves of a board, ignoring draw rules.
fn all_moves(board: &Board) -> Vec<Move> {
    let mut v = RVec::new();
    generate(board, &mut v);
    v.into_vec()
}

/// The check/mate suffix of a move.
fn suffix(board: &Board, d: &Decoded) -> &'static str {
    let mut after = board.clone();
    after.play_unchecked(d.cozy);
    if after.checkers().is_empty() {
        ""
    } else if after.generate_moves(|_| true) {
        "+"
    } else {
        "#"
    }
}

/// SAN of a legal move.
pub fn san(board: &Board, d: &Decoded) -> String {
    let mut s = String::with_capacity(8);
    match d.kind {
        tag::CASTLE_SHORT => s.push_str("O-O"),
        tag::CASTLE_LONG => s.push_str("O-O-O"),
        _ => {
            let to = d.cozy.to;
            let capture = d.victim.is_some();
            if d.piece == Piece::Pawn {
                if capture {
                    s.push(char::from(d.cozy.from.file()));
                    s.push('x');
                }
                s.push_str(&to.to_string());
                if let Some(p) = d.cozy.promotion {
                    s.push('=');
                    s.push(PIECE_LETTERS[p as usize]);
                }
            } else {
                s.push(PIECE_LETTERS[d.piece as usize]);
                if d.piece != Piece::King {
                    // Other pieces of the same type that can reach `to`.
                    let mut same_file = false;
                    let mut same_rank = false;
                    let mut others = false;
                    let from = d.cozy.from;
                    let stm = board.side_to_move();
                    board.generate_moves_for(board.colored_pieces(stm, d.piece), |pm| {
                        if pm.from != from && pm.to.has(to) {
                            others = true;
                            same_file |= pm.from.file() == from.file();
                            same_rank |= pm.from.rank() == from.rank();
                        }
                        false
                    });
                    if others {
                        if !same_file {
                            s.push(char::from(from.file()));
                        } else if !same_rank {
                            s.push(char::from(from.rank()));
                        } else {
                            s.push_str(&from.to_string());
                        }
                    }
                }
                if capture {
                    s.push('x');
                }
                s.push_str(&to.to_string());
            }
        }
    }
    s.push_str(suffix(board, d));
    s
}

/// A legal move as text in the given notation.
pub fn move_to_text(board: &Board, m: Move, notation: Notation) -> Result<String, PluginError> {
    let Some(d) = decode_on(board, m) else {
        return Err(PluginError::illegal_move(format!("move {} is not legal in {}", uci_text(m), write_fen(board))));
    };
    if notation == Notation::COORDINATE {
        Ok(uci_text(m))
    } else {
        Ok(san(board, &d))
    }
}

/// Reads a move in SAN or UCI (whatever the notation flag says) and returns
/// it if it is legal on `board` (none is when the game is `drawn` by rule).
pub fn parse_move(board: &Board, drawn: bool, text: &str) -> Result<Move, PluginError> {
    let original = text;
    let mut t = text.trim();
    // Annotations and check marks are tolerated (present, absent or wrong).
    for tail in [" e.p.", "e.p.", " ep"] {
        if let Some(rest) = t.strip_suffix(tail) {
            t = rest.trim_end();
        }
    }
    t = t.trim_end_matches(['+', '#', '!', '?']);
    if t.is_empty() {
        return Err(PluginError::invalid_input(format!("'{original}' is not a move: empty text")));
    }
    let legal = if drawn { Vec::new() } else { all_moves(board) };
    let not_legal = |what: &str| {
        let over = if drawn { " (the game is over)" } else { "" };
        PluginError::illegal_move(format!("move '{original}' ({what}) is not legal in this position{over}"))
    };

    // Castling in SAN: O-O, O-O-O, also with zeros or lowercase.
    let castle = t.replace('0', "O").to_ascii_uppercase();
    if castle == "O-O" || castle == "O-O-O" {
        let want = if castle == "O-O" { tag::CASTLE_SHORT } else { tag::CASTLE_LONG };
        return legal.iter().copied().find(|m| m.tag == want).ok_or_else(|| {
            not_legal(if want == tag::CASTLE_SHORT { "castling king's side" } else { "castling queen's side" })
        });
    }

    // Coordinates: e2e4, e7e8q (also e7e8Q, e7e8=q), king-takes-rook castling.
    if let Some((from, to, promo)) = parse_coordinates(t) {
        let extra = promo.map_or(0, |p| p as u16 + 1);
        if let Some(m) = legal.iter().copied().find(|m| m.from == from as u16 && m.to == to as u16 && m.extra == extra)
        {
            return Ok(m);
        }
        // e1h1 / e1a1: the king "takes" its own rook to castle.
        let stm = board.side_to_move();
        if promo.is_none()
            && board.king(stm) == from
            && board.colored_pieces(stm, Piece::Rook).has(to)
            && to.rank() == from.rank()
        {
            let want = if to.file() > from.file() { tag::CASTLE_SHORT } else { tag::CASTLE_LONG };
            if let Some(m) = legal.iter().copied().find(|m| m.tag == want) {
                return Ok(m);
            }
        }
        return Err(not_legal("coordinates"));
    }

    // SAN: [piece][from file][from rank][x]square[=promotion]
    let Some(san) = parse_san(t) else {
        return Err(PluginError::invalid_input(format!(
            "'{original}' is not a move: expected SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4, e7e8q)"
        )));
    };
    let mut found: Option<Move> = None;
    let mut count = 0;
    for &m in &legal {
        if m.to != san.to as u16 {
            continue;
        }
        let Some(d) = decode_on(board, m) else {
            continue;
        };
        if d.piece != san.piece || d.kind == tag::CASTLE_SHORT || d.kind == tag::CASTLE_LONG {
            continue;
        }
        if san.from_file.is_some_and(|f| d.cozy.from.file() != f)
            || san.from_rank.is_some_and(|r| d.cozy.from.rank() != r)
        {
            continue;
        }
        if d.cozy.promotion != san.promotion {
            continue;
        }
        count += 1;
        found = Some(m);
    }
    match (count, found) {
        (1, Some(m)) => Ok(m),
        (0, _) => {
            // A promotion written without its piece is a common slip: say so.
            let needs_promo = san.promotion.is_none()
                && san.piece == Piece::Pawn
                && legal.iter().any(|m| m.to == san.to as u16 && m.extra != 0);
            if needs_promo {
                Err(PluginError::illegal_move(format!("move '{original}' needs a promotion piece (e.g. '{}=Q')", t)))
            } else {
                Err(not_legal("SAN"))
            }
        }
        _ => Err(PluginError::illegal_move(format!(
            "move '{original}' is ambiguous: {count} legal moves match; add the file or rank the piece comes from"
        ))),
    }
}

/// `e2e4`, `e7e8q`, `e7e8Q`, `e7e8=q`.
fn parse_coordinates(t: &str) -> Option<(Square, Square, Option<Piece>)> {
    let b = t.as_bytes();
    if b.len() < 4 || b.len() > 6 || !b.is_ascii() {
        return None;
    }
    let from: Square = t[0..2].parse().ok()?;
    let to: Square = t[2..4].parse().ok()?;
    let rest = t[4..].strip_prefix('=').unwrap_or(&t[4..]);
    let promo = match rest.len() {
        0 => None,
        1 => {
            let p = piece_from_letter(rest.chars().next()?)?;
            if matches!(p, Piece::Pawn | Piece::King) {
                return None;
            }
            Some(p)
        }
        _ => return None,
    };
    Some((from, to, promo))
}

struct San {
    piece: Piece,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Piece>,
}

fn parse_san(t: &str) -> Option<San> {
    if !t.is_ascii() {
        return None;
    }
    let mut s = t;
    let mut piece = Piece::Pawn;
    let first = s.chars().next()?;
    if first.is_ascii_uppercase() {
        piece = piece_from_letter(first)?;
        s = &s[1..];
    }
    // Promotion at the end: "=Q", "Q", "(Q)", "/Q" (only after a rank 1/8 square).
    let mut promotion = None;
    let s_trim = s.trim_end_matches(')');
    if let Some(last) = s_trim.chars().last() {
        if piece == Piece::Pawn && last.is_ascii_alphabetic() && s_trim.len() >= 3 {
            let body = &s_trim[..s_trim.len() - 1];
            let body = body.trim_end_matches(['=', '(', '/']);
            if body.ends_with('1') || body.ends_with('8') {
                let p = piece_from_letter(last)?;
                if matches!(p, Piece::Pawn | Piece::King) {
                    return None;
                }
                promotion = Some(p);
                s = body;
            }
        }
    }
    // Drop capture marks and dashes, which stand before the destination.
    let cleaned: String = s.chars().filter(|c| !matches!(c, 'x' | 'X' | ':' | '-')).collect();
    if cleaned.len() < 2 {
        return None;
    }
    let (prefix, dest) = cleaned.split_at(cleaned.len() - 2);
    if !s.ends_with(dest) {
        return None;
    }
    let to: Square = dest.parse().ok()?;
    let mut from_file = None;
    let mut from_rank = None;
    for c in prefix.chars() {
        match c {
            'a'..='h' if from_file.is_none() && from_rank.is_none() => {
                from_file = Some(File::index((c as u8 - b'a') as usize))
            }
            '1'..='8' if from_rank.is_none() => from_rank = Some(Rank::index((c as u8 - b'1') as usize)),
            _ => return None,
        }
    }
    if piece == Piece::Pawn && from_rank.is_some() && from_file.is_none() {
        return None;
    }
    Some(San { piece, from_file, from_rank, to, promotion })
}
