//! The state that decides the legal moves, their generation and how a
//! move changes the state.
//!
//! Besides the board: the side to move, the castling rights, the pawn that
//! may be taken en passant, and which pawns have never moved (they alone
//! may step two ranks; a pawn carried on an attack board has moved).

use std::sync::LazyLock;

use crate::board::{
    code, forward, kind, kind_of, owner_of, push_promoting, reachable, step, Board, Code, MoveList, Mv, ALL_CLEAR,
    BISHOP, DIRECTIONS, KING, KNIGHT, NO_PROMOTION, PAWN, QUEEN, ROOK, WHITE,
};
use crate::squares::{ab_cell, column, main_cell, place, square, PLACES, TABLES};

/// "No cell" in [`Game::ep`].
pub const NO_CELL: u8 = 255;

/// Castling rights: White king's side, White queen's side, Black's two.
pub const WHITE_KING_SIDE: u8 = 1;
/// See [`WHITE_KING_SIDE`].
pub const WHITE_QUEEN_SIDE: u8 = 2;
/// See [`WHITE_KING_SIDE`].
pub const BLACK_KING_SIDE: u8 = 4;
/// See [`WHITE_KING_SIDE`].
pub const BLACK_QUEEN_SIDE: u8 = 8;

/// The squares castling concerns for one right: the side, the king's home,
/// the rook's home, where the king goes and where the rook goes.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    /// The right's bit.
    pub bit: u8,
    /// Whose right.
    pub side: u8,
    /// The king's home square.
    pub king: u8,
    /// The rook's home square.
    pub rook: u8,
    /// Where the king lands: the rook's square (king's side) or the
    /// queen's (queen's side).
    pub king_to: u8,
    /// Where the rook lands: always the king's home square.
    pub rook_to: u8,
}

/// Fixed squares of the setup.
pub struct Homes {
    /// The four castling rights in bit order.
    pub castling: [Castling; 4],
    /// The sixteen start squares of the pawns, White's eight first; bit `i`
    /// of [`Game::fresh`] is the pawn on `pawns[i]`.
    pub pawns: [u8; 16],
}

/// The setup's squares.
pub static HOMES: LazyLock<Homes> = LazyLock::new(|| {
    let (wq, wk) = (place(false, 0, false), place(true, 0, false));
    let (bq, bk) = (place(false, 5, false), place(true, 5, false));
    let right = |bit, side, king, rook, king_to| Castling { bit, side, king, rook, king_to, rook_to: king };
    let castling = [
        right(WHITE_KING_SIDE, WHITE, ab_cell(wk, 0), ab_cell(wk, 1), ab_cell(wk, 1)),
        right(WHITE_QUEEN_SIDE, WHITE, ab_cell(wk, 0), ab_cell(wq, 0), ab_cell(wq, 1)),
        right(BLACK_KING_SIDE, 1, ab_cell(bk, 2), ab_cell(bk, 3), ab_cell(bk, 3)),
        right(BLACK_QUEEN_SIDE, 1, ab_cell(bk, 2), ab_cell(bq, 2), ab_cell(bq, 3)),
    ];
    let mut pawns = [0u8; 16];
    for f in 0..4u8 {
        pawns[f as usize] = main_cell(0, f + 1, 2).expect("White's pawn rank");
        pawns[8 + f as usize] = main_cell(2, f + 1, 7).expect("Black's pawn rank");
    }
    pawns[4..8].copy_from_slice(&[ab_cell(wq, 2), ab_cell(wq, 3), ab_cell(wk, 2), ab_cell(wk, 3)]);
    pawns[12..16].copy_from_slice(&[ab_cell(bq, 0), ab_cell(bq, 1), ab_cell(bk, 0), ab_cell(bk, 1)]);
    Homes { castling, pawns }
});

/// The cells a move changed (at most four, no repeats).
#[derive(Clone, Copy, Default, Debug)]
pub struct Touched {
    cells: [u8; 4],
    len: u8,
}

impl Touched {
    fn add(&mut self, cell: u8) {
        if !self.as_slice().contains(&cell) && (self.len as usize) < self.cells.len() {
            self.cells[self.len as usize] = cell;
            self.len += 1;
        }
    }
    /// The cells.
    pub fn as_slice(&self) -> &[u8] {
        &self.cells[..self.len as usize]
    }
}

/// What a move did, beyond the new state.
#[derive(Clone, Copy, Default, Debug)]
pub struct Applied {
    /// Cells whose piece changed.
    pub touched: Touched,
    /// Whether a piece was taken.
    pub capture: bool,
    /// Whether a pawn moved itself or was promoted (progress for the
    /// fifty-move rule).
    pub pawn: bool,
}

/// Everything that decides the legal moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Game {
    /// Pieces and attack boards.
    pub board: Board,
    /// The side to move.
    pub side: u8,
    /// Castling rights ([`WHITE_KING_SIDE`] …).
    pub castling: u8,
    /// The square an en-passant capture lands on and the pawn it takes,
    /// when one is possible; [`NO_CELL`] otherwise.
    pub ep: [u8; 2],
    /// Bit `i`: the pawn on `HOMES.pawns[i]` has never moved.
    pub fresh: u16,
    /// Each side's king.
    pub kings: [u8; 2],
}

impl Game {
    /// The piece on a cell.
    #[inline]
    pub fn at(&self, cell: u8) -> Code {
        self.board.cells[cell as usize]
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.board.attacked(self.kings[self.side as usize], self.side ^ 1)
    }

    /// Whether the pawn on `cell` has never moved.
    pub fn is_fresh(&self, cell: u8) -> bool {
        HOMES.pawns.iter().position(|&c| c == cell).is_some_and(|i| self.fresh & (1 << i) != 0)
    }

    /// Every move of the side to move that obeys the movement rules,
    /// leaving its own king attacked or not.
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        out.clear();
        let b = &self.board;
        for cell in 0..crate::squares::CELLS as u8 {
            let p = b.cells[cell as usize];
            if p == 0 || owner_of(p) != self.side {
                continue;
            }
            match kind_of(p) {
                KING => b.slides(cell, &DIRECTIONS, true, out),
                QUEEN => b.slides(cell, &DIRECTIONS, false, out),
                ROOK => b.slides(cell, &DIRECTIONS[..4], false, out),
                BISHOP => b.slides(cell, &DIRECTIONS[4..], false, out),
                KNIGHT => b.leaps(cell, out),
                _ => self.pawn_moves(cell, out),
            }
        }
        self.castlings(out);
        self.board_moves(out);
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self, out: &mut MoveList) {
        self.pseudo_moves(out);
        let in_check = self.in_check();
        out.retain(|m| self.is_safe(m, in_check));
    }

    /// Whether a move from [`Game::pseudo_moves`] keeps the mover's king
    /// unattacked (and castling starts out of check).
    pub fn is_safe(&self, m: Mv, in_check: bool) -> bool {
        if in_check && (m.kind == kind::CASTLE_KING || m.kind == kind::CASTLE_QUEEN) {
            return false;
        }
        let mut next = *self;
        next.apply(m);
        !next.board.attacked(next.kings[self.side as usize], next.side)
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut list = MoveList::default();
        self.pseudo_moves(&mut list);
        let in_check = self.in_check();
        list.as_slice().iter().any(|&m| self.is_safe(m, in_check))
    }

    fn pawn_moves(&self, from: u8, out: &mut MoveList) {
        let b = &self.board;
        let s = square(from);
        let dir = forward(self.side);
        let Some((f1, r1)) = step(s.file, s.rank, 0, dir) else { return };
        let col1 = column(f1, r1);
        let (exists, blocked) = b.blocked(col1);
        if exists {
            for &c in TABLES.column(col1) {
                if b.exists(c) && b.cells[c as usize] == 0 {
                    push_promoting(out, Mv::new(kind::NORMAL, from, c), self.side, r1);
                }
            }
            if let (true, Some((f2, r2))) = (self.is_fresh(from), step(f1, r1, 0, dir)) {
                let clear = ALL_CLEAR & !blocked;
                for &c in TABLES.column(column(f2, r2)) {
                    let reach = reachable(clear, s.elevation, square(c).elevation);
                    if b.exists(c) && b.cells[c as usize] == 0 && reach {
                        out.push(Mv::new(kind::NORMAL, from, c));
                    }
                }
            }
        }
        for df in [-1i8, 1] {
            let Some((f, r)) = step(s.file, s.rank, df, dir) else { continue };
            for &c in TABLES.column(column(f, r)) {
                let p = b.cells[c as usize];
                if p != 0 && owner_of(p) != self.side && b.exists(c) {
                    push_promoting(out, Mv::new(kind::NORMAL, from, c), self.side, r);
                }
            }
        }
        let [land, victim] = self.ep;
        if land != NO_CELL {
            let v = square(victim);
            if s.rank == v.rank && s.file.abs_diff(v.file) == 1 {
                out.push(Mv::new(kind::EN_PASSANT, from, land));
            }
        }
    }

    fn castlings(&self, out: &mut MoveList) {
        for c in HOMES.castling.iter().filter(|c| c.side == self.side && self.castling & c.bit != 0) {
            let ready = self.at(c.king) == code(c.side, KING) && self.at(c.rook) == code(c.side, ROOK);
            let kind = if c.king_to == c.rook { kind::CASTLE_KING } else { kind::CASTLE_QUEEN };
            let landing_free = kind == kind::CASTLE_KING || (self.board.exists(c.king_to) && self.at(c.king_to) == 0);
            if ready && landing_free {
                out.push(Mv::new(kind, c.king, c.king_to));
            }
        }
    }

    fn board_moves(&self, out: &mut MoveList) {
        if !self.board.has_pawn(self.side) {
            return;
        }
        for from in 0..PLACES as u8 {
            if self.board.boards[from as usize] != self.side + 1 {
                continue;
            }
            let mut cargo = None;
            let mut loads = 0;
            for (j, &c) in Board::board_cells(from).iter().enumerate() {
                if self.at(c) != 0 {
                    loads += 1;
                    cargo = Some((j as u8, self.at(c)));
                }
            }
            let movable = match cargo {
                None => true,
                Some((_, p)) => loads == 1 && p == code(self.side, PAWN),
            };
            if !movable {
                continue;
            }
            for &to in TABLES.board_moves[from as usize].iter() {
                if self.board.boards[to as usize] != 0 {
                    continue;
                }
                let m = Mv::new(kind::BOARD, from, to);
                match cargo {
                    Some((j, _)) => push_promoting(out, m, self.side, square(ab_cell(to, j)).rank),
                    None => out.push(m),
                }
            }
        }
    }

    /// Plays a move from [`Game::pseudo_moves`].
    pub fn apply(&mut self, m: Mv) -> Applied {
        let side = self.side;
        let mut done = Applied::default();
        let ep = self.ep;
        self.ep = [NO_CELL; 2];
        match m.kind {
            kind::NORMAL => self.apply_normal(m, &mut done),
            kind::EN_PASSANT => {
                let victim = ep[1];
                let taken = self.at(victim);
                self.board.cells[victim as usize] = 0;
                self.board.cells[m.to as usize] = self.at(m.from);
                self.board.cells[m.from as usize] = 0;
                self.transfer(victim, taken);
                for c in [m.from, m.to, victim] {
                    done.touched.add(c);
                }
                done.capture = true;
                done.pawn = true;
            }
            kind::CASTLE_KING | kind::CASTLE_QUEEN => {
                let c = HOMES.castling.iter().find(|c| c.king == m.from && c.king_to == m.to).expect("a castling");
                let (king, rook) = (self.at(c.king), self.at(c.rook));
                self.board.cells[c.rook as usize] = 0;
                self.board.cells[c.king as usize] = 0;
                self.board.cells[c.king_to as usize] = king;
                self.board.cells[c.rook_to as usize] = rook;
                self.kings[side as usize] = c.king_to;
                for cell in [c.king, c.rook, c.king_to] {
                    done.touched.add(cell);
                }
            }
            _ => self.apply_board(m, &mut done),
        }
        self.update_rights(&done.touched);
        self.side ^= 1;
        done
    }

    fn apply_normal(&mut self, m: Mv, done: &mut Applied) {
        let piece = self.at(m.from);
        let taken = self.at(m.to);
        let placed = if m.promo == NO_PROMOTION { piece } else { code(self.side, m.promo) };
        self.board.cells[m.from as usize] = 0;
        self.board.cells[m.to as usize] = placed;
        done.touched.add(m.from);
        done.touched.add(m.to);
        if taken != 0 {
            done.capture = true;
            self.transfer(m.to, taken);
        }
        match kind_of(piece) {
            KING => self.kings[self.side as usize] = m.to,
            PAWN => {
                done.pawn = true;
                let (a, b) = (square(m.from), square(m.to));
                if a.rank.abs_diff(b.rank) == 2 {
                    self.ep = self.en_passant_after(m.from, m.to);
                }
            }
            _ => {}
        }
    }

    fn apply_board(&mut self, m: Mv, done: &mut Applied) {
        for j in 0..4u8 {
            let (old, new) = (ab_cell(m.from, j), ab_cell(m.to, j));
            let p = self.at(old);
            if p != 0 {
                let promoted = m.promo != NO_PROMOTION;
                self.board.cells[old as usize] = 0;
                self.board.cells[new as usize] = if promoted { code(self.side, m.promo) } else { p };
                done.touched.add(old);
                done.touched.add(new);
                done.pawn = promoted;
            }
        }
        self.board.boards[m.to as usize] = self.board.boards[m.from as usize];
        self.board.boards[m.from as usize] = 0;
    }

    /// Capturing the last of its owner's men on an attack board takes the
    /// board.
    fn transfer(&mut self, cell: u8, taken: Code) {
        let Some(place) = square(cell).place else { return };
        let loser = owner_of(taken);
        if self.board.boards[place as usize] != loser + 1 {
            return;
        }
        let left = Board::board_cells(place).iter().any(|&c| {
            let p = self.at(c);
            p != 0 && owner_of(p) == loser
        });
        if !left {
            self.board.boards[place as usize] = (loser ^ 1) + 1;
        }
    }

    /// The en-passant chance a pawn's double step from `from` to `to`
    /// leaves: the square it passed over (on the path it took) and the
    /// pawn, if an enemy pawn stands beside the pawn to take it.
    fn en_passant_after(&self, from: u8, to: u8) -> [u8; 2] {
        let (a, b) = (square(from), square(to));
        let mid = column(a.file, (a.rank + b.rank) / 2);
        let h = a.elevation.max(b.elevation);
        let (_, blocked) = self.board.blocked(mid);
        let height = if blocked & (1 << h) == 0 { h } else { h + 1 };
        let Some(land) = self.board.path_square(mid, height) else { return [NO_CELL; 2] };
        let enemy = code(self.side ^ 1, PAWN);
        let beside = [-1i8, 1].iter().any(|&df| {
            step(b.file, b.rank, df, 0).is_some_and(|(f, r)| {
                TABLES.column(column(f, r)).iter().any(|&c| self.at(c) == enemy && self.board.exists(c))
            })
        });
        if beside {
            [land, to]
        } else {
            [NO_CELL; 2]
        }
    }

    fn update_rights(&mut self, touched: &Touched) {
        for c in HOMES.castling.iter() {
            if self.at(c.king) != code(c.side, KING) || self.at(c.rook) != code(c.side, ROOK) {
                self.castling &= !c.bit;
            }
        }
        for (i, &cell) in HOMES.pawns.iter().enumerate() {
            if touched.as_slice().contains(&cell) {
                self.fresh &= !(1 << i);
            }
        }
    }
}
