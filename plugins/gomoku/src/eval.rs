//! Static evaluation and move-ordering values, built from point summaries.
//!
//! Each empty point is summarised per player from its four line classes:
//! what a stone there would make (a five, a winning threat such as a
//! straight four or a four-three, a double three, a four, a three) and a
//! value. The board keeps the per-player sums ([`Totals`]) up to date, so
//! [`evaluate`] only reads a dozen numbers. The side to move has the tempo:
//! its own five point wins at once, while the opponent's must be blocked.

use rules_api::score::MAX_EVAL;

use crate::pattern::{self, Class};

/// What a stone on a point would achieve for one player, strongest first.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum Level {
    /// Nothing that forces an answer.
    #[default]
    Quiet,
    /// A renju foul for Black: the point cannot be played.
    Foul,
    /// Makes a three (one more stone makes a straight four).
    Three,
    /// Makes a four (one more stone makes five).
    Four,
    /// Makes two threes at once.
    DoubleThree,
    /// Makes a threat that cannot be parried by one stone: a straight four,
    /// two fours, or a four and a three.
    Win,
    /// Makes five.
    Five,
}

/// One player's view of one empty point.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Summary {
    /// The strongest thing a stone here makes.
    pub level: Level,
    /// Positional value of the point's patterns.
    pub value: i32,
}

/// Value of each class (indexed by [`Class`]) for the evaluation.
const CLASS_VALUE: [i32; 11] = [0, 1, 4, 12, 10, 45, 55, 110, 140, 400, 0];

/// Summarises the four classes of one player on one point. `restricted`
/// applies renju's fouls (Black): an overline, two fours or two threes.
pub fn summarize(classes: [Class; 4], restricted: bool) -> Summary {
    let (mut fours, mut threes, mut value) = (0, 0, 0);
    let (mut five, mut straight, mut overline) = (false, false, false);
    for class in classes {
        value += CLASS_VALUE[class as usize];
        match class {
            pattern::FIVE => five = true,
            pattern::OVERLINE => overline = true,
            pattern::OPEN_FOUR => {
                straight = true;
                fours += 1;
            }
            pattern::DOUBLE_FOUR => fours += 2,
            pattern::FOUR => fours += 1,
            pattern::OPEN_THREE => threes += 1,
            _ => {}
        }
    }
    let level = if five {
        Level::Five
    } else if restricted && (overline || fours >= 2 || threes >= 2) {
        return Summary { level: Level::Foul, value: 0 };
    } else if straight || fours >= 2 || (fours >= 1 && threes >= 1) {
        Level::Win
    } else if threes >= 2 {
        Level::DoubleThree
    } else if fours >= 1 {
        Level::Four
    } else if threes >= 1 {
        Level::Three
    } else {
        Level::Quiet
    };
    let bonus = match level {
        Level::Five => 2_000,
        Level::Win => 800,
        Level::DoubleThree => 300,
        _ => 0,
    };
    Summary { level, value: value + bonus }
}

/// Per-player sums over the empty points.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Totals {
    /// Sum of the points' values.
    pub value: i32,
    /// Points where a stone makes five (the player has a four on the board).
    pub fives: i32,
    /// Points where a stone makes an unstoppable threat.
    pub wins: i32,
    /// Points where a stone makes two threes.
    pub double_threes: i32,
    /// Points where a stone makes a four (and nothing stronger).
    pub fours: i32,
    /// Points where a stone makes a three (and nothing stronger).
    pub threes: i32,
}

impl Totals {
    fn counter(&mut self, level: Level) -> Option<&mut i32> {
        match level {
            Level::Five => Some(&mut self.fives),
            Level::Win => Some(&mut self.wins),
            Level::DoubleThree => Some(&mut self.double_threes),
            Level::Four => Some(&mut self.fours),
            Level::Three => Some(&mut self.threes),
            Level::Quiet | Level::Foul => None,
        }
    }
    /// Adds one point's summary.
    #[inline]
    pub fn add(&mut self, s: Summary) {
        self.value += s.value;
        if let Some(c) = self.counter(s.level) {
            *c += 1;
        }
    }
    /// Removes one point's summary.
    #[inline]
    pub fn remove(&mut self, s: Summary) {
        self.value -= s.value;
        if let Some(c) = self.counter(s.level) {
            *c -= 1;
        }
    }
}

/// The side to move completes a five next move.
const FIVE_NEXT: i32 = 60_000;
/// The opponent has two completion points: one block cannot stop both.
const LOST_TO_FOURS: i32 = 50_000;
/// The side to move makes an unstoppable threat next move.
const THREAT_NEXT: i32 = 30_000;
/// The side to move must block a four while the opponent keeps a winning threat behind it.
const FOUR_AND_THREAT: i32 = 25_000;

/// The evaluation from the view of `me`, whose move it is.
pub fn evaluate(totals: &[Totals; 2], me: usize) -> i32 {
    let (mine, theirs) = (&totals[me], &totals[1 - me]);
    let score = if mine.fives > 0 {
        FIVE_NEXT
    } else if theirs.fives >= 2 {
        -LOST_TO_FOURS
    } else if theirs.fives == 1 {
        // The block is forced; a winning threat of theirs that survives it
        // decides the game unless we can answer with fours of our own.
        if theirs.wins > 0 && mine.fours == 0 && mine.wins == 0 {
            -FOUR_AND_THREAT
        } else {
            mine.value - theirs.value - 60
        }
    } else if mine.wins > 0 {
        THREAT_NEXT
    } else {
        let mut s = mine.value * 5 / 4 - theirs.value;
        if theirs.wins > 0 {
            // They threaten a straight four or a four-three: we must spend the move.
            s -= if mine.fours > 0 { 300 } else { 1_500 };
        }
        if mine.double_threes > 0 && theirs.wins == 0 && theirs.fours == 0 {
            s += 4_000;
        }
        if theirs.double_threes > 0 {
            s -= 400;
        }
        s
    };
    score.clamp(-MAX_EVAL, MAX_EVAL)
}

/// Ordering hint of a point for the side to move: its own gain (`mine`)
/// plus what it takes from the opponent (`theirs`), plus `near` stones.
pub fn hint(mine: Summary, theirs: Summary, near: u8) -> i32 {
    let attack = match mine.level {
        Level::Five => 10_000_000,
        Level::Win => 1_000_000,
        Level::DoubleThree => 200_000,
        Level::Four => 60_000,
        Level::Three => 40_000,
        Level::Quiet | Level::Foul => 0,
    };
    let defence = match theirs.level {
        Level::Five => 5_000_000,
        Level::Win => 500_000,
        Level::DoubleThree => 100_000,
        Level::Four => 20_000,
        Level::Three => 15_000,
        Level::Quiet | Level::Foul => 0,
    };
    attack + defence + mine.value * 4 + theirs.value * 3 + near as i32 * 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::*;

    #[test]
    fn summaries_rank_threats() {
        assert_eq!(summarize([FIVE, DEAD, DEAD, DEAD], false).level, Level::Five);
        assert_eq!(summarize([FOUR, OPEN_THREE, DEAD, DEAD], false).level, Level::Win);
        assert_eq!(summarize([FOUR, OPEN_THREE, DEAD, DEAD], true).level, Level::Win);
        assert_eq!(summarize([FOUR, FOUR, DEAD, DEAD], true).level, Level::Foul);
        assert_eq!(summarize([OPEN_THREE, OPEN_THREE, DEAD, DEAD], false).level, Level::DoubleThree);
        assert_eq!(summarize([OVERLINE, FIVE, DEAD, DEAD], true).level, Level::Five);
        assert_eq!(summarize([TWO, ONE, DEAD, DEAD], false).level, Level::Quiet);
    }

    #[test]
    fn the_side_to_move_has_the_tempo() {
        let four = Totals { fives: 1, ..Totals::default() };
        let none = Totals::default();
        assert_eq!(evaluate(&[four, none], 0), FIVE_NEXT);
        assert!(evaluate(&[four, none], 1) > -FIVE_NEXT);
        let open_four = Totals { fives: 2, ..Totals::default() };
        assert_eq!(evaluate(&[none, open_four], 0), -LOST_TO_FOURS);
    }
}
