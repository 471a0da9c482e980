//! Alpha-beta search strategy plugin for Tabula (the "hard" player).
//!
//! A game-agnostic negamax search: iterative deepening with aspiration
//! windows under a time, depth or node limit, principal variation search, a
//! transposition table keyed by the position's hash and shared by every
//! search thread (lazy SMP, the `threads` option), move ordering from the
//! table, the plugin's hints, killers and history, null-move pruning (never
//! in check or where the game reports a zugzwang risk), late-move
//! reductions, futility pruning (forward and reverse), check extensions, quiescence
//! over the plugin's tactical moves and checks, a root probe for wins by
//! forcing moves alone (continuous fours in gomoku), mate-distance scores,
//! repetition detection along the line back to the last irreversible move,
//! draws the mover may claim scored as draws (rules-api 0.2.2's
//! `draw_claim`: chess's threefold repetition with the game's history),
//! time management that stretches towards the caller's ceiling when the
//! choice is unstable, and calibrated playing strength (`strength`).
//!
//! It plays every game of rules-api 0.2.1:
//!
//! * **Dice.** A chance node is worth the expectation of its outcomes
//!   (expectimax over chances of winning, `tabula_kit::value`), pruned by
//!   Ballard's Star1 where the window allows; up to 36 outcomes are all
//!   searched, more are sampled (16 draws, seeded by the position). Chance
//!   nodes consume no depth: depth counts decisions. The search refuses to
//!   choose at a chance node (the host rolls).
//! * **Three to six players.** Paranoid search: the root player against
//!   the rest, valued by the root player's own evaluation
//!   (`evaluation_of(root)`) and standing among the payoffs, with every
//!   technique of the two-player search; the table tells root players
//!   apart (module `players`).
//! * **Soundness where two players taking turns were assumed.** A move is
//!   negated only when it hands the turn to the other side (a player may
//!   move twice); null moves and the forcing probe are used only while the
//!   game looks like two players taking turns with no dice; table entries
//!   in games of more players are keyed by the root player; the chance
//!   sample is the same for every thread.
//!
//! * **Hidden information.** Perfect Information Monte Carlo: `samples`
//!   positions drawn from what the player knows (seeded by `seed` and the
//!   position), every root move searched in each, the move with the best
//!   summed chance of winning played (module `determinize`;
//!   docs/STRATEGIES.md names its weakness, strategy fusion).
//!
//! The search ([`Searcher`]) is generic over [`SearchState`], implemented for
//! the boundary object ([`rules_api::PositionBox`]) and for any natively
//! linked [`rules_api::plugin::PositionImpl`] wrapped in [`Direct`], so the
//! cost of the boundary can be measured on the same algorithm.

mod determinize;
mod node;
pub mod ordering;
mod players;
pub mod search;
pub mod state;
pub mod strength;
mod thread;
pub mod time;
pub mod tt;

use std::sync::atomic::AtomicBool;

use rules_api::plugin::{check_options, option_or_default, StrategyImpl};
use rules_api::{ObserverMut, OptionSpec, Options, PluginError, PositionBox, PositionExt, SearchLimits, SearchResult};
use tabula_kit::determinize::DEFAULT_SAMPLES;
use tabula_kit::rng::{parse_seed, seed_option};

pub use search::{Searcher, Settings, DEFAULT_TIME_MS, FORCING_PLIES, MAX_DEPTH, MAX_THREADS, QUIESCENCE_PLIES};
pub use state::{Direct, SearchState};
pub use strength::{Strength, MAX_STRENGTH};

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
        OptionSpec::new(
            "threads",
            "1",
            &[],
            "Search threads sharing the table (1 to 64); more is stronger on more cores.",
        ),
        OptionSpec::new(
            "strength",
            "20",
            &[],
            "Playing strength from 1 (beginner) to 20 (full): caps on depth and nodes plus noise in the choice.",
        ),
        seed_option(
            "0",
            "Seed for ordering equally hinted root moves, the choice of weak levels and the samples of hidden games",
        ),
        OptionSpec::new(
            "samples",
            "8",
            &[],
            "In games with hidden information: positions sampled from what the player knows, each searched (1 to 256).",
        ),
    ]
}

/// Reads a whole number option within `range`, naming it and the range
/// when it is anything else.
fn number_option(
    options: &Options,
    specs: &[OptionSpec],
    name: &str,
    range: std::ops::RangeInclusive<usize>,
    unit: &str,
) -> Result<usize, PluginError> {
    let text = option_or_default(options, specs, name);
    text.trim().parse::<usize>().ok().filter(|n| range.contains(n)).ok_or_else(|| {
        PluginError::bad_option(format!(
            "{NAME}: option '{name}' must be a whole number{unit} from {} to {}, not '{text}'",
            range.start(),
            range.end()
        ))
    })
}

/// The alpha-beta player.
pub struct AlphaBetaStrategy {
    searcher: Searcher,
    /// Samples per move in games with hidden information.
    samples: usize,
    seed: u64,
}

impl AlphaBetaStrategy {
    /// A single-threaded, full-strength player with a `hash_mb` MiB table
    /// and root tie-breaks from `seed`.
    pub fn new(hash_mb: usize, seed: u64) -> Self {
        AlphaBetaStrategy { searcher: Searcher::new(hash_mb, seed), samples: DEFAULT_SAMPLES, seed }
    }

    /// A player set up by `settings`.
    pub fn with_settings(settings: Settings) -> Self {
        AlphaBetaStrategy { searcher: Searcher::with_settings(settings), samples: DEFAULT_SAMPLES, seed: settings.seed }
    }

    /// The same player drawing `samples` samples per move in games with
    /// hidden information.
    pub fn with_samples(mut self, samples: usize) -> Self {
        self.samples = samples.max(1);
        self
    }

    /// Builds the player from plugin options (unknown options are refused).
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = alphabeta_options();
        check_options(NAME, options, &specs)?;
        let hash_mb = number_option(options, &specs, "hash_mb", 1..=MAX_HASH_MB, " of MiB")?;
        if let Some(limit) = tabula_kit::memory::table_limit_mib() {
            if hash_mb as u64 > limit {
                return Err(PluginError::bad_option(format!(
                    "{NAME}: option 'hash_mb' = {hash_mb} MiB is more than this machine can give now \
                     (at most {limit} MiB, half of the memory available)"
                )));
            }
        }
        let threads = number_option(options, &specs, "threads", 1..=MAX_THREADS, "")?;
        let level = number_option(options, &specs, "strength", 1..=MAX_STRENGTH as usize, "")?;
        let seed = parse_seed(NAME, option_or_default(options, &specs, "seed"))?;
        let samples = number_option(options, &specs, "samples", 1..=256, "")?;
        let settings = Settings { hash_mb, seed, threads, strength: Strength::new(level as u32) };
        Ok(Self::with_settings(settings).with_samples(samples))
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
        if position.is_hidden() {
            let mut report = |info: &rules_api::SearchInfo| observer.progress(info);
            return determinize::choose(
                &mut self.searcher,
                position,
                self.samples,
                self.seed,
                limits,
                stop,
                &mut report,
            );
        }
        self.searcher.search(position, limits, stop, &mut |info| observer.progress(info))
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }
}
