//! A position of any variant: a mailbox board (walls included), hands,
//! counters and an incremental hash, with make/unmake (in
//! `makemove.rs`) on an internal history.
//!
//! The board is a vector of `Cell`s so that legality tests (does this move
//! leave my royal attacked?) can play a move on the board and take it back
//! through `&self`, without copying anything.

use std::cell::Cell;
use std::sync::Arc;

use rules_api::{Move, CELL_NONE};

use crate::variant::{is_piece, kind_of, owner_of, Squares, Variant, HAND_KEYS, MAX_KINDS, NO_SQ, WALL};

/// Move kinds, in the low bits of [`Move::tag`].
pub mod tag {
    /// A move or capture (promotions say so in `extra`).
    pub const NORMAL: u16 = 0;
    /// A capture en passant.
    pub const EN_PASSANT: u16 = 1;
    /// Castling towards the right (kingside); `to` is the rook's square.
    pub const CASTLE_RIGHT: u16 = 2;
    /// Castling towards the left (queenside); `to` is the rook's square.
    pub const CASTLE_LEFT: u16 = 3;
    /// A drop from hand (`extra` names the kind placed).
    pub const DROP: u16 = 4;
    /// A promoted piece turning back (`extra` names the kind it becomes).
    pub const DEMOTION: u16 = 5;
    /// A pass: rules-api's [`rules_api::Move::PASS`] (whose tag is 0; see
    /// [`of`]).
    pub const PASS: u16 = 6;
    /// A special leap (Cambodian chess's first king and met moves).
    pub const LEAP: u16 = 7;
    /// The move kind bits.
    pub const KIND: u16 = 0xf;
    /// A piece from hand enters on the square left (`extra` names it).
    pub const GATE: u16 = 0x10;
    /// Castling gates on the rook's square instead of the king's.
    pub const GATE_ROOK: u16 = 0x20;
    /// Where the square of a placed wall starts (plus one; 0 = none).
    pub const WALL_SHIFT: u16 = 6;

    /// The move kind of a tag.
    #[inline]
    pub fn kind(tag: u16) -> u16 {
        tag & KIND
    }
    /// The move kind of a move ([`PASS`] for rules-api's pass).
    #[inline]
    pub fn of(m: rules_api::Move) -> u16 {
        if m.from == rules_api::CELL_NONE && m.to == rules_api::CELL_NONE {
            PASS
        } else {
            m.tag & KIND
        }
    }
    /// The wall square a tag places, if any.
    #[inline]
    pub fn wall(tag: u16) -> Option<u16> {
        let w = tag >> WALL_SHIFT;
        (w != 0).then(|| w - 1)
    }
    /// A tag with a wall on `sq`.
    #[inline]
    pub fn with_wall(tag: u16, sq: u16) -> u16 {
        tag | (sq + 1) << WALL_SHIFT
    }
}

/// Castling right bits: player 0 right, player 0 left, player 1 right, left.
pub fn castle_bit(player: u8, left: bool) -> u8 {
    1 << (player * 2 + left as u8)
}

/// En passant squares: up to four (a fairy pawn's long first move marks
/// every square it passes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EpSquares {
    /// The squares, in increasing order.
    pub squares: [u16; 4],
    /// How many.
    pub len: u8,
}

impl EpSquares {
    /// None.
    pub const NONE: EpSquares = EpSquares { squares: [NO_SQ; 4], len: 0 };
    /// The squares.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.squares[..self.len as usize].iter().copied()
    }
    /// Whether `sq` is one.
    #[inline]
    pub fn has(&self, sq: u16) -> bool {
        self.iter().any(|s| s == sq)
    }
    /// Adds `sq`, keeping the order.
    pub fn insert(&mut self, sq: u16) {
        if self.len as usize >= self.squares.len() || self.has(sq) {
            return;
        }
        self.squares[self.len as usize] = sq;
        self.len += 1;
        self.squares[..self.len as usize].sort_unstable();
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What a move changed, to take it back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub m: Move,
    pub moved: u8,
    pub captured: u8,
    pub captured_sq: u16,
    pub captured_promoted: bool,
    pub moved_promoted: bool,
    pub castling: u8,
    pub castle_king: [u16; 2],
    pub ep: EpSquares,
    pub ep_victim: u16,
    pub halfmove: u32,
    pub checks_left: [u8; 2],
    pub hash: u64,
    pub in_check: bool,
    pub changes: u32,
    pub royal_sq: [u16; 2],
    pub null: bool,
    pub since_null: u32,
    pub counting: (u16, u16),
    pub gates: u32,
    /// The gates' hash before the move.
    pub gate_hash: u64,
    /// The hand kind a capture added to (for taking it back).
    pub to_hand: u8,
    /// The position before the move had the kings facing (janggi's
    /// bikjang).
    pub bikjang: bool,
}

/// A position with its history.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) v: Arc<Variant>,
    pub(crate) board: Vec<Cell<u8>>,
    pub(crate) promoted: Vec<bool>,
    pub(crate) hand: [[u8; MAX_KINDS]; 2],
    pub(crate) count: [[u8; MAX_KINDS]; 2],
    pub(crate) present: [u32; 2],
    pub(crate) royal_sq: [u16; 2],
    pub(crate) side: u8,
    pub(crate) castling: u8,
    pub(crate) rook_from: [u16; 4],
    /// The castling king's square per player, while it may castle.
    pub(crate) castle_king: [u16; 2],
    pub(crate) ep: EpSquares,
    /// The pawn a chess pawn's en passant capture takes.
    pub(crate) ep_victim: u16,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) checks_left: [u8; 2],
    /// The repetition key (what Fairy-Stockfish's key distinguishes).
    pub(crate) hash: u64,
    pub(crate) in_check: bool,
    pub(crate) material: [i32; 2],
    pub(crate) history: Vec<Undo>,
    /// Squares a move changed besides its own (explosions, turned pieces,
    /// petrified capturers): square, former code, former promoted marker.
    pub(crate) changes: Vec<(u16, u8, bool)>,
    /// Plies since the position was set up or since the last null move.
    pub(crate) since_null: u32,
    /// Counting rules: the limit and the plies counted (0, 0 when off).
    pub(crate) counting: (u16, u16),
    /// Gate squares per player (gating variants).
    pub(crate) gates: [Squares; 2],
    /// Former gates, one entry per move that changed them.
    pub(crate) gate_history: Vec<[Squares; 2]>,
    /// The hash of the gates (kept out of the repetition key).
    pub(crate) gate_hash: u64,
}

impl Position {
    /// An empty board of `v` with the first player to move.
    pub(crate) fn empty(v: &Arc<Variant>) -> Position {
        let nsq = v.nsq();
        Position {
            v: Arc::clone(v),
            board: vec![Cell::new(0); nsq],
            promoted: vec![false; nsq],
            hand: [[0; MAX_KINDS]; 2],
            count: [[0; MAX_KINDS]; 2],
            present: [0; 2],
            royal_sq: [NO_SQ; 2],
            side: 0,
            castling: 0,
            rook_from: [NO_SQ; 4],
            castle_king: [NO_SQ; 2],
            ep: EpSquares::NONE,
            ep_victim: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            checks_left: [v.end.checks; 2],
            hash: 0,
            in_check: false,
            material: [0; 2],
            history: Vec::with_capacity(256),
            changes: Vec::new(),
            since_null: 0,
            counting: (0, 0),
            gates: [Squares::EMPTY; 2],
            gate_history: Vec::new(),
            gate_hash: 0,
        }
    }

    /// The variant this position belongs to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The board code on `sq` (0 = empty, [`WALL`], or a piece).
    #[inline(always)]
    pub fn at(&self, sq: u16) -> u8 {
        self.board[sq as usize].get()
    }

    /// The player to move.
    pub fn side(&self) -> u8 {
        self.side
    }

    /// Pieces of `kind` in `player`'s hand.
    pub fn in_hand(&self, player: u8, kind: u8) -> u8 {
        self.hand[player as usize][kind as usize]
    }

    /// Whether the player to move is in check.
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// Number of plies in the history.
    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// The hash of everything that decides the moves and the result.
    pub fn key(&self) -> u64 {
        self.hash ^ self.gate_hash
    }

    /// Pieces `player` has on the board.
    pub fn pieces_of(&self, player: u8) -> u32 {
        self.count[player as usize].iter().map(|&c| c as u32).sum()
    }

    // ------------------------------------------------------------ placing

    #[inline]
    fn piece_key(&self, code: u8, sq: u16) -> u64 {
        self.v.keys.piece[code as usize * self.v.nsq() + sq as usize]
    }

    /// Puts `code` on an empty `sq`, keeping counts, material and hash.
    pub(crate) fn put(&mut self, sq: u16, code: u8, promoted: bool) {
        self.board[sq as usize].set(code);
        self.hash ^= self.piece_key(code, sq);
        if code == WALL {
            return;
        }
        let (k, p) = (kind_of(code), owner_of(code));
        self.count[p as usize][k as usize] += 1;
        self.present[p as usize] |= 1 << k;
        self.material[p as usize] += self.v.kinds[k as usize].value;
        if promoted {
            self.promoted[sq as usize] = true;
            self.hash ^= self.v.keys.promoted[sq as usize];
        }
        if self.v.kinds[k as usize].royal {
            self.royal_sq[p as usize] = sq;
        }
    }

    /// Takes the piece (or wall) off `sq`; returns its code and promoted
    /// marker.
    pub(crate) fn take(&mut self, sq: u16) -> (u8, bool) {
        let code = self.at(sq);
        self.board[sq as usize].set(0);
        self.hash ^= self.piece_key(code, sq);
        if code == WALL {
            return (code, false);
        }
        let (k, p) = (kind_of(code), owner_of(code));
        self.count[p as usize][k as usize] -= 1;
        if self.count[p as usize][k as usize] == 0 {
            self.present[p as usize] &= !(1 << k);
        }
        self.material[p as usize] -= self.v.kinds[k as usize].value;
        let promoted = std::mem::take(&mut self.promoted[sq as usize]);
        if promoted {
            self.hash ^= self.v.keys.promoted[sq as usize];
        }
        if self.v.kinds[k as usize].royal && self.royal_sq[p as usize] == sq {
            self.royal_sq[p as usize] = NO_SQ;
        }
        (code, promoted)
    }

    /// Replaces whatever is on `sq` by `code` (0 empties it), recording
    /// the former content so the move that did it can be taken back.
    pub(crate) fn change(&mut self, sq: u16, code: u8, promoted: bool) {
        let old = self.at(sq);
        let was = if old != 0 { self.take(sq).1 } else { false };
        self.changes.push((sq, old, was));
        if code != 0 {
            self.put(sq, code, promoted);
        }
    }

    /// Undoes [`Self::change`]s down to `len` entries.
    pub(crate) fn revert_changes(&mut self, len: usize) {
        while self.changes.len() > len {
            let (sq, code, promoted) = self.changes.pop().expect("recorded");
            if self.at(sq) != 0 {
                self.take(sq);
            }
            if code != 0 {
                self.put(sq, code, promoted);
            }
        }
    }

    pub(crate) fn hand_key(&self, player: u8, kind: u8) -> u64 {
        let n = (self.hand[player as usize][kind as usize] as usize).min(HAND_KEYS - 1);
        self.v.keys.hand[(player as usize * self.v.nkinds() + kind as usize) * HAND_KEYS + n]
    }

    pub(crate) fn add_to_hand(&mut self, player: u8, kind: u8) {
        self.hash ^= self.hand_key(player, kind);
        self.hand[player as usize][kind as usize] += 1;
        self.hash ^= self.hand_key(player, kind);
        self.material[player as usize] += self.v.kinds[kind as usize].value;
    }

    pub(crate) fn remove_from_hand(&mut self, player: u8, kind: u8) {
        self.hash ^= self.hand_key(player, kind);
        self.hand[player as usize][kind as usize] -= 1;
        self.hash ^= self.hand_key(player, kind);
        self.material[player as usize] -= self.v.kinds[kind as usize].value;
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.hash ^= self.v.keys.castling[self.castling as usize] ^ self.v.keys.castling[rights as usize];
        self.castling = rights;
    }

    fn ep_hash(&self, ep: &EpSquares) -> u64 {
        ep.iter().fold(0, |h, sq| h ^ self.v.keys.ep[self.v.file(sq) as usize])
    }

    pub(crate) fn set_ep(&mut self, ep: EpSquares, victim: u16) {
        self.hash ^= self.ep_hash(&self.ep) ^ self.ep_hash(&ep);
        self.ep = ep;
        self.ep_victim = victim;
    }

    pub(crate) fn checks_key(&self, player: u8) -> u64 {
        self.v.keys.checks[player as usize * 16 + self.checks_left[player as usize].min(15) as usize]
    }

    pub(crate) fn gates_hash(&self) -> u64 {
        let mut h = 0;
        for p in 0..2 {
            for sq in self.gates[p].iter() {
                h ^= self.v.keys.gates[sq as usize].rotate_left(p as u32);
            }
        }
        h
    }

    /// Recomputes the hash from scratch (after reading a FEN).
    pub(crate) fn rehash(&mut self) {
        let mut h = 0;
        for sq in 0..self.v.nsq() as u16 {
            let c = self.at(sq);
            if c != 0 {
                h ^= self.piece_key(c, sq);
            }
            if self.promoted[sq as usize] {
                h ^= self.v.keys.promoted[sq as usize];
            }
        }
        for p in 0..2u8 {
            for k in 0..self.v.nkinds() as u8 {
                h ^= self.hand_key(p, k);
            }
            if self.v.end.checks > 0 {
                h ^= self.checks_key(p);
            }
        }
        h ^= self.v.keys.castling[self.castling as usize];
        h ^= self.ep_hash(&self.ep);
        if self.side == 1 {
            h ^= self.v.keys.side;
        }
        self.hash = h;
        self.gate_hash = self.gates_hash();
    }

    /// Whether `sq` holds a piece of `player`.
    #[inline]
    pub(crate) fn own(&self, sq: u16, player: u8) -> bool {
        let c = self.at(sq);
        is_piece(c) && owner_of(c) == player
    }

    /// Whether the move came from the hand.
    pub fn is_drop(m: Move) -> bool {
        m.from == CELL_NONE && m.extra != 0 && m.to != CELL_NONE
    }
}
