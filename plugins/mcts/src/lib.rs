//! Monte Carlo tree search strategy plugin for Tabula.
//!
//! A game-agnostic PUCT search over `rules-api` alone: priors come from the
//! game's move-ordering hints, leaves are valued by a playout to the end
//! of the game (uniformly random or guided by the hints) or by the game's
//! static evaluation when it has one, proven wins and losses spread up the
//! tree (MCTS-Solver), and the subtree of the move played is kept for the
//! next move. With `threads` > 1 every thread grows its own tree from the
//! root (root parallelisation) and the visits are pooled to choose.
//!
//! It needs no evaluation at all, which makes it the player for games
//! where alpha-beta has nothing to go on (Go, Hex, many variants).
//!
//! Dice and more than two players need nothing special from the user:
//! at a chance node the tree keeps every outcome as a child and each
//! descent draws one by its probability, as do the playouts, so the
//! statistics average over the dice as the game does; it refuses to choose
//! at a chance node itself (the host rolls). Every leaf gives a reward to
//! every player — their standing among a finished game's payoffs, or the
//! chance of winning of their own evaluation (`evaluate_all`) — and each
//! node counts the reward of the player who moved into it, so each player
//! in the tree plays for themselves (max^n). Proofs (MCTS-Solver) spread
//! only in two-player games, through chance nodes when every outcome
//! agrees, and through a player moving twice.
//!
//! Hidden information: Perfect Information Monte Carlo over `samples`
//! positions drawn from what the player knows (seeded by `seed` and the
//! position), a tree grown on each, the root visit shares summed (module
//! `determinize`; docs/STRATEGIES.md names its weakness, strategy fusion).

mod determinize;
mod search;
pub mod tree;
pub mod worker;

use std::sync::atomic::AtomicBool;

use rules_api::plugin::{check_options, option_or_default, StrategyImpl};
use rules_api::{ObserverMut, OptionSpec, Options, PluginError, PositionBox, PositionExt, SearchLimits, SearchResult};
use tabula_kit::determinize::DEFAULT_SAMPLES;
use tabula_kit::rng::{parse_seed, seed_option, CLOCK_SEED};

pub use search::{Mcts, Settings, DEFAULT_TIME_MS};
pub use worker::{win_probability, Leaf, Playout, PLAYOUT_PLIES};

/// The name users write in configs.
pub const NAME: &str = "mcts";

/// Most search threads accepted.
pub const MAX_THREADS: usize = 64;

/// The options this strategy understands.
pub fn mcts_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("threads", "1", &[], "Search threads, each growing its own tree (1 to 64)."),
        OptionSpec::new("playouts", "0", &[], "Most playouts per move (0 = only the time limit)."),
        OptionSpec::new(
            "leaf",
            "auto",
            &["auto", "playout", "eval"],
            "How leaves are valued: a playout, the game's evaluation, or auto (the evaluation when the game has one).",
        ),
        OptionSpec::new(
            "playout",
            "hint",
            &["random", "hint"],
            "How playouts move: uniformly at random, or the best-hinted of three random moves.",
        ),
        OptionSpec::new("exploration", "1.5", &[], "PUCT exploration constant (more explores wider)."),
        OptionSpec::new("tree_mb", "64", &[], "Memory for each thread's tree in MiB (1 to 65536)."),
        seed_option(CLOCK_SEED, "Seed for the playouts and the samples of hidden games; 'clock' differs every time"),
        OptionSpec::new(
            "samples",
            "8",
            &[],
            "In games with hidden information: positions sampled from what the player knows, each searched (1 to 256).",
        ),
    ]
}

/// The Monte Carlo player.
pub struct MctsStrategy {
    mcts: Mcts,
    /// Samples per move in games with hidden information.
    samples: usize,
    seed: u64,
}

impl MctsStrategy {
    /// A player set up by `settings`.
    pub fn new(settings: Settings) -> Self {
        MctsStrategy { mcts: Mcts::new(settings), samples: DEFAULT_SAMPLES, seed: settings.seed }
    }

    /// The same player drawing `samples` samples per move in games with
    /// hidden information.
    pub fn with_samples(mut self, samples: usize) -> Self {
        self.samples = samples.max(1);
        self
    }

    /// The searcher (for its statistics).
    pub fn searcher(&self) -> &Mcts {
        &self.mcts
    }

    /// Builds the player from plugin options (unknown options and bad
    /// values are refused with the option named).
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = mcts_options();
        check_options(NAME, options, &specs)?;
        let get = |name: &str| option_or_default(options, &specs, name).to_string();
        let bad = |name: &str, what: &str| {
            PluginError::bad_option(format!("{NAME}: option '{name}' must be {what}, not '{}'", get(name)))
        };
        let number = |name: &str, range: std::ops::RangeInclusive<u64>| {
            get(name)
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| bad(name, &format!("a whole number from {} to {}", range.start(), range.end())))
        };
        let threads = number("threads", 1..=MAX_THREADS as u64)? as usize;
        let playouts = number("playouts", 0..=u64::MAX)?;
        let tree_mb = number("tree_mb", 1..=65_536)? as usize;
        let exploration = get("exploration")
            .trim()
            .parse::<f32>()
            .ok()
            .filter(|c| c.is_finite() && *c > 0.0 && *c <= 100.0)
            .ok_or_else(|| bad("exploration", "a number above 0 and at most 100"))?;
        let leaf = match get("leaf").as_str() {
            "playout" => Some(Leaf::Playout),
            "eval" => Some(Leaf::Eval),
            _ => None,
        };
        let playout = if get("playout") == "random" { Playout::Random } else { Playout::Hint };
        let seed = parse_seed(NAME, &get("seed"))?;
        let samples = number("samples", 1..=256)? as usize;
        Ok(Self::new(Settings { threads, playouts, leaf, playout, exploration, tree_mb, seed }).with_samples(samples))
    }
}

impl StrategyImpl for MctsStrategy {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        if position.is_hidden() {
            let mut report = |info: &rules_api::SearchInfo| observer.progress(info);
            return determinize::choose(&mut self.mcts, position, self.samples, self.seed, limits, stop, &mut report);
        }
        self.mcts.search(position, limits, stop, &mut |info| observer.progress(info))
    }

    fn new_game(&mut self) {
        self.mcts.clear();
    }
}
