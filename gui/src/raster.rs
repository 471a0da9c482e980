//! Shapes rasterised on the CPU: anti-aliased discs and rings (as images,
//! cached as textures by the painter) and scanline spans of polygons.

use rules_api::Rgba;

use super::image::Image;

/// How much of a pixel whose centre is `d` from the centre lies inside a
/// circle of radius `r` (a one-pixel linear ramp: cheap and smooth enough).
fn coverage(r: f32, d: f32) -> f32 {
    (r - d + 0.5).clamp(0.0, 1.0)
}

fn mix(a: Rgba, b: Rgba, t: f32) -> [f32; 3] {
    let m = |x: u8, y: u8| x as f32 * t + y as f32 * (1.0 - t);
    [m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)]
}

/// The side of the square image that holds a disc of `radius` pixels.
pub fn disc_image_size(radius: f32) -> u32 {
    (2.0 * radius + 2.0).ceil() as u32
}

/// An image just large enough for a circle of `radius`, each pixel given by
/// `pixel(distance from the centre)`; `None` leaves it transparent.
fn radial(radius: f32, pixel: impl Fn(f32) -> Option<[u8; 4]>) -> Image {
    let size = disc_image_size(radius);
    let mut image = Image::new(size, size);
    let c = size as f32 / 2.0;
    for y in 0..size {
        for x in 0..size {
            let d = ((x as f32 + 0.5 - c).powi(2) + (y as f32 + 0.5 - c).powi(2)).sqrt();
            if let Some(rgba) = pixel(d) {
                let i = ((y * size + x) * 4) as usize;
                image.pixels[i..i + 4].copy_from_slice(&rgba);
            }
        }
    }
    image
}

/// A disc of `radius` pixels filled with `fill`, with a rim of `rim_width`
/// pixels in `rim` (0 for none); smooth edges, centred in its image.
pub fn disc(radius: f32, fill: Rgba, rim: Rgba, rim_width: f32) -> Image {
    radial(radius, |d| {
        let outer = coverage(radius, d);
        if outer <= 0.0 {
            return None;
        }
        let inner = if rim_width > 0.0 { coverage(radius - rim_width, d) } else { 1.0 };
        let rgb = mix(fill, rim, inner);
        let alpha = outer * (fill.a as f32 * inner + rim.a as f32 * (1.0 - inner));
        Some([rgb[0] as u8, rgb[1] as u8, rgb[2] as u8, alpha.round() as u8])
    })
}

/// A ring of outer `radius` and `width` pixels in `color`, smooth edges.
pub fn ring(radius: f32, width: f32, color: Rgba) -> Image {
    radial(radius, |d| {
        let cover = coverage(radius, d) - coverage(radius - width, d);
        (cover > 0.0).then(|| [color.r, color.g, color.b, (cover * color.a as f32).round() as u8])
    })
}

/// Draws `src` over `dst` with its top-left corner at (ox, oy) ("source
/// over" compositing of straight-alpha images).
pub fn composite(dst: &mut Image, src: &Image, ox: i32, oy: i32) {
    for y in 0..src.height as i32 {
        for x in 0..src.width as i32 {
            let (dx, dy) = (x + ox, y + oy);
            if dx < 0 || dy < 0 || dx >= dst.width as i32 || dy >= dst.height as i32 {
                continue;
            }
            let s = src.pixel(x as u32, y as u32);
            if s[3] == 0 {
                continue;
            }
            let i = ((dy as u32 * dst.width + dx as u32) * 4) as usize;
            let d = &mut dst.pixels[i..i + 4];
            let (sa, da) = (s[3] as f32 / 255.0, d[3] as f32 / 255.0);
            let out_a = sa + da * (1.0 - sa);
            for k in 0..3 {
                let v = (s[k] as f32 * sa + d[k] as f32 * da * (1.0 - sa)) / out_a.max(1e-6);
                d[k] = v.round().clamp(0.0, 255.0) as u8;
            }
            d[3] = (out_a * 255.0).round() as u8;
        }
    }
}

/// The bounding box of the pixels with some alpha: (x0, y0, x1, y1), ends
/// exclusive; the whole image when it is empty.
pub fn ink_box(image: &Image) -> (u32, u32, u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (image.width, image.height, 0, 0);
    for y in 0..image.height {
        for x in 0..image.width {
            if image.pixel(x, y)[3] > 24 {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + 1);
                y1 = y1.max(y + 1);
            }
        }
    }
    if x1 <= x0 {
        (0, 0, image.width, image.height)
    } else {
        (x0, y0, x1, y1)
    }
}

/// A horizontal run of pixels: row `y`, columns `x0..x1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// Row.
    pub y: i32,
    /// First column.
    pub x0: i32,
    /// One past the last column.
    pub x1: i32,
}

/// The pixels whose centres lie inside the polygon (even-odd rule), as
/// spans; `points` are in pixels, in order around the polygon.
pub fn polygon_spans(points: &[(f32, f32)]) -> Vec<Span> {
    let mut spans = Vec::new();
    if points.len() < 3 {
        return spans;
    }
    let top = points.iter().map(|p| p.1).fold(f32::INFINITY, f32::min).floor() as i32;
    let bottom = points.iter().map(|p| p.1).fold(f32::NEG_INFINITY, f32::max).ceil() as i32;
    let mut crossings = Vec::new();
    for y in top..=bottom {
        let sy = y as f32 + 0.5;
        crossings.clear();
        for i in 0..points.len() {
            let (a, b) = (points[i], points[(i + 1) % points.len()]);
            if (a.1 <= sy) != (b.1 <= sy) {
                crossings.push(a.0 + (sy - a.1) / (b.1 - a.1) * (b.0 - a.0));
            }
        }
        crossings.sort_by(f32::total_cmp);
        for pair in crossings.chunks_exact(2) {
            let x0 = (pair[0] - 0.5).ceil() as i32;
            let x1 = (pair[1] - 0.5).ceil() as i32;
            if x1 > x0 {
                spans.push(Span { y, x0, x1 });
            }
        }
    }
    spans
}

/// The four corners of a straight segment `width` pixels wide, extended
/// by half its width at both ends so that meeting segments join squarely.
pub fn thick_line(x1: f32, y1: f32, x2: f32, y2: f32, width: f32) -> [(f32, f32); 4] {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-6);
    let (ux, uy) = (dx / len * width / 2.0, dy / len * width / 2.0);
    let (nx, ny) = (-uy, ux);
    [
        (x1 - ux + nx, y1 - uy + ny),
        (x2 + ux + nx, y2 + uy + ny),
        (x2 + ux - nx, y2 + uy - ny),
        (x1 - ux - nx, y1 - uy - ny),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disc_is_opaque_inside_clear_outside_and_rimmed() {
        let image = disc(10.0, Rgba::rgb(255, 255, 255), Rgba::rgb(0, 0, 0), 2.0);
        let c = image.width / 2;
        assert_eq!(image.pixel(c, c), [255, 255, 255, 255]);
        assert_eq!(image.pixel(0, 0)[3], 0);
        let rim = image.pixel(c, c - 9);
        assert!(rim[0] < 60 && rim[3] > 200, "{rim:?}");
    }

    #[test]
    fn compositing_puts_opaque_over_and_blends_translucent() {
        let mut dst = disc(4.0, Rgba::rgb(0, 0, 255), Rgba::TRANSPARENT, 0.0);
        let mut src = Image::new(2, 1);
        src.pixels.copy_from_slice(&[255, 0, 0, 255, 255, 0, 0, 128]);
        let c = dst.width / 2;
        composite(&mut dst, &src, c as i32, c as i32);
        assert_eq!(dst.pixel(c, c), [255, 0, 0, 255]);
        let half = dst.pixel(c + 1, c);
        assert!(half[0] > 100 && half[2] > 100 && half[3] == 255, "{half:?}");
        assert_eq!(ink_box(&src), (0, 0, 2, 1));
    }

    #[test]
    fn ring_is_hollow() {
        let image = ring(10.0, 2.0, Rgba::rgb(0, 200, 0));
        let c = image.width / 2;
        assert_eq!(image.pixel(c, c)[3], 0);
        assert!(image.pixel(c, c - 9)[3] > 200);
    }

    #[test]
    fn square_polygon_covers_exactly_its_pixels() {
        let spans = polygon_spans(&[(1.0, 1.0), (4.0, 1.0), (4.0, 3.0), (1.0, 3.0)]);
        assert_eq!(spans, vec![Span { y: 1, x0: 1, x1: 4 }, Span { y: 2, x0: 1, x1: 4 }]);
        let area: i32 = polygon_spans(&thick_line(0.0, 0.0, 10.0, 10.0, 2.0)).iter().map(|s| s.x1 - s.x0).sum();
        // 2 wide, about 14.1 + 2 long.
        assert!((28..=36).contains(&area), "{area}");
    }
}
