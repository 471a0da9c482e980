//! Who plays in a match: strategy plugins in this process, strategies
//! isolated in a child `tabula uci`, and external engine programs, all
//! seated as [`ComputerPlayer`]s.

use std::path::Path;

use rules_api::SearchLimits;

use super::common::{load_strategy, CliError};
use crate::config::{option_pairs, Config, PlayerConfig, PlayerKind};
use crate::engines::{EngineContext, EnginePlayer, EngineSpec, Protocol};
use crate::players::{ComputerPlayer, StrategyPlayer};
use crate::plugins::{LoadedPlugin, PluginDirs};
use crate::protocols::settings::ProtocolSettings;

/// How an entrant plays.
pub enum Kind {
    /// A strategy plugin on a worker thread of this process.
    Strategy(LoadedPlugin),
    /// A strategy plugin in a child `tabula uci` process.
    Isolated(LoadedPlugin),
    /// An external engine program.
    Engine(EngineSpec),
}

/// One participant of a match.
pub struct Entrant {
    /// Name in results and records.
    pub label: String,
    /// How it plays.
    pub kind: Kind,
    /// Strategy or engine options.
    pub options: Vec<(String, String)>,
    /// Time, depth and nodes per move.
    pub limits: SearchLimits,
}

/// The game every seat plays: the rules plugin and its options.
pub struct Table<'a> {
    /// The rules plugin.
    pub rules: &'a LoadedPlugin,
    /// Its options.
    pub options: &'a [(String, String)],
}

impl Entrant {
    /// Builds an entrant from a player table; `engine_options` are added to
    /// every engine player's options, `time_ms` overrides the player's time.
    pub fn from_config(
        p: &PlayerConfig,
        config: &Config,
        dirs: &PluginDirs,
        time_ms: Option<u64>,
        engine_options: &[(String, String)],
    ) -> Result<Entrant, CliError> {
        let mut options = option_pairs(&p.options, "[players.options]").map_err(CliError)?;
        let limits = SearchLimits { time_ms: time_ms.unwrap_or(p.time_ms()), depth: p.depth.unwrap_or(0), nodes: 0 };
        let kind = match (p.kind, p.engine_spec(), p.strategy_ref()) {
            (PlayerKind::Engine, Some(spec), _) => {
                options.extend(engine_options.iter().cloned());
                Kind::Engine(spec)
            }
            (PlayerKind::Ai, _, Some(strategy)) => {
                let plugin = load_strategy(&config.resolve_ref(strategy), dirs)?;
                if p.is_isolated() {
                    Kind::Isolated(plugin)
                } else {
                    Kind::Strategy(plugin)
                }
            }
            _ => {
                return Err(CliError(format!(
                    "player '{}' is human; a match needs a computer in every seat (use --players A,B)",
                    p.name
                )))
            }
        };
        Ok(Entrant { label: p.name.clone(), kind, options, limits })
    }

    /// Whether the entrant accepts a `seed` option (strategies that have one).
    pub fn takes_seed(&self) -> bool {
        match &self.kind {
            Kind::Strategy(p) | Kind::Isolated(p) => p.has_option("seed"),
            Kind::Engine(_) => false,
        }
    }

    /// A fresh player for one game with `options` (the entrant's, perhaps
    /// with a derived seed).
    pub fn seat(&self, table: &Table<'_>, options: &[(String, String)]) -> Result<Box<dyn ComputerPlayer>, CliError> {
        Ok(match &self.kind {
            Kind::Strategy(plugin) => Box::new(StrategyPlayer::new(plugin, options, self.limits)?),
            Kind::Isolated(plugin) => {
                let spec = isolated_spec(plugin.path(), table, options)?;
                Box::new(EnginePlayer::new(&self.label, spec, Vec::new(), self.limits, EngineContext::default()))
            }
            Kind::Engine(spec) => {
                let settings = ProtocolSettings::builtin();
                let dialect = settings.dialect(table.rules.name());
                let (rank_offset, preset_options) = if spec.protocol == Protocol::Uci {
                    let presets = option_pairs(&dialect.engine_options, "engine_options").map_err(CliError)?;
                    (dialect.rank_offset, presets)
                } else {
                    (0, Vec::new())
                };
                let context = EngineContext {
                    rank_offset,
                    preset_options,
                    rules_options: table.options.to_vec(),
                    gomocup: Some(settings.gomocup),
                };
                Box::new(EnginePlayer::new(&self.label, spec.clone(), options.to_vec(), self.limits, context))
            }
        })
    }
}

/// `tabula uci` in a child process for one strategy: the same executable,
/// the rules and strategy libraries by path, coordinates without offset.
fn isolated_spec(strategy: &Path, table: &Table<'_>, options: &[(String, String)]) -> Result<EngineSpec, CliError> {
    let exe = std::env::current_exe().map_err(|e| CliError(format!("cannot find the tabula executable: {e}")))?;
    let mut args = vec![
        "uci".to_string(),
        "--ai".into(),
        strategy.display().to_string(),
        "--rules".into(),
        table.rules.path().display().to_string(),
        "--rank-offset".into(),
        "0".into(),
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
