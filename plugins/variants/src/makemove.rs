//! Make and unmake: every move kind (moves, captures, promotions and
//! demotions, en passant, castling, drops, gating, passes, walls) with the
//! hash, the counters and the history kept; the side effects that reach
//! beyond the move's squares (explosions, turned pieces, petrified
//! capturers, castling rights, gates) are in [`crate::effects`].

use std::sync::Arc;

use rules_api::{Move, PluginError};

use crate::position::{tag, EpSquares, Position, Undo};
use crate::variant::{is_piece, kind_of, owner_of, EpMark, Promotion, Variant, NO_KIND, NO_SQ};

impl Position {
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
            castle_king: self.castle_king,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            checks_left: self.checks_left,
            hash: self.hash,
            in_check: self.in_check,
            changes: self.changes.len() as u32,
            royal_sq: self.royal_sq,
            null,
            since_null: self.since_null,
            counting: self.counting,
            gates: self.gate_history.len() as u32,
            gate_hash: self.gate_hash,
            to_hand: NO_KIND,
            bikjang: self.v.rules.bikjang && self.royals_face(),
        }
    }

    /// The squares of a castling move: king from, king to, rook from,
    /// rook to.
    pub(crate) fn castling_squares(&self, m: Move) -> (u16, u16, u16, u16) {
        let v = &self.v;
        let rule = v.castling.expect("castling move in a game with castling");
        let left = tag::kind(m.tag) == tag::CASTLE_LEFT;
        let rank = v.rank(m.from);
        let kto = v.square(if left { rule.king_file_left } else { rule.king_file_right }, rank);
        let rto = if left { kto + 1 } else { kto - 1 };
        (m.from, kto, m.to, rto)
    }

    /// The square an en passant capture onto `to` takes: the marked piece
    /// of a fairy pawn's path, or the pawn behind the square.
    pub(crate) fn ep_capture_square(&self, to: u16) -> u16 {
        if self.ep_victim != NO_SQ {
            return self.ep_victim;
        }
        // A fairy pawn's marked squares: the nearest occupied one.
        let marked = self.ep.iter().filter(|&s| self.at(s) != 0);
        let found = if self.side == 0 { marked.min() } else { marked.max() };
        found.unwrap_or_else(|| {
            // Fairy-Stockfish takes the nearest enemy piece on the file
            // behind the square.
            let files = self.v.files as i32;
            let step = if self.side == 0 { -files } else { files };
            let mut s = to as i32 + step;
            while s >= 0 && (s as usize) < self.v.nsq() {
                if self.own(s as u16, 1 - self.side) {
                    return s as u16;
                }
                s += step;
            }
            NO_SQ
        })
    }

    /// Plays `m`, assumed legal, and pushes it on the history.
    pub(crate) fn do_move(&mut self, m: Move) {
        let v = Arc::clone(&self.v);
        let us = self.side;
        let them = 1 - us;
        let mut undo = self.undo_record(m, false);
        let kind = tag::of(m);
        let ep_victim = if kind == tag::EN_PASSANT { self.ep_capture_square(m.to) } else { NO_SQ };
        if !self.ep.is_empty() {
            self.set_ep(EpSquares::NONE, NO_SQ);
        }
        let mut reset = false;
        match kind {
            tag::PASS => {}
            tag::DROP => {
                let placed = (m.extra - 1) as u8;
                let from_hand = v.kinds[placed as usize].base;
                if !v.drops.as_ref().is_some_and(|d| d.free) {
                    self.remove_from_hand(us, from_hand);
                }
                self.put(m.to, Variant::code(placed, us), false);
                // Fairy-Stockfish restarts the move-count rule on any drop.
                reset = true;
                self.after_drop(&v, m.to, placed);
            }
            tag::CASTLE_RIGHT | tag::CASTLE_LEFT => {
                let (kfrom, kto, rfrom, rto) = self.castling_squares(m);
                let (king, _) = self.take(kfrom);
                let (rook, _) = self.take(rfrom);
                self.put(kto, king, false);
                self.put(rto, rook, false);
            }
            _ => {
                reset |= self.do_piece_move(&v, m, &mut undo, ep_victim);
            }
        }
        if m.tag & tag::GATE != 0 {
            self.do_gate(m, us);
        }
        self.after_move(&v, m, &mut undo);
        self.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == 1 {
            self.fullmove += 1;
        }
        self.side = them;
        self.hash ^= v.keys.side;
        self.in_check = self.v.has_royal() && self.royal_attacked(them);
        if self.in_check && v.end.checks > 0 && self.checks_left[us as usize] > 0 {
            self.hash ^= self.checks_key(us);
            self.checks_left[us as usize] -= 1;
            self.hash ^= self.checks_key(us);
        }
        if v.end.counting != crate::rules::Counting::None {
            self.update_counting(&v, undo.captured, kind == tag::NORMAL && m.extra != 0);
        }
        self.since_null += 1;
        self.history.push(undo);
    }

    /// A move of a piece on the board (a capture, promotion, demotion or en
    /// passant included); returns whether it resets the move-count rule.
    fn do_piece_move(&mut self, v: &Variant, m: Move, undo: &mut Undo, ep_victim: u16) -> bool {
        let us = self.side;
        let kind_tag = tag::kind(m.tag);
        let mut reset = false;
        let victim_sq = if kind_tag == tag::EN_PASSANT { ep_victim } else { m.to };
        if victim_sq != m.from && is_piece(self.at(victim_sq)) {
            let (code, promoted) = self.take(victim_sq);
            undo.captured = code;
            undo.captured_sq = victim_sq;
            undo.captured_promoted = promoted;
            reset = true;
            if let Some(d) = v.drops.as_ref().filter(|d| d.to_hand) {
                let k = kind_of(code);
                let back = if d.keep_promoted {
                    k
                } else if promoted && v.promotions.main_pawn[owner_of(code) as usize] != NO_KIND {
                    v.promotions.main_pawn[owner_of(code) as usize]
                } else {
                    v.kinds[k as usize].base
                };
                self.add_to_hand(us, back);
                undo.to_hand = back;
            }
        }
        let (code, was_promoted) = self.take(m.from);
        undo.moved = code;
        undo.moved_promoted = was_promoted;
        let kind = kind_of(code);
        let pk = &v.kinds[kind as usize];
        if m.extra != 0 && m.tag & tag::GATE == 0 {
            let to_kind = (m.extra - 1) as u8;
            let by_choice = matches!(pk.promotion[us as usize], Promotion::Choice(_));
            // Chess-style promotions are marked so that a capture returns
            // them to hand as the pawn they were.
            let mark = by_choice && v.drops.as_ref().is_some_and(|d| d.to_hand && !d.keep_promoted);
            self.put(m.to, Variant::code(to_kind, us), mark);
            // Fairy-Stockfish: a promotion is irreversible, a shogi-style
            // one unless pieces may demote again.
            reset |= by_choice || (kind_tag != tag::DEMOTION && !v.promotions.demotion);
        } else {
            self.put(m.to, code, was_promoted);
            if pk.ep_mark != EpMark::None {
                self.mark_ep(v, m, kind);
            }
            if pk.resets && !(pk.backwards && self.reversible(kind, us, m.to, m.from)) {
                reset = true;
            }
        }
        if undo.captured != 0 {
            self.after_capture(v, m, kind);
        }
        reset
    }

    /// Sets the en passant squares after a first move of `kind`.
    fn mark_ep(&mut self, v: &Variant, m: Move, kind: u8) {
        let them = 1 - self.side;
        match v.kinds[kind as usize].ep_mark {
            EpMark::Pawn => {
                let (fr, tr) = (v.rank(m.from) as i32, v.rank(m.to) as i32);
                if (tr - fr).abs() == 2 && v.file(m.from) == v.file(m.to) {
                    let mid = ((m.from as u32 + m.to as u32) / 2) as u16;
                    if v.rules.ep_region[them as usize].has(mid) && self.ep_capturable(mid, them) {
                        let mut ep = EpSquares::NONE;
                        ep.insert(mid);
                        self.set_ep(ep, m.to);
                    }
                }
            }
            EpMark::Path => {
                if self.initial_only(kind, self.side, m.from, m.to) {
                    let mut ep = EpSquares::NONE;
                    for sq in self.segment(m.from, m.to) {
                        if v.rules.ep_region[them as usize].has(sq) {
                            ep.insert(sq);
                        }
                    }
                    if !ep.is_empty() {
                        self.set_ep(ep, NO_SQ);
                    }
                }
            }
            EpMark::None => {}
        }
    }

    /// The squares from `from` (excluded) to `to` (included) when they are
    /// on one line, else just `to` (Fairy-Stockfish's `between_bb`).
    pub(crate) fn segment(&self, from: u16, to: u16) -> impl Iterator<Item = u16> {
        let v = &self.v;
        let (df, dr) = (v.file(to) as i32 - v.file(from) as i32, v.rank(to) as i32 - v.rank(from) as i32);
        let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
        let n = if aligned { df.abs().max(dr.abs()) } else { 1 };
        let (sf, sr) = if aligned { (df.signum(), dr.signum()) } else { (df, dr) };
        let (f0, r0, files) = (v.file(from) as i32, v.rank(from) as i32, v.files as i32);
        (1..=n).map(move |i| ((r0 + sr * i) * files + f0 + sf * i) as u16)
    }

    /// Whether a piece of `player` could capture en passant on `ep`.
    fn ep_capturable(&self, ep: u16, player: u8) -> bool {
        let t = &self.v.tables;
        for k in 0..self.v.nkinds() as u8 {
            if !self.v.kinds[k as usize].takes_ep || self.count[player as usize][k as usize] == 0 {
                continue;
            }
            for leap in t.lines_to(player, ep) {
                let sq = t.attack_pool[leap.start as usize];
                let c = self.at(sq);
                if c == Variant::code(k, player)
                    && t.attack_mask[leap.start as usize] >> k & 1 != 0
                    && leap.hop == crate::betza::NO_HOP
                {
                    return true;
                }
            }
        }
        false
    }

    /// Takes back the last move.
    pub(crate) fn undo_move(&mut self) -> Result<(), PluginError> {
        let Some(u) = self.history.pop() else {
            return Err(PluginError::unsupported("no move to take back"));
        };
        let m = u.m;
        let us = 1 - self.side;
        if !u.null {
            self.revert_changes(u.changes as usize);
            if m.tag & tag::GATE != 0 {
                let gate = self.gate_square(m);
                self.take(gate);
                self.add_to_hand(us, (m.extra - 1) as u8);
            }
            self.undo_board(m, &u, us);
            if self.gate_history.len() > u.gates as usize {
                self.gate_history.truncate(u.gates as usize + 1);
                self.gates = self.gate_history.pop().expect("recorded");
            }
        }
        self.side = us;
        if us == 1 {
            self.fullmove -= 1;
        }
        self.castling = u.castling;
        self.castle_king = u.castle_king;
        self.ep = u.ep;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.checks_left = u.checks_left;
        self.hash = u.hash;
        self.in_check = u.in_check;
        self.royal_sq = u.royal_sq;
        self.since_null = u.since_null;
        self.counting = u.counting;
        self.gate_hash = u.gate_hash;
        Ok(())
    }

    fn undo_board(&mut self, m: Move, u: &Undo, us: u8) {
        match tag::of(m) {
            tag::PASS => {}
            tag::DROP => {
                let placed = (m.extra - 1) as u8;
                self.take(m.to);
                if !self.v.drops.as_ref().is_some_and(|d| d.free) {
                    self.add_to_hand(us, self.v.kinds[placed as usize].base);
                }
            }
            tag::CASTLE_RIGHT | tag::CASTLE_LEFT => {
                let (kfrom, kto, rfrom, rto) = self.castling_squares(m);
                let (king, _) = self.take(kto);
                let (rook, _) = self.take(rto);
                self.put(kfrom, king, false);
                self.put(rfrom, rook, false);
            }
            _ => {
                // An exploded or petrified mover is back on its arrival
                // square by now.
                self.take(m.to);
                self.put(m.from, u.moved, u.moved_promoted);
                if u.captured != 0 {
                    self.put(u.captured_sq, u.captured, u.captured_promoted);
                    if u.to_hand != NO_KIND {
                        self.remove_from_hand(us, u.to_hand);
                    }
                }
            }
        }
    }

    /// Passes the turn (null move).
    pub(crate) fn do_null(&mut self) {
        let undo = self.undo_record(rules_api::Move::NULL, true);
        self.set_ep(EpSquares::NONE, NO_SQ);
        self.halfmove += 1;
        if self.side == 1 {
            self.fullmove += 1;
        }
        self.side = 1 - self.side;
        self.hash ^= self.v.keys.side;
        self.in_check = self.v.has_royal() && self.royal_attacked(self.side);
        self.since_null = 0;
        self.history.push(undo);
    }
}
