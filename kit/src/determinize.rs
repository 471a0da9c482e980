//! Determinization for strategies in games with hidden information
//! (Perfect Information Monte Carlo, PIMC): draw full positions the player
//! to move cannot tell from the one it was handed
//! ([`rules_api::Position::sample`]), search each as if everything were
//! public, and add up what each root move was worth over the samples.
//!
//! Its known weakness is *strategy fusion*: each sample is searched as if
//! the player knew which sample is true, so a move that is good in every
//! sample for a different follow-up looks better than it is (the player
//! cannot choose the follow-up per sample, not knowing which holds), and
//! no move is ever chosen to learn something or to hide something. It is
//! still the usual strong baseline (bridge, skat, phantom games).

use rules_api::{Move, PluginError, PositionBox, PositionExt, SearchLimits};

/// Samples searched per move when the strategy is not told otherwise.
pub const DEFAULT_SAMPLES: usize = 8;

/// The seed of sample `k` for a search seeded with `seed` from `position`:
/// the strategy's own seed, the position (itself drawn from the game's
/// recorded seed) and the index, so a match replays with the same samples.
pub fn sample_seed(seed: u64, position: &PositionBox, k: usize) -> u64 {
    let mut z = seed ^ position.hash() ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `count` samples of what the side to move of `position` knows.
pub fn draw_samples(position: &PositionBox, count: usize, seed: u64) -> Result<Vec<PositionBox>, PluginError> {
    let mover = position.side_to_move();
    (0..count.max(1)).map(|k| position.sample_for(mover, sample_seed(seed, position, k))).collect()
}

/// `limits` shared out over `parts` searches: the time and nodes divided
/// (at least 1 ms and 1 node where there was a limit), the depth kept.
pub fn share(limits: SearchLimits, parts: usize) -> SearchLimits {
    let parts = parts.max(1) as u64;
    let part = |total: u64| if total == 0 { 0 } else { (total / parts).max(1) };
    SearchLimits {
        time_ms: part(limits.time_ms),
        nodes: part(limits.nodes),
        max_time_ms: part(limits.max_time_ms),
        depth: limits.depth,
    }
}

/// What each root move was worth, added up over the samples.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    totals: Vec<(Move, f64)>,
}

impl Tally {
    /// Every move of `moves` at zero (so a move never credited still counts).
    pub fn new(moves: &[Move]) -> Self {
        Tally { totals: moves.iter().map(|&m| (m, 0.0)).collect() }
    }

    /// Credits `m` with `value`; a move not among the root moves is ignored
    /// (a sample has the same moves for its player, by the rules' contract).
    pub fn add(&mut self, m: Move, value: f64) {
        if let Some(entry) = self.totals.iter_mut().find(|(mv, _)| *mv == m) {
            entry.1 += value;
        }
    }

    /// The move with the largest total (the first of equals), and its total.
    pub fn best(&self) -> Option<(Move, f64)> {
        self.totals.iter().copied().reduce(|best, next| if next.1 > best.1 { next } else { best })
    }

    /// The totals, in the order of the moves given to [`Tally::new`].
    pub fn totals(&self) -> &[(Move, f64)] {
        &self.totals
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_shared_and_never_become_none() {
        let limits = SearchLimits { time_ms: 1000, nodes: 5, depth: 4, max_time_ms: 0 };
        let shared = share(limits, 8);
        assert_eq!((shared.time_ms, shared.nodes, shared.depth, shared.max_time_ms), (125, 1, 4, 0));
    }

    #[test]
    fn the_tally_picks_the_largest_total() {
        let (a, b) = (Move::place(0), Move::place(1));
        let mut tally = Tally::new(&[a, b]);
        tally.add(a, 0.4);
        tally.add(b, 0.3);
        tally.add(b, 0.3);
        tally.add(Move::place(7), 5.0);
        assert_eq!(tally.best(), Some((b, 0.6)));
    }
}
