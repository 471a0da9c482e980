//! The textures made from text, discs and sprites for one canvas, each
//! rasterised once per size and colour and kept while frames use it.
//!
//! Every texture gets an id that is never reused: a drawing operation that
//! names the same id shows the same pixels, which is what lets the window
//! compare one frame's operations with the last one's
//! ([`crate::drawlist::damage`]).

use std::collections::HashMap;

use rules_api::Rgba;
use sdl2::pixels::PixelFormatEnum;
use sdl2::render::{BlendMode, Texture, TextureCreator};
use sdl2::surface::Surface;

use super::fonts::Style;
use super::image::Image;
use super::GuiError;

/// What a cached texture shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Key {
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

/// One cached texture, by where it is kept and what it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TexRef {
    /// Its place in the cache (reused after it expires).
    slot: u32,
    /// Its id (never reused): the same id, the same pixels.
    id: u64,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
}

struct Slot<'r> {
    texture: Texture<'r>,
    key: Key,
    /// The frame that last used it.
    used: u64,
    made: TexRef,
}

/// Textures made for one canvas.
pub struct TextureCache<'r, T> {
    creator: &'r TextureCreator<T>,
    slots: Vec<Option<Slot<'r>>>,
    free: Vec<u32>,
    index: HashMap<Key, u32>,
    next_id: u64,
    /// Centre of the visible ink of glyph images, relative to the image.
    pub(crate) ink_centres: HashMap<Key, (f32, f32)>,
    /// Where the anchor of each sprite lies in its image.
    pub(crate) sprite_anchors: HashMap<String, (f32, f32)>,
    /// Ink extent of each glyph per pixel of font size.
    pub(crate) ink_ratios: HashMap<String, f32>,
    frame: u64,
    /// The texts drawn since the frame began, kept for the test layout
    /// dump (`TABULA_GUI_TEST_LAYOUT`) only.
    pub(crate) drawn: Option<Vec<String>>,
}

impl<'r, T> TextureCache<'r, T> {
    /// An empty cache for textures made by `creator`.
    pub fn new(creator: &'r TextureCreator<T>) -> Self {
        TextureCache {
            creator,
            slots: Vec::new(),
            free: Vec::new(),
            index: HashMap::new(),
            next_id: 0,
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
        for (i, place) in self.slots.iter_mut().enumerate() {
            if place.as_ref().is_some_and(|s| frame - s.used >= EXPIRY_FRAMES) {
                let slot = place.take().expect("checked above");
                self.index.remove(&slot.key);
                self.free.push(i as u32);
            }
        }
    }

    /// Forgets every texture: the renderer lost them (a device reset).
    pub fn clear(&mut self) {
        self.slots.clear();
        self.free.clear();
        self.index.clear();
    }

    /// Whether a texture for `key` is kept.
    pub(crate) fn contains(&self, key: &Key) -> bool {
        self.index.contains_key(key)
    }

    /// The texture for `key`, made from `make`'s image the first time.
    pub(crate) fn get(&mut self, key: Key, make: impl FnOnce() -> Image) -> Result<TexRef, GuiError> {
        let frame = self.frame;
        if let Some(&i) = self.index.get(&key) {
            let slot = self.slots[i as usize].as_mut().expect("indexed slots are filled");
            slot.used = frame;
            return Ok(slot.made);
        }
        let mut image = make();
        let texture = upload(self.creator, &mut image)?;
        let query = texture.query();
        let i = self.free.pop().unwrap_or_else(|| {
            self.slots.push(None);
            (self.slots.len() - 1) as u32
        });
        let made = TexRef { slot: i, id: self.next_id, width: query.width, height: query.height };
        self.next_id += 1;
        self.index.insert(key.clone(), i);
        self.slots[i as usize] = Some(Slot { texture, key, used: frame, made });
        Ok(made)
    }

    /// The texture `r` names, if it is still kept.
    pub fn texture(&self, r: TexRef) -> Option<&Texture<'r>> {
        match self.slots.get(r.slot as usize) {
            Some(Some(slot)) if slot.made.id == r.id => Some(&slot.texture),
            _ => None,
        }
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
