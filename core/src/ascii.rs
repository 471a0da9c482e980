//! A text diagram of any board, drawn only from the geometry and the pieces
//! (never from the plugin's position text), so it works for every game.
//!
//! Cells go on a character grid by their coordinates: two characters per
//! board unit across (so half-unit offsets, as on hexagonal boards, still
//! land on distinct columns) and one line per distinct row. Pieces show their
//! type's letter for their owner, empty cells a dot. Coordinate labels beside
//! the board go in margins; layers of a stacked board sit side by side.

use rules_api::{GameInfo, Geometry, Piece, PluginError, PositionBox, RVec, RulesBox};

/// How far apart two coordinates may be and still count as one row.
const ROW_TOLERANCE: f32 = 0.25;
/// Characters between layers drawn side by side.
const LAYER_GAP: &str = "   ";

/// Draws the board of `position`.
pub fn render_position(rules: &RulesBox, info: &GameInfo, position: &PositionBox) -> Result<String, PluginError> {
    let geometry = rules.geometry().into_result()?;
    let mut pieces = RVec::new();
    position.pieces(&mut pieces).into_result()?;
    Ok(render(&geometry, info, &pieces))
}

/// Draws a board from its geometry and the pieces on it.
pub fn render(geometry: &Geometry, info: &GameInfo, pieces: &[Piece]) -> String {
    let mut contents: Vec<String> = vec![".".to_string(); geometry.cells.len()];
    for piece in pieces {
        if let Some(slot) = contents.get_mut(piece.cell as usize) {
            *slot = piece_letter(info, piece);
        }
    }
    let layers = geometry.layers.max(1);
    let blocks: Vec<Vec<String>> = (0..layers).map(|layer| render_layer(geometry, &contents, layer)).collect();
    join_side_by_side(&blocks)
}

/// The letter of a piece for its owner, or the owner's number when the
/// plugin gave no letter.
fn piece_letter(info: &GameInfo, piece: &Piece) -> String {
    info.piece_types
        .get(piece.kind as usize)
        .and_then(|t| t.letters.get(piece.owner as usize))
        .map(|l| l.to_string())
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| (piece.owner + 1).to_string())
}

/// Distinct values (within the tolerance), sorted.
fn distinct_rows(values: impl Iterator<Item = f32>) -> Vec<f32> {
    let mut v: Vec<f32> = values.collect();
    v.sort_by(f32::total_cmp);
    let mut out: Vec<f32> = Vec::new();
    for y in v {
        if out.last().map_or(true, |last| y - last > ROW_TOLERANCE) {
            out.push(y);
        }
    }
    out
}

fn row_of(rows: &[f32], y: f32) -> Option<usize> {
    rows.iter().position(|r| (r - y).abs() <= ROW_TOLERANCE)
}

/// A sparse line of text being assembled.
#[derive(Default, Clone)]
struct Line(Vec<char>);

impl Line {
    fn put(&mut self, col: usize, text: &str) {
        for (i, ch) in text.chars().enumerate() {
            if self.0.len() <= col + i {
                self.0.resize(col + i + 1, ' ');
            }
            self.0[col + i] = ch;
        }
    }
    fn text(&self) -> String {
        self.0.iter().collect::<String>().trim_end().to_string()
    }
}

fn render_layer(geometry: &Geometry, contents: &[String], layer: u16) -> Vec<String> {
    let cells: Vec<(usize, &rules_api::Cell)> =
        geometry.cells.iter().enumerate().filter(|(_, c)| c.layer == layer).collect();
    if cells.is_empty() {
        return Vec::new();
    }
    let min_x = cells.iter().map(|(_, c)| c.x).fold(f32::INFINITY, f32::min);
    let max_x = cells.iter().map(|(_, c)| c.x).fold(f32::NEG_INFINITY, f32::max);
    let rows = distinct_rows(cells.iter().map(|(_, c)| c.y));
    let (min_y, max_y) = (rows[0], rows[rows.len() - 1]);
    let col_of = |x: f32| ((x - min_x) * 2.0).round().max(0.0) as usize;

    let labels: Vec<&rules_api::Label> = geometry.labels.iter().filter(|l| l.layer == layer).collect();
    let left: Vec<&&rules_api::Label> = labels.iter().filter(|l| l.x < min_x - ROW_TOLERANCE).collect();
    let margin = left.iter().map(|l| l.text.chars().count()).max().map_or(0, |w| w + 1);

    let mut top = Line::default();
    let mut bottom = Line::default();
    let mut body = vec![Line::default(); rows.len()];
    for (index, cell) in &cells {
        if let Some(r) = row_of(&rows, cell.y) {
            body[r].put(margin + col_of(cell.x), &contents[*index]);
        }
    }
    for label in labels {
        let text = label.text.as_str();
        let width = text.chars().count();
        if label.y < min_y - ROW_TOLERANCE {
            top.put(margin + col_of(label.x.clamp(min_x, max_x)), text);
        } else if label.y > max_y + ROW_TOLERANCE {
            bottom.put(margin + col_of(label.x.clamp(min_x, max_x)), text);
        } else if let Some(r) = row_of(&rows, label.y) {
            if label.x < min_x - ROW_TOLERANCE {
                body[r].put(margin - 1 - width, text);
            } else if label.x > max_x + ROW_TOLERANCE {
                body[r].put(margin + col_of(max_x) + 2, text);
            }
        }
    }
    let mut lines = Vec::new();
    if !top.0.is_empty() {
        lines.push(top.text());
    }
    lines.extend(body.iter().map(Line::text));
    if !bottom.0.is_empty() {
        lines.push(bottom.text());
    }
    lines
}

fn join_side_by_side(blocks: &[Vec<String>]) -> String {
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = blocks.iter().map(|b| b.iter().map(|l| l.chars().count()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    for row in 0..height {
        let mut line = String::new();
        for (i, block) in blocks.iter().enumerate() {
            if i > 0 {
                line.push_str(LAYER_GAP);
            }
            let text = block.get(row).map_or("", String::as_str);
            line.push_str(text);
            line.extend(std::iter::repeat(' ').take(widths[i] - text.chars().count()));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{Cell, CellShape, Label, PieceType, PlayerInfo, Rgba};

    fn cell(x: f32, y: f32, layer: u16) -> Cell {
        Cell { x, y, layer, shape: CellShape::SQUARE, color: Rgba::rgb(9, 9, 9), name: "c".into() }
    }
    fn label(x: f32, y: f32, text: &str) -> Label {
        Label { x, y, layer: 0, text: text.into() }
    }
    fn info() -> GameInfo {
        let p = PlayerInfo { name: "p".into(), color: Rgba::rgb(0, 0, 0), ink: Rgba::rgb(1, 1, 1) };
        GameInfo {
            name: "t".into(),
            players: vec![p.clone(), p].into(),
            piece_types: vec![PieceType {
                name: "stone".into(),
                glyphs: Default::default(),
                letters: vec!["X".into(), "O".into()].into(),
                value: 1,
                art: Default::default(),
            }]
            .into(),
            position_format: "t".into(),
        }
    }

    #[test]
    fn draws_cells_pieces_and_labels() {
        let mut cells = Vec::new();
        for y in 0..2 {
            for x in 0..3 {
                cells.push(cell(x as f32, y as f32, 0));
            }
        }
        let geometry = Geometry {
            cells: cells.into(),
            lines: Default::default(),
            marks: Default::default(),
            labels: vec![label(-0.7, 0.0, "2"), label(-0.7, 1.0, "1"), label(0.0, 1.7, "a"), label(2.0, 1.7, "c")]
                .into(),
            background: Rgba::TRANSPARENT,
            layers: 1,
        };
        let pieces = [Piece { cell: 0, owner: 0, kind: 0 }, Piece { cell: 5, owner: 1, kind: 0 }];
        assert_eq!(render(&geometry, &info(), &pieces), "2 X . .\n1 . . O\n  a   c\n");
    }

    #[test]
    fn layers_sit_side_by_side() {
        let geometry = Geometry {
            cells: vec![cell(0.0, 0.0, 0), cell(0.0, 0.0, 1), cell(1.0, 0.0, 1)].into(),
            lines: Default::default(),
            marks: Default::default(),
            labels: Default::default(),
            background: Rgba::TRANSPARENT,
            layers: 2,
        };
        let pieces = [Piece { cell: 2, owner: 0, kind: 0 }];
        assert_eq!(render(&geometry, &info(), &pieces), ".   . X\n");
    }
}
