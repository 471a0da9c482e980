//! Legality: a pseudo-legal move is played on the board in place (and
//! taken back), then the royal, the pseudo-royal pieces, facing kings and
//! the variant's other restrictions are tested on the result.

use rules_api::Move;

use crate::position::{tag, Position};
use crate::variant::{is_piece, kind_of, owner_of, Variant, NO_SQ, WALL};

/// Squares a legality test changed, to restore them.
pub(crate) struct Edits {
    list: [(u16, u8); 16],
    len: usize,
}

impl Edits {
    pub(crate) fn new() -> Edits {
        Edits { list: [(0, 0); 16], len: 0 }
    }
}

impl Position {
    fn set_temp(&self, edits: &mut Edits, sq: u16, code: u8) {
        edits.list[edits.len] = (sq, self.at(sq));
        edits.len += 1;
        self.board[sq as usize].set(code);
    }

    pub(crate) fn restore(&self, edits: &Edits) {
        for &(sq, code) in edits.list[..edits.len].iter().rev() {
            self.board[sq as usize].set(code);
        }
    }

    /// Plays `m` on the board (not the counters) into `edits`; returns the
    /// squares of the two royals afterwards, [`NO_SQ`] for a royal gone.
    pub(crate) fn play_temp(&self, m: Move, edits: &mut Edits) -> [u16; 2] {
        let v = &*self.v;
        let us = self.side as usize;
        let mut royals = self.royal_sq;
        match tag::of(m) {
            tag::PASS => {}
            tag::DROP => self.set_temp(edits, m.to, Variant::code((m.extra - 1) as u8, self.side)),
            tag::CASTLE_RIGHT | tag::CASTLE_LEFT => {
                let (kfrom, kto, rfrom, rto) = self.castling_squares(m);
                let (king, rook) = (self.at(kfrom), self.at(rfrom));
                self.set_temp(edits, kfrom, 0);
                self.set_temp(edits, rfrom, 0);
                self.set_temp(edits, kto, king);
                self.set_temp(edits, rto, rook);
                if royals[us] == kfrom {
                    royals[us] = kto;
                }
            }
            k => {
                let code = self.at(m.from);
                let victim = if k == tag::EN_PASSANT { self.ep_capture_square(m.to) } else { m.to };
                let captured = if victim == NO_SQ { 0 } else { self.at(victim) };
                if k == tag::EN_PASSANT && victim != NO_SQ {
                    self.set_temp(edits, victim, 0);
                }
                let promotes = m.extra != 0 && m.tag & tag::GATE == 0;
                let arriving = if promotes { Variant::code((m.extra - 1) as u8, self.side) } else { code };
                self.set_temp(edits, m.from, 0);
                self.set_temp(edits, m.to, arriving);
                if m.from == royals[us] {
                    royals[us] = m.to;
                }
                if is_piece(captured) {
                    if victim == royals[1 - us] {
                        royals[1 - us] = NO_SQ;
                    }
                    if v.rules.atomic {
                        self.blast_temp(m.to, edits, &mut royals);
                    } else if v.rules.petrify >> kind_of(code) & 1 != 0 {
                        self.set_temp(edits, m.to, WALL);
                        if royals[us] == m.to {
                            royals[us] = NO_SQ;
                        }
                    }
                }
            }
        }
        royals
    }

    fn blast_temp(&self, centre: u16, edits: &mut Edits, royals: &mut [u16; 2]) {
        let v = &*self.v;
        let (cf, cr) = (v.file(centre) as i32, v.rank(centre) as i32);
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
                if sq != centre && v.rules.atomic_immune >> kind_of(c) & 1 != 0 {
                    continue;
                }
                self.set_temp(edits, sq, 0);
                for r in royals.iter_mut() {
                    if *r == sq {
                        *r = NO_SQ;
                    }
                }
            }
        }
    }

    /// Whether `player`'s royal on `royals[player]` is safe on the current
    /// board (facing royals, bikjang and touching atomic royals considered).
    fn safe(&self, player: u8, royals: [u16; 2], facing: bool) -> bool {
        let sq = royals[player as usize];
        if sq == NO_SQ {
            return true;
        }
        let other = royals[1 - player as usize];
        if self.v.rules.atomic && other != NO_SQ && self.adjacent(sq, other) {
            return true;
        }
        if facing && self.face(sq, other) {
            return false;
        }
        !self.attacked_by(sq, 1 - player)
    }

    /// Whether a pseudo-legal move is legal.
    pub(crate) fn is_legal(&self, m: Move) -> bool {
        let v = &*self.v;
        let kind = tag::of(m);
        if kind == tag::PASS {
            return !v.has_royal() || self.in_check_now_allows_pass();
        }
        if kind == tag::DROP && !self.bishops_balanced(m) {
            return false;
        }
        let pseudo = v.end.extinction.is_some_and(|x| x.pseudo_royal);
        if !v.has_royal() && !v.rules.no_checks && !pseudo && v.rules.mutually_immune == 0 {
            return true;
        }
        let us = self.side;
        if v.rules.mutually_immune != 0 && self.is_capture(m) && kind != tag::EN_PASSANT {
            let (a, b) = (self.at(m.from), self.at(m.to));
            if kind_of(a) == kind_of(b) && v.rules.mutually_immune >> kind_of(a) & 1 != 0 {
                return false;
            }
        }
        if (kind == tag::CASTLE_LEFT || kind == tag::CASTLE_RIGHT) && !self.castling_safe(m) {
            return false;
        }
        if v.rules.makpong && self.in_check && m.from == self.royal_sq[us as usize] && !self.takes_sole_checker(m) {
            return false;
        }
        if pseudo && !self.pseudo_royals_safe(m) {
            return false;
        }
        if !v.has_royal() && !v.rules.no_checks {
            return true;
        }
        let facing = v.rules.flying_royals || (v.rules.bikjang && self.royals_face());
        let mut edits = Edits::new();
        let royals = self.play_temp(m, &mut edits);
        let legal = if v.rules.atomic && self.royal_sq[us as usize] != NO_SQ && royals[us as usize] == NO_SQ {
            false
        } else if v.rules.atomic && self.royal_sq[1 - us as usize] != NO_SQ && royals[1 - us as usize] == NO_SQ {
            true
        } else {
            // Racing kings: giving check is as illegal as leaving one's own royal attacked.
            self.safe(us, royals, facing) && (!v.rules.no_checks || self.safe(1 - us, royals, false))
        };
        self.restore(&edits);
        legal
    }

    /// Placement chess: bishops must be dropped on squares of both colours,
    /// so a drop may not take the last square of a colour a bishop still
    /// in hand needs, nor put a second bishop on one colour.
    fn bishops_balanced(&self, m: Move) -> bool {
        let v = &*self.v;
        let Some(d) = v.drops.as_ref().filter(|d| d.opposite_bishops != crate::variant::NO_KIND) else { return true };
        let b = d.opposite_bishops;
        let us = self.side;
        let code = Variant::code(b, us);
        let dark = |sq: u16| (v.file(sq) + v.rank(sq)) % 2 == 0;
        let on_board: Vec<u16> = (0..v.nsq() as u16).filter(|&s| self.at(s) == code).collect();
        let total = on_board.len() as u32 + self.hand[us as usize][b as usize] as u32;
        if (m.extra - 1) as u8 != b {
            let pk = &v.kinds[b as usize];
            let free = |sq: u16| {
                let rel = v.relative_rank(us, sq);
                self.at(sq) == 0
                    && sq != m.to
                    && d.region[us as usize].has(sq)
                    && pk.region[us as usize].has(sq)
                    && rel >= pk.drop_ranks.0
                    && rel <= pk.drop_ranks.1
            };
            let count = |want_dark: bool| {
                (0..v.nsq() as u16).filter(|&s| dark(s) == want_dark && (on_board.contains(&s) || free(s))).count()
                    as u32
            };
            count(true) >= total / 2 && count(false) >= total / 2
        } else {
            let same = on_board.iter().filter(|&&s| dark(s) == dark(m.to)).count() as u32;
            same < total.div_ceil(2)
        }
    }

    /// A pass keeps the king where it is: legal when it is not attacked,
    /// or in bikjang (janggi).
    fn in_check_now_allows_pass(&self) -> bool {
        !self.in_check || (self.v.rules.bikjang && self.royals_face())
    }

    /// Makpong: a king in check moves only to take its single checker.
    fn takes_sole_checker(&self, m: Move) -> bool {
        let them = 1 - self.side;
        let king = self.royal_sq[self.side as usize];
        let code = self.at(m.to);
        if !is_piece(code) || owner_of(code) != them {
            return false;
        }
        // The checker is the only attacker of the king, and stands on m.to.
        self.board[m.to as usize].set(0);
        let other = self.attacked_by(king, them);
        self.board[m.to as usize].set(code);
        !other
    }

    /// Whether `m` leaves every pseudo-royal piece of the mover safe (or
    /// takes an enemy one), as Fairy-Stockfish decides it.
    fn pseudo_royals_safe(&self, m: Move) -> bool {
        let v = &*self.v;
        let x = v.end.extinction.expect("pseudo-royal rule");
        let us = self.side;
        let them = 1 - us;
        let is_x = |c: u8| is_piece(c) && x.kinds >> kind_of(c) & 1 != 0;
        let mover = if m.from == rules_api::CELL_NONE { 0 } else { self.at(m.from) };
        // Petrifying one's own pseudo-royal is illegal.
        if self.is_capture(m)
            && is_x(mover)
            && self.pseudo_royal_kind(us, kind_of(mover))
            && v.rules.petrify >> kind_of(mover) & 1 != 0
        {
            return false;
        }
        let theirs_before: Vec<u16> = (0..v.nsq() as u16)
            .filter(|&s| {
                is_x(self.at(s)) && owner_of(self.at(s)) == them && self.pseudo_royal_kind(them, kind_of(self.at(s)))
            })
            .collect();
        let ours_before =
            |s: u16| is_x(self.at(s)) && owner_of(self.at(s)) == us && self.pseudo_royal_kind(us, kind_of(self.at(s)));
        let tracked: Vec<u16> = (0..v.nsq() as u16).filter(|&s| ours_before(s)).collect();
        let castle = matches!(tag::of(m), tag::CASTLE_LEFT | tag::CASTLE_RIGHT);
        if castle && tracked.contains(&m.from) && !self.castling_path_safe(m) {
            return false;
        }
        let mut edits = Edits::new();
        self.play_temp(m, &mut edits);
        let mut ok = true;
        // Our pseudo-royals after the move: the tracked ones (moved along)
        // and a dropped or promoted one of a pseudo-royal kind.
        let mut ours: Vec<u16> = Vec::new();
        for &s in &tracked {
            let now = if s == m.from { self.castle_or_to(m) } else { s };
            ours.push(now);
        }
        let arrived = if tag::of(m) == tag::DROP || (m.extra != 0 && m.tag & tag::GATE == 0) { m.to } else { NO_SQ };
        if arrived != NO_SQ && is_x(self.at(arrived)) {
            let k = kind_of(self.at(arrived));
            if tag::of(m) == tag::DROP || self.extinction_count(us, k) <= x.count {
                ours.push(arrived);
            } else {
                let same = |c: u8| is_x(c) && (x.together || kind_of(c) == k);
                ours.retain(|&s| !same(self.at(s)));
            }
        }
        // Self-explosion.
        if ours.iter().any(|&s| !is_x(self.at(s)) || owner_of(self.at(s)) != us) {
            ok = false;
        } else if theirs_before.iter().all(|&s| is_x(self.at(s)) && owner_of(self.at(s)) == them) {
            let petrified_theirs = v.rules.petrify & x.kinds;
            for &s in &ours {
                if self.blast_shielded(s, us) {
                    continue;
                }
                if self.attacked_by_excluding(s, them, petrified_theirs) {
                    ok = false;
                    break;
                }
            }
            if ok && x.duple_check {
                let all: Vec<u16> =
                    (0..v.nsq() as u16).filter(|&s| is_x(self.at(s)) && owner_of(self.at(s)) == us).collect();
                if !all.is_empty()
                    && all
                        .iter()
                        .all(|&s| !self.blast_shielded(s, us) && self.attacked_by_excluding(s, them, petrified_theirs))
                {
                    ok = false;
                }
            }
        }
        self.restore(&edits);
        ok
    }

    /// A pseudo-royal castling king may not start from, or pass over, an
    /// attacked square (its own square left empty).
    fn castling_path_safe(&self, m: Move) -> bool {
        let (kfrom, kto, _, _) = self.castling_squares(m);
        let them = 1 - self.side;
        let king = self.at(kfrom);
        self.board[kfrom as usize].set(0);
        let step: i32 = if kto > kfrom { 1 } else { -1 };
        let mut s = kfrom as i32;
        let mut safe = true;
        loop {
            if !self.blast_shielded(s as u16, self.side) && self.attacked_by(s as u16, them) {
                safe = false;
                break;
            }
            s += step;
            if s == kto as i32 || kfrom == kto {
                break;
            }
        }
        self.board[kfrom as usize].set(king);
        safe
    }

    /// Where the piece on `m.from` ends up.
    fn castle_or_to(&self, m: Move) -> u16 {
        match tag::of(m) {
            tag::CASTLE_LEFT | tag::CASTLE_RIGHT => self.castling_squares(m).1,
            _ => m.to,
        }
    }

    /// Whether `player` attacks `sq` with a piece whose kind is not in
    /// `excluded` (pieces that would turn to stone cannot take).
    fn attacked_by_excluding(&self, sq: u16, player: u8, excluded: u32) -> bool {
        if excluded == 0 {
            return self.attacked_by(sq, player);
        }
        let mut hidden = Edits::new();
        for s in 0..self.v.nsq() as u16 {
            let c = self.at(s);
            if is_piece(c) && owner_of(c) == player && excluded >> kind_of(c) & 1 != 0 && hidden.len < 16 {
                // A stone-to-be still blocks lines: stand a wall in for it.
                self.set_temp(&mut hidden, s, WALL);
            }
        }
        let attacked = self.attacked_by(sq, player);
        self.restore(&hidden);
        attacked
    }

    /// Whether `m` (legal) leaves the opponent's royal attacked.
    pub fn gives_check(&self, m: Move) -> bool {
        if !self.v.has_royal() {
            return false;
        }
        let mut edits = Edits::new();
        let royals = self.play_temp(m, &mut edits);
        let check = !self.safe(1 - self.side, royals, false);
        self.restore(&edits);
        check
    }

    /// The squares empty after `m` (where a duck or a wall may go).
    pub(crate) fn empty_after(&self, m: Move, out: &mut Vec<u16>) {
        let mut edits = Edits::new();
        self.play_temp(m, &mut edits);
        for sq in 0..self.v.nsq() as u16 {
            if self.at(sq) == 0 {
                out.push(sq);
            }
        }
        self.restore(&edits);
    }
}
