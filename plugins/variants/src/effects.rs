//! The side effects of a move beyond its own squares: explosions and
//! petrified capturers, pieces turned by a drop, castling rights and gates,
//! walls, and the geometry questions make/unmake asks (may this kind get
//! back to where it came from? was that a first move?).

use rules_api::Move;

use crate::betza::{Leg, MOVE};
use crate::position::{castle_bit, tag, Position, Undo};
use crate::rules::{Enclosing, WallRule};
use crate::variant::{is_piece, kind_of, owner_of, Variant, NO_SQ, WALL};

impl Position {
    /// After a capture by `kind` on `m.to`: explosions, petrification.
    pub(crate) fn after_capture(&mut self, v: &Variant, m: Move, kind: u8) {
        if v.rules.atomic {
            let (cf, cr) = (v.file(m.to) as i32, v.rank(m.to) as i32);
            for df in -1..=1 {
                for dr in -1..=1 {
                    let (f, r) = (cf + df, cr + dr);
                    if f < 0 || r < 0 || f >= v.files as i32 || r >= v.ranks as i32 {
                        continue;
                    }
                    let sq = v.square(f as u8, r as u8);
                    let c = self.at(sq);
                    if !is_piece(c) || v.rules.blast_immune >> kind_of(c) & 1 != 0 {
                        continue;
                    }
                    if sq != m.to && v.rules.atomic_immune >> kind_of(c) & 1 != 0 {
                        continue;
                    }
                    self.change(sq, 0, false);
                }
            }
        } else if v.rules.petrify >> kind & 1 != 0 {
            self.change(m.to, WALL, false);
        }
    }

    /// After a drop of `placed` on `to`: castling rights of dropped kings
    /// and rooks, pieces turned by enclosing drops.
    pub(crate) fn after_drop(&mut self, v: &Variant, to: u16, placed: u8) {
        let us = self.side;
        if let Some(c) = v.castling.filter(|c| c.dropped) {
            let rank = if us == 0 { c.rank } else { v.ranks - 1 - c.rank };
            if v.rank(to) == rank {
                let king_home = v.square(c.king_file, rank);
                let is_rook = |k: u8| c.rooks >> k & 1 != 0;
                if placed == c.king && to == king_home {
                    self.castle_king[us as usize] = to;
                    for f in [0, v.files - 1] {
                        let sq = v.square(f, rank);
                        let code = self.at(sq);
                        if is_piece(code) && owner_of(code) == us && is_rook(kind_of(code)) {
                            self.add_castling_right(us, sq);
                        }
                    }
                } else if is_rook(placed)
                    && (v.file(to) == 0 || v.file(to) == v.files - 1)
                    && self.at(king_home) == Variant::code(c.king, us)
                {
                    self.castle_king[us as usize] = king_home;
                    self.add_castling_right(us, to);
                }
            }
        }
    }

    /// The enemy pieces a drop of `us` on `to` turns.
    pub(crate) fn enclosed(&self, to: u16, us: u8, rule: Enclosing) -> Vec<u16> {
        let v = &self.v;
        let mut out = Vec::new();
        let (f0, r0) = (v.file(to) as i32, v.rank(to) as i32);
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let at = |i: i32| {
                let (f, r) = (f0 + df * i, r0 + dr * i);
                (f >= 0 && r >= 0 && f < v.files as i32 && r < v.ranks as i32).then(|| v.square(f as u8, r as u8))
            };
            match rule {
                Enclosing::Ataxx => {
                    if let Some(sq) = at(1) {
                        if self.own(sq, 1 - us) {
                            out.push(sq);
                        }
                    }
                }
                Enclosing::Reversi => {
                    let mut i = 1;
                    while let Some(sq) = at(i) {
                        if !self.own(sq, 1 - us) {
                            break;
                        }
                        i += 1;
                    }
                    if i > 1 && at(i).is_some_and(|sq| self.own(sq, us)) {
                        out.extend((1..i).filter_map(at));
                    }
                }
                Enclosing::None => {}
            }
        }
        out
    }

    /// Gives `player` the castling right with the rook on `rook`.
    pub(crate) fn add_castling_right(&mut self, player: u8, rook: u16) {
        let king = self.castle_king[player as usize];
        if king == NO_SQ {
            return;
        }
        let left = rook < king;
        let i = (player * 2 + left as u8) as usize;
        self.rook_from[i] = rook;
        let rights = self.castling | castle_bit(player, left);
        self.set_castling(rights);
    }

    /// The gate square of a gating move.
    pub(crate) fn gate_square(&self, m: Move) -> u16 {
        if m.tag & tag::GATE_ROOK != 0 {
            m.to
        } else {
            m.from
        }
    }

    /// Puts the gated piece on its square.
    pub(crate) fn do_gate(&mut self, m: Move, us: u8) {
        let kind = (m.extra - 1) as u8;
        let gate = self.gate_square(m);
        self.remove_from_hand(us, kind);
        self.put(gate, Variant::code(kind, us), false);
    }

    /// After any move: castling rights, gates, walls.
    pub(crate) fn after_move(&mut self, v: &Variant, m: Move, undo: &mut Undo) {
        let kind = tag::of(m);
        let board_move = kind != tag::DROP && kind != tag::PASS;
        if self.castling != 0 && board_move {
            let blasted = &self.changes[undo.changes as usize..];
            let touched = |sq: u16| {
                sq != NO_SQ
                    && (sq == m.from || sq == m.to || sq == undo.captured_sq || blasted.iter().any(|c| c.0 == sq))
            };
            let mut rights = self.castling;
            for i in 0..4u8 {
                let player = i / 2;
                if rights >> i & 1 != 0
                    && (touched(self.rook_from[i as usize]) || touched(self.castle_king[player as usize]))
                {
                    rights &= !(1 << i);
                }
            }
            if rights != self.castling {
                self.set_castling(rights);
            }
        }
        if v.gating.is_some() {
            self.update_gates(v, m);
        }
        // Fairy-Stockfish turns enclosed pieces after every move (Ataxx's
        // jumps too), not only after drops.
        if let Some(d) = v.drops.as_ref().filter(|d| d.enclosing != Enclosing::None && kind != tag::PASS) {
            let us = self.side;
            for sq in self.enclosed(m.to, us, d.enclosing) {
                let c = self.at(sq);
                self.change(sq, Variant::code(kind_of(c), us), false);
            }
        }
        if let Some(w) = v.walls {
            if let Some(sq) = tag::wall(m.tag) {
                if w.rule == WallRule::Duck {
                    for s in 0..v.nsq() as u16 {
                        if self.at(s) == WALL {
                            self.change(s, 0, false);
                        }
                    }
                }
                self.change(sq, WALL, false);
            }
        }
    }

    /// Gates lost by a move.
    fn update_gates(&mut self, v: &Variant, m: Move) {
        let (us, them) = (self.side as usize, 1 - self.side as usize);
        let before = self.gates;
        let kind = tag::of(m);
        if kind != tag::DROP && kind != tag::PASS {
            self.gates[us].remove(m.from);
            if kind == tag::CASTLE_LEFT || kind == tag::CASTLE_RIGHT {
                self.gates[us].remove(m.to);
            }
            self.gates[them].remove(m.to);
        }
        if m.tag & tag::GATE != 0 {
            self.gates[us].remove(self.gate_square(m));
        }
        let g = v.gating.expect("gating");
        if g.seirawan && !v.drops.as_ref().is_some_and(|d| d.to_hand) && self.hand[us].iter().all(|&n| n == 0) {
            self.gates[us] = Default::default();
        }
        if g.cambodian && board_rook_sees_king(self, m.to, them as u8) {
            let king = self.royal_sq[them];
            self.gates[them].remove(king);
        }
        if self.gates != before {
            self.gate_history.push(before);
            self.gate_hash = self.gates_hash();
        }
    }

    /// Whether `kind` of `player` reaches `b` from `a` on the empty board
    /// with a quiet move (`initial`: with a first-move leg instead).
    pub(crate) fn reaches(&self, kind: u8, player: u8, a: u16, b: u16, initial: bool) -> bool {
        let v = &self.v;
        let pk = &v.kinds[kind as usize];
        let (df, dr) = (v.file(b) as i32 - v.file(a) as i32, v.rank(b) as i32 - v.rank(a) as i32);
        let (df, dr) = if player == 0 { (df, dr) } else { (-df, -dr) };
        let hit = |l: &Leg| {
            if l.initial != initial || l.modes & MOVE == 0 || (l.dx == 0 && l.dy == 0) {
                return false;
            }
            let (lx, ly) = (l.dx as i32, l.dy as i32);
            let k = if lx != 0 { df / lx } else { dr / ly };
            k >= 1 && lx * k == df && ly * k == dr && (l.range == 0 || k <= l.range as i32)
        };
        pk.legs.iter().any(hit)
    }

    /// Whether a quiet move of `kind` could go back from `to` to `from`.
    pub(crate) fn reversible(&self, kind: u8, player: u8, to: u16, from: u16) -> bool {
        self.reaches(kind, player, to, from, false)
    }

    /// Whether `from`–`to` is a first move only (Fairy-Stockfish marks en
    /// passant squares for these).
    pub(crate) fn initial_only(&self, kind: u8, player: u8, from: u16, to: u16) -> bool {
        self.reaches(kind, player, from, to, true) && !self.reaches(kind, player, from, to, false)
    }
}

/// Whether a rook that just moved to `to` stands on a line with
/// `player`'s king (Cambodian chess: the king loses its leap; blockers do
/// not matter, as in Fairy-Stockfish).
fn board_rook_sees_king(p: &Position, to: u16, player: u8) -> bool {
    let king = p.royal_sq[player as usize];
    let code = p.at(to);
    if king == NO_SQ || !is_piece(code) || p.v.kinds[kind_of(code) as usize].betza != "R" {
        return false;
    }
    p.v.file(king) == p.v.file(to) || p.v.rank(king) == p.v.rank(to)
}
