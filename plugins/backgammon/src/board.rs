//! The checkers: how many each player has on each point, on the bar and
//! borne off, counted from that player's own side of the board.
//!
//! Each player numbers the points from their own home: point 1 is the
//! deepest point of their home board, 24 their farthest, and they move
//! from higher numbers to lower ones. Index 0 holds the checkers borne off
//! and index 25 those on the bar, so a checker entering from the bar with
//! a 3 lands on 25 − 3 = 22 and one bearing off from the 3 point with a 3
//! reaches 0. The opponent's point `p` is the mover's point `25 − p`.

/// Index of the checkers borne off.
pub const OFF: usize = 0;
/// Index of the checkers on the bar.
pub const BAR: usize = 25;
/// Checkers per player.
pub const CHECKERS: u8 = 15;
/// The last point of a player's home board.
pub const HOME: usize = 6;

/// The two players' checkers, each counted from its own side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    counts: [[u8; 26]; 2],
}

/// One checker moved by one die, from the mover's view: `to` is
/// [`OFF`] for a checker borne off; `hit` when an opposing blot stood on
/// `to` and went to the bar.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Step {
    /// The point left (or [`BAR`]).
    pub from: u8,
    /// The point reached (or [`OFF`]).
    pub to: u8,
    /// The die used.
    pub die: u8,
    /// Whether an opposing blot was hit on `to`.
    pub hit: bool,
}

impl Board {
    /// No checker anywhere (a board being read from text).
    pub const fn empty() -> Board {
        Board { counts: [[0; 26]; 2] }
    }

    /// The standard start: two checkers on each player's 24 point, five on
    /// the 13, three on the 8 and five on the 6.
    pub fn start() -> Board {
        let mut board = Board::empty();
        for side in 0..2 {
            for (point, count) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
                board.counts[side][point] = count;
            }
        }
        board
    }

    /// The checkers of `side` at `index` (0 off, 1–24 points, 25 bar), from
    /// that side's own view.
    #[inline]
    pub fn count(&self, side: usize, index: usize) -> u8 {
        self.counts[side][index]
    }

    /// Sets a count (text reading and the tests).
    pub fn set(&mut self, side: usize, index: usize, count: u8) {
        self.counts[side][index] = count;
    }

    /// Adds `delta` checkers of `side` at `index`.
    #[inline]
    pub fn add(&mut self, side: usize, index: usize, delta: i8) {
        self.counts[side][index] = self.counts[side][index].wrapping_add_signed(delta);
    }

    /// The opposing checkers on the mover's point `point` (1–24).
    #[inline]
    pub fn opponent_on(&self, side: usize, point: usize) -> u8 {
        self.counts[1 - side][25 - point]
    }

    /// Every checker of `side`, wherever it is.
    pub fn total(&self, side: usize) -> u32 {
        self.counts[side].iter().map(|&c| c as u32).sum()
    }

    /// The pips `side` still has to travel to bear every checker off.
    pub fn pips(&self, side: usize) -> u32 {
        (1..=BAR).map(|p| p as u32 * self.counts[side][p] as u32).sum()
    }

    /// Whether every checker of `side` still in play is in its home board,
    /// which allows bearing off.
    #[inline]
    pub fn all_home(&self, side: usize) -> bool {
        self.counts[side][HOME + 1..=BAR].iter().all(|&c| c == 0)
    }

    /// Whether `side` has a checker on a point higher than `point`.
    #[inline]
    fn any_above(&self, side: usize, point: usize) -> bool {
        self.counts[side][point + 1..=BAR].iter().any(|&c| c > 0)
    }

    /// The single step of `side` from `from` with `die`, if the rules
    /// allow it here: checkers on the bar enter first, a point held by two
    /// or more opposing checkers is closed, and a checker bears off with
    /// the exact number or, from the highest occupied point, a larger one.
    #[inline]
    pub fn step(&self, side: usize, from: usize, die: u8) -> Option<Step> {
        let counts = &self.counts[side];
        if counts[from] == 0 || (counts[BAR] > 0 && from != BAR) {
            return None;
        }
        let die_pips = die as usize;
        if from > die_pips {
            let to = from - die_pips;
            let blockers = self.opponent_on(side, to);
            if blockers >= 2 {
                return None;
            }
            return Some(Step { from: from as u8, to: to as u8, die, hit: blockers == 1 });
        }
        // Bearing off (a checker on the bar is never here: 25 > 6).
        if !self.all_home(side) || (from < die_pips && self.any_above(side, from)) {
            return None;
        }
        Some(Step { from: from as u8, to: OFF as u8, die, hit: false })
    }

    /// Plays a step (which must be legal) for `side`.
    #[inline]
    pub fn apply(&mut self, side: usize, s: Step) {
        self.counts[side][s.from as usize] -= 1;
        self.counts[side][s.to as usize] += 1;
        if s.hit {
            self.counts[1 - side][25 - s.to as usize] -= 1;
            self.counts[1 - side][BAR] += 1;
        }
    }

    /// Takes back a step applied with [`Board::apply`].
    #[inline]
    pub fn revert(&mut self, side: usize, s: Step) {
        if s.hit {
            self.counts[1 - side][BAR] -= 1;
            self.counts[1 - side][25 - s.to as usize] += 1;
        }
        self.counts[side][s.to as usize] -= 1;
        self.counts[side][s.from as usize] += 1;
    }

    /// How `loser` lost to a player who has borne everything off: 1 if it
    /// has borne a checker off (a single game), 2 if not (a gammon), 3 if
    /// not and it still has a checker on the bar or in the winner's home
    /// board (a backgammon).
    pub fn loss_multiplier(&self, loser: usize) -> u8 {
        if self.counts[loser][OFF] > 0 {
            1
        } else if self.counts[loser][19..=BAR].iter().any(|&c| c > 0) {
            3
        } else {
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_fifteen_checkers_and_167_pips_each() {
        let b = Board::start();
        for side in 0..2 {
            assert_eq!(b.total(side), 15);
            assert_eq!(b.pips(side), 167);
        }
        // White's 24 point is black's 1 point: empty of black checkers.
        assert_eq!(b.opponent_on(0, 24), 0);
        assert_eq!(b.opponent_on(0, 19), 5, "black's 6 point is white's 19");
    }

    #[test]
    fn steps_respect_blocks_hits_and_the_bar() {
        let mut b = Board::start();
        // White 6/1 lands on black's 24 point: two black checkers, closed.
        assert_eq!(b.step(0, 6, 5), None);
        assert_eq!(b.step(0, 24, 6), Some(Step { from: 24, to: 18, die: 6, hit: false }));
        b.set(1, 7, 1); // a black blot on black's 7 = white's 18
        assert_eq!(b.step(0, 24, 6).map(|s| s.hit), Some(true));
        b.set(0, BAR, 1);
        assert_eq!(b.step(0, 24, 6), None, "the bar enters first");
        assert_eq!(b.step(0, BAR, 6), None, "black's 6 point (white's 19) is closed");
        assert_eq!(b.step(0, BAR, 3), Some(Step { from: 25, to: 22, die: 3, hit: false }));
    }
}
