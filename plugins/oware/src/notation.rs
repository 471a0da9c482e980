//! Move notation, the same for people and machines: the pit sown, South's
//! `A`–`F` and North's `a`–`f`, each from its owner's left (OpenSpiel and
//! most oware programs name them so). Reading also takes `1`–`6`, the
//! mover's pits counted from their left.

use rules_api::{Move, PluginError};

use crate::board::{self, Pits, PITS};

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

/// Why `m` cannot be played in a position with `pits`, `side` to move and
/// the game `over` or not; `last` is where the seeds of its pit would end.
pub fn refusal(m: Move, last: Option<usize>, pits: &Pits, side: u8, over: bool) -> String {
    let pit = m.from as usize;
    if pit >= PITS || m.extra != 0 || m.tag != 0 {
        return format!("(from cell {} to cell {}, extra {}) is not a pit to sow", m.from, m.to, m.extra);
    }
    match (why_not(pits, side, over, pit), last) {
        (Some(why), _) => format!("{}: {why}", pit_name(pit)),
        (None, Some(last)) => {
            format!("{}: its last seed lands in {}, not cell {}", pit_name(pit), pit_name(last), m.to)
        }
        (None, None) => format!("{}: not a move here", pit_name(pit)),
    }
}

/// Why sowing `pit` is not allowed, or `None` when it is.
fn why_not(pits: &Pits, side: u8, over: bool, pit: usize) -> Option<String> {
    if over {
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
    if pits[pit] == 0 {
        return Some("that pit is empty".into());
    }
    if board::row_seeds(pits, side ^ 1) == 0 && !board::feeds(pits, pit) {
        return Some(format!(
            "{} has no seeds and must be fed, but these seeds do not reach their row",
            PLAYERS[side as usize ^ 1]
        ));
    }
    None
}

/// Reads a move (`C`, `c`, or `3` for the mover's third pit) and returns
/// the pit if sowing it is legal, or says why not.
pub fn parse_move(text: &str, pits: &Pits, side: u8, over: bool) -> Result<usize, PluginError> {
    let t = text.trim();
    let refuse = |why: String| PluginError::illegal_move(format!("'{t}': {why}"));
    let pit = match t.parse::<usize>() {
        Ok(n @ 1..=6) => board::row(side).start + n - 1,
        _ => parse_pit(t).ok_or_else(|| refuse("not a pit: South's are A to F, North's a to f (or 1 to 6)".into()))?,
    };
    match why_not(pits, side, over, pit) {
        Some(why) => Err(refuse(why)),
        None => Ok(pit),
    }
}
