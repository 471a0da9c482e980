//! The board: 100 squares (`a1` … `j10`, red at the bottom), the two
//! lakes, each player's four setup rows, and the reserve tray beside the
//! board from which pieces are placed during the setup.
//!
//! Cell `rank * 10 + file` is a square (rank 0 is red's back row); cells
//! 100 to 139 are the tray's slots, grouped by rank in
//! [`crate::rank::TRAY_ORDER`].

use rules_api::{Cell, CellShape, Geometry, Label, Rgba};
use tabula_kit::grid::{Edge, Grid};

use crate::rank::{ARMY, ARMY_SIZE, KINDS, TRAY_ORDER};

/// Squares on the board.
pub const SQUARES: usize = 100;
/// The first tray slot.
pub const TRAY: u16 = SQUARES as u16;
/// Cells in all: the squares and the tray.
pub const CELLS: usize = SQUARES + ARMY_SIZE as usize;
/// Squares of a setup zone.
pub const ZONE: usize = 40;
/// Columns of the tray.
const TRAY_COLUMNS: u16 = 4;

/// The eight lake squares: c5 d5 c6 d6 and g5 h5 g6 h6.
const LAKES: [u16; 8] = [42, 43, 46, 47, 52, 53, 56, 57];

/// Whether `square` is lake (never entered or crossed).
pub fn is_lake(square: u16) -> bool {
    LAKES.contains(&square)
}

/// The file (0 = a) of a square.
pub fn file(square: u16) -> u16 {
    square % 10
}

/// The rank (0 = rank 1) of a square.
pub fn row(square: u16) -> u16 {
    square / 10
}

/// Whether `square` lies in `player`'s four setup rows (red 1-4, blue 7-10).
pub fn in_zone(player: u8, square: u16) -> bool {
    let r = row(square);
    square < SQUARES as u16 && if player == 0 { r < 4 } else { r >= 6 }
}

/// The squares of `player`'s zone in the order chance fills them: as the
/// player sees them, front row first, left to right.
pub fn zone_order(player: u8) -> [u16; ZONE] {
    let mut out = [0; ZONE];
    for (i, slot) in out.iter_mut().enumerate() {
        let (front, across) = ((i / 10) as u16, (i % 10) as u16);
        *slot = if player == 0 { (3 - front) * 10 + across } else { (6 + front) * 10 + (9 - across) };
    }
    out
}

/// The square one step from `square` in direction `d` (0 up, 1 down,
/// 2 left, 3 right from red's side), if it is on the board and not lake.
pub fn step(square: u16, d: usize) -> Option<u16> {
    let (f, r) = (file(square), row(square));
    let next = match d {
        0 if r < 9 => square + 10,
        1 if r > 0 => square - 10,
        2 if f > 0 => square - 1,
        3 if f < 9 => square + 1,
        _ => return None,
    };
    (!is_lake(next)).then_some(next)
}

/// The direction from `from` to `to` and their distance, when they share
/// a file or rank.
pub fn line(from: u16, to: u16) -> Option<(usize, u16)> {
    let (ff, fr, tf, tr) = (file(from), row(from), file(to), row(to));
    match () {
        _ if ff == tf && tr > fr => Some((0, tr - fr)),
        _ if ff == tf && tr < fr => Some((1, fr - tr)),
        _ if fr == tr && tf < ff => Some((2, ff - tf)),
        _ if fr == tr && tf > ff => Some((3, tf - ff)),
        _ => None,
    }
}

/// The first tray slot of each rank's block.
pub const fn tray_starts() -> [u8; KINDS] {
    let mut starts = [0u8; KINDS];
    let mut next = 0u8;
    let mut i = 0;
    while i < TRAY_ORDER.len() {
        starts[TRAY_ORDER[i] as usize] = next;
        next += ARMY[TRAY_ORDER[i] as usize];
        i += 1;
    }
    starts
}

/// Where each rank's block starts in the tray.
pub const TRAY_STARTS: [u8; KINDS] = tray_starts();

/// The tray cells that hold `count` reserve pieces of `rank` (the first
/// slots of its block).
pub fn tray_cells(rank: u8, count: u8) -> impl Iterator<Item = u16> {
    let start = TRAY + TRAY_STARTS[rank as usize] as u16;
    start..start + count as u16
}

/// The rank whose block a tray cell belongs to.
pub fn tray_rank(cell: u16) -> Option<u8> {
    let slot = cell.checked_sub(TRAY)? as u8;
    TRAY_ORDER
        .iter()
        .copied()
        .find(|&r| (TRAY_STARTS[r as usize]..TRAY_STARTS[r as usize] + ARMY[r as usize]).contains(&slot))
}

/// Where tray slot `slot` is drawn: four columns right of the board.
pub fn tray_position(slot: u16) -> (f32, f32) {
    (10.9 + (slot % TRAY_COLUMNS) as f32, (slot / TRAY_COLUMNS) as f32)
}

/// The grid of squares, which also names them.
pub fn grid() -> Grid {
    Grid::squares(10, 10, Rgba::rgb(150, 196, 104), Rgba::rgb(134, 182, 92))
        .background(Rgba::rgb(62, 86, 44))
        .file_labels(Edge::Bottom, 0.8)
        .rank_labels(Edge::Left, 0.8)
}

/// The name of a square (`e4`).
pub fn name(square: u16) -> String {
    grid().name(file(square), row(square))
}

/// The square a name denotes.
pub fn parse_square(text: &str) -> Option<u16> {
    grid().parse(text)
}

/// The board, the lakes in water blue, and the tray of 40 slots to the
/// right of the board.
pub fn geometry() -> Geometry {
    let mut geometry = grid().build();
    let water = Rgba::rgb(70, 130, 190);
    for &lake in &LAKES {
        geometry.cells[lake as usize].color = water;
    }
    let wood = Rgba::rgb(196, 160, 112);
    for slot in 0..ARMY_SIZE as u16 {
        let (x, y) = tray_position(slot);
        geometry.cells.push(Cell {
            x,
            y,
            layer: 0,
            shape: CellShape::SQUARE,
            color: wood,
            name: format!("tray{}", slot + 1).into(),
        });
    }
    geometry.labels.push(Label { x: 12.4, y: -0.8, layer: 0, text: "reserve".into() });
    debug_assert_eq!(geometry.cells.len(), CELLS);
    geometry
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_lakes_and_names() {
        assert_eq!(name(0), "a1");
        assert_eq!(name(99), "j10");
        assert_eq!(parse_square("c5"), Some(42));
        assert!(is_lake(42) && is_lake(57) && !is_lake(44));
        assert_eq!((0..100).filter(|&s| in_zone(0, s)).count(), ZONE);
        assert_eq!((0..100).filter(|&s| in_zone(1, s)).count(), ZONE);
        assert_eq!(zone_order(0)[0], 30, "red fills a4 first");
        assert_eq!(zone_order(1)[0], 69, "blue fills j7 first (its own front left)");
        assert_eq!(step(41, 3), None, "b5 east is the lake");
    }

    #[test]
    fn the_tray_holds_the_army_in_blocks() {
        let mut counts = [0u8; KINDS];
        for cell in TRAY..TRAY + ARMY_SIZE as u16 {
            counts[tray_rank(cell).unwrap() as usize] += 1;
        }
        assert_eq!(counts, ARMY);
        assert_eq!(tray_cells(crate::rank::MARSHAL, 1).collect::<Vec<_>>(), vec![TRAY]);
    }
}
