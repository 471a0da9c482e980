//! How the board is drawn: the dark squares as cells named by their
//! numbers (cell index = number - 1), each number printed small in its
//! corner, the light squares as the board's background, a frame, and the
//! numbers of the edge squares around the board as FMJD's diagrams give
//! them (1–5 and 46–50 on the bases, 6–46 and 5–45 down the sides).
//!
//! The first player sits at the bottom, as everywhere in Tabula: White in
//! international draughts (the standard diagram), Black in English
//! draughts (the standard diagram turned half a turn; the window's flip
//! shows it White-side down).

use rules_api::{Cell, CellShape, Geometry, Label, Line, Mark, MarkKind, PieceType, PlayerInfo, RVec, Rgba};

use crate::art::piece_svg;
use crate::colour::Colour;
use crate::rule::Rule;

/// The light squares (the board's background).
pub const LIGHT: Rgba = Rgba::rgb(238, 218, 178);
/// The dark squares, where play happens.
pub const DARK: Rgba = Rgba::rgb(150, 104, 66);
const FRAME: Rgba = Rgba::rgb(72, 48, 30);
const NUMBER: Rgba = Rgba::rgb(226, 204, 168);

/// The centre of square index `sq` as drawn.
pub fn centre(rule: Rule, sq: u8) -> (f32, f32) {
    let layout = rule.layout();
    let (row, file) = layout.row_file(sq);
    let last = (layout.size - 1) as f32;
    match rule.first() {
        Colour::White => (file as f32, row as f32),
        Colour::Black => (last - file as f32, last - row as f32),
    }
}

/// The board of `rule`.
pub fn geometry(rule: Rule) -> Geometry {
    let layout = rule.layout();
    let last = (layout.size - 1) as f32;
    let mut cells = RVec::with_capacity(layout.squares as usize);
    let mut marks = RVec::with_capacity(layout.squares as usize);
    let mut labels = RVec::new();
    for sq in 0..layout.squares {
        let (x, y) = centre(rule, sq);
        let name = (sq + 1).to_string();
        cells.push(Cell { x, y, layer: 0, shape: CellShape::SQUARE, color: DARK, name: name.clone().into() });
        marks.push(Mark {
            kind: MarkKind::TEXT,
            x: x - 0.33,
            y: y - 0.35,
            layer: 0,
            size: 0.18,
            color: NUMBER,
            text: name.clone().into(),
        });
        let mut label = |x: f32, y: f32| labels.push(Label { x, y, layer: 0, text: name.clone().into() });
        if y == 0.0 {
            label(x, -0.9);
        }
        if y == last {
            label(x, last + 0.9);
        }
        if x == 0.0 {
            label(-0.9, y);
        }
        if x == last {
            label(last + 0.9, y);
        }
    }
    let (lo, hi) = (-0.5, last + 0.5);
    let edge = |x1, y1, x2, y2| Line { x1, y1, x2, y2, layer: 0, width: 0.08, color: FRAME };
    let lines = vec![edge(lo, lo, hi, lo), edge(lo, hi, hi, hi), edge(lo, lo, lo, hi), edge(hi, lo, hi, hi)];
    Geometry { cells, lines: lines.into(), marks, labels, background: LIGHT, layers: 1 }
}

/// The players in move order, with their colours.
pub fn players(rule: Rule) -> RVec<PlayerInfo> {
    let player = |colour: Colour| match colour {
        Colour::White => {
            PlayerInfo { name: "white".into(), color: Rgba::rgb(244, 239, 226), ink: Rgba::rgb(58, 50, 38) }
        }
        Colour::Black => {
            PlayerInfo { name: "black".into(), color: Rgba::rgb(43, 38, 34), ink: Rgba::rgb(224, 214, 196) }
        }
    };
    vec![player(rule.colour_of(0)), player(rule.colour_of(1))].into()
}

/// The man (kind 0) and the king (kind 1), with a glyph, a letter and art
/// for each player.
pub fn piece_types(rule: Rule) -> RVec<PieceType> {
    let order = [rule.colour_of(0), rule.colour_of(1)];
    let kind = |name: &str, king: bool, value: i32| {
        let glyph = |c: Colour| match (c, king) {
            (Colour::White, false) => "⛀",
            (Colour::White, true) => "⛁",
            (Colour::Black, false) => "⛂",
            (Colour::Black, true) => "⛃",
        };
        let letter = |c: Colour| match (c, king) {
            (Colour::White, false) => "w",
            (Colour::White, true) => "W",
            (Colour::Black, false) => "b",
            (Colour::Black, true) => "B",
        };
        let mut t = PieceType::new(name, &order.map(glyph), &order.map(letter), value);
        t.art = order.iter().map(|&c| piece_svg(c == Colour::White, king).into()).collect();
        t
    };
    vec![kind("man", false, crate::eval::MAN), kind("king", true, crate::eval::king_value(rule))].into()
}
