//! Connect four (Howard Wexler and Ned Strongin, Milton Bradley 1974) as a
//! Tabula rules plugin.
//!
//! Two players drop discs in turn into the columns of an upright board of
//! 7 columns and 6 rows; a disc falls to the lowest empty cell of its
//! column. Four discs of one colour in a line (across, up or diagonally)
//! win; a full board without one is a draw. Red moves first. These are the
//! rules printed with the game (Milton Bradley 1974, now Hasbro), the
//! rules John Tromp's and Victor Allis's solutions and OpenSpiel's
//! `connect_four` play.
//!
//! * [`board`]: bitboard geometry, fours and threats.
//! * [`position`]: the position, [`Connect4`]; [`play`]: its boundary
//!   methods.
//! * [`text`], [`notation`]: position text and moves (`d` or `4`).
//! * [`eval`]: evaluation and move ordering.
//!
//! Options: `size`, the columns and rows (`7x6` standard; `6x5`, `7x7`,
//! `8x7` and `6x7` as sold or played by solvers).

#![deny(missing_docs)]

pub mod board;
pub mod eval;
pub mod notation;
pub mod play;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, Label, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba,
};

pub use board::Shape;
pub use position::Connect4;

/// Red's colour (the first player).
pub const RED: Rgba = Rgba::rgb(214, 40, 40);
/// Yellow's colour.
pub const YELLOW: Rgba = Rgba::rgb(246, 200, 30);

const SIZES: [&str; 5] = ["7x6", "6x5", "6x7", "7x7", "8x7"];

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![OptionSpec::new(
        "size",
        "7x6",
        &SIZES,
        "Columns x rows: 7x6 is the standard board; 6x5, 6x7, 7x7 and 8x7 are played too.",
    )]
}

/// A configured game of connect four.
pub struct ConnectFour {
    shape: Shape,
}

impl Default for ConnectFour {
    fn default() -> Self {
        ConnectFour { shape: board::STANDARD }
    }
}

impl ConnectFour {
    /// Connect four configured by `options`; unknown options and bad
    /// values are refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("connectfour", options, &specs)?;
        let size = option_or_default(options, &specs, "size");
        let (columns, rows) = size.split_once('x').unwrap_or(("7", "6"));
        let parse = |n: &str| {
            n.parse::<u32>()
                .map_err(|_| PluginError::bad_option(format!("connectfour: option 'size' cannot be '{size}'")))
        };
        Ok(ConnectFour { shape: Shape { columns: parse(columns)?, rows: parse(rows)? } })
    }

    /// Connect four on a board of the given shape (at most 8 columns and
    /// 7 rows, so that the board and its spare row fit 64 bits).
    pub fn with_shape(shape: Shape) -> Self {
        assert!(shape.columns >= 4 && shape.rows >= 4, "four in a row needs four columns and rows");
        assert!(shape.columns * shape.height() <= 64, "{shape:?} does not fit a 64-bit board");
        ConnectFour { shape }
    }
}

/// The board: round holes in a blue frame, column letters below and
/// numbers above, rows numbered from the bottom.
pub fn geometry(shape: Shape) -> Geometry {
    let hole = Rgba::rgb(232, 236, 244);
    let mut cells = RVec::with_capacity(shape.cells());
    for row in 0..shape.rows {
        for column in 0..shape.columns {
            let cell = (row * shape.columns + column) as u16;
            cells.push(Cell {
                x: column as f32,
                y: (shape.rows - 1 - row) as f32,
                layer: 0,
                shape: CellShape::CIRCLE,
                color: hole,
                name: notation::cell_name(shape, cell).into(),
            });
        }
    }
    let mut labels = RVec::new();
    let bottom = shape.rows as f32 - 1.0 + 0.85;
    for column in 0..shape.columns {
        let x = column as f32;
        labels.push(Label { x, y: bottom, layer: 0, text: notation::column_letter(column).to_string().into() });
        labels.push(Label { x, y: -0.85, layer: 0, text: (column + 1).to_string().into() });
    }
    for row in 0..shape.rows {
        let y = (shape.rows - 1 - row) as f32;
        labels.push(Label { x: -0.85, y, layer: 0, text: (row + 1).to_string().into() });
    }
    Geometry { cells, lines: RVec::new(), marks: RVec::new(), labels, background: Rgba::rgb(22, 78, 178), layers: 1 }
}

const HELP: &str = "\
CONNECT FOUR

The board stands upright: {COLUMNS} columns of {ROWS} cells. Red and Yellow
take turns dropping a disc of their colour into a column that is not
full; the disc falls to the lowest empty cell of that column. Red moves
first.

Four of your discs in a line, across, up and down or diagonally, win at
once. When the board is full and nobody has four, the game is a draw.

To drop a disc, click any cell of its column. Moves are written as the
column's letter (a to {LAST}, from the left) or its number (1 to
{COLUMNS}), as solvers and game records do: 4 is the middle column of the
standard board.

Rules: as printed with the game (Milton Bradley 1974, now Hasbro).
";

impl RulesImpl for ConnectFour {
    type Position = Connect4;

    fn info(&self) -> GameInfo {
        let player = |name: &str, color: Rgba| PlayerInfo { name: name.into(), color, ink: Rgba::rgb(20, 20, 20) };
        let s = self.shape;
        let name = if s == board::STANDARD {
            "Connect four".to_string()
        } else {
            format!("Connect four {}x{}", s.columns, s.rows)
        };
        GameInfo {
            name: name.into(),
            players: vec![player("red", RED), player("yellow", YELLOW)].into(),
            piece_types: vec![PieceType::new("disc", &["", ""], &["R", "Y"], 0)].into(),
            position_format: "rows from the top, r/y/. per cell, then r or y to move".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        geometry(self.shape)
    }

    fn start_position(&self) -> Result<Connect4, PluginError> {
        Ok(Connect4::empty(self.shape))
    }

    fn position_from_text(&self, text: &str) -> Result<Connect4, PluginError> {
        text::read(text, self.shape)
    }

    fn help_text(&self) -> String {
        let s = self.shape;
        HELP.replace("{COLUMNS}", &s.columns.to_string())
            .replace("{ROWS}", &s.rows.to_string())
            .replace("{LAST}", &notation::column_letter(s.columns - 1).to_string())
    }
}
