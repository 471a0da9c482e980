//! Test games and helpers shared by the three strategy crates' tests (the
//! random and greedy crates include this file by path), so each game is
//! written once.

// Each test crate uses a different subset of these helpers.
#![allow(dead_code, unused_imports)]

pub mod mnk;
pub mod small;

use std::sync::atomic::AtomicBool;

use rules_api::abi_stable::sabi_trait::TD_Opaque;
use rules_api::plugin::{position_box, PositionImpl, StrategyImpl};
use rules_api::{
    Move, Observer, ObserverMut, Observer_TO, PluginError, PositionBox, RVec, SearchInfo, SearchLimits, SearchResult,
    Status,
};

pub use mnk::{solve, Mnk};
pub use small::{Coins, Faulty, TakeAway, Walk};

/// A 64-bit mix for the test games' hashes (the SplitMix64 finaliser).
pub fn hash_mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Collects every progress report.
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
pub fn legal(pos: &PositionBox) -> Vec<Move> {
    let mut out = RVec::new();
    pos.legal_moves(&mut out).into_result().expect("legal_moves works on test positions");
    out.into_vec()
}

/// The text and hash of a position, to check it was left unchanged.
pub fn fingerprint(pos: &PositionBox) -> (String, u64) {
    (pos.to_text().into_result().expect("to_text works").into_string(), pos.hash())
}

/// Runs one search with a fresh stop flag, returning the result and every
/// progress report, and checking the position comes back unchanged.
pub fn choose<S: StrategyImpl>(
    strategy: &mut S,
    pos: &mut PositionBox,
    limits: SearchLimits,
) -> (Result<SearchResult, PluginError>, Vec<SearchInfo>) {
    let stop = AtomicBool::new(false);
    choose_with_stop(strategy, pos, limits, &stop)
}

/// [`choose`] with a caller-owned stop flag.
pub fn choose_with_stop<S: StrategyImpl>(
    strategy: &mut S,
    pos: &mut PositionBox,
    limits: SearchLimits,
    stop: &AtomicBool,
) -> (Result<SearchResult, PluginError>, Vec<SearchInfo>) {
    let before = fingerprint(pos);
    let mut recorder = Recorder::default();
    let result = {
        let mut observer = Observer_TO::from_ptr(&mut recorder, TD_Opaque);
        strategy.choose_move(pos, limits, stop, &mut observer)
    };
    if result.is_ok() {
        assert_eq!(fingerprint(pos), before, "the strategy must leave the position as it found it");
    }
    (result, recorder.infos)
}

/// Plays one game between two strategies from `start`, checking every move
/// is legal; returns the final status and the number of plies, or stops at
/// `max_plies` with the game still going.
pub fn play_game<A: StrategyImpl, B: StrategyImpl>(
    first: &mut A,
    second: &mut B,
    start: impl PositionImpl,
    limits: SearchLimits,
    max_plies: usize,
) -> (Status, usize) {
    let mut pos = position_box(start);
    for ply in 0..max_plies {
        let status = pos.status().into_result().expect("status works");
        if !status.is_ongoing() {
            return (status, ply);
        }
        let mover = pos.side_to_move();
        let (result, _) = if mover == 0 { choose(first, &mut pos, limits) } else { choose(second, &mut pos, limits) };
        let best = result.unwrap_or_else(|e| panic!("player {mover} failed at ply {ply}: {e}")).best;
        assert!(legal(&pos).contains(&best), "player {mover} chose the illegal move {best:?} at ply {ply}");
        pos.make_move(best).into_result().expect("a legal move can be made");
    }
    (pos.status().into_result().expect("status works"), max_plies)
}

/// A uniformly random opponent for games played in tests. The strategy
/// crates cannot link each other (each exports the same root-module symbol),
/// so the greedy and alpha-beta tests bring their own.
pub struct RandomMover {
    state: u64,
    moves: RVec<Move>,
}

impl RandomMover {
    /// An opponent whose choices follow `seed`.
    pub fn new(seed: u64) -> Self {
        RandomMover { state: seed, moves: RVec::new() }
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
        position.legal_moves(&mut self.moves).into_result()?;
        if self.moves.is_empty() {
            return Err(PluginError::unsupported("RandomMover: no legal move"));
        }
        self.state = self.state.wrapping_add(1);
        // A slight modulo bias does not matter for a test opponent.
        let best = self.moves[(hash_mix(self.state) % self.moves.len() as u64) as usize];
        Ok(SearchResult { best, pv: vec![best].into(), ..SearchResult::default() })
    }

    fn new_game(&mut self) {}
}

/// Limits of only a depth.
pub fn depth(d: u32) -> SearchLimits {
    SearchLimits { depth: d, ..SearchLimits::default() }
}
