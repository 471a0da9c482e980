//! Move notation, the same for people and machines: the pit sown, South's
//! `A`–`F` and North's `a`–`f`, each from its owner's left (OpenSpiel and
//! most oware programs name them so). Reading also takes `1`–`6`, the
//! mover's pits counted from their left.

use rules_api::{Move, PluginError};

use crate::board::{self, PITS};
use crate::position::OwarePosition;
use rules_api::plugin::PositionImpl;

const NAMES: [&str; PITS] = ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"];
const PLAYERS: [&str; 2] = ["south", "north"];

/// The name of a pit (0–11 in sowing order).
pub fn pit_name(pit: usize) -> &'static str {
    NAMES[pit]
}

/// The pit a name denotes (exact case: `a` is North's, `A` South's).
pub fn parse_pit(text: &str) -> Option<usize> {
    NAMES.iter().position(|&n| n == text)
}

/// Why `m` cannot be played here, in words.
pub fn refusal(p: &OwarePosition, m: Move) -> String {
    let pit = m.from as usize;
    if pit >= PITS || m.extra != 0 || m.tag != 0 {
        return format!("(from cell {} to cell {}, extra {}) is not a pit to sow", m.from, m.to, m.extra);
    }
    match why_not(p, pit) {
        Some(why) => format!("{}: {why}", pit_name(pit)),
        None => format!("{}: its last seed lands in {}, not cell {}", pit_name(pit), last_name(p, pit), m.to),
    }
}

fn last_name(p: &OwarePosition, pit: usize) -> &'static str {
    pit_name(board::last_pit(p.pits(), pit))
}

/// Why sowing `pit` is not allowed here, or `None` when it is.
fn why_not(p: &OwarePosition, pit: usize) -> Option<String> {
    let side = p.side_to_move();
    if p.end().is_some() {
        return Some("the game is over".into());
    }
    if board::owner(pit) != side {
        let own = if side == 0 { "A to F" } else { "a to f" };
        return Some(format!(
            "that pit is {}'s; {} sows from {own}",
            PLAYERS[side as usize ^ 1],
            PLAYERS[side as usize]
        ));
    }
    if p.pits()[pit] == 0 {
        return Some("that pit is empty".into());
    }
    if board::row_seeds(p.pits(), side ^ 1) == 0 && !board::feeds(p.pits(), pit) {
        return Some(format!(
            "{} has no seeds and must be fed, but these seeds do not reach their row",
            PLAYERS[side as usize ^ 1]
        ));
    }
    None
}

/// Reads a move (`C`, `c`, or `3` for the mover's third pit) and returns
/// it if it is legal, or says why not.
pub fn parse_move(p: &OwarePosition, text: &str) -> Result<Move, PluginError> {
    let t = text.trim();
    let refuse = |why: String| PluginError::illegal_move(format!("'{t}': {why}"));
    let side = p.side_to_move();
    let pit = match t.parse::<usize>() {
        Ok(n @ 1..=6) => board::row(side).start + n - 1,
        _ => parse_pit(t).ok_or_else(|| refuse("not a pit: South's are A to F, North's a to f (or 1 to 6)".into()))?,
    };
    if let Some(why) = why_not(p, pit) {
        return Err(refuse(why));
    }
    Ok(p.move_of(pit))
}
