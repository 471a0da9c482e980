//! A check of the window's kept picture for tests: with
//! `TABULA_GUI_CHECK_PICTURE=1` every frame is also drawn whole into a
//! second texture, the two are read back and compared, and the window
//! prints one line per frame on stderr:
//! `TABULA_PICTURE frame=N size=WxH redrawn=PIXELS differ=PIXELS`.
//! A frame that redrew only its changed places must differ in no pixel.

use sdl2::pixels::PixelFormatEnum;
use sdl2::render::{Canvas, Texture, TextureCreator};
use sdl2::video::{Window, WindowContext};

use super::drawlist::DrawList;
use super::textures::TextureCache;
use super::GuiError;

/// The whole redraw each frame is compared with.
pub struct PictureCheck<'r> {
    creator: &'r TextureCreator<WindowContext>,
    whole: Option<(Texture<'r>, (u32, u32))>,
    frames: u64,
}

impl<'r> PictureCheck<'r> {
    /// A check when the environment asks for one.
    pub fn from_env(creator: &'r TextureCreator<WindowContext>) -> Option<Self> {
        std::env::var_os("TABULA_GUI_CHECK_PICTURE").map(|_| PictureCheck { creator, whole: None, frames: 0 })
    }

    /// Draws `frame` whole, compares it with `kept` (which shows it after
    /// `redrawn` pixels were drawn) and prints the line.
    pub fn compare(
        &mut self,
        canvas: &mut Canvas<Window>,
        kept: &mut Texture,
        textures: &TextureCache<'r, WindowContext>,
        frame: &DrawList,
        redrawn: u64,
    ) -> Result<(), GuiError> {
        let size = canvas.output_size().map_err(GuiError::Sdl)?;
        if self.whole.as_ref().map(|w| w.1) != Some(size) {
            let texture = self
                .creator
                .create_texture_target(self.creator.default_pixel_format(), size.0, size.1)
                .map_err(|e| GuiError::Sdl(e.to_string()))?;
            self.whole = Some((texture, size));
        }
        let (whole, _) = self.whole.as_mut().expect("made above");
        let read = |c: &mut Canvas<Window>| c.read_pixels(None, PixelFormatEnum::ARGB8888);
        let mut drawn = Ok(());
        let mut expected = Ok(Vec::new());
        canvas
            .with_texture_canvas(whole, |c| {
                drawn = frame.replay(c, textures, None);
                expected = read(c);
            })
            .map_err(|e| GuiError::Sdl(e.to_string()))?;
        drawn?;
        let mut shown = Ok(Vec::new());
        canvas.with_texture_canvas(kept, |c| shown = read(c)).map_err(|e| GuiError::Sdl(e.to_string()))?;
        let (expected, shown) = (expected.map_err(GuiError::Sdl)?, shown.map_err(GuiError::Sdl)?);
        let differ = expected.chunks_exact(4).zip(shown.chunks_exact(4)).filter(|(a, b)| a != b).count();
        self.frames += 1;
        eprintln!("TABULA_PICTURE frame={} size={}x{} redrawn={redrawn} differ={differ}", self.frames, size.0, size.1);
        Ok(())
    }
}
