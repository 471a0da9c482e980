//! Building the computer player of a configured seat: a strategy plugin in
//! this process, a strategy isolated in a child `tabula uci`, or an
//! external engine program, each as a [`ComputerPlayer`]. Matches and the
//! window both seat players through here, so a seat plays the same way
//! whichever of them runs the game.

use std::path::Path;

use rules_api::{PluginKind, SearchLimits};

use crate::config::{option_pairs, Config, OptionError, PlayerConfig};
use crate::engines::{EngineContext, EnginePlayer};
use crate::players::{ComputerPlayer, StrategyPlayer};
use crate::plugins::{find_plugin, LoadError, LoadedPlugin, PluginDirs};
use crate::protocols::settings::ProtocolSettings;
use crate::protocols::variant_switch::fill_option_template;
use crate::source::{EngineSpec, Level, PlayerSource, Protocol};

/// Why a seat cannot be filled.
#[derive(Debug, thiserror::Error)]
pub enum SeatError {
    /// The strategy plugin cannot be found or built.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A player or engine option has an unusable value.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The running executable, needed to isolate a strategy, is unknown.
    #[error("cannot find the tabula executable: {0}")]
    NoExecutable(std::io::Error),
}

/// How a computer seat plays.
pub enum Kind {
    /// A strategy plugin on a worker thread of this process.
    Strategy(LoadedPlugin),
    /// A strategy plugin in a child `tabula uci` process.
    Isolated(LoadedPlugin),
    /// An external engine program.
    Engine(EngineSpec),
}

/// The game every seat plays: the rules plugin and its options.
pub struct Table<'a> {
    /// The rules plugin.
    pub rules: &'a LoadedPlugin,
    /// Its options.
    pub options: &'a [(String, String)],
}

/// Loads a strategy plugin by name, path or level word (easy, medium,
/// hard, beginner … master).
pub fn find_strategy(name: &str, dirs: &PluginDirs) -> Result<LoadedPlugin, LoadError> {
    find_plugin(strategy_plugin_name(name), PluginKind::STRATEGY, dirs)
}

/// The strategy plugin a player name means: a level word (`club`) names
/// its plugin, anything else is the plugin's own name or path.
pub fn strategy_plugin_name(name: &str) -> &str {
    match Level::parse(name) {
        Some(level) => level.strategy(),
        None => name,
    }
}

/// The options of a strategy named `name` on the command line: `given`,
/// then, when `name` is a level word (`club`), the level's options that
/// `given` does not set.
pub fn options_for(name: &str, given: &[(String, String)]) -> Vec<(String, String)> {
    let mut out = given.to_vec();
    if let Some(level) = Level::parse(name) {
        for (k, v) in level.options() {
            if !out.iter().any(|(key, _)| key == k) {
                out.push(((*k).to_string(), (*v).to_string()));
            }
        }
    }
    out
}

impl Kind {
    /// How player `p` plays, with its strategy plugin loaded; `None` for a
    /// person (or a computer naming nothing to play with).
    pub fn from_config(p: &PlayerConfig, config: &Config, dirs: &PluginDirs) -> Result<Option<Kind>, LoadError> {
        let load = |strategy: &str| find_strategy(&config.resolve_ref(strategy), dirs);
        Ok(match &p.source {
            PlayerSource::Human => None,
            PlayerSource::Engine(spec) => Some(Kind::Engine(spec.clone())),
            PlayerSource::Strategy(strategy) => Some(Kind::Strategy(load(strategy.plugin_ref())?)),
            PlayerSource::Isolated(strategy) => Some(Kind::Isolated(load(strategy)?)),
        })
    }

    /// Whether the player accepts a `seed` option (strategies that have one).
    pub fn takes_seed(&self) -> bool {
        match self {
            Kind::Strategy(p) | Kind::Isolated(p) => p.has_option("seed"),
            Kind::Engine(_) => false,
        }
    }

    /// A fresh player named `label` for one game at `table`, with
    /// strategy or engine `options` and `limits` per move.
    pub fn seat(
        &self,
        label: &str,
        table: &Table<'_>,
        options: &[(String, String)],
        limits: SearchLimits,
    ) -> Result<Box<dyn ComputerPlayer>, SeatError> {
        Ok(match self {
            Kind::Strategy(plugin) => Box::new(StrategyPlayer::new(plugin, options, limits)?),
            Kind::Isolated(plugin) => {
                let spec = isolated_spec(plugin.path(), table, options)?;
                let context = EngineContext { tabula_host: true, ..EngineContext::default() };
                Box::new(EnginePlayer::new(label, spec, Vec::new(), limits, context))
            }
            Kind::Engine(spec) => {
                let settings = ProtocolSettings::builtin();
                let dialect = settings.dialect(table.rules.name());
                // Preset options belong to the game's UCI dialect (and USI:
                // Fairy-Stockfish takes UCI_Variant there too); rank shifts to
                // UCI alone. USI's squares follow the board; other protocols
                // use the host's coordinates.
                let presets = || -> Result<Vec<(String, String)>, SeatError> {
                    Ok(option_pairs(&dialect.engine_options, "engine_options")?
                        .into_iter()
                        .map(|(k, v)| (k, fill_option_template(&v, table.options, table.rules)))
                        .collect())
                };
                let (rank_offset, preset_options) = match spec.protocol {
                    Protocol::Uci => (dialect.rank_offset, presets()?),
                    Protocol::Usi => (0, presets()?),
                    _ => (0, Vec::new()),
                };
                let komi_option = &settings.gtp.komi_option;
                let komi = table.options.iter().find(|(k, _)| k == komi_option).map(|(_, v)| v.clone()).or_else(|| {
                    table.rules.options().into_iter().find(|o| o.name.as_str() == komi_option).map(|o| o.default.into())
                });
                let context = EngineContext {
                    rank_offset,
                    preset_options,
                    rules_options: table.options.to_vec(),
                    gomocup: Some(settings.gomocup),
                    komi,
                    tabula_host: false,
                };
                Box::new(EnginePlayer::new(label, spec.clone(), options.to_vec(), limits, context))
            }
        })
    }
}

/// The limits per move player `p` is configured with.
pub fn configured_limits(p: &PlayerConfig) -> SearchLimits {
    SearchLimits { time_ms: p.time_ms(), depth: p.depth.unwrap_or(0), nodes: 0, max_time_ms: 0 }
}

/// The computer player for seat `p` at `table`, with its configured options
/// and limits; `None` for a person.
pub fn computer_player(
    p: &PlayerConfig,
    config: &Config,
    dirs: &PluginDirs,
    table: &Table<'_>,
) -> Result<Option<Box<dyn ComputerPlayer>>, SeatError> {
    let Some(kind) = Kind::from_config(p, config, dirs)? else { return Ok(None) };
    let options = p.strategy_options("[players.options]")?;
    kind.seat(&p.name, table, &options, configured_limits(p)).map(Some)
}

/// `tabula uci` in a child process for one strategy: the same executable,
/// the rules and strategy libraries by path, coordinates without offset,
/// and `--tabula-host` so games with chance or more players are served
/// (this host rolls the dice and sends them with the moves).
fn isolated_spec(strategy: &Path, table: &Table<'_>, options: &[(String, String)]) -> Result<EngineSpec, SeatError> {
    let exe = std::env::current_exe().map_err(SeatError::NoExecutable)?;
    let mut args = vec![
        "uci".to_string(),
        "--ai".into(),
        strategy.display().to_string(),
        "--rules".into(),
        table.rules.path().display().to_string(),
        "--rank-offset".into(),
        "0".into(),
        "--tabula-host".into(),
    ];
    for (k, v) in table.options {
        args.push("--option".into());
        args.push(format!("{k}={v}"));
    }
    for (k, v) in options {
        args.push("--ai-option".into());
        args.push(format!("{k}={v}"));
    }
    Ok(EngineSpec { protocol: Protocol::Uci, command: exe.display().to_string(), args })
}
