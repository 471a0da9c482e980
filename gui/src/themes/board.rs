//! A board theme applied to the plugin's geometry.
//!
//! Colours are mapped by their use, never by game: the *shades* are the
//! colours of filled cells (squares, hexagons) that at least a sixth of
//! them share, at most three of them, lightest first (the two of a
//! checkered board, the three of a hexagonal chess board, the one of a
//! plain board); they become the theme's light, middle and dark. Any
//! other cell colour (a lake, a river, a palace, a special square) is
//! kept, so boards with special colours stay recognisable. A board of
//! points (no filled cells: Go, xiangqi, mills) has its face in the
//! background and its lines and dots drawn on it: those become the
//! theme's face and ink.

use rules_api::{CellShape, Geometry, Rgba};

use super::BoardTheme;
use crate::theme::luminance;

/// The colours of a theme.
struct Palette {
    /// The shades, lightest first.
    light: Rgba,
    middle: Rgba,
    dark: Rgba,
    /// Around the cells of a board of filled cells.
    frame: Rgba,
    /// The face of a board of points.
    face: Rgba,
    /// Lines and dots on a board of points.
    ink: Rgba,
}

fn palette(theme: BoardTheme) -> Option<Palette> {
    match theme {
        BoardTheme::Game => None,
        BoardTheme::Wood => Some(Palette {
            light: Rgba::rgb(240, 217, 181),
            middle: Rgba::rgb(212, 176, 136),
            dark: Rgba::rgb(181, 136, 99),
            frame: Rgba::rgb(110, 76, 48),
            face: Rgba::rgb(222, 184, 120),
            ink: Rgba::rgb(60, 40, 20),
        }),
        BoardTheme::Slate => Some(Palette {
            light: Rgba::rgb(222, 227, 230),
            middle: Rgba::rgb(176, 192, 201),
            dark: Rgba::rgb(128, 152, 166),
            frame: Rgba::rgb(62, 78, 90),
            face: Rgba::rgb(200, 212, 220),
            ink: Rgba::rgb(28, 44, 58),
        }),
        BoardTheme::HighContrast => Some(Palette {
            light: Rgba::rgb(255, 255, 255),
            middle: Rgba::rgb(178, 178, 178),
            dark: Rgba::rgb(100, 100, 100),
            frame: Rgba::rgb(0, 0, 0),
            face: Rgba::rgb(255, 255, 255),
            ink: Rgba::rgb(0, 0, 0),
        }),
    }
}

fn filled(shape: CellShape) -> bool {
    shape == CellShape::SQUARE || shape == CellShape::HEX
}

fn opaque(c: Rgba) -> (u8, u8, u8) {
    (c.r, c.g, c.b)
}

/// The shades of the board: colours of filled cells that at least a sixth
/// of them share (at most three, the most common), lightest first.
fn shades(g: &Geometry) -> Vec<Rgba> {
    let mut counts: Vec<(Rgba, usize)> = Vec::new();
    let mut total = 0;
    for c in g.cells.iter().filter(|c| filled(c.shape)) {
        total += 1;
        match counts.iter_mut().find(|(k, _)| opaque(*k) == opaque(c.color)) {
            Some((_, n)) => *n += 1,
            None => counts.push((c.color, 1)),
        }
    }
    counts.retain(|&(_, n)| n * 6 >= total);
    counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    counts.truncate(3);
    let mut colours: Vec<Rgba> = counts.into_iter().map(|(c, _)| c).collect();
    colours.sort_by(|a, b| luminance(*b).total_cmp(&luminance(*a)));
    colours
}

/// The board `g` drawn in `theme`, its coordinates (labels) kept only when
/// `coordinates`.
pub fn apply_board(g: &mut Geometry, theme: BoardTheme, coordinates: bool) {
    if !coordinates {
        g.labels.clear();
    }
    let Some(pal) = palette(theme) else { return };
    let shades = shades(g);
    let targets: &[Rgba] = match shades.len() {
        1 => &[pal.light],
        2 => &[pal.light, pal.dark],
        _ => &[pal.light, pal.middle, pal.dark],
    };
    let map = |c: Rgba| {
        shades.iter().position(|s| opaque(*s) == opaque(c)).map(|i| Rgba { a: c.a, ..targets[i] }).unwrap_or(c)
    };
    for cell in g.cells.iter_mut().filter(|c| filled(c.shape)) {
        cell.color = map(cell.color);
    }
    if shades.is_empty() {
        // A board of points: its face is the background, its lines and
        // dots are ink on it.
        g.background = pal.face;
        for line in g.lines.iter_mut() {
            line.color = Rgba { a: line.color.a, ..pal.ink };
        }
        for mark in g.marks.iter_mut() {
            mark.color = Rgba { a: mark.color.a, ..pal.ink };
        }
    } else {
        g.background = pal.frame;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{Cell, Label, RString, RVec};

    fn empty() -> Geometry {
        Geometry {
            cells: RVec::new(),
            lines: RVec::new(),
            marks: RVec::new(),
            labels: RVec::new(),
            background: Rgba::rgb(0, 0, 0),
            layers: 1,
        }
    }

    fn square(x: f32, color: Rgba) -> Cell {
        Cell { x, y: 0.0, layer: 0, shape: CellShape::SQUARE, color, name: RString::from("a1") }
    }

    fn board(colours: &[Rgba]) -> Geometry {
        let mut g = empty();
        g.cells = colours.iter().enumerate().map(|(i, &c)| square(i as f32, c)).collect();
        g.labels.push(Label { x: 0.0, y: 1.0, layer: 0, text: RString::from("a") });
        g
    }

    #[test]
    fn two_shades_become_light_and_dark_and_a_rare_colour_stays() {
        let (light, dark, lake) = (Rgba::rgb(238, 238, 210), Rgba::rgb(118, 150, 86), Rgba::rgb(40, 90, 200));
        let mut colours = Vec::new();
        for i in 0..20 {
            colours.push(if i % 2 == 0 { light } else { dark });
        }
        colours.push(lake);
        let mut g = board(&colours);
        apply_board(&mut g, BoardTheme::HighContrast, true);
        assert_eq!(g.cells[0].color, Rgba::rgb(255, 255, 255));
        assert_eq!(g.cells[1].color, Rgba::rgb(100, 100, 100));
        assert_eq!(g.cells[20].color, lake, "a special colour is kept");
        assert_eq!(g.labels.len(), 1);
        let mut plain = board(&colours);
        apply_board(&mut plain, BoardTheme::Game, false);
        assert_eq!(plain.cells[1].color, dark, "the game's own colours");
        assert!(plain.labels.is_empty(), "coordinates off");
    }

    #[test]
    fn a_board_of_points_gets_the_face_and_ink() {
        let mut g = empty();
        g.cells.push(Cell {
            x: 0.0,
            y: 0.0,
            layer: 0,
            shape: CellShape::POINT,
            color: Rgba::TRANSPARENT,
            name: RString::from("a1"),
        });
        g.background = Rgba::rgb(220, 179, 92);
        g.lines.push(rules_api::Line {
            x1: 0.0,
            y1: 0.0,
            x2: 1.0,
            y2: 0.0,
            layer: 0,
            width: 0.04,
            color: Rgba::rgb(20, 20, 20),
        });
        apply_board(&mut g, BoardTheme::Slate, true);
        assert_eq!(g.background, Rgba::rgb(200, 212, 220));
        assert_eq!(g.lines[0].color, Rgba::rgb(28, 44, 58));
        assert_eq!(BoardTheme::from_word("slate"), BoardTheme::Slate);
        assert_eq!(BoardTheme::from_word("nonsense"), BoardTheme::Game);
    }
}
