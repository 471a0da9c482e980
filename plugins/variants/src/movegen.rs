//! Legal move generation: pseudo-legal piece moves from the tables (with
//! promotions, demotions and en passant; castling, drops, gating, passes
//! and walls are in [`crate::special`]), then the variant's legality rules
//! ([`crate::legal`]), then the rules that choose among legal moves
//! (compulsory captures and drops, passing when stuck).

use rules_api::{Move, RVec, CELL_NONE};

use crate::betza::{CAPTURE, HOP_ONE, MOVE, NO_HOP};
use crate::position::{tag, Position};
use crate::variant::{is_piece, kind_of, owner_of, Promotion, NO_SQ, WALL};

/// Where generated moves go: a list, or a search for one move
/// ([`FindLegal`]), so that checking a single move allocates nothing.
pub(crate) trait MoveSink {
    /// Takes one pseudo-legal move.
    fn push(&mut self, m: Move);
}

impl MoveSink for RVec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        RVec::push(self, m);
    }
}

/// Looks for one move among the pseudo-legal moves and tests only that
/// one for legality (`any_extra`: the promotion field does not matter, as
/// for the plain move under a gating move).
pub(crate) struct FindLegal<'a> {
    pos: &'a Position,
    want: Move,
    any_extra: bool,
    found: bool,
}

impl MoveSink for FindLegal<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        if !self.found
            && m.from == self.want.from
            && m.to == self.want.to
            && m.tag == self.want.tag
            && (self.any_extra || m.extra == self.want.extra)
            && self.pos.is_legal(m)
        {
            self.found = true;
        }
    }
}

impl Position {
    /// Every legal move, the game's end rules not considered.
    pub fn generate(&self, out: &mut RVec<Move>) {
        let start = out.len();
        let v = &*self.v;
        self.pseudo_moves(out);
        let guard = self.guard();
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if guard.as_ref().is_some_and(|g| g.clears(m)) || self.is_legal(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
        self.choose(out, start);
        if v.gating.is_some_and(|g| g.seirawan) {
            self.add_gatings(out, start);
        }
        if v.walls.is_some() {
            self.add_walls(out, start);
        }
    }

    /// Every pseudo-legal move, in the order the legal moves are listed.
    pub(crate) fn pseudo_moves<S: MoveSink>(&self, out: &mut S) {
        let us = self.side;
        let v = &*self.v;
        for from in 0..v.nsq() as u16 {
            let code = self.at(from);
            if is_piece(code) && owner_of(code) == us {
                self.piece_moves(from, code, out);
            }
        }
        if v.castling.is_some() && self.castling != 0 {
            self.castling_moves(out);
        }
        if v.drops.is_some() {
            self.drops(out);
        }
        if v.gating.is_some_and(|g| g.cambodian) {
            self.leaps(out);
        }
        if v.rules.pass {
            out.push(Move::PASS);
        }
    }

    /// Whether the variant's legal moves are its legal pseudo-legal moves
    /// (gated forms aside), so one move is checked without listing them
    /// all: no rule chooses among them and no wall is added.
    pub(crate) fn simple_moves(&self) -> bool {
        let v = &*self.v;
        v.walls.is_none()
            && !v.rules.must_capture
            && !v.rules.pass_on_stalemate
            && !v.drops.as_ref().is_some_and(|d| d.must)
    }

    /// Whether `m` is one of the legal moves now. Allocates nothing unless
    /// a rule chooses among the legal moves (compulsory captures, walls).
    pub fn is_legal_move(&self, m: Move) -> bool {
        if self.ended_by_rule().is_some() {
            return false;
        }
        if !self.simple_moves() {
            let mut candidates = RVec::new();
            self.generate(&mut candidates);
            return candidates.contains(&m);
        }
        let gated = m.tag & tag::GATE != 0;
        if gated && !self.gate_allowed(m) {
            return false;
        }
        let want = Move { tag: m.tag & !(tag::GATE | tag::GATE_ROOK), ..m };
        let mut find = FindLegal { pos: self, want, any_extra: gated, found: false };
        let v = &*self.v;
        // Only the generator that makes moves of this kind (as in
        // `pseudo_moves`).
        match tag::of(want) {
            tag::NORMAL | tag::EN_PASSANT | tag::DEMOTION if want.from != CELL_NONE => {
                if want.from as usize >= v.nsq() || !self.own(want.from, self.side) {
                    return false;
                }
                self.piece_moves(want.from, self.at(want.from), &mut find);
            }
            tag::CASTLE_LEFT | tag::CASTLE_RIGHT if v.castling.is_some() && self.castling != 0 => {
                self.castling_moves(&mut find)
            }
            tag::DROP if v.drops.is_some() => self.drops(&mut find),
            tag::LEAP if v.gating.is_some_and(|g| g.cambodian) => self.leaps(&mut find),
            tag::PASS if v.rules.pass => find.push(Move::PASS),
            _ => {}
        }
        find.found
    }

    /// The rules that keep only some legal moves: compulsory captures,
    /// compulsory drops, passing only when nothing else is legal.
    fn choose(&self, out: &mut RVec<Move>, start: usize) {
        let v = &*self.v;
        let keep_only = |out: &mut RVec<Move>, f: &dyn Fn(Move) -> bool| {
            if out[start..].iter().any(|&m| f(m)) {
                let mut keep = start;
                for i in start..out.len() {
                    if f(out[i]) {
                        out[keep] = out[i];
                        keep += 1;
                    }
                }
                out.truncate(keep);
            }
        };
        if v.rules.must_capture {
            keep_only(out, &|m| self.is_capture(m));
        }
        if v.drops.as_ref().is_some_and(|d| d.must) && self.hand[self.side as usize].iter().any(|&n| n > 0) {
            keep_only(out, &|m| tag::of(m) == tag::DROP);
        }
        if v.rules.pass_on_stalemate {
            if out[start..].is_empty() {
                out.push(Move::PASS);
            } else if !v.rules.pass {
                out.retain(|&m| m != Move::PASS);
            }
        }
    }

    /// Whether `m` takes a piece.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        let k = tag::of(m);
        k == tag::EN_PASSANT
            || ((k == tag::NORMAL || k == tag::DEMOTION) && m.from != CELL_NONE && is_piece(self.at(m.to)))
    }

    /// Pseudo-legal moves of the piece `code` on `from`.
    pub(crate) fn piece_moves<S: MoveSink>(&self, from: u16, code: u8, out: &mut S) {
        let v = &*self.v;
        let us = owner_of(code);
        let kind = kind_of(code);
        let pk = &v.kinds[kind as usize];
        let t = &v.tables;
        for ray in t.rays_of(us, kind, from) {
            if ray.lame[0] != NO_SQ && self.at(ray.lame[0]) != 0 || ray.lame[1] != NO_SQ && self.at(ray.lame[1]) != 0 {
                continue;
            }
            let squares = t.squares(ray);
            let mut screened = ray.hop == NO_HOP;
            for &to in squares {
                let c = self.at(to);
                if !screened {
                    if c != 0 {
                        if pk.janggi_cannon && self.is_janggi_cannon(c) {
                            break;
                        }
                        screened = true;
                    }
                    continue;
                }
                if c == 0 {
                    if ray.modes & MOVE != 0 {
                        self.push_move(from, to, kind, false, out);
                    } else if ray.modes & CAPTURE != 0 && pk.takes_ep && self.ep.has(to) {
                        self.push_ep(from, to, out);
                    }
                } else {
                    if c != WALL
                        && owner_of(c) != us
                        && ray.modes & CAPTURE != 0
                        && !(pk.janggi_cannon && self.is_janggi_cannon(c))
                    {
                        self.push_move(from, to, kind, true, out);
                    }
                    break;
                }
                if ray.hop == HOP_ONE {
                    break;
                }
            }
        }
    }

    /// An en passant capture: a pawn's ([`tag::EN_PASSANT`]) only when a
    /// pawn stands behind the square; Fairy-Stockfish lets a fairy pawn's
    /// capture onto a marked square take the marked piece.
    fn push_ep<S: MoveSink>(&self, from: u16, to: u16, out: &mut S) {
        if !self.v.rules.ep_region[self.side as usize].has(to) {
            return;
        }
        out.push(Move { from, to, extra: 0, tag: tag::EN_PASSANT });
    }

    /// A move with the promotions it may or must make.
    fn push_move<S: MoveSink>(&self, from: u16, to: u16, kind: u8, capture: bool, out: &mut S) {
        let v = &*self.v;
        let us = self.side;
        let pk = &v.kinds[kind as usize];
        let stuck = v.rules.immobility_illegal && !v.tables.mobile(us, kind, to);
        let p = &v.promotions;
        match &pk.promotion[us as usize] {
            Promotion::Never if pk.base != kind && p.demotion => self.push_demotion(from, to, kind, capture, out),
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
                    if self.count[us as usize][k as usize] < p.limit[k as usize] {
                        out.push(Move { from, to, extra: k as u16 + 1, tag: tag::NORMAL });
                    }
                }
                if !p.mandatory && !stuck {
                    out.push(Move::new(from, to));
                }
            }
            Promotion::To(k) => {
                let zone = v.in_zone(us, to) || v.in_zone(us, from);
                let may =
                    zone && (!p.on_capture || capture) && self.count[us as usize][*k as usize] < p.limit[*k as usize];
                if may {
                    out.push(Move { from, to, extra: *k as u16 + 1, tag: tag::NORMAL });
                }
                // Fairy-Stockfish: a forced promotion leaves no plain move
                // into, out of or within the zone (a capture-only promotion
                // only on captures).
                let plain_barred = p.forced && zone && (!p.on_capture || capture) && may;
                if !stuck && !plain_barred {
                    out.push(Move::new(from, to));
                }
            }
        }
    }

    /// A promoted piece's move, turning back when it may (Kyoto, micro
    /// shogi).
    fn push_demotion<S: MoveSink>(&self, from: u16, to: u16, kind: u8, capture: bool, out: &mut S) {
        let v = &*self.v;
        let p = &v.promotions;
        let us = self.side;
        let base = v.kinds[kind as usize].base;
        let zone = v.in_zone(us, to) || v.in_zone(us, from);
        let may = zone && (!p.on_capture || capture);
        if may {
            out.push(Move { from, to, extra: base as u16 + 1, tag: tag::DEMOTION });
        }
        let stuck = v.rules.immobility_illegal && !v.tables.mobile(us, kind, to);
        if !(stuck || (p.forced && may)) {
            out.push(Move::new(from, to));
        }
    }
}
