//! A whole turn ("a play"): every way to use the dice, the rules on how
//! many dice must be used, and a key that names a play by the position it
//! reaches.
//!
//! The rules of movement (bkgm.com, "Rules of Backgammon"; the same in the
//! WBF and USBGF rules): the two numbers are separate moves, a double is
//! played four times; a player must use both numbers if that is legally
//! possible (all four of a double, or as many as possible); when only one
//! number can be used, that one; when either can be used but not both, the
//! larger one; when neither, the turn is lost.
//!
//! Two plays that reach the same position are the same play (moving 13/7/5
//! or 13/11/5 without a hit), so a play is named by its [`PlayKey`]: the
//! points the mover's checkers left and reached, net of checkers that moved
//! on, and the points where opposing blots were hit. It fits in 60 bits
//! and sorts plays from the back checkers forward.

use rules_api::{Move, RVec};

use crate::board::{Board, Step, BAR};

/// The most dice a turn uses (a double).
pub const MAX_STEPS: usize = 4;

/// A play, named by its effect (see the module documentation). Sorting
/// keys sorts plays by their farthest checker first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PlayKey(pub u64);

/// A key taken apart: up to four points of each kind, highest first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Effect {
    /// Points checkers left, net (1–25, 25 the bar), highest first.
    pub sources: Points,
    /// Points checkers reached, net (0–24, 0 off), highest first.
    pub dests: Points,
    /// Points where an opposing blot was hit (1–24), highest first.
    pub hits: Points,
}

/// Up to four points, highest first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Points {
    items: [u8; MAX_STEPS],
    len: u8,
}

impl Points {
    /// The points, highest first.
    pub fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }

    fn push(&mut self, p: u8) {
        self.items[self.len as usize] = p;
        self.len += 1;
    }

    fn remove_one(&mut self, p: u8) -> bool {
        let len = self.len as usize;
        match self.items[..len].iter().position(|&q| q == p) {
            Some(i) => {
                self.items.copy_within(i + 1..len, i);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    fn sort_desc(&mut self) {
        let len = self.len as usize;
        self.items[..len].sort_unstable_by(|a, b| b.cmp(a));
    }

    /// Five bits per slot; `bias` keeps 0 free for "no point".
    fn pack(&self, bias: u8) -> u64 {
        (0..MAX_STEPS).fold(0, |acc, i| {
            let v = if i < self.len as usize { (self.items[i] + bias) as u64 } else { 0 };
            acc << 5 | v
        })
    }

    fn unpack(bits: u64, bias: u8) -> Points {
        let mut out = Points::default();
        for i in 0..MAX_STEPS {
            let v = (bits >> (5 * (MAX_STEPS - 1 - i))) & 31;
            if v != 0 {
                out.push(v as u8 - bias);
            }
        }
        out
    }
}

impl Effect {
    /// The net effect of `steps` played in order.
    pub fn of(steps: &[Step]) -> Effect {
        let mut e = Effect::default();
        for s in steps {
            // Only the net change counts: a checker that moves on from
            // where a step landed (13/7 7/5 is 13/5), or a point left and
            // refilled in either order (8/5 13/8 is 13/5), cancels out.
            if !e.dests.remove_one(s.from) {
                e.sources.push(s.from);
            }
            if !e.sources.remove_one(s.to) {
                e.dests.push(s.to);
            }
            if s.hit {
                e.hits.push(s.to);
            }
        }
        e.sources.sort_desc();
        e.dests.sort_desc();
        e.hits.sort_desc();
        e
    }

    /// The key naming this effect.
    pub fn key(&self) -> PlayKey {
        PlayKey(self.sources.pack(0) << 40 | self.dests.pack(1) << 20 | self.hits.pack(0))
    }

    /// The effect a key names.
    pub fn from_key(key: PlayKey) -> Effect {
        let mask = (1u64 << 20) - 1;
        Effect {
            sources: Points::unpack(key.0 >> 40 & mask, 0),
            dests: Points::unpack(key.0 >> 20 & mask, 1),
            hits: Points::unpack(key.0 & mask, 0),
        }
    }
}

/// The dice still to be used in a turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Dice {
    high: u8,
    low: u8,
    /// Uses left: 2 (or 4 for a double), counting down.
    left: u8,
    /// For two different numbers: which of them is still unused
    /// (bit 0 the high one, bit 1 the low one).
    unused: u8,
}

impl Dice {
    fn new(a: u8, b: u8) -> Dice {
        let (high, low) = if a >= b { (a, b) } else { (b, a) };
        let double = high == low;
        Dice { high, low, left: if double { 4 } else { 2 }, unused: 0b11 }
    }

    fn double(&self) -> bool {
        self.high == self.low
    }
}

/// How each sequence of steps is reported to a walk's visitor.
pub trait Visit {
    /// A sequence no further die can extend (or that has used them all).
    fn leaf(&mut self, steps: &[Step]);
}

impl<F: FnMut(&[Step])> Visit for F {
    fn leaf(&mut self, steps: &[Step]) {
        self(steps)
    }
}

/// Visits every sequence of single steps `side` can play with the dice `a`
/// and `b` on `board` until no die is left or none can be used.
///
/// With `all_orders` false, the steps of a double are taken from
/// non-increasing points only: every legal sequence of a double can be
/// reordered that way to the same effect (entering comes first, a checker
/// moving on comes after the step that brought it, and bearing off with a
/// larger number waits for the checkers above it in any legal order), so
/// each play is still reached while the 4! orders of four checkers are
/// not walked. Sequences cut short by that restriction are reported too;
/// [`legal_plays`] keeps only the longest.
pub fn walk(board: &Board, side: usize, a: u8, b: u8, all_orders: bool, visit: &mut impl Visit) {
    let mut board = *board;
    let mut steps = [Step::default(); MAX_STEPS];
    descend(&mut board, side, Dice::new(a, b), all_orders, &mut steps, 0, visit);
}

fn descend(
    board: &mut Board,
    side: usize,
    dice: Dice,
    all_orders: bool,
    steps: &mut [Step; MAX_STEPS],
    depth: usize,
    visit: &mut impl Visit,
) {
    let mut extended = false;
    if dice.left > 0 {
        let top = if dice.double() && !all_orders && depth > 0 { steps[depth - 1].from as usize } else { BAR };
        for pick in 0..2u8 {
            let die = if pick == 0 { dice.high } else { dice.low };
            let next = if dice.double() {
                if pick == 1 {
                    break;
                }
                Dice { left: dice.left - 1, ..dice }
            } else {
                if dice.unused & (1 << pick) == 0 {
                    continue;
                }
                Dice { left: dice.left - 1, unused: dice.unused & !(1 << pick), ..dice }
            };
            for from in (1..=top).rev() {
                let Some(step) = board.step(side, from, die) else { continue };
                extended = true;
                steps[depth] = step;
                board.apply(side, step);
                descend(board, side, next, all_orders, steps, depth + 1, visit);
                board.revert(side, step);
            }
        }
    }
    if !extended {
        visit.leaf(&steps[..depth]);
    }
}

/// What the rules ask of a sequence of steps to be a whole play: the
/// longest found, and for a single die of two different numbers, the
/// larger when it can be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Requirement {
    /// Dice every play must use.
    pub steps: usize,
    /// The die a one-step play must use, when the larger number is
    /// playable and the smaller alone would not do.
    pub die: Option<u8>,
}

impl Requirement {
    /// Whether `steps` is a whole legal play.
    pub fn accepts(&self, steps: &[Step]) -> bool {
        steps.len() == self.steps && self.die.map_or(true, |d| steps[0].die == d)
    }
}

/// The requirement on plays of `side` with dice `a`, `b` (see
/// [`Requirement`]).
pub fn requirement(board: &Board, side: usize, a: u8, b: u8) -> Requirement {
    let mut longest = 0usize;
    let mut larger = false;
    let high = a.max(b);
    walk(board, side, a, b, false, &mut |steps: &[Step]| {
        longest = longest.max(steps.len());
        larger |= steps.len() == 1 && steps[0].die == high;
    });
    let die = (longest == 1 && a != b && larger).then_some(high);
    Requirement { steps: longest, die }
}

/// Every legal play of `side` with dice `a`, `b`: the distinct keys,
/// highest first, written into `out` as [`Move::from_bits`] of the key
/// (the caller's buffer, so nothing is allocated once it has grown).
/// Empty when no die can be used.
pub fn legal_plays(board: &Board, side: usize, a: u8, b: u8, out: &mut RVec<Move>) {
    out.clear();
    let high = a.max(b);
    // Each leaf's key, with its length in bits 60-62 and "a lone step
    // with the larger die" in bit 63, so the rules apply after the walk.
    walk(board, side, a, b, false, &mut |steps: &[Step]| {
        let larger = steps.len() == 1 && steps[0].die == high;
        out.push(Move::from_bits(Effect::of(steps).key().0 | (steps.len() as u64) << 60 | (larger as u64) << 63));
    });
    let length = |m: &Move| (m.to_bits() >> 60 & 7) as usize;
    let longest = out.iter().map(length).max().unwrap_or(0);
    if longest == 0 {
        out.clear();
        return;
    }
    let need_larger = longest == 1 && a != b && out.iter().any(|m| m.to_bits() >> 63 == 1);
    out.retain(|m| length(m) == longest && (!need_larger || m.to_bits() >> 63 == 1));
    for m in out.iter_mut() {
        *m = Move::from_bits(m.to_bits() & KEY_MASK);
    }
    out.sort_unstable_by_key(|m| std::cmp::Reverse(m.to_bits()));
    let mut kept = 0;
    for i in 0..out.len() {
        if kept == 0 || out[kept - 1] != out[i] {
            out[kept] = out[i];
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The bits of a [`PlayKey`].
pub const KEY_MASK: u64 = (1 << 60) - 1;

/// Whether `side` can use at least one die of `a`, `b`.
pub fn can_play(board: &Board, side: usize, a: u8, b: u8) -> bool {
    [a, b].iter().any(|&die| (1..=BAR).any(|from| board.step(side, from, die).is_some()))
}

/// Calls `change(side, index, delta)` for every checker count a play
/// changes (one call per checker, so a point two checkers reach is
/// reported twice); `sign` -1 gives the changes that take it back.
pub fn changes(key: PlayKey, side: usize, sign: i8, mut change: impl FnMut(usize, usize, i8)) {
    let e = Effect::from_key(key);
    for &s in e.sources.as_slice() {
        change(side, s as usize, -sign);
    }
    for &d in e.dests.as_slice() {
        change(side, d as usize, sign);
    }
    for &h in e.hits.as_slice() {
        change(1 - side, 25 - h as usize, -sign);
        change(1 - side, BAR, sign);
    }
}

/// Plays the effect of a key on `board` for `side`.
pub fn apply_key(board: &mut Board, side: usize, key: PlayKey) {
    changes(key, side, 1, |s, i, d| board.add(s, i, d));
}

/// Takes back [`apply_key`].
pub fn revert_key(board: &mut Board, side: usize, key: PlayKey) {
    changes(key, side, -1, |s, i, d| board.add(s, i, d));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plays(board: &Board, side: usize, a: u8, b: u8) -> Vec<u64> {
        let mut out = RVec::new();
        legal_plays(board, side, a, b, &mut out);
        out.iter().map(|m| m.to_bits()).collect()
    }

    #[test]
    fn keys_round_trip_and_cancel_checkers_that_move_on() {
        let steps = [Step { from: 13, to: 7, die: 6, hit: true }, Step { from: 7, to: 5, die: 2, hit: false }];
        let e = Effect::of(&steps);
        assert_eq!(e.sources.as_slice(), &[13]);
        assert_eq!(e.dests.as_slice(), &[5]);
        assert_eq!(e.hits.as_slice(), &[7]);
        assert_eq!(Effect::from_key(e.key()), e);
        let off =
            Effect::of(&[Step { from: 25, to: 20, die: 5, hit: false }, Step { from: 3, to: 0, die: 3, hit: false }]);
        assert_eq!(Effect::from_key(off.key()), off);
        assert!(off.key().0 < 1 << 60);
    }

    #[test]
    fn the_opening_rolls_have_the_known_numbers_of_plays() {
        // Distinct positions after each opening roll of two different
        // numbers (also counted by the OpenSpiel comparison).
        let b = Board::start();
        assert_eq!(plays(&b, 0, 6, 5).len(), 7);
        assert_eq!(plays(&b, 0, 2, 1).len(), 15);
    }

    #[test]
    fn moving_then_applying_a_key_and_reverting_restores_the_board() {
        let b = Board::start();
        for k in plays(&b, 0, 4, 4) {
            let mut c = b;
            apply_key(&mut c, 0, PlayKey(k));
            assert_eq!(c.total(0), 15);
            assert_eq!(c.pips(0), 167 - 16);
            revert_key(&mut c, 0, PlayKey(k));
            assert_eq!(c, b);
        }
    }
}
