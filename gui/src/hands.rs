//! Pieces in hand (drop games): a strip beside the board, the top player's
//! hand at its top and the bottom player's at its bottom, one place per
//! kind the plugin lists (zero counts included, so nothing moves when the
//! first piece arrives). A click on a hand piece picks it up; a click on a
//! square then drops it. No game knowledge: kinds, owners and counts come
//! from the position's hand list.

use rules_api::{CellShape, GameInfo, Geometry, HandPiece, Move, Rgba, CELL_NONE};
use sdl2::render::RenderTarget;

use super::board::{draw_piece, piece_radius};
use super::controls::{Action, Hits};
use super::fonts::Style;
use super::layout::{Area, BoardLayout};
use super::paint::{Anchor, Painter};
use super::theme;
use super::GuiError;

/// The width of the strip, in squares of the board.
const STRIP: f32 = 1.3;

/// Half the width of a coordinate label, in squares (the board draws
/// them 0.3 of a square high; one or two characters).
const LABEL_HALF_WIDTH: f32 = 0.3;

/// The board's share of `area` when hands are shown beside it: the strip
/// is taken from the right, about [`STRIP`] squares wide.
pub fn board_area(area: Area, geometry: &Geometry) -> Area {
    let (mut x0, mut x1, mut y0, mut y1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for c in geometry.cells.iter() {
        (x0, x1, y0, y1) = (x0.min(c.x), x1.max(c.x), y0.min(c.y), y1.max(c.y));
    }
    let (cols, rows) = ((x1 - x0 + 1.0).max(1.0), (y1 - y0 + 1.0).max(1.0));
    let square = (area.w / (cols + STRIP + 0.6)).min(area.h / (rows + 0.6));
    Area { w: (area.w - STRIP * square).max(area.w * 0.5), ..area }
}

/// One place in a hand, in pixels.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Slot {
    /// The pieces held there.
    pub hand: HandPiece,
    /// Centre.
    pub x: f32,
    /// Centre.
    pub y: f32,
    /// The distance between neighbouring places.
    pub pitch: f32,
}

/// Where each listed hand goes, beside the board `layout` draws.
pub fn slots(layout: &BoardLayout, geometry: &Geometry, hands: &[HandPiece]) -> Vec<Slot> {
    let (mut right, mut top, mut bottom) = (f32::MIN, f32::MAX, f32::MIN);
    for c in geometry.cells.iter() {
        let (x, y) = layout.to_screen(c.x, c.y, c.layer);
        (right, top, bottom) = (right.max(x), top.min(y), bottom.max(y));
    }
    let s = layout.scale;
    let (top, bottom) = (top - 0.5 * s, bottom + 0.5 * s);
    // Labels beside the last file (shogi's ranks) stay clear of the hands.
    let mut edge = right + 0.5 * s;
    for l in geometry.labels.iter() {
        let (x, y) = layout.to_screen(l.x, l.y, l.layer);
        if x > right && (top..=bottom).contains(&y) {
            edge = edge.max(x + LABEL_HALF_WIDTH * s);
        }
    }
    // The player whose pieces start at the bottom of the screen.
    let low = if layout.flipped { 1 } else { 0 };
    let count = |o: u8| hands.iter().filter(|h| h.owner == o).count();
    let places = (count(0) + count(1)).max(1) as f32;
    let pitch = s.min((bottom - top) / places);
    let x = edge + 0.15 * s + 0.5 * pitch;
    let mut out = Vec::with_capacity(hands.len());
    for owner in 0..2u8 {
        let here = hands.iter().filter(|h| h.owner == owner);
        for (i, h) in here.enumerate() {
            let offset = (i as f32 + 0.5) * pitch;
            let y = if owner == low { bottom - offset } else { top + offset };
            out.push(Slot { hand: *h, x, y, pitch });
        }
    }
    out
}

/// The legal drops of `kind` (type index) for the player to move.
pub fn drops_of(legal: &[Move], kind: u16) -> impl Iterator<Item = &Move> {
    legal.iter().filter(move |m| m.from == CELL_NONE && m.to != CELL_NONE && m.extra == kind + 1)
}

/// Draws the hands; the held kinds of `mover` that can be dropped now
/// become clickable (`pickable`), and `picked` is ringed.
pub fn draw<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    info: &GameInfo,
    slots: &[Slot],
    pickable: &[u16],
    picked: Option<u16>,
    mover: u8,
) -> Result<(), GuiError> {
    for slot in slots {
        let (h, x, y) = (slot.hand, slot.x, slot.y);
        let r = piece_radius(CellShape::SQUARE) * slot.pitch;
        if h.count == 0 {
            draw_empty_place(p, info, h, x, y, r)?;
            continue;
        }
        draw_piece(p, info, h.owner, h.kind, x, y, r)?;
        if h.count > 1 {
            let px = (slot.pitch * 0.32).max(10.0);
            let (bx, by) = (x + r * 0.8, y + r * 0.8);
            p.disc(bx, by, px * 0.62, theme::WINDOW, theme::TEXT_DIM, 1.0)?;
            p.text(&h.count.to_string(), px, Style::Regular, theme::TEXT, bx, by, Anchor::Center)?;
        }
        if h.owner == mover && picked == Some(h.kind) {
            p.ring(x, y, r + 0.06 * slot.pitch, (0.07 * slot.pitch).max(2.0), theme::SELECTED_RING)?;
        }
        if h.owner == mover && pickable.contains(&h.kind) {
            let half = slot.pitch / 2.0;
            hits.add(Area { x: x - half, y: y - half, w: slot.pitch, h: slot.pitch }, Action::PickHand(h.kind));
        }
    }
    Ok(())
}

/// A place in a hand holding none of its kind: a faint outline with the
/// kind's letter, so the strip says which piece goes where before any is
/// taken.
fn draw_empty_place<T: RenderTarget>(
    p: &mut Painter<T>,
    info: &GameInfo,
    h: HandPiece,
    x: f32,
    y: f32,
    r: f32,
) -> Result<(), GuiError> {
    let dim = Rgba { a: 150, ..theme::TEXT_DIM };
    p.ring(x, y, r * 0.8, (r * 0.05).max(1.0), dim)?;
    let kind = info.piece_types.get(h.kind as usize);
    let glyph = kind.and_then(|t| t.glyphs.get(h.owner as usize)).map(|g| g.as_str()).filter(|g| !g.is_empty());
    let letter = kind.and_then(|t| t.letters.get(h.owner as usize)).map(|g| g.as_str());
    if let Some(text) = glyph.or(letter).filter(|t| !t.is_empty()) {
        p.text(text, r * 0.9, Style::Glyph, dim, x, y, Anchor::Center)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::Cell;

    fn grid(files: u16, ranks: u16) -> Geometry {
        let cells: Vec<Cell> = (0..files * ranks)
            .map(|i| Cell {
                x: (i % files) as f32,
                y: (i / files) as f32,
                layer: 0,
                shape: CellShape::SQUARE,
                color: Rgba::rgb(1, 2, 3),
                name: format!("c{i}").into(),
            })
            .collect();
        Geometry {
            cells: cells.into(),
            lines: Default::default(),
            marks: Default::default(),
            labels: Default::default(),
            background: Rgba::rgb(0, 0, 0),
            layers: 1,
        }
    }

    fn hand(owner: u8, kind: u16, count: u16) -> HandPiece {
        HandPiece { owner, kind, count }
    }

    #[test]
    fn hands_sit_beside_the_board_each_at_its_owners_side() {
        let g = grid(9, 9);
        let area = Area { x: 0.0, y: 0.0, w: 800.0, h: 600.0 };
        let inner = board_area(area, &g);
        assert!(inner.w < area.w && inner.h == area.h, "{inner:?}");
        let layout = BoardLayout::new(&g, inner, false);
        let hands: Vec<HandPiece> = (0..2).flat_map(|o| (0..7).map(move |k| hand(o, k, k % 3))).collect();
        let slots = slots(&layout, &g, &hands);
        assert_eq!(slots.len(), 14);
        let (right, _) = layout.to_screen(8.0, 0.0, 0);
        for s in &slots {
            assert!(s.x > right + layout.scale * 0.5 && s.x + s.pitch / 2.0 <= area.w + 0.5, "{s:?} beside {right}");
            assert!(s.pitch <= layout.scale && s.pitch > layout.scale * 0.5, "{s:?}");
        }
        // Geometry y grows downwards on screen here, and the first player
        // sits at the bottom unless the board is turned.
        let first: Vec<f32> = slots.iter().filter(|s| s.hand.owner == 0).map(|s| s.y).collect();
        let second: Vec<f32> = slots.iter().filter(|s| s.hand.owner == 1).map(|s| s.y).collect();
        assert!(first.iter().all(|a| second.iter().all(|b| a > b)), "{first:?} below {second:?}");
        let turned = slots_for(&g, inner, true, &hands);
        assert!(turned.iter().filter(|s| s.hand.owner == 0).all(|s| s.y < 300.0));
        let mut ys: Vec<f32> = slots.iter().map(|s| s.y).collect();
        ys.sort_by(f32::total_cmp);
        assert!(ys.windows(2).all(|w| w[1] - w[0] >= slots[0].pitch - 0.01), "no two places overlap: {ys:?}");
    }

    fn slots_for(g: &Geometry, area: Area, flipped: bool, hands: &[HandPiece]) -> Vec<Slot> {
        slots(&BoardLayout::new(g, area, flipped), g, hands)
    }

    #[test]
    fn drops_are_matched_by_kind() {
        let legal = [Move::drop(2, 5), Move::drop(0, 5), Move::new(1, 5), Move::drop(2, 7)];
        let to: Vec<u16> = drops_of(&legal, 2).map(|m| m.to).collect();
        assert_eq!(to, vec![5, 7]);
        assert_eq!(drops_of(&legal, 1).count(), 0);
    }
}
