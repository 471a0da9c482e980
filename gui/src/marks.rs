//! A player's own marks on the board, as on lichess: a right-drag from one
//! cell to another draws an arrow, a right-click on a cell a circle; with
//! Shift, Ctrl or Alt held the mark takes another colour; the same mark
//! again takes it away. A left click on the board or a move clears them
//! all. The marks belong to one position on screen (the window keys them
//! by the game's generation and the ply reviewed).
//!
//! [`draw_arrow`] is the one arrow painter of the board: from a cell to a
//! cell in a colour and a width, on any shape of board.

use rules_api::{Geometry, Rgba};
use sdl2::keyboard::Mod;
use sdl2::render::RenderTarget;

use crate::board::piece_radius;
use crate::layout::BoardLayout;
use crate::paint::Painter;
use crate::GuiError;

/// The colours of marks, by the modifier keys held.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MarkColour {
    /// No modifier.
    Green,
    /// Shift.
    Red,
    /// Ctrl or Alt.
    Blue,
    /// Shift with Ctrl or Alt.
    Yellow,
}

impl MarkColour {
    /// The colour the modifiers held choose.
    pub fn from_mods(mods: Mod) -> MarkColour {
        let shift = mods.intersects(Mod::LSHIFTMOD | Mod::RSHIFTMOD);
        let other = mods.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD | Mod::LALTMOD | Mod::RALTMOD);
        match (shift, other) {
            (false, false) => MarkColour::Green,
            (true, false) => MarkColour::Red,
            (false, true) => MarkColour::Blue,
            (true, true) => MarkColour::Yellow,
        }
    }

    /// The paint, translucent so the pieces show through.
    pub fn rgba(self) -> Rgba {
        match self {
            MarkColour::Green => Rgba { r: 21, g: 120, b: 27, a: 175 },
            MarkColour::Red => Rgba { r: 200, g: 30, b: 30, a: 175 },
            MarkColour::Blue => Rgba { r: 0, g: 60, b: 200, a: 175 },
            MarkColour::Yellow => Rgba { r: 230, g: 170, b: 0, a: 190 },
        }
    }

    /// Its name in the layout dump.
    pub fn word(self) -> &'static str {
        match self {
            MarkColour::Green => "green",
            MarkColour::Red => "red",
            MarkColour::Blue => "blue",
            MarkColour::Yellow => "yellow",
        }
    }
}

/// One mark: an arrow (`from` ≠ `to`) or a circle (`from` = `to`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Where the arrow starts (the circled cell).
    pub from: u16,
    /// Where the arrow points (the circled cell).
    pub to: u16,
    /// Its colour.
    pub colour: MarkColour,
}

/// The marks on the position on screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    marks: Vec<Mark>,
    /// The position they were drawn on: the game's generation and the ply
    /// reviewed.
    key: (u64, Option<usize>),
    /// A right button held since a press on this cell, with the colour
    /// chosen then.
    pressed: Option<(u16, MarkColour)>,
}

impl Marks {
    /// The marks, in the order drawn.
    pub fn list(&self) -> &[Mark] {
        &self.marks
    }

    /// Forgets the marks when the position on screen is another.
    pub fn follow(&mut self, key: (u64, Option<usize>)) -> bool {
        if self.key == key {
            return false;
        }
        self.key = key;
        self.pressed = None;
        let had = !self.marks.is_empty();
        self.marks.clear();
        had
    }

    /// Takes every mark away (a left click on the board).
    pub fn clear(&mut self) -> bool {
        let had = !self.marks.is_empty();
        self.marks.clear();
        had
    }

    /// The right button went down on `cell`.
    pub fn press(&mut self, cell: u16, colour: MarkColour) {
        self.pressed = Some((cell, colour));
    }

    /// The right button came up over `cell` (`None`: off the board): a
    /// circle where it went down, an arrow to another cell. True when a
    /// mark changed.
    pub fn release(&mut self, cell: Option<u16>) -> bool {
        let (Some((from, colour)), Some(to)) = (self.pressed.take(), cell) else { return false };
        self.toggle(Mark { from, to, colour });
        true
    }

    /// Adds `mark`, or takes it away when the same one is there; a mark on
    /// the same cells in another colour is recoloured.
    pub fn toggle(&mut self, mark: Mark) {
        match self.marks.iter().position(|m| m.from == mark.from && m.to == mark.to) {
            Some(i) if self.marks[i].colour == mark.colour => {
                self.marks.remove(i);
            }
            Some(i) => self.marks[i].colour = mark.colour,
            None => self.marks.push(mark),
        }
    }
}

/// The pixel centre of `cell`, if it is shown.
fn centre(layout: &BoardLayout, g: &Geometry, hidden: &[bool], cell: u16) -> Option<(f32, f32, rules_api::CellShape)> {
    if hidden.get(cell as usize).copied().unwrap_or(false) {
        return None;
    }
    let c = g.cells.get(cell as usize)?;
    let (x, y) = layout.to_screen(c.x, c.y, c.layer);
    Some((x, y, c.shape))
}

/// An arrow from cell `from` to cell `to` of the board `g` on screen, in
/// `colour`, `width` board units wide (a cell is 1): a shaft from the
/// origin's centre and a head ending on the target's centre. Cells that
/// are not shown draw nothing.
#[allow(clippy::too_many_arguments)]
pub fn draw_arrow<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    g: &Geometry,
    hidden: &[bool],
    from: u16,
    to: u16,
    colour: Rgba,
    width: f32,
) -> Result<(), GuiError> {
    let (Some((fx, fy, _)), Some((tx, ty, _))) = (centre(layout, g, hidden, from), centre(layout, g, hidden, to))
    else {
        return Ok(());
    };
    let s = layout.scale;
    let (dx, dy) = (tx - fx, ty - fy);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let head = (width * 2.9 * s).min(len * 0.6);
    let (bx, by) = (tx - ux * head, ty - uy * head);
    // The shaft starts a little off the origin's centre, so a piece there
    // stays readable.
    let (sx, sy) = (fx + ux * 0.2 * s, fy + uy * 0.2 * s);
    p.line(sx, sy, bx, by, width * s, colour)?;
    let (nx, ny) = (-uy * head * 0.6, ux * head * 0.6);
    p.fill_polygon(&[(tx, ty), (bx + nx, by + ny), (bx - nx, by - ny)], colour)
}

/// A circle around cell `cell` in `colour`, `width` board units thick.
#[allow(clippy::too_many_arguments)]
pub fn draw_circle<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    g: &Geometry,
    hidden: &[bool],
    cell: u16,
    colour: Rgba,
    width: f32,
) -> Result<(), GuiError> {
    let Some((x, y, shape)) = centre(layout, g, hidden, cell) else { return Ok(()) };
    let s = layout.scale;
    p.ring(x, y, (piece_radius(shape) + 0.04) * s, (width * s).max(2.0), colour)
}

/// Draws every mark over the board.
pub fn draw_marks<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    g: &Geometry,
    hidden: &[bool],
    marks: &Marks,
) -> Result<(), GuiError> {
    for m in marks.list() {
        if m.from == m.to {
            draw_circle(p, layout, g, hidden, m.from, m.colour.rgba(), 0.08)?;
        } else {
            draw_arrow(p, layout, g, hidden, m.from, m.to, m.colour.rgba(), 0.15)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_mark_again_takes_it_away_and_another_colour_recolours() {
        let mut marks = Marks::default();
        marks.press(3, MarkColour::Green);
        assert!(marks.release(Some(3)));
        marks.press(3, MarkColour::Green);
        marks.release(Some(9));
        assert_eq!(marks.list().len(), 2, "a circle and an arrow");
        marks.toggle(Mark { from: 3, to: 9, colour: MarkColour::Red });
        assert_eq!(marks.list()[1].colour, MarkColour::Red, "recoloured, not doubled");
        marks.toggle(Mark { from: 3, to: 9, colour: MarkColour::Red });
        marks.toggle(Mark { from: 3, to: 3, colour: MarkColour::Green });
        assert!(marks.list().is_empty());
        marks.press(1, MarkColour::Blue);
        assert!(!marks.release(None), "let go off the board: nothing");
        marks.toggle(Mark { from: 1, to: 1, colour: MarkColour::Blue });
        assert!(marks.follow((7, None)), "another position forgets them");
        assert!(marks.list().is_empty());
        assert_eq!(MarkColour::from_mods(Mod::LSHIFTMOD | Mod::LCTRLMOD), MarkColour::Yellow);
        assert_eq!(MarkColour::from_mods(Mod::RALTMOD), MarkColour::Blue);
    }
}
