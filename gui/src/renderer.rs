//! Which SDL renderer draws the window. OpenGL on a real GPU; but where the
//! GL implementation is itself a software rasteriser (Mesa's llvmpipe under
//! Xvfb, in VMs, on machines without a driver) SDL's own software renderer
//! costs a third of the CPU a frame (docs/BENCHMARKS-gui.md), so "auto"
//! switches to it there.

use crate::GuiError;
use sdl2::render::Canvas;
use sdl2::video::{Window, WindowBuildError};
use sdl2::VideoSubsystem;

/// The environment variable choosing the renderer: `auto`, `gpu` or `software`.
pub const RENDERER_VAR: &str = "TABULA_RENDERER";

/// The renderer asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RendererChoice {
    /// OpenGL unless its implementation rasterises in software.
    Auto,
    /// SDL's first accelerated renderer, whatever implements it.
    Gpu,
    /// SDL's software renderer drawing straight into the window's surface.
    Software,
}

impl RendererChoice {
    /// Parses a value of [`RENDERER_VAR`] (case-insensitive, blank is auto).
    pub fn parse(value: &str) -> Result<RendererChoice, String> {
        match value.trim().to_ascii_lowercase().as_str() {
            "" | "auto" => Ok(RendererChoice::Auto),
            "gpu" => Ok(RendererChoice::Gpu),
            "software" => Ok(RendererChoice::Software),
            other => Err(format!("{RENDERER_VAR}={other:?} is not one of auto, gpu, software")),
        }
    }

    /// The choice in the environment; auto when unset.
    pub fn from_env() -> Result<RendererChoice, String> {
        std::env::var(RENDERER_VAR).map_or(Ok(RendererChoice::Auto), |v| RendererChoice::parse(&v))
    }
}

/// Whether a `GL_RENDERER` string names a rasteriser running on the CPU
/// (Mesa: "llvmpipe (LLVM 15.0.7, 256 bits)", "softpipe", "swrast";
/// Apple and others: "Software Rasterizer").
pub fn is_software_rasteriser(gl_renderer: &str) -> bool {
    let name = gl_renderer.to_ascii_lowercase();
    ["llvmpipe", "softpipe", "swrast", "software rasterizer"].iter().any(|s| name.contains(s))
}

/// The window and the renderer that ended up drawing it, with why.
pub struct Opened {
    /// The window's canvas.
    pub canvas: Canvas<Window>,
    /// For the frame log and the layout dump, e.g. `software (auto: GL is
    /// llvmpipe (LLVM 15.0.7, 256 bits))` or `opengl (Mesa Intel(R) UHD)`.
    pub description: String,
}

/// Opens the window (`build` makes it, hidden) with the renderer `choice`
/// asks for, and shows it. A user's `SDL_RENDER_DRIVER` is left to SDL.
pub fn open(
    video: &VideoSubsystem,
    choice: RendererChoice,
    build: impl Fn() -> Result<Window, WindowBuildError>,
) -> Result<Opened, GuiError> {
    let user_driver = std::env::var("SDL_RENDER_DRIVER").ok().filter(|d| !d.is_empty());
    let mut opened = match (choice, &user_driver) {
        (RendererChoice::Software, _) => software(&build, format!("{RENDERER_VAR}=software"))?,
        (_, Some(driver)) => {
            let canvas = canvas(build().map_err(|e| GuiError::Sdl(e.to_string()))?, false)?;
            let description = format!("{} (SDL_RENDER_DRIVER={driver})", canvas.info().name);
            Opened { canvas, description }
        }
        (RendererChoice::Gpu, None) => {
            let canvas = canvas(build().map_err(|e| GuiError::Sdl(e.to_string()))?, false)?;
            let description = describe(video, &canvas, &format!("{RENDERER_VAR}=gpu"));
            Opened { canvas, description }
        }
        (RendererChoice::Auto, None) => {
            let canvas = canvas(build().map_err(|e| GuiError::Sdl(e.to_string()))?, false)?;
            match gl_renderer(video, &canvas).filter(|r| is_software_rasteriser(r)) {
                // The GL window goes before the new one is made: one context at a time.
                Some(gl) => {
                    drop(canvas);
                    software(&build, format!("auto: GL is {gl}"))?
                }
                None => {
                    let description = describe(video, &canvas, "auto");
                    Opened { canvas, description }
                }
            }
        }
    };
    opened.canvas.window_mut().show();
    Ok(opened)
}

/// The renderer's name and, for OpenGL, the implementation's.
fn describe(video: &VideoSubsystem, canvas: &Canvas<Window>, why: &str) -> String {
    match gl_renderer(video, canvas) {
        Some(gl) => format!("{} ({why}: GL is {gl})", canvas.info().name),
        None => format!("{} ({why})", canvas.info().name),
    }
}

/// A window drawn by SDL's software renderer into the X server's own
/// framebuffer, not through an OpenGL texture (SDL reads the hint when it
/// first makes the window's surface, so it is set before the window is).
fn software(build: &impl Fn() -> Result<Window, WindowBuildError>, why: String) -> Result<Opened, GuiError> {
    // A user's own setting of the hint in the environment still wins.
    sdl2::hint::set("SDL_FRAMEBUFFER_ACCELERATION", "0");
    let window = build().map_err(|e| GuiError::Sdl(e.to_string()))?;
    let canvas = canvas(window, true)?;
    let description = format!("{} ({why})", canvas.info().name);
    Ok(Opened { canvas, description })
}

fn canvas(window: Window, software: bool) -> Result<Canvas<Window>, GuiError> {
    let builder = window.into_canvas().present_vsync();
    let builder = if software { builder.software() } else { builder };
    builder.build().map_err(|e| GuiError::Sdl(e.to_string()))
}

/// `GL_RENDERER` of the canvas's OpenGL context, when it draws with OpenGL.
fn gl_renderer(video: &VideoSubsystem, canvas: &Canvas<Window>) -> Option<String> {
    const GL_RENDERER: u32 = 0x1F01;
    if !canvas.info().name.starts_with("opengl") {
        return None;
    }
    let address = video.gl_get_proc_address("glGetString");
    if address.is_null() {
        return None;
    }
    // SAFETY: SDL returned the address of glGetString, whose C signature is
    // `const GLubyte *glGetString(GLenum)`; the renderer just made its GL
    // context current on this thread, and the string it returns is static
    // and NUL-terminated (or null).
    let text = unsafe {
        type GetString = extern "C" fn(u32) -> *const std::ffi::c_char;
        let get_string = std::mem::transmute::<*const (), GetString>(address);
        let text = get_string(GL_RENDERER);
        if text.is_null() {
            return None;
        }
        std::ffi::CStr::from_ptr(text).to_string_lossy().into_owned()
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn software_rasterisers_are_recognised() {
        assert!(is_software_rasteriser("llvmpipe (LLVM 15.0.7, 256 bits)"));
        assert!(is_software_rasteriser("softpipe"));
        assert!(is_software_rasteriser("Mesa X11 swrast"));
        assert!(is_software_rasteriser("Apple Software Rasterizer"));
        assert!(!is_software_rasteriser("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
        assert!(!is_software_rasteriser("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
    }

    #[test]
    fn the_choice_parses_and_names_a_bad_value() {
        assert_eq!(RendererChoice::parse("auto"), Ok(RendererChoice::Auto));
        assert_eq!(RendererChoice::parse(""), Ok(RendererChoice::Auto));
        assert_eq!(RendererChoice::parse(" GPU "), Ok(RendererChoice::Gpu));
        assert_eq!(RendererChoice::parse("software"), Ok(RendererChoice::Software));
        let err = RendererChoice::parse("vulkan").unwrap_err();
        assert!(err.contains("TABULA_RENDERER") && err.contains("vulkan"), "{err}");
    }
}
