//! The board's shape: points, the lines through them, and coordinate names.
//!
//! A point's index is `row_from_top * size + column`. Every row, column and
//! diagonal is a *line*; a point sits at one position on one line per
//! direction. Stones are kept per line as bit masks (see `board`), with
//! position `i` stored at bit `i + 5` so that the five neighbours on either
//! side of any point, including the off-board ones, are one shift away.

use crate::pattern::RADIUS;

/// Largest supported side length.
pub const MAX_SIZE: usize = 25;
/// Smallest supported side length (a five must fit).
pub const MIN_SIZE: usize = 5;
/// Points on the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
/// Lines on the largest board: rows, columns and both diagonal families.
pub const MAX_LINES: usize = 2 * MAX_SIZE + 2 * (2 * MAX_SIZE - 1);
/// The four directions: along a row, along a column, down-right, down-left.
pub const DIRECTIONS: usize = 4;

/// Where a point lies on the line of one direction.
#[derive(Copy, Clone, Debug, Default)]
pub struct Slot {
    /// Line index (into the per-line masks).
    pub line: u16,
    /// Position along the line, from its first point.
    pub pos: u8,
}

/// The precomputed geometry of one board size.
#[derive(Debug)]
pub struct Layout {
    /// Side length.
    pub size: usize,
    /// Number of points (`size * size`).
    pub cells: usize,
    /// `slots[cell][direction]`.
    pub slots: Vec<[Slot; DIRECTIONS]>,
    /// Off-board bits of each line's mask (the five positions on each side).
    pub walls: Vec<u64>,
    /// Number of points on each line.
    pub lengths: Vec<u8>,
    /// First point of each line.
    pub starts: Vec<u16>,
    /// Index step from one point of a line to the next, per direction.
    pub steps: [isize; DIRECTIONS],
}

impl Layout {
    /// Builds the layout of a `size`×`size` board.
    pub fn new(size: usize) -> Layout {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size} out of range");
        let n = size as isize;
        let steps = [1, n, n + 1, n - 1];
        let mut slots = vec![[Slot::default(); DIRECTIONS]; size * size];
        let (mut walls, mut lengths, mut starts) = (Vec::new(), Vec::new(), Vec::new());
        let mut add_line = |first: (usize, usize), delta: (isize, isize), dir: usize| {
            let line = lengths.len() as u16;
            let (mut r, mut c) = (first.0 as isize, first.1 as isize);
            let mut len = 0usize;
            while (0..n).contains(&r) && (0..n).contains(&c) {
                slots[(r * n + c) as usize][dir] = Slot { line, pos: len as u8 };
                len += 1;
                r += delta.0;
                c += delta.1;
            }
            let side = (1u64 << RADIUS) - 1;
            walls.push(side | side << (len as u32 + RADIUS));
            lengths.push(len as u8);
            starts.push((first.0 * size + first.1) as u16);
        };
        for r in 0..size {
            add_line((r, 0), (0, 1), 0);
        }
        for c in 0..size {
            add_line((0, c), (1, 0), 1);
        }
        // Down-right diagonals start on the left column or the top row.
        for r in (1..size).rev() {
            add_line((r, 0), (1, 1), 2);
        }
        for c in 0..size {
            add_line((0, c), (1, 1), 2);
        }
        // Down-left diagonals start on the top row or the right column.
        for c in 0..size {
            add_line((0, c), (1, -1), 3);
        }
        for r in 1..size {
            add_line((r, size - 1), (1, -1), 3);
        }
        Layout { size, cells: size * size, slots, walls, lengths, starts, steps }
    }

    /// The point at position `pos` of `line`, which runs in direction `dir`.
    #[inline]
    pub fn cell_at(&self, line: u16, dir: usize, pos: usize) -> usize {
        (self.starts[line as usize] as isize + pos as isize * self.steps[dir]) as usize
    }

    /// Row from the top and column of a point.
    #[inline]
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.size, cell % self.size)
    }

    /// The coordinate name of a point: column letter, then row from the bottom (`h8`).
    pub fn name(&self, cell: usize) -> String {
        let (row, col) = self.row_col(cell);
        format!("{}{}", (b'a' + col as u8) as char, self.size - row)
    }

    /// Reads a coordinate name (case-insensitive) into a point index.
    pub fn parse_name(&self, text: &str) -> Option<usize> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let col = (letter as u8 - b'a') as usize;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        if col >= self.size || rank == 0 || rank > self.size {
            return None;
        }
        Some((self.size - rank) * self.size + col)
    }

    /// The last column letter (`o` on 15×15).
    pub fn last_column(&self) -> char {
        (b'a' + self.size as u8 - 1) as char
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_has_a_consistent_slot_per_direction() {
        for size in [5, 15, 25] {
            let layout = Layout::new(size);
            assert!(layout.lengths.len() <= MAX_LINES);
            for cell in 0..layout.cells {
                for dir in 0..DIRECTIONS {
                    let slot = layout.slots[cell][dir];
                    assert_eq!(layout.cell_at(slot.line, dir, slot.pos as usize), cell);
                    assert!((slot.pos as usize) < layout.lengths[slot.line as usize] as usize);
                }
            }
        }
    }

    #[test]
    fn names_follow_columns_and_rows_from_the_bottom() {
        let layout = Layout::new(15);
        assert_eq!(layout.name(7 * 15 + 7), "h8");
        assert_eq!(layout.name(0), "a15");
        assert_eq!(layout.name(14 * 15 + 14), "o1");
        assert_eq!(layout.parse_name("H8"), Some(7 * 15 + 7));
        assert_eq!(layout.parse_name("p1"), None);
        assert_eq!(layout.parse_name("a16"), None);
        assert_eq!(layout.parse_name("a0"), None);
        assert_eq!(layout.parse_name("a08"), None);
        assert_eq!(Layout::new(25).name(24), "y25");
    }
}
