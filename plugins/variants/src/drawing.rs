//! SVG piece art per style.

use crate::variant::Variant;

/// The art of `kind` in the variant's piece style, per player (empty: the
/// glyph on a disc).
pub fn style_art(v: &Variant, kind: u8) -> Vec<String> {
    let _ = (v, kind);
    Vec::new()
}
