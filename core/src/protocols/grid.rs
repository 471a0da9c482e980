//! Protocol coordinates `x,y` (0-based, x to the right, y down from the top
//! row) found through the rules plugin's geometry, so placement protocols
//! work for any board the plugin draws on a square grid.

use rules_api::Geometry;

/// The cells of layer 0 on an integer grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Grid position of each cell, by cell index (`None` off layer 0).
    xy: Vec<Option<(i32, i32)>>,
    width: i32,
    height: i32,
}

impl Grid {
    /// Rounds every cell centre to the grid whose origin is the top-left
    /// cell (geometry y grows downwards, like the protocols').
    pub fn from_geometry(geometry: &Geometry) -> Grid {
        let flat: Vec<_> = geometry.cells.iter().filter(|c| c.layer == 0).collect();
        let min_x = flat.iter().map(|c| c.x).fold(f32::INFINITY, f32::min);
        let min_y = flat.iter().map(|c| c.y).fold(f32::INFINITY, f32::min);
        let xy: Vec<Option<(i32, i32)>> = geometry
            .cells
            .iter()
            .map(|c| (c.layer == 0).then(|| ((c.x - min_x).round() as i32, (c.y - min_y).round() as i32)))
            .collect();
        let width = xy.iter().flatten().map(|p| p.0 + 1).max().unwrap_or(0);
        let height = xy.iter().flatten().map(|p| p.1 + 1).max().unwrap_or(0);
        Grid { xy, width, height }
    }

    /// Columns.
    pub fn width(&self) -> i32 {
        self.width
    }
    /// Rows.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// The cell at `x,y`, if any.
    pub fn cell_at(&self, x: i32, y: i32) -> Option<u16> {
        self.xy.iter().position(|p| *p == Some((x, y))).map(|i| i as u16)
    }

    /// The grid position of a cell.
    pub fn xy(&self, cell: u16) -> Option<(i32, i32)> {
        self.xy.get(cell as usize).copied().flatten()
    }

    /// Reads `x,y` (spaces allowed around the numbers).
    pub fn parse_xy(text: &str) -> Option<(i32, i32)> {
        let mut parts = text.split(',').map(str::trim);
        let x = parts.next()?.parse().ok()?;
        let y = parts.next()?.parse().ok()?;
        Some((x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{Cell, CellShape, Rgba};

    fn grid(n: usize) -> Geometry {
        let cells = (0..n * n)
            .map(|i| Cell {
                x: 2.0 + (i % n) as f32,
                y: 0.5 + (i / n) as f32,
                layer: 0,
                shape: CellShape::POINT,
                color: Rgba::TRANSPARENT,
                name: format!("c{i}").into(),
            })
            .collect();
        Geometry {
            cells,
            lines: Default::default(),
            marks: Default::default(),
            labels: Default::default(),
            background: Rgba::TRANSPARENT,
            layers: 1,
        }
    }

    #[test]
    fn cells_map_to_zero_based_coordinates_and_back() {
        let g = Grid::from_geometry(&grid(3));
        assert_eq!((g.width(), g.height()), (3, 3));
        assert_eq!(g.cell_at(0, 0), Some(0));
        assert_eq!(g.cell_at(2, 1), Some(5));
        assert_eq!(g.xy(7), Some((1, 2)));
        assert_eq!(g.cell_at(3, 0), None);
        assert_eq!(Grid::parse_xy(" 4, 7"), Some((4, 7)));
        assert_eq!(Grid::parse_xy("4"), None);
    }
}
