//! Material, placement and Zobrist keys.

use std::sync::LazyLock;

use crate::board::{kind_of, owner_of, Code, BISHOP, KINDS, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE};
use crate::game::{Game, NO_CELL};
use crate::squares::{square, CELLS, PLACES};

/// Material per kind, about 100 per pawn. On 4×4 levels the long-range
/// pieces reach less than on a chessboard; the knight keeps its leaps.
pub const VALUE: [i32; KINDS] = {
    let mut v = [0; KINDS];
    v[KING as usize] = 0;
    v[QUEEN as usize] = 850;
    v[ROOK as usize] = 430;
    v[BISHOP as usize] = 320;
    v[KNIGHT as usize] = 320;
    v[PAWN as usize] = 100;
    v
};

/// What holding an attack board is worth: it is a square of play that
/// only its owner may move.
pub const BOARD_VALUE: i32 = 20;

/// How central a square is seen from above: 0 on the edge files and end
/// ranks, up to 8 on the neutral level's middle.
fn centrality(cell: u8) -> i32 {
    let s = square(cell);
    let file = 2 - (2 * s.file as i32 - 5).abs() / 2;
    let rank = 4 - (2 * s.rank as i32 - 9).abs() / 2;
    let level = if s.elevation == 4 { 2 } else { 0 };
    file + rank + level
}

/// Material plus placement of one piece, from its owner's view.
pub fn piece_value(owner: u8, kind: u8, cell: u8) -> i32 {
    let s = square(cell);
    let placement = match kind {
        KING => -3 * centrality(cell),
        PAWN => {
            let progress = if owner == WHITE { s.rank as i32 } else { 9 - s.rank as i32 };
            progress * progress
        }
        ROOK => 2 * centrality(cell),
        _ => 5 * centrality(cell),
    };
    VALUE[kind as usize] + placement
}

/// The signed value of a piece from White's view.
pub fn signed_value(piece: Code, cell: u8) -> i32 {
    if piece == 0 {
        return 0;
    }
    let v = piece_value(owner_of(piece), kind_of(piece), cell);
    if owner_of(piece) == WHITE {
        v
    } else {
        -v
    }
}

/// The signed value of a board owner (0 none, 1 White, 2 Black).
pub fn signed_board(owner: u8) -> i32 {
    match owner {
        1 => BOARD_VALUE,
        2 => -BOARD_VALUE,
        _ => 0,
    }
}

/// Material and placement of a whole position, from White's view.
pub fn white_sum(game: &Game) -> i32 {
    let pieces: i32 = (0..CELLS as u8).map(|c| signed_value(game.at(c), c)).sum();
    pieces + game.board.boards.iter().map(|&o| signed_board(o)).sum::<i32>()
}

/// Zobrist keys.
pub struct Keys {
    pieces: Vec<u64>,
    boards: Vec<u64>,
    castling: [u64; 4],
    ep: Vec<u64>,
    fresh: [u64; 16],
    /// XORed in when Black is to move.
    pub black: u64,
}

const CODES: usize = 16;

impl Keys {
    /// The key of a piece on a cell (0 for an empty cell).
    #[inline]
    pub fn piece(&self, piece: Code, cell: u8) -> u64 {
        if piece == 0 {
            0
        } else {
            self.pieces[piece as usize * CELLS + cell as usize]
        }
    }

    /// The key of a board owner at a place (0 when no board is there).
    #[inline]
    pub fn board(&self, owner: u8, place: usize) -> u64 {
        if owner == 0 {
            0
        } else {
            self.boards[(owner as usize - 1) * PLACES + place]
        }
    }

    /// The key of a set of castling rights.
    pub fn castling(&self, rights: u8) -> u64 {
        (0..4).filter(|i| rights & (1 << i) != 0).fold(0, |h, i| h ^ self.castling[i])
    }

    /// The key of an en-passant chance: its landing square and its victim.
    pub fn ep(&self, ep: [u8; 2]) -> u64 {
        if ep[0] == NO_CELL {
            0
        } else {
            // The victim's key turned, so landing and victim never cancel.
            self.ep[ep[0] as usize] ^ self.ep[ep[1] as usize].rotate_left(17)
        }
    }

    /// The key of a set of unmoved pawns.
    pub fn fresh(&self, fresh: u16) -> u64 {
        (0..16).filter(|i| fresh & (1 << i) != 0).fold(0, |h, i| h ^ self.fresh[i])
    }

    /// The hash of a whole position.
    pub fn of(&self, game: &Game) -> u64 {
        let mut h = if game.side == WHITE { 0 } else { self.black };
        for c in 0..CELLS as u8 {
            h ^= self.piece(game.at(c), c);
        }
        for (place, &owner) in game.board.boards.iter().enumerate() {
            h ^= self.board(owner, place);
        }
        h ^ self.castling(game.castling) ^ self.ep(game.ep) ^ self.fresh(game.fresh)
    }
}

/// The keys, fixed by a constant seed so hashes are the same in every run.
pub static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let (n_pieces, n_boards) = (CODES * CELLS, 2 * PLACES);
    let keys = tabula_kit::rng::zobrist_keys(0x7431_D3C5, n_pieces + n_boards + 4 + CELLS + 16 + 1);
    let (pieces, rest) = keys.split_at(n_pieces);
    let (boards, rest) = rest.split_at(n_boards);
    let (castling, rest) = rest.split_at(4);
    let (ep, rest) = rest.split_at(CELLS);
    let (fresh, rest) = rest.split_at(16);
    Keys {
        pieces: pieces.to_vec(),
        boards: boards.to_vec(),
        castling: castling.try_into().expect("four keys"),
        ep: ep.to_vec(),
        fresh: fresh.try_into().expect("sixteen keys"),
        black: rest[0],
    }
});
