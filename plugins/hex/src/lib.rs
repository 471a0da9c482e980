//! Hex (Piet Hein 1942, John Nash 1948) as a Tabula rules plugin.
//!
//! Two players take turns putting a stone on an empty hexagon of an
//! `n`×`n` rhombus; Red (first) joins the top and bottom rows, Blue the
//! left and right columns. The board fills up only after someone has
//! connected, so there are no draws. With the swap (pie) rule Blue may
//! answer Red's first stone by taking it over (`swap`).
//!
//! * [`graph`]: neighbours, connection distances, the winning chain.
//! * [`position`]: the position, [`HexPosition`].
//! * [`text`], [`notation`]: position text and `a1`-style moves.
//! * [`twodist`]: the two-distance potential of the evaluation.
//!
//! Options: `size` (7 to 19, default 11), `swap` (`on` | `off`).

#![warn(missing_docs)]

pub mod graph;
pub mod notation;
pub mod position;
pub mod text;
pub mod twodist;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, Label, Line, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec,
    Rgba,
};

pub use position::{Config, HexPosition, SWAP};

/// Red's colour.
pub const RED: Rgba = Rgba::rgb(206, 46, 46);
/// Blue's colour.
pub const BLUE: Rgba = Rgba::rgb(40, 92, 200);

const SIZES: [&str; 13] = ["7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19"];

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("size", "11", &SIZES, "Board side: 7 to 19 hexagons."),
        OptionSpec::new(
            "swap",
            "on",
            &["on", "off"],
            "The swap (pie) rule: Blue may take over Red's first stone instead of placing one.",
        ),
    ]
}

/// A configured game of Hex.
#[derive(Default)]
pub struct Hex {
    config: Config,
}

impl Hex {
    /// Hex configured by `options`; unknown options and bad values are
    /// refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("hex", options, &specs)?;
        let size = option_or_default(options, &specs, "size").parse::<usize>().unwrap_or(11);
        let swap = option_or_default(options, &specs, "swap") == "on";
        Ok(Hex { config: Config { size, swap } })
    }

    /// Hex with the given configuration.
    pub fn with(config: Config) -> Self {
        Hex { config }
    }
}

/// The centre of cell (col, row) in board units: rows step down by
/// √3/2 and half a cell to the right, so the board is a rhombus.
pub fn centre(col: usize, row: usize) -> (f32, f32) {
    (col as f32 + row as f32 * 0.5, row as f32 * 3f32.sqrt() / 2.0)
}

/// The board: a rhombus of hexagons with Red's rows (top and bottom) and
/// Blue's columns (left and right) edged in their colours.
pub fn geometry(n: usize) -> Geometry {
    let paper = Rgba::rgb(236, 222, 190);
    let mut cells = RVec::with_capacity(n * n);
    for row in 0..n {
        for col in 0..n {
            let (x, y) = centre(col, row);
            let name = notation::cell_name(n, row * n + col).into();
            cells.push(Cell { x, y, layer: 0, shape: CellShape::HEX, color: paper, name });
        }
    }
    // The rhombus's sides run parallel to the rows and columns, just
    // outside the outer hexagons: rows lie flat, columns lean by half a
    // cell per row.
    let (top, bottom) = (-0.72, centre(0, n - 1).1 + 0.72);
    let lean = |y: f32| y / 3f32.sqrt();
    let (left, right) = (-0.66, (n - 1) as f32 + 0.66);
    let top_left = (left + lean(top), top);
    let top_right = (right + lean(top), top);
    let bottom_left = (left + lean(bottom), bottom);
    let bottom_right = (right + lean(bottom), bottom);
    let edge =
        |a: (f32, f32), b: (f32, f32), color| Line { x1: a.0, y1: a.1, x2: b.0, y2: b.1, layer: 0, width: 0.18, color };
    let lines = vec![
        edge(top_left, top_right, RED),
        edge(bottom_left, bottom_right, RED),
        edge(top_left, bottom_left, BLUE),
        edge(top_right, bottom_right, BLUE),
    ];
    let mut labels = RVec::new();
    for col in 0..n {
        let (x, y) = centre(col, 0);
        labels.push(Label { x, y: y - 1.15, layer: 0, text: ((b'a' + col as u8) as char).to_string().into() });
    }
    for row in 0..n {
        let (x, y) = centre(0, row);
        labels.push(Label { x: x - 1.25, y, layer: 0, text: (row + 1).to_string().into() });
    }
    Geometry { cells, lines: lines.into(), marks: RVec::new(), labels, background: Rgba::rgb(58, 52, 48), layers: 1 }
}

const HELP: &str = "\
HEX

Red and Blue take turns putting a stone of their colour on any empty
hexagon. Red moves first and wins by joining the top and bottom rows
(the red edges) with a chain of touching red stones; Blue wins by joining
the left and right columns (the blue edges). The board can never fill up
without one chain, so there are no draws.

Swap rule{SWAP}: the first move is a big advantage, so Blue may answer Red's
first stone with 'swap': the stone becomes Blue's, mirrored across the
long diagonal (c2 becomes b3), and Red moves next. Red should therefore
open with a stone neither too strong nor too weak.

Cells are named by column letter (a on the left) and row number (1 at the
top): a1 to {LAST}.
";

impl RulesImpl for Hex {
    type Position = HexPosition;

    fn info(&self) -> GameInfo {
        let player = |name: &str, color: Rgba| PlayerInfo { name: name.into(), color, ink: Rgba::rgb(20, 20, 20) };
        let n = self.config.size;
        GameInfo {
            name: format!("Hex {n}x{n}").into(),
            players: vec![player("red", RED), player("blue", BLUE)].into(),
            piece_types: vec![PieceType::new("stone", &["", ""], &["R", "B"], 0)].into(),
            position_format: "rows from 1 (top), r/b/. per cell, then r or b to move".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        geometry(self.config.size)
    }

    fn start_position(&self) -> Result<HexPosition, PluginError> {
        Ok(HexPosition::empty(self.config))
    }

    fn position_from_text(&self, text: &str) -> Result<HexPosition, PluginError> {
        HexPosition::from_text(text, self.config)
    }

    fn help_text(&self) -> String {
        let n = self.config.size;
        let swap = if self.config.swap { " (on)" } else { " (off in this game)" };
        HELP.replace("{SWAP}", swap).replace("{LAST}", &notation::cell_name(n, n * n - 1))
    }
}
