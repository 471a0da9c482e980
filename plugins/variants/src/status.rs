//! How the game ends, in Fairy-Stockfish's order: rules that end it at once
//! (extinction, a piece reaching its goal, checks given, bikjang twice, two
//! passes, a full board), no legal move (checkmate or stalemate), then the
//! claims Tabula applies automatically (the move-count rule, repetition,
//! the counting rules) and dead material.

use rules_api::{RVec, Status};

use crate::position::{tag, Position};
use crate::rules::{Material, Outcome};
use crate::variant::{is_piece, kind_of, Variant, NO_KIND, NO_SQ};

impl Outcome {
    /// The same result seen by the other player.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

/// A decided game: the result for the player to move, and why.
pub type Ending = (Outcome, &'static str);

impl Position {
    fn with_hand(&self, player: u8, kinds: u32, all: bool) -> u32 {
        let p = player as usize;
        (0..self.v.nkinds())
            .filter(|&k| all || kinds >> k & 1 != 0)
            .map(|k| self.count[p][k] as u32 + self.hand[p][k] as u32)
            .sum()
    }

    /// Extinction, goal, check-count and the other rules that end the game
    /// at once.
    pub fn immediate_end(&self) -> Option<Ending> {
        let v = &*self.v;
        let us = self.side;
        let them = 1 - us;
        if let Some(x) = v.end.extinction.filter(|x| !x.pseudo_royal || v.rules.atomic) {
            let kinds: Vec<u32> = if x.all {
                vec![0]
            } else if x.together {
                vec![x.kinds]
            } else {
                (0..32).filter(|k| x.kinds >> k & 1 != 0).map(|k| 1 << k).collect()
            };
            for c in [them, us] {
                for &mask in &kinds {
                    let mine = self.with_hand(c, mask, x.all);
                    let theirs = self.with_hand(1 - c, mask, x.all);
                    if mine <= x.count && theirs >= x.opponent_count + (x.claim && c == us) as u32 {
                        let reason = if v.rules.atomic {
                            "king exploded"
                        } else if x.count > 0 {
                            "bare king"
                        } else if x.all {
                            "no pieces left"
                        } else {
                            "pieces lost"
                        };
                        return Some((if c == us { x.result } else { x.result.flip() }, reason));
                    }
                }
            }
        }
        if let Some(end) = self.flag_end() {
            return Some(end);
        }
        if v.end.checks > 0 && self.checks_left[them as usize] == 0 {
            return Some((Outcome::Loss, "checks given"));
        }
        let n = self.history.len();
        let last_two = |f: &dyn Fn(&crate::position::Undo) -> bool| {
            self.since_null >= 1 && n >= 2 && f(&self.history[n - 1]) && f(&self.history[n - 2])
        };
        let passed = |u: &crate::position::Undo| !u.null && tag::of(u.m) == tag::PASS;
        let bikjang_twice =
            v.rules.bikjang && self.since_null >= 1 && n >= 1 && self.royals_face() && self.history[n - 1].bikjang;
        if bikjang_twice || last_two(&passed) {
            return Some(self.material_result(if bikjang_twice { "bikjang" } else { "both passed" }));
        }
        if v.end.full_board && (0..v.nsq() as u16).all(|s| self.at(s) != 0) {
            return Some(self.material_result("board full"));
        }
        None
    }

    /// Fairy-Stockfish's flag rules (a piece reaching its region).
    fn flag_end(&self) -> Option<Ending> {
        let v = &*self.v;
        let flag = v.end.flag?;
        let us = self.side;
        let them = 1 - us;
        if (flag.reply || flag.safe) && self.flag_reached(us) {
            let king_race = flag.reply && us == 0 && flag.kind[them as usize] == v.royal;
            let draw = (king_race || (flag.safe && !flag.reply)) && self.flag_reached(them);
            return Some(if draw {
                (Outcome::Draw, "both reached the goal")
            } else {
                (Outcome::Win, "reached the goal")
            });
        }
        let early = !flag.reply || flag.safe || flag.kind[us as usize] == v.royal;
        if early && self.flag_reached(them) {
            let answer = flag.reply
                && flag.kind[us as usize] == v.royal
                && us == 1
                && !self.in_check
                && self.royal_sq[us as usize] != NO_SQ
                && {
                    let mut moves = RVec::new();
                    self.generate(&mut moves);
                    moves.iter().any(|m| m.from == self.royal_sq[us as usize] && flag.goal[us as usize].has(m.to))
                };
            if !answer {
                return Some((Outcome::Loss, "reached the goal"));
            }
        }
        None
    }

    /// Whether `player` has a flag piece in its region (safe from attack
    /// where the rule asks for it).
    fn flag_reached(&self, player: u8) -> bool {
        let v = &*self.v;
        let Some(flag) = v.end.flag else { return false };
        let wanted = flag.kind[player as usize];
        let mine = |sq: u16| {
            let c = self.at(sq);
            is_piece(c) && crate::variant::owner_of(c) == player && (wanted == NO_KIND || kind_of(c) == wanted)
        };
        let arrived: Vec<u16> =
            flag.goal[player as usize].iter().filter(|&s| (s as usize) < v.nsq() && mine(s)).collect();
        if arrived.is_empty() {
            return false;
        }
        if flag.safe && (!flag.reply || player != self.side) {
            return !arrived.iter().any(|&s| self.attacked_by(s, 1 - player));
        }
        true
    }

    /// The result of a game that ends without a winner by the rules: a
    /// draw, or the material count's winner.
    pub(crate) fn material_result(&self, reason: &'static str) -> Ending {
        let v = &*self.v;
        let white = match v.end.material {
            Material::None => return (Outcome::Draw, reason),
            Material::Janggi => {
                let points = |p: usize| -> i32 {
                    [("r", 13), ("c", 7), ("n", 5), ("b", 3), ("a", 3), ("p", 2)]
                        .iter()
                        .map(|&(l, w)| v.kind_of_letter(l).map_or(0, |k| self.count[p][k as usize] as i32 * w))
                        .sum()
                };
                if points(0) - points(1) - 1 > 0 {
                    Outcome::Win
                } else {
                    Outcome::Loss
                }
            }
            Material::Pieces => match self.pieces_of(0).cmp(&self.pieces_of(1)) {
                std::cmp::Ordering::Greater => Outcome::Win,
                std::cmp::Ordering::Less => Outcome::Loss,
                std::cmp::Ordering::Equal => Outcome::Draw,
            },
            Material::BlackWins => Outcome::Loss,
            Material::WhiteWins => Outcome::Win,
        };
        let why = if white == Outcome::Draw { reason } else { "material count" };
        (if self.side == 0 { white } else { white.flip() }, why)
    }

    /// The move-count rule, repetition, the counting rules and dead
    /// material.
    pub fn rule_end(&self) -> Option<Ending> {
        let v = &*self.v;
        if v.end.move_limit > 0 && self.halfmove >= v.end.move_limit {
            let why = if v.end.move_limit == 100 { "fifty-move rule" } else { "move limit" };
            return Some(self.material_result(why));
        }
        if let Some(r) = self.repetition() {
            return Some(r);
        }
        if self.count_exceeded() {
            return Some((Outcome::Draw, "counting rule"));
        }
        if v.end.insufficient.is_some() && self.dead_material() {
            return Some((Outcome::Draw, "insufficient material"));
        }
        None
    }

    fn repetition(&self) -> Option<Ending> {
        let r = self.v.end.repetition?;
        let to_hand = self.v.drops.as_ref().is_some_and(|d| d.to_hand);
        let end = if to_hand { self.since_null } else { self.halfmove.min(self.since_null) } as usize;
        let n = self.history.len();
        if end < 4 || end > n {
            return None;
        }
        let check = |k: usize| self.history[n - k].in_check;
        let hash = |k: usize| self.history[n - k].hash;
        let mut perpetual_them = self.in_check && check(2);
        let mut perpetual_us = check(1) && check(3);
        let mut seen = 0;
        let mut i = 4;
        while i <= end {
            perpetual_them &= check(i);
            if hash(i) == self.hash {
                seen += 1;
                if seen + 1 == r.count {
                    if r.perpetual_check_loses && (perpetual_them || perpetual_us) {
                        return Some(match (perpetual_them, perpetual_us) {
                            (true, false) => (Outcome::Win, "perpetual check"),
                            (false, true) => (Outcome::Loss, "perpetual check"),
                            _ => self.material_result("repetition"),
                        });
                    }
                    let reason = match r.count {
                        3 => "threefold repetition",
                        4 => "fourfold repetition",
                        _ => "repetition",
                    };
                    if r.absolute {
                        return Some((if self.side == 0 { r.result } else { r.result.flip() }, reason));
                    }
                    if r.result == Outcome::Draw {
                        return Some(self.material_result(reason));
                    }
                    return Some((r.result, reason));
                }
            }
            if i < end {
                perpetual_us &= check(i + 1);
            }
            i += 2;
        }
        None
    }

    fn dead_material(&self) -> bool {
        let v = &*self.v;
        let Some(rule) = v.end.insufficient else { return false };
        if self.hand != [[0; crate::variant::MAX_KINDS]; 2] {
            return false;
        }
        let (mut minors, mut bound, mut colours) = (0, 0, [false; 2]);
        for sq in 0..v.nsq() as u16 {
            let c = self.at(sq);
            if !is_piece(c) {
                continue;
            }
            let k = kind_of(c);
            if k == v.royal {
                continue;
            }
            if rule.minors >> k & 1 != 0 {
                minors += 1;
            } else if rule.colour_bound >> k & 1 != 0 {
                bound += 1;
                colours[((v.file(sq) + v.rank(sq)) % 2) as usize] = true;
            } else {
                return false;
            }
        }
        minors + bound <= 1 || (minors == 0 && !(colours[0] && colours[1]))
    }

    /// Whether the game is over by a rule other than having no move.
    pub fn ended_by_rule(&self) -> Option<Ending> {
        self.immediate_end().or_else(|| self.rule_end())
    }

    /// The result when the player to move has no legal move.
    fn no_moves(&self) -> Ending {
        let v = &*self.v;
        if self.in_check && self.mated_by_forbidden_drop() {
            return (Outcome::Win, "checkmate by a pawn drop");
        }
        if self.checked() {
            return (v.end.checkmate, "checkmate");
        }
        let mut result = v.end.stalemate;
        if v.end.stalemate_piece_count {
            result = match self.pieces_of(self.side).cmp(&self.pieces_of(1 - self.side)) {
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Less => v.end.stalemate,
                std::cmp::Ordering::Greater => v.end.stalemate.flip(),
            };
        }
        if result == Outcome::Draw {
            return self.material_result("stalemate");
        }
        (result, "stalemate")
    }

    /// The game's status.
    pub fn status(&self) -> Status {
        let ending = self.immediate_end().or_else(|| {
            let mut moves = RVec::new();
            self.generate(&mut moves);
            if moves.is_empty() {
                Some(self.no_moves())
            } else {
                self.rule_end()
            }
        });
        let us = self.side;
        match ending {
            None => Status::ONGOING,
            Some((Outcome::Win, why)) => Status::win(us, why),
            Some((Outcome::Loss, why)) => Status::win(1 - us, why),
            Some((Outcome::Draw, why)) => Status::draw(why),
        }
    }

    /// Whether the last move dropped the kind that may not mate (shogi's
    /// uchifuzume: the mate stands, and loses for the dropper).
    fn mated_by_forbidden_drop(&self) -> bool {
        let v = &*self.v;
        let no_mate = v.drops.as_ref().map_or(NO_KIND, |d| d.no_mate);
        no_mate != NO_KIND
            && self
                .history
                .last()
                .is_some_and(|u| !u.null && tag::of(u.m) == tag::DROP && (u.m.extra - 1) as u8 == no_mate)
    }

    /// The square of the royal in check, for highlighting.
    pub fn checked_royal(&self) -> Option<u16> {
        let sq = self.royal_sq[self.side as usize];
        (self.in_check && sq != NO_SQ).then_some(sq)
    }
}

impl Variant {
    /// Whether this variant names `letter` (either case).
    pub fn has_letter(&self, letter: &str) -> bool {
        self.kind_of_letter(letter).is_some()
    }
}
