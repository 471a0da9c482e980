//! The board's shape for one size: points, their neighbours, coordinate
//! names and the Zobrist keys, shared by every position of a game.
//!
//! A point's index is `rank * size + file` with `A1` (bottom left) first,
//! the order of [`Grid`]'s `CellOrder::BottomUp`.

use std::sync::LazyLock;

use tabula_kit::grid::{Coordinates, Grid};

/// Smallest supported side.
pub const MIN_SIZE: usize = 2;
/// Largest supported side: GTP names 25 columns (A–Z without I).
pub const MAX_SIZE: usize = 25;
/// "No point": the padding of neighbour lists and a pass in the history.
pub const NO_POINT: u16 = u16::MAX;

/// Precomputed facts about one board size.
#[derive(Debug)]
pub struct Layout {
    /// Lines each way.
    pub size: usize,
    /// Number of points.
    pub cells: usize,
    /// The orthogonal neighbours of each point, padded with [`NO_POINT`].
    pub neighbours: Vec<[u16; 4]>,
    /// Distance of each point to the nearest edge (0 on the first line).
    pub line: Vec<u8>,
    /// Stone keys, `keys[point * 2 + colour - 1]`.
    keys: Vec<u64>,
    /// Keys of points where the mover may not play because of superko.
    ban_keys: Vec<u64>,
    /// Key of White to move.
    pub side_key: u64,
    /// Keys of one and of two consecutive passes.
    pub pass_keys: [u64; 2],
    /// Names and parsing (`D4`, no `I`).
    pub grid: Grid,
}

impl Layout {
    /// The layout of a `size`×`size` board.
    pub fn new(size: usize) -> Layout {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size), "board size {size} out of range");
        let cells = size * size;
        let grid = Grid::points(size as u16, size as u16).coordinates(Coordinates::GTP);
        let mut neighbours = vec![[NO_POINT; 4]; cells];
        let mut line = vec![0u8; cells];
        for (p, slot) in neighbours.iter_mut().enumerate() {
            let (file, rank) = (p % size, p / size);
            let mut n = 0;
            let mut add = |q: usize| {
                slot[n] = q as u16;
                n += 1;
            };
            if file > 0 {
                add(p - 1);
            }
            if file + 1 < size {
                add(p + 1);
            }
            if rank > 0 {
                add(p - size);
            }
            if rank + 1 < size {
                add(p + size);
            }
            line[p] = file.min(rank).min(size - 1 - file).min(size - 1 - rank) as u8;
        }
        // One table for every size, so a key never depends on the board
        // (drawn once: every `boardsize` of an engine builds a layout).
        static ALL: LazyLock<Vec<u64>> =
            LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x6060_2025, 3 * MAX_SIZE * MAX_SIZE + 3));
        let all = &*ALL;
        let keys = all[..2 * cells].to_vec();
        let ban_keys = all[2 * MAX_SIZE * MAX_SIZE..2 * MAX_SIZE * MAX_SIZE + cells].to_vec();
        let tail = 3 * MAX_SIZE * MAX_SIZE;
        Layout {
            size,
            cells,
            neighbours,
            line,
            keys,
            ban_keys,
            side_key: all[tail],
            pass_keys: [all[tail + 1], all[tail + 2]],
            grid,
        }
    }

    /// The neighbours of `p` (two to four points).
    #[inline]
    pub fn around(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours[p].iter().take_while(|&&q| q != NO_POINT).map(|&q| q as usize)
    }

    /// The key of a stone of `colour` (1 black, 2 white) on `p`.
    #[inline]
    pub fn key(&self, p: usize, colour: u8) -> u64 {
        self.keys[p * 2 + colour as usize - 1]
    }

    /// The key of a superko ban on `p`.
    #[inline]
    pub fn ban_key(&self, p: usize) -> u64 {
        self.ban_keys[p]
    }

    /// The GTP name of a point (`D4`).
    pub fn name(&self, p: usize) -> String {
        self.grid.name((p % self.size) as u16, (p / self.size) as u16)
    }

    /// The point a GTP name denotes (either case).
    pub fn parse(&self, text: &str) -> Option<usize> {
        self.grid.parse(text).map(|i| i as usize)
    }

    /// The last column letter (`T` on 19×19).
    pub fn last_column(&self) -> char {
        tabula_kit::grid::Coordinates::GTP.file_letter(self.size as u16 - 1)
    }

    /// The point at `file`, `rank` (0-based, rank 0 at the bottom).
    pub fn at(&self, file: usize, rank: usize) -> usize {
        rank * self.size + file
    }

    /// Chebyshev distance between two points.
    pub fn distance(&self, a: usize, b: usize) -> usize {
        let (af, ar, bf, br) = (a % self.size, a / self.size, b % self.size, b / self.size);
        af.abs_diff(bf).max(ar.abs_diff(br))
    }
}

/// The fixed handicap points of the GTP specification for `stones` stones
/// (2 to 9) on a `size` board, in the order the specification lists them;
/// `None` when the board has no such pattern.
pub fn handicap_points(size: usize, stones: usize) -> Option<Vec<(usize, usize)>> {
    if stones < 2 || stones > max_handicap(size) {
        return None;
    }
    let near = if size < 13 { 2 } else { 3 };
    let (low, mid, high) = (near, (size - 1) / 2, size - 1 - near);
    let at = |code: &str| {
        let pick = |c: u8| match c {
            b'0' => low,
            b'1' => mid,
            _ => high,
        };
        let b = code.as_bytes();
        // (file, rank) from the specification's (rank, file) pairs.
        (pick(b[1]), pick(b[0]))
    };
    const PATTERNS: [&[&str]; 8] = [
        &["00", "22"],
        &["00", "22", "20"],
        &["00", "22", "20", "02"],
        &["00", "22", "20", "02", "11"],
        &["00", "22", "20", "02", "10", "12"],
        &["00", "22", "20", "02", "10", "12", "11"],
        &["00", "22", "20", "02", "10", "12", "01", "21"],
        &["00", "22", "20", "02", "10", "12", "01", "21", "11"],
    ];
    Some(PATTERNS[stones - 2].iter().map(|c| at(c)).collect())
}

/// The most fixed handicap stones a board takes (GTP): none below 7×7,
/// four on 7×7 and even sizes, nine on odd sizes from 9.
pub fn max_handicap(size: usize) -> usize {
    match size {
        0..=6 => 0,
        7 => 4,
        s if s % 2 == 0 => 4,
        _ => 9,
    }
}

/// The star points drawn on the board: the nine-stone pattern on odd
/// boards of 15 or more, corners and centre on other odd boards from 9
/// (four corners on 7×7 and even boards from 8), none below.
pub fn star_points(size: usize) -> Vec<(usize, usize)> {
    match size {
        0..=6 => Vec::new(),
        s if s >= 15 && s % 2 == 1 => handicap_points(s, 9).unwrap_or_default(),
        s if s >= 9 && s % 2 == 1 => handicap_points(s, 5).unwrap_or_default(),
        s => handicap_points(s, 4).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handicap_points_follow_the_gtp_table() {
        let l = Layout::new(19);
        let names = |size, n| -> Vec<String> {
            let lay = Layout::new(size);
            handicap_points(size, n).unwrap().into_iter().map(|(f, r)| lay.name(lay.at(f, r))).collect()
        };
        assert_eq!(names(19, 2), ["D4", "Q16"]);
        assert_eq!(names(19, 4), ["D4", "Q16", "D16", "Q4"]);
        assert_eq!(names(19, 9), ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]);
        assert_eq!(names(13, 5), ["D4", "K10", "D10", "K4", "G7"]);
        assert_eq!(names(9, 3), ["C3", "G7", "C7"]);
        assert_eq!(handicap_points(9, 10), None);
        assert_eq!(handicap_points(8, 5), None);
        assert_eq!(handicap_points(6, 2), None);
        assert_eq!(l.name(l.at(8, 0)), "J1");
        assert_eq!(l.parse("j1"), Some(8));
        assert_eq!(l.parse("I1"), None);
        assert_eq!(star_points(9).len(), 5);
        assert_eq!(star_points(19).len(), 9);
    }

    #[test]
    fn neighbours_and_lines() {
        let l = Layout::new(5);
        assert_eq!(l.around(0).collect::<Vec<_>>(), [1, 5]);
        assert_eq!(l.around(12).count(), 4);
        assert_eq!(l.line[12], 2);
        assert_eq!(l.line[7], 1);
        assert_eq!(l.distance(0, 24), 4);
    }
}
