//! A small seeded pseudo-random generator (SplitMix64) and the `seed` option.
//!
//! The three strategy plugins share this file (the greedy and alpha-beta
//! crates include it by path) rather than a crate of their own: they are
//! `cdylib`s that each export a root module, so one cannot link another.
//! SplitMix64 is plenty for choosing moves: fast, 64 bits of state, and every
//! seed (0 included) gives a good stream.

use std::time::{SystemTime, UNIX_EPOCH};

use rules_api::PluginError;

/// The value of the `seed` option that asks for a seed taken from the clock.
pub const CLOCK_SEED: &str = "clock";

/// The SplitMix64 output function: a bijective mix of all 64 bits, also
/// useful on its own as a cheap hash.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A stream fully determined by `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.state)
    }

    /// A uniform index in `0..n`; `n` must not be zero.
    ///
    /// Rejection sampling keeps the choice exactly uniform: plain `% n` would
    /// favour small indices slightly.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "SplitMix64::below needs a non-empty range");
        let n = n as u64;
        // Values at or above `zone` would make the low residues more likely.
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

/// A seed that differs from run to run: the clock, mixed with an address so
/// two strategies created in the same nanosecond still differ.
pub fn clock_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    let local = 0u8;
    mix(nanos ^ mix(&local as *const u8 as u64))
}

/// Reads the `seed` option: a decimal `u64`, or [`CLOCK_SEED`] for a seed
/// taken from the clock. `plugin` names the plugin in the error message.
pub fn parse_seed(plugin: &str, value: &str) -> Result<u64, PluginError> {
    let value = value.trim();
    if value == CLOCK_SEED {
        return Ok(clock_seed());
    }
    value.parse::<u64>().map_err(|_| {
        PluginError::bad_option(format!(
            "{plugin}: option 'seed' must be a whole number from 0 to {} or '{CLOCK_SEED}', not '{value}'",
            u64::MAX
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_different_seeds_differ() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let mut c = SplitMix64::new(8);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SplitMix64::new(1);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[r.below(5)] += 1;
        }
        // Each bucket expects 1000; 800 is far outside the noise of a fair draw.
        assert!(seen.iter().all(|&n| n > 800), "skewed draws: {seen:?}");
    }

    #[test]
    fn seed_option_accepts_numbers_and_clock_and_names_bad_values() {
        assert_eq!(parse_seed("random", "42").unwrap(), 42);
        assert!(parse_seed("random", CLOCK_SEED).is_ok());
        let err = parse_seed("random", "forty-two").unwrap_err();
        assert!(err.message.contains("'seed'") && err.message.contains("forty-two"), "{err}");
    }
}
