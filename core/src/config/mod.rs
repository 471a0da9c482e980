//! The game configuration file (TOML): which rules, which players, where
//! to look for plugins, and for saved games the record of moves.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::plugins::{looks_like_path, PluginDirs};
use crate::source::PlayerSource;

mod player;

use player::PlayerEntry;
pub use player::{PlayerConfig, PlayerError, PlayerKind, DEFAULT_TIME_MS};

/// `config/default.toml`, built into the binary.
pub const DEFAULT_CONFIG: &str = include_str!("../../../config/default.toml");

/// Options as written in a `[...options]` table: string, integer or boolean values.
pub type OptionTable = toml::Table;

/// A whole configuration file.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Config {
    /// The game.
    pub game: GameConfig,
    /// The seats, in move order.
    pub players: Vec<PlayerConfig>,
    /// Plugin search directories.
    pub plugins: PluginsConfig,
    /// The time control; absent means no clocks (the GUI shows time used).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockConfig>,
    /// The moves of a saved game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<Record>,
    /// Directory that relative paths are relative to (the file's directory).
    #[serde(skip)]
    pub base_dir: PathBuf,
}

/// A configuration file as written, before its players are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigToml {
    game: GameConfig,
    #[serde(default)]
    players: Vec<PlayerEntry>,
    #[serde(default)]
    plugins: PluginsConfig,
    #[serde(default)]
    clock: Option<ClockConfig>,
    #[serde(default)]
    record: Option<Record>,
}

/// The `[clock]` table: a countdown per side with an increment.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClockConfig {
    /// Time each side starts with, milliseconds.
    pub initial_ms: u64,
    /// Time added to a side's clock after each of its moves, milliseconds.
    #[serde(default)]
    pub increment_ms: u64,
}

/// The `[game]` table.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GameConfig {
    /// Rules plugin name or library path.
    pub rules: String,
    /// Options for the rules plugin.
    #[serde(default)]
    pub options: OptionTable,
    /// Runs the rules plugin in a child process, so that a crash of the
    /// plugin ends the game with an error instead of ending Tabula.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub isolate: bool,
}

/// The `[plugins]` table.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PluginsConfig {
    /// Extra plugin directories.
    #[serde(default)]
    pub dirs: Vec<PathBuf>,
}

/// The `[record]` table of a saved game.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Start position text; empty for the usual start.
    #[serde(default)]
    pub start: String,
    /// Moves in coordinate notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The result line (see [`crate::outcome::GameResult`]).
    #[serde(default)]
    pub result: String,
    /// Pieces the players agreed dead at the count (cell names), once the
    /// count of a game scored by marking dead pieces (Go) is agreed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead: Option<Vec<String>>,
    /// Per seat, the time left on its clock under a `[clock]` time
    /// control, in milliseconds (empty when not kept), so a loaded game
    /// goes on with the clocks as they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clock_ms: Vec<u64>,
    /// Per seat, the thinking time used so far, in milliseconds (empty
    /// when not kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used_ms: Vec<u64>,
    /// The seed the game's dice are drawn from (games with chance moves):
    /// the rolls in `moves` are checked against it, and play goes on with
    /// it. Absent for a game that rolled none of its own dice (a network
    /// client's game: the server rolled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The number of moves before the seed began to roll: earlier chance
    /// moves came from elsewhere (a game continued from a server's record)
    /// and are checked as outcomes of their chance nodes only.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seed_from: usize,
    /// The game hides information from its players, and this record holds
    /// it all: every player's moves in full (the game replays and can be
    /// checked), not what any one player saw.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A configuration that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("cannot read config {file}: {reason}")]
    Read {
        /// The file.
        file: String,
        /// What the operating system said.
        reason: String,
    },
    /// The text is not valid TOML or does not fit the expected shape.
    #[error("{file}: line {line}, column {column}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong (an unknown key is named).
        message: String,
    },
    /// A `[[players]]` table that cannot be used.
    #[error("{file}: {error}")]
    Player {
        /// The file.
        file: String,
        /// What is wrong, naming the player.
        error: PlayerError,
    },
    /// An option value of the wrong type.
    #[error("{file}: {error}")]
    Option {
        /// The file.
        file: String,
        /// The option and its table.
        error: OptionError,
    },
    /// The `[[players]]` tables do not seat the game's players.
    #[error(
        "{file}: the game has {players} players but [[players]] lists {listed}; give one [[players]] table per \
         player, in move order"
    )]
    Seats {
        /// The file.
        file: String,
        /// How many players the game has.
        players: usize,
        /// How many `[[players]]` tables the file has.
        listed: usize,
    },
    /// The values make no sense together.
    #[error("{file}: {message}")]
    Invalid {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
}

/// An option value that is not a string, an integer or a boolean.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("option '{key}' in {table} is a {found}; use a string, an integer or a boolean")]
pub struct OptionError {
    /// The option's name.
    pub key: String,
    /// The table it is in, as the user would find it.
    pub table: String,
    /// The TOML type it has.
    pub found: &'static str,
}

/// The name used for the embedded default in messages.
pub const DEFAULT_CONFIG_NAME: &str = "<built-in config/default.toml>";

impl Config {
    /// Reads and checks a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| ConfigError::Read { file: file.clone(), reason: e.to_string() })?;
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let base = if base.as_os_str().is_empty() { PathBuf::from(".") } else { base };
        Config::parse(&text, &file, base)
    }

    /// The built-in default configuration (relative paths from the working directory).
    pub fn default_config() -> Result<Config, ConfigError> {
        Config::parse(DEFAULT_CONFIG, DEFAULT_CONFIG_NAME, PathBuf::from("."))
    }

    /// Parses and checks configuration text; `file` names it in errors.
    pub fn parse(text: &str, file: &str, base_dir: PathBuf) -> Result<Config, ConfigError> {
        let raw: ConfigToml = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map(|s| line_column(text, s.start)).unwrap_or((1, 1));
            ConfigError::Syntax { file: file.to_string(), line, column, message: e.message().trim().to_string() }
        })?;
        if raw.clock.is_some_and(|c| c.initial_ms == 0) {
            let message = "[clock] initial_ms must be more than 0".to_string();
            return Err(ConfigError::Invalid { file: file.to_string(), message });
        }
        option_pairs(&raw.game.options, "[game.options]")
            .map_err(|error| ConfigError::Option { file: file.to_string(), error })?;
        let players = raw.players.into_iter().enumerate().map(|(i, p)| p.into_player(i)).collect::<Result<_, _>>();
        Ok(Config {
            game: raw.game,
            players: players.map_err(|error| ConfigError::Player { file: file.to_string(), error })?,
            plugins: raw.plugins,
            clock: raw.clock,
            record: raw.record,
            base_dir,
        })
    }

    /// A configuration built from command-line values: a game and computer players.
    pub fn for_match(rules: &str, rules_options: &[(String, String)], players: Vec<PlayerConfig>) -> Config {
        let mut options = OptionTable::new();
        for (k, v) in rules_options {
            options.insert(k.clone(), toml::Value::String(v.clone()));
        }
        Config {
            game: GameConfig { rules: rules.to_string(), options, isolate: false },
            players,
            plugins: PluginsConfig::default(),
            clock: None,
            record: None,
            base_dir: PathBuf::from("."),
        }
    }

    /// Checks that the `[[players]]` tables seat a game of `players`
    /// players, one table per player; `file` names the config in the error.
    pub fn check_seats(&self, players: usize, file: &str) -> Result<(), ConfigError> {
        if self.players.len() == players {
            return Ok(());
        }
        Err(ConfigError::Seats { file: file.to_string(), players, listed: self.players.len() })
    }

    /// The rules options as strings, in the order written.
    pub fn rules_options(&self) -> Vec<(String, String)> {
        option_pairs(&self.game.options, "[game.options]").unwrap_or_default()
    }

    /// The directories a `[game.options]` entry `option` lists (separated
    /// like `PATH`, as the variants plugin's `variant_dirs`), relative ones
    /// taken from the config file's directory; none when it is not given.
    pub fn option_dirs(&self, option: &str) -> Vec<PathBuf> {
        let Some(value) = self.game.options.get(option).and_then(|v| v.as_str()) else { return Vec::new() };
        std::env::split_paths(value).filter(|d| !d.as_os_str().is_empty()).map(|d| self.base_dir.join(d)).collect()
    }

    /// A plugin reference with relative paths made relative to the config file.
    pub fn resolve_ref(&self, name_or_path: &str) -> String {
        absolute_ref(&self.base_dir, name_or_path)
    }

    /// The search directories: `extra` (from the command line) first, then the
    /// config's own, then the implicit ones.
    pub fn plugin_dirs(&self, extra: &[PathBuf]) -> PluginDirs {
        let own = self.plugins.dirs.iter().map(|d| self.base_dir.join(d));
        PluginDirs::new(extra.iter().cloned().chain(own))
    }

    /// A copy whose relative paths are absolute, so it stays valid when
    /// written to another directory (saved games).
    pub fn absolutized(&self) -> Config {
        let base = self.base_dir.canonicalize().unwrap_or_else(|_| self.base_dir.clone());
        let mut out = self.clone();
        out.game.rules = absolute_ref(&base, &self.game.rules);
        for p in &mut out.players {
            match &mut p.source {
                PlayerSource::Strategy(crate::source::StrategyRef::Plugin(s)) | PlayerSource::Isolated(s) => {
                    *s = absolute_ref(&base, s);
                }
                PlayerSource::Human | PlayerSource::Strategy(_) | PlayerSource::Engine(_) => {}
            }
        }
        out.plugins.dirs = self.plugins.dirs.iter().map(|d| base.join(d)).collect();
        out.base_dir = base;
        out
    }

    /// The configuration as TOML text.
    pub fn to_toml(&self) -> Result<String, toml::ser::Error> {
        toml::to_string(self)
    }
}

/// A plugin reference with a relative path made absolute against `base`.
fn absolute_ref(base: &Path, name_or_path: &str) -> String {
    if looks_like_path(name_or_path) && Path::new(name_or_path).is_relative() {
        base.join(name_or_path).display().to_string()
    } else {
        name_or_path.to_string()
    }
}

/// Converts an option table to string pairs; `table_name` names it in errors.
pub fn option_pairs(table: &OptionTable, table_name: &str) -> Result<Vec<(String, String)>, OptionError> {
    table
        .iter()
        .map(|(k, v)| {
            let value = match v {
                toml::Value::String(s) => s.clone(),
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                other => {
                    return Err(OptionError { key: k.clone(), table: table_name.to_string(), found: other.type_str() })
                }
            };
            Ok((k.clone(), value))
        })
        .collect()
}

/// 1-based line and column of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_dirs_are_taken_from_the_config_files_directory() {
        let text = "[game]\nrules = \"variants\"\n[game.options]\nvariant_dirs = \"mine:/abs/theirs\"\n";
        let c = Config::parse(text, "x.toml", PathBuf::from("/home/ann/games")).unwrap();
        let want = [PathBuf::from("/home/ann/games/mine"), PathBuf::from("/abs/theirs")];
        assert_eq!(c.option_dirs("variant_dirs"), want);
        assert!(c.option_dirs("other").is_empty());
    }

    #[test]
    fn default_config_parses_with_two_seats() {
        let c = Config::default_config().unwrap();
        assert_eq!(c.players.len(), 2);
        assert_eq!(c.players[0].kind(), PlayerKind::Human);
        assert_eq!(c.players[1].strategy_ref(), Some("alphabeta"));
        assert_eq!(c.players[1].time_ms(), 2000);
    }

    #[test]
    fn syntax_error_reports_line_and_column() {
        let e = Config::parse("[game]\nrules = \n", "x.toml", PathBuf::from(".")).unwrap_err();
        match e {
            ConfigError::Syntax { line, column, .. } => assert_eq!((line, column), (2, 9)),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn unknown_key_is_named() {
        let e = Config::parse("[game]\nrules = \"x\"\ncolour = 1\n", "x.toml", PathBuf::from(".")).unwrap_err();
        assert!(e.to_string().contains("colour"), "{e}");
        assert!(e.to_string().contains("line 3"), "{e}");
    }

    #[test]
    fn option_values_become_strings_in_order() {
        let c = Config::parse(
            "[game]\nrules = \"x\"\n[game.options]\nz = 3\na = true\nm = \"s\"\n",
            "x.toml",
            PathBuf::from("."),
        )
        .unwrap();
        let pairs = c.rules_options();
        assert_eq!(pairs, vec![("z".into(), "3".into()), ("a".into(), "true".into()), ("m".into(), "s".into())]);
    }

    #[test]
    fn float_option_is_refused_by_name() {
        let e = Config::parse("[game]\nrules = \"x\"\n[game.options]\nk = 1.5\n", "x.toml", PathBuf::from("."))
            .unwrap_err();
        assert!(e.to_string().contains("'k'"), "{e}");
    }

    #[test]
    fn ai_needs_a_strategy_or_level() {
        let text = "[game]\nrules = \"x\"\n[[players]]\nname = \"A\"\nkind = \"ai\"\n";
        let e = Config::parse(text, "x.toml", PathBuf::from(".")).unwrap_err();
        assert!(e.to_string().contains("neither"), "{e}");
    }

    #[test]
    fn engine_and_isolated_players_fold_into_strategy_and_round_trip() {
        let text = "[game]\nrules = \"x\"\n\
            [[players]]\nname = \"E\"\nkind = \"engine\"\ncommand = \"/usr/games/prog\"\nargs = [\"-q\"]\nprotocol = \"ucci\"\n\
            [players.options]\nHash = 32\n\
            [[players]]\nname = \"I\"\nkind = \"ai\"\nlevel = \"hard\"\nisolate = true\n";
        let c = Config::parse(text, "x.toml", PathBuf::from(".")).unwrap();
        let spec = c.players[0].engine_spec().unwrap();
        assert_eq!((spec.command.as_str(), spec.args.clone()), ("/usr/games/prog", vec!["-q".to_string()]));
        assert_eq!(spec.protocol, crate::source::Protocol::Ucci);
        assert_eq!(c.players[0].strategy_ref(), None);
        assert!(c.players[1].is_isolated());
        assert_eq!(c.players[1].strategy_ref(), Some("alphabeta"));
        let back = Config::parse(&c.to_toml().unwrap(), "saved", PathBuf::from(".")).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn engine_keys_on_other_kinds_and_engines_without_command_are_refused() {
        let e = Config::parse(
            "[game]\nrules = \"x\"\n[[players]]\nname = \"A\"\nkind = \"ai\"\nlevel = \"easy\"\ncommand = \"p\"\n",
            "x.toml",
            PathBuf::from("."),
        )
        .unwrap_err();
        assert!(e.to_string().contains("kind = \"engine\""), "{e}");
        let e = Config::parse(
            "[game]\nrules = \"x\"\n[[players]]\nname = \"E\"\nkind = \"engine\"\n",
            "x.toml",
            PathBuf::from("."),
        )
        .unwrap_err();
        assert!(e.to_string().contains("no `command`"), "{e}");
        let p = PlayerConfig::from_entry("uci:/usr/games/stockfish", 100);
        assert_eq!((p.kind(), p.name.as_str()), (PlayerKind::Engine, "stockfish"));
        let p = PlayerConfig::from_entry("isolate:hard", 100);
        assert!(p.is_isolated());
        assert_eq!(p.strategy_ref(), Some("alphabeta"));
    }

    #[test]
    fn seats_must_match_the_players_of_the_game() {
        let c = Config::default_config().unwrap();
        assert!(c.check_seats(2, "game.toml").is_ok());
        let e = c.check_seats(3, "game.toml").unwrap_err().to_string();
        assert!(e.starts_with("game.toml: the game has 3 players but [[players]] lists 2"), "{e}");
    }

    #[test]
    fn round_trips_through_toml() {
        let mut c = Config::default_config().unwrap();
        c.record = Some(Record {
            start: String::new(),
            moves: vec!["a".into(), "b".into()],
            result: "ongoing".into(),
            dead: None,
            clock_ms: vec![1000, 2000],
            used_ms: vec![5, 6],
            seed: Some(1 << 62),
            seed_from: 4,
            hidden: true,
        });
        let text = c.to_toml().unwrap();
        let back = Config::parse(&text, "saved", PathBuf::from(".")).unwrap();
        assert_eq!(back, c);
    }
}
