//! Greedy one-ply strategy plugin for Tabula (the "medium" player).
//!
//! Tries every legal move and keeps the one whose resulting position is best
//! for the mover: a win beats everything, a loss is worst, a draw is 0, and
//! otherwise the static evaluation from the mover's own view
//! (`evaluation_of`, which in a game of three or more is the game's
//! evaluation of that player, not the next player's negated). When dice
//! follow the move, its value is the expectation over their outcomes, each
//! valued the same way ([`tabula_kit::value::Lookahead`]): the move with the
//! better expected value wins, not the one with the better best case. A
//! finished game with payoffs counts by the mover's standing among them.
//! Ties go to the move the rules plugin orders first (its hint: MVV-LVA in
//! chess, so the most valuable capture wins), then to a seeded random
//! choice. At a chance node it refuses: the host draws the dice.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use rules_api::plugin::{check_options, option_or_default, StrategyImpl};
use rules_api::{
    Move, MoveInfo, ObserverMut, OptionSpec, Options, PluginError, PositionBox, PositionFlags, RVec, SearchInfo,
    SearchLimits, SearchResult,
};
use tabula_kit::rand::Rng as _;
use tabula_kit::rng::{parse_seed, rng_from_seed, seed_option, Rng, CLOCK_SEED};
use tabula_kit::value::{chance_node_error, Lookahead};

/// The name users write in configs.
pub const NAME: &str = "greedy";

/// The options this strategy understands.
pub fn greedy_options() -> Vec<OptionSpec> {
    vec![seed_option(CLOCK_SEED, "Seed for breaking ties between equally good moves")]
}

/// The greedy player. Its buffers are kept between moves so choosing a move
/// allocates nothing once they have grown.
pub struct GreedyStrategy {
    rng: Rng,
    moves: RVec<Move>,
    infos: RVec<MoveInfo>,
    ties: Vec<usize>,
    look: Lookahead,
}

impl GreedyStrategy {
    /// A player whose tie-breaks follow `seed`.
    pub fn with_seed(seed: u64) -> Self {
        GreedyStrategy {
            rng: rng_from_seed(seed),
            moves: RVec::new(),
            infos: RVec::new(),
            ties: Vec::new(),
            look: Lookahead::new(),
        }
    }

    /// Builds the player from plugin options (unknown options are refused).
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = greedy_options();
        check_options(NAME, options, &specs)?;
        Ok(Self::with_seed(parse_seed(NAME, option_or_default(options, &specs, "seed"))?))
    }
}

impl StrategyImpl for GreedyStrategy {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        let started = Instant::now();
        if position.flags().contains(PositionFlags::CHANCE) {
            return Err(chance_node_error(NAME));
        }
        position.legal_moves(&mut self.moves).into_result()?;
        if self.moves.is_empty() {
            let status = position.status().into_result()?;
            return Err(PluginError::unsupported(format!(
                "greedy: there is no legal move to choose, the game is over ({})",
                status.reason
            )));
        }
        position.move_infos(self.moves.as_rslice(), &mut self.infos).into_result()?;
        if self.infos.len() != self.moves.len() {
            return Err(PluginError::internal(format!(
                "greedy: the rules plugin gave {} move infos for {} moves",
                self.infos.len(),
                self.moves.len()
            )));
        }
        let mover = position.side_to_move();
        let mut best = (i32::MIN, i32::MIN);
        self.ties.clear();
        let mut examined = 0u64;
        for i in 0..self.moves.len() {
            // One ply is quick, but a host that gives up early still gets the
            // best move among those examined.
            if i > 0 && stop.load(Ordering::Relaxed) {
                break;
            }
            // A win found one ply ahead scores `WIN - 1`, as a one-ply
            // search reports it.
            let key = (self.look.value_after(position, self.moves[i], mover)?, self.infos[i].hint);
            examined += 1;
            if key > best {
                best = key;
                self.ties.clear();
            }
            if key == best {
                self.ties.push(i);
            }
        }
        let chosen = self.moves[self.ties[self.rng.random_range(0..self.ties.len())]];
        let pv: RVec<Move> = vec![chosen].into();
        observer.progress(&SearchInfo {
            depth: 1,
            seldepth: 1,
            nodes: examined,
            time_ms: started.elapsed().as_millis() as u64,
            score: best.0,
            pv: pv.clone(),
            note: Default::default(),
        });
        Ok(SearchResult { best: chosen, score: best.0, depth: 1, nodes: examined, pv })
    }

    fn new_game(&mut self) {
        // Nothing is learnt from a game; the tie-break stream continues so
        // the games of a seeded match differ from each other.
    }
}
