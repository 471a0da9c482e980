//! The record formats' data table (config/records.toml): for each rules
//! plugin a record format holds, the game number and the rules options the
//! format's properties stand for, so that the host names no game.

use std::collections::BTreeMap;

use serde::Deserialize;

/// config/records.toml, built in.
pub const RECORDS_CONFIG: &str = include_str!("../../../config/records.toml");

/// The whole table.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RecordFormats {
    /// SGF's facts per rules plugin name.
    #[serde(default)]
    pub sgf: BTreeMap<String, SgfFacts>,
    /// PDN's facts per rules plugin name.
    #[serde(default)]
    pub pdn: BTreeMap<String, PdnFacts>,
}

/// What PDN needs to know about one game.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PdnFacts {
    /// The rules option whose value picks the `GameType`.
    pub game_type_option: String,
    /// `GameType` numbers by that option's value.
    pub game_types: BTreeMap<String, String>,
}

/// What SGF needs to know about one game.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SgfFacts {
    /// SGF's `GM` number.
    pub gm: u32,
    /// The rules option `SZ` sets.
    #[serde(default)]
    pub size_option: Option<String>,
    /// The rules option `KM` sets.
    #[serde(default)]
    pub komi_option: Option<String>,
    /// The rules option `HA` sets.
    #[serde(default)]
    pub handicap_option: Option<String>,
    /// The usual start's pieces belong to the game and are not setup.
    #[serde(default)]
    pub start_pieces: bool,
}

impl RecordFormats {
    /// The built-in table.
    pub fn builtin() -> RecordFormats {
        toml::from_str(RECORDS_CONFIG).unwrap_or_else(|e| panic!("config/records.toml is invalid: {e}"))
    }

    /// The rules plugin and its option (name, value) that PDN's
    /// `GameType` tag stands for (`21`, or `21,W,8,8,N2,0`).
    pub fn pdn_rules(&self, game_type: &str) -> Option<(&str, &str, &str)> {
        let number = game_type.split(',').next()?.trim();
        self.pdn.iter().find_map(|(name, f)| {
            let (value, _) = f.game_types.iter().find(|(_, n)| n.as_str() == number)?;
            Some((name.as_str(), f.game_type_option.as_str(), value.as_str()))
        })
    }

    /// The rules plugin SGF's game number `gm` stands for, and its facts.
    pub fn sgf_rules(&self, gm: u32) -> Option<(&str, &SgfFacts)> {
        self.sgf.iter().find(|(_, f)| f.gm == gm).map(|(name, f)| (name.as_str(), f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_reads_and_each_game_number_is_one_game() {
        let table = RecordFormats::builtin();
        assert!(!table.sgf.is_empty());
        let mut numbers: Vec<u32> = table.sgf.values().map(|f| f.gm).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), table.sgf.len(), "two games share a GM number");
        for (name, facts) in &table.sgf {
            assert_eq!(table.sgf_rules(facts.gm).map(|(n, _)| n), Some(name.as_str()));
        }
        for (name, facts) in &table.pdn {
            for (value, number) in &facts.game_types {
                let found = table.pdn_rules(&format!("{number},W,8,8,N2,0"));
                assert_eq!(found, Some((name.as_str(), facts.game_type_option.as_str(), value.as_str())));
            }
        }
    }
}
