//! Zobrist keys: one per square and square contents, and keys for the
//! phase, the two-squares record and the moves without a strike.

use std::sync::OnceLock;

use crate::board::SQUARES;

const CONTENTS: usize = 256;
const PHASES: usize = 64;
const SERIES: usize = 2 * SERIES_STRIDE;

struct Keys {
    squares: Vec<u64>,
    phases: Vec<u64>,
    series: Vec<u64>,
    quiet: u64,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let all = tabula_kit::rng::zobrist_keys(0x5741_7E60, SQUARES * CONTENTS + PHASES + SERIES + 1);
        let (squares, rest) = all.split_at(SQUARES * CONTENTS);
        let (phases, rest) = rest.split_at(PHASES);
        let (series, rest) = rest.split_at(SERIES);
        Keys { squares: squares.to_vec(), phases: phases.to_vec(), series: series.to_vec(), quiet: rest[0] }
    })
}

/// The key of a piece whose contents byte is `contents` standing on
/// `square` (the caller gives 0 for an empty square, so an empty board
/// hashes to 0).
pub fn square(square: u16, contents: u8) -> u64 {
    keys().squares[square as usize * CONTENTS + contents as usize]
}

/// The key of phase number `index` (below 64).
pub fn phase(index: usize) -> u64 {
    keys().phases[index]
}

/// The key of the two-squares record's entry `index`: player `p`'s
/// origin, target and count at `p * SERIES_STRIDE + square`,
/// `+ SQUARES + square` and `+ 2 * SQUARES + count`.
pub fn series(index: usize) -> u64 {
    keys().series[index]
}

/// The entries the two-squares record takes per player.
pub const SERIES_STRIDE: usize = SQUARES * 2 + 8;

/// The base key of the count of moves without a strike.
pub fn quiet() -> u64 {
    keys().quiet
}
