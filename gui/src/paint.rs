//! Drawing primitives over any SDL2 canvas (a window or a software
//! surface), with a cache of the textures made from text and discs.
//!
//! Text and discs are rasterised once per size and colour into textures;
//! the keys include the pixel size, so after a resize the glyphs are drawn
//! afresh at the new size (sharp, never scaled) and the old ones expire.

use std::collections::HashMap;

use rules_api::Rgba;
use sdl2::pixels::{Color, PixelFormatEnum};
use sdl2::rect::Rect;
use sdl2::render::{BlendMode, Canvas, RenderTarget, Texture, TextureCreator};
use sdl2::surface::Surface;

use super::fonts::{Fonts, Style};
use super::image::Image;
use super::raster::{self, ink_box, Span};
use super::GuiError;

/// What a cached texture shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Text {
        text: String,
        px: u32,
        style: Style,
        color: Rgba,
    },
    /// Radii and widths in quarter pixels.
    Disc {
        radius: u32,
        fill: Rgba,
        rim: Rgba,
        rim_width: u32,
    },
    Ring {
        radius: u32,
        width: u32,
        color: Rgba,
    },
    /// A composite image named by its maker.
    Sprite(String),
}

/// How many frames an unused texture survives.
const EXPIRY_FRAMES: u64 = 240;

/// Textures made for one canvas.
pub struct TextureCache<'r, T> {
    creator: &'r TextureCreator<T>,
    textures: HashMap<Key, (Texture<'r>, u64)>,
    /// Centre of the visible ink of glyph images, relative to the image.
    ink_centres: HashMap<Key, (f32, f32)>,
    /// Where the anchor of each sprite lies in its image.
    sprite_anchors: HashMap<String, (f32, f32)>,
    /// Ink extent of each glyph per pixel of font size.
    ink_ratios: HashMap<String, f32>,
    frame: u64,
    /// The texts drawn since the frame began, kept for the test layout
    /// dump (`TABULA_GUI_TEST_LAYOUT`) only.
    drawn: Option<Vec<String>>,
}

impl<'r, T> TextureCache<'r, T> {
    /// An empty cache for textures made by `creator`.
    pub fn new(creator: &'r TextureCreator<T>) -> Self {
        TextureCache {
            creator,
            textures: HashMap::new(),
            ink_centres: HashMap::new(),
            sprite_anchors: HashMap::new(),
            ink_ratios: HashMap::new(),
            frame: 0,
            drawn: std::env::var_os("TABULA_GUI_TEST_LAYOUT").map(|_| Vec::new()),
        }
    }

    /// The texts drawn in this frame, in order (empty unless the test
    /// layout dump is on).
    pub fn drawn(&self) -> &[String] {
        self.drawn.as_deref().unwrap_or_default()
    }

    /// Marks the start of a frame and drops textures unused for a while.
    pub fn next_frame(&mut self) {
        self.frame += 1;
        if let Some(drawn) = &mut self.drawn {
            drawn.clear();
        }
        let frame = self.frame;
        self.textures.retain(|_, (_, used)| frame - *used < EXPIRY_FRAMES);
    }

    fn get(&mut self, key: Key, make: impl FnOnce() -> Image) -> Result<&Texture<'r>, GuiError> {
        let frame = self.frame;
        if !self.textures.contains_key(&key) {
            let mut image = make();
            let texture = upload(self.creator, &mut image)?;
            self.textures.insert(key.clone(), (texture, frame));
        }
        let entry = self.textures.get_mut(&key).expect("inserted above");
        entry.1 = frame;
        Ok(&entry.0)
    }
}

fn upload<'r, T>(creator: &'r TextureCreator<T>, image: &mut Image) -> Result<Texture<'r>, GuiError> {
    let (w, h) = (image.width.max(1), image.height.max(1));
    if image.pixels.is_empty() {
        image.pixels = vec![0; 4];
    }
    // SDL's fast blending blitters work on ARGB8888 (BGRA bytes in memory).
    for px in image.pixels.chunks_exact_mut(4) {
        px.swap(0, 2);
    }
    let surface =
        Surface::from_data(&mut image.pixels, w, h, w * 4, PixelFormatEnum::ARGB8888).map_err(GuiError::Sdl)?;
    let mut texture = creator.create_texture_from_surface(&surface).map_err(|e| GuiError::Sdl(e.to_string()))?;
    texture.set_blend_mode(BlendMode::Blend);
    Ok(texture)
}

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

/// Draws on one canvas for one frame.
pub struct Painter<'a, 'r, T: RenderTarget> {
    /// The canvas drawn on.
    pub canvas: &'a mut Canvas<T>,
    cache: &'a mut TextureCache<'r, T::Context>,
    /// The fonts.
    pub fonts: &'static Fonts,
}

fn sdl(c: Rgba) -> Color {
    Color::RGBA(c.r, c.g, c.b, c.a)
}

/// Rounds to quarter pixels for cache keys.
fn q(v: f32) -> u32 {
    (v.max(0.0) * 4.0).round() as u32
}

impl<'a, 'r, T: RenderTarget> Painter<'a, 'r, T> {
    /// A painter for `canvas` using `cache`'s textures.
    pub fn new(canvas: &'a mut Canvas<T>, cache: &'a mut TextureCache<'r, T::Context>, fonts: &'static Fonts) -> Self {
        canvas.set_blend_mode(BlendMode::Blend);
        Painter { canvas, cache, fonts }
    }

    fn color(&mut self, c: Rgba) {
        // Opaque fills skip the per-pixel blending path.
        self.canvas.set_blend_mode(if c.a == 255 { BlendMode::None } else { BlendMode::Blend });
        self.canvas.set_draw_color(sdl(c));
    }

    /// Fills the whole canvas.
    pub fn clear(&mut self, c: Rgba) {
        self.color(c);
        self.canvas.clear();
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
        self.color(c);
        self.canvas.fill_rect(Rect::new(x0, y0, (x1 - x0) as u32, (y1 - y0) as u32)).map_err(GuiError::Sdl)
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
        self.color(c);
        self.canvas.fill_rects(&rects).map_err(GuiError::Sdl)
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
        let query = texture.query();
        let dst = Rect::new(x.round() as i32, y.round() as i32, query.width, query.height);
        self.canvas.copy(texture, None, dst).map_err(GuiError::Sdl)?;
        Ok((query.width, query.height))
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
        if !self.cache.textures.contains_key(&key) || !self.cache.sprite_anchors.contains_key(id) {
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
