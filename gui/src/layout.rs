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

/// The smallest window the controls are laid out for.
pub const MIN_WINDOW: (u32, u32) = (640, 480);

/// Where the panel goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PanelSide {
    /// To the right of the board (landscape windows).
    Right,
    /// Under the board (portrait windows).
    Bottom,
}

/// The window divided between the board and the panel; the panel's
/// controls sit in `controls` and the move list in `moves`, side by side
/// when the panel is wide enough, else the list below the controls.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct WindowLayout {
    /// Where the board is drawn (before its margin).
    pub board: Area,
    /// The whole panel.
    pub panel: Area,
    /// Beside or under the board.
    pub side: PanelSide,
    /// The column of players, status and buttons.
    pub controls: Area,
    /// The move list's column, when it has its own (wide panels).
    pub moves: Option<Area>,
    /// The base text size in pixels.
    pub px: f32,
}

/// The height of the panel's controls (title, seats, thinking, status,
/// buttons, move entry) in units of the text size; `PanelRects` lays them
/// out within it (a test keeps the two in step).
pub const CONTROLS_HEIGHT: f32 = 29.8;

/// The narrowest column of controls.
const CONTROLS_MIN_W: f32 = 290.0;
/// The widest column of controls.
const CONTROLS_MAX_W: f32 = 400.0;

impl WindowLayout {
    /// The layout of a `w`×`h` window (sizes below [`MIN_WINDOW`] are laid
    /// out as if at the minimum and clipped).
    pub fn new(w: u32, h: u32) -> WindowLayout {
        let (w, h) = (w.max(MIN_WINDOW.0) as f32, h.max(MIN_WINDOW.1) as f32);
        let px = (w.min(h) / 42.0).clamp(12.0, 16.0);
        if h > w * 1.15 {
            // Portrait: the board on top, the panel below in two columns,
            // tall enough for every control.
            let panel_h = (h - w).max(h * 0.36).max(CONTROLS_HEIGHT * px).min(h * 0.6);
            let board = Area { x: 0.0, y: 0.0, w, h: h - panel_h };
            let panel = Area { x: 0.0, y: h - panel_h, w, h: panel_h };
            let controls_w = (w * 0.55).clamp(CONTROLS_MIN_W.min(w), CONTROLS_MAX_W.max(w * 0.55));
            let controls = Area { w: controls_w, ..panel };
            let moves = Area { x: controls_w, y: panel.y, w: w - controls_w, h: panel_h };
            return WindowLayout { board, panel, side: PanelSide::Bottom, controls, moves: Some(moves), px };
        }
        // Landscape: the board as large as the height allows, the panel
        // takes the rest; a wide panel gives the move list its own column.
        let mut panel_w = (w * 0.34).clamp(CONTROLS_MIN_W, CONTROLS_MAX_W);
        if w - panel_w > h * 1.25 {
            panel_w = (w - h * 1.1).min(w * 0.6);
        }
        let board = Area { x: 0.0, y: 0.0, w: w - panel_w, h };
        let panel = Area { x: w - panel_w, y: 0.0, w: panel_w, h };
        if panel_w >= CONTROLS_MIN_W + 220.0 {
            let controls_w = (panel_w * 0.58).clamp(CONTROLS_MIN_W, CONTROLS_MAX_W);
            let controls = Area { w: controls_w, ..panel };
            let moves = Area { x: panel.x + controls_w, y: 0.0, w: panel_w - controls_w, h };
            return WindowLayout { board, panel, side: PanelSide::Right, controls, moves: Some(moves), px };
        }
        WindowLayout { board, panel, side: PanelSide::Right, controls: panel, moves: None, px }
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

    fn inside(inner: Area, outer: Area) -> bool {
        inner.x >= outer.x - 0.01
            && inner.y >= outer.y - 0.01
            && inner.x + inner.w <= outer.x + outer.w + 0.01
            && inner.y + inner.h <= outer.y + outer.h + 0.01
    }

    #[test]
    fn windows_of_every_shape_split_without_overlap() {
        for (w, h) in [(640, 480), (1120, 760), (700, 1200), (1900, 600), (3840, 2160), (300, 200)] {
            let l = WindowLayout::new(w, h);
            let window = Area { x: 0.0, y: 0.0, w: w.max(MIN_WINDOW.0) as f32, h: h.max(MIN_WINDOW.1) as f32 };
            assert!(inside(l.board, window) && inside(l.panel, window), "{w}x{h}: {l:?}");
            assert!(inside(l.controls, l.panel), "{w}x{h}");
            assert!(l.controls.w >= 280.0, "{w}x{h}: controls {}", l.controls.w);
            if let Some(m) = l.moves {
                assert!(inside(m, l.panel) && m.x >= l.controls.x + l.controls.w - 0.01, "{w}x{h}");
                assert!(m.w >= 150.0, "{w}x{h}: the move list is {} wide", m.w);
            }
            assert!(l.board.w.min(l.board.h) >= 300.0, "{w}x{h}: board {:?}", l.board);
        }
        assert_eq!(WindowLayout::new(700, 1200).side, PanelSide::Bottom);
        assert_eq!(WindowLayout::new(1120, 760).side, PanelSide::Right);
        assert!(WindowLayout::new(1900, 600).moves.is_some(), "a wide window gives the moves a column");
        assert!(WindowLayout::new(640, 480).moves.is_none());
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
