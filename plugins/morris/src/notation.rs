//! Move notation, with the points named `a1` to `g7`: a placement is its
//! point (`d6`), a move its two points (`a1-a4`, `a1a4` in the coordinate
//! form), and a move that closes a mill adds `x` and the point of the man
//! removed (`d6xg7`, `a1-a4xg7`). When read, the dash is optional and
//! letters may be capitals.

use rules_api::{Move, Notation, PluginError, CELL_NONE};

use crate::layout::{self, parse_point};
use crate::movegen;
use crate::position::Morris;

/// Writes a move (legal or not; the caller checks).
pub fn write(m: Move, notation: Notation) -> String {
    let mut out = String::with_capacity(9);
    if m.from != CELL_NONE && (m.from as usize) < layout::POINTS {
        out.push_str(&layout::name(m.from as usize));
        if notation == Notation::STANDARD {
            out.push('-');
        }
    }
    if (m.to as usize) < layout::POINTS {
        out.push_str(&layout::name(m.to as usize));
    }
    if let Some(point) = Morris::removed(m).filter(|&p| p < layout::POINTS) {
        out.push('x');
        out.push_str(&layout::name(point));
    }
    out
}

/// Reads a move and returns it if it is legal, or says why not.
pub fn parse(p: &Morris, text: &str) -> Result<Move, PluginError> {
    let t = text.trim();
    let refuse = |why: String| PluginError::illegal_move(format!("'{t}': {why}"));
    let lower = t.to_ascii_lowercase();
    let (main, removal) = match lower.split_once('x') {
        Some((main, removal)) => (main, Some(removal.trim())),
        None => (lower.as_str(), None),
    };
    let main: String = main.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    let point = |name: &str| {
        parse_point(name).ok_or_else(|| refuse(format!("'{name}' is not a point of the board (a1, d1, g1, b2 ... g7)")))
    };
    let (from, to) = match main.len() {
        _ if !main.is_ascii() => return Err(refuse("points are named a1 to g7".into())),
        2 => (CELL_NONE, point(&main)? as u16),
        4 => (point(&main[..2])? as u16, point(&main[2..])? as u16),
        _ => return Err(refuse("write a placement (d6), a move (a1-a4) and x with the man removed (d6xg7)".into())),
    };
    let tag = match removal {
        Some(name) => point(name)? as u16 + 1,
        None => 0,
    };
    let m = Move { from, to, extra: 0, tag };
    movegen::check(p, m).map_err(refuse)?;
    Ok(m)
}
