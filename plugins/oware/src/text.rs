//! The position text: South's pits `A`–`F`, a `/`, North's pits `a`–`f`
//! (both in sowing order, each from its owner's left), then the seeds in
//! South's store and in North's, then the side to move (`s` or `n`):
//!
//! ```text
//! 4,4,4,4,4,4/4,4,4,4,4,4 0 0 s
//! ```

use rules_api::PluginError;

use crate::board::{self, Pits, PITS, ROW, SEEDS};

/// Writes a position: the pits, the stores (South's, North's) and the side
/// to move (0 South, 1 North).
pub fn write(pits: &Pits, stores: [u8; 2], side: u8) -> String {
    let row = |player: u8| pits[board::row(player)].iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
    let [south, north] = stores;
    let side = if side == 0 { 's' } else { 'n' };
    format!("{}/{} {south} {north} {side}", row(0), row(1))
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("Oware position '{}': {why}", text.trim()))
}

fn count(text: &str, field: &str, what: &str) -> Result<u8, PluginError> {
    match field.parse::<u8>() {
        Ok(n) if n <= SEEDS => Ok(n),
        _ => Err(bad(text, format!("{what} holds '{field}'; write a number of seeds from 0 to {SEEDS}"))),
    }
}

/// Reads a position (pits, stores, side to move) and checks that it can
/// occur in a game.
pub fn read(text: &str) -> Result<(Pits, [u8; 2], u8), PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(bad(text, "the text is empty"));
    }
    if fields.len() != 4 {
        return Err(bad(
            text,
            format!("it has {} fields; write the pits, South's store, North's store and s or n", fields.len()),
        ));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 2 {
        return Err(bad(text, "write South's six pits, a '/', then North's six"));
    }
    let mut pits: Pits = [0; PITS];
    for (player, row) in rows.iter().enumerate() {
        let counts: Vec<&str> = row.split(',').collect();
        let who = ["South", "North"][player];
        if counts.len() != ROW {
            return Err(bad(text, format!("{who}'s row has {} pits; each player has {ROW}", counts.len())));
        }
        for (i, field) in counts.iter().enumerate() {
            let pit = player * ROW + i;
            pits[pit] = count(text, field, &format!("pit {}", crate::notation::pit_name(pit)))?;
        }
    }
    let stores = [count(text, fields[1], "South's store")?, count(text, fields[2], "North's store")?];
    let side = match fields[3] {
        "s" | "S" => 0,
        "n" | "N" => 1,
        other => return Err(bad(text, format!("the side to move is '{other}'; write s (south) or n (north)"))),
    };
    let total: u32 = pits.iter().chain(stores.iter()).map(|&s| s as u32).sum();
    if total != SEEDS as u32 {
        return Err(bad(text, format!("the pits and stores hold {total} seeds; a game has {SEEDS}")));
    }
    if board::end(stores).is_none() {
        check_playable(text, &pits, side)?;
    }
    Ok((pits, stores, side))
}

/// A game going on always leaves the mover a move: the opponent had to
/// feed them, could not capture their last seeds, and when the mover could
/// not feed the opponent the game was over.
fn check_playable(text: &str, pits: &Pits, side: u8) -> Result<(), PluginError> {
    let names = ["south", "north"];
    let (me, them) = (names[side as usize], names[side as usize ^ 1]);
    if board::row_seeds(pits, side) == 0 {
        return Err(bad(
            text,
            format!("{me} is to move with no seeds in its row, which cannot occur: {them} had to feed it"),
        ));
    }
    if board::playable(pits, side).next().is_none() {
        return Err(bad(
            text,
            format!("{them} has no seeds and {me} cannot give it any, so the game is over: each takes the seeds in its own row"),
        ));
    }
    Ok(())
}
