//! The SDL2 desktop GUI, one client of `tabula-core`: a generic board
//! renderer and the complete play experience. Computer turns go through
//! the core's turn driver (`tabula_core::turn`), seats through its seating.
//!
//! * [`run`] opens a window and plays the configured game (people click or
//!   drag, computers think on worker threads).
//! * [`render_png`] draws a position with the same code through SDL2's
//!   software renderer (no window, no display) and writes a PNG.
//!
//! Everything on the board comes from the rules plugin's geometry, pieces,
//! highlights, cell changes and texts, and moves are chosen by the clicks
//! the plugin describes, so any game draws and plays without a change here.

mod analysis;
mod analysis_action;
mod app;
mod art;
pub mod board;
pub mod clicks;
mod clock;
mod compose;
mod controls;
mod dialogs;
pub mod drawlist;
pub mod editor;
pub mod fonts;
mod frames;
mod game;
mod hands;
pub mod i18n;
pub mod image;
mod input;
mod lang;
pub mod layout;
mod linebreak;
mod lobby;
mod lobby_action;
pub mod marks;
pub mod messages;
pub mod network;
pub mod numbering;
pub mod paint;
mod panel;
mod picture_check;
pub mod plugin_words;
mod premove;
mod raster;
mod renderer;
mod saved_engines;
mod saves;
pub mod scene;
mod seats;
mod settings;
pub mod shown;
mod sound;
mod strip;
mod system_font;
pub mod textures;
pub mod theme;
pub mod themes;
mod widgets;

use std::fmt;
use std::path::Path;

use rules_api::{PositionBox, RVec, RulesBox};
use sdl2::pixels::PixelFormatEnum;
use sdl2::render::Canvas;
use sdl2::surface::Surface;

pub use app::{run, RunOptions};
pub use image::{read_png, write_png, Image};

use board::BoardScene;
use drawlist::DrawList;
use layout::{Area, BoardLayout};
use paint::{Painter, TextureCache};
use scene::draw_board;
use shown::ShownBoard;

/// What can go wrong in the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuiError {
    /// No display to open a window on; the message names the headless commands.
    NoDisplay(String),
    /// SDL2 failed.
    Sdl(String),
    /// The fonts (or other assets) are missing or unusable.
    Assets(String),
    /// A file could not be read or written.
    Io {
        /// The file.
        file: String,
        /// What went wrong.
        reason: String,
    },
    /// The rules plugin failed, or the game could not be set up.
    Game(String),
}

impl fmt::Display for GuiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuiError::NoDisplay(m) | GuiError::Sdl(m) | GuiError::Assets(m) | GuiError::Game(m) => f.write_str(m),
            GuiError::Io { file, reason } => write!(f, "{file}: {reason}"),
        }
    }
}

impl std::error::Error for GuiError {}

impl From<rules_api::PluginError> for GuiError {
    fn from(e: rules_api::PluginError) -> Self {
        GuiError::Game(e.to_string())
    }
}

/// Draws `position` at `width`×`height` pixels with the window's board
/// renderer (through SDL2's software renderer) and returns the pixels.
pub fn render_image(rules: &RulesBox, position: &PositionBox, width: u32, height: u32) -> Result<Image, GuiError> {
    if width == 0 || height == 0 {
        return Err(GuiError::Game(format!("cannot render a {width}x{height} image")));
    }
    // Everything the plugin returns is checked before it is drawn.
    let game = |e: tabula_core::boundary::CallError| GuiError::Game(e.to_string());
    let (info, geometry, shape) = tabula_core::boundary::describe(rules).map_err(game)?;
    let pieces: RVec<_> = tabula_core::boundary::pieces(position, &shape).map_err(game)?.into();
    let highlights: RVec<_> = tabula_core::boundary::highlights(position, &shape).map_err(game)?.into();
    let board = ShownBoard::of(&geometry, position, &shape).map_err(game)?;
    let fonts = fonts::fonts()?;
    let surface = Surface::new(width, height, PixelFormatEnum::ARGB8888).map_err(GuiError::Sdl)?;
    let mut canvas = Canvas::from_surface(surface).map_err(GuiError::Sdl)?;
    let creator = canvas.texture_creator();
    {
        let mut cache = TextureCache::new(&creator);
        let mut list = DrawList::default();
        let mut painter = Painter::<Surface>::new(&mut list, &mut cache, fonts);
        painter.clear(theme::WINDOW);
        let margin = (width.min(height) as f32 * 0.02).max(2.0);
        let area = Area { x: margin, y: margin, w: width as f32 - 2.0 * margin, h: height as f32 - 2.0 * margin };
        let layout = BoardLayout::covering(&geometry, &board.geometry, area, false);
        draw_board(&mut painter, &layout, &BoardScene::plain(&board, &info, &pieces, &highlights))?;
        list.replay(&mut canvas, &cache, None)?;
    }
    let surface = canvas.into_surface();
    let pitch = surface.pitch() as usize;
    let row = width as usize * 4;
    let mut pixels = Vec::with_capacity(row * height as usize);
    surface.with_lock(|data| {
        for y in 0..height as usize {
            pixels.extend_from_slice(&data[y * pitch..y * pitch + row]);
        }
    });
    // ARGB8888 is B, G, R, A in memory; the canvas is opaque.
    for px in pixels.chunks_exact_mut(4) {
        px.swap(0, 2);
        px[3] = 255;
    }
    Ok(Image { width, height, pixels })
}

/// Draws `position` at `width`×`height` pixels (see [`render_image`]) and
/// writes it to `out` as a PNG. Needs no display.
pub fn render_png(
    rules: &RulesBox,
    position: &PositionBox,
    width: u32,
    height: u32,
    out: &Path,
) -> Result<(), GuiError> {
    write_png(&render_image(rules, position, width, height)?, out)
}
