//! A system CJK font, for the characters the bundled subsets lack: asked of
//! fontconfig (`fc-match`) when it is installed, else looked for at the
//! paths where the usual distributions put Noto CJK, WenQuanYi, Droid and
//! the macOS and Windows Chinese fonts.
//!
//! `TABULA_SYSTEM_CJK_FONT` names a file (`path` or `path:index` for a
//! collection) to use instead; set to an empty value it turns the fallback
//! off, so a test can see exactly what the bundled faces draw.

use std::path::{Path, PathBuf};
use std::process::Command;

use fontdue::{Font, FontSettings};

/// Well-known places of a CJK font with the collection index of its
/// Simplified Chinese face.
const KNOWN: [(&str, u32); 9] = [
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc", 2),
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
    ("/System/Library/Fonts/PingFang.ttc", 0),
    ("/Library/Fonts/Arial Unicode.ttf", 0),
    ("C:\\Windows\\Fonts\\msyh.ttc", 0),
];

/// Where the fallback font is: the environment's choice, fontconfig's
/// answer for Simplified Chinese, or the first known path that exists.
/// `None` when turned off or nothing is installed.
pub fn locate() -> Option<(PathBuf, u32)> {
    if let Some(chosen) = std::env::var_os("TABULA_SYSTEM_CJK_FONT") {
        let chosen = chosen.to_string_lossy().to_string();
        return (!chosen.is_empty()).then(|| parse_choice(&chosen));
    }
    from_fontconfig()
        .or_else(|| KNOWN.iter().find(|(path, _)| Path::new(path).is_file()).map(|(p, i)| (PathBuf::from(p), *i)))
}

/// `path` or `path:index`.
fn parse_choice(text: &str) -> (PathBuf, u32) {
    match text.rsplit_once(':').and_then(|(p, i)| Some((p, i.parse::<u32>().ok()?))) {
        Some((path, index)) => (PathBuf::from(path), index),
        None => (PathBuf::from(text), 0),
    }
}

/// fontconfig's best font for Simplified Chinese, when it names one that
/// claims the language (its answer is some Latin font when none is installed).
fn from_fontconfig() -> Option<(PathBuf, u32)> {
    let out = Command::new("fc-match").args(["-f", "%{file}\n%{index}\n%{lang}", "sans-serif:lang=zh-cn"]).output();
    let out = out.ok().filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut lines = text.lines();
    let (file, index, langs) = (lines.next()?, lines.next()?, lines.next().unwrap_or(""));
    let chinese = langs.split('|').any(|l| l == "zh-cn");
    (chinese && Path::new(file).is_file()).then(|| (PathBuf::from(file), index.parse().unwrap_or(0)))
}

/// The fallback font, parsed; `None` (and a line on stderr, once) when
/// there is none or it cannot be read.
pub fn load() -> Option<Font> {
    let (path, index) = locate()?;
    let bytes = std::fs::read(&path).map_err(|e| eprintln!("tabula: cannot read {}: {e}", path.display())).ok()?;
    let settings = FontSettings { collection_index: index, ..FontSettings::default() };
    Font::from_bytes(bytes, settings)
        .map_err(|e| eprintln!("tabula: {} (face {index}) is not a usable font: {e}", path.display()))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chosen_font_is_a_path_and_an_optional_face_index() {
        assert_eq!(parse_choice("/f/a.ttc:2"), (PathBuf::from("/f/a.ttc"), 2));
        assert_eq!(parse_choice("/f/a.ttf"), (PathBuf::from("/f/a.ttf"), 0));
        assert_eq!(parse_choice("C:\\Fonts\\x.ttf"), (PathBuf::from("C:\\Fonts\\x.ttf"), 0));
    }

    /// On a machine with a system CJK font (Debian: fonts-noto-cjk, which
    /// the test setup does not install: elsewhere this checks nothing), a
    /// character no bundled subset has is drawn from it, not as a blank.
    #[test]
    fn a_rare_character_comes_from_the_system_font_when_one_is_installed() {
        let Some((path, _)) = locate() else {
            eprintln!("no system CJK font: nothing to check");
            return;
        };
        let fonts = crate::fonts::fonts().unwrap();
        // 龘 (U+9F98) is outside GB 2312 and every bundled text.
        assert!(!fonts.covers("龘"), "the subset holds 龘: pick another rare character");
        assert!(fonts.draws("龘"), "{} does not draw 龘", path.display());
    }
}
