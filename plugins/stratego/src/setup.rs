//! Preset setups (`data/presets.txt`) and how one fills the rest of a
//! zone, one square per chance node.

use std::sync::OnceLock;

use rules_api::Move;

use crate::board::{zone_order, ZONE};
use crate::rank::{from_letter, ARMY, KINDS, TRAY_ORDER, UNKNOWN};
use crate::state::Game;

/// A named setup: the rank of each zone square in [`zone_order`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its name, for the help.
    pub name: String,
    /// Ranks, front row first, each row from its owner's left.
    pub ranks: [u8; ZONE],
}

/// Reads the preset file: `setup NAME` then four rows of ten letters;
/// `#` comments and blank lines ignored. Each setup must be a whole army.
pub fn parse_presets(text: &str) -> Result<Vec<Preset>, String> {
    let mut presets: Vec<(String, Vec<u8>)> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("setup ") {
            presets.push((name.trim().to_string(), Vec::new()));
            continue;
        }
        let Some((_, ranks)) = presets.last_mut() else {
            return Err(format!("line {}: a row before any 'setup NAME' line", number + 1));
        };
        if line.chars().count() != 10 {
            return Err(format!("line {}: '{line}' is not ten letters", number + 1));
        }
        for c in line.chars() {
            match from_letter(c) {
                Some(rank) if rank != UNKNOWN => ranks.push(rank),
                _ => return Err(format!("line {}: '{c}' names no rank", number + 1)),
            }
        }
    }
    presets
        .into_iter()
        .map(|(name, ranks)| {
            let mut counts = [0u8; KINDS];
            ranks.iter().for_each(|&r| counts[r as usize] += 1);
            let ranks: [u8; ZONE] =
                ranks.try_into().map_err(|_| format!("setup '{name}' does not have four rows of ten"))?;
            if counts != ARMY {
                return Err(format!("setup '{name}' is not a whole army (counts by rank {counts:?})"));
            }
            Ok(Preset { name, ranks })
        })
        .collect()
}

/// The presets this plugin offers (none if the data file were broken,
/// which its test rules out).
pub fn presets() -> &'static [Preset] {
    static PRESETS: OnceLock<Vec<Preset>> = OnceLock::new();
    PRESETS.get_or_init(|| parse_presets(include_str!("../data/presets.txt")).unwrap_or_default())
}

/// The one outcome of the chance node that deals preset `n` to `player`:
/// the first empty square of the zone gets the preset's rank while the
/// reserve has one; otherwise the strongest rank the reserve holds more of
/// than the empty squares that ask for it. Dealt square by square this
/// fills the zone as the whole rule would at once.
pub fn preset_outcome(game: &Game, player: u8, n: u8) -> Option<Move> {
    let preset = presets().get(n as usize)?;
    let order = zone_order(player);
    let first = order.iter().position(|&s| game.at(s).is_empty())?;
    let wanted = preset.ranks[first];
    if game.reserve(player, wanted) > 0 {
        return Some(Move::drop(wanted as u16, order[first]));
    }
    let mut asked = [0u8; KINDS];
    for (i, &square) in order.iter().enumerate() {
        if game.at(square).is_empty() {
            asked[preset.ranks[i] as usize] += 1;
        }
    }
    let spare = TRAY_ORDER.into_iter().find(|&r| game.reserve(player, r) > asked[r as usize])?;
    Some(Move::drop(spare as u16, order[first]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_holds_four_whole_armies() {
        let presets = parse_presets(include_str!("../data/presets.txt")).unwrap();
        assert_eq!(presets.len(), 4);
        assert_eq!(presets[0].name, "corner fortress");
    }

    #[test]
    fn broken_files_are_refused_with_the_line() {
        assert!(parse_presets("OOOOOOOOOO").unwrap_err().contains("line 1"));
        assert!(parse_presets("setup x\nOOOOOOOOOQ").unwrap_err().contains("'Q'"));
        assert!(parse_presets("setup x\nOOOOOOOOOO").unwrap_err().contains("four rows"));
    }
}
