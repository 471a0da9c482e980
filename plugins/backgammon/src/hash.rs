//! Zobrist keys: one per (player, point, number of checkers), so moving a
//! checker changes the hash by four table look-ups, and one per value of
//! the state (phase and player, dice, cube and owner, a dropped double).

use std::sync::OnceLock;

use crate::board::{Board, CHECKERS};
use crate::state::{State, MAX_CUBE_LOG};

const COUNTS: usize = CHECKERS as usize + 1;
const BOARD_KEYS: usize = 2 * 26 * COUNTS;
const PHASE_KEYS: usize = 6 * 2;
const DICE_KEYS: usize = 7 * 7;
const CUBE_KEYS: usize = (MAX_CUBE_LOG as usize + 1) * 3;
const KEYS: usize = BOARD_KEYS + PHASE_KEYS + DICE_KEYS + CUBE_KEYS + 1;

fn keys() -> &'static [u64] {
    static KEYS_TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    KEYS_TABLE.get_or_init(|| tabula_kit::rng::zobrist_keys(0xBAC6_A770, KEYS))
}

/// The key of `count` checkers of `side` at `index`.
#[inline]
pub fn checker_key(side: usize, index: usize, count: u8) -> u64 {
    keys()[(side * 26 + index) * COUNTS + count as usize]
}

/// The hash of the checkers alone.
pub fn board_hash(board: &Board) -> u64 {
    let mut h = 0;
    for side in 0..2 {
        for index in 0..26 {
            h ^= checker_key(side, index, board.count(side, index));
        }
    }
    h
}

/// The hash of everything else.
#[inline]
pub fn state_hash(state: &State) -> u64 {
    let k = keys();
    let mut h = k[BOARD_KEYS + state.phase.index() * 2 + state.turn as usize];
    h ^= k[BOARD_KEYS + PHASE_KEYS + state.dice[0] as usize * 7 + state.dice[1] as usize];
    let owner = state.owner.map_or(0, |o| o as usize + 1);
    h ^= k[BOARD_KEYS + PHASE_KEYS + DICE_KEYS + state.cube as usize * 3 + owner];
    if state.dropped {
        h ^= k[KEYS - 1];
    }
    h
}
