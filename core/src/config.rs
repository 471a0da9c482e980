//! The game configuration file (TOML): which rules, which players, where
//! to look for plugins, and for saved games the record of moves.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::plugins::{looks_like_path, PluginDirs};

/// `config/default.toml`, built into the binary.
pub const DEFAULT_CONFIG: &str = include_str!("../../config/default.toml");

/// Options as written in a `[...options]` table: string, integer or boolean values.
pub type OptionTable = toml::Table;

/// A whole configuration file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The game.
    pub game: GameConfig,
    /// The seats, in move order.
    #[serde(default)]
    pub players: Vec<PlayerConfig>,
    /// Plugin search directories.
    #[serde(default)]
    pub plugins: PluginsConfig,
    /// The time control; absent means no clocks (the GUI shows time used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockConfig>,
    /// The moves of a saved game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<Record>,
    /// Directory that relative paths are relative to (the file's directory).
    #[serde(skip)]
    pub base_dir: PathBuf,
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
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// Moves come from a person.
    Human,
    /// Moves come from a strategy plugin.
    Ai,
    /// Moves come from an external engine program (UCI, UCCI or Gomocup).
    Engine,
}

/// A named strength, mapped onto a strategy plugin.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The random strategy.
    Easy,
    /// The greedy strategy.
    Medium,
    /// The alphabeta strategy.
    Hard,
}

impl Level {
    /// The strategy plugin this level stands for.
    pub fn strategy(self) -> &'static str {
        match self {
            Level::Easy => "random",
            Level::Medium => "greedy",
            Level::Hard => "alphabeta",
        }
    }
    /// Reads `easy`, `medium` or `hard`.
    pub fn parse(text: &str) -> Option<Level> {
        match text {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }
}

/// Time to think when a player gives none.
pub const DEFAULT_TIME_MS: u64 = 2000;

/// One `[[players]]` table.
///
/// An engine player's program is kept in `strategy` as an engine spec,
/// `PROTOCOL:COMMAND [ARG ...]` (see [`crate::engines::EngineSpec`]); the
/// file may give it as `command`, `args` and `protocol` instead. An ai
/// player with `isolate = true` keeps its strategy as `isolate:NAME`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(try_from = "PlayerToml")]
pub struct PlayerConfig {
    /// Display name.
    pub name: String,
    /// Human or computer.
    pub kind: PlayerKind,
    /// Strategy plugin name or library path (computer players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    /// Strength instead of a strategy name (computer players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// Time to think per move, milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// Maximum search depth in plies (0 = none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Options for the strategy plugin.
    #[serde(default)]
    pub options: OptionTable,
}

/// The prefix of an isolated strategy in [`PlayerConfig::strategy`].
pub const ISOLATE_PREFIX: &str = "isolate:";

/// A `[[players]]` table as written, before engine keys are folded in.
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
    /// Engine players: `uci` (default), `ucci` or `gomocup`.
    #[serde(default)]
    protocol: Option<String>,
    /// Ai players: run the strategy in a child process.
    #[serde(default)]
    isolate: bool,
}

impl TryFrom<PlayerToml> for PlayerConfig {
    type Error = String;

    fn try_from(t: PlayerToml) -> Result<Self, String> {
        use crate::engines::{EngineSpec, Protocol};
        let who = format!("player '{}'", t.name);
        let engine_keys = t.command.is_some() || !t.args.is_empty() || t.protocol.is_some();
        let mut strategy = t.strategy;
        let mut level = t.level;
        match t.kind {
            PlayerKind::Engine => {
                if let Some(command) = t.command {
                    if strategy.is_some() {
                        return Err(format!("{who} gives both `command` and `strategy`; give one"));
                    }
                    let word = t.protocol.as_deref().unwrap_or("uci");
                    let protocol = Protocol::from_word(word)
                        .ok_or_else(|| format!("{who}: protocol '{word}' is not uci, ucci or gomocup"))?;
                    strategy = Some(EngineSpec { protocol, command, args: t.args }.to_string());
                }
            }
            _ if engine_keys => return Err(format!("{who}: `command`, `args` and `protocol` are for kind = \"engine\"")),
            PlayerKind::Ai if t.isolate => {
                let name = strategy.take().or_else(|| level.take().map(|l| l.strategy().to_string()));
                strategy = name.map(|n| if n.starts_with(ISOLATE_PREFIX) { n } else { format!("{ISOLATE_PREFIX}{n}") });
            }
            _ => {}
        }
        if t.isolate && t.kind != PlayerKind::Ai {
            return Err(format!("{who}: `isolate` is for kind = \"ai\""));
        }
        Ok(PlayerConfig { name: t.name, kind: t.kind, strategy, level, time_ms: t.time_ms, depth: t.depth, options: t.options })
    }
}

impl PlayerConfig {
    /// A computer player from a `--players` entry: a strategy name, path or
    /// level, `isolate:S` for an isolated strategy, or an engine spec
    /// (`uci:/usr/games/stockfish`).
    pub fn from_entry(entry: &str, time_ms: u64) -> Self {
        match crate::engines::EngineSpec::parse(entry) {
            Some(spec) => PlayerConfig {
                name: spec.command.rsplit('/').next().unwrap_or(&spec.command).to_string(),
                kind: PlayerKind::Engine,
                strategy: Some(spec.to_string()),
                level: None,
                time_ms: Some(time_ms),
                depth: None,
                options: OptionTable::new(),
            },
            None => match entry.strip_prefix(ISOLATE_PREFIX) {
                Some(inner) => {
                    let mut p = PlayerConfig::ai(entry, inner, time_ms);
                    let name = p.strategy_ref().unwrap_or(inner).to_string();
                    p.strategy = Some(format!("{ISOLATE_PREFIX}{name}"));
                    p.level = None;
                    p
                }
                None => PlayerConfig::ai(entry, entry, time_ms),
            },
        }
    }

    /// The engine program of an engine player.
    pub fn engine_spec(&self) -> Option<crate::engines::EngineSpec> {
        match self.kind {
            PlayerKind::Engine => self.strategy.as_deref().and_then(crate::engines::EngineSpec::parse),
            _ => None,
        }
    }

    /// Whether a computer player's strategy runs in a child process.
    pub fn is_isolated(&self) -> bool {
        self.kind == PlayerKind::Ai && self.strategy.as_deref().is_some_and(|s| s.starts_with(ISOLATE_PREFIX))
    }

    /// A computer player using `strategy` (a name, path or level).
    pub fn ai(name: &str, strategy: &str, time_ms: u64) -> Self {
        let level = Level::parse(strategy);
        PlayerConfig {
            name: name.to_string(),
            kind: PlayerKind::Ai,
            strategy: if level.is_some() { None } else { Some(strategy.to_string()) },
            level,
            time_ms: Some(time_ms),
            depth: None,
            options: OptionTable::new(),
        }
    }
    /// The strategy plugin name or path this player uses, if a computer.
    pub fn strategy_ref(&self) -> Option<&str> {
        if self.kind == PlayerKind::Engine {
            return None;
        }
        match (&self.strategy, self.level) {
            (Some(s), _) => Some(s.strip_prefix(ISOLATE_PREFIX).unwrap_or(s)),
            (None, Some(level)) => Some(level.strategy()),
            (None, None) => None,
        }
    }
    /// Time to think per move.
    pub fn time_ms(&self) -> u64 {
        self.time_ms.unwrap_or(DEFAULT_TIME_MS)
    }
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
    /// The result line (see [`crate::session::GameResult`]).
    #[serde(default)]
    pub result: String,
}

/// A configuration that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The file cannot be read.
    Read {
        /// The file.
        file: String,
        /// What the operating system said.
        reason: String,
    },
    /// The text is not valid TOML or does not fit the expected shape.
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
    /// The values make no sense together.
    Invalid {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Read { file, reason } => write!(f, "cannot read config {file}: {reason}"),
            ConfigError::Syntax { file, line, column, message } => {
                write!(f, "{file}: line {line}, column {column}: {message}")
            }
            ConfigError::Invalid { file, message } => write!(f, "{file}: {message}"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The name used for the embedded default in messages.
pub const DEFAULT_CONFIG_NAME: &str = "<built-in config/default.toml>";

impl Config {
    /// Reads and checks a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read { file: file.clone(), reason: e.to_string() })?;
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
        let mut config: Config = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map(|s| line_column(text, s.start)).unwrap_or((1, 1));
            ConfigError::Syntax { file: file.to_string(), line, column, message: e.message().trim().to_string() }
        })?;
        config.base_dir = base_dir;
        config.validate().map_err(|message| ConfigError::Invalid { file: file.to_string(), message })?;
        Ok(config)
    }

    /// A configuration built from command-line values: a game and computer players.
    pub fn for_match(rules: &str, rules_options: &[(String, String)], players: Vec<PlayerConfig>) -> Config {
        let mut options = OptionTable::new();
        for (k, v) in rules_options {
            options.insert(k.clone(), toml::Value::String(v.clone()));
        }
        Config {
            game: GameConfig { rules: rules.to_string(), options },
            players,
            plugins: PluginsConfig::default(),
            clock: None,
            record: None,
            base_dir: PathBuf::from("."),
        }
    }

    fn validate(&self) -> Result<(), String> {
        if self.clock.is_some_and(|c| c.initial_ms == 0) {
            return Err("[clock] initial_ms must be more than 0".into());
        }
        option_pairs(&self.game.options, "[game.options]")?;
        for (i, p) in self.players.iter().enumerate() {
            let who = format!("player {} ('{}')", i + 1, p.name);
            option_pairs(&p.options, &format!("[players.options] of {who}"))?;
            match p.kind {
                PlayerKind::Human => {
                    if p.strategy.is_some() || p.level.is_some() || p.time_ms.is_some() || p.depth.is_some() {
                        return Err(format!("{who} is human, so it takes no strategy, level, time_ms or depth"));
                    }
                    if !p.options.is_empty() {
                        return Err(format!("{who} is human, so its [players.options] must be empty"));
                    }
                }
                PlayerKind::Engine => {
                    if p.engine_spec().is_none() {
                        return Err(format!(
                            "{who} is an engine player but has no `command` (or `strategy = \"uci:PROGRAM\"`)"
                        ));
                    }
                    if p.level.is_some() {
                        return Err(format!("{who} is an engine player, so it takes no level"));
                    }
                }
                PlayerKind::Ai => match (&p.strategy, p.level) {
                    (None, None) => return Err(format!("{who} is an ai player but has neither `strategy` nor `level`")),
                    (Some(_), Some(_)) => return Err(format!("{who} has both `strategy` and `level`; give one")),
                    _ => {}
                },
            }
        }
        Ok(())
    }

    /// The rules options as strings, in the order written.
    pub fn rules_options(&self) -> Vec<(String, String)> {
        option_pairs(&self.game.options, "[game.options]").unwrap_or_default()
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
            if p.kind == PlayerKind::Engine {
                continue;
            }
            let isolated = p.is_isolated();
            p.strategy = p.strategy_ref().filter(|_| p.strategy.is_some()).map(|s| absolute_ref(&base, s));
            if isolated {
                p.strategy = p.strategy.take().map(|s| format!("{ISOLATE_PREFIX}{s}"));
            }
        }
        out.plugins.dirs = self.plugins.dirs.iter().map(|d| base.join(d)).collect();
        out.base_dir = base;
        out
    }

    /// The configuration as TOML text.
    pub fn to_toml(&self) -> Result<String, String> {
        toml::to_string(self).map_err(|e| e.to_string())
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
pub fn option_pairs(table: &OptionTable, table_name: &str) -> Result<Vec<(String, String)>, String> {
    table
        .iter()
        .map(|(k, v)| {
            let value = match v {
                toml::Value::String(s) => s.clone(),
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                other => {
                    return Err(format!(
                        "option '{k}' in {table_name} is a {}; use a string, an integer or a boolean",
                        other.type_str()
                    ))
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
    fn default_config_parses_with_two_seats() {
        let c = Config::default_config().unwrap();
        assert_eq!(c.players.len(), 2);
        assert_eq!(c.players[0].kind, PlayerKind::Human);
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
        assert_eq!(spec.protocol, crate::engines::Protocol::Ucci);
        assert_eq!(c.players[0].strategy_ref(), None);
        assert!(c.players[1].is_isolated());
        assert_eq!(c.players[1].strategy_ref(), Some("alphabeta"));
        let back = Config::parse(&c.to_toml().unwrap(), "saved", PathBuf::from(".")).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn engine_keys_on_other_kinds_and_engines_without_command_are_refused() {
        let e = Config::parse("[game]\nrules = \"x\"\n[[players]]\nname = \"A\"\nkind = \"ai\"\nlevel = \"easy\"\ncommand = \"p\"\n", "x.toml", PathBuf::from("."))
            .unwrap_err();
        assert!(e.to_string().contains("kind = \"engine\""), "{e}");
        let e = Config::parse("[game]\nrules = \"x\"\n[[players]]\nname = \"E\"\nkind = \"engine\"\n", "x.toml", PathBuf::from("."))
            .unwrap_err();
        assert!(e.to_string().contains("no `command`"), "{e}");
        let p = PlayerConfig::from_entry("uci:/usr/games/stockfish", 100);
        assert_eq!((p.kind, p.name.as_str()), (PlayerKind::Engine, "stockfish"));
        let p = PlayerConfig::from_entry("isolate:hard", 100);
        assert!(p.is_isolated());
        assert_eq!(p.strategy_ref(), Some("alphabeta"));
    }

    #[test]
    fn round_trips_through_toml() {
        let mut c = Config::default_config().unwrap();
        c.record = Some(Record { start: String::new(), moves: vec!["a".into(), "b".into()], result: "ongoing".into() });
        let text = c.to_toml().unwrap();
        let back = Config::parse(&text, "saved", PathBuf::from(".")).unwrap();
        assert_eq!(back, c);
    }
}
