//! Material, placement and Zobrist keys.
//!
//! Values follow the pieces' reach on the empty cube (the tests pin the
//! move counts behind them): a rook always reaches 12 cells, a bishop 12 to
//! 24, a knight 6 to 24, a unicorn 4 to 16 but only ever a quarter of the
//! cube, so the knight and bishop are worth more than the rook here and the
//! unicorn is the weakest piece.

use std::sync::LazyLock;

use crate::board::{
    code, coords, owner_of, Code, BISHOP, CELLS, KINDS, KING, KNIGHT, PAWN, QUEEN, ROOK, UNICORN, WHITE,
};

/// Material per kind, about 100 per pawn.
pub const VALUE: [i32; KINDS] = {
    let mut v = [0; KINDS];
    v[KING as usize] = 0;
    v[QUEEN as usize] = 1000;
    v[ROOK as usize] = 420;
    v[BISHOP as usize] = 460;
    v[KNIGHT as usize] = 460;
    v[UNICORN as usize] = 240;
    v[PAWN as usize] = 100;
    v
};

/// How central a cell is: 0 in a corner of the cube, 6 in its centre.
pub fn centrality(cell: u8) -> i32 {
    let (f, r, l) = coords(cell);
    [f, r, l].iter().map(|&x| 2 - (x as i32 - 2).abs()).sum()
}

/// Material plus placement of one piece, from its owner's view.
pub fn piece_value(owner: u8, kind: u8, cell: u8) -> i32 {
    let placement = match kind {
        // Kings stay home: the centre of the cube is open from 26 sides.
        KING => -4 * centrality(cell),
        PAWN => {
            let (f, r, l) = coords(cell);
            let progress = if owner == WHITE { r + l } else { 8 - r - l } as i32;
            let central_file = 2 - (f as i32 - 2).abs();
            progress * progress + 3 * central_file
        }
        ROOK => 2 * centrality(cell),
        _ => 6 * centrality(cell),
    };
    VALUE[kind as usize] + placement
}

/// The signed value of a code from White's view.
pub fn signed_value(piece: Code, cell: u8) -> i32 {
    if piece == 0 {
        return 0;
    }
    let (owner, kind) = (owner_of(piece), crate::board::kind_of(piece));
    let v = piece_value(owner, kind, cell);
    if owner == WHITE {
        v
    } else {
        -v
    }
}

/// Zobrist keys: one per piece code and cell, and one for Black to move.
pub struct Keys {
    pieces: Vec<u64>,
    /// XORed in when Black is to move.
    pub black: u64,
}

impl Keys {
    /// The key of `piece` (non-zero code) on `cell`.
    #[inline]
    pub fn piece(&self, piece: Code, cell: u8) -> u64 {
        self.pieces[piece as usize * CELLS + cell as usize]
    }
}

/// The keys, fixed by a constant seed so hashes are the same in every run.
pub static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let n = (code(1, PAWN) as usize + 1) * CELLS + 1;
    let mut pieces = tabula_kit::rng::zobrist_keys(0x5241_554D, n);
    let black = pieces.pop().unwrap_or(1);
    Keys { pieces, black }
});
