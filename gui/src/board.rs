//! The generic board renderer: cells, lines, marks, labels, highlights and
//! pieces, drawn only from the rules plugin's geometry, game information
//! and position — never from knowledge of a particular game.

use rules_api::{CellShape, CellText, GameInfo, Geometry, Highlight, MarkKind, Move, Piece, Rgba};
use sdl2::render::RenderTarget;

use super::fonts::Style;
use super::image::Image;
use super::layout::BoardLayout;
use super::paint::{Anchor, Painter};
use super::raster;
use super::shown::ShownBoard;
use super::theme;
use super::GuiError;

/// Everything drawn on the board in one frame.
#[derive(Clone, Copy, Debug)]
pub struct BoardScene<'a> {
    /// The board as the position shows it (cells moved and renamed).
    pub geometry: &'a Geometry,
    /// Per cell: hidden in this position (not drawn, holds nothing).
    pub hidden: &'a [bool],
    /// Short texts on cells (seeds, stack heights, dice).
    pub texts: &'a [CellText],
    /// Players and piece types.
    pub info: &'a GameInfo,
    /// The pieces on the board.
    pub pieces: &'a [Piece],
    /// The plugin's highlights (check, winning line, forbidden points).
    pub highlights: &'a [Highlight],
    /// The cells the viewer cannot see into (hidden information), fogged.
    pub fog: &'a [u16],
    /// The move that led to this position.
    pub last_move: Option<Move>,
    /// The cells clicked so far for the move being made, in order.
    pub clicked: &'a [u16],
    /// The cells the next click may go to.
    pub targets: &'a [u16],
    /// The last clicked cell, when the move may end there (clicked again).
    pub end_here: Option<u16>,
    /// Where the piece under the pointer could go (layered boards), drawn
    /// fainter than targets.
    pub preview: &'a [u16],
    /// A suggested move, drawn as an arrow (or a ring for a placement).
    pub hint: Option<Move>,
    /// A piece being dragged: its cell and the pointer position in pixels.
    pub dragging: Option<(u16, f32, f32)>,
    /// A piece sliding to the cell: the cell, the piece and where it is now
    /// in pixels (the piece on the cell is not drawn meanwhile).
    pub sliding: Option<(u16, Piece, f32, f32)>,
}

impl<'a> BoardScene<'a> {
    /// A plain scene: the board, the pieces and highlights, nothing clicked.
    pub fn plain(board: &'a ShownBoard, info: &'a GameInfo, pieces: &'a [Piece], highlights: &'a [Highlight]) -> Self {
        BoardScene {
            geometry: &board.geometry,
            hidden: &board.hidden,
            texts: &board.texts,
            info,
            pieces,
            highlights,
            fog: &[],
            last_move: None,
            clicked: &[],
            targets: &[],
            end_here: None,
            preview: &[],
            hint: None,
            dragging: None,
            sliding: None,
        }
    }

    /// Whether `cell` is on the board in this position.
    pub fn shown(&self, cell: u16) -> bool {
        (cell as usize) < self.geometry.cells.len() && !self.hidden.get(cell as usize).copied().unwrap_or(false)
    }

    /// Whether a text (a count, a die) is written on `cell`.
    pub fn has_text(&self, cell: u16) -> bool {
        self.texts.iter().any(|t| t.cell == cell)
    }

    /// The pixel centre and shape of a cell on the board now.
    pub fn centre(&self, layout: &BoardLayout, cell: u16) -> Option<(f32, f32, CellShape)> {
        self.shown(cell).then(|| cell_center(layout, self.geometry, cell)).flatten()
    }
}

/// Radius of a piece in board units, by the shape of the cell it stands on.
pub fn piece_radius(shape: CellShape) -> f32 {
    if shape == CellShape::POINT {
        0.45
    } else {
        0.42
    }
}

/// Whether a cell of this shape is filled (its mark is a tint, not a ring).
pub fn is_filled(shape: CellShape) -> bool {
    shape == CellShape::SQUARE || shape == CellShape::HEX
}

/// The corners of a pointy-topped hexagon of unit width around (cx, cy), in pixels.
fn hexagon(cx: f32, cy: f32, scale: f32) -> Vec<(f32, f32)> {
    let r = scale / 3f32.sqrt();
    (0..6)
        .map(|k| {
            let a = (-90.0 + 60.0 * k as f32).to_radians();
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// Fills the shape of cell `cell` with `color` (squares and hexagons), or
/// draws a disc in it (points and circles).
pub fn tint_cell<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    g: &Geometry,
    cell: u16,
    color: Rgba,
) -> Result<(), GuiError> {
    let Some(c) = g.cells.get(cell as usize) else { return Ok(()) };
    let (x, y) = layout.to_screen(c.x, c.y, c.layer);
    let s = layout.scale;
    match c.shape {
        CellShape::SQUARE => p.fill_rect(x - s / 2.0, y - s / 2.0, s, s, color),
        CellShape::HEX => p.fill_polygon(&hexagon(x, y, s), color),
        _ => p.disc(x, y, 0.48 * s, color, Rgba::TRANSPARENT, 0.0),
    }
}

/// Draws the empty board: backgrounds, cells (but those in `hidden`),
/// lines, marks and labels.
pub fn draw_empty_board<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    g: &Geometry,
    hidden: &[bool],
) -> Result<(), GuiError> {
    let s = layout.scale;
    for layer in 0..g.layers.max(1) {
        let a = layout.layer_area(layer);
        p.fill_rect(a.x, a.y, a.w, a.h, g.background)?;
    }
    for (i, c) in g.cells.iter().enumerate() {
        if hidden.get(i).copied().unwrap_or(false) {
            continue;
        }
        let (x, y) = layout.to_screen(c.x, c.y, c.layer);
        match c.shape {
            CellShape::SQUARE => {
                // Whole-pixel edges so neighbouring squares neither overlap nor gap.
                let (x0, y0) = ((x - s / 2.0).round(), (y - s / 2.0).round());
                let (x1, y1) = ((x + s / 2.0).round(), (y + s / 2.0).round());
                p.fill_rect(x0, y0, x1 - x0, y1 - y0, c.color)?;
            }
            CellShape::HEX => p.fill_polygon(&hexagon(x, y, s * 0.97), c.color)?,
            CellShape::CIRCLE => p.disc(x, y, 0.46 * s, c.color, theme::darker(c.color, 0.75), 1.0)?,
            _ => {}
        }
    }
    for l in g.lines.iter() {
        let (x1, y1) = layout.to_screen(l.x1, l.y1, l.layer);
        let (x2, y2) = layout.to_screen(l.x2, l.y2, l.layer);
        p.line(x1, y1, x2, y2, l.width * s, l.color)?;
    }
    for m in g.marks.iter() {
        let (x, y) = layout.to_screen(m.x, m.y, m.layer);
        match m.kind {
            MarkKind::DOT => p.disc(x, y, m.size * s / 2.0, m.color, Rgba::TRANSPARENT, 0.0)?,
            MarkKind::TEXT => {
                p.text(m.text.as_str(), m.size * s, super::fonts::Style::Glyph, m.color, x, y, Anchor::Center)?;
            }
            MarkKind::CORNERS => draw_corners(p, layout, m.x, m.y, m.layer, m.size, m.color)?,
            _ => {}
        }
    }
    let label_color = theme::contrasting(g.background);
    let label_px = (0.3 * s).max(9.0);
    for l in g.labels.iter() {
        let (x, y) = layout.to_screen(l.x, l.y, l.layer);
        p.text(l.text.as_str(), label_px, super::fonts::Style::Glyph, label_color, x, y, Anchor::Center)?;
    }
    Ok(())
}

/// Small L-shaped ticks in the corners around an intersection, only on
/// the sides where the board goes on.
fn draw_corners<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    x: f32,
    y: f32,
    layer: u16,
    size: f32,
    color: Rgba,
) -> Result<(), GuiError> {
    let [left, right, top, bottom] = layout.inside_sides(x, y);
    let gap = 0.07;
    let width = (0.035 * layout.scale).max(1.0);
    for (dx, dy, ok) in
        [(-1.0, -1.0, left && top), (1.0, -1.0, right && top), (-1.0, 1.0, left && bottom), (1.0, 1.0, right && bottom)]
    {
        if !ok {
            continue;
        }
        let (cx, cy) = (x + dx * gap, y + dy * gap);
        let (ax, ay) = layout.to_screen(cx, cy, layer);
        let (bx, by) = layout.to_screen(cx + dx * size, cy, layer);
        let (vx, vy) = layout.to_screen(cx, cy + dy * size, layer);
        p.line(ax, ay, bx, by, width, color)?;
        p.line(ax, ay, vx, vy, width, color)?;
    }
    Ok(())
}

/// Draws a piece of `owner` and `kind` centred at (x, y) pixels with
/// `radius` pixels: a disc in the owner's colour, rimmed in the ink colour
/// with the type's glyph in ink; stones (no glyph) get a darker rim, and a
/// kind the game does not have is the disc alone, the owner's colour. The
/// piece is composed once per size into one image, so a frame draws each
/// piece with a single copy.
pub fn draw_piece<T: RenderTarget>(
    p: &mut Painter<T>,
    info: &GameInfo,
    owner: u8,
    kind: u16,
    x: f32,
    y: f32,
    radius: f32,
) -> Result<(), GuiError> {
    let set = crate::themes::piece_set();
    if set != crate::themes::PieceSet::Game
        && crate::themes::draw_piece_in_set(p, set, info, owner, kind, x, y, radius)?
    {
        return Ok(());
    }
    let player = info.players.get(owner as usize);
    let fill = player.map_or(Rgba::rgb(200, 200, 200), |pl| pl.color);
    let ink = player.map_or(Rgba::rgb(0, 0, 0), |pl| pl.ink);
    let glyph = info
        .piece_types
        .get(kind as usize)
        .and_then(|t| t.glyphs.get(owner as usize))
        .map(|g| g.as_str())
        .unwrap_or("");
    let radius = (radius * 4.0).round() / 4.0;
    let art = info
        .piece_types
        .get(kind as usize)
        .and_then(|t| t.art.get(owner as usize))
        .map(|a| a.as_str())
        .filter(|a| !a.is_empty());
    let fonts = p.fonts;
    if let Some(svg) = art {
        let id = format!("art {kind} {owner} {radius} {:x}", crate::art::fingerprint(svg));
        return p.sprite(
            &id,
            || {
                crate::art::render(svg, radius / ART_RADIUS)
                    .unwrap_or_else(|_| piece_image(fonts, fill, ink, glyph, radius))
            },
            x,
            y,
        );
    }
    let id = format!("piece {fill:?} {ink:?} {glyph} {radius}");
    if let Some(solid) = chess_symbol(glyph) {
        return p.sprite(&id, || figure_image(fonts, fill, ink, solid, radius), x, y);
    }
    p.sprite(&id, || piece_image(fonts, fill, ink, glyph, radius), x, y)
}

/// The solid form of a Unicode chess symbol (♔ to ♟), whichever form a
/// piece type names: such pieces are drawn as figures, like piece art,
/// rather than as symbols on a disc.
fn chess_symbol(glyph: &str) -> Option<char> {
    let mut chars = glyph.chars();
    let (c, None) = (chars.next()?, chars.next()) else { return None };
    let k = (c as u32).checked_sub(0x2654).filter(|&k| k < 12)? % 6;
    char::from_u32(0x265A + k)
}

/// A chess figure as tall as piece art: the solid symbol in the owner's
/// colour over the same symbol spread a little in ink, which rims it and
/// shows through its inner cut lines (the crown, the mane), and a soft
/// shadow under both.
fn figure_image(fonts: &super::fonts::Fonts, fill: Rgba, ink: Rgba, solid: char, radius: f32) -> (Image, (f32, f32)) {
    let solid = solid.to_string();
    // Art fills its square; the figure's ink spans most of it.
    let extent = radius / ART_RADIUS * 0.84;
    let (x0, y0, x1, y1) = raster::ink_box(&fonts.rasterize(&solid, 100.0, Style::Glyph, fill));
    let ratio = (x1.saturating_sub(x0).max(y1.saturating_sub(y0)) as f32 / 100.0).max(0.2);
    let px = (extent / ratio).round().max(1.0);
    let body = fonts.rasterize(&solid, px, Style::Glyph, fill);
    let rim = fonts.rasterize(&solid, px, Style::Glyph, ink);
    let shadow = fonts.rasterize(&solid, px, Style::Glyph, Rgba { r: 0, g: 0, b: 0, a: 60 });
    let w = ((px * 0.035).round() as i32).max(1);
    let drop = w + ((radius * 0.05).round() as i32).max(1);
    let mut image = Image::new(body.width + (2 * w + drop) as u32, body.height + (2 * w + drop) as u32);
    raster::composite(&mut image, &shadow, w + drop, w + drop);
    for dy in -w..=w {
        for dx in -w..=w {
            if dx * dx + dy * dy <= w * w + 1 {
                raster::composite(&mut image, &rim, w + dx, w + dy);
            }
        }
    }
    raster::composite(&mut image, &body, w, w);
    let (x0, y0, x1, y1) = raster::ink_box(&body);
    (image, ((x0 + x1) as f32 / 2.0 + w as f32, (y0 + y1) as f32 / 2.0 + w as f32))
}

/// The radius of a piece standing on a square, as a fraction of the square
/// (piece art fills the whole square).
const ART_RADIUS: f32 = 0.42;

/// Whether the piece type has art for `owner` or a glyph (rather than
/// being a plain stone).
pub fn has_face(info: &GameInfo, owner: u8, kind: u16) -> bool {
    info.piece_types.get(kind as usize).is_some_and(|t| {
        t.glyphs.get(owner as usize).is_some_and(|g| !g.is_empty())
            || t.art.get(owner as usize).is_some_and(|a| !a.is_empty())
    })
}

/// The image of a piece and the position of its centre in the image.
fn piece_image(fonts: &super::fonts::Fonts, fill: Rgba, ink: Rgba, glyph: &str, radius: f32) -> (Image, (f32, f32)) {
    let size = raster::disc_image_size(radius);
    let shadow = ((radius * 0.08).round() as i32, (radius * 0.12).round() as i32);
    let mut image = Image::new(size + shadow.0 as u32 + 1, size + shadow.1 as u32 + 1);
    let c = size as f32 / 2.0;
    raster::composite(
        &mut image,
        &raster::disc(radius, Rgba { r: 0, g: 0, b: 0, a: 70 }, Rgba::TRANSPARENT, 0.0),
        shadow.0,
        shadow.1,
    );
    if glyph.is_empty() {
        raster::composite(
            &mut image,
            &raster::disc(radius, fill, theme::rim_for(fill), (radius * 0.06).max(1.0)),
            0,
            0,
        );
        // A soft highlight so stones read as round.
        let shine = raster::disc(radius * 0.3, Rgba { r: 255, g: 255, b: 255, a: 40 }, Rgba::TRANSPARENT, 0.0);
        let at = (c - radius * 0.3 - shine.width as f32 / 2.0).round() as i32;
        raster::composite(&mut image, &shine, at, at);
        return (image, (c, c));
    }
    raster::composite(&mut image, &raster::disc(radius, fill, ink, (radius * 0.08).max(1.0)), 0, 0);
    let ring = raster::ring(radius * 0.84, (radius * 0.035).max(1.0), Rgba { a: 150, ..ink });
    let at = (c - ring.width as f32 / 2.0).round() as i32;
    raster::composite(&mut image, &ring, at, at);
    let (text, (gx, gy)) = glyph_image(fonts, glyph, radius * 1.12, ink);
    raster::composite(&mut image, &text, (c - gx).round() as i32, (c - gy).round() as i32);
    (image, (c, c))
}

/// `glyph` in `ink`, sized so its visible ink spans `extent` pixels, and
/// the point of the image to put on the piece's centre. Symbols and
/// characters differ in how much of their line box they fill, so they are
/// measured; Latin letters and digits are measured against a capital
/// instead, so that every piece's letter is as tall as the next and sits
/// on the same line (an `A` beside a `K`, a `p` beside a `P`).
fn glyph_image(fonts: &super::fonts::Fonts, glyph: &str, extent: f32, ink: Rgba) -> (Image, (f32, f32)) {
    let measure = |text: &str, px: f32| raster::ink_box(&fonts.rasterize(text, px, Style::Glyph, ink));
    let (x0, y0, x1, y1) = measure(glyph, 100.0);
    let latin = glyph.chars().all(|c| c.is_ascii_alphanumeric());
    let tall = if latin {
        let (_, cy0, _, cy1) = measure("H", 100.0);
        cy1.saturating_sub(cy0)
    } else {
        y1.saturating_sub(y0)
    };
    let ratio = (x1.saturating_sub(x0).max(tall) as f32 / 100.0).max(0.2);
    let px = (extent / ratio).round().max(1.0);
    let text = fonts.rasterize(glyph, px, Style::Glyph, ink);
    let (x0, y0, x1, y1) = raster::ink_box(&text);
    let gy = if latin {
        // The capital's middle, so letters share a baseline.
        let (_, cy0, _, cy1) = measure("H", px);
        (cy0 + cy1) as f32 / 2.0
    } else {
        (y0 + y1) as f32 / 2.0
    };
    (text, ((x0 + x1) as f32 / 2.0, gy))
}

/// The pixel centre and shape of `cell`.
pub fn cell_center(layout: &BoardLayout, g: &Geometry, cell: u16) -> Option<(f32, f32, CellShape)> {
    let c = g.cells.get(cell as usize)?;
    let (x, y) = layout.to_screen(c.x, c.y, c.layer);
    Some((x, y, c.shape))
}
