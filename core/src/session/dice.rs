//! Where a session's chance outcomes come from, and the draw itself.
//!
//! A chance node ([`rules_api::PositionFlags::CHANCE`]) is resolved by the
//! host, never by a player. A session either rolls itself
//! ([`Chance::Seeded`]) or takes its rolls from outside ([`Chance::External`]:
//! a network server rolls, a record is replayed, the command line names
//! them).
//!
//! A seeded roll depends on the game's seed and the ply it is drawn at and
//! on nothing else: ChaCha8 seeded with the seed, its stream set to the
//! ply, one draw weighted by the outcomes' probabilities
//! (`rand::distr::weighted::WeightedIndex`). Taking a move back and playing
//! it again rolls the same dice, and so does playing another move there:
//! a player cannot re-roll by taking back, and a saved game continues with
//! the dice it would have had.

use rand::distr::weighted::WeightedIndex;
use rand::distr::Distribution as _;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;
use rules_api::{ChanceOutcome, Move};

use crate::boundary::Faulty;

/// The [`super::PlayedMove::player`] of a chance move: no player made it
/// (the host drew it, or it came from outside as a roll).
pub const CHANCE_PLAYER: u8 = u8::MAX;

/// The largest seed a saved game or record can hold (TOML integers are
/// signed 64-bit); the seeds Tabula makes are never larger.
pub const MAX_SEED: u64 = i64::MAX as u64;

/// Where the outcomes of a session's chance nodes come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// The session draws them itself, from this seed (at most
    /// [`MAX_SEED`]): after every move that leads to a chance node, and at
    /// the start when the start is one. Local games, matches, the server.
    Seeded(u64),
    /// They come from outside through [`super::Session::play_chance`]; the
    /// session stops at every chance node and waits
    /// ([`super::Session::awaits_chance`]). A network client (the server
    /// rolls), a record replayed, `tabula moves --moves`.
    External,
}

impl Chance {
    /// A seeded session with a seed that differs from game to game.
    pub fn fresh() -> Chance {
        Chance::Seeded(fresh_seed())
    }
    /// The seed, when the session rolls itself.
    pub fn seed(self) -> Option<u64> {
        match self {
            Chance::Seeded(seed) => Some(seed),
            Chance::External => None,
        }
    }
}

/// A seed that differs from run to run, at most [`MAX_SEED`].
pub fn fresh_seed() -> u64 {
    tabula_kit::rng::clock_seed() & MAX_SEED
}

/// The outcome drawn at `ply` (the number of moves before it) of a game
/// seeded with `seed`, weighted by the probabilities of `outcomes` (checked
/// by [`crate::boundary::check_chance`] first).
pub fn draw(seed: u64, ply: usize, outcomes: &[ChanceOutcome]) -> Result<Move, Faulty> {
    let weights = WeightedIndex::new(outcomes.iter().map(|o| o.probability))
        .map_err(|e| Faulty { call: "chance_outcomes", problem: format!("probabilities that cannot be drawn: {e}") })?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(ply as u64);
    Ok(outcomes[weights.sample(&mut rng)].mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die() -> Vec<ChanceOutcome> {
        (1..=6).map(|k| ChanceOutcome { mv: Move { extra: k, ..Move::PASS }, probability: 1.0 / 6.0 }).collect()
    }

    #[test]
    fn a_roll_depends_on_the_seed_and_the_ply_only() {
        let outcomes = die();
        let first: Vec<Move> = (0..40).map(|ply| draw(7, ply, &outcomes).unwrap()).collect();
        let again: Vec<Move> = (0..40).map(|ply| draw(7, ply, &outcomes).unwrap()).collect();
        assert_eq!(first, again);
        let other: Vec<Move> = (0..40).map(|ply| draw(8, ply, &outcomes).unwrap()).collect();
        assert_ne!(first, other, "another seed, other dice");
        let faces: std::collections::BTreeSet<u16> = first.iter().map(|m| m.extra).collect();
        assert_eq!(faces.len(), 6, "forty rolls of a fair die show every face");
    }

    #[test]
    fn draws_follow_the_probabilities() {
        // A loaded coin: 0.9 and 0.1. Over 10,000 plies of one seed the
        // heavy side comes up about 9,000 times (σ = 30).
        let coin = [
            ChanceOutcome { mv: Move { extra: 1, ..Move::PASS }, probability: 0.9 },
            ChanceOutcome { mv: Move { extra: 2, ..Move::PASS }, probability: 0.1 },
        ];
        let heavy = (0..10_000).filter(|&ply| draw(42, ply, &coin).unwrap().extra == 1).count();
        assert!((8_850..=9_150).contains(&heavy), "{heavy}");
    }

    #[test]
    fn fresh_seeds_fit_a_record() {
        assert!((0..100).all(|_| fresh_seed() <= MAX_SEED));
    }
}
