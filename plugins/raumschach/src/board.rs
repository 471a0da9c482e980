//! The 5×5×5 board: cells, piece codes, precomputed rays and leaps, attack
//! detection and pseudo-legal move generation.
//!
//! A cell is `level * 25 + rank * 5 + file` (level A = 0 is White's home
//! level, rank 1 = 0 is White's side, file a = 0 on White's left), the same
//! numbering as the geometry's cells, so cell indices cross the boundary
//! unchanged.

use std::sync::LazyLock;

/// Cells per side of the cube.
pub const SIZE: i8 = 5;
/// Number of cells.
pub const CELLS: usize = 125;

/// White, the first player (levels A and B).
pub const WHITE: u8 = 0;
/// Black, the second player (levels D and E).
pub const BLACK: u8 = 1;

/// Piece kinds, in the order of the game's piece types.
pub const KING: u8 = 0;
/// Queen: rook, bishop and unicorn in one.
pub const QUEEN: u8 = 1;
/// Rook: through the faces of the cube.
pub const ROOK: u8 = 2;
/// Bishop: through the edges.
pub const BISHOP: u8 = 3;
/// Knight: a (0, 1, 2) leap.
pub const KNIGHT: u8 = 4;
/// Unicorn: through the corners.
pub const UNICORN: u8 = 5;
/// Pawn.
pub const PAWN: u8 = 6;
/// Number of piece kinds.
pub const KINDS: usize = 7;

/// The kinds a pawn may promote to, strongest first.
pub const PROMOTIONS: [u8; 5] = [QUEEN, ROOK, BISHOP, KNIGHT, UNICORN];

/// Directions 0..6 go through faces (rook), 6..18 through edges (bishop),
/// 18..26 through corners (unicorn).
pub const FACE_DIRS: std::ops::Range<usize> = 0..6;
/// See [`FACE_DIRS`].
pub const EDGE_DIRS: std::ops::Range<usize> = 6..18;
/// See [`FACE_DIRS`].
pub const CORNER_DIRS: std::ops::Range<usize> = 18..26;

/// A piece on a cell: `1 + kind + 8 * owner`; 0 is an empty cell.
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

/// The cell of level, file and rank (all 0-based).
pub const fn cell(level: i8, file: i8, rank: i8) -> u8 {
    (level * 25 + rank * 5 + file) as u8
}
/// The (file, rank, level) of a cell.
pub const fn coords(c: u8) -> (i8, i8, i8) {
    ((c % 5) as i8, (c / 5 % 5) as i8, (c / 25) as i8)
}

fn on_board(f: i8, r: i8, l: i8) -> bool {
    (0..SIZE).contains(&f) && (0..SIZE).contains(&r) && (0..SIZE).contains(&l)
}

/// The 26 unit directions as (file, rank, level) steps, grouped as
/// [`FACE_DIRS`], [`EDGE_DIRS`], [`CORNER_DIRS`].
pub static DIRECTIONS: LazyLock<[(i8, i8, i8); 26]> = LazyLock::new(|| {
    let mut dirs = Vec::new();
    for nonzero in 1..=3 {
        for df in -1..=1i8 {
            for dr in -1..=1i8 {
                for dl in -1..=1i8 {
                    if (df != 0) as i32 + (dr != 0) as i32 + (dl != 0) as i32 == nonzero {
                        dirs.push((df, dr, dl));
                    }
                }
            }
        }
    }
    dirs.try_into().expect("26 directions")
});

/// Precomputed geometry of the cube.
pub struct Tables {
    /// For each cell and direction, the cells along the ray, nearest first.
    rays: Vec<[[u8; 4]; 26]>,
    /// The length of each ray.
    ray_len: Vec<[u8; 26]>,
    /// Knight targets per cell.
    pub knight: Vec<Vec<u8>>,
    /// King targets per cell.
    pub king: Vec<Vec<u8>>,
    /// Per side and cell: the cells a pawn of that side captures on.
    pub pawn_captures: [Vec<Vec<u8>>; 2],
    /// Per side and cell: the cells a pawn of that side steps to.
    pub pawn_steps: [Vec<Vec<u8>>; 2],
    /// Per side and cell: the cells from which a pawn of that side attacks
    /// the cell (the reverse of `pawn_captures`).
    pub pawn_attackers: [Vec<Vec<u8>>; 2],
}

impl Tables {
    /// The cells along direction `dir` from `from`.
    #[inline]
    pub fn ray(&self, from: u8, dir: usize) -> &[u8] {
        &self.rays[from as usize][dir][..self.ray_len[from as usize][dir] as usize]
    }
}

/// The forward sense of a side's pawns along rank and level.
pub const fn forward(side: u8) -> i8 {
    if side == WHITE {
        1
    } else {
        -1
    }
}

/// A pawn steps one cell forward or one level towards the enemy (through a
/// face) and captures through an edge that goes towards the promotion cell
/// without going back: sideways and forward, sideways and up (down for
/// Black), or forward and up at once (see docs/RAUMSCHACH.md).
type Step = (i8, i8, i8);

fn pawn_deltas(side: u8) -> ([Step; 2], [Step; 5]) {
    let d = forward(side);
    let steps = [(0, d, 0), (0, 0, d)];
    let captures = [(-1, d, 0), (1, d, 0), (-1, 0, d), (1, 0, d), (0, d, d)];
    (steps, captures)
}

fn targets(from: u8, deltas: &[(i8, i8, i8)]) -> Vec<u8> {
    let (f, r, l) = coords(from);
    deltas
        .iter()
        .filter(|&&(df, dr, dl)| on_board(f + df, r + dr, l + dl))
        .map(|&(df, dr, dl)| cell(l + dl, f + df, r + dr))
        .collect()
}

/// The tables, built on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut knight_deltas = Vec::new();
    for df in -2..=2i8 {
        for dr in -2..=2i8 {
            for dl in -2..=2i8 {
                let mut a = [df.abs(), dr.abs(), dl.abs()];
                a.sort_unstable();
                if a == [0, 1, 2] {
                    knight_deltas.push((df, dr, dl));
                }
            }
        }
    }
    let dirs = *DIRECTIONS;
    let mut rays = vec![[[0u8; 4]; 26]; CELLS];
    let mut ray_len = vec![[0u8; 26]; CELLS];
    for from in 0..CELLS as u8 {
        let (f, r, l) = coords(from);
        for (d, &(df, dr, dl)) in dirs.iter().enumerate() {
            let (mut x, mut y, mut z) = (f + df, r + dr, l + dl);
            let mut n = 0;
            while on_board(x, y, z) {
                rays[from as usize][d][n] = cell(z, x, y);
                n += 1;
                (x, y, z) = (x + df, y + dr, z + dl);
            }
            ray_len[from as usize][d] = n as u8;
        }
    }
    let all = |deltas: &[(i8, i8, i8)]| (0..CELLS as u8).map(|c| targets(c, deltas)).collect::<Vec<_>>();
    let side_tables = |side: u8| {
        let (steps, captures) = pawn_deltas(side);
        let reverse: Vec<(i8, i8, i8)> = captures.iter().map(|&(a, b, c)| (-a, -b, -c)).collect();
        (all(&steps), all(&captures), all(&reverse))
    };
    let (white_steps, white_captures, white_attackers) = side_tables(WHITE);
    let (black_steps, black_captures, black_attackers) = side_tables(BLACK);
    Tables {
        rays,
        ray_len,
        knight: all(&knight_deltas),
        king: all(&dirs),
        pawn_captures: [white_captures, black_captures],
        pawn_steps: [white_steps, black_steps],
        pawn_attackers: [white_attackers, black_attackers],
    }
});

/// Whether a pawn of `side` standing on `c` has reached its promotion cell
/// row: the far rank of the far level (Ex5 for White, Ax1 for Black).
pub const fn is_promotion_cell(side: u8, c: u8) -> bool {
    let (_, r, l) = coords(c);
    if side == WHITE {
        r == SIZE - 1 && l == SIZE - 1
    } else {
        r == 0 && l == 0
    }
}

/// Whether two cells lie on one of the 26 lines through a cell (equal
/// steps along every axis that changes).
#[inline]
pub fn aligned(a: u8, b: u8) -> bool {
    let (fa, ra, la) = coords(a);
    let (fb, rb, lb) = coords(b);
    let steps = [(fa - fb).abs(), (ra - rb).abs(), (la - lb).abs()];
    let n = steps.iter().copied().max().unwrap_or(0);
    n > 0 && steps.iter().all(|&d| d == 0 || d == n)
}

/// A move inside the plugin: from, to and the promotion kind (or
/// [`NO_PROMOTION`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Mv {
    /// The cell left.
    pub from: u8,
    /// The cell reached.
    pub to: u8,
    /// The kind a pawn becomes, or [`NO_PROMOTION`].
    pub promo: u8,
}

/// [`Mv::promo`] of a move that promotes nothing.
pub const NO_PROMOTION: u8 = u8::MAX;

/// More than any position's pseudo-legal moves (a lone queen in the
/// centre has 52; nine queens and the rest stay far below this).
pub const MAX_MOVES: usize = 1024;

/// A fixed-size move buffer, so generation allocates nothing.
pub struct MoveList {
    moves: [Mv; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> Self {
        MoveList { moves: [Mv { from: 0, to: 0, promo: NO_PROMOTION }; MAX_MOVES], len: 0 }
    }
    #[inline]
    fn push(&mut self, m: Mv) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    /// The moves.
    pub fn as_slice(&self) -> &[Mv] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

/// The pieces on the cube and where the kings stand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// A [`Code`] per cell.
    pub cells: [Code; CELLS],
    /// Each side's king cell (`u8::MAX` when a side has none, which only
    /// a position under construction can have).
    pub kings: [u8; 2],
}

impl Default for Board {
    fn default() -> Self {
        Board { cells: [0; CELLS], kings: [u8::MAX; 2] }
    }
}

impl Board {
    /// Puts a piece on a cell (or empties it with code 0), keeping the
    /// king cells.
    pub fn set(&mut self, c: u8, piece: Code) {
        self.cells[c as usize] = piece;
        if piece != 0 && kind_of(piece) == KING {
            self.kings[owner_of(piece) as usize] = c;
        }
    }

    /// Whether `by` attacks cell `target`.
    pub fn attacked(&self, target: u8, by: u8) -> bool {
        let t = &*TABLES;
        for &from in &t.knight[target as usize] {
            if self.cells[from as usize] == code(by, KNIGHT) {
                return true;
            }
        }
        for &from in &t.pawn_attackers[by as usize][target as usize] {
            if self.cells[from as usize] == code(by, PAWN) {
                return true;
            }
        }
        for dir in 0..26 {
            let slider = if FACE_DIRS.contains(&dir) {
                ROOK
            } else if EDGE_DIRS.contains(&dir) {
                BISHOP
            } else {
                UNICORN
            };
            for (i, &c) in t.ray(target, dir).iter().enumerate() {
                let piece = self.cells[c as usize];
                if piece == 0 {
                    continue;
                }
                if owner_of(piece) == by {
                    let kind = kind_of(piece);
                    if kind == QUEEN || kind == slider || (kind == KING && i == 0) {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// Whether `side`'s king is attacked.
    pub fn in_check(&self, side: u8) -> bool {
        let king = self.kings[side as usize];
        king != u8::MAX && self.attacked(king, side ^ 1)
    }

    /// Every pseudo-legal move of `side` (moves that may leave its own
    /// king attacked).
    pub fn pseudo_moves(&self, side: u8, out: &mut MoveList) {
        for from in 0..CELLS as u8 {
            let piece = self.cells[from as usize];
            if piece != 0 && owner_of(piece) == side {
                self.piece_moves(from, out);
            }
        }
    }

    /// The pseudo-legal moves of the piece on `from` (none if it is empty).
    pub fn piece_moves(&self, from: u8, out: &mut MoveList) {
        let t = &*TABLES;
        let piece = self.cells[from as usize];
        if piece == 0 {
            return;
        }
        let (side, kind) = (owner_of(piece), kind_of(piece));
        let free_or_enemy = |c: u8| {
            let p = self.cells[c as usize];
            p == 0 || owner_of(p) != side
        };
        match kind {
            KNIGHT | KING => {
                let table = if kind == KNIGHT { &t.knight } else { &t.king };
                for &to in &table[from as usize] {
                    if free_or_enemy(to) {
                        out.push(Mv { from, to, promo: NO_PROMOTION });
                    }
                }
            }
            PAWN => self.pawn_moves(side, from, out),
            _ => {
                let dirs = match kind {
                    ROOK => FACE_DIRS,
                    BISHOP => EDGE_DIRS,
                    UNICORN => CORNER_DIRS,
                    _ => 0..26,
                };
                for dir in dirs {
                    for &to in t.ray(from, dir) {
                        let p = self.cells[to as usize];
                        if p == 0 || owner_of(p) != side {
                            out.push(Mv { from, to, promo: NO_PROMOTION });
                        }
                        if p != 0 {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether `m` is a legal move of `side`, history rules aside.
    pub fn is_legal(&mut self, side: u8, m: Mv) -> bool {
        let piece = self.cells[m.from as usize];
        if piece == 0 || owner_of(piece) != side {
            return false;
        }
        let mut moves = MoveList::new();
        self.piece_moves(m.from, &mut moves);
        moves.as_slice().contains(&m) && self.is_safe(side, m)
    }

    fn pawn_moves(&self, side: u8, from: u8, out: &mut MoveList) {
        let t = &*TABLES;
        let mut push = |to: u8| {
            if is_promotion_cell(side, to) {
                for promo in PROMOTIONS {
                    out.push(Mv { from, to, promo });
                }
            } else {
                out.push(Mv { from, to, promo: NO_PROMOTION });
            }
        };
        for &to in &t.pawn_steps[side as usize][from as usize] {
            if self.cells[to as usize] == 0 {
                push(to);
            }
        }
        for &to in &t.pawn_captures[side as usize][from as usize] {
            let p = self.cells[to as usize];
            if p != 0 && owner_of(p) != side {
                push(to);
            }
        }
    }

    /// Plays a pseudo-legal move and returns the captured code (0 if none).
    #[inline]
    pub fn play(&mut self, m: Mv) -> Code {
        let piece = self.cells[m.from as usize];
        let captured = self.cells[m.to as usize];
        let placed = if m.promo == NO_PROMOTION { piece } else { code(owner_of(piece), m.promo) };
        self.cells[m.from as usize] = 0;
        self.cells[m.to as usize] = placed;
        if kind_of(piece) == KING {
            self.kings[owner_of(piece) as usize] = m.to;
        }
        captured
    }

    /// Takes back [`Board::play`] of `m`, which captured `captured`.
    #[inline]
    pub fn unplay(&mut self, m: Mv, captured: Code) {
        let placed = self.cells[m.to as usize];
        let piece = if m.promo == NO_PROMOTION { placed } else { code(owner_of(placed), PAWN) };
        self.cells[m.from as usize] = piece;
        self.cells[m.to as usize] = captured;
        if kind_of(piece) == KING {
            self.kings[owner_of(piece) as usize] = m.from;
        }
    }

    /// Whether `m` (pseudo-legal for `side`) keeps `side`'s king safe.
    #[inline]
    pub fn is_safe(&mut self, side: u8, m: Mv) -> bool {
        let captured = self.play(m);
        let safe = !self.in_check(side);
        self.unplay(m, captured);
        safe
    }

    /// A filter for [`Board::is_safe`]: when `side` is not in check, a
    /// move can only expose its king if the king moves or the piece leaves
    /// a line through the king (a pin). Returns `None` to test every move.
    #[inline]
    fn pin_filter(&self, side: u8) -> Option<u8> {
        let king = self.kings[side as usize];
        (king != u8::MAX && !self.in_check(side)).then_some(king)
    }

    /// Whether `m` needs the full safety test under `filter`.
    #[inline]
    fn must_test(filter: Option<u8>, m: Mv) -> bool {
        match filter {
            None => true,
            Some(king) => m.from == king || aligned(king, m.from),
        }
    }

    /// Every legal move of `side` (kings safe), history rules aside.
    pub fn legal_moves(&mut self, side: u8, out: &mut MoveList) {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(side, &mut pseudo);
        let filter = self.pin_filter(side);
        for &m in pseudo.as_slice() {
            if !Self::must_test(filter, m) || self.is_safe(side, m) {
                out.push(m);
            }
        }
    }

    /// The number of legal moves of `side`.
    pub fn count_legal_moves(&mut self, side: u8) -> usize {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(side, &mut pseudo);
        let filter = self.pin_filter(side);
        pseudo.as_slice().iter().filter(|&&m| !Self::must_test(filter, m) || self.is_safe(side, m)).count()
    }

    /// Whether `side` has any legal move.
    pub fn has_legal_move(&mut self, side: u8) -> bool {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(side, &mut pseudo);
        let filter = self.pin_filter(side);
        pseudo.as_slice().iter().any(|&m| !Self::must_test(filter, m) || self.is_safe(side, m))
    }

    /// Whether only the kings are left.
    pub fn kings_only(&self) -> bool {
        self.cells.iter().all(|&p| p == 0 || kind_of(p) == KING)
    }

    /// Whether `side` has only its king and pawns.
    pub fn only_king_and_pawns(&self, side: u8) -> bool {
        self.cells.iter().all(|&p| p == 0 || owner_of(p) != side || matches!(kind_of(p), KING | PAWN))
    }
}
