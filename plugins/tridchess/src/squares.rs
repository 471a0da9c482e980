//! Where squares can be: the three fixed 4×4 levels and the 24 places an
//! attack board can stand, as 144 cells with fixed indices.
//!
//! Coordinates are the Federation Standard's: files `z a b c d e` (only the
//! attack boards reach `z` and `e`), ranks `0` to `9`, and a level named
//! `W`, `N` or `B` for the fixed boards. An attack board hangs from a pin
//! at a corner of a fixed board, above it or (inverted) below it; its level
//! is named after the pin: `QL1`…`QL6` on the queen's side (files `z`, `a`),
//! `KL1`…`KL6` on the king's side (files `d`, `e`), numbered upwards
//! (1 and 2 hang from White's level, 3 and 4 from the neutral level, 5 and
//! 6 from Black's, the odd one at the end nearer White), with `i` added
//! when the board hangs below its pin (`QL1i`).
//!
//! Inside, every square also has Roth's elevation (1 to 7): the fixed
//! levels are at 2, 4 and 6, an attack board one above or one below the
//! level it hangs from. File, rank and elevation name a square uniquely,
//! and the move rules only ever look at those.
//!
//! Cells 0..48 are the fixed squares (`W`, then `N`, then `B`, each rank
//! by rank from its lowest rank, files `a` to `d`); cell `48 + 4 * place +
//! j` is square `j` of attack-board place `place` (lower rank first, inner
//! file… see [`ab_cell`]). A place without a board has hidden cells.

use std::sync::LazyLock;

/// Every cell a square can occupy.
pub const CELLS: usize = 144;
/// Cells of the three fixed levels.
pub const MAIN_CELLS: usize = 48;
/// Places an attack board can stand: 2 sides × 6 pins × above or below.
pub const PLACES: usize = 24;
/// Files `z a b c d e`.
pub const FILES: u8 = 6;
/// Ranks 0 to 9.
pub const RANKS: u8 = 10;
/// File letters, index 0 is `z`.
pub const FILE_LETTERS: [char; 6] = ['z', 'a', 'b', 'c', 'd', 'e'];
/// Names of the fixed levels, lowest first.
pub const MAIN_NAMES: [&str; 3] = ["W", "N", "B"];

/// A pin: the fixed level it belongs to, the rank of its corner and the
/// lower rank of the board that hangs from it (boards overhang outwards).
#[derive(Clone, Copy, Debug)]
pub struct Pin {
    /// 0 White's level, 1 the neutral level, 2 Black's level.
    pub main: u8,
    /// The rank of the corner square the pin stands on.
    pub rank: u8,
    /// The lower of the two ranks a board on this pin covers.
    pub low: u8,
}

/// The six pins of a side, by level number 1 to 6 (index 0 to 5).
pub const PINS: [Pin; 6] = [
    Pin { main: 0, rank: 1, low: 0 },
    Pin { main: 0, rank: 4, low: 4 },
    Pin { main: 1, rank: 3, low: 2 },
    Pin { main: 1, rank: 6, low: 6 },
    Pin { main: 2, rank: 5, low: 4 },
    Pin { main: 2, rank: 8, low: 8 },
];

/// The place of an attack board: queen's or king's side, pin, below or above.
pub const fn place(king_side: bool, pin: u8, inverted: bool) -> u8 {
    (king_side as u8) * 12 + pin * 2 + inverted as u8
}

/// Whether a place is on the king's side.
pub const fn place_king_side(place: u8) -> bool {
    place >= 12
}

/// The pin index (0..6, level number minus one) of a place.
pub const fn place_pin(place: u8) -> u8 {
    (place % 12) / 2
}

/// Whether a board at this place hangs below its pin.
pub const fn place_inverted(place: u8) -> bool {
    place % 2 == 1
}

/// The elevation of a fixed level (0, 1, 2 → 2, 4, 6).
pub const fn main_elevation(main: u8) -> u8 {
    2 + 2 * main
}

/// The elevation of the squares of a board at `place`.
pub const fn place_elevation(place: u8) -> u8 {
    let base = main_elevation(PINS[place_pin(place) as usize].main);
    if place_inverted(place) {
        base - 1
    } else {
        base + 1
    }
}

/// The lowest file of a board at `place` (`z` or `d`).
pub const fn place_low_file(place: u8) -> u8 {
    if place_king_side(place) {
        4
    } else {
        0
    }
}

/// The name of a place: `QL1`, `KL6i`.
pub fn place_name(place: u8) -> String {
    let side = if place_king_side(place) { 'K' } else { 'Q' };
    let inverted = if place_inverted(place) { "i" } else { "" };
    format!("{side}L{}{inverted}", place_pin(place) + 1)
}

/// Reads a place name in either case (`QL1`, `kl3i`).
pub fn parse_place(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if !(3..=4).contains(&b.len()) || !b[1].eq_ignore_ascii_case(&b'L') {
        return None;
    }
    let king_side = match b[0].to_ascii_uppercase() {
        b'Q' => false,
        b'K' => true,
        _ => return None,
    };
    let pin = b[2].checked_sub(b'1').filter(|&p| p < 6)?;
    let inverted = match b.get(3) {
        None => false,
        Some(c) if c.eq_ignore_ascii_case(&b'i') => true,
        Some(_) => return None,
    };
    Some(place(king_side, pin, inverted))
}

/// The cell of square `j` (0..4) of a board at `place`: `j = 2 * (rank -
/// low rank) + (file - low file)`.
pub const fn ab_cell(place: u8, j: u8) -> u8 {
    MAIN_CELLS as u8 + place * 4 + j
}

/// The cell of a fixed square, if `file`/`rank` are on fixed level `main`.
pub fn main_cell(main: u8, file: u8, rank: u8) -> Option<u8> {
    let base = 1 + 2 * main;
    ((1..=4).contains(&file) && (base..base + 4).contains(&rank)).then(|| main * 16 + (rank - base) * 4 + (file - 1))
}

/// What a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    /// File, 0 (`z`) to 5 (`e`).
    pub file: u8,
    /// Rank, 0 to 9.
    pub rank: u8,
    /// Roth's elevation, 1 to 7.
    pub elevation: u8,
    /// The attack-board place of the cell, or `None` for a fixed square.
    pub place: Option<u8>,
}

impl Square {
    /// The fixed level (0..3) of a fixed square.
    pub fn main(&self) -> Option<u8> {
        self.place.is_none().then_some(self.elevation / 2 - 1)
    }
}

/// The column (file, rank) index of a square: `file * 10 + rank`.
pub const fn column(file: u8, rank: u8) -> u8 {
    file * RANKS + rank
}

/// The static tables.
pub struct Tables {
    /// Every cell.
    pub squares: [Square; CELLS],
    /// Per column, its cells from the lowest elevation up (at most 6).
    columns: [[u8; 6]; 60],
    column_len: [u8; 60],
    /// Per place, the places a board there may move to (its own pin
    /// turned over, then each near pin above or below).
    pub board_moves: [Vec<u8>; PLACES],
    /// The cell of each (file, rank, elevation), or 255.
    by_coords: [[[u8; 8]; 10]; 6],
}

impl Tables {
    /// The cells of a column, lowest first.
    #[inline]
    pub fn column(&self, column: u8) -> &[u8] {
        &self.columns[column as usize][..self.column_len[column as usize] as usize]
    }

    /// The cell at (file, rank, elevation), if a square can be there.
    pub fn at(&self, file: u8, rank: u8, elevation: u8) -> Option<u8> {
        let c = *self.by_coords.get(file as usize)?.get(rank as usize)?.get(elevation as usize)?;
        (c != 255).then_some(c)
    }
}

fn build_square(cell: u8) -> Square {
    if (cell as usize) < MAIN_CELLS {
        let (main, i) = (cell / 16, cell % 16);
        return Square { file: 1 + i % 4, rank: 1 + 2 * main + i / 4, elevation: main_elevation(main), place: None };
    }
    let (place, j) = ((cell - MAIN_CELLS as u8) / 4, (cell - MAIN_CELLS as u8) % 4);
    let pin = PINS[place_pin(place) as usize];
    Square {
        file: place_low_file(place) + j % 2,
        rank: pin.low + j / 2,
        elevation: place_elevation(place),
        place: Some(place),
    }
}

/// The places a board at `from` may move to: the same pin turned over,
/// and every pin on its own side whose corner is one or two ranks away,
/// above or below.
fn board_targets(from: u8) -> Vec<u8> {
    let (king_side, pin, inverted) = (place_king_side(from), place_pin(from), place_inverted(from));
    let mut out = vec![place(king_side, pin, !inverted)];
    for other in 0..6u8 {
        let gap = PINS[other as usize].rank.abs_diff(PINS[pin as usize].rank);
        if other != pin && gap <= 2 {
            out.push(place(king_side, other, false));
            out.push(place(king_side, other, true));
        }
    }
    out
}

/// The tables, built on first use.
pub static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let squares: [Square; CELLS] = std::array::from_fn(|c| build_square(c as u8));
    let mut columns = [[0u8; 6]; 60];
    let mut column_len = [0u8; 60];
    let mut by_coords = [[[255u8; 8]; 10]; 6];
    let mut order: Vec<u8> = (0..CELLS as u8).collect();
    order.sort_by_key(|&c| squares[c as usize].elevation);
    for c in order {
        let s = squares[c as usize];
        let col = column(s.file, s.rank) as usize;
        columns[col][column_len[col] as usize] = c;
        column_len[col] += 1;
        by_coords[s.file as usize][s.rank as usize][s.elevation as usize] = c;
    }
    let board_moves = std::array::from_fn(|p| board_targets(p as u8));
    Tables { squares, columns, column_len, board_moves, by_coords }
});

/// The square of a cell.
#[inline]
pub fn square(cell: u8) -> Square {
    TABLES.squares[cell as usize]
}

/// The level name of a cell (`W`, `QL1i`).
pub fn level_name(cell: u8) -> String {
    let s = square(cell);
    match s.place {
        Some(place) => place_name(place),
        None => MAIN_NAMES[(s.elevation / 2 - 1) as usize].to_string(),
    }
}

/// The Federation Standard name of a cell: file, rank, level (`b1W`,
/// `z0QL1`).
pub fn cell_name(cell: u8) -> String {
    let s = square(cell);
    format!("{}{}{}", FILE_LETTERS[s.file as usize], s.rank, level_name(cell))
}

/// Reads a cell name: the Federation Standard form (`b1W`, `z0QL1i`, any
/// letter case) or Roth's (`c1(2)`: files `a`–`f`, rank, elevation).
pub fn parse_cell(text: &str) -> Option<u8> {
    let t = text.trim();
    let b = t.as_bytes();
    if b.len() < 3 || !b[1].is_ascii_digit() {
        return None;
    }
    let rank = b[1] - b'0';
    if b[2] == b'(' {
        let file = b[0].to_ascii_lowercase().checked_sub(b'a').filter(|&f| f < FILES)?;
        let elevation = t.get(3..)?.strip_suffix(')')?.parse::<u8>().ok()?;
        return TABLES.at(file, rank, elevation);
    }
    let file = FILE_LETTERS.iter().position(|&l| l == b[0].to_ascii_lowercase() as char)? as u8;
    let level = &t[2..];
    let cell = match MAIN_NAMES.iter().position(|n| n.eq_ignore_ascii_case(level)) {
        Some(main) => main_cell(main as u8, file, rank)?,
        None => {
            let place = parse_place(level)?;
            let low_file = place_low_file(place);
            let low_rank = PINS[place_pin(place) as usize].low;
            if !(low_file..low_file + 2).contains(&file) || !(low_rank..low_rank + 2).contains(&rank) {
                return None;
            }
            ab_cell(place, 2 * (rank - low_rank) + (file - low_file))
        }
    };
    Some(cell)
}

/// Roth's name of a cell: files `a`–`f`, rank, elevation (`c1(2)`).
pub fn roth_name(cell: u8) -> String {
    let s = square(cell);
    format!("{}{}({})", (b'a' + s.file) as char, s.rank, s.elevation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_one_name_and_one_place_in_space() {
        let mut names = std::collections::HashSet::new();
        let mut coords = std::collections::HashSet::new();
        for c in 0..CELLS as u8 {
            let name = cell_name(c);
            assert_eq!(parse_cell(&name), Some(c), "{name}");
            assert_eq!(parse_cell(&roth_name(c)), Some(c), "{}", roth_name(c));
            assert!(names.insert(name));
            let s = square(c);
            assert!(coords.insert((s.file, s.rank, s.elevation)));
        }
    }

    #[test]
    fn the_boards_start_where_the_setup_puts_them() {
        // White's queen stands on a0 of QL1, three elevations: Roth's b0(3).
        assert_eq!(roth_name(parse_cell("a0QL1").unwrap()), "b0(3)");
        assert_eq!(roth_name(parse_cell("d9KL6").unwrap()), "e9(7)");
        assert_eq!(roth_name(parse_cell("a1W").unwrap()), "b1(2)");
        assert_eq!(roth_name(parse_cell("d8B").unwrap()), "e8(6)");
        assert_eq!(cell_name(parse_cell("b4(1)").unwrap()), "a4QL2i");
        assert_eq!(parse_cell("a2QL1"), None, "rank 2 is not on a board at QL1");
        assert_eq!(parse_cell("c0QL1"), None, "file c is not on the queen's side");
    }

    #[test]
    fn pins_move_one_or_two_ranks_along_their_side() {
        let names = |p: u8| TABLES.board_moves[p as usize].iter().map(|&q| place_name(q)).collect::<Vec<_>>();
        assert_eq!(names(parse_place("QL1").unwrap()), ["QL1i", "QL3", "QL3i"]);
        assert_eq!(names(parse_place("KL2i").unwrap()), ["KL2", "KL3", "KL3i", "KL4", "KL4i", "KL5", "KL5i"]);
        assert_eq!(names(parse_place("QL6").unwrap()), ["QL6i", "QL4", "QL4i"]);
    }
}
