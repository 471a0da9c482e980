//! Helpers for testing strategies: run one search and check the player left
//! the position alone, play whole games between two players, collect
//! progress reports, and a random opponent.
//!
//! They panic with a readable message when a player misbehaves (an
//! illegal move, a changed position): they are meant for `#[test]`s.

use std::sync::atomic::AtomicBool;

use rand::Rng as _;
use rules_api::abi_stable::sabi_trait::TD_Opaque;
use rules_api::plugin::{position_box, PositionImpl, StrategyImpl};
use rules_api::{
    Move, Observer, ObserverMut, Observer_TO, PluginError, PositionBox, PositionExt, SearchInfo, SearchLimits,
    SearchResult, Status,
};

use crate::rng::{rng_from_seed, Rng};

/// Collects every progress report of a search.
#[derive(Default)]
pub struct Recorder {
    /// The reports, in order.
    pub infos: Vec<SearchInfo>,
}

impl Observer for Recorder {
    fn progress(&mut self, info: &SearchInfo) {
        self.infos.push(info.clone());
    }
}

/// The legal moves of a boundary position.
///
/// # Panics
/// When the plugin fails to list them.
pub fn legal(position: &PositionBox) -> Vec<Move> {
    position.moves().unwrap_or_else(|e| panic!("legal_moves failed: {e}"))
}

/// The text and hash of a position, to check it was left unchanged.
///
/// # Panics
/// When the plugin cannot write the text.
pub fn fingerprint(position: &PositionBox) -> (String, u64) {
    (position.text().unwrap_or_else(|e| panic!("to_text failed: {e}")), position.hash())
}

/// Limits of only a depth.
pub fn depth(plies: u32) -> SearchLimits {
    SearchLimits::depth(plies)
}

/// Runs one search with a fresh stop flag: the result and every progress
/// report.
///
/// # Panics
/// When a successful search left the position changed.
pub fn choose<S: StrategyImpl>(
    strategy: &mut S,
    position: &mut PositionBox,
    limits: SearchLimits,
) -> (Result<SearchResult, PluginError>, Vec<SearchInfo>) {
    choose_with_stop(strategy, position, limits, &AtomicBool::new(false))
}

/// [`choose`] with a caller-owned stop flag (set it from another thread to
/// test stopping).
///
/// # Panics
/// When a successful search left the position changed.
pub fn choose_with_stop<S: StrategyImpl>(
    strategy: &mut S,
    position: &mut PositionBox,
    limits: SearchLimits,
    stop: &AtomicBool,
) -> (Result<SearchResult, PluginError>, Vec<SearchInfo>) {
    let before = fingerprint(position);
    let mut recorder = Recorder::default();
    let result = {
        let mut observer = Observer_TO::from_ptr(&mut recorder, TD_Opaque);
        strategy.choose_move(position, limits, stop, &mut observer)
    };
    if result.is_ok() {
        assert_eq!(fingerprint(position), before, "the strategy must leave the position as it found it");
    }
    (result, recorder.infos)
}

/// Plays one game between two strategies from `start` (player 0 is
/// `first`), checking every move is legal: the final status and the number
/// of plies played, or the status at `max_plies` if the game goes on.
///
/// # Panics
/// When a player fails or chooses an illegal move.
pub fn play_game<A: StrategyImpl, B: StrategyImpl>(
    first: &mut A,
    second: &mut B,
    start: impl PositionImpl,
    limits: SearchLimits,
    max_plies: usize,
) -> (Status, usize) {
    let mut position = position_box(start);
    for ply in 0..max_plies {
        let status = position.outcome().unwrap_or_else(|e| panic!("status failed: {e}"));
        if !status.is_ongoing() {
            return (status, ply);
        }
        let mover = position.side_to_move();
        let (result, _) =
            if mover == 0 { choose(first, &mut position, limits) } else { choose(second, &mut position, limits) };
        let best = result.unwrap_or_else(|e| panic!("player {mover} failed at ply {ply}: {e}")).best;
        assert!(legal(&position).contains(&best), "player {mover} chose the illegal move {best:?} at ply {ply}");
        position.play(best).unwrap_or_else(|e| panic!("the legal move {best:?} was refused: {e}"));
    }
    (position.outcome().unwrap_or_else(|e| panic!("status failed: {e}")), max_plies)
}

/// A uniformly random opponent whose choices follow a seed.
pub struct RandomMover {
    rng: Rng,
}

impl RandomMover {
    /// An opponent whose choices follow `seed`.
    pub fn new(seed: u64) -> Self {
        RandomMover { rng: rng_from_seed(seed) }
    }
}

impl StrategyImpl for RandomMover {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        _stop: &AtomicBool,
        _observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        let moves = position.moves()?;
        if moves.is_empty() {
            return Err(PluginError::unsupported("RandomMover: no legal move"));
        }
        let best = moves[self.rng.random_range(0..moves.len())];
        Ok(SearchResult { best, pv: vec![best].into(), ..SearchResult::default() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgames::{Mnk, TakeAway};

    #[test]
    fn random_movers_finish_tic_tac_toe_legally_and_reproducibly() {
        let game = |seed| {
            let (mut a, mut b) = (RandomMover::new(seed), RandomMover::new(seed + 1));
            play_game(&mut a, &mut b, Mnk::tic_tac_toe(), SearchLimits::default(), 9)
        };
        let (status, plies) = game(1);
        assert!(!status.is_ongoing() && plies <= 9);
        assert_eq!(game(1), (status, plies));
    }

    #[test]
    fn choose_reports_a_finished_game_as_an_error() {
        let mut position = position_box(TakeAway::new(0, 3));
        let (result, infos) = choose(&mut RandomMover::new(0), &mut position, depth(1));
        assert!(result.is_err() && infos.is_empty());
    }
}
