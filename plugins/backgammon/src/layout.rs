//! The board as the window draws it: cells for the checkers of each
//! point, the bar and the bear-off trays, the dice and the cube; the felt
//! and the triangles as lines; the point numbers as labels.
//!
//! White sits at the bottom with its home board bottom right (points 1–6
//! from right to left), as in the usual diagrams; black's home board is
//! top right, the bar in the middle, the bear-off trays on the right
//! (black's above, white's below) and the cube on the left, on the side of
//! its owner (in the middle when nobody owns it). The labels give white's
//! point numbers; black's point `n` is white's `25 − n`.
//!
//! Each point holds five checker cells from its base towards its tip; a
//! taller stack shows its count on the fifth (see
//! [`crate::position::BgPosition`]'s cell texts). The bar has four cells
//! per player and each tray five.

use rules_api::{Cell, CellShape, Geometry, Label, Line, RVec, Rgba};

use crate::board::{BAR, OFF};

/// Checker cells per point and per tray.
pub const SLOTS: usize = 5;
/// Checker cells per player on the bar.
pub const BAR_SLOTS: usize = 4;
/// First bar cell (white's; black's follow).
const BAR_BASE: usize = 24 * SLOTS;
/// First tray cell (white's; black's follow).
const OFF_BASE: usize = BAR_BASE + 2 * BAR_SLOTS;
/// The two dice.
pub const DIE_CELLS: [u16; 2] = [(OFF_BASE + 2 * SLOTS) as u16, (OFF_BASE + 2 * SLOTS + 1) as u16];
/// The cube in the middle (nobody owns it).
pub const CUBE_CENTRE: u16 = DIE_CELLS[1] + 1;
/// Number of cells.
pub const CELLS: usize = CUBE_CENTRE as usize + 3;

/// The felt.
const FELT: Rgba = Rgba::rgb(28, 84, 56);
/// The frame, the bar and the background.
const FRAME: Rgba = Rgba::rgb(96, 62, 34);
/// The two colours of the points.
const POINT_COLOURS: [Rgba; 2] = [Rgba::rgb(158, 42, 38), Rgba::rgb(214, 190, 140)];
/// Where the tips of the top and bottom points end.
const TIPS: [f32; 2] = [4.3, 5.7];

/// The cube's cell when `owner` holds it (`None`: in the middle).
pub fn cube_cell(owner: Option<usize>) -> u16 {
    match owner {
        None => CUBE_CENTRE,
        Some(side) => CUBE_CENTRE + 1 + side as u16,
    }
}

/// The `slot`-th checker cell of `side`'s own point `index` (0 the tray,
/// 25 the bar, 1–24 the points from that side's view), counted from the
/// base of the stack.
pub fn checker_cell(side: usize, index: usize, slot: usize) -> u16 {
    let cell = match index {
        OFF => OFF_BASE + side * SLOTS + slot.min(SLOTS - 1),
        BAR => BAR_BASE + side * BAR_SLOTS + slot.min(BAR_SLOTS - 1),
        point => (absolute(side, point) - 1) * SLOTS + slot.min(SLOTS - 1),
    };
    cell as u16
}

/// The cells a checker of `side` at own index `index` may be clicked on:
/// every cell of that point, bar half or tray.
pub fn cells_of(side: usize, index: usize) -> std::ops::Range<u16> {
    let slots = if index == BAR { BAR_SLOTS } else { SLOTS };
    let first = checker_cell(side, index, 0);
    first..first + slots as u16
}

/// How many cells show the checkers at `index` (the rest is a count).
pub fn slots_at(index: usize) -> usize {
    if index == BAR {
        BAR_SLOTS
    } else {
        SLOTS
    }
}

/// White's number of `side`'s own point `point` (1–24).
pub fn absolute(side: usize, point: usize) -> usize {
    if side == 0 {
        point
    } else {
        25 - point
    }
}

/// The board column of white's point `n` and whether it is in the top half.
fn point_place(n: usize) -> (f32, bool) {
    match n {
        1..=6 => (14.0 - n as f32, false),
        7..=12 => (13.0 - n as f32, false),
        13..=18 => (n as f32 - 12.0, true),
        _ => (n as f32 - 11.0, true),
    }
}

/// Centre of a slot counted from the base of a stack in the top half
/// (rows 0 down to 4) or the bottom half (rows 10 up to 6).
fn slot_y(top: bool, slot: usize) -> f32 {
    if top {
        slot as f32
    } else {
        10.0 - slot as f32
    }
}

fn cell(x: f32, y: f32, shape: CellShape, color: Rgba, name: String) -> Cell {
    Cell { x, y, layer: 0, shape, color, name: name.into() }
}

/// The whole board; the cube's places are drawn only when it is in play.
pub fn geometry(cube: bool) -> Geometry {
    let mut cells = Vec::with_capacity(CELLS);
    for n in 1..=24 {
        let (x, top) = point_place(n);
        for slot in 0..SLOTS {
            cells.push(cell(x, slot_y(top, slot), CellShape::POINT, FELT, format!("p{n}.{}", slot + 1)));
        }
    }
    for (side, name) in ["w", "b"].iter().enumerate() {
        for slot in 0..BAR_SLOTS {
            // White's hit checkers wait in the top half, nearer where they
            // enter (black's home board), black's in the bottom half.
            let y = if side == 0 { 4.0 - slot as f32 } else { 6.0 + slot as f32 };
            cells.push(cell(7.0, y, CellShape::POINT, FRAME, format!("bar-{name}.{}", slot + 1)));
        }
    }
    for (side, name) in ["w", "b"].iter().enumerate() {
        for slot in 0..SLOTS {
            cells.push(cell(14.6, slot_y(side == 1, slot), CellShape::POINT, FELT, format!("off-{name}.{}", slot + 1)));
        }
    }
    for (i, x) in [10.0, 11.0].iter().enumerate() {
        cells.push(cell(*x, 5.0, CellShape::POINT, FELT, format!("die-{}", i + 1)));
    }
    // An owned cube waits beside the board on its owner's side.
    let side_shape = if cube { CellShape::SQUARE } else { CellShape::POINT };
    let ivory = Rgba::rgb(236, 226, 200);
    cells.push(cell(7.0, 5.0, CellShape::POINT, FRAME, "cube".into()));
    cells.push(cell(-0.5, 9.0, side_shape, ivory, "cube-w".into()));
    cells.push(cell(-0.5, 1.0, side_shape, ivory, "cube-b".into()));
    debug_assert_eq!(cells.len(), CELLS);
    Geometry {
        cells: RVec::from(cells),
        lines: RVec::from(lines()),
        marks: RVec::new(),
        labels: RVec::from(labels()),
        background: FRAME,
        layers: 1,
    }
}

/// A filled rectangle as one wide vertical line (the renderer squares a
/// line's ends by half its width).
fn rectangle(x0: f32, y0: f32, x1: f32, y1: f32, color: Rgba) -> Line {
    let w = x1 - x0;
    let x = (x0 + x1) / 2.0;
    Line { x1: x, y1: y0 + w / 2.0, x2: x, y2: y1 - w / 2.0, layer: 0, width: w, color }
}

fn lines() -> Vec<Line> {
    let mut out = vec![
        rectangle(0.5, -0.5, 6.5, 10.5, FELT),
        rectangle(7.5, -0.5, 13.5, 10.5, FELT),
        rectangle(14.1, -0.5, 15.1, 10.5, FELT),
    ];
    // Each triangle is a fan of thin lines from its base to its tip.
    const FAN: usize = 10;
    for n in 1..=24 {
        let (x, top) = point_place(n);
        let color = POINT_COLOURS[n % 2];
        let (base, tip) = if top { (-0.5, TIPS[0]) } else { (10.5, TIPS[1]) };
        for i in 0..FAN {
            let bx = x - 0.44 + 0.88 * i as f32 / (FAN - 1) as f32;
            out.push(Line { x1: bx, y1: base, x2: x, y2: tip, layer: 0, width: 0.11, color });
        }
    }
    // The trays' divide.
    out.push(Line { x1: 14.1, y1: 5.0, x2: 15.1, y2: 5.0, layer: 0, width: 0.25, color: FRAME });
    out
}

fn labels() -> Vec<Label> {
    (1..=24)
        .map(|n| {
            let (x, top) = point_place(n);
            Label { x, y: if top { -1.1 } else { 11.1 }, layer: 0, text: n.to_string().into() }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_where_their_indices_say() {
        let g = geometry(true);
        assert_eq!(g.cells.len(), CELLS);
        // White's 1 point is bottom right; black's 1 point is white's 24, top right.
        let w1 = &g.cells[checker_cell(0, 1, 0) as usize];
        assert_eq!((w1.x, w1.y, w1.name.as_str()), (13.0, 10.0, "p1.1"));
        let b1 = &g.cells[checker_cell(1, 1, 0) as usize];
        assert_eq!((b1.x, b1.y, b1.name.as_str()), (13.0, 0.0, "p24.1"));
        assert_eq!(g.cells[checker_cell(1, BAR, 0) as usize].name.as_str(), "bar-b.1");
        assert_eq!(g.cells[checker_cell(0, OFF, 4) as usize].name.as_str(), "off-w.5");
        assert_eq!(g.cells[cube_cell(Some(1)) as usize].name.as_str(), "cube-b");
        let mut names: Vec<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), CELLS, "cell names are distinct");
    }
}
