//! The configured game: players, board drawing, positions and help.

use std::sync::Arc;

use abi_stable::std_types::RVec;
use rules_api::plugin::RulesImpl;
use rules_api::{GameInfo, Geometry, Mark, MarkKind, Options, PieceType, PlayerInfo, PluginError, Rgba};
use tabula_kit::grid::{CellOrder, Edge, Grid};

use crate::board::Board;
use crate::config::Config;
use crate::layout::Layout;
use crate::position::GomokuPosition;
use crate::text;

const BOARD_WOOD: Rgba = Rgba::rgb(222, 184, 110);
const INK: Rgba = Rgba::rgb(40, 30, 20);
const BLACK: Rgba = Rgba::rgb(20, 20, 20);
const WHITE: Rgba = Rgba::rgb(245, 245, 240);

/// Gomoku or renju on one board size, as configured by the options.
pub struct GomokuRules {
    config: Config,
    layout: Arc<Layout>,
}

impl GomokuRules {
    /// Builds the game from the plugin options `size` (5–25, default 15) and
    /// `rule` (`freestyle`, `standard` or `renju`).
    pub fn from_options(options: &Options) -> Result<GomokuRules, PluginError> {
        let config = Config::from_options(options)?;
        Ok(GomokuRules { layout: Arc::new(Layout::new(config.size)), config })
    }

    fn empty_board(&self) -> Board {
        Board::new(Arc::clone(&self.layout), self.config.rule)
    }

    /// Star points: the centre on odd boards, and four points three lines in
    /// from the edges (two on small boards), as on a go board.
    fn star_points(&self) -> Vec<(usize, usize)> {
        let n = self.config.size;
        let mut points = Vec::new();
        let inset = match n {
            13.. => 3,
            7..=12 => 2,
            _ => 0,
        };
        if inset > 0 {
            let far = n - 1 - inset;
            points.extend([(inset, inset), (inset, far), (far, inset), (far, far)]);
        }
        if n % 2 == 1 {
            points.push((n / 2, n / 2));
        }
        points
    }
}

/// The rules text shown by Help screens.
pub const HELP: &str = "\
GOMOKU (five in a row)

Two players, Black (x) and White (o), take turns placing one stone of their colour on an empty \
point of a square board (15×15 by default; option size = 5 to 25). Black moves first. The first \
player to make an unbroken row of five stones horizontally, vertically or diagonally wins. If the \
board fills up first, the game is drawn.

Rule variants (option rule):
  freestyle  Five or more in a row wins (the default).
  standard   Exactly five in a row wins; an overline (six or more) wins for nobody.
  renju      White wins with five or more. Black wins only with exactly five, and may never play a
             forbidden point (a foul): a point that makes an overline (six or more), a double four
             (two fours at once, also two on one line as in x.xxx.x) or a double three (two threes
             at once). A three counts only if one
             more stone, on a point that is not itself forbidden, turns it into a straight (open)
             four; a move that makes exactly five is never forbidden. Forbidden points are not
             legal moves and are marked on the board when Black is to move. If Black has only
             forbidden points left, the game is drawn.

Coordinates: columns a, b, c, ... from the left (no letter skipped), rows 1, 2, 3, ... from the \
bottom; h8 is the centre of the 15×15 board. Moves are written as the point, e.g. h8.

Position text: the rows from the top, one character per point ('.' empty, 'x' black, 'o' white), \
rows separated by '/' (newlines are accepted too), then a space and the side to move ('x' or 'o'). \
Example, 5×5 with one black stone in the centre and White to move:
  ...../...../..x../...../..... o
Black has as many stones as White when Black is to move, and one more when White is to move.
";

impl RulesImpl for GomokuRules {
    type Position = GomokuPosition;

    fn info(&self) -> GameInfo {
        let stone = PieceType {
            name: "stone".into(),
            glyphs: RVec::from(vec!["".into(), "".into()]),
            letters: RVec::from(vec!["X".into(), "O".into()]),
            // Stones are never captured, so a material value means nothing.
            value: 0,
            art: RVec::new(),
        };
        GameInfo {
            name: format!("Gomoku ({})", self.config.rule.name()).into(),
            players: RVec::from(vec![
                PlayerInfo { name: "black".into(), color: BLACK, ink: WHITE },
                PlayerInfo { name: "white".into(), color: WHITE, ink: BLACK },
            ]),
            piece_types: RVec::from(vec![stone]),
            position_format: "gomoku text (rows from the top, x o ., then side to move)".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        let n = self.config.size as u16;
        let mut geometry = Grid::points(n, n)
            .order(CellOrder::TopDown)
            .lines(0.04, INK)
            .file_labels(Edge::Bottom, 0.8)
            .rank_labels(Edge::Left, 0.8)
            .background(BOARD_WOOD)
            .build();
        geometry.marks = self
            .star_points()
            .into_iter()
            .map(|(row, col)| Mark {
                kind: MarkKind::DOT,
                x: col as f32,
                y: row as f32,
                layer: 0,
                size: 0.18,
                color: INK,
                text: "".into(),
            })
            .collect();
        geometry
    }

    fn start_position(&self) -> Result<GomokuPosition, PluginError> {
        GomokuPosition::from_cells(self.empty_board(), &[], 0)
    }

    fn position_from_text(&self, text: &str) -> Result<GomokuPosition, PluginError> {
        let parsed = text::parse(text, self.config.size)?;
        GomokuPosition::from_cells(self.empty_board(), &parsed.cells, parsed.side)
    }

    fn help_text(&self) -> String {
        format!("{HELP}\nThis game: {n}×{n} board, {} rule.\n", self.config.rule.name(), n = self.config.size)
    }
}
