//! Attacks on squares: by leapers and lines from the tables, the janggi
//! cannon's exceptions, facing royals, and which pieces count as kings
//! (the royal, or the last pieces of a pseudo-royal kind).

use crate::betza::{HOP_ONE, NO_HOP};
use crate::position::Position;
use crate::variant::{is_piece, kind_of, owner_of, NO_SQ, WALL};

impl Position {
    /// Whether `player` attacks `target` on the current board.
    pub fn attacked_by(&self, target: u16, player: u8) -> bool {
        let t = &self.v.tables;
        let present = self.present[player as usize];
        for leap in t.leaps_to(player, target) {
            if leap.mask & present == 0 {
                continue;
            }
            let c = self.at(leap.sq);
            if is_piece(c)
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
            let mut screen = if line.hop == NO_HOP { WALL } else { 0 };
            for (i, &sq) in squares.iter().enumerate() {
                let c = self.at(sq);
                if c == 0 {
                    if line.hop == HOP_ONE && screen == 0 {
                        break;
                    }
                    continue;
                }
                if screen == 0 {
                    screen = c;
                    continue;
                }
                if is_piece(c) && owner_of(c) == player && masks[i] >> kind_of(c) & 1 != 0 {
                    if line.hop == NO_HOP || !self.v.kinds[kind_of(c) as usize].janggi_cannon {
                        return true;
                    }
                    if !self.is_janggi_cannon(screen) && !self.is_janggi_cannon(self.at(target)) {
                        return true;
                    }
                }
                break;
            }
        }
        false
    }

    /// Whether a code is a janggi cannon.
    #[inline]
    pub(crate) fn is_janggi_cannon(&self, code: u8) -> bool {
        is_piece(code) && self.v.kinds[kind_of(code) as usize].janggi_cannon
    }

    /// Whether `player`'s royal is attacked (with the atomic exception: a
    /// royal touching the enemy royal cannot be taken).
    pub(crate) fn royal_attacked(&self, player: u8) -> bool {
        let sq = self.royal_sq[player as usize];
        if sq == NO_SQ {
            return false;
        }
        if self.v.rules.atomic && self.royals_touch() {
            return false;
        }
        self.attacked_by(sq, 1 - player) || (self.v.rules.flying_royals && self.royals_face())
    }

    /// Whether the two royals stand next to each other.
    pub(crate) fn royals_touch(&self) -> bool {
        let (a, b) = (self.royal_sq[0], self.royal_sq[1]);
        a != NO_SQ && b != NO_SQ && self.adjacent(a, b)
    }

    /// Whether two squares touch.
    #[inline]
    pub(crate) fn adjacent(&self, a: u16, b: u16) -> bool {
        let v = &self.v;
        (v.file(a) as i32 - v.file(b) as i32).abs() <= 1 && (v.rank(a) as i32 - v.rank(b) as i32).abs() <= 1
    }

    /// Whether the royals face each other on an open file.
    pub(crate) fn royals_face(&self) -> bool {
        self.face(self.royal_sq[0], self.royal_sq[1])
    }

    /// Whether `a` and `b` are on one file with nothing between.
    pub(crate) fn face(&self, a: u16, b: u16) -> bool {
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

    /// Whether `player`'s pieces of `kind` are kings in all but name now:
    /// a pseudo-royal kind of which the player has at most one more than
    /// the extinction count.
    #[inline]
    pub(crate) fn pseudo_royal_kind(&self, player: u8, kind: u8) -> bool {
        match self.v.end.extinction {
            Some(x) if x.pseudo_royal && x.kinds >> kind & 1 != 0 => self.extinction_count(player, kind) <= x.count + 1,
            _ => false,
        }
    }

    /// How many pieces of `kind` the extinction rule sees `player` have on
    /// the board (the whole group when its kinds count together).
    pub(crate) fn extinction_count(&self, player: u8, kind: u8) -> u32 {
        let counts = &self.count[player as usize];
        match self.v.end.extinction {
            Some(x) if x.together && x.kinds >> kind & 1 != 0 => {
                (0..32).filter(|k| x.kinds >> k & 1 != 0).map(|k| counts[k] as u32).sum()
            }
            _ => counts[kind as usize] as u32,
        }
    }

    /// Whether some pseudo-royal piece of `player` is attacked (atomic:
    /// touching an enemy pseudo-royal protects it).
    pub(crate) fn pseudo_royal_attacked(&self, player: u8) -> bool {
        let Some(x) = self.v.end.extinction.filter(|x| x.pseudo_royal) else { return false };
        let mut any_attacked = false;
        let mut all_attacked = true;
        let mut candidates = 0;
        for sq in 0..self.v.nsq() as u16 {
            let c = self.at(sq);
            if !is_piece(c) || owner_of(c) != player || x.kinds >> kind_of(c) & 1 == 0 {
                continue;
            }
            candidates += 1;
            let attacked = !self.blast_shielded(sq, player) && self.attacked_by(sq, 1 - player);
            if attacked && self.pseudo_royal_kind(player, kind_of(c)) {
                any_attacked = true;
            }
            all_attacked &= attacked;
        }
        any_attacked || (x.duple_check && candidates > 0 && all_attacked)
    }

    /// In atomic games, a pseudo-royal next to an enemy pseudo-royal cannot
    /// be taken (the capture would blow up the capturer's own).
    pub(crate) fn blast_shielded(&self, sq: u16, player: u8) -> bool {
        if !self.v.rules.atomic {
            return false;
        }
        let Some(x) = self.v.end.extinction else { return false };
        let v = &self.v;
        let (f, r) = (v.file(sq) as i32, v.rank(sq) as i32);
        for df in -1..=1 {
            for dr in -1..=1 {
                let (nf, nr) = (f + df, r + dr);
                if (df, dr) == (0, 0) || nf < 0 || nr < 0 || nf >= v.files as i32 || nr >= v.ranks as i32 {
                    continue;
                }
                let c = self.at(v.square(nf as u8, nr as u8));
                if is_piece(c)
                    && owner_of(c) != player
                    && x.kinds >> kind_of(c) & 1 != 0
                    && self.pseudo_royal_kind(1 - player, kind_of(c))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the player to move is in check in the wider sense: its
    /// royal (Fairy-Stockfish's checkers) or one of its pseudo-royal pieces
    /// is attacked.
    pub fn checked(&self) -> bool {
        self.in_check
            || (self.v.end.extinction.is_some_and(|x| x.pseudo_royal) && self.pseudo_royal_attacked(self.side))
    }
}
