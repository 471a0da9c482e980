//! Who plays in a match: the entrants, each seated for every game through
//! the library's [`tabula_core::seating`] (strategies, isolated strategies and
//! external engines alike).

use rules_api::SearchLimits;

use super::common::CliError;
use tabula_core::config::{Config, PlayerConfig};
use tabula_core::players::ComputerPlayer;
use tabula_core::plugins::PluginDirs;
pub use tabula_core::seating::{Kind, Table};

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
        let mut options = p.strategy_options("[players.options]")?;
        let mut limits = tabula_core::seating::configured_limits(p);
        if let Some(t) = time_ms {
            limits.time_ms = t;
        }
        let Some(kind) = Kind::from_config(p, config, dirs)? else {
            return Err(CliError(format!(
                "player '{}' is human; a match needs a computer in every seat (use --players A,B)",
                p.name
            )));
        };
        if p.engine_spec().is_some() {
            options.extend(engine_options.iter().cloned());
        }
        Ok(Entrant { label: p.name.clone(), kind, options, limits })
    }

    /// Whether the entrant accepts a `seed` option (strategies that have one).
    pub fn takes_seed(&self) -> bool {
        self.kind.takes_seed()
    }

    /// Whether the entrant is an external engine program (not a strategy,
    /// nor an isolated one): it plays only what the engine protocols serve.
    pub fn is_external_engine(&self) -> bool {
        matches!(self.kind, Kind::Engine(_))
    }

    /// A fresh player for one game with `options` (the entrant's, perhaps
    /// with a derived seed).
    pub fn seat(&self, table: &Table<'_>, options: &[(String, String)]) -> Result<Box<dyn ComputerPlayer>, CliError> {
        Ok(self.kind.seat(&self.label, table, options, self.limits)?)
    }
}
