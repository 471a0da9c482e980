//! Othello (reversi) as a Tabula rules plugin, under the World Othello
//! Federation's rules (<https://www.worldothello.org>, "Othello rules";
//! the WOC tournament rules for the count).
//!
//! Two players, Black (first) and White, put discs of their colour on an
//! 8×8 board that starts with White on d4 and e5 and Black on e4 and d5.
//! A disc must outflank at least one straight line (any of the eight
//! directions) of the opponent's discs between it and another disc of the
//! mover's, and every line it outflanks is turned over. A player with no
//! such square passes (`pass`, a move of its own); when neither can move
//! the game is over and the player with more discs wins. The empty squares
//! of a game that ends early are given to the winner (shared in a draw),
//! as the WOC rules count a result.
//!
//! * [`bitboard`]: move generation and flips on 64-bit boards.
//! * [`position`]: the position, [`OthelloPosition`].
//! * [`text`], [`notation`]: position text and `d3`-style moves (rows
//!   numbered from the top, the WOF transcript convention).
//! * [`eval`]: the static evaluation.
//!
//! No options: the board and the start are the standard ones.

#![deny(missing_docs)]

pub mod bitboard;
pub mod eval;
pub mod notation;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, Label, Line, Mark, MarkKind, OptionSpec, Options, PieceType, PlayerInfo,
    PluginError, RVec, Rgba,
};

pub use position::{FinalScore, OthelloPosition, BLACK, WHITE};

/// The board's green.
pub const GREEN: Rgba = Rgba::rgb(0, 120, 64);

/// The options this plugin understands: none (the standard game only).
pub fn option_specs() -> Vec<OptionSpec> {
    Vec::new()
}

/// Othello, 8×8 from the standard start.
#[derive(Default)]
pub struct Othello;

impl Othello {
    /// The game; any option is refused with an error naming it.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        check_options("othello", options, &option_specs())?;
        Ok(Othello)
    }
}

/// The board: 64 green squares with `a1` at the top left, thin grid lines,
/// the four dots that mark the centre 4×4, letters above and numbers to
/// the left.
///
/// Built by hand rather than with `tabula_kit::grid`: its grids number
/// rows from the bottom, and Othello numbers them from the top.
pub fn geometry() -> Geometry {
    let mut cells = RVec::with_capacity(64);
    for square in 0..64u32 {
        let (x, y) = ((square % 8) as f32, (square / 8) as f32);
        let name = notation::square_name(square).into();
        cells.push(Cell { x, y, layer: 0, shape: CellShape::SQUARE, color: GREEN, name });
    }
    let ink = Rgba::rgb(10, 40, 20);
    let mut lines = RVec::new();
    for i in 0..=8 {
        let at = i as f32 - 0.5;
        lines.push(Line { x1: -0.5, y1: at, x2: 7.5, y2: at, layer: 0, width: 0.03, color: ink });
        lines.push(Line { x1: at, y1: -0.5, x2: at, y2: 7.5, layer: 0, width: 0.03, color: ink });
    }
    let dot = |x: f32, y: f32| Mark { kind: MarkKind::DOT, x, y, layer: 0, size: 0.14, color: ink, text: "".into() };
    let marks = vec![dot(1.5, 1.5), dot(5.5, 1.5), dot(1.5, 5.5), dot(5.5, 5.5)];
    let mut labels = RVec::new();
    for i in 0..8u8 {
        let at = i as f32;
        labels.push(Label { x: at, y: -0.95, layer: 0, text: ((b'a' + i) as char).to_string().into() });
        labels.push(Label { x: -0.95, y: at, layer: 0, text: (i + 1).to_string().into() });
    }
    Geometry { cells, lines, marks: marks.into(), labels, background: Rgba::rgb(40, 32, 26), layers: 1 }
}

const HELP: &str = "\
OTHELLO

Black and White take turns putting a disc of their colour on an empty
square. Black moves first, from the start position: White on d4 and e5,
Black on e4 and d5.

A disc must outflank the opponent: it must close at least one straight
line (across, down or diagonal) of the opponent's discs, with one of the
mover's own discs at the other end and no gap. Every line it closes that
way, in all eight directions, is turned over to the mover's colour.

A player who has no such square must pass (the move 'pass'); a player who
has one may not pass. When neither player can move (usually a full board)
the game is over, and the player with more discs wins. If empty squares
are left they count for the winner (shared in a draw), as in tournament
results: a 40-20 win with 4 empty squares is a 44-20 win.

Squares are named by column letter (a to h from the left) and row number
(1 to 8 from the top), as in WOF transcripts: Black's four first moves are
d3, c4, f5 and e6.

Position text: the 64 squares from a1 to h8 row by row (X black, O white,
- empty), a space, then X or O for the side to move.
";

impl RulesImpl for Othello {
    type Position = OthelloPosition;

    fn info(&self) -> GameInfo {
        let player = |name: &str, color: Rgba, ink: Rgba| PlayerInfo { name: name.into(), color, ink };
        GameInfo {
            name: "Othello".into(),
            players: vec![
                player("black", Rgba::rgb(20, 20, 20), Rgba::rgb(235, 235, 235)),
                player("white", Rgba::rgb(240, 240, 240), Rgba::rgb(20, 20, 20)),
            ]
            .into(),
            piece_types: vec![PieceType::new("disc", &["", ""], &["X", "O"], 100)].into(),
            position_format: "64 squares a1..h8 (X, O, -) then X or O to move".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        geometry()
    }

    fn start_position(&self) -> Result<OthelloPosition, PluginError> {
        Ok(OthelloPosition::start())
    }

    fn position_from_text(&self, text: &str) -> Result<OthelloPosition, PluginError> {
        let (discs, side) = text::read(text)?;
        Ok(OthelloPosition::from_parts(discs, side))
    }

    fn help_text(&self) -> String {
        HELP.to_string()
    }
}
