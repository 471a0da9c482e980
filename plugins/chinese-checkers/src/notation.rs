//! Move notation.
//!
//! * Standard (for people): the holes of the move joined by `-`: a step
//!   `m3-l4`, a hop chain every landing `m3-k5-k7` (the shortest chain to
//!   the same hole, the first in a fixed order of directions). A swap into
//!   the destination corner ends in `*`: `h13-h14*`.
//! * Coordinate (for machines): the start and end holes, `m3l4`.
//! * A player with no move at all passes: `pass`.
//!
//! Reading accepts either form, the holes in either case, with or without
//! `-` between them and `*` at the end: a chain is checked hop by hop.

use rules_api::{Move, Notation, PluginError, CELL_NONE};

use crate::board::{CELLS, NONE, STAR};
use crate::movegen::bit;
use crate::position::CcPosition;

/// A move for messages, legal or not.
pub fn describe(m: Move) -> String {
    if m == Move::PASS {
        return "pass".into();
    }
    let name = |c: u16| if (c as usize) < CELLS { STAR.name(c as usize) } else { format!("(cell {c})") };
    if m.from == CELL_NONE || m.to == CELL_NONE {
        return format!("(from cell {} to cell {}, extra {})", m.from, m.to, m.extra);
    }
    format!("{}{}", name(m.from), name(m.to))
}

/// Writes a legal move.
pub fn move_to_text(p: &CcPosition, m: Move, notation: Notation) -> Result<String, PluginError> {
    if !p.is_legal(m) {
        return Err(PluginError::illegal_move(format!("{} is not legal in {}", describe(m), crate::text::write(p))));
    }
    if m == Move::PASS {
        return Ok("pass".into());
    }
    if notation == Notation::COORDINATE {
        return Ok(describe(m));
    }
    let route = p.scene().route(m.from as u8, m.to as u8);
    let names: Vec<String> = route.iter().map(|&c| STAR.name(c as usize)).collect();
    let swap = if p.owner(m.to as usize).is_some() { "*" } else { "" };
    Ok(format!("{}{swap}", names.join("-")))
}

/// The holes named in `text` (`m3-k5-k7`, `m3k7`, `M3K5*`), in order.
fn holes(text: &str) -> Option<Vec<u8>> {
    let body = text.strip_suffix('*').unwrap_or(text);
    let mut out = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        rest = rest.strip_prefix('-').unwrap_or(rest);
        let letter_len = rest.chars().next()?.len_utf8();
        let digits = rest[letter_len..].bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        out.push(STAR.parse(&rest[..letter_len + digits])?);
        rest = &rest[letter_len + digits..];
    }
    (out.len() >= 2).then_some(out)
}

/// Reads a move in either notation and returns it if it is legal.
pub fn parse_move(p: &CcPosition, text: &str) -> Result<Move, PluginError> {
    let t = text.trim();
    let refuse = |why: String| PluginError::illegal_move(format!("'{t}': {why}"));
    if p.is_over() {
        return Err(refuse("the game is over".into()));
    }
    if t.eq_ignore_ascii_case("pass") {
        return if p.is_legal(Move::PASS) {
            Ok(Move::PASS)
        } else {
            Err(refuse("a player may pass only when none of their marbles can move".into()))
        };
    }
    let route = holes(t).ok_or_else(|| {
        refuse("not a move: write the holes it visits, such as 'm3-l4' or 'm3-k5-k7' (files a-q, ranks 1-17)".into())
    })?;
    let (from, to) = (route[0], route[route.len() - 1]);
    match p.owner(from as usize) {
        None => return Err(refuse(format!("there is no marble on {}", STAR.name(from as usize)))),
        Some(o) if o != p.side() => {
            return Err(refuse(format!("the marble on {} is player {}'s", STAR.name(from as usize), o + 1)))
        }
        _ => {}
    }
    if route.len() > 2 {
        check_chain(p, &route).map_err(refuse)?;
    }
    let m = Move::new(from as u16, to as u16);
    if !p.is_legal(m) {
        return Err(refuse(why_not(p, from, to)));
    }
    Ok(m)
}

/// Each leg of a written chain must be a hop over a marble onto an empty
/// hole not visited before (the last leg may end in a swap).
fn check_chain(p: &CcPosition, route: &[u8]) -> Result<(), String> {
    let pieces = p.occupied & !bit(route[0]);
    for (i, leg) in route.windows(2).enumerate() {
        let (a, b) = (leg[0] as usize, leg[1]);
        let Some(d) = STAR.hops[a].iter().position(|&h| h == b) else {
            return Err(format!("{} to {} is not a hop", STAR.name(a), STAR.name(b as usize)));
        };
        if pieces & bit(STAR.neighbours[a][d]) == 0 {
            return Err(format!("no marble to hop over between {} and {}", STAR.name(a), STAR.name(b as usize)));
        }
        let last = i + 2 == route.len();
        if !last && pieces & bit(b) != 0 {
            return Err(format!("{} is taken", STAR.name(b as usize)));
        }
        if route[..i + 1].contains(&b) {
            return Err(format!("the chain lands on {} twice", STAR.name(b as usize)));
        }
    }
    Ok(())
}

/// Why the marble on `from` cannot end on `to`.
fn why_not(p: &CcPosition, from: u8, to: u8) -> String {
    let target = p.config().target(p.side());
    let (f, t) = (STAR.name(from as usize), STAR.name(to as usize));
    if STAR.corner[from as usize] == target && STAR.corner[to as usize] != target {
        return format!("a marble in its destination corner may not leave it ({f} to {t})");
    }
    if p.owner(to as usize).is_some() {
        return if STAR.corner[to as usize] == target && p.owner(to as usize) != Some(p.side()) {
            format!("{t} is taken; a marble may swap into the destination corner only when the corner is full")
        } else {
            format!("{t} is taken")
        };
    }
    if from == to || to == NONE {
        return "a move must end on another hole".into();
    }
    format!("the marble on {f} cannot reach {t} by a step or a chain of hops")
}
