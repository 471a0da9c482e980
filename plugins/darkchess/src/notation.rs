//! Moves as text: coordinates (`e2e4`, `e7e8q`, castling as the king's
//! move `e1g1`) and SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`), without check
//! marks, which dark chess does not have.

use cozy_chess::Piece;
use rules_api::{Move, Notation, PluginError};

use crate::board::{uci, DarkMove, Kind};
use crate::position::DarkChessPosition;

/// A legal move in SAN.
pub fn san(pos: &DarkChessPosition, m: DarkMove) -> String {
    match m.kind {
        Kind::CastleShort => return "O-O".into(),
        Kind::CastleLong => return "O-O-O".into(),
        _ => {}
    }
    let board = pos.board();
    let (_, piece) = board.piece_on(m.from).expect("a legal move starts on a piece");
    let mut out = String::with_capacity(8);
    if piece == Piece::Pawn {
        if m.kind.is_capture() {
            out.push(char::from(m.from.file()));
        }
    } else {
        out.push(char::from(piece).to_ascii_uppercase());
        let (mut same_file, mut same_rank, mut others) = (false, false, false);
        board.generate(board.side, |o| {
            if o.to == m.to && o.from != m.from && board.piece_on(o.from).map(|(_, p)| p) == Some(piece) {
                others = true;
                same_file |= o.from.file() == m.from.file();
                same_rank |= o.from.rank() == m.from.rank();
            }
        });
        if others {
            if !same_file {
                out.push(char::from(m.from.file()));
            } else if !same_rank {
                out.push(char::from(m.from.rank()));
            } else {
                out.push_str(&m.from.to_string());
            }
        }
    }
    if m.kind.is_capture() {
        out.push('x');
    }
    out.push_str(&m.to.to_string());
    if let Some(p) = m.promotion {
        out.push('=');
        out.push(char::from(p).to_ascii_uppercase());
    }
    out
}

/// A legal move in the given notation.
pub fn move_to_text(pos: &DarkChessPosition, m: Move, notation: Notation) -> Result<String, PluginError> {
    let dm = pos
        .decode(m)
        .ok_or_else(|| PluginError::illegal_move(format!("{} is not a legal move here", uci(m.from, m.to, m.extra))))?;
    Ok(if notation == Notation::STANDARD { san(pos, dm) } else { uci(m.from, m.to, m.extra) })
}

/// Drops what SAN writers add and dark chess ignores (check marks,
/// annotations) and spells castling with letters.
fn normalise(text: &str) -> String {
    text.trim().trim_end_matches(['+', '#', '!', '?']).replace('0', "O")
}

/// Reads a legal move in coordinates or SAN, whatever the notation asked.
pub fn parse_move(pos: &DarkChessPosition, text: &str) -> Result<Move, PluginError> {
    let wanted = text.trim();
    let san_wanted = normalise(wanted);
    let lower = wanted.to_ascii_lowercase();
    let board = pos.board();
    let mut found = None;
    board.generate(board.side, |m| {
        let mv = DarkChessPosition::encode(m);
        if found.is_none() && (uci(mv.from, mv.to, mv.extra) == lower || san(pos, m) == san_wanted) {
            found = Some(mv);
        }
    });
    match found {
        Some(m) if pos.status().is_ongoing() => Ok(m),
        Some(_) => Err(PluginError::illegal_move(format!("'{wanted}': the game is over"))),
        None if wanted.is_empty() => Err(PluginError::invalid_input("an empty move")),
        None => Err(PluginError::illegal_move(format!("'{wanted}' is not a legal move here"))),
    }
}
