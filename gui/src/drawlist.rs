//! A frame as the list of drawing operations that make it, and what
//! changed between two such lists.
//!
//! The painter records operations instead of drawing them; the window
//! compares a frame's list with the previous one's and redraws only the
//! rectangles the differing operations cover, inside a cached copy of the
//! window (the `compose` module). Inside such a rectangle every operation
//! that touches it is replayed in order, so its pixels are those of a
//! whole redraw; outside, the operations that touch a pixel are the same
//! ones in the same order as in the previous frame (the diff matches them
//! in order), so its pixels are too.

use std::time::{Duration, Instant};

use rules_api::Rgba;
use sdl2::pixels::Color;
use sdl2::rect::Rect;
use sdl2::render::{BlendMode, Canvas, RenderTarget};
use similar::algorithms::{myers, Capture};
use similar::DiffOp;

use super::textures::{TexRef, TextureCache};
use super::GuiError;

/// One drawing operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// The whole canvas filled.
    Clear(Rgba),
    /// A rectangle filled.
    Fill {
        /// The rectangle.
        rect: Rect,
        /// Its colour (blended unless opaque).
        color: Rgba,
    },
    /// Rectangles filled in one colour (a polygon's rows).
    Fills {
        /// The rectangles.
        rects: Vec<Rect>,
        /// The rectangle around them all.
        bounds: Rect,
        /// Their colour (blended unless opaque).
        color: Rgba,
    },
    /// A cached texture copied unscaled, blended, to `dst`.
    Copy {
        /// The texture.
        texture: TexRef,
        /// Where it goes (its own size).
        dst: Rect,
    },
}

impl Op {
    /// The pixels it may touch; `None`: the whole canvas.
    fn bounds(&self) -> Option<Rect> {
        match self {
            Op::Clear(_) => None,
            Op::Fill { rect, .. } => Some(*rect),
            Op::Fills { bounds, .. } => Some(*bounds),
            Op::Copy { dst, .. } => Some(*dst),
        }
    }

    fn touches(&self, clip: Option<Rect>) -> bool {
        match (clip, self.bounds()) {
            (Some(clip), Some(b)) => clip.has_intersection(b),
            _ => true,
        }
    }
}

/// The operations of one frame, in order.
#[derive(Clone, Debug, Default)]
pub struct DrawList {
    ops: Vec<Op>,
}

fn sdl(c: Rgba) -> Color {
    Color::RGBA(c.r, c.g, c.b, c.a)
}

fn set_color<T: RenderTarget>(canvas: &mut Canvas<T>, c: Rgba) {
    // Opaque fills skip the per-pixel blending path.
    canvas.set_blend_mode(if c.a == 255 { BlendMode::None } else { BlendMode::Blend });
    canvas.set_draw_color(sdl(c));
}

impl DrawList {
    /// Adds an operation.
    pub fn push(&mut self, op: Op) {
        self.ops.push(op);
    }

    /// Forgets the operations, keeping the memory.
    pub fn clear(&mut self) {
        self.ops.clear();
    }

    /// The operations, in order.
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// Draws the operations that touch `clip` (all of them: `None`) on
    /// `canvas`, clipped to it. A texture `textures` no longer keeps is an
    /// error: the list is replayed in the frame that recorded it.
    pub fn replay<T: RenderTarget>(
        &self,
        canvas: &mut Canvas<T>,
        textures: &TextureCache<T::Context>,
        clip: Option<Rect>,
    ) -> Result<(), GuiError> {
        canvas.set_clip_rect(clip);
        let result = self.ops.iter().filter(|op| op.touches(clip)).try_for_each(|op| match op {
            // SDL's clear ignores the clip rectangle.
            Op::Clear(c) => {
                set_color(canvas, *c);
                match clip {
                    Some(clip) => canvas.fill_rect(clip),
                    None => {
                        canvas.clear();
                        Ok(())
                    }
                }
            }
            Op::Fill { rect, color } => {
                set_color(canvas, *color);
                canvas.fill_rect(*rect)
            }
            Op::Fills { rects, color, .. } => {
                set_color(canvas, *color);
                canvas.fill_rects(rects)
            }
            Op::Copy { texture, dst } => match textures.texture(*texture) {
                Some(t) => canvas.copy(t, None, *dst),
                None => Err(format!("a texture of this frame was dropped before it was drawn ({texture:?})")),
            },
        });
        canvas.set_clip_rect(None);
        result.map_err(GuiError::Sdl)
    }
}

/// What must be redrawn of a cached frame to show a new one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Nothing: the frames are the same.
    Nothing,
    /// These rectangles (apart, inside the frame).
    Rects(Vec<Rect>),
    /// Everything.
    Whole,
}

impl Damage {
    /// How many pixels are redrawn in a frame of `size`.
    pub fn pixels(&self, size: (u32, u32)) -> u64 {
        match self {
            Damage::Nothing => 0,
            Damage::Rects(rects) => rects.iter().map(|r| u64::from(r.width()) * u64::from(r.height())).sum(),
            Damage::Whole => u64::from(size.0) * u64::from(size.1),
        }
    }
}

/// More separate rectangles than this are redrawn as the one around them.
const MAX_RECTS: usize = 8;
/// The share of the frame (in per cent) past which it is redrawn whole.
const WHOLE_PERCENT: u64 = 60;
/// The longest a comparison may take; past it the differing stretch is
/// taken coarser (still correct, just more redrawn).
const DIFF_DEADLINE: Duration = Duration::from_millis(3);

/// What differs between a frame of `size` drawn by `old` and one drawn by
/// `new`: the rectangles covered by operations only one of them has.
pub fn damage(old: &[Op], new: &[Op], size: (u32, u32)) -> Damage {
    let frame = Rect::new(0, 0, size.0.max(1), size.1.max(1));
    let mut diff = Capture::new();
    if let Err(never) = myers::diff_deadline(&mut diff, old, 0..old.len(), new, 0..new.len(), deadline()) {
        match never {}
    }
    let mut rects: Vec<Rect> = Vec::new();
    for op in diff.into_ops() {
        let (gone, came) = match op {
            DiffOp::Equal { .. } => continue,
            DiffOp::Delete { old_index, old_len, .. } => (old_index..old_index + old_len, 0..0),
            DiffOp::Insert { new_index, new_len, .. } => (0..0, new_index..new_index + new_len),
            DiffOp::Replace { old_index, old_len, new_index, new_len } => {
                (old_index..old_index + old_len, new_index..new_index + new_len)
            }
        };
        for op in old[gone].iter().chain(&new[came]) {
            match op.bounds() {
                None => return Damage::Whole,
                Some(b) => {
                    if let Some(b) = b.intersection(frame) {
                        add_rect(&mut rects, b);
                    }
                }
            }
        }
    }
    if rects.is_empty() {
        return Damage::Nothing;
    }
    if rects.len() > MAX_RECTS {
        let around = rects.iter().skip(1).fold(rects[0], |a, r| a.union(*r));
        rects = vec![around];
    }
    let area = Damage::Rects(rects.clone()).pixels(size);
    if area * 100 >= u64::from(frame.width()) * u64::from(frame.height()) * WHOLE_PERCENT {
        return Damage::Whole;
    }
    Damage::Rects(rects)
}

fn deadline() -> Option<Instant> {
    Instant::now().checked_add(DIFF_DEADLINE)
}

/// Adds `r` to `rects`, joining it with every rectangle it overlaps (and
/// those the joined one then overlaps), so the rectangles stay apart and
/// no pixel is redrawn twice.
fn add_rect(rects: &mut Vec<Rect>, mut r: Rect) {
    while let Some(i) = rects.iter().position(|o| o.has_intersection(r)) {
        r = r.union(rects.swap_remove(i));
    }
    rects.push(r);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(x: i32, y: i32, w: u32, h: u32) -> Op {
        Op::Fill { rect: Rect::new(x, y, w, h), color: Rgba::rgb(10, 20, 30) }
    }

    const SIZE: (u32, u32) = (1000, 800);

    #[test]
    fn the_same_frame_redraws_nothing() {
        let ops = vec![Op::Clear(Rgba::rgb(1, 2, 3)), fill(0, 0, 10, 10), fill(50, 50, 10, 10)];
        assert_eq!(damage(&ops, &ops, SIZE), Damage::Nothing);
    }

    #[test]
    fn a_changed_operation_redraws_where_it_was_and_where_it_is() {
        // A bar grows, a clock's text moves: the old and new places are redrawn.
        let old = vec![Op::Clear(Rgba::rgb(1, 2, 3)), fill(0, 0, 100, 100), fill(500, 500, 20, 10), fill(900, 0, 5, 5)];
        let mut new = old.clone();
        new[2] = fill(500, 500, 30, 10);
        new[3] = fill(900, 100, 5, 5);
        let Damage::Rects(mut rects) = damage(&old, &new, SIZE) else { panic!("rectangles expected") };
        rects.sort_by_key(|r| (r.x(), r.y()));
        assert_eq!(rects, vec![Rect::new(500, 500, 30, 10), Rect::new(900, 0, 5, 5), Rect::new(900, 100, 5, 5)]);
    }

    #[test]
    fn an_inserted_or_removed_operation_redraws_its_place_only() {
        let old = vec![fill(0, 0, 10, 10), fill(20, 0, 10, 10), fill(40, 0, 10, 10)];
        let new = vec![fill(0, 0, 10, 10), fill(300, 300, 4, 4), fill(20, 0, 10, 10), fill(40, 0, 10, 10)];
        assert_eq!(damage(&old, &new, SIZE), Damage::Rects(vec![Rect::new(300, 300, 4, 4)]));
        assert_eq!(damage(&new, &old, SIZE), Damage::Rects(vec![Rect::new(300, 300, 4, 4)]));
    }

    #[test]
    fn overlapping_places_join_and_large_changes_redraw_everything() {
        let old = vec![fill(0, 0, 10, 10)];
        let new = vec![fill(5, 5, 10, 10)];
        assert_eq!(damage(&old, &new, SIZE), Damage::Rects(vec![Rect::new(0, 0, 15, 15)]));
        // A new background colour, or most of the window changed.
        let clear = vec![Op::Clear(Rgba::rgb(0, 0, 0))];
        assert_eq!(damage(&clear, &[Op::Clear(Rgba::rgb(9, 9, 9))], SIZE), Damage::Whole);
        assert_eq!(damage(&old, &[fill(0, 0, 900, 700)], SIZE), Damage::Whole);
    }

    #[test]
    fn many_small_changes_redraw_the_rectangle_around_them() {
        let old: Vec<Op> = (0..20).map(|i| fill(i * 40, 0, 10, 10)).collect();
        let new: Vec<Op> = (0..20).map(|i| fill(i * 40, 0, 10, 11)).collect();
        assert_eq!(damage(&old, &new, SIZE), Damage::Rects(vec![Rect::new(0, 0, 770, 11)]));
    }

    #[test]
    fn places_off_the_frame_are_not_redrawn() {
        let old = vec![fill(0, 0, 10, 10)];
        let new = vec![fill(0, 0, 10, 10), fill(2000, 2000, 10, 10)];
        assert_eq!(damage(&old, &new, SIZE), Damage::Nothing);
    }
}
