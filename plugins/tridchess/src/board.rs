//! Pieces, the board, and how far a piece reaches through the levels.
//!
//! The move rules are Roth's ("Federation Revised Standard 5.0"):
//!
//! * Seen from above, every move is a move of ordinary chess: a change of
//!   file and/or rank (never straight up or down). It may end on any square
//!   of the target file and rank, at any level.
//! * A slide is blocked by what stands on its path: at every file and rank
//!   it passes, the highest square that is not above the higher of its two
//!   ends (path A). When that higher end is a fixed level, the path one
//!   level higher (over an attack board just above it) may be taken
//!   instead (path B). A file and rank with no square at all ends the
//!   slide; one whose squares are all above the path is flown over, as in
//!   Roth's own program.
//! * Knights leap; kings and pawns step.
//!
//! [`Board::blocked`] gives, for one file and rank, the path heights at
//! which it blocks, so a slide keeps one byte of "still clear" heights as
//! it goes.

use rules_api::{Move, CELL_NONE};

use crate::squares::{column, square, PLACES, TABLES};

pub use crate::squares::CELLS;

/// White, the first player.
pub const WHITE: u8 = 0;
/// Black.
pub const BLACK: u8 = 1;

/// The king.
pub const KING: u8 = 0;
/// The queen.
pub const QUEEN: u8 = 1;
/// The rook.
pub const ROOK: u8 = 2;
/// The bishop.
pub const BISHOP: u8 = 3;
/// The knight.
pub const KNIGHT: u8 = 4;
/// The pawn.
pub const PAWN: u8 = 5;
/// Number of piece kinds.
pub const KINDS: usize = 6;
/// What a pawn may become, strongest first.
pub const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];
/// "No promotion" in [`Mv::promo`].
pub const NO_PROMOTION: u8 = 255;

/// A piece on a cell: `1 + kind + 8 * owner`; 0 is empty.
pub type Code = u8;

/// The code of a piece.
pub const fn code(owner: u8, kind: u8) -> Code {
    1 + kind + 8 * owner
}
/// The owner of a non-empty code.
pub const fn owner_of(c: Code) -> u8 {
    (c - 1) / 8
}
/// The kind of a non-empty code.
pub const fn kind_of(c: Code) -> u8 {
    (c - 1) % 8
}

/// Which way a side's pawns go along the ranks.
pub const fn forward(side: u8) -> i8 {
    if side == WHITE {
        1
    } else {
        -1
    }
}

/// Whether a pawn of `side` promotes on `rank` (8 and 9 for White, 1 and
/// 0 for Black).
pub const fn promotes_on(side: u8, rank: u8) -> bool {
    if side == WHITE {
        rank >= 8
    } else {
        rank <= 1
    }
}

/// The kinds of move.
pub mod kind {
    /// A piece moves (and may capture or promote).
    pub const NORMAL: u8 = 0;
    /// A pawn takes en passant.
    pub const EN_PASSANT: u8 = 1;
    /// King and king's rook trade places.
    pub const CASTLE_KING: u8 = 2;
    /// The king goes to the queen's square, the queen's rook to the king's.
    pub const CASTLE_QUEEN: u8 = 3;
    /// An attack board moves from place `from` to place `to`.
    pub const BOARD: u8 = 4;
}

/// A move inside the plugin.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mv {
    /// One of [`kind`].
    pub kind: u8,
    /// The cell left (the king's for castling), or the place left.
    pub from: u8,
    /// The cell reached (the king's), or the place reached.
    pub to: u8,
    /// The kind a pawn becomes, or [`NO_PROMOTION`].
    pub promo: u8,
}

impl Mv {
    /// A move of kind `kind` without promotion.
    pub const fn new(kind: u8, from: u8, to: u8) -> Mv {
        Mv { kind, from, to, promo: NO_PROMOTION }
    }
}

/// Attack-board moves carry no cell; `extra` holds this plus the places.
pub const BOARD_MOVE: u16 = 0x100;

/// The boundary move of an internal move.
pub fn to_move(m: Mv) -> Move {
    let promo = if m.promo == NO_PROMOTION { 0 } else { m.promo as u16 + 1 };
    if m.kind == kind::BOARD {
        let extra = BOARD_MOVE + m.from as u16 * PLACES as u16 + m.to as u16;
        return Move { from: CELL_NONE, to: CELL_NONE, extra, tag: promo };
    }
    Move { from: m.from as u16, to: m.to as u16, extra: promo, tag: 0 }
}

/// The most moves a position can have with room to spare (a queen on an
/// open board reaches under fifty squares; a side has sixteen men and four
/// boards).
pub const MAX_MOVES: usize = 768;

/// A fixed-capacity move list that never allocates.
pub struct MoveList {
    moves: [Mv; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [Mv::new(0, 0, 0); MAX_MOVES], len: 0 }
    }
}

impl MoveList {
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Mv) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    /// The moves.
    pub fn as_slice(&self) -> &[Mv] {
        &self.moves[..self.len]
    }
    /// Forgets every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Keeps the moves `keep` accepts.
    pub fn retain(&mut self, mut keep: impl FnMut(Mv) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[n] = m;
                n += 1;
            }
        }
        self.len = n;
    }
}

/// The eight directions of a king's step, the four of a rook first.
pub const DIRECTIONS: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
/// A knight's leaps.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// The column `(df, dr)` away from `(file, rank)`, if on the table.
#[inline]
pub fn step(file: u8, rank: u8, df: i8, dr: i8) -> Option<(u8, u8)> {
    let f = file as i8 + df;
    let r = rank as i8 + dr;
    ((0..6).contains(&f) && (0..10).contains(&r)).then_some((f as u8, r as u8))
}

/// Whether a path with these clear heights joins elevations `a` and `b`:
/// path A at the higher of the two, or path B one higher when that is a
/// fixed level.
#[inline]
pub fn reachable(clear: u8, a: u8, b: u8) -> bool {
    let c = a.max(b);
    clear & (1 << c) != 0 || (c % 2 == 0 && clear & (1 << (c + 1)) != 0)
}

/// Every path height (bits 1 to 7).
pub const ALL_CLEAR: u8 = 0xFE;

/// The pieces and the attack boards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// The piece on each cell (0 on empty and on hidden cells).
    pub cells: [Code; CELLS],
    /// Per attack-board place: 0 when no board is there, else 1 + owner.
    pub boards: [u8; PLACES],
}

impl Default for Board {
    fn default() -> Self {
        Board { cells: [0; CELLS], boards: [0; PLACES] }
    }
}

impl Board {
    /// Whether a cell is a square in this position (fixed squares always
    /// are; an attack board's only while a board stands at its place).
    #[inline]
    pub fn exists(&self, cell: u8) -> bool {
        square(cell).place.map_or(true, |p| self.boards[p as usize] != 0)
    }

    /// Whether any square exists on this file and rank, and the path
    /// heights (bits 1 to 7) at which a piece standing there blocks: at
    /// height `h` the path uses the highest square not above `h`.
    pub fn blocked(&self, col: u8) -> (bool, u8) {
        let cells = TABLES.column(col);
        let (mut exists, mut blocked, mut occupied, mut i) = (false, 0u8, false, 0);
        for h in 1..=7u8 {
            while i < cells.len() && square(cells[i]).elevation <= h {
                if self.exists(cells[i]) {
                    exists = true;
                    occupied = self.cells[cells[i] as usize] != 0;
                }
                i += 1;
            }
            if occupied {
                blocked |= 1 << h;
            }
        }
        (exists, blocked)
    }

    /// The square a path at height `h` uses on a file and rank, if any.
    pub fn path_square(&self, col: u8, h: u8) -> Option<u8> {
        TABLES.column(col).iter().rev().copied().find(|&c| square(c).elevation <= h && self.exists(c))
    }

    /// Whether `side` has a pawn anywhere.
    pub fn has_pawn(&self, side: u8) -> bool {
        let pawn = code(side, PAWN);
        self.cells.contains(&pawn)
    }

    /// The cells of the board at `place`.
    pub fn board_cells(place: u8) -> [u8; 4] {
        std::array::from_fn(|j| crate::squares::ab_cell(place, j as u8))
    }

    /// Whether a piece of `by` attacks `target`.
    pub fn attacked(&self, target: u8, by: u8) -> bool {
        let t = square(target);
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            if self.ray_attacks(t.file, t.rank, t.elevation, df, dr, d >= 4, by) {
                return true;
            }
        }
        for &(df, dr) in KNIGHT_LEAPS.iter() {
            if self.column_holds(t.file, t.rank, df, dr, code(by, KNIGHT)) {
                return true;
            }
        }
        let back = -forward(by);
        self.column_holds(t.file, t.rank, 1, back, code(by, PAWN))
            || self.column_holds(t.file, t.rank, -1, back, code(by, PAWN))
    }

    /// Whether `piece` stands anywhere on the file and rank `(df, dr)` away.
    fn column_holds(&self, file: u8, rank: u8, df: i8, dr: i8, piece: Code) -> bool {
        let Some((f, r)) = step(file, rank, df, dr) else { return false };
        TABLES.column(column(f, r)).iter().any(|&c| self.cells[c as usize] == piece && self.exists(c))
    }

    #[allow(clippy::too_many_arguments)]
    fn ray_attacks(&self, file: u8, rank: u8, elevation: u8, df: i8, dr: i8, diagonal: bool, by: u8) -> bool {
        let (mut f, mut r, mut clear, mut first) = (file, rank, ALL_CLEAR, true);
        while let Some((nf, nr)) = step(f, r, df, dr) {
            (f, r) = (nf, nr);
            let col = column(f, r);
            let (exists, blocked) = self.blocked(col);
            if !exists {
                return false;
            }
            for &c in TABLES.column(col) {
                let p = self.cells[c as usize];
                if p == 0 || owner_of(p) != by || !self.exists(c) {
                    continue;
                }
                let hits = match kind_of(p) {
                    QUEEN => true,
                    ROOK => !diagonal,
                    BISHOP => diagonal,
                    KING => first,
                    _ => false,
                };
                if hits && reachable(clear, elevation, square(c).elevation) {
                    return true;
                }
            }
            clear &= !blocked;
            first = false;
            if clear & ALL_CLEAR == 0 {
                return false;
            }
        }
        false
    }

    /// Pushes the moves of the slider or stepper on `from` along the given
    /// directions (one column only when `single`).
    pub fn slides(&self, from: u8, dirs: &[(i8, i8)], single: bool, out: &mut MoveList) {
        let s = square(from);
        let side = owner_of(self.cells[from as usize]);
        for &(df, dr) in dirs {
            let (mut f, mut r, mut clear) = (s.file, s.rank, ALL_CLEAR);
            while let Some((nf, nr)) = step(f, r, df, dr) {
                (f, r) = (nf, nr);
                let col = column(f, r);
                let (exists, blocked) = self.blocked(col);
                if !exists {
                    break;
                }
                for &c in TABLES.column(col) {
                    let p = self.cells[c as usize];
                    if self.exists(c)
                        && (p == 0 || owner_of(p) != side)
                        && reachable(clear, s.elevation, square(c).elevation)
                    {
                        out.push(Mv::new(kind::NORMAL, from, c));
                    }
                }
                clear &= !blocked;
                if single || clear & ALL_CLEAR == 0 {
                    break;
                }
            }
        }
    }

    /// Pushes the knight's leaps from `from`.
    pub fn leaps(&self, from: u8, out: &mut MoveList) {
        let s = square(from);
        let side = owner_of(self.cells[from as usize]);
        for &(df, dr) in KNIGHT_LEAPS.iter() {
            let Some((f, r)) = step(s.file, s.rank, df, dr) else { continue };
            for &c in TABLES.column(column(f, r)) {
                let p = self.cells[c as usize];
                if self.exists(c) && (p == 0 || owner_of(p) != side) {
                    out.push(Mv::new(kind::NORMAL, from, c));
                }
            }
        }
    }
}

/// Pushes `m`, once per promotion piece when a pawn of `side` reaches its
/// last ranks on `rank`.
pub fn push_promoting(out: &mut MoveList, m: Mv, side: u8, rank: u8) {
    if promotes_on(side, rank) {
        for k in PROMOTIONS {
            out.push(Mv { promo: k, ..m });
        }
    } else {
        out.push(m);
    }
}
