//! The board as two bitboards: bit `column * (rows + 1) + row` (row 0 at
//! the bottom) for each player's discs. Every column has one spare bit
//! above its top row, so a line running off the top of one column never
//! continues at the bottom of the next: shifted lines simply meet a bit
//! that is never set.

/// A board shape: columns and rows (each column one spare bit taller).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shape {
    /// Columns (files), 1 to 8.
    pub columns: u32,
    /// Rows, 1 to 7.
    pub rows: u32,
}

/// The standard board: 7 columns, 6 rows.
pub const STANDARD: Shape = Shape { columns: 7, rows: 6 };

impl Shape {
    /// Bits per column (the rows and the spare bit).
    pub const fn height(self) -> u32 {
        self.rows + 1
    }

    /// Number of cells.
    pub const fn cells(self) -> usize {
        (self.columns * self.rows) as usize
    }

    /// The bit of a cell.
    pub const fn bit(self, column: u32, row: u32) -> u64 {
        1 << (column * self.height() + row)
    }

    /// The bottom cell of every column.
    pub fn bottom(self) -> u64 {
        (0..self.columns).fold(0, |acc, c| acc | self.bit(c, 0))
    }

    /// Every cell of the board (no spare bits).
    pub fn full(self) -> u64 {
        self.bottom() * ((1 << self.rows) - 1)
    }

    /// Every cell of one column.
    pub fn column_mask(self, column: u32) -> u64 {
        ((1u64 << self.rows) - 1) << (column * self.height())
    }

    /// The geometry's cell index of a bit (row by row from `a1`).
    pub fn cell_of_bit(self, bit: u32) -> u16 {
        let (column, row) = (bit / self.height(), bit % self.height());
        (row * self.columns + column) as u16
    }

    /// The column and row of a geometry cell index, if it is on the board.
    pub fn column_row(self, cell: u16) -> Option<(u32, u32)> {
        let cell = cell as u32;
        (cell < self.columns * self.rows).then(|| (cell % self.columns, cell / self.columns))
    }

    /// The four line directions as bit shifts: vertical, horizontal and
    /// both diagonals.
    pub const fn directions(self) -> [u32; 4] {
        let h = self.height();
        [1, h, h - 1, h + 1]
    }

    /// Whether `discs` hold four in a line.
    pub fn has_four(self, discs: u64) -> bool {
        self.directions().iter().any(|&d| {
            let pairs = discs & (discs >> d);
            pairs & (pairs >> (2 * d)) != 0
        })
    }

    /// The empty-or-not cells that would complete four for `discs`:
    /// every cell that, with `discs`, is in a line of four.
    pub fn completions(self, discs: u64) -> u64 {
        let mut out = 0;
        for d in self.directions() {
            // Three in a row with the cell at either end, then the two
            // shapes with a gap (x.xx and xx.x).
            let two_up = (discs << d) & (discs << (2 * d));
            out |= two_up & (discs << (3 * d));
            out |= two_up & (discs >> d);
            let two_down = (discs >> d) & (discs >> (2 * d));
            out |= two_down & (discs >> (3 * d));
            out |= two_down & (discs << d);
        }
        out & self.full()
    }

    /// The cell each unfilled column would take next.
    pub fn playable(self, occupied: u64) -> u64 {
        (occupied + self.bottom()) & self.full()
    }
}

/// A finaliser that spreads a unique board key over all 64 bits (it is a
/// bijection, so distinct keys stay distinct).
pub fn mix(mut key: u64) -> u64 {
    key ^= key >> 30;
    key = key.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    key ^= key >> 27;
    key = key.wrapping_mul(0x94d0_49bb_1331_11eb);
    key ^ (key >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_do_not_wrap_between_columns() {
        let s = STANDARD;
        // a4 a5 a6 and b1: consecutive bits, not a line.
        let discs = s.bit(0, 3) | s.bit(0, 4) | s.bit(0, 5) | s.bit(1, 0);
        assert!(!s.has_four(discs));
        let column = s.bit(2, 1) | s.bit(2, 2) | s.bit(2, 3) | s.bit(2, 4);
        assert!(s.has_four(column));
        let diagonal = s.bit(0, 0) | s.bit(1, 1) | s.bit(2, 2) | s.bit(3, 3);
        assert!(s.has_four(diagonal));
        let anti = s.bit(3, 0) | s.bit(2, 1) | s.bit(1, 2) | s.bit(0, 3);
        assert!(s.has_four(anti));
    }

    #[test]
    fn completions_find_gaps_and_ends() {
        let s = STANDARD;
        let discs = s.bit(0, 0) | s.bit(1, 0) | s.bit(3, 0);
        assert_eq!(s.completions(discs), s.bit(2, 0));
        let three = s.bit(1, 0) | s.bit(2, 0) | s.bit(3, 0);
        assert_eq!(s.completions(three), s.bit(0, 0) | s.bit(4, 0));
        let top = s.bit(0, 3) | s.bit(0, 4) | s.bit(0, 5);
        assert_eq!(s.completions(top), s.bit(0, 2), "nothing above the top row");
    }

    #[test]
    fn the_largest_board_fits_sixty_four_bits() {
        let s = Shape { columns: 8, rows: 7 };
        assert_eq!(s.full().count_ones(), 56);
        assert_eq!(s.playable(s.full()), 0);
        assert_eq!(s.playable(0), s.bottom());
    }
}
