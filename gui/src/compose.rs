//! The window's picture kept between frames: a frame redraws only what
//! differs from the last one and then copies the kept picture to the
//! window whole.
//!
//! Without a GPU (Mesa's llvmpipe, or SDL's software renderer) every pixel
//! drawn costs CPU time, and a whole frame paints the window several times
//! over (background, board, cells, pieces, panels). While the computer
//! thinks only its progress bar, a clock or the search figures change, so
//! the window keeps its picture in a render-target texture and redraws,
//! inside it, the rectangles that the frame's changed drawing operations
//! cover ([`crate::drawlist::damage`]); then one textured copy shows it.
//! What is on screen is exactly what a whole redraw would show.

use sdl2::event::Event;
use sdl2::render::{BlendMode, Canvas, TargetRenderError, Texture, TextureCreator};
use sdl2::video::{Window, WindowContext};

use super::drawlist::{self, Damage, DrawList};
use super::picture_check::PictureCheck;
use super::textures::TextureCache;
use super::GuiError;

/// The window's kept picture and the operations that drew it.
pub struct Compositor<'r> {
    creator: &'r TextureCreator<WindowContext>,
    /// The picture (a render target) and its size.
    kept: Option<(Texture<'r>, (u32, u32))>,
    /// The operations of the picture kept.
    shown: DrawList,
    /// Whether `kept` shows `shown` (false after a reset or a failed frame).
    valid: bool,
    /// The renderer cannot draw into textures: every frame is drawn whole
    /// on the window.
    direct: bool,
    /// For tests: every frame compared with a whole redraw.
    check: Option<PictureCheck<'r>>,
}

impl<'r> Compositor<'r> {
    /// Nothing kept yet: the first frame is drawn whole.
    pub fn new(creator: &'r TextureCreator<WindowContext>) -> Self {
        let check = PictureCheck::from_env(creator);
        Compositor { creator, kept: None, shown: DrawList::default(), valid: false, direct: false, check }
    }

    /// Notes an event of the renderer's that loses pixels; true when the
    /// window must be drawn again. SDL sends `RenderTargetsReset` when the
    /// textures drawn into lost their contents and `RenderDeviceReset`
    /// when every texture was lost (then `textures` are forgotten too).
    pub fn notice(&mut self, event: &Event, textures: &mut TextureCache<'r, WindowContext>) -> bool {
        match event {
            Event::RenderTargetsReset { .. } => {
                self.valid = false;
                true
            }
            Event::RenderDeviceReset { .. } => {
                textures.clear();
                self.kept = None;
                self.valid = false;
                true
            }
            _ => false,
        }
    }

    /// Shows the frame `frame` drew on `canvas`'s window (not presented):
    /// redraws what changed in the kept picture and copies it to the
    /// window. `frame` is left holding the previous frame's operations
    /// (to be cleared and reused). Returns how many pixels were drawn
    /// into the picture.
    pub fn show(
        &mut self,
        canvas: &mut Canvas<Window>,
        textures: &TextureCache<'r, WindowContext>,
        frame: &mut DrawList,
    ) -> Result<u64, GuiError> {
        let size = canvas.output_size().map_err(GuiError::Sdl)?;
        self.keep_size(size);
        let damage = if self.valid { drawlist::damage(self.shown.ops(), frame.ops(), size) } else { Damage::Whole };
        self.valid = false;
        let in_kept = match self.kept.as_mut().filter(|_| !self.direct) {
            Some((kept, _)) => redraw_kept(canvas, kept, textures, frame, &damage)?,
            None => false,
        };
        let drawn = if in_kept {
            self.valid = true;
            if let (Some(check), Some((kept, _))) = (&mut self.check, &mut self.kept) {
                check.compare(canvas, kept, textures, frame, damage.pixels(size))?;
            }
            damage.pixels(size)
        } else {
            if !self.direct {
                self.drop_target("the renderer cannot draw into textures");
            }
            frame.replay(canvas, textures, None)?;
            Damage::Whole.pixels(size)
        };
        std::mem::swap(&mut self.shown, frame);
        Ok(drawn)
    }

    /// Makes the kept picture `size` (a new window size starts it afresh).
    fn keep_size(&mut self, size: (u32, u32)) {
        if self.direct || self.kept.as_ref().is_some_and(|(_, s)| *s == size) {
            return;
        }
        self.kept = None;
        self.valid = false;
        let format = self.creator.default_pixel_format();
        match self.creator.create_texture_target(format, size.0.max(1), size.1.max(1)) {
            Ok(mut texture) => {
                // Copied over the whole window: nothing to blend with.
                texture.set_blend_mode(BlendMode::None);
                self.kept = Some((texture, size));
            }
            Err(e) => self.drop_target(&e.to_string()),
        }
    }

    /// Draws every later frame whole on the window.
    fn drop_target(&mut self, why: &str) {
        eprintln!("tabula: every frame is drawn whole ({why})");
        self.kept = None;
        self.valid = false;
        self.direct = true;
    }
}

/// Redraws `damage` of `frame` in `kept` and copies it to the window;
/// false when the renderer cannot draw into textures.
fn redraw_kept(
    canvas: &mut Canvas<Window>,
    kept: &mut Texture,
    textures: &TextureCache<WindowContext>,
    frame: &DrawList,
    damage: &Damage,
) -> Result<bool, GuiError> {
    let mut result = Ok(());
    let target = canvas.with_texture_canvas(kept, |c| {
        result = match damage {
            Damage::Nothing => Ok(()),
            Damage::Whole => frame.replay(c, textures, None),
            Damage::Rects(rects) => rects.iter().try_for_each(|r| frame.replay(c, textures, Some(*r))),
        };
    });
    match target {
        Ok(()) => {
            result?;
            canvas.copy(kept, None, None).map_err(GuiError::Sdl)?;
            Ok(true)
        }
        Err(TargetRenderError::NotSupported) => Ok(false),
        Err(TargetRenderError::SdlError(e)) => Err(GuiError::Sdl(e.to_string())),
    }
}
