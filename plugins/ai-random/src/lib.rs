//! Uniform random strategy plugin for Tabula (the "easy" player).
//!
//! Picks one of the legal moves with equal probability. With the `seed`
//! option the sequence of choices is reproducible; without it the seed comes
//! from the clock.

pub mod rng;

use std::sync::atomic::AtomicBool;

use rules_api::plugin::{check_options, option_or_default, StrategyImpl};
use rules_api::{
    Move, ObserverMut, OptionSpec, Options, PluginError, PositionBox, RVec, SearchInfo, SearchLimits, SearchResult,
    StatusKind,
};

use rng::{parse_seed, SplitMix64, CLOCK_SEED};

/// The name users write in configs.
pub const NAME: &str = "random";

/// The options this strategy understands.
pub fn random_options() -> Vec<OptionSpec> {
    vec![OptionSpec::new(
        "seed",
        CLOCK_SEED,
        &[],
        "Seed for the choices (a whole number), or 'clock' for a different game every time.",
    )]
}

/// The random player.
pub struct RandomStrategy {
    rng: SplitMix64,
    moves: RVec<Move>,
}

impl RandomStrategy {
    /// A player whose choices follow `seed`.
    pub fn with_seed(seed: u64) -> Self {
        RandomStrategy { rng: SplitMix64::new(seed), moves: RVec::new() }
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
        position.legal_moves(&mut self.moves).into_result()?;
        if self.moves.is_empty() {
            let status = position.status().into_result()?;
            return Err(PluginError::unsupported(format!(
                "random: there is no legal move to choose, the game is over ({})",
                status.reason
            )));
        }
        let best = self.moves[self.rng.below(self.moves.len())];
        let score = score_after(position, best)?;
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

/// The value of playing `m` for the mover: the result if it ends the game,
/// otherwise the negated evaluation of the opponent's position.
fn score_after(position: &mut PositionBox, m: Move) -> Result<i32, PluginError> {
    let mover = position.side_to_move();
    position.make_move(m).into_result()?;
    let status = position.status().into_result();
    let eval = position.evaluate();
    position.unmake_move().into_result()?;
    let status = status?;
    Ok(match status.kind {
        StatusKind::WIN if status.winner == mover => rules_api::score::WIN - 1,
        StatusKind::WIN => -(rules_api::score::WIN - 1),
        StatusKind::DRAW => 0,
        _ => -eval,
    })
}
