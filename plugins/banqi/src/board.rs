//! The board: half a xiangqi board, 8 files (`a`-`h`) by 4 ranks (`1`-`4`),
//! the pieces standing in the squares. Cell `rank * 8 + file`, rank 0 at
//! the bottom.
//!
//! OpenSpiel numbers the same squares by (row, column) with row 0 at the
//! top: OpenSpiel's (r, c) is our file `c`, rank `4 - r`.

use rules_api::{Geometry, Rgba};
use tabula_kit::grid::{Edge, Grid};

/// Files across the board.
pub const FILES: u16 = 8;
/// Ranks up the board.
pub const RANKS: u16 = 4;
/// Squares on the board.
pub const SQUARES: usize = (FILES * RANKS) as usize;

/// The grid of squares, which also names them.
pub fn grid() -> Grid {
    Grid::squares(FILES, RANKS, Rgba::rgb(226, 190, 130), Rgba::rgb(214, 176, 116))
        .background(Rgba::rgb(120, 72, 36))
        .file_labels(Edge::Bottom, 0.7)
        .rank_labels(Edge::Left, 0.7)
}

/// The board drawn by the host.
pub fn geometry() -> Geometry {
    grid().build()
}

/// The name of a square (`c3`).
pub fn name(square: u16) -> String {
    grid().name(square % FILES, square / FILES)
}

/// The square a name denotes.
pub fn parse_square(text: &str) -> Option<u16> {
    grid().parse(text)
}

/// The square one step from `square` in direction `d` (0 up, 1 down,
/// 2 left, 3 right), if on the board.
pub fn step(square: u16, d: usize) -> Option<u16> {
    let (f, r) = (square % FILES, square / FILES);
    match d {
        0 if r + 1 < RANKS => Some(square + FILES),
        1 if r > 0 => Some(square - FILES),
        2 if f > 0 => Some(square - 1),
        3 if f + 1 < FILES => Some(square + 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_steps() {
        assert_eq!(name(0), "a1");
        assert_eq!(name(31), "h4");
        assert_eq!(parse_square("c2"), Some(10));
        assert_eq!(step(7, 3), None);
        assert_eq!(step(24, 0), None);
        assert_eq!(step(9, 0), Some(17));
    }
}
