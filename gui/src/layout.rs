//! Where the board goes on screen: the geometry's bounding box (cells,
//! lines, marks and labels) scaled to fit an area and centred, layers side
//! by side, optionally turned half a turn (player 0 at the top).

use rules_api::{CellShape, Geometry};

/// A rectangle in pixels.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Area {
    /// Left.
    pub x: f32,
    /// Top.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Area {
    /// Whether the point lies inside.
    pub fn contains(&self, x: f32, y: f32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }
}

/// Board units between two layers drawn side by side.
const LAYER_GAP: f32 = 0.6;
/// Board units kept free around the outermost element.
const MARGIN: f32 = 0.15;

/// Extent of one layer in board units.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Bounds {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

impl Bounds {
    const EMPTY: Bounds = Bounds { x0: f32::INFINITY, y0: f32::INFINITY, x1: f32::NEG_INFINITY, y1: f32::NEG_INFINITY };
    fn add(&mut self, x: f32, y: f32, half: f32) {
        self.x0 = self.x0.min(x - half);
        self.y0 = self.y0.min(y - half);
        self.x1 = self.x1.max(x + half);
        self.y1 = self.y1.max(y + half);
    }
    fn is_empty(&self) -> bool {
        self.x1 < self.x0
    }
}

/// The mapping between board units and pixels for one geometry and area.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardLayout {
    /// Pixels per board unit.
    pub scale: f32,
    bounds: Bounds,
    cells_bounds: Bounds,
    layer_width: f32,
    origin_x: f32,
    origin_y: f32,
    /// Whether the board is turned half a turn.
    pub flipped: bool,
    layers: u16,
}

impl BoardLayout {
    /// Fits `geometry` into `area`.
    pub fn new(geometry: &Geometry, area: Area, flipped: bool) -> BoardLayout {
        let mut bounds = Bounds::EMPTY;
        let mut cells_bounds = Bounds::EMPTY;
        for cell in geometry.cells.iter() {
            let half = if cell.shape == CellShape::POINT { 0.45 } else { 0.5 };
            bounds.add(cell.x, cell.y, half);
            cells_bounds.add(cell.x, cell.y, 0.0);
        }
        for line in geometry.lines.iter() {
            bounds.add(line.x1, line.y1, line.width);
            bounds.add(line.x2, line.y2, line.width);
        }
        for mark in geometry.marks.iter() {
            bounds.add(mark.x, mark.y, mark.size / 2.0);
        }
        for label in geometry.labels.iter() {
            bounds.add(label.x, label.y, 0.3);
        }
        if bounds.is_empty() {
            bounds = Bounds { x0: 0.0, y0: 0.0, x1: 1.0, y1: 1.0 };
            cells_bounds = bounds;
        }
        bounds.x0 -= MARGIN;
        bounds.y0 -= MARGIN;
        bounds.x1 += MARGIN;
        bounds.y1 += MARGIN;
        let layers = geometry.layers.max(1);
        let layer_width = bounds.x1 - bounds.x0;
        let total_w = layer_width * layers as f32 + LAYER_GAP * (layers - 1) as f32;
        let total_h = bounds.y1 - bounds.y0;
        let scale = (area.w / total_w).min(area.h / total_h).max(0.01);
        let origin_x = area.x + (area.w - total_w * scale) / 2.0;
        let origin_y = area.y + (area.h - total_h * scale) / 2.0;
        BoardLayout { scale, bounds, cells_bounds, layer_width, origin_x, origin_y, flipped, layers }
    }

    /// The pixel position of board point (x, y) on `layer`.
    pub fn to_screen(&self, x: f32, y: f32, layer: u16) -> (f32, f32) {
        let b = &self.bounds;
        let (x, y) = if self.flipped { (b.x0 + b.x1 - x, b.y0 + b.y1 - y) } else { (x, y) };
        let layer_x = layer.min(self.layers - 1) as f32 * (self.layer_width + LAYER_GAP);
        (self.origin_x + (layer_x + x - b.x0) * self.scale, self.origin_y + (y - b.y0) * self.scale)
    }

    /// The board point (x, y) and layer under pixel (sx, sy), if over a layer.
    pub fn to_board(&self, sx: f32, sy: f32) -> Option<(f32, f32, u16)> {
        let b = &self.bounds;
        let ux = (sx - self.origin_x) / self.scale;
        let uy = (sy - self.origin_y) / self.scale;
        let stride = self.layer_width + LAYER_GAP;
        if ux < 0.0 || uy < 0.0 || uy > b.y1 - b.y0 {
            return None;
        }
        let layer = (ux / stride).floor() as u16;
        let within = ux - layer as f32 * stride;
        if layer >= self.layers || within > self.layer_width {
            return None;
        }
        let (x, y) = (b.x0 + within, b.y0 + uy);
        Some(if self.flipped { (b.x0 + b.x1 - x, b.y0 + b.y1 - y, layer) } else { (x, y, layer) })
    }

    /// The cell under pixel (sx, sy): the nearest centre on that layer
    /// within 0.55 board units (a cell's own square, hexagon or disc).
    pub fn cell_at(&self, geometry: &Geometry, sx: f32, sy: f32) -> Option<u16> {
        let (x, y, layer) = self.to_board(sx, sy)?;
        geometry
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.layer == layer || self.layers == 1)
            .map(|(i, c)| (i, (c.x - x).powi(2) + (c.y - y).powi(2)))
            .filter(|(_, d2)| *d2 <= 0.55 * 0.55)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i as u16)
    }

    /// The pixel rectangle of one layer's background (the whole bounding box).
    pub fn layer_area(&self, layer: u16) -> Area {
        let (x, y) = self.to_screen(
            if self.flipped { self.bounds.x1 } else { self.bounds.x0 },
            if self.flipped { self.bounds.y1 } else { self.bounds.y0 },
            layer,
        );
        Area { x, y, w: self.layer_width * self.scale, h: (self.bounds.y1 - self.bounds.y0) * self.scale }
    }

    /// Whether board point (x, y) has cells on its left, right, top and
    /// bottom sides (used to draw only the inner corner ticks of edge points).
    pub fn inside_sides(&self, x: f32, y: f32) -> [bool; 4] {
        let c = &self.cells_bounds;
        [x - 0.01 > c.x0, x + 0.01 < c.x1, y - 0.01 > c.y0, y + 0.01 < c.y1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{Cell, Rgba};

    fn grid(n: u16, layers: u16) -> Geometry {
        let mut cells = Vec::new();
        for layer in 0..layers {
            for i in 0..n * n {
                cells.push(Cell {
                    x: (i % n) as f32,
                    y: (i / n) as f32,
                    layer,
                    shape: CellShape::SQUARE,
                    color: Rgba::rgb(1, 2, 3),
                    name: format!("c{i}").into(),
                });
            }
        }
        Geometry {
            cells: cells.into(),
            lines: Default::default(),
            marks: Default::default(),
            labels: Default::default(),
            background: Rgba::rgb(0, 0, 0),
            layers,
        }
    }

    #[test]
    fn square_board_fits_and_is_centred() {
        let g = grid(8, 1);
        let layout = BoardLayout::new(&g, Area { x: 0.0, y: 0.0, w: 1000.0, h: 500.0 }, false);
        let (x0, y0) = layout.to_screen(-0.5, -0.5, 0);
        let (x1, y1) = layout.to_screen(7.5, 7.5, 0);
        assert!((y1 - y0 - (x1 - x0)).abs() < 0.01);
        assert!(y0 >= 0.0 && y1 <= 500.0);
        assert!(((x0 + x1) / 2.0 - 500.0).abs() < 0.5, "centred: {x0} {x1}");
    }

    #[test]
    fn every_cell_is_found_under_its_centre_flipped_or_not() {
        for layers in [1, 3] {
            let g = grid(5, layers);
            for flipped in [false, true] {
                let layout = BoardLayout::new(&g, Area { x: 10.0, y: 20.0, w: 900.0, h: 300.0 }, flipped);
                for (i, c) in g.cells.iter().enumerate() {
                    let (sx, sy) = layout.to_screen(c.x, c.y, c.layer);
                    assert_eq!(layout.cell_at(&g, sx, sy), Some(i as u16), "layers {layers} flipped {flipped}");
                }
                assert_eq!(layout.cell_at(&g, 0.0, 0.0), None);
            }
        }
    }

    #[test]
    fn flipping_turns_the_board_half_a_turn() {
        let g = grid(4, 1);
        let area = Area { x: 0.0, y: 0.0, w: 400.0, h: 400.0 };
        let plain = BoardLayout::new(&g, area, false);
        let flipped = BoardLayout::new(&g, area, true);
        let (ax, ay) = plain.to_screen(0.0, 0.0, 0);
        let (bx, by) = flipped.to_screen(3.0, 3.0, 0);
        assert!((ax - bx).abs() < 0.01 && (ay - by).abs() < 0.01);
    }
}
