//! "{{name}}", a Tabula computer player made by `tabula new-plugin`: it
//! looks one move ahead, takes a win when there is one, and otherwise
//! plays the move after which the game's own evaluation is best for it.
//! It knows no game: it only uses the rules-api position object, so it
//! plays every game Tabula loads. Make it yours.

use std::sync::atomic::{AtomicBool, Ordering};

use rules_api::plugin::{check_options, option_or_default, StrategyImpl};
use rules_api::{
    Move, ObserverMut, OptionSpec, Options, PluginError, PositionBox, PositionExt, RVec, SearchInfo, SearchLimits,
    SearchResult,
};
use tabula_kit::rand::Rng as _;
use tabula_kit::rng::{parse_seed, rng_from_seed, seed_option, Rng};
use tabula_kit::status_score;

/// The computer player.
pub struct {{Type}} {
    rng: Rng,
    moves: RVec<Move>,
}

/// The options this player understands.
pub fn options() -> Vec<OptionSpec> {
    vec![seed_option("0", "Seed for breaking ties between equally good moves")]
}

impl {{Type}} {
    /// Builds the player from its options.
    pub fn new(options: &Options) -> Result<Self, PluginError> {
        let specs = self::options();
        check_options("{{name}}", options, &specs)?;
        let seed = parse_seed("{{name}}", option_or_default(options, &specs, "seed"))?;
        Ok({{Type}} { rng: rng_from_seed(seed), moves: RVec::with_capacity(256) })
    }

    /// The value of `m` for the mover: a decided result if the move ends
    /// the game, else the evaluation after it (from the opponent's view,
    /// hence negated).
    fn value(&self, position: &mut PositionBox, m: Move) -> Result<i32, PluginError> {
        let mover = position.side_to_move();
        position.play(m)?;
        let status = position.outcome()?;
        let value = match status_score(&status, mover, 1) {
            Some(decided) => decided,
            None => -position.evaluate(),
        };
        position.undo()?;
        Ok(value)
    }
}

impl StrategyImpl for {{Type}} {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        position.moves_into(&mut self.moves)?;
        if self.moves.is_empty() {
            return Err(PluginError::invalid_input("{{name}}: the position has no legal move"));
        }
        let mut best: Option<(i32, u32, Move)> = None;
        for i in 0..self.moves.len() {
            if stop.load(Ordering::Relaxed) && best.is_some() {
                break;
            }
            let m = self.moves[i];
            // A random tie-break, so equal moves vary from game to game.
            let candidate = (self.value(position, m)?, self.rng.random::<u32>(), m);
            if best.is_none_or(|b| (candidate.0, candidate.1) > (b.0, b.1)) {
                best = Some(candidate);
            }
        }
        let (score, _, chosen) = best.expect("at least one move was valued");
        let pv: RVec<Move> = vec![chosen].into();
        let nodes = self.moves.len() as u64;
        observer.progress(&SearchInfo { depth: 1, seldepth: 1, nodes, score, pv: pv.clone(), ..Default::default() });
        Ok(SearchResult { best: chosen, score, depth: 1, nodes, pv })
    }
}
