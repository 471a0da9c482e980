//! Plain RGBA images: what the rasterisers produce, what `render_png`
//! writes, and what the snapshot tests compare.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::Path;

use super::GuiError;

/// An 8-bit RGBA image, rows top to bottom, straight (not premultiplied) alpha.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes: red, green, blue, alpha.
    pub pixels: Vec<u8>,
}

impl Image {
    /// A fully transparent image.
    pub fn new(width: u32, height: u32) -> Image {
        Image { width, height, pixels: vec![0; (width * height * 4) as usize] }
    }

    /// The pixel at (x, y) as `[r, g, b, a]`.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2], self.pixels[i + 3]]
    }

    /// Mean absolute difference per channel over the whole image (0 = equal,
    /// 255 = opposite), or `None` when the sizes differ.
    pub fn mean_abs_diff(&self, other: &Image) -> Option<f64> {
        if self.width != other.width || self.height != other.height {
            return None;
        }
        let total: u64 = self.pixels.iter().zip(&other.pixels).map(|(a, b)| a.abs_diff(*b) as u64).sum();
        Some(total as f64 / self.pixels.len().max(1) as f64)
    }

    /// The fraction of pixels where some channel differs by more than `threshold`.
    pub fn fraction_differing(&self, other: &Image, threshold: u8) -> Option<f64> {
        if self.width != other.width || self.height != other.height {
            return None;
        }
        let differing = self
            .pixels
            .chunks_exact(4)
            .zip(other.pixels.chunks_exact(4))
            .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > threshold))
            .count();
        Some(differing as f64 / (self.width as f64 * self.height as f64).max(1.0))
    }
}

/// Writes `image` as an 8-bit RGBA PNG.
pub fn write_png(image: &Image, out: &Path) -> Result<(), GuiError> {
    let io = |e: std::io::Error| GuiError::Io { file: out.display().to_string(), reason: e.to_string() };
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let file = File::create(out).map_err(io)?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), image.width, image.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let png_err = |e: png::EncodingError| GuiError::Io { file: out.display().to_string(), reason: e.to_string() };
    let mut writer = encoder.write_header().map_err(png_err)?;
    writer.write_image_data(&image.pixels).map_err(png_err)?;
    writer.finish().map_err(png_err)
}

/// Reads an 8-bit RGB or RGBA PNG (as written by [`write_png`]).
pub fn read_png(path: &Path) -> Result<Image, GuiError> {
    let file_err = |reason: String| GuiError::Io { file: path.display().to_string(), reason };
    let file = File::open(path).map_err(|e| file_err(e.to_string()))?;
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(|e| file_err(e.to_string()))?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buf).map_err(|e| file_err(e.to_string()))?;
    buf.truncate(frame.buffer_size());
    let pixels = match (frame.color_type, frame.bit_depth) {
        (png::ColorType::Rgba, png::BitDepth::Eight) => buf,
        (png::ColorType::Rgb, png::BitDepth::Eight) => {
            buf.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect()
        }
        (color, depth) => return Err(file_err(format!("unsupported PNG format {color:?} {depth:?}"))),
    };
    Ok(Image { width: frame.width, height: frame.height, pixels })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_round_trips_and_differences_are_measured() {
        let mut image = Image::new(3, 2);
        image.pixels[0..4].copy_from_slice(&[10, 20, 30, 255]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.png");
        write_png(&image, &path).unwrap();
        let back = read_png(&path).unwrap();
        assert_eq!(back, image);
        assert_eq!(back.mean_abs_diff(&image), Some(0.0));
        let mut other = image.clone();
        other.pixels[0] = 34;
        assert_eq!(other.mean_abs_diff(&image), Some(1.0));
        assert_eq!(other.fraction_differing(&image, 5), Some(1.0 / 6.0));
        assert_eq!(Image::new(1, 1).mean_abs_diff(&image), None);
    }
}
