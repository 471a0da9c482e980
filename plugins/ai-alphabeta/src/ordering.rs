//! Move ordering: which move to search next.
//!
//! Each move gets one sort key made of bands, so a single comparison gives
//! the order TT move → tactical moves (by the plugin's hint) → killers →
//! quiet moves with a history score → the rest by hint → prunable moves.
//! Hints are `i32`, so every band is far wider than any hint.

use rules_api::{Move, MoveFlags, MoveInfo};

use crate::MAX_PLY;

const TT_BAND: i64 = 5 << 40;
const TACTICAL_BAND: i64 = 4 << 40;
/// Sort keys from here up to the tactical band are killer moves.
pub const KILLER_BAND: i64 = 3 << 40;
const HISTORY_BAND: i64 = 2 << 40;
const PRUNABLE_BAND: i64 = -(4 << 40);

/// History scores are halved when one would pass this, keeping every score
/// below the width of its band and letting old knowledge fade.
const HISTORY_LIMIT: i32 = 1 << 24;
const HISTORY_BITS: u32 = 14;

/// A move with what the search needs to order and treat it.
#[derive(Copy, Clone, Debug, Default)]
pub struct Scored {
    /// The move.
    pub mv: Move,
    /// The plugin's flags for it.
    pub flags: MoveFlags,
    /// Sort key, higher first.
    pub key: i64,
}

/// Cut-off statistics: two killer moves per ply and a history table.
///
/// The history table is indexed by a hash of (player, from, to, extra), so
/// it fits any board size in a fixed 64 KiB; a rare collision only blurs the
/// ordering.
pub struct Heuristics {
    killers: [[Move; 2]; MAX_PLY],
    history: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics { killers: [[Move::NULL; 2]; MAX_PLY], history: vec![0; 1 << HISTORY_BITS] }
    }
}

fn history_index(side: u8, m: Move) -> usize {
    // The first two players in the top bit as ever; players 2 to 5 of a
    // larger game in the bits below it.
    let side = side as u64;
    let x = m.to_bits() ^ ((side & 1) << 63) ^ ((side >> 1) << 60);
    // Fibonacci hashing: multiply and keep the top bits.
    (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - HISTORY_BITS)) as usize
}

impl Heuristics {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY];
        self.history.fill(0);
    }

    /// Prepares for a new search: killers belong to the previous tree, and
    /// history from earlier moves counts for half.
    pub fn new_search(&mut self) {
        self.killers = [[Move::NULL; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// Records that quiet move `m` caused a beta cut-off at `ply` with
    /// `depth` plies left.
    pub fn record_cutoff(&mut self, ply: usize, side: u8, m: Move, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let h = &mut self.history[history_index(side, m)];
        *h += depth.clamp(1, 64).pow(2);
        if *h > HISTORY_LIMIT {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// The sort key of `m` at `ply`.
    pub fn key(&self, ply: usize, side: u8, m: Move, info: MoveInfo, tt_move: Move) -> i64 {
        let hint = info.hint as i64;
        if m == tt_move {
            TT_BAND
        } else if info.flags.contains(MoveFlags::PRUNABLE) {
            PRUNABLE_BAND + hint
        } else if info.flags.contains(MoveFlags::TACTICAL) {
            TACTICAL_BAND + hint
        } else if m == self.killers[ply][0] {
            KILLER_BAND + 1
        } else if m == self.killers[ply][1] {
            KILLER_BAND
        } else {
            let h = self.history[history_index(side, m)];
            if h > 0 {
                HISTORY_BAND + h as i64
            } else {
                hint
            }
        }
    }
}

/// Moves the best remaining move of `list[i..]` to `i` and returns it.
/// Selection rather than a full sort: most nodes cut off after a move or
/// two, so sorting the rest would be wasted. Ties keep the plugin's order.
pub fn pick(list: &mut [Scored], i: usize) -> Scored {
    let mut best = i;
    for j in i + 1..list.len() {
        if list[j].key > list[best].key {
            best = j;
        }
    }
    if best != i {
        // Shift instead of swap so equal keys stay in their original order.
        list[i..=best].rotate_right(1);
    }
    list[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(hint: i32, flags: MoveFlags) -> MoveInfo {
        MoveInfo { hint, flags }
    }

    #[test]
    fn bands_give_the_documented_order() {
        let mut h = Heuristics::default();
        let (tt, cap, killer, hist, quiet, far) =
            (Move::new(0, 1), Move::new(0, 2), Move::new(0, 3), Move::new(0, 4), Move::new(0, 5), Move::new(0, 6));
        h.record_cutoff(3, 0, hist, 4);
        h.record_cutoff(3, 0, killer, 2);
        // The history move is also the second killer at ply 3; at ply 4 it
        // is only a history move.
        let keys: Vec<i64> = [
            (tt, info(-50, MoveFlags::NONE)),
            (cap, info(-1000, MoveFlags::TACTICAL)),
            (killer, info(i32::MIN, MoveFlags::NONE)),
            (quiet, info(i32::MAX, MoveFlags::NONE)),
            (far, info(i32::MAX, MoveFlags::PRUNABLE)),
        ]
        .iter()
        .map(|&(m, i)| h.key(3, 0, m, i, tt))
        .collect();
        assert!(keys.windows(2).all(|w| w[0] > w[1]), "{keys:?}");
        let hist_key = h.key(4, 0, hist, info(i32::MAX, MoveFlags::NONE), tt);
        assert!(hist_key > h.key(4, 0, quiet, info(i32::MAX, MoveFlags::NONE), tt));
        assert!(hist_key < h.key(4, 0, cap, info(-1000, MoveFlags::TACTICAL), tt));
    }

    #[test]
    fn pick_takes_the_highest_key_and_keeps_ties_in_order() {
        let s = |to: u16, key: i64| Scored { mv: Move::place(to), flags: MoveFlags::NONE, key };
        let mut list = [s(0, 1), s(1, 5), s(2, 3), s(3, 5)];
        let order: Vec<u16> = (0..list.len()).map(|i| pick(&mut list, i).mv.to).collect();
        assert_eq!(order, [1, 3, 2, 0]);
    }
}
