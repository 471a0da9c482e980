//! How the game ends, in Fairy-Stockfish's order: rules that end it at once
//! (extinction, a piece reaching its goal, checks given), no legal move
//! (checkmate or stalemate), then repetition, the move-count rule and dead
//! material, which Tabula applies automatically.

use rules_api::{RVec, Status};

use crate::position::Position;
use crate::variant::{Outcome, NO_SQ};

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

    /// Extinction, goal and check-count rules.
    pub fn immediate_end(&self) -> Option<Ending> {
        let v = &*self.v;
        let us = self.side;
        let them = 1 - us;
        if let Some(x) = v.end.extinction {
            let kinds: Vec<u32> =
                if x.all { vec![0] } else { (0..32).filter(|k| x.kinds >> k & 1 != 0).map(|k| 1 << k).collect() };
            for c in [them, us] {
                for &mask in &kinds {
                    let mine = self.with_hand(c, mask, x.all);
                    let theirs = self.with_hand(1 - c, mask, x.all);
                    if mine <= x.count && theirs >= x.opponent_count + (x.claim && c == us) as u32 {
                        let reason = if v.atomic {
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
        if let Some(flag) = v.end.flag {
            let arrived = |p: u8| {
                let code = crate::variant::Variant::code(flag.kind, p);
                flag.goal[p as usize].iter().any(|sq| (sq as usize) < v.nsq() && self.at(sq) == code)
            };
            if flag.reply && arrived(us) {
                let draw = arrived(them) && us == 0;
                return Some(if draw {
                    (Outcome::Draw, "both reached the goal")
                } else {
                    (Outcome::Win, "reached the goal")
                });
            }
            if (!flag.reply || flag.kind == v.royal) && arrived(them) {
                let answer =
                    flag.reply && us == 1 && !self.in_check && self.count[us as usize][flag.kind as usize] > 0 && {
                        let mut moves = RVec::new();
                        self.generate(&mut moves);
                        moves.iter().any(|m| {
                            m.from != rules_api::CELL_NONE
                                && crate::variant::kind_of(self.at(m.from)) == flag.kind
                                && flag.goal[us as usize].has(m.to)
                        })
                    };
                if !answer {
                    return Some((Outcome::Loss, "reached the goal"));
                }
            }
        }
        if v.end.checks > 0 && self.checks_left[them as usize] == 0 {
            return Some((Outcome::Loss, "checks given"));
        }
        None
    }

    /// Repetition, the move-count rule and dead material.
    pub fn rule_end(&self) -> Option<Ending> {
        if let Some(r) = self.repetition() {
            return Some(r);
        }
        let v = &*self.v;
        if v.end.move_limit > 0 && self.halfmove >= v.end.move_limit {
            return Some((Outcome::Draw, if v.end.move_limit == 100 { "fifty-move rule" } else { "move limit" }));
        }
        if v.end.insufficient.is_some() && self.dead_material() {
            return Some((Outcome::Draw, "insufficient material"));
        }
        None
    }

    fn repetition(&self) -> Option<Ending> {
        let r = self.v.end.repetition?;
        let end = if self.v.drops { self.since_null } else { self.halfmove.min(self.since_null) } as usize;
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
                            _ => (Outcome::Draw, "repetition"),
                        });
                    }
                    let reason = match r.count {
                        3 => "threefold repetition",
                        4 => "fourfold repetition",
                        _ => "repetition",
                    };
                    if r.absolute {
                        return Some((if self.side == 0 { Outcome::Loss } else { Outcome::Win }, reason));
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
            if c == 0 {
                continue;
            }
            let k = crate::variant::kind_of(c);
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

    /// The game's status.
    pub fn status(&self) -> Status {
        let ending = self.immediate_end().or_else(|| {
            let mut moves = RVec::new();
            self.generate(&mut moves);
            if moves.is_empty() {
                let v = &*self.v;
                Some(if self.in_check && self.mated_by_forbidden_drop() {
                    (Outcome::Win, "checkmate by a pawn drop")
                } else if self.in_check {
                    (v.end.checkmate, "checkmate")
                } else {
                    (v.end.stalemate, "stalemate")
                })
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
        v.no_drop_mate != crate::variant::NO_KIND
            && self.history.last().is_some_and(|u| {
                !u.null && u.m.tag == crate::position::tag::DROP && (u.m.extra - 1) as u8 == v.no_drop_mate
            })
    }

    /// The squares of the royals in check, for highlighting.
    pub fn checked_royal(&self) -> Option<u16> {
        let sq = self.royal_sq[self.side as usize];
        (self.in_check && sq != NO_SQ).then_some(sq)
    }
}
