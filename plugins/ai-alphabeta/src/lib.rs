//! Alpha-beta search strategy plugin for Tabula (the "hard" player).
//!
//! A game-agnostic negamax search: iterative deepening under a time, depth
//! or node limit, principal variation search, a transposition table keyed by
//! the position's hash, move ordering from the table, the plugin's hints,
//! killers and history, quiescence over the plugin's tactical moves,
//! mate-distance scores and repetition detection along the searched line.
//!
//! The search ([`Searcher`]) is generic over [`SearchState`], implemented for
//! the boundary object ([`rules_api::PositionBox`]) and for any natively
//! linked [`rules_api::plugin::PositionImpl`] wrapped in [`Direct`], so the
//! cost of the boundary can be measured on the same algorithm.

pub mod ordering;
pub mod search;
pub mod state;
pub mod tt;

use std::sync::atomic::AtomicBool;

use rules_api::plugin::{check_options, option_or_default, StrategyImpl};
use rules_api::{ObserverMut, OptionSpec, Options, PluginError, PositionBox, SearchLimits, SearchResult};
use tabula_kit::rng::{parse_seed, seed_option};

pub use search::{Searcher, DEFAULT_TIME_MS, MAX_DEPTH, QUIESCENCE_PLIES};
pub use state::{Direct, SearchState};

/// The name users write in configs.
pub const NAME: &str = "alphabeta";

/// Deepest ply (nominal depth, extensions and quiescence together) the
/// search can reach; per-ply buffers are allocated for this many plies.
pub const MAX_PLY: usize = 128;

/// Largest transposition table accepted, in MiB.
pub const MAX_HASH_MB: usize = 65_536;

/// The options this strategy understands.
pub fn alphabeta_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("hash_mb", "16", &[], "Size of the transposition table in MiB (1 or more)."),
        seed_option("0", "Seed for ordering equally hinted root moves; varies self-play"),
    ]
}

/// The alpha-beta player.
pub struct AlphaBetaStrategy {
    searcher: Searcher,
}

impl AlphaBetaStrategy {
    /// A player with a `hash_mb` MiB table and root tie-breaks from `seed`.
    pub fn new(hash_mb: usize, seed: u64) -> Self {
        AlphaBetaStrategy { searcher: Searcher::new(hash_mb, seed) }
    }

    /// Builds the player from plugin options (unknown options are refused).
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = alphabeta_options();
        check_options(NAME, options, &specs)?;
        let hash = option_or_default(options, &specs, "hash_mb");
        let hash_mb =
            hash.trim().parse::<usize>().ok().filter(|mb| (1..=MAX_HASH_MB).contains(mb)).ok_or_else(|| {
                PluginError::bad_option(format!(
                    "{NAME}: option 'hash_mb' must be a whole number of MiB from 1 to {MAX_HASH_MB}, not '{hash}'"
                ))
            })?;
        if let Some(limit) = tabula_kit::memory::table_limit_mib() {
            if hash_mb as u64 > limit {
                return Err(PluginError::bad_option(format!(
                    "{NAME}: option 'hash_mb' = {hash_mb} MiB is more than this machine can give now \
                     (at most {limit} MiB, half of the memory available)"
                )));
            }
        }
        let seed = parse_seed(NAME, option_or_default(options, &specs, "seed"))?;
        Ok(Self::new(hash_mb, seed))
    }
}

impl StrategyImpl for AlphaBetaStrategy {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        self.searcher.search(position, limits, stop, &mut |info| observer.progress(info))
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }
}
