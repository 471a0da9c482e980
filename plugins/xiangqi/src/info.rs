//! What the host draws: the board geometry, the players and the piece types.

use abi_stable::std_types::{RString, RVec};
use rules_api::{GameInfo, Geometry, Label, Line, Mark, MarkKind, PieceType, PlayerInfo, Rgba};
use tabula_kit::grid::{Coordinates, Grid};

use crate::fen::KIND_NAMES;

const INK: Rgba = Rgba::rgb(70, 40, 20);
const LINE_WIDTH: f32 = 0.04;

fn line(x1: f32, y1: f32, x2: f32, y2: f32, width: f32) -> Line {
    Line { x1, y1, x2, y2, layer: 0, width, color: INK }
}

fn mark(kind: MarkKind, x: f32, y: f32, size: f32, text: &str) -> Mark {
    Mark { kind, x, y, layer: 0, size, color: INK, text: text.into() }
}

fn label(x: f32, y: f32, text: String) -> Label {
    Label { x, y, layer: 0, text: text.into() }
}

/// The board: 90 intersections, cell index `rank * 9 + file`, Red at the
/// bottom, named in ICCS (`a0` … `i9`). Each side's files are numbered
/// from its right, as the move notation counts them: Red's in Chinese
/// numerals and Black's in digits on printed boards, both in digits with
/// `latin` pieces (for players who read no Chinese).
pub fn geometry(latin: bool) -> Geometry {
    // The points and their ICCS names come from the grid; the river
    // interrupts the lines, so they are drawn here.
    let mut geometry = Grid::points(9, 10).coordinates(Coordinates::ICCS).background(Rgba::rgb(236, 200, 140)).build();
    let mut lines = RVec::new();
    for row in 0..10 {
        let width = if row == 0 || row == 9 { 2.0 * LINE_WIDTH } else { LINE_WIDTH };
        lines.push(line(0.0, row as f32, 8.0, row as f32, width));
    }
    for file in 0..9 {
        let x = file as f32;
        if file == 0 || file == 8 {
            lines.push(line(x, 0.0, x, 9.0, 2.0 * LINE_WIDTH));
        } else {
            // The river interrupts the inner files.
            lines.push(line(x, 0.0, x, 4.0, LINE_WIDTH));
            lines.push(line(x, 5.0, x, 9.0, LINE_WIDTH));
        }
    }
    for top in [0.0, 7.0] {
        lines.push(line(3.0, top, 5.0, top + 2.0, LINE_WIDTH));
        lines.push(line(5.0, top, 3.0, top + 2.0, LINE_WIDTH));
    }
    let mut marks = RVec::new();
    marks.push(mark(MarkKind::TEXT, 2.0, 4.5, 0.6, "楚河"));
    marks.push(mark(MarkKind::TEXT, 6.0, 4.5, 0.6, "漢界"));
    // Start points of the cannons and soldiers, as printed boards mark them.
    for y in [2.0, 7.0] {
        for x in [1.0, 7.0] {
            marks.push(mark(MarkKind::CORNERS, x, y, 0.15, ""));
        }
    }
    for y in [3.0, 6.0] {
        for x in [0.0, 2.0, 4.0, 6.0, 8.0] {
            marks.push(mark(MarkKind::CORNERS, x, y, 0.15, ""));
        }
    }
    let mut labels = RVec::new();
    const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    for (file, text) in RED_FILES.iter().enumerate() {
        let red = if latin { (9 - file).to_string() } else { (*text).to_string() };
        labels.push(label(file as f32, 9.75, red));
        labels.push(label(file as f32, -0.75, (file + 1).to_string()));
    }
    geometry.lines = lines;
    geometry.marks = marks;
    geometry.labels = labels;
    geometry
}

const RED_GLYPHS: [&str; 7] = ["帥", "仕", "相", "傌", "俥", "炮", "兵"];
const BLACK_GLYPHS: [&str; 7] = ["將", "士", "象", "馬", "車", "砲", "卒"];
const LETTERS: [&str; 7] = ["K", "A", "B", "N", "R", "C", "P"];
/// Values for captured-piece tallies (the general is priceless, so 0).
const TALLY_VALUES: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

/// Players and piece types; `latin` draws letters instead of characters:
/// capitals for both sides (the ink tells them apart, as on the
/// characters' pieces), so every piece carries an even letter; the
/// notation's letters stay upper case for Red and lower case for Black.
pub fn game_info(latin: bool) -> GameInfo {
    let ivory = Rgba::rgb(250, 236, 204);
    let players = RVec::from(vec![
        PlayerInfo { name: "red".into(), color: ivory, ink: Rgba::rgb(196, 30, 30) },
        PlayerInfo { name: "black".into(), color: ivory, ink: Rgba::rgb(25, 25, 25) },
    ]);
    let piece_types = (0..7)
        .map(|k| {
            let letters: RVec<RString> = RVec::from(vec![LETTERS[k].into(), LETTERS[k].to_ascii_lowercase().into()]);
            let glyphs = if latin {
                RVec::from(vec![LETTERS[k].into(), LETTERS[k].into()])
            } else {
                RVec::from(vec![RED_GLYPHS[k].into(), BLACK_GLYPHS[k].into()])
            };
            PieceType { name: KIND_NAMES[k].into(), glyphs, letters, value: TALLY_VALUES[k], art: RVec::new() }
        })
        .collect();
    GameInfo { name: "Xiangqi".into(), players, piece_types, position_format: "FEN".into() }
}
