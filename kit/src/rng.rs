//! Seeded randomness that is the same on every platform and every build.
//!
//! [`Rng`] is xoshiro256++ from `rand_xoshiro`, driven through `rand`'s
//! traits (`use tabula_kit::rand::Rng as _;` then `rng.random_range(0..n)`).
//! Its output stream is fixed by its specification, unlike `rand`'s
//! `StdRng`/`SmallRng`, whose algorithms may change between releases: a
//! seeded game, playout or Zobrist table stays the same.
//!
//! Strategies share one `seed` option: a whole number, or [`CLOCK_SEED`]
//! for a different stream every time ([`seed_option`], [`parse_seed`]).

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::time::{SystemTime, UNIX_EPOCH};

use rand::{RngCore, SeedableRng};
use rules_api::{OptionSpec, PluginError};

/// The generator the kit uses everywhere: xoshiro256++.
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator whose whole stream is determined by `seed` (every seed,
/// 0 included, gives a good stream).
pub fn rng_from_seed(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}

/// The value of the `seed` option that asks for a seed taken from the clock.
pub const CLOCK_SEED: &str = "clock";

/// Another spelling of [`CLOCK_SEED`] that [`parse_seed`] accepts, since
/// "random" is what people type for "not reproducible".
pub const RANDOM_SEED: &str = "random";

/// A seed that differs from run to run: the clock mixed with std's
/// per-process random hasher keys, so two players created in the same
/// nanosecond still differ.
pub fn clock_seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(nanos);
    hasher.finish()
}

/// Reads the `seed` option: a decimal `u64`, or [`CLOCK_SEED`] (or
/// [`RANDOM_SEED`]) for a seed taken from the clock. `plugin` names the
/// plugin in the error message.
pub fn parse_seed(plugin: &str, value: &str) -> Result<u64, PluginError> {
    let value = value.trim();
    if value == CLOCK_SEED || value == RANDOM_SEED {
        return Ok(clock_seed());
    }
    value.parse::<u64>().map_err(|_| {
        PluginError::bad_option(format!(
            "{plugin}: option 'seed' must be a whole number from 0 to {} or '{CLOCK_SEED}', not '{value}'",
            u64::MAX
        ))
    })
}

/// The `seed` option as a strategy lists it, defaulting to `default`
/// ([`CLOCK_SEED`] for players meant to vary, a number for reproducible
/// ones); `purpose` says what the seed decides, for help screens.
pub fn seed_option(default: &str, purpose: &str) -> OptionSpec {
    OptionSpec::new("seed", default, &[], &format!("{purpose} (a whole number, or '{CLOCK_SEED}')."))
}

/// `n` Zobrist keys from `seed`: non-zero and pairwise distinct, so no
/// single key can vanish from a hash or cancel another.
pub fn zobrist_keys(seed: u64, n: usize) -> Vec<u64> {
    let mut rng = rng_from_seed(seed);
    let mut keys = Vec::with_capacity(n);
    loop {
        while keys.len() < n {
            let key = rng.next_u64();
            if key != 0 {
                keys.push(key);
            }
        }
        // With 64-bit keys a repeat is vanishingly rare, but a table that
        // had one would silently merge two positions forever: the keys from
        // the later copy on are drawn again. Checked on a sorted copy, far
        // cheaper than hashing every key (games build these per instance).
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        let Some(repeat) = sorted.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]) else { return keys };
        let later = keys.iter().rposition(|&k| k == repeat).expect("the repeated key is there");
        keys.truncate(later);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn the_stream_is_pinned_by_the_algorithm() {
        // xoshiro256++ seeded through SplitMix64, as rand_xoshiro documents;
        // if this changes, every seeded playout and table in the project does.
        let mut rng = rng_from_seed(0);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        let mut again = rng_from_seed(0);
        assert_eq!(first, (0..3).map(|_| again.next_u64()).collect::<Vec<_>>());
        assert_ne!(first, (0..3).map(|_| rng_from_seed(1).next_u64()).collect::<Vec<_>>());
        assert_eq!(first[0], 0x53175d61490b23df);
    }

    #[test]
    fn ranges_are_covered_evenly() {
        let mut rng = rng_from_seed(1);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[rng.random_range(0..5)] += 1;
        }
        // Each bucket expects 1000; 800 is far outside the noise of a fair draw.
        assert!(seen.iter().all(|&n| n > 800), "skewed draws: {seen:?}");
    }

    #[test]
    fn seed_option_accepts_numbers_and_clock_and_names_bad_values() {
        assert_eq!(parse_seed("random", "42").unwrap(), 42);
        assert_eq!(parse_seed("random", " 7 ").unwrap(), 7);
        assert!(parse_seed("random", CLOCK_SEED).is_ok());
        assert!(parse_seed("random", RANDOM_SEED).is_ok());
        let err = parse_seed("random", "forty-two").unwrap_err();
        assert!(err.message.contains("'seed'") && err.message.contains("forty-two"), "{err}");
        assert!(err.message.starts_with("random:"), "{err}");
        let spec = seed_option(CLOCK_SEED, "Seed for the choices");
        assert_eq!((spec.name.as_str(), spec.default.as_str()), ("seed", CLOCK_SEED));
    }

    #[test]
    fn clock_seeds_differ() {
        assert_ne!(clock_seed(), clock_seed());
    }

    #[test]
    fn zobrist_keys_are_reproducible_distinct_and_non_zero() {
        let keys = zobrist_keys(99, 2000);
        assert_eq!(keys, zobrist_keys(99, 2000));
        assert_ne!(keys, zobrist_keys(98, 2000));
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 2000);
        assert!(!keys.contains(&0));
    }
}
