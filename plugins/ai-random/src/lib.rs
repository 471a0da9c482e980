//! Uniform random strategy plugin for Tabula (the "easy" player).
//!
//! Picks one of the legal moves with equal probability. With the `seed`
//! option the sequence of choices is reproducible; without it the seed comes
//! from the clock. It plays any game: at a chance node it refuses (the host
//! draws the dice, never a player), and the score it reports is what the
//! move is worth to the mover one ply ahead, an expectation when dice
//! follow ([`tabula_kit::value::Lookahead`]).

use std::sync::atomic::AtomicBool;

use rules_api::plugin::{check_options, option_or_default, StrategyImpl};
use rules_api::{
    Move, ObserverMut, OptionSpec, Options, PluginError, PositionBox, PositionFlags, RVec, SearchInfo, SearchLimits,
    SearchResult,
};
use tabula_kit::rand::Rng as _;
use tabula_kit::rng::{parse_seed, rng_from_seed, seed_option, Rng, CLOCK_SEED};
use tabula_kit::value::{chance_node_error, Lookahead};

/// The name users write in configs.
pub const NAME: &str = "random";

/// The options this strategy understands.
pub fn random_options() -> Vec<OptionSpec> {
    vec![seed_option(CLOCK_SEED, "Seed for the choices; 'clock' gives a different game every time")]
}

/// The random player.
pub struct RandomStrategy {
    rng: Rng,
    moves: RVec<Move>,
    look: Lookahead,
}

impl RandomStrategy {
    /// A player whose choices follow `seed`.
    pub fn with_seed(seed: u64) -> Self {
        RandomStrategy { rng: rng_from_seed(seed), moves: RVec::new(), look: Lookahead::new() }
    }

    /// Builds the player from plugin options (unknown options are refused).
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = random_options();
        check_options(NAME, options, &specs)?;
        Ok(Self::with_seed(parse_seed(NAME, option_or_default(options, &specs, "seed"))?))
    }
}

impl StrategyImpl for RandomStrategy {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        _stop: &AtomicBool,
        observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        if position.flags().contains(PositionFlags::CHANCE) {
            return Err(chance_node_error(NAME));
        }
        position.legal_moves(&mut self.moves).into_result()?;
        if self.moves.is_empty() {
            let status = position.status().into_result()?;
            return Err(PluginError::unsupported(format!(
                "random: there is no legal move to choose, the game is over ({})",
                status.reason
            )));
        }
        let best = self.moves[self.rng.random_range(0..self.moves.len())];
        let mover = position.side_to_move();
        let score = self.look.value_after(position, best, mover)?;
        let pv: RVec<Move> = vec![best].into();
        observer.progress(&SearchInfo {
            depth: 0,
            seldepth: 1,
            nodes: 1,
            time_ms: 0,
            score,
            pv: pv.clone(),
            note: Default::default(),
        });
        Ok(SearchResult { best, score, depth: 0, nodes: 1, pv })
    }

    fn new_game(&mut self) {
        // The stream continues on purpose: restarting it would make every
        // game of a seeded match identical.
    }
}
