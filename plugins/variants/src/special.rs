//! The moves that are not a piece's own movement: castling, drops,
//! Cambodian leaps, and the gated and walled forms of legal moves.

use rules_api::{Move, RVec, CELL_NONE};

use crate::movegen::MoveSink;
use crate::position::{castle_bit, tag, Position};
use crate::rules::{Enclosing, WallRule};
use crate::variant::{is_piece, kind_of, owner_of, Promotion, Variant, NO_KIND, NO_SQ};

impl Position {
    /// Castling, encoded as the king moving onto its rook's square.
    pub(crate) fn castling_moves<S: MoveSink>(&self, out: &mut S) {
        let v = &*self.v;
        let Some(rule) = v.castling else { return };
        let us = self.side;
        let kfrom = self.castle_king[us as usize];
        if kfrom == NO_SQ || self.at(kfrom) != Variant::code(rule.king, us) {
            return;
        }
        // Fairy-Stockfish generates no castling out of a check.
        if rule.king == v.royal && self.in_check {
            return;
        }
        for left in [false, true] {
            if self.castling & castle_bit(us, left) == 0 {
                continue;
            }
            let rfrom = self.rook_from[(us * 2 + left as u8) as usize];
            let rook = self.at(rfrom);
            if rfrom == NO_SQ || !is_piece(rook) || owner_of(rook) != us || rule.rooks >> kind_of(rook) & 1 == 0 {
                continue;
            }
            let m =
                Move { from: kfrom, to: rfrom, extra: 0, tag: if left { tag::CASTLE_LEFT } else { tag::CASTLE_RIGHT } };
            let (_, kto, _, rto) = self.castling_squares(m);
            let path = self.segment(rfrom, rto).chain(self.segment(kfrom, kto));
            let mut clear = true;
            for s in path {
                if s != kfrom && s != rfrom && self.at(s) != 0 {
                    clear = false;
                    break;
                }
            }
            if clear {
                out.push(m);
            }
        }
    }

    /// Whether a castling move passes no attacked square (for a royal king;
    /// Fairy-Stockfish does not hold other castling pieces back).
    pub(crate) fn castling_safe(&self, m: Move) -> bool {
        let v = &*self.v;
        if v.castling.is_some_and(|c| c.king != v.royal) {
            return true;
        }
        let (kfrom, kto, rfrom, _) = self.castling_squares(m);
        let them = 1 - self.side;
        let step: i32 = if kto > kfrom { -1 } else { 1 };
        let mut s = kto as i32;
        while s != kfrom as i32 {
            if self.attacked_by(s as u16, them) {
                return false;
            }
            s += step;
        }
        // Chess960: the rook may have shielded the king's square.
        let rook = self.at(rfrom);
        self.board[rfrom as usize].set(0);
        let safe = !self.attacked_by(kto, them);
        self.board[rfrom as usize].set(rook);
        safe
    }

    /// Drops from hand.
    pub(crate) fn drops<S: MoveSink>(&self, out: &mut S) {
        let v = &*self.v;
        let Some(d) = &v.drops else { return };
        let us = self.side;
        let start_left = d.enclosing == Enclosing::Reversi && d.enclosing_start.iter().any(|s| self.at(s) == 0);
        for kind in 0..v.nkinds() as u8 {
            if !d.free && self.hand[us as usize][kind as usize] == 0 {
                continue;
            }
            if d.free && (v.kinds[kind as usize].base != kind || v.kinds[kind as usize].royal) {
                continue;
            }
            let pk = &v.kinds[kind as usize];
            let mut file_full = [false; 16];
            if kind == d.no_doubled {
                let mut on_file = [0u8; 16];
                for sq in 0..v.nsq() as u16 {
                    if self.at(sq) == Variant::code(kind, us) {
                        on_file[v.file(sq) as usize] += 1;
                    }
                }
                for f in 0..16 {
                    file_full[f] = on_file[f] >= d.no_doubled_count;
                }
            }
            let promoted = match pk.promotion[us as usize] {
                Promotion::To(k) if d.promoted => k,
                _ => NO_KIND,
            };
            for to in 0..v.nsq() as u16 {
                if self.at(to) != 0 || !d.region[us as usize].has(to) || !pk.region[us as usize].has(to) {
                    continue;
                }
                let rel = v.relative_rank(us, to);
                if rel < pk.drop_ranks.0 || rel > pk.drop_ranks.1 || file_full[v.file(to) as usize] {
                    continue;
                }
                match d.enclosing {
                    Enclosing::Reversi if start_left && !d.enclosing_start.has(to) => continue,
                    Enclosing::Reversi if !start_left && self.enclosed(to, us, d.enclosing).is_empty() => continue,
                    Enclosing::Ataxx if !self.next_to_own(to, us) => continue,
                    _ => {}
                }
                if promoted != NO_KIND {
                    out.push(Move { from: CELL_NONE, to, extra: promoted as u16 + 1, tag: tag::DROP });
                }
                if v.rules.immobility_illegal && !v.tables.mobile(us, kind, to) {
                    continue;
                }
                out.push(Move { from: CELL_NONE, to, extra: kind as u16 + 1, tag: tag::DROP });
            }
        }
    }

    /// Whether a piece of `us` stands next to `sq`.
    fn next_to_own(&self, sq: u16, us: u8) -> bool {
        let v = &self.v;
        let (f0, r0) = (v.file(sq) as i32, v.rank(sq) as i32);
        (-1..=1).any(|df| {
            (-1..=1).any(|dr| {
                let (f, r) = (f0 + df, r0 + dr);
                (df, dr) != (0, 0)
                    && f >= 0
                    && r >= 0
                    && f < v.files as i32
                    && r < v.ranks as i32
                    && self.own(v.square(f as u8, r as u8), us)
            })
        })
    }

    /// Cambodian chess: the king's first leap (a knight's move one rank
    /// forward, not out of check) and the met's first double step.
    pub(crate) fn leaps<S: MoveSink>(&self, out: &mut S) {
        let v = &*self.v;
        let us = self.side;
        let gates = self.gates[us as usize];
        if gates.is_empty() {
            return;
        }
        let fwd: i32 = if us == 0 { 1 } else { -1 };
        let met = v.kind_of_letter("m").unwrap_or(NO_KIND);
        for from in gates.iter() {
            let c = self.at(from);
            if !is_piece(c) || owner_of(c) != us {
                continue;
            }
            let (f, r) = (v.file(from) as i32, v.rank(from) as i32);
            let targets: &[(i32, i32)] = if kind_of(c) == v.royal && !self.in_check {
                &[(f - 2, r + fwd), (f + 2, r + fwd)]
            } else if kind_of(c) == met {
                &[(f, r + 2 * fwd)]
            } else {
                &[]
            };
            for &(tf, tr) in targets {
                if tf < 0 || tr < 0 || tf >= v.files as i32 || tr >= v.ranks as i32 {
                    continue;
                }
                let to = v.square(tf as u8, tr as u8);
                if self.at(to) == 0 {
                    out.push(Move { from, to, extra: 0, tag: tag::LEAP });
                }
            }
        }
    }

    /// S-chess: every legal move from a gate square also comes with each
    /// piece in hand entering there (castling: on the king's or the rook's
    /// square).
    pub(crate) fn add_gatings(&self, out: &mut RVec<Move>, start: usize) {
        let v = &*self.v;
        let end = out.len();
        for i in start..end {
            let m = out[i];
            let k = tag::of(m);
            if k == tag::DROP || k == tag::PASS {
                continue;
            }
            let castle = k == tag::CASTLE_LEFT || k == tag::CASTLE_RIGHT;
            for (square, flag) in [(m.from, 0), (if castle { m.to } else { NO_SQ }, tag::GATE_ROOK)] {
                if !self.gate_open(m, square) {
                    continue;
                }
                for kind in 0..v.nkinds() as u8 {
                    if self.may_gate(square, kind) {
                        out.push(Move { extra: kind as u16 + 1, tag: m.tag | tag::GATE | flag, ..m });
                    }
                }
            }
        }
    }

    /// Whether the legal move `m` may gate on `square` (one of its own):
    /// a gate not yet left, and for castling not where king or rook land.
    fn gate_open(&self, m: Move, square: u16) -> bool {
        if square == NO_SQ || !self.gates[self.side as usize].has(square) {
            return false;
        }
        if matches!(tag::of(m), tag::CASTLE_LEFT | tag::CASTLE_RIGHT) {
            let (_, kto, _, rto) = self.castling_squares(m);
            return square != kto && square != rto;
        }
        true
    }

    /// Whether a piece of `kind` in hand may enter on `square`.
    fn may_gate(&self, square: u16, kind: u8) -> bool {
        let v = &*self.v;
        let us = self.side;
        let pk = &v.kinds[kind as usize];
        let rel = v.relative_rank(us, square);
        self.hand[us as usize][kind as usize] > 0
            && pk.region[us as usize].has(square)
            && rel >= pk.drop_ranks.0
            && rel <= pk.drop_ranks.1
            && v.drops.as_ref().map(|d| d.region[us as usize].has(square)) != Some(false)
    }

    /// Whether the gating part of `m` (a gating move: its plain move is
    /// checked apart) is one [`Self::add_gatings`] makes.
    pub(crate) fn gate_allowed(&self, m: Move) -> bool {
        let v = &*self.v;
        if !v.gating.is_some_and(|g| g.seirawan) || m.extra == 0 || m.extra as usize > v.nkinds() {
            return false;
        }
        let k = tag::of(m);
        let castle = k == tag::CASTLE_LEFT || k == tag::CASTLE_RIGHT;
        if k == tag::DROP || k == tag::PASS || (m.tag & tag::GATE_ROOK != 0 && !castle) {
            return false;
        }
        let square = self.gate_square(m);
        self.gate_open(m, square) && self.may_gate(square, (m.extra - 1) as u8)
    }

    /// Walls: every legal move comes once per square its wall may go to.
    pub(crate) fn add_walls(&self, out: &mut RVec<Move>, start: usize) {
        let v = &*self.v;
        let Some(w) = v.walls else { return };
        let us = self.side as usize;
        let end = out.len();
        for i in start..end {
            let m = out[i];
            if tag::of(m) == tag::PASS {
                continue;
            }
            let mut targets: Vec<u16> = Vec::new();
            match w.rule {
                WallRule::Past => targets.push(m.from),
                WallRule::Arrow => self.arrow_squares(m, &mut targets),
                WallRule::Duck | WallRule::Static => self.empty_after(m, &mut targets),
            }
            for sq in targets {
                if w.region[us].has(sq) && (w.rule != WallRule::Past || m.from != CELL_NONE) {
                    out.push(Move { tag: tag::with_wall(m.tag, sq), ..m });
                }
            }
        }
        // The plain moves were placeholders for their walled forms.
        out.drain(start..end);
    }

    /// The squares the moved piece could move to from its arrival square
    /// (Amazons' arrow), its departure square empty.
    fn arrow_squares(&self, m: Move, out: &mut Vec<u16>) {
        let code = self.at(m.from);
        let v = &*self.v;
        let t = &v.tables;
        self.board[m.from as usize].set(0);
        for ray in t.rays_of(owner_of(code), kind_of(code), m.to) {
            for &sq in t.squares(ray) {
                if self.at(sq) != 0 {
                    break;
                }
                out.push(sq);
            }
        }
        self.board[m.from as usize].set(code);
    }
}
