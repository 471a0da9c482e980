//! The padded mailbox: piece placement, move generation and attack tests.
//!
//! The 9×10 board sits inside a 16×16 array with three empty files and ranks
//! of padding on each side, so every horse or elephant jump from a real point
//! lands inside the array and off-board points simply read as empty (the
//! `ON_BOARD` table, not the contents, says which points exist). Squares are
//! `(rank + 3) * 16 + file + 3` with rank 0 on Red's side, so "forward" for Red
//! is `+16`.
//!
//! Pieces are codes `side_tag | slot` (tag 16 for Red, 32 for Black, slot
//! 0–15, slot 0 always the general), so `board[sq] & tag` tells the owner and
//! the per-code `pos`/`kind` tables locate and name a piece without scanning.

/// Piece kinds, in the order of `GameInfo::piece_types`.
pub const GENERAL: u8 = 0;
/// See [`GENERAL`].
pub const ADVISOR: u8 = 1;
/// See [`GENERAL`].
pub const ELEPHANT: u8 = 2;
/// See [`GENERAL`].
pub const HORSE: u8 = 3;
/// See [`GENERAL`].
pub const CHARIOT: u8 = 4;
/// See [`GENERAL`].
pub const CANNON: u8 = 5;
/// See [`GENERAL`].
pub const SOLDIER: u8 = 6;

/// Red's index; it moves first.
pub const RED: u8 = 0;
/// Black's index.
pub const BLACK: u8 = 1;

/// The owner bit of a piece code for `side`.
#[inline]
pub const fn tag(side: u8) -> u8 {
    16 << side
}

/// The array square of a point.
#[inline]
pub const fn square(file: u8, rank: u8) -> u8 {
    (rank + 3) * 16 + file + 3
}

/// File 0–8 (a–i) of a square.
#[inline]
pub const fn file_of(sq: u8) -> u8 {
    (sq & 15) - 3
}

/// Rank 0–9 (Red's back rank is 0) of a square.
#[inline]
pub const fn rank_of(sq: u8) -> u8 {
    (sq >> 4) - 3
}

/// Geometry cell index (`rank * 9 + file`) of a square.
#[inline]
pub const fn cell_of(sq: u8) -> u16 {
    rank_of(sq) as u16 * 9 + file_of(sq) as u16
}

/// Square of a geometry cell index, or `None` when the index is out of range.
#[inline]
pub fn square_of_cell(cell: u16) -> Option<u8> {
    (cell < 90).then(|| square((cell % 9) as u8, (cell / 9) as u8))
}

const fn build_on_board() -> [bool; 256] {
    let mut t = [false; 256];
    let mut r = 0;
    while r < 10 {
        let mut f = 0;
        while f < 9 {
            t[square(f, r) as usize] = true;
            f += 1;
        }
        r += 1;
    }
    t
}

/// Which array squares are real points.
pub static ON_BOARD: [bool; 256] = build_on_board();

const fn build_palace() -> [bool; 256] {
    let mut t = [false; 256];
    let mut f = 3;
    while f <= 5 {
        t[square(f, 0) as usize] = true;
        t[square(f, 1) as usize] = true;
        t[square(f, 2) as usize] = true;
        t[square(f, 7) as usize] = true;
        t[square(f, 8) as usize] = true;
        t[square(f, 9) as usize] = true;
        f += 1;
    }
    t
}

/// Points inside either palace (a piece never reaches the enemy palace's
/// points with a general or advisor move, so one table serves both sides).
pub static IN_PALACE: [bool; 256] = build_palace();

/// Whether `sq` lies on `side`'s own half (ranks 0–4 for Red, 5–9 for Black).
#[inline]
pub const fn own_half(sq: u8, side: u8) -> bool {
    (rank_of(sq) < 5) == (side == RED)
}

/// One step towards the enemy for `side`.
#[inline]
pub const fn forward(side: u8) -> i16 {
    if side == RED {
        16
    } else {
        -16
    }
}

const ORTHO: [i16; 4] = [16, -16, 1, -1];
const DIAG: [i16; 4] = [17, 15, -15, -17];
/// Horse jumps grouped by the leg (orthogonal neighbour) they pass over.
const HORSE_BY_LEG: [(i16, [i16; 2]); 4] = [(16, [33, 31]), (-16, [-31, -33]), (1, [18, -14]), (-1, [14, -18])];
/// Squares a horse attacks a point from, grouped by the leg (diagonal
/// neighbour of the target) that must be empty.
const HORSE_ATTACK_BY_LEG: [(i16, [i16; 2]); 4] =
    [(17, [33, 18]), (15, [31, 14]), (-15, [-31, -14]), (-17, [-33, -18])];

#[inline]
fn step(sq: u8, d: i16) -> u8 {
    (sq as i16 + d) as u8
}

/// Most pseudo-legal moves a side can have (2 chariots and 2 cannons with 17
/// targets each, 2 horses with 8, 5 soldiers with 3, 4 palace pieces with 4,
/// 4 from the general) rounded up.
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity list of `(from, to)` squares, so generation never allocates.
pub struct MoveList {
    /// The moves; only the first `len` are meaningful.
    pub moves: [(u8, u8); MAX_MOVES],
    /// How many moves are stored.
    pub len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> Self {
        MoveList { moves: [(0, 0); MAX_MOVES], len: 0 }
    }
    #[inline]
    fn push(&mut self, from: u8, to: u8) {
        self.moves[self.len] = (from, to);
        self.len += 1;
    }
    /// The stored moves.
    pub fn as_slice(&self) -> &[(u8, u8)] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

/// Piece placement: the mailbox plus per-code location and kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// Piece code per square, 0 for empty.
    pub sq: [u8; 256],
    /// Square per piece code, 0 when the piece is off the board.
    pub pos: [u8; 48],
    /// Kind per piece code (meaningless for unused codes).
    pub kind: [u8; 48],
}

impl Board {
    /// A board with no pieces.
    pub fn empty() -> Self {
        Board { sq: [0; 256], pos: [0; 48], kind: [0; 48] }
    }

    /// Puts a new piece on an empty square, taking the first free slot (slot 0
    /// is reserved for the general). Returns `false` when the side has no slot left.
    pub fn add(&mut self, sq: u8, side: u8, kind: u8) -> bool {
        let t = tag(side);
        let slots = if kind == GENERAL { 0..1 } else { 1..16 };
        for slot in slots {
            let code = t | slot;
            if self.pos[code as usize] == 0 {
                self.pos[code as usize] = sq;
                self.kind[code as usize] = kind;
                self.sq[sq as usize] = code;
                return true;
            }
        }
        false
    }

    /// The general's square of `side` (0 if absent, which a validated
    /// position never allows).
    #[inline]
    pub fn king(&self, side: u8) -> u8 {
        self.pos[tag(side) as usize]
    }

    /// Kind of the piece on `sq` (only meaningful when the square is occupied).
    #[inline]
    pub fn kind_at(&self, sq: u8) -> u8 {
        self.kind[self.sq[sq as usize] as usize]
    }

    /// Owner of the piece on an occupied square.
    #[inline]
    pub fn owner_at(&self, sq: u8) -> u8 {
        (self.sq[sq as usize] >> 5) & 1
    }

    /// Moves the piece on `from` to `to` and returns the captured code (0 if none).
    #[inline]
    pub fn move_piece(&mut self, from: u8, to: u8) -> u8 {
        let code = self.sq[from as usize];
        let captured = self.sq[to as usize];
        self.pos[captured as usize] = 0;
        self.sq[to as usize] = code;
        self.sq[from as usize] = 0;
        self.pos[code as usize] = to;
        captured
    }

    /// Reverses [`Board::move_piece`].
    #[inline]
    pub fn unmove_piece(&mut self, from: u8, to: u8, captured: u8) {
        let code = self.sq[to as usize];
        self.sq[from as usize] = code;
        self.pos[code as usize] = from;
        self.sq[to as usize] = captured;
        if captured != 0 {
            self.pos[captured as usize] = to;
        }
    }

    /// Whether `side`'s general is attacked (flying general included).
    pub fn in_check(&self, side: u8) -> bool {
        let k = self.king(side);
        k != 0 && self.attacked_by(k, side ^ 1)
    }

    /// Whether `by` attacks the point `target` (a general's point: advisors
    /// and elephants can never reach the other half, so they are not tested).
    pub fn attacked_by(&self, target: u8, by: u8) -> bool {
        let t = tag(by);
        let enemy = |sq: u8, kind: u8| {
            let c = self.sq[sq as usize];
            c & t != 0 && self.kind[c as usize] == kind
        };
        for (i, &d) in ORTHO.iter().enumerate() {
            let mut s = step(target, d);
            while ON_BOARD[s as usize] && self.sq[s as usize] == 0 {
                s = step(s, d);
            }
            if !ON_BOARD[s as usize] {
                continue;
            }
            // Generals only ever share a file, so the flying-general test
            // needs the vertical rays alone.
            if enemy(s, CHARIOT) || (i < 2 && enemy(s, GENERAL)) {
                return true;
            }
            s = step(s, d);
            while ON_BOARD[s as usize] && self.sq[s as usize] == 0 {
                s = step(s, d);
            }
            if ON_BOARD[s as usize] && enemy(s, CANNON) {
                return true;
            }
        }
        for &(leg, from) in &HORSE_ATTACK_BY_LEG {
            if self.sq[step(target, leg) as usize] == 0
                && (enemy(step(target, from[0]), HORSE) || enemy(step(target, from[1]), HORSE))
            {
                return true;
            }
        }
        // An enemy soldier attacks from the point in front of the target (as
        // seen from the target's side) and, once across the river, from beside it.
        enemy(step(target, -forward(by)), SOLDIER)
            || (!own_half(target, by) && (enemy(step(target, 1), SOLDIER) || enemy(step(target, -1), SOLDIER)))
    }

    /// Appends every pseudo-legal move of `side` (moves that obey the piece
    /// rules but may leave the own general attacked).
    pub fn pseudo_moves(&self, side: u8, out: &mut MoveList) {
        let t = tag(side);
        for slot in 0..16u8 {
            let code = t | slot;
            let from = self.pos[code as usize];
            if from != 0 {
                self.piece_moves(from, self.kind[code as usize], side, out);
            }
        }
    }

    /// Appends the pseudo-legal moves of the `kind` piece of `side` on `from`.
    pub fn piece_moves(&self, from: u8, kind: u8, side: u8, out: &mut MoveList) {
        let own = tag(side);
        let free = |s: u8| ON_BOARD[s as usize] && self.sq[s as usize] & own == 0;
        match kind {
            GENERAL => {
                for &d in &ORTHO {
                    let to = step(from, d);
                    if IN_PALACE[to as usize] && free(to) {
                        out.push(from, to);
                    }
                }
            }
            ADVISOR => {
                for &d in &DIAG {
                    let to = step(from, d);
                    if IN_PALACE[to as usize] && free(to) {
                        out.push(from, to);
                    }
                }
            }
            ELEPHANT => {
                for &d in &DIAG {
                    let eye = step(from, d);
                    let to = step(eye, d);
                    if free(to) && own_half(to, side) && self.sq[eye as usize] == 0 {
                        out.push(from, to);
                    }
                }
            }
            HORSE => {
                for &(leg, jumps) in &HORSE_BY_LEG {
                    if !ON_BOARD[step(from, leg) as usize] || self.sq[step(from, leg) as usize] != 0 {
                        continue;
                    }
                    for &j in &jumps {
                        let to = step(from, j);
                        if free(to) {
                            out.push(from, to);
                        }
                    }
                }
            }
            CHARIOT | CANNON => {
                for &d in &ORTHO {
                    let mut to = step(from, d);
                    while ON_BOARD[to as usize] && self.sq[to as usize] == 0 {
                        out.push(from, to);
                        to = step(to, d);
                    }
                    if !ON_BOARD[to as usize] {
                        continue;
                    }
                    if kind == CANNON {
                        to = step(to, d);
                        while ON_BOARD[to as usize] && self.sq[to as usize] == 0 {
                            to = step(to, d);
                        }
                        if !ON_BOARD[to as usize] {
                            continue;
                        }
                    }
                    if self.sq[to as usize] & own == 0 {
                        out.push(from, to);
                    }
                }
            }
            _ => {
                let to = step(from, forward(side));
                if free(to) {
                    out.push(from, to);
                }
                if !own_half(from, side) {
                    for d in [1, -1] {
                        let to = step(from, d);
                        if free(to) {
                            out.push(from, to);
                        }
                    }
                }
            }
        }
    }

    /// Whether the pseudo-legal move `from → to` of `side` keeps its general
    /// safe. `in_check` must say whether the general is attacked now: when it
    /// is not, only moves touching the general's lines need the full test.
    #[inline]
    pub fn is_safe(&mut self, side: u8, from: u8, to: u8, in_check: bool) -> bool {
        let k = self.king(side);
        if !in_check && from != k && !lines_up(k, from) && !same_line(k, to) {
            return true;
        }
        let captured = self.move_piece(from, to);
        let safe = !self.attacked_by(self.king(side), side ^ 1);
        self.unmove_piece(from, to, captured);
        safe
    }

    /// Appends every legal move of `side`.
    pub fn legal_moves(&mut self, side: u8, out: &mut MoveList) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(side, &mut pseudo);
        let in_check = self.in_check(side);
        for &(from, to) in pseudo.as_slice() {
            if self.is_safe(side, from, to, in_check) {
                out.push(from, to);
            }
        }
    }

    /// The number of legal moves of `side`, without writing them out.
    pub fn count_legal_moves(&mut self, side: u8) -> usize {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(side, &mut pseudo);
        let in_check = self.in_check(side);
        pseudo.as_slice().iter().filter(|&&(from, to)| self.is_safe(side, from, to, in_check)).count()
    }

    /// Whether `side` still has a chariot, a horse or a cannon (a piece that
    /// can attack across the river).
    pub fn has_attackers(&self, side: u8) -> bool {
        let t = tag(side);
        (1..16u8).any(|slot| {
            let code = (t | slot) as usize;
            self.pos[code] != 0 && matches!(self.kind[code], CHARIOT | HORSE | CANNON)
        })
    }

    /// Whether `side` has at least one legal move (stops at the first).
    pub fn has_legal_move(&mut self, side: u8) -> bool {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(side, &mut pseudo);
        let in_check = self.in_check(side);
        pseudo.as_slice().iter().any(|&(from, to)| self.is_safe(side, from, to, in_check))
    }

    /// Whether `from → to` is a legal move for `side`.
    pub fn is_legal(&mut self, side: u8, from: u8, to: u8) -> bool {
        if !ON_BOARD[from as usize] || self.sq[from as usize] & tag(side) == 0 {
            return false;
        }
        let mut list = MoveList::new();
        self.piece_moves(from, self.kind_at(from), side, &mut list);
        list.as_slice().iter().any(|&(_, t)| t == to) && {
            let in_check = self.in_check(side);
            self.is_safe(side, from, to, in_check)
        }
    }
}

/// Whether `sq` shares a file or rank with `k`, or is a horse leg of `k`
/// (diagonally adjacent): the only places a moving piece can uncover an attack.
#[inline]
fn lines_up(k: u8, sq: u8) -> bool {
    let d = k as i16 - sq as i16;
    same_line(k, sq) || matches!(d, 15 | 17 | -15 | -17)
}

#[inline]
fn same_line(a: u8, b: u8) -> bool {
    (a ^ b) & 15 == 0 || (a ^ b) & 0xf0 == 0
}
