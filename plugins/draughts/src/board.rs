//! The board: the dark squares, their standard numbers, their diagonal
//! neighbours, and the pieces as bitboards.
//!
//! Squares are indexed from 0 (square 1) to 31 or 49 (square 32 or 50),
//! numbered as in the standard diagram (White at the bottom): row by row
//! from Black's back row, left to right. Row 0 is the top row; its dark
//! squares are on the odd files (b, d, …), the next row's on the even
//! files, and so on, so the bottom-left corner is dark.

use std::sync::LazyLock;

use crate::colour::Colour;

/// "No square" in the neighbour tables.
pub const NONE: u8 = u8::MAX;

/// The most squares a board has (international).
pub const MAX_SQUARES: usize = 50;

/// The four diagonal directions, "up" being towards square 1 (Black's back
/// row) in the standard diagram. The opposite of `d` is `3 - d`.
pub const UP_LEFT: usize = 0;
/// Towards square 1, rightwards.
pub const UP_RIGHT: usize = 1;
/// Towards the last square, leftwards.
pub const DOWN_LEFT: usize = 2;
/// Towards the last square, rightwards.
pub const DOWN_RIGHT: usize = 3;

/// The directions a man of `colour` moves in: White up, Black down.
pub fn forward(colour: Colour) -> [usize; 2] {
    match colour {
        Colour::White => [UP_LEFT, UP_RIGHT],
        Colour::Black => [DOWN_LEFT, DOWN_RIGHT],
    }
}

/// One board size: its squares and their neighbours.
#[derive(Debug)]
pub struct Layout {
    /// Squares per side (8 or 10).
    pub size: u8,
    /// Dark squares (32 or 50).
    pub squares: u8,
    /// `neighbours[square][direction]`, or [`NONE`] off the board.
    pub neighbours: [[u8; 4]; MAX_SQUARES],
}

impl Layout {
    fn build(size: u8) -> Layout {
        let squares = size * size / 2;
        let mut neighbours = [[NONE; 4]; MAX_SQUARES];
        for sq in 0..squares {
            let (row, file) = row_file(size, sq);
            for (dir, (dr, df)) in [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)].into_iter().enumerate() {
                let (r, f) = (row as i8 + dr, file as i8 + df);
                if (0..size as i8).contains(&r) && (0..size as i8).contains(&f) {
                    neighbours[sq as usize][dir] = square_at(size, r as u8, f as u8).unwrap_or(NONE);
                }
            }
        }
        Layout { size, squares, neighbours }
    }

    /// The neighbour of `sq` in direction `dir`, or [`NONE`].
    #[inline]
    pub fn step(&self, sq: u8, dir: usize) -> u8 {
        self.neighbours[sq as usize][dir]
    }

    /// Every square's bit.
    pub fn all(&self) -> u64 {
        (1u64 << self.squares) - 1
    }

    /// The squares of the row where men of `colour` are crowned: White on
    /// Black's back row (the top), Black on White's (the bottom).
    pub fn crowning_row(&self, colour: Colour) -> u64 {
        let half = self.size / 2;
        let top = (1u64 << half) - 1;
        match colour {
            Colour::White => top,
            Colour::Black => top << (self.squares - half),
        }
    }

    /// The row (0 at the top) and file (0 at the left) of square index `sq`.
    pub fn row_file(&self, sq: u8) -> (u8, u8) {
        row_file(self.size, sq)
    }

    /// The square index at `row` and `file`, if that square is dark.
    pub fn square_at(&self, row: u8, file: u8) -> Option<u8> {
        square_at(self.size, row, file)
    }

    /// How many rows a man of `colour` on `sq` has advanced from its own
    /// back row (0 on the back row, size - 1 on the crowning row).
    pub fn advance(&self, colour: Colour, sq: u8) -> u8 {
        let (row, _) = self.row_file(sq);
        match colour {
            Colour::White => self.size - 1 - row,
            Colour::Black => row,
        }
    }

    /// The direction from `a` to `b` when they share a diagonal, and the
    /// number of steps.
    pub fn direction(&self, a: u8, b: u8) -> Option<(usize, u8)> {
        let ((ra, fa), (rb, fb)) = (self.row_file(a), self.row_file(b));
        let (dr, df) = (rb as i16 - ra as i16, fb as i16 - fa as i16);
        if dr == 0 || dr.abs() != df.abs() {
            return None;
        }
        let dir = match (dr < 0, df < 0) {
            (true, true) => UP_LEFT,
            (true, false) => UP_RIGHT,
            (false, true) => DOWN_LEFT,
            (false, false) => DOWN_RIGHT,
        };
        Some((dir, dr.unsigned_abs() as u8))
    }
}

fn row_file(size: u8, sq: u8) -> (u8, u8) {
    let half = size / 2;
    let (row, k) = (sq / half, sq % half);
    let file = if row % 2 == 0 { 2 * k + 1 } else { 2 * k };
    (row, file)
}

fn square_at(size: u8, row: u8, file: u8) -> Option<u8> {
    if row >= size || file >= size || (row + file) % 2 == 0 {
        return None;
    }
    Some(row * (size / 2) + file / 2)
}

/// The 8×8 board of English draughts.
pub static ENGLISH_LAYOUT: LazyLock<Layout> = LazyLock::new(|| Layout::build(8));
/// The 10×10 board of international draughts.
pub static INTERNATIONAL_LAYOUT: LazyLock<Layout> = LazyLock::new(|| Layout::build(10));

/// The pieces: men and kings of each colour, one bit per square index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    /// Men, indexed by [`Colour::index`].
    pub men: [u64; 2],
    /// Kings, indexed by [`Colour::index`].
    pub kings: [u64; 2],
}

/// What stands on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    /// Whose.
    pub colour: Colour,
    /// A king (otherwise a man).
    pub king: bool,
}

impl Board {
    /// Every piece of `colour`.
    #[inline]
    pub fn pieces(&self, colour: Colour) -> u64 {
        self.men[colour.index()] | self.kings[colour.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pieces(Colour::White) | self.pieces(Colour::Black)
    }

    /// The piece on square index `sq`.
    pub fn piece_at(&self, sq: u8) -> Option<Piece> {
        let bit = 1u64 << sq;
        [Colour::White, Colour::Black].into_iter().find_map(|colour| {
            if self.men[colour.index()] & bit != 0 {
                Some(Piece { colour, king: false })
            } else if self.kings[colour.index()] & bit != 0 {
                Some(Piece { colour, king: true })
            } else {
                None
            }
        })
    }

    /// Puts `piece` on the empty square `sq`.
    pub fn put(&mut self, sq: u8, piece: Piece) {
        let set = if piece.king { &mut self.kings } else { &mut self.men };
        set[piece.colour.index()] |= 1u64 << sq;
    }
}

/// Iterates the set bits of `bits` as square indices, lowest first.
pub fn squares(mut bits: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let sq = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(sq)
    })
}

/// Zobrist keys: one per kind of piece (white man, white king, black man,
/// black king) and square, and one for Black to move.
static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x0D7A_0647, 4 * MAX_SQUARES + 1));

/// The key of `piece` on square index `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: u8) -> u64 {
    let kind = piece.colour.index() * 2 + usize::from(piece.king);
    KEYS[kind * MAX_SQUARES + sq as usize]
}

/// The key XORed in when Black is to move.
#[inline]
pub fn black_to_move_key() -> u64 {
    KEYS[4 * MAX_SQUARES]
}

/// The full Zobrist hash of `board` with `side` to move.
pub fn hash_of(board: &Board, side: Colour) -> u64 {
    let mut hash = if side == Colour::Black { black_to_move_key() } else { 0 };
    for colour in [Colour::White, Colour::Black] {
        for sq in squares(board.men[colour.index()]) {
            hash ^= piece_key(Piece { colour, king: false }, sq);
        }
        for sq in squares(board.kings[colour.index()]) {
            hash ^= piece_key(Piece { colour, king: true }, sq);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_follow_the_standard_numbering() {
        let l = &*INTERNATIONAL_LAYOUT;
        // Square 1 is b10, square 5 j10, square 46 a1 (the corners of the
        // long diagonal are 5 and 46).
        assert_eq!(l.row_file(0), (0, 1));
        assert_eq!(l.row_file(4), (0, 9));
        assert_eq!(l.row_file(45), (9, 0));
        assert_eq!(l.step(45, UP_RIGHT), 40, "46 touches 41");
        assert_eq!(l.step(4, DOWN_LEFT), 9, "5 touches 10");
        assert_eq!(l.step(4, DOWN_RIGHT), NONE);
        let e = &*ENGLISH_LAYOUT;
        // English: 11 (f6) touches 15 (e5) and 16 (g5); 29 is a1.
        assert_eq!((e.step(10, DOWN_LEFT), e.step(10, DOWN_RIGHT)), (14, 15));
        assert_eq!(e.row_file(28), (7, 0));
        assert_eq!(e.crowning_row(Colour::Black), 0xF000_0000);
        assert_eq!(l.crowning_row(Colour::White), 0b11111);
    }

    #[test]
    fn directions_and_distances_between_squares() {
        let l = &*INTERNATIONAL_LAYOUT;
        assert_eq!(l.direction(45, 4), Some((UP_RIGHT, 9)));
        assert_eq!(l.direction(4, 45), Some((DOWN_LEFT, 9)));
        assert_eq!(l.direction(0, 1), None);
    }
}
