//! The stones and everything kept up to date with them on every move.
//!
//! Besides the stones themselves the board keeps, incrementally:
//! * one bit mask per line and player, so a point's ten line neighbours are
//!   two shifts away;
//! * for every empty point, direction and player, the [`Class`] of placing
//!   there (five, straight four, three, ...), looked up in the pattern table;
//! * per player, the sums of the point summaries ([`Totals`]) the evaluation
//!   reads;
//! * for every point, how many stones lie within two steps (candidate moves);
//! * the Zobrist hash.
//!
//! Placing or removing a stone changes classes only within five points along
//! the four lines through it, so only those (at most 40 points) are redone.

use std::sync::{Arc, LazyLock};

use crate::config::Rule;
use crate::eval::{summarize, Totals};
use crate::layout::{Layout, DIRECTIONS, MAX_CELLS, MAX_LINES};
use crate::pattern::{self, Class, Table, RADIUS};

/// Contents of a point: empty, or the owner plus one.
pub const EMPTY: u8 = 0;

const ZOBRIST_KEYS: usize = 2 * MAX_CELLS + 1;

/// Fixed pseudo-random keys from a seeded generator: every build and every
/// position agrees on them.
static ZOBRIST: LazyLock<Vec<u64>> =
    LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x6A09_E667_F3BC_C908, ZOBRIST_KEYS));

/// The hash key of a stone of `player` on `cell`.
#[inline]
fn stone_key(player: usize, cell: usize) -> u64 {
    ZOBRIST[player * MAX_CELLS + cell]
}

/// The hash key toggled when White is to move.
pub fn side_key() -> u64 {
    ZOBRIST[2 * MAX_CELLS]
}

/// A board with its incremental pattern information.
#[derive(Clone)]
pub struct Board {
    /// The board's shape.
    pub layout: Arc<Layout>,
    /// The rule variant (decides which pattern table each player uses).
    pub rule: Rule,
    tables: [&'static Table; 2],
    /// `EMPTY`, or owner + 1, per point.
    pub cells: [u8; MAX_CELLS],
    lines: [[u64; MAX_LINES]; 2],
    /// `classes[player][cell][direction]`: what placing there makes (stale on occupied points).
    pub classes: [[[Class; DIRECTIONS]; MAX_CELLS]; 2],
    /// Stones within two steps (king moves) of each point.
    pub near: [u8; MAX_CELLS],
    /// Number of stones on the board.
    pub stones: usize,
    /// Zobrist hash of the stones (side to move not included).
    pub hash: u64,
    /// Per-player sums of the empty points' summaries.
    pub totals: [Totals; 2],
}

impl Board {
    /// An empty board.
    pub fn new(layout: Arc<Layout>, rule: Rule) -> Board {
        let tables = [pattern::table(rule.exact_five(0)), pattern::table(rule.exact_five(1))];
        let mut board = Board {
            layout,
            rule,
            tables,
            cells: [EMPTY; MAX_CELLS],
            lines: [[0; MAX_LINES]; 2],
            classes: [[[pattern::DEAD; DIRECTIONS]; MAX_CELLS]; 2],
            near: [0; MAX_CELLS],
            stones: 0,
            hash: 0,
            totals: [Totals::default(); 2],
        };
        board.recompute();
        board
    }

    /// The owner of the stone on `cell`, if any.
    #[inline]
    pub fn owner(&self, cell: usize) -> Option<usize> {
        match self.cells[cell] {
            EMPTY => None,
            v => Some(v as usize - 1),
        }
    }

    /// The class of `player` placing on `cell` along `dir`, with `extra` own
    /// stones on that line (a mask in line-bit form) imagined on the board.
    #[inline]
    pub fn class_with(&self, cell: usize, dir: usize, player: usize, extra: u64) -> Class {
        let slot = self.layout.slots[cell][dir];
        let line = slot.line as usize;
        let own = self.lines[player][line] | extra;
        let blocked = self.lines[1 - player][line] | self.layout.walls[line];
        let pos = slot.pos as u32;
        let side = (1u64 << RADIUS) - 1;
        let window = |m: u64| (((m >> pos) & side) | ((m >> (pos + RADIUS + 1)) & side) << RADIUS) as u32;
        self.tables[player].class(pattern::window_index(window(own), window(blocked)))
    }

    /// Puts a stone of `player` on the empty `cell`.
    pub fn place(&mut self, cell: usize, player: usize) {
        debug_assert_eq!(self.cells[cell], EMPTY);
        for p in 0..2 {
            let old = self.summary(p, cell);
            self.totals[p].remove(old);
        }
        self.cells[cell] = player as u8 + 1;
        self.stones += 1;
        self.hash ^= stone_key(player, cell);
        for dir in 0..DIRECTIONS {
            let slot = self.layout.slots[cell][dir];
            self.lines[player][slot.line as usize] |= 1u64 << (slot.pos as u32 + RADIUS);
        }
        self.adjust_near(cell, true);
        self.refresh_around(cell);
    }

    /// Takes the stone off `cell`.
    pub fn remove(&mut self, cell: usize) {
        let player = self.owner(cell).expect("remove needs a stone");
        self.cells[cell] = EMPTY;
        self.stones -= 1;
        self.hash ^= stone_key(player, cell);
        for dir in 0..DIRECTIONS {
            let slot = self.layout.slots[cell][dir];
            self.lines[player][slot.line as usize] &= !(1u64 << (slot.pos as u32 + RADIUS));
        }
        self.adjust_near(cell, false);
        for p in 0..2 {
            for dir in 0..DIRECTIONS {
                self.classes[p][cell][dir] = self.class_with(cell, dir, p, 0);
            }
            let new = self.summary(p, cell);
            self.totals[p].add(new);
        }
        self.refresh_around(cell);
    }

    /// Puts the given stones (`EMPTY` or owner + 1 per point) on an empty
    /// board and derives everything else from scratch.
    pub fn set_stones(&mut self, cells: &[u8]) {
        debug_assert_eq!(self.stones, 0);
        for (cell, &v) in cells.iter().enumerate() {
            if v == EMPTY {
                continue;
            }
            let player = v as usize - 1;
            self.cells[cell] = v;
            self.stones += 1;
            self.hash ^= stone_key(player, cell);
            for dir in 0..DIRECTIONS {
                let slot = self.layout.slots[cell][dir];
                self.lines[player][slot.line as usize] |= 1u64 << (slot.pos as u32 + RADIUS);
            }
        }
        self.recompute();
    }

    /// Recomputes every class, count and sum from the stones alone.
    pub fn recompute(&mut self) {
        self.totals = [Totals::default(); 2];
        self.near = [0; MAX_CELLS];
        for cell in 0..self.layout.cells {
            if self.cells[cell] != EMPTY {
                self.adjust_near(cell, true);
            }
        }
        for cell in 0..self.layout.cells {
            if self.cells[cell] != EMPTY {
                continue;
            }
            for p in 0..2 {
                for dir in 0..DIRECTIONS {
                    self.classes[p][cell][dir] = self.class_with(cell, dir, p, 0);
                }
                let s = self.summary(p, cell);
                self.totals[p].add(s);
            }
        }
    }

    /// Whether the incremental state equals a from-scratch recomputation.
    #[cfg(test)]
    pub fn is_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.recompute();
        let cells = self.layout.cells;
        let empty_classes_agree = (0..cells)
            .filter(|&c| self.cells[c] == EMPTY)
            .all(|c| self.classes[0][c] == fresh.classes[0][c] && self.classes[1][c] == fresh.classes[1][c]);
        empty_classes_agree && self.totals == fresh.totals && self.near[..cells] == fresh.near[..cells]
    }

    /// The summary of `player` placing on `cell`, from the stored classes.
    #[inline]
    pub fn summary(&self, player: usize, cell: usize) -> crate::eval::Summary {
        summarize(self.classes[player][cell], self.rule.restricted(player))
    }

    fn refresh_around(&mut self, cell: usize) {
        for dir in 0..DIRECTIONS {
            let slot = self.layout.slots[cell][dir];
            let pos = slot.pos as usize;
            let last = self.layout.lengths[slot.line as usize] as usize - 1;
            let radius = RADIUS as usize;
            for k in pos.saturating_sub(radius)..=(pos + radius).min(last) {
                let q = self.layout.cell_at(slot.line, dir, k);
                if k == pos || self.cells[q] != EMPTY {
                    continue;
                }
                for p in 0..2 {
                    let new = self.class_with(q, dir, p, 0);
                    if new != self.classes[p][q][dir] {
                        let old = self.summary(p, q);
                        self.totals[p].remove(old);
                        self.classes[p][q][dir] = new;
                        let s = self.summary(p, q);
                        self.totals[p].add(s);
                    }
                }
            }
        }
    }

    fn adjust_near(&mut self, cell: usize, add: bool) {
        let size = self.layout.size as isize;
        let (row, col) = self.layout.row_col(cell);
        for r in (row as isize - 2).max(0)..=(row as isize + 2).min(size - 1) {
            for c in (col as isize - 2).max(0)..=(col as isize + 2).min(size - 1) {
                let q = (r * size + c) as usize;
                if add {
                    self.near[q] += 1;
                } else {
                    self.near[q] -= 1;
                }
            }
        }
    }

    /// Length of `player`'s unbroken row through `cell` along `dir` (0 if the point is not theirs).
    pub fn run_length(&self, cell: usize, dir: usize, player: usize) -> usize {
        if self.owner(cell) != Some(player) {
            return 0;
        }
        let slot = self.layout.slots[cell][dir];
        let m = self.lines[player][slot.line as usize];
        let bit = slot.pos as u32 + RADIUS;
        let after = (!(m >> (bit + 1))).trailing_zeros() as usize;
        let before = (!(m << (64 - bit))).leading_zeros() as usize;
        before + after + 1
    }

    /// The points of `player`'s unbroken row through `cell` along `dir`, in line order.
    pub fn run_cells(&self, cell: usize, dir: usize, player: usize) -> impl Iterator<Item = usize> + '_ {
        let slot = self.layout.slots[cell][dir];
        let m = self.lines[player][slot.line as usize];
        let bit = slot.pos as u32 + RADIUS;
        let before = (!(m << (64 - bit))).leading_zeros() as usize;
        let first = slot.pos as usize - before;
        let len = self.run_length(cell, dir, player);
        (first..first + len).map(move |k| self.layout.cell_at(slot.line, dir, k))
    }
}
