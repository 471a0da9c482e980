//! One frame of the board: the empty board, marks under the pieces, the
//! pieces, the texts on cells, marks over them (highlights, the move being
//! clicked, its next cells), the hint and the moving piece. Everything
//! comes from the [`BoardScene`]: no game knowledge.

use rules_api::{HighlightKind, Move, Rgba, CELL_NONE};
use sdl2::render::RenderTarget;

use super::board::{
    cell_center, draw_empty_board, draw_piece, has_face, is_filled, piece_radius, tint_cell, BoardScene,
};
use super::fonts::Style;
use super::layout::BoardLayout;
use super::paint::{Anchor, Painter};
use super::theme;
use super::GuiError;

/// Draws the whole scene: the board, then marks under the pieces, the
/// pieces and their texts, then marks over them.
pub fn draw_board<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    scene: &BoardScene,
) -> Result<(), GuiError> {
    let s = layout.scale;
    draw_empty_board(p, layout, scene.geometry, scene.hidden)?;
    draw_under_pieces(p, layout, scene)?;
    for piece in scene.pieces {
        if scene.dragging.is_some_and(|(cell, _, _)| cell == piece.cell)
            || scene.sliding.is_some_and(|(cell, ..)| cell == piece.cell)
        {
            continue;
        }
        if let Some((x, y, shape)) = scene.centre(layout, piece.cell) {
            draw_piece(p, scene.info, piece.owner, piece.kind, x, y, piece_radius(shape) * s)?;
        }
    }
    draw_texts(p, layout, scene)?;
    draw_over_pieces(p, layout, scene)?;
    draw_clicks(p, layout, scene)?;
    if let Some(m) = scene.hint {
        draw_hint(p, layout, scene, m)?;
    }
    if let Some((cell, piece, px, py)) = scene.sliding {
        if let Some((_, _, shape)) = cell_center(layout, scene.geometry, cell) {
            draw_piece(p, scene.info, piece.owner, piece.kind, px, py, piece_radius(shape) * s)?;
        }
    }
    if let Some((cell, px, py)) = scene.dragging {
        if let (Some(piece), Some((_, _, shape))) =
            (scene.pieces.iter().find(|pc| pc.cell == cell), scene.centre(layout, cell))
        {
            draw_piece(p, scene.info, piece.owner, piece.kind, px, py, piece_radius(shape) * s * 1.08)?;
        }
    }
    Ok(())
}

/// The marks under the pieces: the last move and the cells clicked as
/// cell tints, and check.
fn draw_under_pieces<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    scene: &BoardScene,
) -> Result<(), GuiError> {
    let (g, s) = (scene.geometry, layout.scale);
    for &cell in scene.fog {
        if scene.shown(cell) {
            tint_cell(p, layout, g, cell, theme::FOG)?;
        }
    }
    if let Some(m) = scene.last_move {
        for cell in [m.from, m.to] {
            if let Some((x, y, shape)) = scene.centre(layout, cell) {
                if is_filled(shape) {
                    tint_cell(p, layout, g, cell, theme::LAST_MOVE)?;
                } else if cell == m.from {
                    // Round a text (a pit's seeds), not through it.
                    let r = if scene.has_text(cell) { piece_radius(shape) } else { 0.2 };
                    p.ring(x, y, r * s, (0.05 * s).max(1.5), theme::LAST_MOVE_STRONG)?;
                }
            }
        }
    }
    for &cell in scene.clicked {
        if let Some((_, _, shape)) = scene.centre(layout, cell) {
            if is_filled(shape) {
                tint_cell(p, layout, g, cell, theme::SELECTED)?;
            }
        }
    }
    for h in scene.highlights {
        if h.kind == HighlightKind::CHECK {
            if let Some((x, y, _)) = scene.centre(layout, h.cell) {
                p.disc(x, y, 0.52 * s, theme::CHECK, Rgba::TRANSPARENT, 0.0)?;
            }
        }
    }
    Ok(())
}

/// The texts on cells (seeds, stack heights, dice), centred, in the ink
/// of the piece they stand on or in a colour that reads on the cell.
fn draw_texts<T: RenderTarget>(p: &mut Painter<T>, layout: &BoardLayout, scene: &BoardScene) -> Result<(), GuiError> {
    let s = layout.scale;
    for t in scene.texts {
        let Some((x, y, shape)) = scene.centre(layout, t.cell) else { continue };
        let piece = scene.pieces.iter().find(|pc| pc.cell == t.cell);
        let color = match piece.and_then(|pc| scene.info.players.get(pc.owner as usize)) {
            Some(player) => player.ink,
            None if is_filled(shape) || shape == rules_api::CellShape::CIRCLE => {
                theme::contrasting(scene.geometry.cells[t.cell as usize].color)
            }
            None => theme::contrasting(scene.geometry.background),
        };
        let chars = t.text.chars().count();
        let size = s * if chars <= 2 { 0.46 } else { 0.9 / chars as f32 };
        p.text(t.text.as_str(), size.max(8.0), Style::Bold, color, x, y, Anchor::Center)?;
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

/// The marks over the pieces: the last move on boards of points and the
/// plugin's highlights.
fn draw_over_pieces<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    scene: &BoardScene,
) -> Result<(), GuiError> {
    let s = layout.scale;
    if let Some(m) = scene.last_move {
        if let Some((x, y, shape)) = scene.centre(layout, m.to) {
            let piece = scene.pieces.iter().find(|pc| pc.cell == m.to);
            let faced = piece.is_some_and(|pc| has_face(scene.info, pc.owner, pc.kind));
            // A face or a text (a count) keeps its middle clear: brackets.
            if (faced || scene.has_text(m.to)) && !is_filled(shape) {
                draw_brackets(p, x, y, (piece_radius(shape) + 0.06) * s, s)?;
            } else if !is_filled(shape) {
                // A plain stone: a small dot on it, as stone games mark the last move.
                p.disc(x, y, 0.1 * s, theme::LAST_MOVE_DOT, Rgba::TRANSPARENT, 0.0)?;
            }
        }
    }
    for h in scene.highlights {
        let Some((x, y, shape)) = scene.centre(layout, h.cell) else { continue };
        let r = piece_radius(shape) * s;
        match h.kind {
            HighlightKind::CHECK => p.ring(x, y, r + 0.05 * s, (0.07 * s).max(2.5), theme::CHECK_RING)?,
            HighlightKind::WIN => p.ring(x, y, r + 0.04 * s, (0.08 * s).max(2.0), theme::WIN)?,
            HighlightKind::NOTE => p.ring(x, y, r + 0.04 * s, (0.06 * s).max(2.0), theme::NOTE)?,
            HighlightKind::TERRITORY => {
                let fill = scene.info.players.get(h.player as usize).map_or(theme::NOTE, |pl| pl.color);
                let d = 0.16 * s;
                p.fill_rect(x - d, y - d, 2.0 * d, 2.0 * d, fill)?;
                p.frame_rect(x - d, y - d, 2.0 * d, 2.0 * d, 1.0, theme::rim_for(fill))?;
            }
            HighlightKind::DEAD => {
                // Veil the dead piece in the board's colour and cross it out.
                let veil = Rgba { a: 150, ..scene.geometry.background };
                p.disc(x, y, r, veil, Rgba::TRANSPARENT, 0.0)?;
                cross(p, x, y, 0.2 * s, (0.06 * s).max(1.5))?;
            }
            HighlightKind::FORBIDDEN => cross(p, x, y, 0.14 * s, (0.05 * s).max(1.5))?,
            _ => {}
        }
    }
    Ok(())
}

fn cross<T: RenderTarget>(p: &mut Painter<T>, x: f32, y: f32, d: f32, w: f32) -> Result<(), GuiError> {
    p.line(x - d, y - d, x + d, y + d, w, theme::FORBIDDEN)?;
    p.line(x - d, y + d, x + d, y - d, w, theme::FORBIDDEN)
}

/// The move being clicked: rings on the cells clicked (numbered when
/// there are several), a double ring where it may end, the next cells as
/// dots (rings around pieces), and a fainter preview of where the piece
/// under the pointer could go.
fn draw_clicks<T: RenderTarget>(p: &mut Painter<T>, layout: &BoardLayout, scene: &BoardScene) -> Result<(), GuiError> {
    let s = layout.scale;
    let occupied = |cell: u16| scene.pieces.iter().any(|pc| pc.cell == cell);
    for &cell in scene.preview {
        if let Some((x, y, shape)) = scene.centre(layout, cell) {
            if occupied(cell) {
                p.ring(x, y, (piece_radius(shape) + 0.05) * s, (0.04 * s).max(1.5), theme::PREVIEW)?;
            } else {
                p.disc(x, y, 0.1 * s, theme::PREVIEW, Rgba::TRANSPARENT, 0.0)?;
            }
        }
    }
    for (k, &cell) in scene.clicked.iter().enumerate() {
        let Some((x, y, shape)) = scene.centre(layout, cell) else { continue };
        if !is_filled(shape) {
            p.ring(x, y, (piece_radius(shape) + 0.05) * s, (0.07 * s).max(2.0), theme::SELECTED_RING)?;
        }
        if scene.clicked.len() > 1 {
            // The order of the clicks, in a corner of the cell.
            let (bx, by) = (x - 0.3 * s, y - 0.3 * s);
            p.disc(bx, by, 0.15 * s, theme::SELECTED_RING, Rgba::TRANSPARENT, 0.0)?;
            let label = (k + 1).to_string();
            p.text(&label, (0.22 * s).max(8.0), Style::Bold, Rgba::rgb(255, 255, 255), bx, by, Anchor::Center)?;
        }
    }
    if let Some((x, y, shape)) = scene.end_here.and_then(|c| scene.centre(layout, c)) {
        let r = (piece_radius(shape) + 0.02) * s;
        let w = (0.05 * s).max(2.0);
        p.ring(x, y, r, w, theme::END_HERE)?;
        p.ring(x, y, r - 2.5 * w, w, theme::END_HERE)?;
    }
    for &cell in scene.targets {
        if let Some((x, y, shape)) = scene.centre(layout, cell) {
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
fn draw_hint<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    scene: &BoardScene,
    m: Move,
) -> Result<(), GuiError> {
    let s = layout.scale;
    let Some((tx, ty, shape)) = scene.centre(layout, m.to) else { return Ok(()) };
    let from = if m.from == CELL_NONE { None } else { scene.centre(layout, m.from) };
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
