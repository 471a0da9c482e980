//! The outlines of the characters the shipped definitions draw pieces
//! with, taken from the fonts bundled in `assets/fonts`, written as SVG
//! path data. The window renders piece art without fonts (resvg without
//! text support), so the shogi, xiangqi and janggi art carries its
//! characters as paths.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

/// The faces looked in, in order: the serif face of the piece characters,
/// the sans CJK face, the Latin face (letters on makruk-style pieces).
const FACES: [&str; 3] = ["TabulaCJK-Subset.otf", "TabulaCJK-UI-Subset.otf", "DejaVuSans-Subset.ttf"];

/// SVG path data in a 1000-unit em, y down, and the outline's bounds.
struct Pen {
    d: String,
    scale: f32,
}

impl Pen {
    fn pt(&mut self, x: f32, y: f32) {
        let (x, y) = ((x * self.scale).round() as i32, (-y * self.scale).round() as i32);
        write!(self.d, "{x} {y}").expect("write");
    }
}

impl ttf_parser::OutlineBuilder for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.d.push('M');
        self.pt(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('L');
        self.pt(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.d.push('Q');
        self.pt(x1, y1);
        self.d.push(' ');
        self.pt(x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.d.push('C');
        self.pt(x1, y1);
        self.d.push(' ');
        self.pt(x2, y2);
        self.d.push(' ');
        self.pt(x, y);
    }
    fn close(&mut self) {
        self.d.push('Z');
    }
}

/// The characters between quotes on the `glyph`, `glyphs` and `kanji`
/// lines of a definition, and the Latin letters and digits.
pub fn wanted(texts: &[String]) -> BTreeSet<char> {
    let mut out: BTreeSet<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    for text in texts {
        for line in text.lines().map(str::trim) {
            if ["glyph ", "glyph=", "glyphs", "kanji"].iter().any(|k| line.starts_with(k)) {
                let values = line.split_once('=').map_or("", |(_, v)| v);
                out.extend(values.chars().filter(|c| !c.is_ascii() && !c.is_whitespace()));
            }
        }
    }
    out
}

/// Writes `outlines.rs`: `OUTLINES`, sorted by character, each with its
/// bounds (x0, y0, x1, y1) and path data in a 1000-unit em, y down.
pub fn write(fonts: &Path, chars: &BTreeSet<char>, target: &Path) {
    let data: Vec<Vec<u8>> = FACES
        .iter()
        .map(|f| {
            let path = fonts.join(f);
            println!("cargo:rerun-if-changed={}", path.display());
            std::fs::read(&path).unwrap_or_else(|e| panic!("font {}: {e}", path.display()))
        })
        .collect();
    let faces: Vec<ttf_parser::Face> =
        data.iter().map(|d| ttf_parser::Face::parse(d, 0).expect("a readable font")).collect();
    let mut out = String::from(
        "/// Character outlines: (character, [x0, y0, x1, y1], SVG path data), 1000 units per em, y down.\n",
    );
    out.push_str("pub const OUTLINES: &[(char, [i16; 4], &str)] = &[\n");
    for &c in chars {
        for face in &faces {
            let Some(id) = face.glyph_index(c) else { continue };
            let mut pen = Pen { d: String::new(), scale: 1000.0 / face.units_per_em() as f32 };
            let Some(b) = face.outline_glyph(id, &mut pen) else { continue };
            let s = pen.scale;
            let bounds = [
                (b.x_min as f32 * s).round() as i16,
                (-b.y_max as f32 * s).round() as i16,
                (b.x_max as f32 * s).round() as i16,
                (-b.y_min as f32 * s).round() as i16,
            ];
            writeln!(out, "    ({c:?}, {bounds:?}, {:?}),", pen.d).expect("write");
            break;
        }
    }
    out.push_str("];\n");
    std::fs::write(target, out).expect("write outlines.rs");
}
