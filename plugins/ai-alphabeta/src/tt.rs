//! The transposition table: results of earlier searches keyed by the
//! position's hash, allocated once at its full size.
//!
//! Buckets of two entries: the first keeps the deepest result (unless it is
//! left over from an earlier search), the second always takes the newest, so
//! deep results survive while the table still follows the current search.

use rules_api::score::WIN_THRESHOLD;
use rules_api::Move;

/// How a stored score relates to the true value of the position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// At least this much (a beta cut-off).
    Lower,
    /// At most this much (every move failed low).
    Upper,
}

/// A stored result.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// Full hash, to tell positions sharing a bucket apart.
    pub key: u64,
    /// Best or refuting move, or [`Move::NULL`].
    pub best: Move,
    /// Score in table form (see [`to_table`]).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: i16,
    /// What the score means.
    pub bound: Bound,
    generation: u8,
    used: bool,
}

const EMPTY: Entry =
    Entry { key: 0, best: Move::NULL, score: 0, depth: 0, bound: Bound::Upper, generation: 0, used: false };

/// A fixed-size hash table of search results.
pub struct TransTable {
    entries: Vec<Entry>,
    bucket_mask: usize,
    generation: u8,
}

impl TransTable {
    /// A table using at most `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Self {
        let wanted = megabytes.saturating_mul(1 << 20) / (2 * std::mem::size_of::<Entry>());
        // A power of two turns the bucket index into a mask.
        let mut buckets = if wanted <= 1 { 1 } else { 1usize << (usize::BITS - 1 - wanted.leading_zeros()) };
        // An allocation the system refuses must not abort the host: halve
        // the table until it fits.
        let mut entries = Vec::new();
        while entries.try_reserve_exact(buckets * 2).is_err() && buckets > 1 {
            buckets /= 2;
        }
        entries.resize(buckets * 2, EMPTY);
        TransTable { entries, bucket_mask: buckets - 1, generation: 0 }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries give way first.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.bucket_mask) * 2
    }

    /// The stored result for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + 2].iter().find(|e| e.used && e.key == key).copied()
    }

    /// Stores a result; `score` must already be in table form.
    pub fn store(&mut self, key: u64, best: Move, score: i32, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let generation = self.generation;
        let slot = if self.entries[b].key == key && self.entries[b].used {
            b
        } else if self.entries[b + 1].key == key && self.entries[b + 1].used {
            b + 1
        } else {
            let deep = self.entries[b];
            if !deep.used || deep.generation != generation || depth >= deep.depth as i32 {
                // The displaced deep entry still beats whatever sits in the
                // always-replace slot.
                self.entries[b + 1] = deep;
                b
            } else {
                b + 1
            }
        };
        let old = self.entries[slot];
        // A fail-low search has no best move; keep the one learnt earlier.
        let best = if best.is_null() && old.key == key && old.used { old.best } else { best };
        self.entries[slot] = Entry {
            key,
            best,
            score,
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            bound,
            generation,
            used: true,
        };
    }
}

/// Converts a score at `ply` from the root into table form: decided scores
/// are stored as distances from this node, not from the root, so the entry
/// stays right when the position is reached at another ply.
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`to_table`] for a node at `ply`.
pub fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::score::WIN;

    #[test]
    fn size_is_a_power_of_two_within_budget() {
        let t = TransTable::new(1);
        assert!(t.capacity().is_power_of_two());
        assert!(t.capacity() * std::mem::size_of::<Entry>() <= 1 << 20);
        assert!(t.capacity() * std::mem::size_of::<Entry>() > 1 << 19);
    }

    #[test]
    fn stores_and_finds_and_keeps_the_old_move_on_fail_low() {
        let mut t = TransTable::new(1);
        t.store(42, Move::place(7), 15, 3, Bound::Exact);
        let e = t.probe(42).expect("stored");
        assert_eq!((e.best, e.score, e.depth, e.bound), (Move::place(7), 15, 3, Bound::Exact));
        t.store(42, Move::NULL, -5, 4, Bound::Upper);
        let e = t.probe(42).expect("still stored");
        assert_eq!((e.best, e.score, e.bound), (Move::place(7), -5, Bound::Upper));
        assert!(t.probe(43).is_none());
    }

    #[test]
    fn a_shallow_result_does_not_evict_a_deep_one_of_the_same_search() {
        let mut t = TransTable::new(1);
        let buckets = (t.capacity() / 2) as u64;
        let (a, b, c) = (5, 5 + buckets, 5 + 2 * buckets);
        t.store(a, Move::place(1), 1, 9, Bound::Exact);
        t.store(b, Move::place(2), 2, 1, Bound::Exact);
        t.store(c, Move::place(3), 3, 1, Bound::Exact);
        assert!(t.probe(a).is_some(), "the deep entry survives");
        assert!(t.probe(c).is_some(), "the newest entry is there");
        assert!(t.probe(b).is_none(), "the shallow older one made room");
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        // A win 5 plies from the root found at ply 2 is a win in 3 from there.
        let stored = to_table(WIN - 5, 2);
        assert_eq!(stored, WIN - 3);
        assert_eq!(from_table(stored, 4), WIN - 7);
        assert_eq!(from_table(to_table(-(WIN - 6), 1), 1), -(WIN - 6));
        assert_eq!(to_table(120, 9), 120);
    }
}
