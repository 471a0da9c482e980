//! Line patterns: what placing a stone on a point makes in one direction.
//!
//! Every pattern a placement can make along one line (five, straight four,
//! three, ...) is decided by the five points on either side of it: a five
//! through the point spans at most four points each way and its "exactly
//! five" check looks one further, and every deeper pattern is defined as "one
//! more stone makes the shallower one through the same point". So the class
//! of a (point, direction, player) triple is a pure function of a window of
//! ten neighbours, each empty, own or blocked (opponent stone or off the
//! board). Both tables (five-or-more wins, exactly-five wins) are computed
//! once, by brute force over the 3^10 windows, and then looked up in O(1).

use std::sync::OnceLock;

/// Neighbours on each side of the centre point in a window.
pub const RADIUS: u32 = 5;
/// Number of distinct windows: each of the ten neighbours is empty, own or blocked.
const WINDOWS: usize = 59_049;

/// The class of a placement along one line, ordered from weakest to strongest
/// (except [`OVERLINE`], which is a dead end under exactly-five rules).
pub type Class = u8;
/// No five can ever pass through the point along this line.
pub const DEAD: Class = 0;
/// A five could still pass through the point, but no pattern is made.
pub const ONE: Class = 1;
/// Makes a closed two: two more stones make a four.
pub const TWO: Class = 2;
/// Makes an open two: one more stone makes a three.
pub const OPEN_TWO: Class = 3;
/// Makes a closed three: one more stone makes a four, never a straight four.
pub const THREE: Class = 4;
/// Makes a three in the renju sense: one more stone makes a straight four.
pub const OPEN_THREE: Class = 5;
/// Makes one four: exactly one point then completes a five.
pub const FOUR: Class = 6;
/// Makes two fours on the same line (`x.xxx.x`): two separate completions.
pub const DOUBLE_FOUR: Class = 7;
/// Makes a straight four: two points each complete the same five.
pub const OPEN_FOUR: Class = 8;
/// Makes a five (exactly five under exactly-five rules, five or more otherwise).
pub const FIVE: Class = 9;
/// Makes six or more in a row under exactly-five rules (no win; renju foul for Black).
pub const OVERLINE: Class = 10;

const EMPTY: u8 = 0;
const OWN: u8 = 1;
const BLOCKED: u8 = 2;
const UNKNOWN: u8 = u8::MAX;

/// `TERNARY[m]` is the base-3 number whose digits are the bits of `m`: it
/// turns a 10-bit mask of own (or, doubled, blocked) neighbours into a window index.
static TERNARY: [u16; 1024] = ternary_digits();

const fn ternary_digits() -> [u16; 1024] {
    let mut out = [0u16; 1024];
    let mut m = 0;
    while m < 1024 {
        let (mut v, mut pow, mut bit) = (0u32, 1u32, 0);
        while bit < 10 {
            if m & (1 << bit) != 0 {
                v += pow;
            }
            pow *= 3;
            bit += 1;
        }
        out[m] = v as u16;
        m += 1;
    }
    out
}

/// The window index for ten neighbours given as two 10-bit masks (bit k is
/// neighbour k: bits 0–4 lie before the centre, nearest last; bits 5–9 after it).
#[inline]
pub fn window_index(own: u32, blocked: u32) -> usize {
    TERNARY[own as usize] as usize + 2 * TERNARY[blocked as usize] as usize
}

/// A class table for one winning rule.
pub struct Table {
    classes: Box<[u8]>,
}

impl Table {
    /// The class of the window with the given index.
    #[inline]
    pub fn class(&self, index: usize) -> Class {
        self.classes[index]
    }
}

/// The table for "five or more in a row wins" (or exactly five when `exact`).
pub fn table(exact: bool) -> &'static Table {
    static LOOSE: OnceLock<Table> = OnceLock::new();
    static EXACT: OnceLock<Table> = OnceLock::new();
    let cell = if exact { &EXACT } else { &LOOSE };
    cell.get_or_init(|| build(exact))
}

fn build(exact: bool) -> Table {
    let mut memo = vec![UNKNOWN; WINDOWS];
    for index in 0..WINDOWS {
        classify(index, exact, &mut memo);
    }
    Table { classes: memo.into_boxed_slice() }
}

const fn powers() -> [usize; 10] {
    let mut out = [1usize; 10];
    let mut k = 1;
    while k < 10 {
        out[k] = out[k - 1] * 3;
        k += 1;
    }
    out
}
const POW3: [usize; 10] = powers();

/// Line position (0–10, centre 5) of neighbour `k`.
const fn position_of(k: usize) -> usize {
    if k < 5 {
        k
    } else {
        k + 1
    }
}

fn decode(index: usize) -> [u8; 11] {
    let mut cells = [OWN; 11];
    let mut rest = index;
    for k in 0..10 {
        cells[position_of(k)] = (rest % 3) as u8;
        rest /= 3;
    }
    cells
}

/// Classifies a window (centre already holding an own stone). Deeper classes
/// are defined through windows with one more own stone, which are classified
/// first by recursion; the recursion ends because every step adds a stone.
fn classify(index: usize, exact: bool, memo: &mut [u8]) -> Class {
    if memo[index] != UNKNOWN {
        return memo[index];
    }
    let cells = decode(index);
    let run = run_through_centre(&cells);
    let class = if run >= 5 {
        if exact && run > 5 {
            OVERLINE
        } else {
            FIVE
        }
    } else {
        let empties = (0..10).filter(|&k| cells[position_of(k)] == EMPTY);
        let mut fives = [0usize; 2];
        let mut five_count = 0;
        let mut best_child = DEAD;
        for k in empties {
            let child = classify(index + POW3[k], exact, memo);
            if child == FIVE {
                if five_count < 2 {
                    fives[five_count] = position_of(k);
                }
                five_count += 1;
            } else if child != OVERLINE {
                best_child = best_child.max(child);
            }
        }
        match five_count {
            0 => match best_child {
                OPEN_FOUR => OPEN_THREE,
                FOUR | DOUBLE_FOUR => THREE,
                OPEN_THREE => OPEN_TWO,
                THREE => TWO,
                _ if open_window(&cells) => ONE,
                _ => DEAD,
            },
            1 => FOUR,
            // Two completions five apart frame the same four stones.
            _ if fives[1] - fives[0] == 5 => OPEN_FOUR,
            _ => DOUBLE_FOUR,
        }
    };
    memo[index] = class;
    class
}

fn run_through_centre(cells: &[u8; 11]) -> usize {
    let left = (0..5).rev().take_while(|&i| cells[i] == OWN).count();
    let right = (6..11).take_while(|&i| cells[i] == OWN).count();
    left + right + 1
}

/// Whether some five consecutive points through the centre hold no blocker.
fn open_window(cells: &[u8; 11]) -> bool {
    (1..=5).any(|start| cells[start..start + 5].iter().all(|&c| c != BLOCKED))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Classifies a written window: 11 characters, centre `*`, `x` own, `o` blocked.
    fn class_of(text: &str, exact: bool) -> Class {
        let chars: Vec<char> = text.chars().collect();
        assert_eq!(chars.len(), 11, "window text must have 11 points");
        assert_eq!(chars[5], '*');
        let (mut own, mut blocked) = (0u32, 0u32);
        for k in 0..10 {
            match chars[position_of(k)] {
                'x' => own |= 1 << k,
                'o' => blocked |= 1 << k,
                _ => {}
            }
        }
        table(exact).class(window_index(own, blocked))
    }

    #[test]
    fn fives_and_overlines() {
        assert_eq!(class_of("...xx*xx...", false), FIVE);
        assert_eq!(class_of("...xx*xx...", true), FIVE);
        assert_eq!(class_of("..xxx*xx...", false), FIVE);
        assert_eq!(class_of("..xxx*xx...", true), OVERLINE);
    }

    #[test]
    fn fours() {
        assert_eq!(class_of("....x*xx...", false), OPEN_FOUR);
        assert_eq!(class_of("...ox*xx...", false), FOUR);
        assert_eq!(class_of("....x*x.x..", false), FOUR);
        assert_eq!(class_of("..x.x*x.x..", false), DOUBLE_FOUR);
        // Under exactly-five rules the left completion would make six; under
        // five-or-more both ends of the four still win.
        assert_eq!(class_of("..x.x*xx...", true), FOUR);
        assert_eq!(class_of("..x.x*xx...", false), OPEN_FOUR);
    }

    #[test]
    fn threes_and_twos() {
        assert_eq!(class_of("....x*x....", false), OPEN_THREE);
        assert_eq!(class_of("...x.*x....", false), OPEN_THREE);
        assert_eq!(class_of("...ox*x....", false), THREE);
        assert_eq!(class_of("..o.x*x.o..", false), THREE);
        assert_eq!(class_of(".....*x....", false), OPEN_TWO);
        assert_eq!(class_of("....o*x....", false), TWO);
        assert_eq!(class_of(".....*.....", false), ONE);
        assert_eq!(class_of("...o.*..o..", false), DEAD);
        // The only straight four on the left needs the point that joins the
        // far stone into six, which is no five under exactly-five rules.
        assert_eq!(class_of(".x..x*x.o..", false), OPEN_THREE);
        assert_eq!(class_of(".x..x*x.o..", true), THREE);
    }
}
