//! The transposition table: results of earlier searches keyed by the
//! position's hash, allocated once at its full size and shared by every
//! search thread.
//!
//! Buckets of two entries: the first keeps the deepest result (unless it is
//! left over from an earlier search), the second always takes the newest, so
//! deep results survive while the table still follows the current search.
//!
//! Threads read and write without locks. An entry is three atomic words:
//! the move, the packed score/depth/bound/generation, and the key XORed
//! with both, so a reader that catches an entry half written sees a key
//! that does not match and treats the slot as empty (the lockless hashing
//! of Hyatt and Mann). Nothing unsafe is involved: a torn entry is merely
//! a miss.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

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
}

/// One slot: `check` is `key ^ mv ^ data`.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    mv: AtomicU64,
    data: AtomicU64,
}

/// Bit 50 of the data word marks a used slot (an all-zero slot is empty).
const USED: u64 = 1 << 50;

fn pack(score: i32, depth: i16, bound: Bound, generation: u8) -> u64 {
    let bound = match bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    (score as u32 as u64) | (depth as u16 as u64) << 32 | bound << 48 | USED | (generation as u64) << 56
}

fn unpack(key: u64, mv: u64, data: u64) -> Entry {
    let bound = match (data >> 48) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        key,
        best: Move::from_bits(mv),
        score: data as u32 as i32,
        depth: (data >> 32) as u16 as i16,
        bound,
        generation: (data >> 56) as u8,
    }
}

impl Slot {
    /// The entry in this slot if it is used and whole; `None` when empty
    /// or caught half written.
    fn read(&self) -> Option<Entry> {
        let (check, mv, data) = (self.check.load(Relaxed), self.mv.load(Relaxed), self.data.load(Relaxed));
        (data & USED != 0).then(|| unpack(check ^ mv ^ data, mv, data))
    }
    fn write(&self, key: u64, mv: u64, data: u64) {
        self.mv.store(mv, Relaxed);
        self.data.store(data, Relaxed);
        self.check.store(key ^ mv ^ data, Relaxed);
    }
    fn clear(&self) {
        self.write(0, 0, 0);
    }
}

/// A fixed-size hash table of search results, shared by the search threads.
pub struct TransTable {
    slots: Box<[Slot]>,
    bucket_mask: usize,
    generation: AtomicU8,
}

impl TransTable {
    /// A table using at most `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> Self {
        let wanted = megabytes.saturating_mul(1 << 20) / (2 * std::mem::size_of::<Slot>());
        // A power of two turns the bucket index into a mask.
        let mut buckets = if wanted <= 1 { 1 } else { 1usize << (usize::BITS - 1 - wanted.leading_zeros()) };
        // An allocation the system refuses must not abort the host: halve
        // the table until it fits.
        let mut slots: Vec<Slot> = Vec::new();
        while slots.try_reserve_exact(buckets * 2).is_err() && buckets > 1 {
            buckets /= 2;
        }
        slots.extend((0..buckets * 2).map(|_| Slot::default()));
        TransTable { slots: slots.into_boxed_slice(), bucket_mask: buckets - 1, generation: AtomicU8::new(0) }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Bytes one entry takes.
    pub fn entry_size() -> usize {
        std::mem::size_of::<Slot>()
    }

    /// Forgets everything.
    pub fn clear(&self) {
        self.slots.iter().for_each(Slot::clear);
        self.generation.store(0, Relaxed);
    }

    /// Marks the start of a new search, so older entries give way first.
    pub fn next_generation(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.bucket_mask) * 2
    }

    /// The stored result for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.slots[b..b + 2].iter().filter_map(Slot::read).find(|e| e.key == key)
    }

    /// Stores a result; `score` must already be in table form.
    pub fn store(&self, key: u64, best: Move, score: i32, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let generation = self.generation.load(Relaxed);
        let (first, second) = (self.slots[b].read(), self.slots[b + 1].read());
        let same = |e: Option<Entry>| e.is_some_and(|e| e.key == key);
        let (slot, old) = if same(first) {
            (b, first)
        } else if same(second) {
            (b + 1, second)
        } else {
            match first {
                Some(deep) if deep.generation == generation && depth < deep.depth as i32 => (b + 1, None),
                _ => {
                    // The displaced deep entry still beats whatever sits in
                    // the always-replace slot.
                    if let Some(deep) = first {
                        self.slots[b + 1].write(deep.key, deep.best.to_bits(), self.slots[b].data.load(Relaxed));
                    }
                    (b, None)
                }
            }
        };
        // A fail-low search has no best move; keep the one learnt earlier.
        let best = match old {
            Some(old) if best.is_null() => old.best,
            _ => best,
        };
        let depth = depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        self.slots[slot].write(key, best.to_bits(), pack(score, depth, bound, generation));
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
        assert!(t.capacity() * TransTable::entry_size() <= 1 << 20);
        assert!(t.capacity() * TransTable::entry_size() > 1 << 19);
    }

    #[test]
    fn stores_and_finds_and_keeps_the_old_move_on_fail_low() {
        let t = TransTable::new(1);
        t.store(42, Move::place(7), 15, 3, Bound::Exact);
        let e = t.probe(42).expect("stored");
        assert_eq!((e.best, e.score, e.depth, e.bound), (Move::place(7), 15, 3, Bound::Exact));
        t.store(42, Move::NULL, -5, 4, Bound::Upper);
        let e = t.probe(42).expect("still stored");
        assert_eq!((e.best, e.score, e.bound), (Move::place(7), -5, Bound::Upper));
        assert!(t.probe(43).is_none());
        t.store(44, Move::new(3, 4), -(WIN - 9), -2, Bound::Lower);
        let e = t.probe(44).expect("stored");
        assert_eq!((e.best, e.score, e.depth, e.bound), (Move::new(3, 4), -(WIN - 9), -2, Bound::Lower));
    }

    #[test]
    fn a_shallow_result_does_not_evict_a_deep_one_of_the_same_search() {
        let t = TransTable::new(1);
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
    fn a_torn_entry_reads_as_a_miss() {
        let t = TransTable::new(1);
        t.store(77, Move::place(5), 10, 2, Bound::Exact);
        let b = t.bucket(77);
        // Another thread's half-finished write: the move word changed alone.
        t.slots[b].mv.store(Move::place(9).to_bits(), Relaxed);
        assert!(t.probe(77).is_none());
    }

    #[test]
    fn threads_share_the_table() {
        let t = TransTable::new(1);
        std::thread::scope(|s| {
            for k in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..1000u64 {
                        t.store(k * 1_000_003 + i, Move::place(i as u16), i as i32, 1, Bound::Exact);
                    }
                });
            }
        });
        let found = (0..4u64).flat_map(|k| (0..1000u64).map(move |i| k * 1_000_003 + i));
        for key in found {
            if let Some(e) = t.probe(key) {
                assert_eq!(e.best, Move::place((key % 1_000_003) as u16), "an entry is never mixed up");
            }
        }
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
