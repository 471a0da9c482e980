//! A position of any variant: a mailbox board, hands, counters and an
//! incremental hash, with make/unmake on an internal history.
//!
//! The board is a vector of `Cell`s so that legality tests (does this move
//! leave my royal attacked?) can play a move on the board and take it back
//! through `&self`, without copying anything.

use std::cell::Cell;
use std::sync::Arc;

use rules_api::{Move, PluginError, CELL_NONE};

use crate::variant::{kind_of, owner_of, Promotion, Variant, HAND_KEYS, MAX_KINDS, NO_KIND, NO_SQ};

/// Move kinds, in [`Move::tag`].
pub mod tag {
    /// A move or capture (promotions say so in `extra`).
    pub const NORMAL: u16 = 0;
    /// A capture en passant.
    pub const EN_PASSANT: u16 = 1;
    /// Castling towards the right (kingside).
    pub const CASTLE_RIGHT: u16 = 2;
    /// Castling towards the left (queenside).
    pub const CASTLE_LEFT: u16 = 3;
    /// A drop from hand.
    pub const DROP: u16 = 4;
}

/// Castling right bits: player 0 right, player 0 left, player 1 right, left.
pub fn castle_bit(player: u8, left: bool) -> u8 {
    1 << (player * 2 + left as u8)
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
    pub ep: u16,
    pub ep_victim: u16,
    pub halfmove: u32,
    pub checks_left: [u8; 2],
    pub hash: u64,
    pub in_check: bool,
    pub removed: u32,
    pub royal_sq: [u16; 2],
    pub null: bool,
    pub since_null: u32,
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
    pub(crate) ep: u16,
    pub(crate) ep_victim: u16,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) checks_left: [u8; 2],
    pub(crate) hash: u64,
    pub(crate) in_check: bool,
    pub(crate) material: [i32; 2],
    pub(crate) history: Vec<Undo>,
    /// Pieces an explosion removed: square, piece code, promoted marker.
    pub(crate) removed: Vec<(u16, u8, bool)>,
    /// Plies since the position was set up or since the last null move.
    pub(crate) since_null: u32,
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
            ep: NO_SQ,
            ep_victim: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            checks_left: [v.end.checks; 2],
            hash: 0,
            in_check: false,
            material: [0; 2],
            history: Vec::with_capacity(256),
            removed: Vec::new(),
            since_null: 0,
        }
    }

    /// The variant this position belongs to.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }

    /// The piece code on `sq` (0 = empty).
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
        self.hash
    }

    // ------------------------------------------------------------ placing

    /// Puts `code` on an empty `sq`, keeping counts, material and hash.
    pub(crate) fn put(&mut self, sq: u16, code: u8, promoted: bool) {
        let (k, p) = (kind_of(code), owner_of(code));
        self.board[sq as usize].set(code);
        self.count[p as usize][k as usize] += 1;
        self.present[p as usize] |= 1 << k;
        self.material[p as usize] += self.v.kinds[k as usize].value;
        self.hash ^= self.v.keys.piece[code as usize * self.v.nsq() + sq as usize];
        if promoted {
            self.promoted[sq as usize] = true;
            self.hash ^= self.v.keys.promoted[sq as usize];
        }
        if self.v.kinds[k as usize].royal {
            self.royal_sq[p as usize] = sq;
        }
    }

    /// Takes the piece off `sq`; returns its code and promoted marker.
    pub(crate) fn take(&mut self, sq: u16) -> (u8, bool) {
        let code = self.at(sq);
        let (k, p) = (kind_of(code), owner_of(code));
        self.board[sq as usize].set(0);
        self.count[p as usize][k as usize] -= 1;
        if self.count[p as usize][k as usize] == 0 {
            self.present[p as usize] &= !(1 << k);
        }
        self.material[p as usize] -= self.v.kinds[k as usize].value;
        self.hash ^= self.v.keys.piece[code as usize * self.v.nsq() + sq as usize];
        let promoted = std::mem::take(&mut self.promoted[sq as usize]);
        if promoted {
            self.hash ^= self.v.keys.promoted[sq as usize];
        }
        if self.v.kinds[k as usize].royal && self.royal_sq[p as usize] == sq {
            self.royal_sq[p as usize] = NO_SQ;
        }
        (code, promoted)
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

    fn set_castling(&mut self, rights: u8) {
        self.hash ^= self.v.keys.castling[self.castling as usize] ^ self.v.keys.castling[rights as usize];
        self.castling = rights;
    }

    fn set_ep(&mut self, ep: u16, victim: u16) {
        if self.ep != NO_SQ {
            self.hash ^= self.v.keys.ep[self.ep as usize];
        }
        self.ep = ep;
        self.ep_victim = victim;
        if ep != NO_SQ {
            self.hash ^= self.v.keys.ep[ep as usize];
        }
    }

    pub(crate) fn checks_key(&self, player: u8) -> u64 {
        self.v.keys.checks[player as usize * 16 + self.checks_left[player as usize].min(15) as usize]
    }

    /// Recomputes the hash from scratch (after reading a FEN).
    pub(crate) fn rehash(&mut self) {
        let mut h = 0;
        let nsq = self.v.nsq();
        for sq in 0..nsq {
            let c = self.board[sq].get();
            if c != 0 {
                h ^= self.v.keys.piece[c as usize * nsq + sq];
            }
            if self.promoted[sq] {
                h ^= self.v.keys.promoted[sq];
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
        if self.ep != NO_SQ {
            h ^= self.v.keys.ep[self.ep as usize];
        }
        if self.side == 1 {
            h ^= self.v.keys.side;
        }
        self.hash = h;
    }

    // ------------------------------------------------------------ attacks

    /// Whether `player` attacks `target` on the current board.
    pub fn attacked_by(&self, target: u16, player: u8) -> bool {
        let t = &self.v.tables;
        let present = self.present[player as usize];
        for leap in t.leaps_to(player, target) {
            if leap.mask & present == 0 {
                continue;
            }
            let c = self.at(leap.sq);
            if c != 0
                && owner_of(c) == player
                && leap.mask >> kind_of(c) & 1 != 0
                && (leap.lame[0] == NO_SQ || self.at(leap.lame[0]) == 0)
                && (leap.lame[1] == NO_SQ || self.at(leap.lame[1]) == 0)
            {
                return true;
            }
        }
        for line in t.lines_to(player, target) {
            if line.any & present == 0 {
                continue;
            }
            let start = line.start as usize;
            let squares = &t.attack_pool[start..start + line.len as usize];
            let masks = &t.attack_mask[start..start + line.len as usize];
            let mut screened = !line.hop;
            for (i, &sq) in squares.iter().enumerate() {
                let c = self.at(sq);
                if c == 0 {
                    continue;
                }
                if !screened {
                    screened = true;
                    continue;
                }
                if owner_of(c) == player && masks[i] >> kind_of(c) & 1 != 0 {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// Whether `player`'s royal is attacked (with the atomic exception: a
    /// royal touching the enemy royal cannot be taken).
    pub(crate) fn royal_attacked(&self, player: u8) -> bool {
        let sq = self.royal_sq[player as usize];
        if sq == NO_SQ {
            return false;
        }
        if self.v.atomic && self.royals_touch() {
            return false;
        }
        self.attacked_by(sq, 1 - player) || (self.v.flying_royals && self.royals_face())
    }

    /// Whether the two royals stand next to each other.
    pub(crate) fn royals_touch(&self) -> bool {
        let (a, b) = (self.royal_sq[0], self.royal_sq[1]);
        if a == NO_SQ || b == NO_SQ {
            return false;
        }
        let v = &self.v;
        (v.file(a) as i32 - v.file(b) as i32).abs() <= 1 && (v.rank(a) as i32 - v.rank(b) as i32).abs() <= 1
    }

    /// Whether the royals face each other on an open file.
    pub(crate) fn royals_face(&self) -> bool {
        let (a, b) = (self.royal_sq[0], self.royal_sq[1]);
        if a == NO_SQ || b == NO_SQ || self.v.file(a) != self.v.file(b) {
            return false;
        }
        let files = self.v.files as u16;
        let (lo, hi) = (a.min(b), a.max(b));
        let mut s = lo + files;
        while s < hi {
            if self.at(s) != 0 {
                return false;
            }
            s += files;
        }
        true
    }

    // ------------------------------------------------------------ make/unmake

    /// What taking `m` back needs of the state before it (the move fills
    /// in what it moved and captured).
    fn undo_record(&self, m: Move, null: bool) -> Undo {
        Undo {
            m,
            moved: 0,
            captured: 0,
            captured_sq: NO_SQ,
            captured_promoted: false,
            moved_promoted: false,
            castling: self.castling,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            checks_left: self.checks_left,
            hash: self.hash,
            in_check: self.in_check,
            removed: self.removed.len() as u32,
            royal_sq: self.royal_sq,
            null,
            since_null: self.since_null,
        }
    }

    /// Plays `m`, assumed legal, and pushes it on the history.
    pub(crate) fn do_move(&mut self, m: Move) {
        let us = self.side;
        let them = 1 - us;
        let mut undo = self.undo_record(m, false);
        self.set_ep(NO_SQ, NO_SQ);
        let mut reset = false;
        match m.tag {
            tag::DROP => {
                let kind = (m.extra - 1) as u8;
                self.remove_from_hand(us, kind);
                self.put(m.to, Variant::code(kind, us), false);
                // Fairy-Stockfish restarts the move-count rule on any drop.
                reset = true;
            }
            tag::CASTLE_RIGHT | tag::CASTLE_LEFT => {
                let left = m.tag == tag::CASTLE_LEFT;
                let rook_sq = self.rook_from[(us * 2 + left as u8) as usize];
                let (king, _) = self.take(m.from);
                let (rook, _) = self.take(rook_sq);
                let rook_to = if left { m.to + 1 } else { m.to - 1 };
                self.put(m.to, king, false);
                self.put(rook_to, rook, false);
            }
            _ => {
                let victim_sq = if m.tag == tag::EN_PASSANT { undo.ep_victim } else { m.to };
                if self.at(victim_sq) != 0 {
                    let (code, promoted) = self.take(victim_sq);
                    undo.captured = code;
                    undo.captured_sq = victim_sq;
                    undo.captured_promoted = promoted;
                    reset = true;
                    if self.v.drops {
                        let kind = kind_of(code);
                        let back = if promoted && self.v.main_pawn != NO_KIND {
                            self.v.main_pawn
                        } else {
                            self.v.kinds[kind as usize].base
                        };
                        self.add_to_hand(us, back);
                    }
                }
                let (code, was_promoted) = self.take(m.from);
                undo.moved = code;
                undo.moved_promoted = was_promoted;
                let kind = kind_of(code);
                let pk = &self.v.kinds[kind as usize];
                let (pawn, by_choice) = (pk.pawn, matches!(pk.promotion, Promotion::Choice(_)));
                reset |= pawn;
                if m.extra != 0 {
                    let to_kind = (m.extra - 1) as u8;
                    // Chess-style promotions are marked so that a capture
                    // returns them to hand as the pawn they were.
                    let mark = self.v.drops && by_choice;
                    self.put(m.to, Variant::code(to_kind, us), mark);
                } else {
                    self.put(m.to, code, was_promoted);
                    let (fr, tr) = (self.v.rank(m.from) as i32, self.v.rank(m.to) as i32);
                    if pawn && (tr - fr).abs() == 2 && self.v.file(m.from) == self.v.file(m.to) {
                        let mid = ((m.from as u32 + m.to as u32) / 2) as u16;
                        if self.ep_capturable(mid, them) {
                            self.set_ep(mid, m.to);
                        }
                    }
                }
                if undo.captured != 0 && self.v.atomic {
                    self.explode(m.to);
                }
            }
        }
        // Castling rights fall when a king or rook leaves or is taken.
        if self.castling != 0 {
            let mut rights = self.castling;
            for i in 0..4u8 {
                let player = i / 2;
                let king = undo.royal_sq[player as usize];
                let touched = |s: u16| s == m.from || s == m.to || (undo.captured != 0 && s == undo.captured_sq);
                if rights >> i & 1 != 0 && (touched(self.rook_from[i as usize]) || (m.from == king && player == us)) {
                    rights &= !(1 << i);
                }
                if rights >> i & 1 != 0
                    && self.v.atomic
                    && (self.at(self.rook_from[i as usize]) == 0 || self.royal_sq[player as usize] != king)
                {
                    rights &= !(1 << i);
                }
            }
            if rights != self.castling {
                self.set_castling(rights);
            }
        }
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == 1 {
            self.fullmove += 1;
        }
        self.side = them;
        self.hash ^= self.v.keys.side;
        self.in_check = self.royal_attacked(them);
        if self.in_check && self.v.end.checks > 0 && self.checks_left[us as usize] > 0 {
            self.hash ^= self.checks_key(us);
            self.checks_left[us as usize] -= 1;
            self.hash ^= self.checks_key(us);
        }
        self.since_null += 1;
        self.history.push(undo);
    }

    /// Whether a piece of `player` could capture en passant on `ep`.
    fn ep_capturable(&self, ep: u16, player: u8) -> bool {
        let t = &self.v.tables;
        for k in 0..self.v.nkinds() as u8 {
            if !self.v.kinds[k as usize].pawn || self.count[player as usize][k as usize] == 0 {
                continue;
            }
            for leap in t.lines_to(player, ep) {
                let sq = t.attack_pool[leap.start as usize];
                let c = self.at(sq);
                if c == Variant::code(k, player) && t.attack_mask[leap.start as usize] >> k & 1 != 0 && !leap.hop {
                    return true;
                }
            }
        }
        false
    }

    /// Removes the capturer and every non-immune piece around `centre`.
    fn explode(&mut self, centre: u16) {
        let v = Arc::clone(&self.v);
        let (cf, cr) = (v.file(centre) as i32, v.rank(centre) as i32);
        for df in -1..=1 {
            for dr in -1..=1 {
                let (f, r) = (cf + df, cr + dr);
                if f < 0 || r < 0 || f >= v.files as i32 || r >= v.ranks as i32 {
                    continue;
                }
                let sq = v.square(f as u8, r as u8);
                let c = self.at(sq);
                if c == 0 || (sq != centre && v.atomic_immune >> kind_of(c) & 1 != 0) {
                    continue;
                }
                let (code, promoted) = self.take(sq);
                self.removed.push((sq, code, promoted));
            }
        }
    }

    /// Takes back the last move.
    pub(crate) fn undo_move(&mut self) -> Result<(), PluginError> {
        let Some(u) = self.history.pop() else {
            return Err(PluginError::unsupported("no move to take back"));
        };
        let m = u.m;
        let us = 1 - self.side;
        if !u.null {
            if self.v.atomic {
                while self.removed.len() > u.removed as usize {
                    let (sq, code, promoted) = self.removed.pop().expect("recorded");
                    self.put(sq, code, promoted);
                }
            }
            match m.tag {
                tag::DROP => {
                    let kind = (m.extra - 1) as u8;
                    self.take(m.to);
                    self.add_to_hand(us, kind);
                }
                tag::CASTLE_RIGHT | tag::CASTLE_LEFT => {
                    let left = m.tag == tag::CASTLE_LEFT;
                    let rook_to = if left { m.to + 1 } else { m.to - 1 };
                    let (king, _) = self.take(m.to);
                    let (rook, _) = self.take(rook_to);
                    self.put(m.from, king, false);
                    self.put(self.rook_from[(us * 2 + left as u8) as usize], rook, false);
                }
                _ => {
                    // An exploded mover is back on its arrival square by now.
                    self.take(m.to);
                    self.put(m.from, u.moved, u.moved_promoted);
                    if u.captured != 0 {
                        self.put(u.captured_sq, u.captured, u.captured_promoted);
                        if self.v.drops {
                            let kind = kind_of(u.captured);
                            let back = if u.captured_promoted && self.v.main_pawn != NO_KIND {
                                self.v.main_pawn
                            } else {
                                self.v.kinds[kind as usize].base
                            };
                            self.remove_from_hand(us, back);
                        }
                    }
                }
            }
        }
        self.side = us;
        if us == 1 {
            self.fullmove -= 1;
        }
        self.castling = u.castling;
        self.ep = u.ep;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.checks_left = u.checks_left;
        self.hash = u.hash;
        self.in_check = u.in_check;
        self.royal_sq = u.royal_sq;
        self.since_null = u.since_null;
        Ok(())
    }

    /// Passes the turn (null move).
    pub(crate) fn do_null(&mut self) {
        let undo = self.undo_record(Move::NULL, true);
        self.set_ep(NO_SQ, NO_SQ);
        self.halfmove += 1;
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side = 1 - self.side;
        self.hash ^= self.v.keys.side;
        self.in_check = self.royal_attacked(self.side);
        self.since_null = 0;
        self.history.push(undo);
    }

    /// Whether the move came from the hand.
    pub fn is_drop(m: Move) -> bool {
        m.from == CELL_NONE && m.extra != 0 && m.to != CELL_NONE
    }
}
