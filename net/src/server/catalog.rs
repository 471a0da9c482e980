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
use tabula_core::seating::{find_strategy, options_for, strategy_plugin_name, Kind, Table};
use tabula_core::source::{EngineSpec, PlayerSource};

use super::offer::{check_client_options, offered, seat_options, SeatCaps};
use crate::protocol::{ErrorCode, GameEntry, SeatSpec};

/// A refusal: the code and the sentence sent to the client.
pub type Refusal = (ErrorCode, String);

/// The time per move of a computer seat that names none.
pub const DEFAULT_COMPUTER_MS: u64 = 1000;

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
            let options = offered(&p.options());
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

    /// The rules plugin `name` with options a client gave: only options a
    /// player may set, with values the plugin lists or numbers (see
    /// [`super::offer`]).
    pub fn client_rules(&self, name: &str, options: &BTreeMap<String, String>) -> Result<LoadedPlugin, Refusal> {
        let plugin = self.rules(name)?;
        check_client_options(name, options.iter(), &plugin.options()).map_err(|m| (ErrorCode::Invalid, m))?;
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
            if !spec.options.is_empty() {
                return Err(invalid(format!(
                    "seat player '{}': an external engine's options are set by the server's operator",
                    spec.player
                )));
            }
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

    /// Checks a computer seat a client asks for: a player the server has,
    /// options a player may set, within the operator's `caps`.
    pub fn check_computer(&self, spec: &SeatSpec, caps: SeatCaps) -> Result<(), Refusal> {
        let invalid = |m: String| (ErrorCode::Invalid, m);
        if spec.time_ms.is_some_and(|t| t == 0 || t > caps.time_ms) {
            return Err(invalid(format!("a computer's time_ms is from 1 to {} on this server", caps.time_ms)));
        }
        if let Kind::Strategy(plugin) | Kind::Isolated(plugin) = self.computer_kind(spec)? {
            let given: Vec<(String, String)> = spec.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            seat_options(&spec.player, &given, &plugin.options(), caps).map_err(invalid)?;
        }
        Ok(())
    }

    /// A fresh computer player for a seat of a room playing `rules`, its
    /// time and resource options held to `caps` (a seat stored by an older
    /// server, or under other caps, is lowered to them).
    pub fn computer(
        &self,
        spec: &SeatSpec,
        rules: &LoadedPlugin,
        rules_options: &[(String, String)],
        caps: SeatCaps,
    ) -> Result<Box<dyn ComputerPlayer>, Refusal> {
        let invalid = |m: String| (ErrorCode::Invalid, m);
        let kind = self.computer_kind(spec)?;
        let table = Table { rules, options: rules_options };
        let given: Vec<(String, String)> = spec.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let options = match &kind {
            Kind::Strategy(plugin) | Kind::Isolated(plugin) => {
                let fitted = seat_options(&spec.player, &given, &plugin.options(), caps).or_else(|_| {
                    let without: Vec<(String, String)> = given
                        .iter()
                        .filter(|(k, _)| !super::offer::is_memory_option(k) && k != super::offer::THREADS_OPTION)
                        .cloned()
                        .collect();
                    seat_options(&spec.player, &without, &plugin.options(), caps)
                });
                options_for(&spec.player, &fitted.map_err(invalid)?)
            }
            Kind::Engine(_) => Vec::new(),
        };
        let limits = SearchLimits {
            time_ms: spec.time_ms.unwrap_or(DEFAULT_COMPUTER_MS).min(caps.time_ms),
            depth: 0,
            nodes: 0,
            max_time_ms: 0,
        };
        kind.seat(&spec.player, &table, &options, limits).map_err(|e| (ErrorCode::Invalid, e.to_string()))
    }
}
