//! Moves that cannot expose the mover's royal, found without playing them.
//!
//! When the royal is not attacked, a move of another piece can only let an
//! attack through by taking a pinned piece off its line, by emptying a lame
//! leaper's leg, or (for hoppers, whose screens count) by emptying or
//! filling a square on a hopping line in front of an enemy hopper. [`Guard`] holds those squares for the
//! position; a move that touches none of them is legal without the
//! play-and-test of [`Position::is_legal`], which every other move still
//! gets. Rules whose legality depends on more than the royal being attacked
//! (atomic, petrification, pseudo-royals, racing kings, mutual immunity,
//! facing kings in bikjang) get no guard.

use rules_api::Move;

use crate::betza::NO_HOP;
use crate::position::{tag, Position};
use crate::variant::{is_piece, kind_of, owner_of, Squares, NO_KIND, NO_SQ};

/// The squares of a position a safe move leaves alone.
pub(crate) struct Guard {
    /// The mover's royal (its own moves are always tested).
    royal: u16,
    /// Squares whose emptying could open an attack on the royal.
    vacated: Squares,
    /// Squares whose filling could give a hopper its screen.
    filled: Squares,
    /// Whether drops need no more than the attack test (no bishop-colour
    /// rule).
    drops: bool,
}

impl Guard {
    /// Whether `m` (pseudo-legal) is legal without testing it.
    #[inline]
    pub(crate) fn clears(&self, m: Move) -> bool {
        match tag::of(m) {
            tag::NORMAL | tag::DEMOTION | tag::LEAP => {
                m.from != self.royal && !self.vacated.has(m.from) && !self.filled.has(m.to)
            }
            tag::DROP => self.drops && !self.filled.has(m.to),
            _ => false,
        }
    }
}

impl Position {
    /// The guard of the player to move, when its royal stands unattacked
    /// and the variant's legality is only about attacks on it.
    pub(crate) fn guard(&self) -> Option<Guard> {
        let v = &*self.v;
        let r = &v.rules;
        let us = self.side as usize;
        let royal = self.royal_sq[us];
        if !v.has_royal()
            || royal == NO_SQ
            || self.in_check
            || r.no_checks
            || r.atomic
            || r.petrify != 0
            || r.mutually_immune != 0
            || v.end.extinction.is_some_and(|x| x.pseudo_royal)
            || (r.bikjang && self.royals_face())
        {
            return None;
        }
        let them = 1 - us;
        let present = self.present[them];
        let t = &v.tables;
        let mut g = Guard {
            royal,
            vacated: Squares::EMPTY,
            filled: Squares::EMPTY,
            drops: v.drops.as_ref().map_or(true, |d| d.opposite_bishops == NO_KIND),
        };
        let theirs = |sq: u16, mask: u32| {
            let c = self.at(sq);
            is_piece(c) && owner_of(c) == them as u8 && mask >> kind_of(c) & 1 != 0
        };
        for leap in t.leaps_to(them as u8, royal) {
            if leap.mask & present != 0 && theirs(leap.sq, leap.mask) {
                for sq in leap.lame {
                    if sq != NO_SQ {
                        g.vacated.insert(sq);
                    }
                }
            }
        }
        for line in t.lines_to(them as u8, royal) {
            if line.any & present == 0 {
                continue;
            }
            let start = line.start as usize;
            let squares = &t.attack_pool[start..start + line.len as usize];
            let masks = &t.attack_mask[start..start + line.len as usize];
            if line.hop == NO_HOP {
                // Only a piece of ours standing alone between the royal and
                // an attacker (pinned) opens the line by leaving.
                let mut pieces = squares.iter().enumerate().filter(|&(_, &sq)| self.at(sq) != 0);
                if let (Some((_, &first)), Some((i, &second))) = (pieces.next(), pieces.next()) {
                    if self.own(first, us as u8) && theirs(second, masks[i]) {
                        g.vacated.insert(first);
                    }
                }
                continue;
            }
            // A hopper's screen may come or go anywhere before the farthest
            // piece that could take from behind one.
            if let Some(far) = (0..squares.len()).rev().find(|&i| theirs(squares[i], masks[i])) {
                for &sq in &squares[..far] {
                    g.vacated.insert(sq);
                    g.filled.insert(sq);
                }
            }
        }
        if r.flying_royals {
            let other = self.royal_sq[them];
            if other != NO_SQ && v.file(other) == v.file(royal) {
                let files = v.files as u16;
                let (lo, hi) = (royal.min(other), royal.max(other));
                let mut s = lo + files;
                while s < hi {
                    g.vacated.insert(s);
                    s += files;
                }
            }
        }
        Some(g)
    }
}

#[cfg(test)]
mod tests {
    use rules_api::{Move, RVec};

    use crate::position::{tag, Position};
    use crate::{library, VariantRules};

    /// The positions of a shipped variant's perft file and every position
    /// one legal move after them.
    fn positions(name: &str) -> Vec<Position> {
        let v = VariantRules::shipped(name).expect("shipped").variant().clone();
        let path = format!("{}/tests/data/{name}.epd", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("perft file");
        let mut out = Vec::new();
        for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
            let fen = line.split(';').next().expect("fen").trim();
            let p = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
            let mut moves = RVec::new();
            p.generate(&mut moves);
            for &m in moves.iter() {
                let mut next = p.clone();
                next.do_move(m);
                out.push(next);
            }
            out.push(p);
        }
        out
    }

    /// The guard never passes an illegal move, and checking one move agrees
    /// with the list of all legal moves (gated forms and near misses too).
    #[test]
    fn guard_and_single_move_checks_agree_with_full_testing() {
        let mut cleared = 0;
        for (name, _) in library::SHIPPED {
            for p in positions(name) {
                let mut pseudo = RVec::new();
                p.pseudo_moves(&mut pseudo);
                if let Some(g) = p.guard() {
                    for &m in pseudo.iter().filter(|&&m| g.clears(m)) {
                        assert!(p.is_legal(m), "{name}: {m:?} passed the guard in {}", p.to_fen());
                        cleared += 1;
                    }
                }
                // Other variants check one move against the full list.
                if !p.simple_moves() {
                    continue;
                }
                let mut legal = RVec::new();
                if p.ended_by_rule().is_none() {
                    p.generate(&mut legal);
                }
                let mut tried: Vec<Move> = pseudo.iter().copied().chain(legal.iter().copied()).collect();
                let gating = p.v.gating.is_some_and(|g| g.seirawan);
                for &m in pseudo.iter() {
                    for extra in (1..=p.v.nkinds() as u16 + 1).filter(|_| gating) {
                        tried.push(Move { extra, tag: m.tag | tag::GATE, ..m });
                        tried.push(Move { extra, tag: m.tag | tag::GATE | tag::GATE_ROOK, ..m });
                    }
                    tried.push(Move { extra: m.extra + 1, ..m });
                }
                for m in tried {
                    assert_eq!(p.is_legal_move(m), legal.contains(&m), "{name}: {m:?} in {}", p.to_fen());
                }
            }
        }
        assert!(cleared > 100_000, "only {cleared} moves passed the guard");
    }
}
