//! Renju fouls: the points Black may not play.
//!
//! Following the rules of the Renju International Federation, a Black stone
//! that makes five is always allowed; otherwise it is a foul when it makes an
//! overline, two or more fours through the point (two on one line count:
//! `x.xxx.x`), or two or more threes through the point. A *three* only counts
//! when one more stone on a point that is not itself a foul turns it into a
//! straight four: a "three" whose only straight-four points are fouls is a
//! false three. That definition is recursive; the recursion imagines the
//! stones it tries on top of the real board and ends because every level adds
//! a stone.

use crate::board::{Board, EMPTY};
use crate::eval::Level;
use crate::layout::{DIRECTIONS, MAX_CELLS};
use crate::pattern::{self, Class, RADIUS};

/// Why a point is forbidden to Black.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two or more fours through the point.
    DoubleFour,
    /// Two or more threes through the point.
    DoubleThree,
}

impl Foul {
    /// Lowercase name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Foul::Overline => "overline",
            Foul::DoubleFour => "double four",
            Foul::DoubleThree => "double three",
        }
    }
}

/// Black stones imagined on top of the board during the recursive check.
struct Imagined {
    cells: [u16; MAX_CELLS],
    len: usize,
}

impl Imagined {
    fn contains(&self, cell: usize) -> bool {
        self.cells[..self.len].iter().any(|&c| c as usize == cell)
    }
    fn push(&mut self, cell: usize) {
        self.cells[self.len] = cell as u16;
        self.len += 1;
    }
    fn pop(&mut self) {
        self.len -= 1;
    }
}

impl Board {
    /// The foul Black would commit by playing on the empty `cell`, if any
    /// (always `None` outside renju).
    pub fn foul(&self, cell: usize) -> Option<Foul> {
        if !self.rule.restricted(0) || self.cells[cell] != EMPTY {
            return None;
        }
        // The stored classes already tell whether the point has the shape of
        // a foul; only those few points need the recursive look at threes.
        if self.summary(0, cell).level != Level::Foul {
            return None;
        }
        let mut imagined = Imagined { cells: [0; MAX_CELLS], len: 0 };
        foul_with(self, cell, &mut imagined)
    }

    /// Whether Black, to move, has at least one point that is not a foul.
    pub fn black_can_move(&self) -> bool {
        (0..self.layout.cells).any(|c| self.cells[c] == EMPTY && self.foul(c).is_none())
    }
}

/// Black's stones imagined on the line of `cell` in direction `dir`, as a line mask.
fn imagined_mask(board: &Board, cell: usize, dir: usize, imagined: &Imagined) -> u64 {
    let line = board.layout.slots[cell][dir].line;
    imagined.cells[..imagined.len]
        .iter()
        .map(|&c| board.layout.slots[c as usize][dir])
        .filter(|slot| slot.line == line)
        .fold(0, |m, slot| m | 1u64 << (slot.pos as u32 + RADIUS))
}

fn black_class(board: &Board, cell: usize, dir: usize, imagined: &Imagined) -> Class {
    board.class_with(cell, dir, 0, imagined_mask(board, cell, dir, imagined))
}

fn foul_with(board: &Board, cell: usize, imagined: &mut Imagined) -> Option<Foul> {
    let mut classes = [pattern::DEAD; DIRECTIONS];
    for (dir, class) in classes.iter_mut().enumerate() {
        *class = black_class(board, cell, dir, imagined);
    }
    if classes.contains(&pattern::FIVE) {
        return None;
    }
    if classes.contains(&pattern::OVERLINE) {
        return Some(Foul::Overline);
    }
    let fours: usize = classes
        .iter()
        .map(|&c| match c {
            pattern::FOUR | pattern::OPEN_FOUR => 1,
            pattern::DOUBLE_FOUR => 2,
            _ => 0,
        })
        .sum();
    if fours >= 2 {
        return Some(Foul::DoubleFour);
    }
    if classes.iter().filter(|&&c| c == pattern::OPEN_THREE).count() < 2 {
        return None;
    }
    imagined.push(cell);
    let mut real = 0;
    for (dir, &class) in classes.iter().enumerate() {
        if class == pattern::OPEN_THREE && three_is_real(board, cell, dir, imagined) {
            real += 1;
            if real == 2 {
                break;
            }
        }
    }
    imagined.pop();
    (real >= 2).then_some(Foul::DoubleThree)
}

/// Whether the three through `cell` (already imagined) along `dir` can become
/// a straight four through `cell` by a stone on a point that is not a foul.
fn three_is_real(board: &Board, cell: usize, dir: usize, imagined: &mut Imagined) -> bool {
    let slot = board.layout.slots[cell][dir];
    let pos = slot.pos as usize;
    let last = board.layout.lengths[slot.line as usize] as usize - 1;
    for k in pos.saturating_sub(4)..=(pos + 4).min(last) {
        let q = board.layout.cell_at(slot.line, dir, k);
        if k == pos || board.cells[q] != EMPTY || imagined.contains(q) {
            continue;
        }
        imagined.push(q);
        let straight = black_class(board, cell, dir, imagined) == pattern::OPEN_FOUR;
        imagined.pop();
        if straight && foul_with(board, q, imagined).is_none() {
            return true;
        }
    }
    false
}
