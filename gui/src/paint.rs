//! Drawing primitives for any SDL2 canvas (a window or a software
//! surface), recorded as a [`DrawList`] and drawn by its owner, with the
//! textures made from text and discs kept in a [`TextureCache`].
//!
//! Text and discs are rasterised once per size and colour into textures;
//! the keys include the pixel size, so after a resize the glyphs are drawn
//! afresh at the new size (sharp, never scaled) and the old ones expire.

use rules_api::Rgba;
use sdl2::rect::Rect;
use sdl2::render::RenderTarget;

use super::drawlist::{DrawList, Op};
use super::fonts::{Fonts, Style};
use super::image::Image;
use super::raster::{self, ink_box, Span};
use super::textures::Key;
pub use super::textures::TextureCache;
use super::GuiError;

/// Where a text's anchor point lies in its box.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The anchor is the box's top-left corner.
    TopLeft,
    /// The anchor is the box's centre.
    Center,
    /// The anchor is the middle of the box's left edge.
    MidLeft,
    /// The anchor is the top-right corner.
    TopRight,
    /// The anchor is the middle of the box's right edge.
    MidRight,
}

/// Draws one frame for a canvas of type `T`: records what is drawn in a
/// [`DrawList`], with the textures it needs made in the canvas's cache.
pub struct Painter<'a, 'r, T: RenderTarget> {
    list: &'a mut DrawList,
    cache: &'a mut TextureCache<'r, T::Context>,
    /// The fonts.
    pub fonts: &'static Fonts,
}

/// Rounds to quarter pixels for cache keys.
fn q(v: f32) -> u32 {
    (v.max(0.0) * 4.0).round() as u32
}

impl<'a, 'r, T: RenderTarget> Painter<'a, 'r, T> {
    /// A painter that records into `list` (emptied first), using and
    /// making `cache`'s textures; the list is drawn with
    /// [`DrawList::replay`] on a canvas of the cache's.
    pub fn new(list: &'a mut DrawList, cache: &'a mut TextureCache<'r, T::Context>, fonts: &'static Fonts) -> Self {
        list.clear();
        Painter { list, cache, fonts }
    }

    /// Fills the whole canvas.
    pub fn clear(&mut self, c: Rgba) {
        self.list.push(Op::Clear(c));
    }

    /// Fills a rectangle given in (fractional) pixels, edges rounded.
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgba) -> Result<(), GuiError> {
        if c.a == 0 {
            return Ok(());
        }
        let (x0, y0, x1, y1) = (x.round() as i32, y.round() as i32, (x + w).round() as i32, (y + h).round() as i32);
        if x1 <= x0 || y1 <= y0 {
            return Ok(());
        }
        self.list.push(Op::Fill { rect: Rect::new(x0, y0, (x1 - x0) as u32, (y1 - y0) as u32), color: c });
        Ok(())
    }

    /// Outlines a rectangle with a border `t` pixels thick.
    pub fn frame_rect(&mut self, x: f32, y: f32, w: f32, h: f32, t: f32, c: Rgba) -> Result<(), GuiError> {
        self.fill_rect(x, y, w, t, c)?;
        self.fill_rect(x, y + h - t, w, t, c)?;
        self.fill_rect(x, y + t, t, h - 2.0 * t, c)?;
        self.fill_rect(x + w - t, y + t, t, h - 2.0 * t, c)
    }

    /// Fills a polygon given in pixels.
    pub fn fill_polygon(&mut self, points: &[(f32, f32)], c: Rgba) -> Result<(), GuiError> {
        let rects: Vec<Rect> = raster::polygon_spans(points)
            .into_iter()
            .map(|Span { y, x0, x1 }| Rect::new(x0, y, (x1 - x0) as u32, 1))
            .collect();
        if rects.is_empty() || c.a == 0 {
            return Ok(());
        }
        let bounds = rects.iter().skip(1).fold(rects[0], |a, r| a.union(*r));
        self.list.push(Op::Fills { rects, bounds, color: c });
        Ok(())
    }

    /// A straight line `width` pixels wide; axis-parallel lines snap to
    /// whole pixels so grids stay crisp.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, c: Rgba) -> Result<(), GuiError> {
        let width = width.max(1.0);
        let w = width.round().max(1.0);
        if (y1 - y2).abs() < 0.01 {
            let (a, b) = (x1.min(x2) - w / 2.0, x1.max(x2) + w / 2.0);
            return self.fill_rect(a, (y1 - w / 2.0).round(), b - a, w, c);
        }
        if (x1 - x2).abs() < 0.01 {
            let (a, b) = (y1.min(y2) - w / 2.0, y1.max(y2) + w / 2.0);
            return self.fill_rect((x1 - w / 2.0).round(), a, w, b - a, c);
        }
        self.fill_polygon(&raster::thick_line(x1, y1, x2, y2, width), c)
    }

    fn blit(&mut self, key: Key, make: impl FnOnce() -> Image, x: f32, y: f32) -> Result<(u32, u32), GuiError> {
        let texture = self.cache.get(key, make)?;
        let dst = Rect::new(x.round() as i32, y.round() as i32, texture.width, texture.height);
        self.list.push(Op::Copy { texture, dst });
        Ok((texture.width, texture.height))
    }

    /// A smooth disc of `radius` pixels centred at (cx, cy), with a rim.
    pub fn disc(
        &mut self,
        cx: f32,
        cy: f32,
        radius: f32,
        fill: Rgba,
        rim: Rgba,
        rim_width: f32,
    ) -> Result<(), GuiError> {
        let (rq, wq) = (q(radius), q(rim_width));
        let (r, w) = (rq as f32 / 4.0, wq as f32 / 4.0);
        let half = raster::disc_image_size(r) as f32 / 2.0;
        let key = Key::Disc { radius: rq, fill, rim, rim_width: wq };
        self.blit(key, || raster::disc(r, fill, rim, w), cx - half, cy - half).map(|_| ())
    }

    /// A smooth ring of outer `radius` and `width` pixels centred at (cx, cy).
    pub fn ring(&mut self, cx: f32, cy: f32, radius: f32, width: f32, color: Rgba) -> Result<(), GuiError> {
        let (rq, wq) = (q(radius), q(width));
        let (r, w) = (rq as f32 / 4.0, wq as f32 / 4.0);
        let half = raster::disc_image_size(r) as f32 / 2.0;
        self.blit(Key::Ring { radius: rq, width: wq, color }, || raster::ring(r, w, color), cx - half, cy - half)
            .map(|_| ())
    }

    /// Draws a cached composite image with its anchor at (x, y); `make`
    /// builds it (and says where its anchor is) the first time `id` is seen.
    pub fn sprite(
        &mut self,
        id: &str,
        make: impl FnOnce() -> (Image, (f32, f32)),
        x: f32,
        y: f32,
    ) -> Result<(), GuiError> {
        let key = Key::Sprite(id.to_string());
        let mut made = None;
        if !self.cache.contains(&key) || !self.cache.sprite_anchors.contains_key(id) {
            let (image, anchor) = make();
            self.cache.sprite_anchors.insert(id.to_string(), anchor);
            made = Some(image);
        }
        let anchor = self.cache.sprite_anchors[id];
        // `blit` only calls this when the texture is missing, and then it was just made.
        let image = move || made.unwrap_or_else(|| Image::new(1, 1));
        self.blit(key, image, x - anchor.0, y - anchor.1).map(|_| ())
    }

    /// The size `text` takes at `px`.
    pub fn text_size(&self, text: &str, px: f32, style: Style) -> (u32, u32) {
        self.fonts.measure(text, px.round().max(1.0), style)
    }

    /// Draws `text` at `px` with its `anchor` at (x, y); returns its size.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        text: &str,
        px: f32,
        style: Style,
        color: Rgba,
        x: f32,
        y: f32,
        anchor: Anchor,
    ) -> Result<(u32, u32), GuiError> {
        if text.is_empty() {
            return Ok((0, 0));
        }
        let px = px.round().max(1.0);
        let (w, h) = self.text_size(text, px, style);
        let (left, top) = match anchor {
            Anchor::TopLeft => (x, y),
            Anchor::Center => (x - w as f32 / 2.0, y - h as f32 / 2.0),
            Anchor::MidLeft => (x, y - h as f32 / 2.0),
            Anchor::TopRight => (x - w as f32, y),
            Anchor::MidRight => (x - w as f32, y - h as f32 / 2.0),
        };
        let fonts = self.fonts;
        if let Some(drawn) = &mut self.cache.drawn {
            drawn.push(text.to_string());
        }
        let key = Key::Text { text: text.to_string(), px: px as u32, style, color };
        self.blit(key, || fonts.rasterize(text, px, style, color), left, top)
    }

    /// Draws a glyph whose visible ink spans `extent` pixels (its larger
    /// side), centred at (cx, cy): symbols and characters differ in how much
    /// of their line box they fill, so they are measured, not trusted.
    pub fn glyph(&mut self, text: &str, extent: f32, color: Rgba, cx: f32, cy: f32) -> Result<(), GuiError> {
        let fonts = self.fonts;
        let ratio = *self.cache.ink_ratios.entry(text.to_string()).or_insert_with(|| {
            let (x0, y0, x1, y1) = ink_box(&fonts.rasterize(text, 100.0, Style::Regular, Rgba::rgb(0, 0, 0)));
            ((x1 - x0).max(y1 - y0) as f32 / 100.0).max(0.2)
        });
        let px = (extent / ratio).round().max(1.0);
        let key = Key::Text { text: text.to_string(), px: px as u32, style: Style::Regular, color };
        let centre = match self.cache.ink_centres.get(&key) {
            Some(c) => *c,
            None => {
                let (x0, y0, x1, y1) = ink_box(&fonts.rasterize(text, px, Style::Regular, color));
                let c = ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0);
                self.cache.ink_centres.insert(key.clone(), c);
                c
            }
        };
        self.blit(key, || fonts.rasterize(text, px, Style::Regular, color), cx - centre.0, cy - centre.1).map(|_| ())
    }
}
