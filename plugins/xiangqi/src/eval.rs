//! Evaluation terms: material, piece-square tables, mobility and Zobrist keys.
//!
//! Material and placement are summed incrementally from Red's view by the
//! position; only the small mobility term is computed on demand.

use std::sync::LazyLock;

use crate::board::{Board, MoveList, ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, RED};

/// Rough material values by kind, in hundredths of a soldier-like unit.
pub const VALUE: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

const fn centre(file: i32) -> i32 {
    let d = file - 4;
    4 - if d < 0 { -d } else { d }
}

/// Placement bonus for a Red piece of `kind` on (`file`, `rank`); Black's
/// tables are the same seen from the other side.
const fn placement(kind: u8, file: i32, rank: i32) -> i32 {
    let c = centre(file);
    match kind {
        GENERAL => {
            // A general that climbs the palace is exposed to chariot and
            // horse attacks along its open side.
            let by_rank = [0, -12, -25];
            let r = if rank < 3 { by_rank[rank as usize] } else { -25 };
            r + if file == 4 { 4 } else { 0 }
        }
        ADVISOR => {
            if file == 4 && rank == 1 {
                8
            } else {
                0
            }
        }
        ELEPHANT => {
            if file == 4 && rank == 2 {
                8
            } else if file == 0 || file == 8 {
                -4
            } else {
                0
            }
        }
        HORSE => {
            let by_rank = [-12, -2, 4, 8, 14, 18, 22, 24, 16, 4];
            let near_palace = if rank >= 6 && rank <= 8 && file >= 2 && file <= 6 { 10 } else { 0 };
            let edge = if file == 0 || file == 8 { -10 } else { 0 };
            by_rank[rank as usize] + 3 * c + near_palace + edge
        }
        CHARIOT => {
            let by_rank = [-6, 0, 0, 4, 8, 10, 10, 14, 10, 4];
            let rib = if file == 3 || file == 5 { 6 } else { 0 };
            by_rank[rank as usize] + 2 * c + rib
        }
        CANNON => {
            let by_rank = [0, 0, 4, 0, 0, 0, 0, 6, 2, 4];
            let file_bonus = if file == 4 {
                14
            } else if file == 3 || file == 5 {
                4
            } else {
                0
            };
            by_rank[rank as usize] + file_bonus
        }
        _ => {
            // Soldiers gain most once across the river and near the palace;
            // one on the last rank can only shuffle sideways.
            match rank {
                0..=2 => 0,
                3 => 0,
                4 => 4 + if file == 4 { 4 } else { 0 },
                5 => 24 + 5 * c,
                6 => 34 + 6 * c,
                7 => 44 + 6 * c,
                8 => 38 + 5 * c,
                _ => 8,
            }
        }
    }
}

const fn build_piece_value() -> [[[i32; 90]; 7]; 2] {
    let mut t = [[[0; 90]; 7]; 2];
    let mut kind = 0;
    while kind < 7 {
        let mut cell = 0;
        while cell < 90 {
            let file = (cell % 9) as i32;
            let rank = (cell / 9) as i32;
            t[0][kind][cell] = VALUE[kind] + placement(kind as u8, file, rank);
            t[1][kind][cell] = VALUE[kind] + placement(kind as u8, 8 - file, 9 - rank);
            cell += 1;
        }
        kind += 1;
    }
    t
}

/// Material plus placement per side, kind and cell, each from its owner's view.
pub static PIECE_VALUE: [[[i32; 90]; 7]; 2] = build_piece_value();

/// Zobrist keys: one per side, kind and cell, then one for Black to move.
static KEYS: LazyLock<Vec<u64>> =
    LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x5851_F42D_4C95_7F2D, 2 * 7 * 90 + 1));

/// Zobrist key per side, kind and cell.
pub static ZOBRIST: LazyLock<[[[u64; 90]; 7]; 2]> = LazyLock::new(|| {
    let mut table = [[[0u64; 90]; 7]; 2];
    for (i, key) in table.iter_mut().flatten().flatten().enumerate() {
        *key = KEYS[i];
    }
    table
});

/// Zobrist key xored in when Black is to move.
pub static ZOBRIST_BLACK: LazyLock<u64> = LazyLock::new(|| KEYS[2 * 7 * 90]);

/// Mobility of horses and chariots for `side`: the pieces whose freedom
/// matters most in xiangqi (a hemmed-in horse is nearly worthless).
pub fn mobility(board: &Board, side: u8) -> i32 {
    let t = crate::board::tag(side);
    let mut score = 0;
    for slot in 1..16u8 {
        let code = (t | slot) as usize;
        let from = board.pos[code];
        let kind = board.kind[code];
        if from == 0 || (kind != HORSE && kind != CHARIOT) {
            continue;
        }
        let mut list = MoveList::new();
        board.piece_moves(from, kind, side, &mut list);
        score += list.len as i32 * if kind == HORSE { 4 } else { 1 };
    }
    score
}

/// The tempo of having the move, small but it keeps odd and even search
/// depths closer together.
pub const TEMPO: i32 = 8;

/// Static evaluation from `side`'s view given the incremental Red-view sum.
pub fn evaluate(board: &Board, side: u8, red_sum: i32) -> i32 {
    let base = if side == RED { red_sum } else { -red_sum };
    let mob = mobility(board, side) - mobility(board, side ^ 1);
    (base + mob + TEMPO).clamp(-rules_api::score::MAX_EVAL, rules_api::score::MAX_EVAL)
}

/// Value of the piece `kind` owned by `side` on `cell`, from its owner's view.
#[inline]
pub fn piece_value(side: u8, kind: u8, cell: u16) -> i32 {
    PIECE_VALUE[side as usize][kind as usize][cell as usize]
}

/// Whether an elephant may stand on (`file`, `rank`) for Red (Black mirrors).
pub fn elephant_point(file: u8, rank: u8) -> bool {
    matches!((file, rank), (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4))
}

/// Whether an advisor may stand on (`file`, `rank`) for Red (Black mirrors).
pub fn advisor_point(file: u8, rank: u8) -> bool {
    matches!((file, rank), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_tables_mirror_red() {
        for (red, black) in PIECE_VALUE[0].iter().zip(PIECE_VALUE[1].iter()) {
            let mirrored: Vec<i32> = black.iter().rev().copied().collect();
            assert_eq!(red.as_slice(), mirrored.as_slice());
        }
    }

    #[test]
    fn zobrist_keys_are_distinct() {
        let mut all: Vec<u64> = ZOBRIST.iter().flatten().flatten().copied().collect();
        all.push(*ZOBRIST_BLACK);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
