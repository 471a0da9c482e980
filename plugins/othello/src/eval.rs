//! A static evaluation for the generic searches: where the discs stand
//! (corners are for good, the squares next to an empty corner give it
//! away), how many moves each side has, and in the last moves the disc
//! count itself.

use rules_api::score::MAX_EVAL;

use crate::bitboard;

/// The classic square weights (corners high, X- and C-squares low), row by
/// row from a1; symmetric, so the orientation of rows does not matter.
#[rustfmt::skip]
const WEIGHTS: [i32; 64] = [
    120, -20,  20,   5,   5,  20, -20, 120,
    -20, -40,  -5,  -5,  -5,  -5, -40, -20,
     20,  -5,  15,   3,   3,  15,  -5,  20,
      5,  -5,   3,   3,   3,   3,  -5,   5,
      5,  -5,   3,   3,   3,   3,  -5,   5,
     20,  -5,  15,   3,   3,  15,  -5,  20,
    -20, -40,  -5,  -5,  -5,  -5, -40, -20,
    120, -20,  20,   5,   5,  20, -20, 120,
];

/// The corners a1, h1, a8, h8.
const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;
/// With this few empty squares left the disc count dominates.
const ENDGAME_EMPTIES: u32 = 14;

/// The weight of one square, also the move-ordering hint of a move there.
pub fn square_weight(square: u32) -> i32 {
    WEIGHTS.get(square as usize).copied().unwrap_or(0)
}

fn placement(discs: u64) -> i32 {
    bitboard::squares(discs).map(square_weight).sum()
}

/// From the mover's view (`me` the mover's discs, `mine` and `theirs` the
/// two sides' legal squares), about 100 for a clear positional edge.
pub fn evaluate(me: u64, them: u64, mine: u64, theirs: u64) -> i32 {
    let (mine, theirs) = (mine.count_ones() as i32, theirs.count_ones() as i32);
    let empties = 64 - (me | them).count_ones();
    let mut score = placement(me) - placement(them);
    // Mobility, relative so that 3 moves against 1 counts more than 13
    // against 11.
    score += 60 * (mine - theirs) / (mine + theirs + 2);
    score += 40 * ((me & CORNERS).count_ones() as i32 - (them & CORNERS).count_ones() as i32);
    if empties <= ENDGAME_EMPTIES {
        score += 10 * (me.count_ones() as i32 - them.count_ones() as i32);
    }
    score.clamp(-MAX_EVAL, MAX_EVAL)
}
