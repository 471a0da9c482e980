//! How the board is drawn: one layer per fixed level (`W`, `N`, `B`), each
//! with the attack-board places that hang from it beside it.
//!
//! A layer shows six ranks (the level's four and the one beyond each end,
//! where its attack boards overhang), highest at the top, with the level's
//! files `a`–`d` in the middle. The queen's-side places (files `z`, `a`)
//! stand to the left, the king's-side ones (`d`, `e`) to the right; of
//! each pin, the place above the level is drawn next to it and the place
//! below it further out. Each place is captioned with its name (`QL1`,
//! `QL1i`); a place without a board has its cells hidden by
//! `cell_changes`, so only the caption shows where a board could go.
//! Squares have one colour per file and rank at every level, as on the set.

use rules_api::{Cell, CellShape, Geometry, Label, Mark, MarkKind, RVec, Rgba};

use crate::squares::{
    place, place_inverted, place_king_side, place_name, place_pin, square, CELLS, FILE_LETTERS, MAIN_NAMES, PINS,
};

const LIGHT: Rgba = Rgba::rgb(236, 222, 196);
const DARK: Rgba = Rgba::rgb(170, 128, 94);
const BOARD_LIGHT: Rgba = Rgba::rgb(204, 216, 232);
const BOARD_DARK: Rgba = Rgba::rgb(104, 126, 160);
const BACKGROUND: Rgba = Rgba::rgb(42, 46, 56);
const CAPTION: Rgba = Rgba::rgb(170, 182, 200);
const TITLE: Rgba = Rgba::rgb(236, 230, 214);

/// Where a place's files are drawn: left of the level for the queen's
/// side, right for the king's, further out when below the pin.
fn file_x(file: u8, king_side: bool, inverted: bool) -> f32 {
    let f = file as f32;
    match (king_side, inverted) {
        (false, false) => f - 3.0,
        (false, true) => f - 5.5,
        (true, false) => f + 1.0,
        (true, true) => f + 3.5,
    }
}

/// The layer's lowest rank: 0 for `W`, 2 for `N`, 4 for `B`.
fn layer_base(layer: u16) -> u8 {
    2 * layer as u8
}

/// The drawing position of a cell: x, y (downwards) and layer.
pub fn cell_position(cell: u8) -> (f32, f32, u16) {
    let s = square(cell);
    let (layer, x) = match s.place {
        None => ((s.elevation / 2 - 1) as u16, s.file as f32 - 1.0),
        Some(p) => {
            let layer = PINS[place_pin(p) as usize].main as u16;
            (layer, file_x(s.file, place_king_side(p), place_inverted(p)))
        }
    };
    let y = (layer_base(layer) + 5 - s.rank) as f32;
    (x, y, layer)
}

fn cell(c: u8) -> Cell {
    let s = square(c);
    let (x, y, layer) = cell_position(c);
    let dark = (s.file + s.rank) % 2 == 0;
    let color = match (s.place.is_some(), dark) {
        (false, false) => LIGHT,
        (false, true) => DARK,
        (true, false) => BOARD_LIGHT,
        (true, true) => BOARD_DARK,
    };
    Cell { x, y, layer, shape: CellShape::SQUARE, color, name: crate::squares::cell_name(c).into() }
}

fn text(x: f32, y: f32, layer: u16, size: f32, color: Rgba, text: &str) -> Mark {
    Mark { kind: MarkKind::TEXT, x, y, layer, size, color, text: text.into() }
}

/// The board: every cell a square can occupy, with its coordinate labels,
/// the level names and the captions of the attack-board places.
pub fn geometry() -> Geometry {
    let mut g = Geometry {
        cells: (0..CELLS as u8).map(cell).collect(),
        lines: RVec::new(),
        marks: RVec::new(),
        labels: RVec::new(),
        background: BACKGROUND,
        layers: 3,
    };
    let titles = ["White's level", "Neutral level", "Black's level"];
    for layer in 0..3u16 {
        let base = layer_base(layer);
        let name = format!("{} ({})", titles[layer as usize], MAIN_NAMES[layer as usize]);
        g.marks.push(text(1.5, 0.0, layer, 0.42, TITLE, &name));
        for rank in base..base + 6 {
            let y = (base + 5 - rank) as f32;
            g.labels.push(Label { x: -6.5, y, layer, text: rank.to_string().into() });
        }
        for file in 1..=4u8 {
            let label = FILE_LETTERS[file as usize].to_string();
            g.labels.push(Label { x: file as f32 - 1.0, y: 6.0, layer, text: label.into() });
        }
        for king_side in [false, true] {
            for inverted in [false, true] {
                for j in 0..2u8 {
                    let file = if king_side { 4 + j } else { j };
                    let label = FILE_LETTERS[file as usize].to_string();
                    g.labels.push(Label { x: file_x(file, king_side, inverted), y: 6.0, layer, text: label.into() });
                }
            }
        }
    }
    for pin in 0..6u8 {
        let layer = PINS[pin as usize].main as u16;
        let near = PINS[pin as usize].low == layer_base(layer);
        // Between the near places (rows 4 and 5) and the far ones (rows 0 and 1).
        let y = if near { 3.15 } else { 1.85 };
        for king_side in [false, true] {
            for inverted in [false, true] {
                let low = if king_side { 4 } else { 0 };
                let x = file_x(low, king_side, inverted) + 0.5;
                g.marks.push(text(x, y, layer, 0.32, CAPTION, &place_name(place(king_side, pin, inverted))));
            }
        }
    }
    g
}
