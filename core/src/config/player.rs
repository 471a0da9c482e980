//! One `[[players]]` table: read as written, checked, and turned into a
//! [`PlayerConfig`] whose [`PlayerSource`] says who plays; written back in
//! the same form.
//!
//! An engine player may be written with `command`, `args` and `protocol`
//! or as `strategy = "PROTOCOL:COMMAND [ARG ...]"`; an isolated strategy
//! with `isolate = true` or as `strategy = "isolate:NAME"`. Both shapes
//! read the same, and a player is written back with the `strategy` form.

use serde::{Deserialize, Serialize, Serializer};

use super::{option_pairs, OptionError, OptionTable};
use crate::source::{EngineSpec, Level, PlayerSource, Protocol, StrategyRef, ISOLATE_PREFIX};

/// A `[[players]]` table that cannot be used; `who` names the player (by
/// number too once its place in the file is known).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// An engine given both ways.
    #[error("{who} gives both `command` and `strategy`; give one")]
    CommandAndStrategy {
        /// The player.
        who: String,
    },
    /// An unknown `protocol`.
    #[error("{who}: protocol '{word}' is not uci, ucci, gomocup or gtp")]
    Protocol {
        /// The player.
        who: String,
        /// The word given.
        word: String,
    },
    /// `command`, `args` or `protocol` on a seat that is not an engine.
    #[error("{who}: `command`, `args` and `protocol` are for kind = \"engine\"")]
    EngineKeys {
        /// The player.
        who: String,
    },
    /// `isolate` on a seat that is not a strategy.
    #[error("{who}: `isolate` is for kind = \"ai\"")]
    Isolate {
        /// The player.
        who: String,
    },
    /// An option value of the wrong type.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A person with a strategy, level, time or depth.
    #[error("{who} is human, so it takes no strategy, level, time_ms or depth")]
    HumanStrategy {
        /// The player.
        who: String,
    },
    /// A person with options.
    #[error("{who} is human, so its [players.options] must be empty")]
    HumanOptions {
        /// The player.
        who: String,
    },
    /// An engine without a program.
    #[error("{who} is an engine player but has no `command` (or `strategy = \"uci:PROGRAM\"`)")]
    NoCommand {
        /// The player.
        who: String,
    },
    /// An engine with a level.
    #[error("{who} is an engine player, so it takes no level")]
    EngineLevel {
        /// The player.
        who: String,
    },
    /// A strategy seat naming no strategy.
    #[error("{who} is an ai player but has neither `strategy` nor `level`")]
    NoStrategy {
        /// The player.
        who: String,
    },
    /// A strategy seat naming two.
    #[error("{who} has both `strategy` and `level`; give one")]
    StrategyAndLevel {
        /// The player.
        who: String,
    },
}

/// Time to think when a player gives none.
pub const DEFAULT_TIME_MS: u64 = 2000;

/// The `kind` key: who sits in a seat, in the config's words.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// Moves come from a person.
    Human,
    /// Moves come from a strategy plugin.
    Ai,
    /// Moves come from an external engine program (UCI, UCCI, Gomocup or GTP).
    Engine,
}

/// One seat of a configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerConfig {
    /// Display name.
    pub name: String,
    /// Who plays: a person, a strategy, an isolated strategy or an engine.
    pub source: PlayerSource,
    /// Time to think per move, milliseconds.
    pub time_ms: Option<u64>,
    /// Maximum search depth in plies (0 = none).
    pub depth: Option<u32>,
    /// Options for the strategy plugin or the engine.
    pub options: OptionTable,
}

impl PlayerConfig {
    /// A computer player from a `--players` entry: a strategy name, path or
    /// level, `isolate:S` for an isolated strategy, or an engine spec
    /// (`uci:/usr/games/stockfish`, named after its program).
    pub fn from_entry(entry: &str, time_ms: u64) -> Self {
        let source = PlayerSource::parse_entry(entry);
        let name = source.engine().map_or(entry, EngineSpec::program_name).to_string();
        PlayerConfig { name, source, time_ms: Some(time_ms), depth: None, options: OptionTable::new() }
    }

    /// A computer player using `strategy` (a name, path or level).
    pub fn ai(name: &str, strategy: &str, time_ms: u64) -> Self {
        let strategy = match Level::parse(strategy) {
            Some(level) => StrategyRef::Level(level),
            None => StrategyRef::Plugin(strategy.to_string()),
        };
        PlayerConfig {
            name: name.to_string(),
            source: PlayerSource::Strategy(strategy),
            time_ms: Some(time_ms),
            depth: None,
            options: OptionTable::new(),
        }
    }

    /// A person in a seat.
    pub fn human(name: &str) -> Self {
        PlayerConfig {
            name: name.to_string(),
            source: PlayerSource::Human,
            time_ms: None,
            depth: None,
            options: OptionTable::new(),
        }
    }

    /// The `kind` key of this player.
    pub fn kind(&self) -> PlayerKind {
        match self.source {
            PlayerSource::Human => PlayerKind::Human,
            PlayerSource::Strategy(_) | PlayerSource::Isolated(_) => PlayerKind::Ai,
            PlayerSource::Engine(_) => PlayerKind::Engine,
        }
    }
    /// The strategy plugin name or path this player uses, if it runs one.
    pub fn strategy_ref(&self) -> Option<&str> {
        self.source.strategy_ref()
    }
    /// The engine program of an engine player.
    pub fn engine_spec(&self) -> Option<&EngineSpec> {
        self.source.engine()
    }
    /// Whether a computer player's strategy runs in a child process.
    pub fn is_isolated(&self) -> bool {
        matches!(self.source, PlayerSource::Isolated(_))
    }
    /// Time to think per move: the player's own, else its level's, else
    /// the default.
    pub fn time_ms(&self) -> u64 {
        self.time_ms.or_else(|| self.source.level().map(|l| l.spec().time_ms)).unwrap_or(DEFAULT_TIME_MS)
    }

    /// The strategy or engine options of this player: its own
    /// `[players.options]` (`context` names them in errors), then those of
    /// its level that it does not set itself.
    pub fn strategy_options(&self, context: &str) -> Result<Vec<(String, String)>, OptionError> {
        let mut out = option_pairs(&self.options, context)?;
        if let Some(level) = self.source.level() {
            for (k, v) in level.options() {
                if !out.iter().any(|(key, _)| key == k) {
                    out.push(((*k).to_string(), (*v).to_string()));
                }
            }
        }
        Ok(out)
    }
}

/// A `[[players]]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerToml {
    name: String,
    kind: PlayerKind,
    #[serde(default)]
    strategy: Option<String>,
    #[serde(default)]
    level: Option<Level>,
    #[serde(default)]
    time_ms: Option<u64>,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    options: OptionTable,
    /// Engine players: the program.
    #[serde(default)]
    command: Option<String>,
    /// Engine players: its arguments.
    #[serde(default)]
    args: Vec<String>,
    /// Engine players: `uci` (default), `ucci`, `gomocup` or `gtp`.
    #[serde(default)]
    protocol: Option<String>,
    /// Ai players: run the strategy in a child process.
    #[serde(default)]
    isolate: bool,
}

/// A `[[players]]` table with the engine and isolation keys folded into
/// `strategy` (errors here are reported with the table's line), before the
/// checks that need its place in the file.
#[derive(Deserialize)]
#[serde(try_from = "PlayerToml")]
pub(super) struct PlayerEntry {
    name: String,
    kind: PlayerKind,
    strategy: Option<String>,
    level: Option<Level>,
    time_ms: Option<u64>,
    depth: Option<u32>,
    options: OptionTable,
}

impl TryFrom<PlayerToml> for PlayerEntry {
    type Error = PlayerError;

    fn try_from(t: PlayerToml) -> Result<Self, PlayerError> {
        let who = format!("player '{}'", t.name);
        let engine_keys = t.command.is_some() || !t.args.is_empty() || t.protocol.is_some();
        let mut strategy = t.strategy;
        let mut level = t.level;
        match t.kind {
            PlayerKind::Engine => {
                if let Some(command) = t.command {
                    if strategy.is_some() {
                        return Err(PlayerError::CommandAndStrategy { who });
                    }
                    let word = t.protocol.as_deref().unwrap_or("uci");
                    let protocol = Protocol::from_word(word)
                        .ok_or_else(|| PlayerError::Protocol { who: who.clone(), word: word.to_string() })?;
                    strategy = Some(EngineSpec { protocol, command, args: t.args }.to_string());
                }
            }
            _ if engine_keys => return Err(PlayerError::EngineKeys { who }),
            PlayerKind::Ai if t.isolate => {
                let name = strategy.take().or_else(|| level.take().map(|l| l.strategy().to_string()));
                strategy = name.map(|n| if n.starts_with(ISOLATE_PREFIX) { n } else { format!("{ISOLATE_PREFIX}{n}") });
            }
            _ => {}
        }
        if t.isolate && t.kind != PlayerKind::Ai {
            return Err(PlayerError::Isolate { who });
        }
        Ok(PlayerEntry {
            name: t.name,
            kind: t.kind,
            strategy,
            level,
            time_ms: t.time_ms,
            depth: t.depth,
            options: t.options,
        })
    }
}

impl PlayerEntry {
    /// Checks the table, which is player `index` (0-based) of the file, and
    /// reads who plays; the error names the player by number and name.
    pub(super) fn into_player(self, index: usize) -> Result<PlayerConfig, PlayerError> {
        let who = format!("player {} ('{}')", index + 1, self.name);
        option_pairs(&self.options, &format!("[players.options] of {who}"))?;
        let source = match self.kind {
            PlayerKind::Human => {
                if self.strategy.is_some() || self.level.is_some() || self.time_ms.is_some() || self.depth.is_some() {
                    return Err(PlayerError::HumanStrategy { who });
                }
                if !self.options.is_empty() {
                    return Err(PlayerError::HumanOptions { who });
                }
                PlayerSource::Human
            }
            PlayerKind::Engine => {
                let Some(spec) = self.strategy.as_deref().and_then(EngineSpec::parse) else {
                    return Err(PlayerError::NoCommand { who });
                };
                if self.level.is_some() {
                    return Err(PlayerError::EngineLevel { who });
                }
                PlayerSource::Engine(spec)
            }
            PlayerKind::Ai => match (&self.strategy, self.level) {
                (None, None) => return Err(PlayerError::NoStrategy { who }),
                (Some(_), Some(_)) => return Err(PlayerError::StrategyAndLevel { who }),
                (Some(s), None) => PlayerSource::from_strategy_key(s),
                (None, Some(level)) => PlayerSource::Strategy(StrategyRef::Level(level)),
            },
        };
        Ok(PlayerConfig { name: self.name, source, time_ms: self.time_ms, depth: self.depth, options: self.options })
    }
}

/// A player as written to a file: the `kind` key and, for computers, the
/// `strategy` text or the `level`.
#[derive(Serialize)]
struct PlayerOut<'a> {
    name: &'a str,
    kind: PlayerKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    options: &'a OptionTable,
}

impl Serialize for PlayerConfig {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PlayerOut {
            name: &self.name,
            kind: self.kind(),
            strategy: self.source.strategy_text(),
            level: self.source.level(),
            time_ms: self.time_ms,
            depth: self.depth,
            options: &self.options,
        }
        .serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_brings_its_options_and_time_unless_the_player_sets_them() {
        let club = PlayerConfig::from_entry("club", 0);
        let club = PlayerConfig { time_ms: None, ..club };
        assert_eq!(club.strategy_ref(), Some("alphabeta"));
        assert_eq!(club.strategy_options("x").unwrap(), vec![("strength".to_string(), "10".to_string())]);
        assert_eq!(club.time_ms(), 1000);
        let mut own = club.clone();
        own.options.insert("strength".into(), toml::Value::String("3".into()));
        own.options.insert("threads".into(), toml::Value::String("2".into()));
        own.time_ms = Some(250);
        let mut options = own.strategy_options("x").unwrap();
        options.sort();
        assert_eq!(options, vec![("strength".into(), "3".into()), ("threads".into(), "2".into())]);
        assert_eq!(own.time_ms(), 250);
        assert!(PlayerConfig::from_entry("alphabeta", 100).strategy_options("x").unwrap().is_empty());
    }
}
