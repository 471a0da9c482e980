//! Tries as text. A try need not be legal, so it is written without what
//! only the umpire knows (capture, check): long algebraic `e2-e4`,
//! `e7-e8=Q` and `O-O` in the standard notation, coordinates `e2e4`,
//! `e7e8q`, `e1g1` in the machine one. Both are read in either notation.

use cozy_chess::{Piece, Square};
use rules_api::{Move, Notation, PluginError};

fn square(index: u16) -> String {
    if index < 64 {
        Square::index(index as usize).to_string()
    } else {
        "?".into()
    }
}

fn promotion(extra: u16) -> Option<Piece> {
    extra.checked_sub(1).and_then(|k| Piece::ALL.get(k as usize).copied())
}

/// A try in coordinates.
pub fn uci(m: Move) -> String {
    let promo = promotion(m.extra).map_or(String::new(), |p| char::from(p).to_string());
    format!("{}{}{promo}", square(m.from), square(m.to))
}

/// A try in long algebraic notation; `castles` says the king's two-square
/// move is castling.
pub fn long_algebraic(m: Move, castles: bool) -> String {
    if castles {
        return if m.to % 8 == 6 { "O-O".into() } else { "O-O-O".into() };
    }
    let promo = promotion(m.extra).map_or(String::new(), |p| format!("={}", char::from(p).to_ascii_uppercase()));
    format!("{}-{}{promo}", square(m.from), square(m.to))
}

/// A try in `notation`.
pub fn write(m: Move, notation: Notation, castles: bool) -> String {
    if notation == Notation::STANDARD {
        long_algebraic(m, castles)
    } else {
        uci(m)
    }
}

/// The try among `tries` that `text` names, in either notation (`e2e4`,
/// `e2-e4`, `e2xe4`, `e7e8=Q`, `O-O`, `0-0-0`); `castles(m)` says a try is
/// castling.
pub fn parse(text: &str, tries: &[Move], castles: impl Fn(Move) -> bool) -> Result<Move, PluginError> {
    let wanted = text.trim();
    let castle_name = wanted.replace('0', "O");
    let plain: String = wanted.chars().filter(|c| !matches!(c, '-' | 'x' | '=' | '+' | '#' | '!' | '?')).collect();
    let plain = plain.to_ascii_lowercase();
    // Coordinates first (no text written per try: replays parse many).
    if let Some(m) = parse_uci(&plain).filter(|m| tries.contains(m)) {
        return Ok(m);
    }
    tries
        .iter()
        .copied()
        .find(|&m| castles(m) && long_algebraic(m, true) == castle_name)
        .ok_or_else(|| {
            if wanted.is_empty() {
                PluginError::invalid_input("an empty try")
            } else {
                PluginError::illegal_move(format!(
                    "'{wanted}' is not a try here: not a move of your pieces (as if the board held only them), or already refused this turn"
                ))
            }
        })
}

/// Reads a try in coordinates.
pub fn parse_uci(text: &str) -> Option<Move> {
    let from: Square = text.get(0..2)?.parse().ok()?;
    let to: Square = text.get(2..4)?.parse().ok()?;
    let extra = match text.get(4..) {
        None | Some("") => 0,
        Some(p) if p.len() == 1 => Piece::try_from(p.chars().next()?).ok()? as u16 + 1,
        Some(_) => return None,
    };
    Some(Move { from: from as u16, to: to as u16, extra, tag: 0 })
}
