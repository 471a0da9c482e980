//! Piece art: the SVG documents a rules plugin supplies per piece type and
//! player ([`rules_api::PieceType::art`]), rendered with `resvg` into an
//! image the size of a cell. The painter caches the result per size, so a
//! document is rendered once per size the window shows it at.

use std::hash::{Hash, Hasher};

use resvg::{tiny_skia, usvg};

use crate::image::Image;

/// A short fingerprint of a document, for cache keys.
pub fn fingerprint(svg: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    svg.hash(&mut h);
    h.finish()
}

/// Renders `svg` scaled to fit a `side`×`side` square, centred; returns the
/// image and its centre. An unreadable document is an error (the caller
/// draws the plugin's glyph instead).
pub fn render(svg: &str, side: f32) -> Result<(Image, (f32, f32)), String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| e.to_string())?;
    let size = tree.size();
    let px = side.round().max(1.0) as u32;
    let mut pixmap = tiny_skia::Pixmap::new(px, px).ok_or("empty image")?;
    let scale = px as f32 / size.width().max(size.height()).max(1e-3);
    let (dx, dy) = ((px as f32 - size.width() * scale) / 2.0, (px as f32 - size.height() * scale) / 2.0);
    resvg::render(&tree, tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, dx, dy), &mut pixmap.as_mut());
    // tiny-skia keeps premultiplied alpha; images here are straight.
    let pixels = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let half = px as f32 / 2.0;
    Ok((Image { width: px, height: px, pixels }, (half, half)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_renders_at_the_size_asked_and_bad_ones_are_refused() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="0" y="0" width="5" height="10" fill="#ff0000"/></svg>"##;
        let (image, centre) = render(svg, 40.0).unwrap();
        assert_eq!((image.width, image.height, centre), (40, 40, (20.0, 20.0)));
        assert_eq!(image.pixel(5, 20), [255, 0, 0, 255]);
        assert_eq!(image.pixel(35, 20)[3], 0);
        assert!(render("<svg", 40.0).is_err());
        assert_ne!(fingerprint(svg), fingerprint("x"));
    }
}
