//! The bundled fonts, found at run time, and text rasterised into images.
//!
//! Text is rasterised by `fontdue` (pure Rust), so the pixels do not depend
//! on the system's font libraries: the image snapshots are the same on every
//! machine. Each character is drawn with the first face that has it (the
//! Latin face, then the CJK subsets), so one string may mix both. A
//! character none of them has (a rare hanzi in a name) is drawn with a
//! system CJK font when one is installed (`system_font`), loaded
//! on first need, rather than as a blank.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use fontdue::{Font, FontSettings};
use rules_api::Rgba;

use super::image::Image;
use super::GuiError;

/// The Latin face, with the board-game symbols U+2654–U+265F.
const REGULAR_FILE: &str = "DejaVuSans-Subset.ttf";
/// The bold Latin face, for headings.
const BOLD_FILE: &str = "DejaVuSans-Bold-Subset.ttf";
/// The CJK subset (piece characters, board words, numerals).
const CJK_FILE: &str = "TabulaCJK-Subset.otf";
/// The Chinese interface's face (the characters of the zh-CN catalogue).
const CJK_UI_FILE: &str = "TabulaCJK-UI-Subset.otf";

/// Which face a piece of text prefers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
    /// Piece and board characters: the serif CJK face before the sans one.
    Glyph,
}

/// The loaded faces.
pub struct Fonts {
    regular: Font,
    bold: Font,
    cjk: Font,
    cjk_ui: Font,
    /// A system CJK font for characters outside the subsets, looked for
    /// (and parsed: several megabytes) only when such a character shows.
    system: OnceLock<Option<Font>>,
}

static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();

/// The process-wide fonts, loaded on first use.
pub fn fonts() -> Result<&'static Fonts, GuiError> {
    FONTS.get_or_init(|| Fonts::load().map_err(|e| e.to_string())).as_ref().map_err(|e| GuiError::Assets(e.clone()))
}

/// Directories that may hold `assets/fonts`: `$TABULA_ASSETS`, then beside
/// the executable and every directory above it, then the working directory
/// and above, then the source tree this binary was built from.
fn candidate_dirs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(dir) = std::env::var_os("TABULA_ASSETS") {
        out.push(PathBuf::from(dir).join("fonts"));
    }
    let mut walk = |start: &Path| {
        for dir in start.ancestors() {
            out.push(dir.join("assets").join("fonts"));
        }
    };
    if let Ok(exe) = std::env::current_exe() {
        let exe = exe.canonicalize().unwrap_or(exe);
        if let Some(dir) = exe.parent() {
            walk(dir);
        }
    }
    if let Ok(cwd) = std::env::current_dir() {
        walk(&cwd);
    }
    out.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("assets").join("fonts"));
    out
}

/// The first directory holding all three font files.
pub fn find_font_dir() -> Result<PathBuf, GuiError> {
    let candidates = candidate_dirs();
    candidates
        .iter()
        .find(|d| [REGULAR_FILE, BOLD_FILE, CJK_FILE, CJK_UI_FILE].iter().all(|f| d.join(f).is_file()))
        .cloned()
        .ok_or_else(|| {
            let tried: Vec<String> = candidates.iter().take(6).map(|d| d.display().to_string()).collect();
            GuiError::Assets(format!(
                "cannot find the fonts ({REGULAR_FILE}, {BOLD_FILE}, {CJK_FILE}, {CJK_UI_FILE}) in an assets/fonts directory; \
                 tried {} and more; set TABULA_ASSETS to the assets directory",
                tried.join(", ")
            ))
        })
}

fn load_face(dir: &Path, file: &str) -> Result<Font, GuiError> {
    let path = dir.join(file);
    let bytes = std::fs::read(&path).map_err(|e| GuiError::Assets(format!("cannot read {}: {e}", path.display())))?;
    Font::from_bytes(bytes, FontSettings::default())
        .map_err(|e| GuiError::Assets(format!("{} is not a usable font: {e}", path.display())))
}

impl Fonts {
    /// Loads the three faces from the assets directory.
    pub fn load() -> Result<Fonts, GuiError> {
        let dir = find_font_dir()?;
        Ok(Fonts {
            regular: load_face(&dir, REGULAR_FILE)?,
            bold: load_face(&dir, BOLD_FILE)?,
            cjk: load_face(&dir, CJK_FILE)?,
            cjk_ui: load_face(&dir, CJK_UI_FILE)?,
            system: OnceLock::new(),
        })
    }

    /// The system CJK font, found and parsed on the first call.
    fn system_face(&self) -> Option<&Font> {
        self.system.get_or_init(crate::system_font::load).as_ref()
    }

    /// The bundled face that draws `ch` (the preferred Latin face, the
    /// regular one, the CJK subsets), if one does.
    fn bundled_face(&self, ch: char, style: Style) -> Option<&Font> {
        let order = match style {
            Style::Regular => [&self.regular, &self.regular, &self.cjk_ui, &self.cjk],
            Style::Bold => [&self.bold, &self.regular, &self.cjk_ui, &self.cjk],
            Style::Glyph => [&self.regular, &self.regular, &self.cjk, &self.cjk_ui],
        };
        order.into_iter().find(|f| f.lookup_glyph_index(ch) != 0)
    }

    /// The face that draws `ch`: a bundled one, else the system CJK font
    /// when it has the character, else the preferred face's "missing
    /// glyph" box. Spaces and controls never wake the system font.
    fn face(&self, ch: char, style: Style) -> &Font {
        if let Some(face) = self.bundled_face(ch, style) {
            return face;
        }
        let system = (ch > ' ' && !ch.is_control()).then(|| self.system_face()).flatten();
        match system.filter(|f| f.lookup_glyph_index(ch) != 0) {
            Some(face) => face,
            None if style == Style::Bold => &self.bold,
            None => &self.regular,
        }
    }

    /// Ascent and descent (negative) of a line at `px`.
    fn line_metrics(&self, px: f32) -> (f32, f32) {
        self.regular.horizontal_line_metrics(px).map_or((px * 0.93, -px * 0.24), |m| (m.ascent, m.descent))
    }

    /// Width and height in pixels of `text` drawn at `px`.
    pub fn measure(&self, text: &str, px: f32, style: Style) -> (u32, u32) {
        let width: f32 = text.chars().map(|ch| self.face(ch, style).metrics(ch, px).advance_width).sum();
        let (ascent, descent) = self.line_metrics(px);
        (width.ceil().max(1.0) as u32, (ascent - descent).ceil().max(1.0) as u32)
    }

    /// `text` on one line at `px`, in `color`, on a transparent background;
    /// the image is [`Fonts::measure`] big, baseline at the ascent.
    pub fn rasterize(&self, text: &str, px: f32, style: Style, color: Rgba) -> Image {
        let (width, height) = self.measure(text, px, style);
        let mut image = Image::new(width, height);
        let (ascent, _) = self.line_metrics(px);
        let mut pen = 0.0f32;
        for ch in text.chars() {
            let face = self.face(ch, style);
            let (metrics, coverage) = face.rasterize(ch, px);
            let left = (pen + metrics.xmin as f32).round() as i64;
            let top = (ascent - metrics.height as f32 - metrics.ymin as f32).round() as i64;
            for gy in 0..metrics.height {
                for gx in 0..metrics.width {
                    let (x, y) = (left + gx as i64, top + gy as i64);
                    if x < 0 || y < 0 || x >= width as i64 || y >= height as i64 {
                        continue;
                    }
                    let c = coverage[gy * metrics.width + gx] as u32;
                    let i = ((y as u32 * width + x as u32) * 4) as usize;
                    let alpha = (c * color.a as u32 / 255) as u8;
                    if alpha > image.pixels[i + 3] {
                        image.pixels[i..i + 4].copy_from_slice(&[color.r, color.g, color.b, alpha]);
                    }
                }
            }
            pen += metrics.advance_width;
        }
        image
    }

    /// Whether some bundled face has a glyph for every character of `text`.
    pub fn covers(&self, text: &str) -> bool {
        text.chars().all(|ch| ch == ' ' || self.bundled_face(ch, Style::Regular).is_some())
    }

    /// Whether every character of `text` is drawn, by a bundled face or
    /// the system CJK font.
    pub fn draws(&self, text: &str) -> bool {
        text.chars().all(|ch| ch == ' ' || self.face(ch, Style::Regular).lookup_glyph_index(ch) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_fonts_cover_every_glyph_the_plugins_draw() {
        let fonts = fonts().expect("fonts in assets/fonts");
        for text in ["♔♕♖♗♘♙♚♛♜♝♞♟", "帥仕相傌俥炮兵將士象馬車砲卒", "楚河漢界", "一二三四五六七八九", "abc 123 ←→"]
        {
            assert!(fonts.covers(text), "{text} not covered");
        }
        assert!(!fonts.covers("\u{10FFFD}"));
    }

    #[test]
    fn every_character_of_the_interface_is_in_the_bundled_fonts() {
        let fonts = fonts().expect("fonts in assets/fonts");
        for (name, text) in [("en.ftl", crate::i18n::EN_FTL), ("zh-CN.ftl", crate::i18n::ZH_CN_FTL)] {
            let missing: String = text.chars().filter(|&c| c >= ' ' && !fonts.covers(&c.to_string())).collect();
            assert!(missing.is_empty(), "{name}: no glyph for {missing:?}: run scripts/subset-fonts.sh");
        }
    }

    #[test]
    fn every_chinese_character_a_bundled_plugin_writes_is_in_the_bundled_fonts() {
        // Help texts, board words, notation and translations come from the
        // plugins: a character outside the subset would need a system font.
        let fonts = fonts().expect("fonts in assets/fonts");
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins")];
        let mut missing = std::collections::BTreeSet::new();
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().map(Result::unwrap) {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs" || e == "ftl") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    missing.extend(text.chars().filter(|&c| c >= '\u{2E80}' && !fonts.covers(&c.to_string())));
                }
            }
        }
        assert!(missing.is_empty(), "no glyph for {missing:?}: run scripts/subset-fonts.sh");
    }

    #[test]
    fn the_common_characters_of_names_are_in_the_bundled_interface_face() {
        // Issue 25: these were blanks in names, saves and chat.
        let fonts = fonts().expect("fonts in assets/fonts");
        for ch in "我张伟芳测试".chars() {
            assert_ne!(fonts.cjk_ui.lookup_glyph_index(ch), 0, "{ch} missing from {CJK_UI_FILE}");
        }
        // The whole of GB 2312 level 1 (rows 16-55), as subset-fonts.sh builds it.
        let level1 = include_str!("../tests/data/gb2312-level1.txt").trim();
        assert_eq!(level1.chars().count(), 3755);
        let missing: String = level1.chars().filter(|&c| fonts.cjk_ui.lookup_glyph_index(c) == 0).collect();
        assert!(missing.is_empty(), "not in {CJK_UI_FILE}: {missing}");
        let image = fonts.rasterize("我张伟芳测试", 32.0, Style::Regular, Rgba::rgb(0, 0, 0));
        for k in 0..6u32 {
            // Each character's own cell has ink: none was drawn as a blank.
            let cell = image.width / 6;
            let inked = (0..image.height)
                .flat_map(|y| (k * cell..(k + 1) * cell).map(move |x| (x, y)))
                .filter(|&(x, y)| image.pixel(x, y)[3] > 128)
                .count();
            assert!(inked > 40, "character {k} has {inked} inked pixels");
        }
    }

    #[test]
    fn rasterised_text_has_ink_where_the_glyph_is() {
        let fonts = fonts().unwrap();
        let image = fonts.rasterize("帥", 40.0, Style::Regular, Rgba::rgb(200, 0, 0));
        assert!(image.width >= 30 && image.height >= 30, "{}x{}", image.width, image.height);
        let inked = image.pixels.chunks_exact(4).filter(|p| p[3] > 128).count();
        assert!(inked > 100, "only {inked} inked pixels");
        assert_eq!(image.pixel(0, 0)[3], 0);
    }
}
