//! Text diagrams of any board, drawn only from the geometry, the pieces and
//! the hands (never from the plugin's position text), so they work for
//! every game and make readable snapshots:
//!
//! ```
//! // rules_api::plugin::rules_box(MyRules::new(..)) for your game; a test game here.
//! let rules = tabula_kit::testgames::rules(tabula_kit::testgames::Mnk::tic_tac_toe());
//! let diagram = tabula_kit::diagram::diagram_after(&rules, "", "b2 a1")?;
//! assert!(diagram.starts_with("3 . . .\n2 . X .\n1 O . .\n  a b c\n"), "{diagram}");
//! // In a plugin's tests: insta::assert_snapshot!(diagram);
//! # Ok::<(), rules_api::PluginError>(())
//! ```
//!
//! Cells go on a character grid by their coordinates: two characters per
//! board unit across (so half-unit offsets, as on hexagonal boards, still
//! land on distinct columns) and one line per distinct row. Pieces show
//! their type's letter for their owner, empty cells a dot. Coordinate
//! labels beside the board go in margins; the layers of a stacked board sit
//! side by side; pieces in hand follow on one line per player.

use rules_api::{
    Cell, GameInfo, Geometry, HandPiece, Label, Notation, Piece, PluginError, PositionBox, PositionExt, RulesBox,
    RulesExt, Status, StatusKind,
};

/// How far apart two coordinates may be and still count as one row.
const ROW_TOLERANCE: f32 = 0.25;
/// Characters between layers drawn side by side.
const LAYER_GAP: &str = "   ";

/// Draws the board of `position`, with the pieces in hand.
pub fn render_position(rules: &RulesBox, position: &PositionBox) -> Result<String, PluginError> {
    let info = rules.game_info()?;
    let geometry = rules.board()?;
    Ok(render(&geometry, &info, &position.piece_list()?, &position.hand_list()?))
}

/// Draws a board from its geometry, the pieces on it and the pieces in
/// hand (a line per player holding any, after the board).
pub fn render(geometry: &Geometry, info: &GameInfo, pieces: &[Piece], hands: &[HandPiece]) -> String {
    let mut contents: Vec<String> = vec![".".to_string(); geometry.cells.len()];
    for piece in pieces {
        if let Some(slot) = contents.get_mut(piece.cell as usize) {
            *slot = piece_letter(info, piece.owner, piece.kind);
        }
    }
    let layers = geometry.layers.max(1);
    let blocks: Vec<Vec<String>> = (0..layers).map(|layer| render_layer(geometry, &contents, layer)).collect();
    let mut out = join_side_by_side(&blocks);
    out.push_str(&render_hands(info, hands));
    out
}

/// `in hand, black: P P N` lines, one per player holding anything, in
/// player order.
fn render_hands(info: &GameInfo, hands: &[HandPiece]) -> String {
    let mut out = String::new();
    let players = hands.iter().map(|h| h.owner as usize + 1).max().unwrap_or(0).max(info.players.len());
    for owner in 0..players {
        let letters: Vec<String> = hands
            .iter()
            .filter(|h| h.owner as usize == owner)
            .flat_map(|h| std::iter::repeat(piece_letter(info, h.owner, h.kind)).take(h.count as usize))
            .collect();
        if !letters.is_empty() {
            out.push_str(&format!("in hand, {}: {}\n", player_name(info, owner as u8), letters.join(" ")));
        }
    }
    out
}

/// A player's name, or their number when the game gives none.
pub fn player_name(info: &GameInfo, player: u8) -> String {
    info.players.get(player as usize).map_or_else(|| format!("player {}", player + 1), |p| p.name.to_string())
}

/// A status in words: `ongoing`, `win black (checkmate)`, `draw (stalemate)`.
pub fn describe_status(status: &Status, info: &GameInfo) -> String {
    match status.kind {
        StatusKind::WIN => format!("win {} ({})", player_name(info, status.winner), status.reason),
        StatusKind::DRAW => format!("draw ({})", status.reason),
        _ => "ongoing".to_string(),
    }
}

/// The diagram after `moves` (separated by spaces, each in coordinate or
/// standard notation) from `start` (a position text, or empty for the
/// start position), followed by `last move: …` in standard notation and
/// `status: …` ([`describe_status`]). Errors name the move that was
/// refused.
pub fn diagram_after(rules: &RulesBox, start: &str, moves: &str) -> Result<String, PluginError> {
    let info = rules.game_info()?;
    let mut position = if start.trim().is_empty() { rules.start()? } else { rules.position(start)? };
    let mut last = "-".to_string();
    for text in moves.split_whitespace() {
        let m = position
            .read_move(text, Notation::COORDINATE)
            .or_else(|_| position.read_move(text, Notation::STANDARD))
            .map_err(|e| PluginError::new(e.kind, format!("move '{text}' refused: {e}")))?;
        last = position.notate(m, Notation::STANDARD)?;
        position.play(m)?;
    }
    let board = render_position(rules, &position)?;
    let status = describe_status(&position.outcome()?, &info);
    Ok(format!("{board}last move: {last}\nstatus: {status}\n"))
}

/// The letter of a piece type for its owner, or the owner's number when
/// the plugin gave no letter.
fn piece_letter(info: &GameInfo, owner: u8, kind: u16) -> String {
    info.piece_types
        .get(kind as usize)
        .and_then(|t| t.letters.get(owner as usize))
        .map(|l| l.to_string())
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| (owner + 1).to_string())
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
struct TextLine(Vec<char>);

impl TextLine {
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
    let cells: Vec<(usize, &Cell)> = geometry.cells.iter().enumerate().filter(|(_, c)| c.layer == layer).collect();
    if cells.is_empty() {
        return Vec::new();
    }
    let min_x = cells.iter().map(|(_, c)| c.x).fold(f32::INFINITY, f32::min);
    let max_x = cells.iter().map(|(_, c)| c.x).fold(f32::NEG_INFINITY, f32::max);
    let rows = distinct_rows(cells.iter().map(|(_, c)| c.y));
    let (min_y, max_y) = (rows[0], rows[rows.len() - 1]);
    let col_of = |x: f32| ((x - min_x) * 2.0).round().max(0.0) as usize;

    let labels: Vec<&Label> = geometry.labels.iter().filter(|l| l.layer == layer).collect();
    let margin = labels
        .iter()
        .filter(|l| l.x < min_x - ROW_TOLERANCE)
        .map(|l| l.text.chars().count())
        .max()
        .map_or(0, |w| w + 1);

    let mut top = TextLine::default();
    let mut bottom = TextLine::default();
    let mut body = vec![TextLine::default(); rows.len()];
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
    lines.extend(body.iter().map(TextLine::text));
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
    use crate::grid::{Edge, Grid, Layered};
    use rules_api::{CellShape, PieceType, PlayerInfo, Rgba};

    fn info() -> GameInfo {
        let p = |name: &str| PlayerInfo { name: name.into(), color: Rgba::rgb(0, 0, 0), ink: Rgba::rgb(1, 1, 1) };
        GameInfo {
            name: "t".into(),
            players: vec![p("x"), p("o")].into(),
            piece_types: vec![PieceType::new("stone", &["", ""], &["X", "O"], 1)].into(),
            position_format: "t".into(),
        }
    }

    #[test]
    fn draws_cells_pieces_and_labels() {
        let grid = Grid::squares(3, 2, Rgba::rgb(9, 9, 9), Rgba::rgb(1, 1, 1))
            .file_labels(Edge::Bottom, 0.7)
            .rank_labels(Edge::Left, 0.7);
        let mut geometry = grid.build();
        geometry.labels.retain(|l| l.text.as_str() != "b");
        let pieces = [Piece { cell: grid.index(0, 1), owner: 0, kind: 0 }, Piece { cell: 2, owner: 1, kind: 0 }];
        assert_eq!(render(&geometry, &info(), &pieces, &[]), "2 X . .\n1 . . O\n  a   c\n");
    }

    #[test]
    fn layers_sit_side_by_side() {
        let geometry = Layered::new(Grid::points(2, 1), 2).build();
        let mut narrow = geometry.clone();
        narrow.cells.remove(1);
        assert!(narrow.cells.iter().all(|c| c.shape == CellShape::POINT));
        let pieces = [Piece { cell: 2, owner: 0, kind: 0 }];
        assert_eq!(render(&narrow, &info(), &pieces, &[]), ".   . X\n");
        assert_eq!(render(&geometry, &info(), &[], &[]), ". .   . .\n");
    }

    #[test]
    fn pieces_in_hand_follow_the_board() {
        let geometry = Grid::points(2, 1).build();
        let hands = [HandPiece { owner: 1, kind: 0, count: 2 }, HandPiece { owner: 0, kind: 0, count: 0 }];
        assert_eq!(render(&geometry, &info(), &[], &hands), ". .\nin hand, o: O O\n");
    }

    #[test]
    fn statuses_read_as_words() {
        assert_eq!(describe_status(&Status::win(1, "five in a row"), &info()), "win o (five in a row)");
        assert_eq!(describe_status(&Status::draw("board full"), &info()), "draw (board full)");
        assert_eq!(describe_status(&Status::ONGOING, &info()), "ongoing");
        assert_eq!(player_name(&info(), 4), "player 5");
    }
}
