//! Zobrist keys: one per square and square contents, and keys for the
//! phase, the two-squares record and the moves without a strike.

use std::sync::OnceLock;

use crate::board::SQUARES;
use crate::state::{Game, Mode, Phase, Square};

const CONTENTS: usize = 256;
const PHASES: usize = 64;
const SERIES: usize = 2 * (SQUARES * 2 + 8);

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

/// The key of `value` standing on `square` (0 for an empty square, so an
/// empty board hashes to 0).
pub fn square(square: u16, value: Square) -> u64 {
    if value.is_empty() {
        return 0;
    }
    keys().squares[square as usize * CONTENTS + value.0 as usize]
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Play { side } => side as usize,
        Phase::Setup { player, mode } => {
            let m = match mode {
                Mode::Place => 0,
                Mode::Random => 1,
                Mode::Preset(n) => 2 + n as usize,
            };
            2 + player as usize * 24 + m.min(23)
        }
    }
}

/// The key of everything but the squares.
pub fn meta(game: &Game) -> u64 {
    let k = keys();
    let mut h = k.phases[phase_index(game.phase)];
    for (p, s) in game.series.iter().enumerate() {
        if s.count > 0 {
            let base = p * (SQUARES * 2 + 8);
            h ^= k.series[base + s.from as usize]
                ^ k.series[base + SQUARES + s.to as usize]
                ^ k.series[base + 2 * SQUARES + (s.count as usize).min(7)];
        }
    }
    if game.config.quiet_limit > 0 {
        // A multiplicative mix, so each count has its own key.
        h ^= k.quiet.wrapping_mul(game.quiet as u64 * 2 + 1).rotate_left(17);
    }
    h
}
