//! Legal move generation: pseudo-legal moves from the tables (with
//! promotions, castling, en passant and drops), then the variant's
//! legality rules, tested by playing each move on the board and taking it
//! back.

use rules_api::{Move, RVec, CELL_NONE};

use crate::betza::{CAPTURE, MOVE};
use crate::position::{castle_bit, tag, Position};
use crate::variant::{kind_of, owner_of, Promotion, Variant, NO_KIND, NO_SQ};

/// Squares a legality test changed, to restore them.
struct Edits {
    list: [(u16, u8); 16],
    len: usize,
}

impl Edits {
    fn new() -> Edits {
        Edits { list: [(0, 0); 16], len: 0 }
    }
}

impl Position {
    fn set_temp(&self, edits: &mut Edits, sq: u16, code: u8) {
        edits.list[edits.len] = (sq, self.at(sq));
        edits.len += 1;
        self.board[sq as usize].set(code);
    }

    fn restore(&self, edits: &Edits) {
        for &(sq, code) in edits.list[..edits.len].iter().rev() {
            self.board[sq as usize].set(code);
        }
    }

    /// Every legal move, the game's end rules not considered.
    pub fn generate(&self, out: &mut RVec<Move>) {
        let start = out.len();
        let us = self.side;
        let nsq = self.v.nsq() as u16;
        for from in 0..nsq {
            let code = self.at(from);
            if code != 0 && owner_of(code) == us {
                self.piece_moves(from, code, out);
            }
        }
        if self.v.drops {
            self.drops(out);
        }
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if self.is_legal(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
        if self.v.must_capture && out[start..].iter().any(|&m| self.is_capture(m)) {
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                if self.is_capture(m) {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    /// Whether `m` takes a piece.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        m.tag == tag::EN_PASSANT || (m.tag == tag::NORMAL && m.from != CELL_NONE && self.at(m.to) != 0)
    }

    /// Pseudo-legal moves of the piece `code` on `from`.
    pub(crate) fn piece_moves(&self, from: u16, code: u8, out: &mut RVec<Move>) {
        let v = &*self.v;
        let us = owner_of(code);
        let kind = kind_of(code);
        let t = &v.tables;
        for ray in t.rays_of(us, kind, from) {
            if ray.lame[0] != NO_SQ && self.at(ray.lame[0]) != 0 || ray.lame[1] != NO_SQ && self.at(ray.lame[1]) != 0 {
                continue;
            }
            let squares = t.squares(ray);
            let mut screened = !ray.hop;
            for &to in squares {
                let c = self.at(to);
                if !screened {
                    if c != 0 {
                        screened = true;
                    }
                    continue;
                }
                if c == 0 {
                    if ray.modes & MOVE != 0 {
                        self.push_move(from, to, kind, out);
                    } else if ray.modes & CAPTURE != 0 && to == self.ep && v.kinds[kind as usize].pawn {
                        out.push(Move { from, to, extra: 0, tag: tag::EN_PASSANT });
                    }
                    continue;
                }
                if owner_of(c) != us && ray.modes & CAPTURE != 0 {
                    self.push_move(from, to, kind, out);
                }
                break;
            }
        }
        if v.castling.is_some() && self.castling != 0 && kind == v.royal && !self.in_check {
            self.castling_moves(from, code, out);
        }
    }

    /// A move with the promotions it may or must make.
    fn push_move(&self, from: u16, to: u16, kind: u8, out: &mut RVec<Move>) {
        let v = &*self.v;
        let us = self.side;
        let pk = &v.kinds[kind as usize];
        let stuck = v.immobility_illegal && !v.tables.mobile(us, kind, to);
        match &pk.promotion {
            Promotion::Never => {
                if !stuck {
                    out.push(Move::new(from, to));
                }
            }
            Promotion::Choice(list) => {
                if !v.in_zone(us, to) {
                    if !stuck {
                        out.push(Move::new(from, to));
                    }
                    return;
                }
                for &k in list {
                    if self.count[us as usize][k as usize] < v.promotion_limit[k as usize] {
                        out.push(Move { from, to, extra: k as u16 + 1, tag: tag::NORMAL });
                    }
                }
                if !v.mandatory_promotion && !stuck {
                    out.push(Move::new(from, to));
                }
            }
            Promotion::To(k) => {
                if v.in_zone(us, to) || v.in_zone(us, from) {
                    out.push(Move { from, to, extra: *k as u16 + 1, tag: tag::NORMAL });
                    if !v.mandatory_promotion && !stuck {
                        out.push(Move::new(from, to));
                    }
                } else if !stuck {
                    out.push(Move::new(from, to));
                }
            }
        }
    }

    fn castling_moves(&self, from: u16, code: u8, out: &mut RVec<Move>) {
        let v = &*self.v;
        let Some(rule) = v.castling else { return };
        let us = owner_of(code);
        let them = 1 - us;
        for left in [false, true] {
            if self.castling & castle_bit(us, left) == 0 {
                continue;
            }
            let rook_sq = self.rook_from[(us * 2 + left as u8) as usize];
            if rook_sq == NO_SQ || self.at(rook_sq) != Variant::code(rule.rook, us) || v.rank(rook_sq) != v.rank(from) {
                continue;
            }
            let file = if left { rule.king_file_left } else { rule.king_file_right };
            let king_to = v.square(file, v.rank(from));
            let rook_to = if left { king_to + 1 } else { king_to - 1 };
            let (lo, hi) = (from.min(rook_sq).min(king_to).min(rook_to), from.max(rook_sq).max(king_to).max(rook_to));
            let clear = (lo..=hi).all(|s| s == from || s == rook_sq || self.at(s) == 0);
            if !clear {
                continue;
            }
            let (a, b) = (from.min(king_to), from.max(king_to));
            if (a..=b).any(|s| s != from && self.attacked_by(s, them)) {
                continue;
            }
            let tag = if left { tag::CASTLE_LEFT } else { tag::CASTLE_RIGHT };
            out.push(Move { from, to: king_to, extra: 0, tag });
        }
    }

    fn drops(&self, out: &mut RVec<Move>) {
        let v = &*self.v;
        let us = self.side;
        for kind in 0..v.nkinds() as u8 {
            if self.hand[us as usize][kind as usize] == 0 {
                continue;
            }
            let pk = &v.kinds[kind as usize];
            let mut file_blocked = [false; 16];
            if kind == v.no_doubled {
                for sq in 0..v.nsq() as u16 {
                    if self.at(sq) == Variant::code(kind, us) {
                        file_blocked[v.file(sq) as usize] = true;
                    }
                }
            }
            for to in 0..v.nsq() as u16 {
                if self.at(to) != 0 || !pk.region[us as usize].has(to) {
                    continue;
                }
                let rel = v.relative_rank(us, to);
                if rel < pk.drop_ranks.0 || rel > pk.drop_ranks.1 || file_blocked[v.file(to) as usize] {
                    continue;
                }
                if v.immobility_illegal && !v.tables.mobile(us, kind, to) {
                    continue;
                }
                out.push(Move { from: CELL_NONE, to, extra: kind as u16 + 1, tag: tag::DROP });
            }
        }
    }

    /// Plays `m` on the board (not the counters) into `edits`; returns the
    /// squares of the two royals afterwards, [`NO_SQ`] for a royal gone.
    fn play_temp(&self, m: Move, edits: &mut Edits) -> [u16; 2] {
        let v = &*self.v;
        let us = self.side as usize;
        let mut royals = self.royal_sq;
        match m.tag {
            tag::DROP => {
                self.set_temp(edits, m.to, Variant::code((m.extra - 1) as u8, self.side));
            }
            tag::CASTLE_RIGHT | tag::CASTLE_LEFT => {
                let left = m.tag == tag::CASTLE_LEFT;
                let rook_sq = self.rook_from[us * 2 + left as usize];
                let king = self.at(m.from);
                let rook = self.at(rook_sq);
                let rook_to = if left { m.to + 1 } else { m.to - 1 };
                self.set_temp(edits, m.from, 0);
                self.set_temp(edits, rook_sq, 0);
                self.set_temp(edits, m.to, king);
                self.set_temp(edits, rook_to, rook);
                royals[us] = m.to;
            }
            _ => {
                let code = self.at(m.from);
                let captured = if m.tag == tag::EN_PASSANT { self.at(self.ep_victim) } else { self.at(m.to) };
                if m.tag == tag::EN_PASSANT {
                    self.set_temp(edits, self.ep_victim, 0);
                }
                let arriving = if m.extra != 0 { Variant::code((m.extra - 1) as u8, self.side) } else { code };
                self.set_temp(edits, m.from, 0);
                self.set_temp(edits, m.to, arriving);
                if m.from == royals[us] {
                    royals[us] = m.to;
                }
                if captured != 0 {
                    let victim = if m.tag == tag::EN_PASSANT { self.ep_victim } else { m.to };
                    if victim == royals[1 - us] {
                        royals[1 - us] = NO_SQ;
                    }
                    if v.atomic {
                        let (cf, cr) = (v.file(m.to) as i32, v.rank(m.to) as i32);
                        for df in -1..=1 {
                            for dr in -1..=1 {
                                let (f, r) = (cf + df, cr + dr);
                                if f < 0 || r < 0 || f >= v.files as i32 || r >= v.ranks as i32 {
                                    continue;
                                }
                                let sq = v.square(f as u8, r as u8);
                                let c = self.at(sq);
                                if c == 0 || (sq != m.to && v.atomic_immune >> kind_of(c) & 1 != 0) {
                                    continue;
                                }
                                self.set_temp(edits, sq, 0);
                                for r in &mut royals {
                                    if *r == sq {
                                        *r = NO_SQ;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        royals
    }

    /// Whether `player`'s royal on `royals[player]` is safe on the current
    /// board (flying royals and touching atomic royals considered).
    fn safe(&self, player: u8, royals: [u16; 2]) -> bool {
        let sq = royals[player as usize];
        if sq == NO_SQ {
            return true;
        }
        let other = royals[1 - player as usize];
        let v = &*self.v;
        if v.atomic && other != NO_SQ {
            let close = (v.file(sq) as i32 - v.file(other) as i32).abs() <= 1
                && (v.rank(sq) as i32 - v.rank(other) as i32).abs() <= 1;
            if close {
                return true;
            }
        }
        if v.flying_royals && other != NO_SQ && v.file(sq) == v.file(other) {
            let files = v.files as u16;
            let (lo, hi) = (sq.min(other), sq.max(other));
            let mut s = lo + files;
            let mut open = true;
            while s < hi {
                if self.at(s) != 0 {
                    open = false;
                    break;
                }
                s += files;
            }
            if open {
                return false;
            }
        }
        !self.attacked_by(sq, 1 - player)
    }

    /// Whether a pseudo-legal move is legal.
    pub(crate) fn is_legal(&self, m: Move) -> bool {
        let v = &*self.v;
        if v.royal == NO_KIND && !v.no_checks {
            return true;
        }
        let us = self.side;
        let mut edits = Edits::new();
        let royals = self.play_temp(m, &mut edits);
        let legal = if v.atomic && self.royal_sq[us as usize] != NO_SQ && royals[us as usize] == NO_SQ {
            false
        } else if v.atomic && self.royal_sq[1 - us as usize] != NO_SQ && royals[1 - us as usize] == NO_SQ {
            true
        } else {
            // Racing kings: giving check is as illegal as leaving one's own royal attacked.
            self.safe(us, royals) && (!v.no_checks || self.safe(1 - us, royals))
        };
        self.restore(&edits);
        legal
    }

    /// Whether `m` (legal) leaves the opponent's royal attacked.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut edits = Edits::new();
        let royals = self.play_temp(m, &mut edits);
        let check = !self.safe(1 - self.side, royals);
        self.restore(&edits);
        check
    }
}
