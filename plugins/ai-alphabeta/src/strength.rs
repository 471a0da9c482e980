//! Playing strength: the `strength` option, 1 (weakest) to 20 (full).
//!
//! A weaker level plays like a weaker person rather than a strong player
//! who throws games: it looks less far (a depth cap), sees less (a node
//! cap) and, among the moves it thinks nearly as good as its best, picks
//! one with some randomness (noise in move choice), so it misjudges close
//! positions and misses deep tactics but rarely hangs a piece for nothing
//! at the middle levels. Each level multiplies the node cap by 1.6 and
//! shrinks the noise; level 20 is the unrestricted search.
//!
//! Approximate Elo per level (measured against Stockfish's `UCI_Elo` in
//! chess) is in `docs/BENCHMARKS-engines.md`; the host's level table
//! (`tabula_core::source`) maps named levels onto these numbers.

use rules_api::score::is_decided;
use rules_api::Move;
use tabula_kit::rand::Rng as _;
use tabula_kit::Rng;

/// The strongest level: no cap, no noise.
pub const MAX_STRENGTH: u32 = 20;

/// What one level allows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The level, 1..=20.
    pub level: u32,
}

impl Default for Strength {
    fn default() -> Self {
        Strength { level: MAX_STRENGTH }
    }
}

impl Strength {
    /// The level `level`, clamped to 1..=20.
    pub fn new(level: u32) -> Self {
        Strength { level: level.clamp(1, MAX_STRENGTH) }
    }

    /// Whether this is the unrestricted search.
    pub fn is_full(self) -> bool {
        self.level >= MAX_STRENGTH
    }

    /// Nodes per move (0 = no cap): 40 at level 1, ×1.6 per level, about
    /// 190 000 at level 19.
    pub fn node_cap(self) -> u64 {
        if self.is_full() {
            0
        } else {
            (40.0 * 1.6f64.powi(self.level as i32 - 1)).round() as u64
        }
    }

    /// Deepest nominal depth (0 = no cap): 1 + level / 2.
    pub fn depth_cap(self) -> u32 {
        if self.is_full() {
            0
        } else {
            1 + self.level / 2
        }
    }

    /// How far below its best a move may score and still be chosen, in
    /// evaluation units (100 = a pawn-like unit): 240 at level 1, 0 at 20.
    pub fn noise(self) -> i32 {
        ((MAX_STRENGTH - self.level) * 240 / (MAX_STRENGTH - 1)) as i32
    }

    /// Picks the move to play from the root moves with their scores
    /// (`None` for a move whose search gave only a bound below the window):
    /// the best, or under noise the move whose score plus a uniform draw
    /// in `0..=noise` is highest among those within `noise` of the best.
    /// Decided scores are never traded away: a winning move is kept and a
    /// losing one never chosen over a move that does not lose.
    pub fn choose(self, scored: &[(Move, Option<i32>)], rng: &mut Rng) -> Option<(Move, i32)> {
        let best = scored.iter().filter_map(|&(m, s)| s.map(|s| (m, s))).max_by_key(|&(_, s)| s)?;
        let noise = self.noise();
        if noise == 0 || is_decided(best.1) {
            return Some(best);
        }
        let mut pick = best;
        let mut pick_value = i64::MIN;
        for &(m, s) in scored {
            let Some(s) = s else { continue };
            if s < best.1 - noise || is_decided(s) {
                continue;
            }
            let value = s as i64 + rng.random_range(0..=noise) as i64;
            if value > pick_value {
                pick_value = value;
                pick = (m, s);
            }
        }
        Some(pick)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::score::WIN;
    use tabula_kit::rng_from_seed;

    #[test]
    fn caps_grow_and_noise_shrinks_with_the_level() {
        let levels: Vec<Strength> = (1..=MAX_STRENGTH).map(Strength::new).collect();
        for w in levels.windows(2) {
            let (a, b) = (w[0], w[1]);
            if !b.is_full() {
                assert!(a.node_cap() < b.node_cap(), "{a:?} {b:?}");
                assert!(a.depth_cap() <= b.depth_cap());
            }
            assert!(a.noise() >= b.noise());
        }
        assert_eq!((Strength::new(20).node_cap(), Strength::new(20).depth_cap(), Strength::new(20).noise()), (0, 0, 0));
        assert_eq!(Strength::new(1).node_cap(), 40);
        assert_eq!(Strength::new(0), Strength::new(1));
    }

    #[test]
    fn noise_picks_among_close_moves_only_and_never_a_loss() {
        let (a, b, c, d) = (Move::place(0), Move::place(1), Move::place(2), Move::place(3));
        let scored = [(a, Some(100)), (b, Some(60)), (c, Some(-500)), (d, None)];
        let weak = Strength::new(1);
        let mut rng = rng_from_seed(3);
        let picks: Vec<Move> = (0..200).map(|_| weak.choose(&scored, &mut rng).unwrap().0).collect();
        assert!(picks.contains(&a) && picks.contains(&b), "both close moves get played");
        assert!(!picks.contains(&c) && !picks.contains(&d), "far worse and unscored moves never");
        assert_eq!(Strength::new(20).choose(&scored, &mut rng), Some((a, 100)));
        let won = [(a, Some(WIN - 3)), (b, Some(WIN - 5))];
        assert_eq!(weak.choose(&won, &mut rng), Some((a, WIN - 3)));
        let lost = [(a, Some(-20)), (b, Some(-(WIN - 2)))];
        assert!((0..50).all(|_| weak.choose(&lost, &mut rng).unwrap().0 == a));
    }
}
