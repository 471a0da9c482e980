//! Move notation.
//!
//! * A roll of the die (the chance move): `roll1` … `roll6`.
//! * A piece's move: its field and where it lands, `5-11`; bringing a piece
//!   out names one of the waiting fields, `r3-1`; into the goal, `38-ra`.
//!   The standard notation marks a capture with `*` (`5-11*`); the
//!   coordinate notation does not.
//! * `pass` when the roll cannot be used.
//!
//! Reading accepts either form, any case, a capture mark or not, a bare
//! field (`5`: the piece there moves) and `out` for bringing a piece out.

use rules_api::{Move, Notation, PluginError};

use crate::board;
pub use crate::moves::describe;
use crate::position::{legal_list, Action, LudoPosition};

/// Writes a legal move.
pub fn move_to_text(p: &LudoPosition, m: Move, notation: Notation) -> Result<String, PluginError> {
    if !p.is_legal(m) {
        return Err(PluginError::illegal_move(format!("{} is not legal in {}", describe(m), crate::text::write(p))));
    }
    let capture = notation == Notation::STANDARD
        && (m.to as usize) < board::TRACK
        && p.track[m.to as usize] != 0
        && p.track[m.to as usize] != p.side() + 1;
    Ok(format!("{}{}", describe(m), if capture { "*" } else { "" }))
}

/// Reads a move in either notation and returns it if it is legal.
pub fn parse_move(p: &LudoPosition, text: &str) -> Result<Move, PluginError> {
    let t = text.trim().to_ascii_lowercase();
    let refuse = |why: String| PluginError::illegal_move(format!("'{}': {why}", text.trim()));
    if p.is_over() {
        return Err(refuse("the game is over".into()));
    }
    let Some(die) = p.die() else {
        return match t.strip_prefix("roll").and_then(|d| d.parse::<u8>().ok()).filter(|d| (1..=6).contains(d)) {
            Some(d) => Ok(crate::position::roll(d)),
            None => Err(refuse("the die is to be rolled now: write roll1 to roll6".into())),
        };
    };
    if t.starts_with("roll") {
        return Err(refuse(format!("the die has been rolled already ({die})")));
    }
    let mut legal = Vec::new();
    p.actions(p.side(), die, |a| legal.push((a, p.action_move(a))));
    let found = |want: &dyn Fn(Action, Move) -> bool| legal.iter().find(|&&(a, m)| want(a, m)).map(|&(_, m)| m);
    let chosen = if t == "pass" {
        found(&|a, _| a == Action::Pass)
    } else if t == "out" {
        found(&|a, _| a == Action::BringOut)
    } else {
        let body = t.strip_suffix('*').unwrap_or(&t);
        let (from, to) = match body.split_once('-') {
            Some((f, to)) => (f, Some(to)),
            None => (body, None),
        };
        let from = board::parse(from).ok_or_else(|| refuse(format!("'{from}' is not a field")))?;
        let to = match to {
            Some(to) => Some(board::parse(to).ok_or_else(|| refuse(format!("'{to}' is not a field")))?),
            None => None,
        };
        found(&|a, m| {
            let from_ok = m.from as usize == from || (a == Action::BringOut && same_waiting(p, from, m.from as usize));
            from_ok && to.map_or(true, |to| m.to as usize == to)
        })
    };
    chosen.ok_or_else(|| refuse(format!("not a legal move with a {die} here (legal: {})", legal_list(p))))
}

/// Whether two cells are waiting fields of the same colour, holding a piece.
fn same_waiting(p: &LudoPosition, cell: usize, waiting: usize) -> bool {
    let base =
        |c: usize| (board::WAIT_BASE..board::DIE_CELL).contains(&c).then(|| (c - board::WAIT_BASE) / board::HOME);
    let colour = p.config().colour(p.side()) as usize;
    let j = cell.wrapping_sub(board::WAIT_BASE) % board::HOME;
    base(cell) == base(waiting) && base(cell) == Some(colour) && j < p.waiting[p.side() as usize] as usize
}
