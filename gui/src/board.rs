//! The generic board renderer: cells, lines, marks, labels, highlights and
//! pieces, drawn only from the rules plugin's geometry, game information
//! and position — never from knowledge of a particular game.

use rules_api::{CellShape, GameInfo, Geometry, Highlight, HighlightKind, MarkKind, Move, Piece, Rgba, CELL_NONE};
use sdl2::render::RenderTarget;

use super::fonts::Style;
use super::image::Image;
use super::layout::BoardLayout;
use super::paint::{Anchor, Painter};
use super::raster;
use super::theme;
use super::GuiError;

/// Everything drawn on the board in one frame.
#[derive(Clone, Copy, Debug)]
pub struct BoardScene<'a> {
    /// The board.
    pub geometry: &'a Geometry,
    /// Players and piece types.
    pub info: &'a GameInfo,
    /// The pieces on the board.
    pub pieces: &'a [Piece],
    /// The plugin's highlights (check, winning line, forbidden points).
    pub highlights: &'a [Highlight],
    /// The move that led to this position.
    pub last_move: Option<Move>,
    /// The cell of the piece the player picked up.
    pub selected: Option<u16>,
    /// Where the selected piece may go (or where a stone may be placed).
    pub targets: &'a [u16],
    /// A suggested move, drawn as an arrow (or a ring for a placement).
    pub hint: Option<Move>,
    /// A piece being dragged: its cell and the pointer position in pixels.
    pub dragging: Option<(u16, f32, f32)>,
    /// A piece sliding to the cell: the cell, the piece and where it is now
    /// in pixels (the piece on the cell is not drawn meanwhile).
    pub sliding: Option<(u16, Piece, f32, f32)>,
}

impl<'a> BoardScene<'a> {
    /// A plain scene: the pieces and highlights, nothing selected.
    pub fn plain(geometry: &'a Geometry, info: &'a GameInfo, pieces: &'a [Piece], highlights: &'a [Highlight]) -> Self {
        BoardScene {
            geometry,
            info,
            pieces,
            highlights,
            last_move: None,
            selected: None,
            targets: &[],
            hint: None,
            dragging: None,
            sliding: None,
        }
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

fn is_filled(shape: CellShape) -> bool {
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
fn tint_cell<T: RenderTarget>(
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

/// Draws the empty board: backgrounds, cells, lines, marks and labels.
pub fn draw_empty_board<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    g: &Geometry,
) -> Result<(), GuiError> {
    let s = layout.scale;
    for layer in 0..g.layers.max(1) {
        let a = layout.layer_area(layer);
        p.fill_rect(a.x, a.y, a.w, a.h, g.background)?;
    }
    for c in g.cells.iter() {
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
/// with the type's glyph in ink; stones (no glyph) get a darker rim. The
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
    p.sprite(&id, || piece_image(fonts, fill, ink, glyph, radius), x, y)
}

/// The radius of a piece standing on a square, as a fraction of the square
/// (piece art fills the whole square).
const ART_RADIUS: f32 = 0.42;

/// Whether the piece type has art for `owner` or a glyph (rather than
/// being a plain stone).
fn has_face(info: &GameInfo, owner: u8, kind: u16) -> bool {
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
    // Size the glyph by its visible ink, which differs between symbols and characters.
    let extent = radius * 1.12;
    let (x0, y0, x1, y1) = raster::ink_box(&fonts.rasterize(glyph, 100.0, Style::Glyph, ink));
    let ratio = ((x1 - x0).max(y1 - y0) as f32 / 100.0).max(0.2);
    let text = fonts.rasterize(glyph, (extent / ratio).round().max(1.0), Style::Glyph, ink);
    let (x0, y0, x1, y1) = raster::ink_box(&text);
    let (gx, gy) = ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0);
    raster::composite(&mut image, &text, (c - gx).round() as i32, (c - gy).round() as i32);
    (image, (c, c))
}

fn cell_center(layout: &BoardLayout, g: &Geometry, cell: u16) -> Option<(f32, f32, CellShape)> {
    let c = g.cells.get(cell as usize)?;
    let (x, y) = layout.to_screen(c.x, c.y, c.layer);
    Some((x, y, c.shape))
}

/// Draws the whole scene: the board, then marks under the pieces, the
/// pieces, then marks over them.
pub fn draw_board<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    scene: &BoardScene,
) -> Result<(), GuiError> {
    let g = scene.geometry;
    let s = layout.scale;
    draw_empty_board(p, layout, g)?;
    draw_under_pieces(p, layout, scene)?;
    for piece in scene.pieces {
        if scene.dragging.is_some_and(|(cell, _, _)| cell == piece.cell)
            || scene.sliding.is_some_and(|(cell, ..)| cell == piece.cell)
        {
            continue;
        }
        if let Some((x, y, shape)) = cell_center(layout, g, piece.cell) {
            draw_piece(p, scene.info, piece.owner, piece.kind, x, y, piece_radius(shape) * s)?;
        }
    }
    draw_over_pieces(p, layout, scene)?;
    if let Some(m) = scene.hint {
        draw_hint(p, layout, g, m)?;
    }
    if let Some((cell, piece, px, py)) = scene.sliding {
        if let Some((_, _, shape)) = cell_center(layout, g, cell) {
            draw_piece(p, scene.info, piece.owner, piece.kind, px, py, piece_radius(shape) * s)?;
        }
    }
    if let Some((cell, px, py)) = scene.dragging {
        if let (Some(piece), Some((_, _, shape))) =
            (scene.pieces.iter().find(|pc| pc.cell == cell), cell_center(layout, g, cell))
        {
            draw_piece(p, scene.info, piece.owner, piece.kind, px, py, piece_radius(shape) * s * 1.08)?;
        }
    }
    Ok(())
}

/// The marks under the pieces: the last move and the selection as cell
/// tints, and check.
fn draw_under_pieces<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    scene: &BoardScene,
) -> Result<(), GuiError> {
    let (g, s) = (scene.geometry, layout.scale);
    if let Some(m) = scene.last_move {
        for cell in [m.from, m.to] {
            if let Some((x, y, shape)) = cell_center(layout, g, cell) {
                if is_filled(shape) {
                    tint_cell(p, layout, g, cell, theme::LAST_MOVE)?;
                } else if cell == m.from {
                    p.ring(x, y, 0.2 * s, (0.05 * s).max(1.5), theme::LAST_MOVE_STRONG)?;
                }
            }
        }
    }
    if let Some(cell) = scene.selected {
        if let Some((_, _, shape)) = cell_center(layout, g, cell) {
            if is_filled(shape) {
                tint_cell(p, layout, g, cell, theme::SELECTED)?;
            }
        }
    }
    for h in scene.highlights {
        if h.kind == HighlightKind::CHECK {
            if let Some((x, y, _)) = cell_center(layout, g, h.cell) {
                p.disc(x, y, 0.52 * s, theme::CHECK, Rgba::TRANSPARENT, 0.0)?;
            }
        }
    }
    Ok(())
}

/// Four corner brackets around a piece on a board of points: the last
/// move marked without covering the piece's face.
fn draw_brackets<T: RenderTarget>(p: &mut Painter<T>, x: f32, y: f32, r: f32, s: f32) -> Result<(), GuiError> {
    let arm = r * 0.45;
    let w = (0.05 * s).max(2.0);
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let (cx, cy) = (x + dx * r, y + dy * r);
        p.line(cx, cy, cx - dx * arm, cy, w, theme::LAST_MOVE_STRONG)?;
        p.line(cx, cy, cx, cy - dy * arm, w, theme::LAST_MOVE_STRONG)?;
    }
    Ok(())
}

/// The marks over the pieces: the last move and the selection on boards of
/// points, the plugin's highlights, and the targets of the selected piece.
fn draw_over_pieces<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    scene: &BoardScene,
) -> Result<(), GuiError> {
    let (g, s) = (scene.geometry, layout.scale);
    if let Some(m) = scene.last_move {
        if let Some((x, y, shape)) = cell_center(layout, g, m.to) {
            let piece = scene.pieces.iter().find(|pc| pc.cell == m.to);
            let faced = piece.is_some_and(|pc| has_face(scene.info, pc.owner, pc.kind));
            if faced && !is_filled(shape) {
                draw_brackets(p, x, y, (piece_radius(shape) + 0.06) * s, s)?;
            } else if !is_filled(shape) {
                // A plain stone: a small dot on it, as stone games mark the last move.
                p.disc(x, y, 0.1 * s, theme::LAST_MOVE_DOT, Rgba::TRANSPARENT, 0.0)?;
            }
        }
    }
    if let Some(cell) = scene.selected {
        if let Some((x, y, shape)) = cell_center(layout, g, cell) {
            if !is_filled(shape) {
                p.ring(x, y, (piece_radius(shape) + 0.05) * s, (0.07 * s).max(2.0), theme::SELECTED_RING)?;
            }
        }
    }
    for h in scene.highlights {
        let Some((x, y, shape)) = cell_center(layout, g, h.cell) else { continue };
        match h.kind {
            HighlightKind::CHECK => {
                p.ring(x, y, (piece_radius(shape) + 0.05) * s, (0.07 * s).max(2.5), theme::CHECK_RING)?
            }
            HighlightKind::WIN => p.ring(x, y, (piece_radius(shape) + 0.04) * s, (0.08 * s).max(2.0), theme::WIN)?,
            HighlightKind::NOTE => p.ring(x, y, (piece_radius(shape) + 0.04) * s, (0.06 * s).max(2.0), theme::NOTE)?,
            HighlightKind::TERRITORY => {
                let fill = scene.info.players.get(h.player as usize).map_or(theme::NOTE, |pl| pl.color);
                let d = 0.16 * s;
                p.fill_rect(x - d, y - d, 2.0 * d, 2.0 * d, fill)?;
                p.frame_rect(x - d, y - d, 2.0 * d, 2.0 * d, 1.0, theme::rim_for(fill))?;
            }
            HighlightKind::DEAD => {
                // Veil the dead piece in the board's colour and cross it out.
                let veil = Rgba { a: 150, ..scene.geometry.background };
                p.disc(x, y, piece_radius(shape) * s, veil, Rgba::TRANSPARENT, 0.0)?;
                let d = 0.2 * s;
                let w = (0.06 * s).max(1.5);
                p.line(x - d, y - d, x + d, y + d, w, theme::FORBIDDEN)?;
                p.line(x - d, y + d, x + d, y - d, w, theme::FORBIDDEN)?;
            }
            HighlightKind::FORBIDDEN => {
                let d = 0.14 * s;
                let w = (0.05 * s).max(1.5);
                p.line(x - d, y - d, x + d, y + d, w, theme::FORBIDDEN)?;
                p.line(x - d, y + d, x + d, y - d, w, theme::FORBIDDEN)?;
            }
            _ => {}
        }
    }
    let occupied = |cell: u16| scene.pieces.iter().any(|pc| pc.cell == cell);
    for &cell in scene.targets {
        if let Some((x, y, shape)) = cell_center(layout, g, cell) {
            if occupied(cell) {
                p.ring(x, y, (piece_radius(shape) + 0.05) * s, (0.07 * s).max(2.0), theme::TARGET)?;
            } else {
                p.disc(x, y, 0.14 * s, theme::TARGET, Rgba::TRANSPARENT, 0.0)?;
            }
        }
    }
    Ok(())
}

/// An arrow from the move's origin to its target, or a ring on the target
/// of a placement.
fn draw_hint<T: RenderTarget>(p: &mut Painter<T>, layout: &BoardLayout, g: &Geometry, m: Move) -> Result<(), GuiError> {
    let s = layout.scale;
    let Some((tx, ty, shape)) = cell_center(layout, g, m.to) else { return Ok(()) };
    let from = if m.from == CELL_NONE { None } else { cell_center(layout, g, m.from) };
    let Some((fx, fy, _)) = from else {
        return p.ring(tx, ty, (piece_radius(shape) + 0.06) * s, (0.1 * s).max(2.0), theme::HINT);
    };
    let (dx, dy) = (tx - fx, ty - fy);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let head = 0.38 * s;
    let (bx, by) = (tx - ux * head, ty - uy * head);
    p.line(fx, fy, bx, by, 0.13 * s, theme::HINT)?;
    let (nx, ny) = (-uy * head * 0.55, ux * head * 0.55);
    p.fill_polygon(&[(tx, ty), (bx + nx, by + ny), (bx - nx, by - ny)], theme::HINT)
}
