//! Where the board goes on screen: the geometry's bounding box (cells,
//! lines, marks and labels) scaled to fit an area and centred, optionally
//! turned half a turn (player 0 at the top). A stacked board's layers are
//! laid out in the grid of rows and columns that draws them largest, the
//! first player's home layer at the bottom left (the last when turned).

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
/// buttons, move entry) in units of the text size, with room for six
/// seats; `PanelRects` lays them out within it (a test keeps the two in
/// step).
pub const CONTROLS_HEIGHT: f32 = 32.9;

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

/// Board units between two layers.
const LAYER_GAP: f32 = 0.6;
/// Board units kept free around the outermost element.
const MARGIN: f32 = 0.15;
/// Half the height of a hexagon of unit width (its circumradius, 1/√3).
const HEX_HALF_HEIGHT: f32 = 0.577_350_3;

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
    fn add(&mut self, x: f32, y: f32, half_w: f32, half_h: f32) {
        self.x0 = self.x0.min(x - half_w);
        self.y0 = self.y0.min(y - half_h);
        self.x1 = self.x1.max(x + half_w);
        self.y1 = self.y1.max(y + half_h);
    }
    fn is_empty(&self) -> bool {
        self.x1 < self.x0
    }
}

/// Half the width and height a cell of `shape` covers, in board units.
fn cell_extent(shape: CellShape) -> (f32, f32) {
    match shape {
        CellShape::POINT => (0.45, 0.45),
        CellShape::HEX => (0.5, HEX_HALF_HEIGHT),
        _ => (0.5, 0.5),
    }
}

/// Whether the offset (dx, dy) from a cell's centre lies on the cell, by
/// its shape: inside the square or the pointy-topped hexagon of unit
/// width; within 0.55 units of a point or a circle's centre.
pub fn cell_contains(shape: CellShape, dx: f32, dy: f32) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    match shape {
        CellShape::SQUARE => ax <= 0.5 && ay <= 0.5,
        // Vertical sides at ±0.5; the four slanted sides face ±30° from
        // the vertical, 0.5 from the centre.
        CellShape::HEX => ax <= 0.5 && 0.5 * ax + 0.866_025_4 * ay <= 0.5,
        _ => dx * dx + dy * dy <= 0.55 * 0.55,
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
    layer_height: f32,
    origin_x: f32,
    origin_y: f32,
    /// Whether the board is turned half a turn.
    pub flipped: bool,
    layers: u16,
    /// Layers per row of the arrangement.
    columns: u16,
    /// Rows of layers.
    rows: u16,
}

/// The grid of `columns` × rows that fits `layers` boxes of `w` × `h`
/// board units largest into `area`, with its scale.
fn arrangement(layers: u16, w: f32, h: f32, area: Area) -> (u16, u16, f32) {
    let mut best = (layers, 1, 0.0);
    for columns in 1..=layers {
        let rows = layers.div_ceil(columns);
        let total_w = w * columns as f32 + LAYER_GAP * (columns - 1) as f32;
        let total_h = h * rows as f32 + LAYER_GAP * (rows - 1) as f32;
        let scale = (area.w / total_w).min(area.h / total_h);
        // On a tie the wider arrangement wins: fewer rows read more easily.
        if scale >= best.2 {
            best = (columns, rows, scale);
        }
    }
    best
}

impl BoardLayout {
    /// Fits `geometry` into `area`.
    pub fn new(geometry: &Geometry, area: Area, flipped: bool) -> BoardLayout {
        BoardLayout::covering(geometry, geometry, area, flipped)
    }

    /// Fits `geometry` into `area` with room for its cells where `shown`
    /// (the same board with one position's cells moved) puts them too, so
    /// the board keeps its place and size while parts of it move.
    pub fn covering(geometry: &Geometry, shown: &Geometry, area: Area, flipped: bool) -> BoardLayout {
        let mut bounds = Bounds::EMPTY;
        let mut cells_bounds = Bounds::EMPTY;
        for cell in geometry.cells.iter().chain(shown.cells.iter()) {
            let (hw, hh) = cell_extent(cell.shape);
            bounds.add(cell.x, cell.y, hw, hh);
            cells_bounds.add(cell.x, cell.y, 0.0, 0.0);
        }
        for line in geometry.lines.iter() {
            bounds.add(line.x1, line.y1, line.width, line.width);
            bounds.add(line.x2, line.y2, line.width, line.width);
        }
        for mark in geometry.marks.iter() {
            bounds.add(mark.x, mark.y, mark.size / 2.0, mark.size / 2.0);
        }
        for label in geometry.labels.iter() {
            bounds.add(label.x, label.y, 0.3, 0.3);
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
        let layer_height = bounds.y1 - bounds.y0;
        let (columns, rows, scale) = arrangement(layers, layer_width, layer_height, area);
        let scale = scale.max(0.01);
        let total_w = layer_width * columns as f32 + LAYER_GAP * (columns - 1) as f32;
        let total_h = layer_height * rows as f32 + LAYER_GAP * (rows - 1) as f32;
        let origin_x = area.x + (area.w - total_w * scale) / 2.0;
        let origin_y = area.y + (area.h - total_h * scale) / 2.0;
        BoardLayout {
            scale,
            bounds,
            cells_bounds,
            layer_width,
            layer_height,
            origin_x,
            origin_y,
            flipped,
            layers,
            columns,
            rows,
        }
    }

    /// The top-left corner of `layer`'s box, in board units from the
    /// arrangement's origin. Slots fill rows from the bottom up, left to
    /// right; a row with fewer layers is centred.
    fn layer_offset(&self, layer: u16) -> (f32, f32) {
        let layer = layer.min(self.layers - 1);
        let slot = if self.flipped { self.layers - 1 - layer } else { layer };
        let (row, column) = (slot / self.columns, slot % self.columns);
        let in_row = (self.layers - row * self.columns).min(self.columns);
        let stride_x = self.layer_width + LAYER_GAP;
        let x = (column as f32 + (self.columns - in_row) as f32 / 2.0) * stride_x;
        let y = (self.rows - 1 - row) as f32 * (self.layer_height + LAYER_GAP);
        (x, y)
    }

    /// The pixel position of board point (x, y) on `layer`.
    pub fn to_screen(&self, x: f32, y: f32, layer: u16) -> (f32, f32) {
        let b = &self.bounds;
        let (x, y) = if self.flipped { (b.x0 + b.x1 - x, b.y0 + b.y1 - y) } else { (x, y) };
        let (lx, ly) = self.layer_offset(layer);
        (self.origin_x + (lx + x - b.x0) * self.scale, self.origin_y + (ly + y - b.y0) * self.scale)
    }

    /// The board point (x, y) and layer under pixel (sx, sy), if over a layer.
    pub fn to_board(&self, sx: f32, sy: f32) -> Option<(f32, f32, u16)> {
        let b = &self.bounds;
        let ux = (sx - self.origin_x) / self.scale;
        let uy = (sy - self.origin_y) / self.scale;
        (0..self.layers).find_map(|layer| {
            let (lx, ly) = self.layer_offset(layer);
            let (wx, wy) = (ux - lx, uy - ly);
            if !(0.0..=self.layer_width).contains(&wx) || !(0.0..=self.layer_height).contains(&wy) {
                return None;
            }
            let (x, y) = (b.x0 + wx, b.y0 + wy);
            Some(if self.flipped { (b.x0 + b.x1 - x, b.y0 + b.y1 - y, layer) } else { (x, y, layer) })
        })
    }

    /// The cell under pixel (sx, sy): on that layer, the nearest centre
    /// whose square, hexagon or disc contains the point; cells marked in
    /// `hidden` are not there.
    pub fn cell_at(&self, geometry: &Geometry, hidden: &[bool], sx: f32, sy: f32) -> Option<u16> {
        let (x, y, layer) = self.to_board(sx, sy)?;
        geometry
            .cells
            .iter()
            .enumerate()
            .filter(|(i, _)| !hidden.get(*i).copied().unwrap_or(false))
            .filter(|(_, c)| c.layer == layer || self.layers == 1)
            .filter(|(_, c)| cell_contains(c.shape, x - c.x, y - c.y))
            .map(|(i, c)| (i, (c.x - x).powi(2) + (c.y - y).powi(2)))
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
        Area { x, y, w: self.layer_width * self.scale, h: self.layer_height * self.scale }
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
                    assert_eq!(layout.cell_at(&g, &[], sx, sy), Some(i as u16), "layers {layers} flipped {flipped}");
                }
                assert_eq!(layout.cell_at(&g, &[], 0.0, 0.0), None);
            }
        }
    }

    #[test]
    fn hidden_cells_are_not_clicked_and_moved_cells_stay_on_the_board() {
        let g = grid(3, 1);
        let mut hidden = vec![false; 9];
        hidden[4] = true;
        let layout = BoardLayout::new(&g, Area { x: 0.0, y: 0.0, w: 300.0, h: 300.0 }, false);
        let (sx, sy) = layout.to_screen(1.0, 1.0, 0);
        assert_eq!(layout.cell_at(&g, &hidden, sx, sy), None, "the hidden centre cell");
        let (sx, sy) = layout.to_screen(0.0, 0.0, 0);
        assert_eq!(layout.cell_at(&g, &hidden, sx, sy), Some(0));
        // A cell moved far to the right: the layout covering both keeps
        // room for it, and it is found where it went.
        let mut moved = g.clone();
        moved.cells[8].x = 6.0;
        let layout = BoardLayout::covering(&g, &moved, Area { x: 0.0, y: 0.0, w: 700.0, h: 300.0 }, false);
        let (sx, sy) = layout.to_screen(6.0, 2.0, 0);
        assert!((0.0..=700.0).contains(&sx), "{sx}");
        assert_eq!(layout.cell_at(&moved, &[], sx, sy), Some(8));
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
    fn hex_rhombus(n: usize) -> Geometry {
        let mut cells = Vec::new();
        for row in 0..n {
            for col in 0..n {
                cells.push(Cell {
                    x: col as f32 + row as f32 * 0.5,
                    y: row as f32 * 3f32.sqrt() / 2.0,
                    layer: 0,
                    shape: CellShape::HEX,
                    color: Rgba::rgb(1, 2, 3),
                    name: format!("h{row}_{col}").into(),
                });
            }
        }
        Geometry {
            cells: cells.into(),
            lines: Default::default(),
            marks: Default::default(),
            labels: Default::default(),
            background: Rgba::rgb(0, 0, 0),
            layers: 1,
        }
    }

    #[test]
    fn five_levels_fill_a_square_window_in_rows_with_the_first_at_the_bottom() {
        let g = grid(5, 5);
        let area = Area { x: 0.0, y: 0.0, w: 800.0, h: 800.0 };
        let layout = BoardLayout::new(&g, area, false);
        // Side by side, each level would get a fifth of the width.
        assert!(layout.scale > 800.0 / (5.0 * 5.3 + 4.0 * LAYER_GAP) * 1.4, "scale {}", layout.scale);
        let areas: Vec<Area> = (0..5).map(|l| layout.layer_area(l)).collect();
        for (i, a) in areas.iter().enumerate() {
            assert!(a.x >= -0.5 && a.y >= -0.5 && a.x + a.w <= 800.5 && a.y + a.h <= 800.5, "layer {i}: {a:?}");
            for b in &areas[i + 1..] {
                let apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
        assert!(areas[0].y > areas[4].y, "level A below level E");
        assert!(areas[0].x < areas[1].x, "level B right of level A");
        let flipped = BoardLayout::new(&g, area, true);
        assert!(flipped.layer_area(4).y > flipped.layer_area(0).y, "turned: the last level at the bottom");
        // A wide, low window puts them side by side.
        let wide = BoardLayout::new(&g, Area { x: 0.0, y: 0.0, w: 2000.0, h: 300.0 }, false);
        let ys: Vec<f32> = (0..5).map(|l| wide.layer_area(l).y).collect();
        assert!(ys.iter().all(|&y| (y - ys[0]).abs() < 0.01), "{ys:?}");
    }

    #[test]
    fn hexagons_are_hit_up_to_their_corners() {
        let g = hex_rhombus(11);
        for flipped in [false, true] {
            let layout = BoardLayout::new(&g, Area { x: 0.0, y: 0.0, w: 900.0, h: 700.0 }, flipped);
            let s = layout.scale;
            for (i, c) in g.cells.iter().enumerate() {
                let (sx, sy) = layout.to_screen(c.x, c.y, 0);
                assert_eq!(layout.cell_at(&g, &[], sx, sy), Some(i as u16));
                // Close to each of the six corners, beyond the inscribed circle.
                for k in 0..6 {
                    let a = (-90.0 + 60.0 * k as f32).to_radians();
                    let r = 0.96 * HEX_HALF_HEIGHT;
                    let (px, py) = (c.x + r * a.cos(), c.y + r * a.sin());
                    let (sx, sy) = layout.to_screen(px, py, 0);
                    assert_eq!(
                        layout.cell_at(&g, &[], sx, sy),
                        Some(i as u16),
                        "cell {i} corner {k} flipped {flipped}"
                    );
                }
            }
            // Left of a1 and right of the last cell of row one: no cell.
            let (sx, sy) = layout.to_screen(-0.7, 0.0, 0);
            assert_eq!(layout.cell_at(&g, &[], sx, sy), None);
            let (sx, sy) = layout.to_screen(10.7, 0.0, 0);
            assert_eq!(layout.cell_at(&g, &[], sx, sy), None);
            // The whole rhombus, hexagon tips included, fits the area.
            let (top_x, top_y) = layout.to_screen(0.0, -HEX_HALF_HEIGHT, 0);
            let (bottom_x, bottom_y) = layout.to_screen(15.0, 10.0 * 0.866_025_4 + HEX_HALF_HEIGHT, 0);
            for (x, y) in [(top_x, top_y), (bottom_x, bottom_y)] {
                assert!((0.0..=900.0).contains(&x) && (0.0..=700.0).contains(&y), "({x}, {y}) scale {s}");
            }
        }
    }
}
