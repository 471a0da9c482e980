//! What the server can host: the rules plugins installed where it looks,
//! the computer players a seat may name, and the external engines its
//! operator configured. A client names plugins and engines; it never gives
//! a path or a command line, since those would let anyone on the network
//! run code on the server.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use rules_api::{PluginKind, SearchLimits};
use tabula_core::players::ComputerPlayer;
use tabula_core::plugins::{discover, find_plugin, looks_like_path, Discovered, LoadedPlugin, PluginDirs};
use tabula_core::seating::{find_strategy, strategy_plugin_name, Kind, Table};
use tabula_core::source::{EngineSpec, PlayerSource};

use crate::protocol::{ErrorCode, GameEntry, OptionInfo, SeatSpec};

/// A refusal: the code and the sentence sent to the client.
pub type Refusal = (ErrorCode, String);

/// The time per move of a computer seat that names none.
pub const DEFAULT_COMPUTER_MS: u64 = 1000;

/// The longest time per move a computer seat may ask for.
pub const MAX_COMPUTER_MS: u64 = 60_000;

/// The plugins and engines of a server.
pub struct Catalog {
    dirs: PluginDirs,
    engines: BTreeMap<String, EngineSpec>,
    games: Vec<GameEntry>,
    loaded: Mutex<HashMap<(String, bool), LoadedPlugin>>,
    /// The strategy plugins installed, by name: a seat naming another is
    /// refused without opening every library in the plugin directories
    /// again (a client could otherwise make the server do that at will).
    strategies: Vec<String>,
    isolate_rules: bool,
}

impl Catalog {
    /// Looks for rules plugins in `dirs`; `engines` are the external
    /// engines seats may name (`NAME` → `uci:/usr/games/stockfish`);
    /// with `isolate_rules` every game runs in a child rules process.
    pub fn new(dirs: PluginDirs, engines: BTreeMap<String, EngineSpec>, isolate_rules: bool) -> Catalog {
        let mut games: Vec<GameEntry> = Vec::new();
        let mut strategies: Vec<String> = Vec::new();
        for found in discover(&dirs) {
            let Discovered::Plugin(p) = found else { continue };
            if p.kind() == PluginKind::STRATEGY {
                strategies.push(p.name().to_string());
            }
            if p.kind() != PluginKind::RULES || games.iter().any(|g| g.rules == p.name()) {
                continue;
            }
            let options = p
                .options()
                .iter()
                .map(|o| OptionInfo {
                    name: o.name.to_string(),
                    default: o.default.to_string(),
                    choices: o.choices.iter().map(|c| c.to_string()).collect(),
                    description: o.description.to_string(),
                })
                .collect();
            games.push(GameEntry { rules: p.name().to_string(), description: p.description().to_string(), options });
        }
        games.sort_by(|a, b| a.rules.cmp(&b.rules));
        strategies.sort();
        strategies.dedup();
        Catalog { dirs, engines, games, loaded: Mutex::new(HashMap::new()), strategies, isolate_rules }
    }

    /// Every game the server can host.
    pub fn games(&self) -> &[GameEntry] {
        &self.games
    }

    fn cached(&self, name: &str, rules: bool) -> Result<LoadedPlugin, Refusal> {
        if !rules && !self.strategies.iter().any(|s| s == strategy_plugin_name(name)) {
            return Err((
                ErrorCode::Invalid,
                format!("no computer player '{name}' on this server (it has: {})", self.strategies.join(", ")),
            ));
        }
        let key = (name.to_string(), rules);
        if let Some(p) = self.loaded.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(p.clone());
        }
        let found =
            if rules { find_plugin(name, PluginKind::RULES, &self.dirs) } else { find_strategy(name, &self.dirs) };
        let found = found.map(|p| p.isolating(rules && self.isolate_rules));
        let plugin = found.map_err(|e| (ErrorCode::NoSuchGame, e.to_string()))?;
        self.loaded.lock().unwrap_or_else(|e| e.into_inner()).insert(key, plugin.clone());
        Ok(plugin)
    }

    /// The rules plugin `name` (a name, never a path).
    pub fn rules(&self, name: &str) -> Result<LoadedPlugin, Refusal> {
        if looks_like_path(name) || !self.games.iter().any(|g| g.rules == name) {
            let names: Vec<&str> = self.games.iter().map(|g| g.rules.as_str()).collect();
            return Err((
                ErrorCode::NoSuchGame,
                format!("no game '{name}' on this server (it has: {})", names.join(", ")),
            ));
        }
        self.cached(name, true)
    }

    /// How a computer seat plays, checked when a room is created.
    pub fn computer_kind(&self, spec: &SeatSpec) -> Result<Kind, Refusal> {
        let invalid = |m: String| (ErrorCode::Invalid, m);
        if let Some(engine) = self.engines.get(&spec.player) {
            return Ok(Kind::Engine(engine.clone()));
        }
        if looks_like_path(&spec.player) && EngineSpec::parse(&spec.player).is_none() {
            return Err(invalid(format!("seat player '{}': a computer is named, never given by path", spec.player)));
        }
        match PlayerSource::parse_entry(&spec.player) {
            PlayerSource::Human => Err(invalid("a person is seated as 'human'".into())),
            PlayerSource::Engine(_) => Err(invalid(format!(
                "seat player '{}': external engines are named by the server's operator (this server has: {})",
                spec.player,
                self.engine_names()
            ))),
            PlayerSource::Strategy(s) => {
                let plugin = self.cached(s.plugin_ref(), false).map_err(|(_, m)| invalid(m))?;
                Ok(Kind::Strategy(plugin))
            }
            PlayerSource::Isolated(name) => {
                let plugin = self.cached(&name, false).map_err(|(_, m)| invalid(m))?;
                Ok(Kind::Isolated(plugin))
            }
        }
    }

    fn engine_names(&self) -> String {
        if self.engines.is_empty() {
            "none".into()
        } else {
            self.engines.keys().cloned().collect::<Vec<_>>().join(", ")
        }
    }

    /// A fresh computer player for a seat of a room playing `rules`.
    pub fn computer(
        &self,
        spec: &SeatSpec,
        rules: &LoadedPlugin,
        rules_options: &[(String, String)],
    ) -> Result<Box<dyn ComputerPlayer>, Refusal> {
        let kind = self.computer_kind(spec)?;
        let table = Table { rules, options: rules_options };
        let options: Vec<(String, String)> = spec.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let limits = SearchLimits {
            time_ms: spec.time_ms.unwrap_or(DEFAULT_COMPUTER_MS).min(MAX_COMPUTER_MS),
            depth: 0,
            nodes: 0,
            max_time_ms: 0,
        };
        kind.seat(&spec.player, &table, &options, limits).map_err(|e| (ErrorCode::Invalid, e.to_string()))
    }
}
