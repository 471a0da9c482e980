//! Nine men's morris (mill, Mühle, merels) as a Tabula rules plugin.
//!
//! The standard rules, as the World Nine Men's Morris Association
//! (Weltmühlespiel-Dachverband) plays them and the usual rule books give
//! them (e.g. Wikipedia, "Nine men's morris", Rules); rule sets differ on
//! draws, and the draw rules below are the ones Tabula applies:
//!
//! * Each player has nine men. White moves first. While men are in hand,
//!   a turn places one on a free point (the placing phase).
//! * Then a turn moves a man along a line to a free neighbouring point;
//!   a player with three men left may move a man to any free point
//!   (flying).
//! * A placement or move that makes three men in a row on a line (a mill)
//!   removes one opponent's man, which must not stand in a mill unless all
//!   of them do. Closing two mills at once removes one man. The removal is
//!   part of the move (`d6xg7`).
//! * A player reduced to two men, or who cannot move, loses.
//! * Draws: the same position (men, men in hand, side to move) for the
//!   third time, or fifty moves by each player (100 plies) with neither a
//!   placement nor a mill.
//!
//! * [`layout`]: points, lines, neighbours and the drawn board.
//! * [`position`]: the position, [`Morris`]; [`play`]: its boundary
//!   methods.
//! * [`movegen`]: legal moves and the end of the game. [`eval`]:
//!   evaluation and ordering.
//! * [`text`], [`notation`]: position text and moves (`a1-a4xg7`).

#![deny(missing_docs)]

pub mod eval;
pub mod layout;
pub mod movegen;
pub mod notation;
pub mod play;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, RulesImpl};
use rules_api::{GameInfo, Geometry, Options, PieceType, PlayerInfo, PluginError, Rgba};

pub use movegen::End;
pub use position::Morris;

/// A configured game of nine men's morris (it has no options).
#[derive(Default)]
pub struct NineMensMorris;

impl NineMensMorris {
    /// The game; any option is refused by name.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        check_options("morris", options, &[])?;
        Ok(NineMensMorris)
    }
}

/// The options this plugin understands: none.
pub fn option_specs() -> Vec<rules_api::OptionSpec> {
    Vec::new()
}

const HELP: &str = "\
NINE MEN'S MORRIS

Each player has nine men. White moves first.

Placing: while you have men in hand, a turn puts one on any free point.

Moving: once all eighteen men are placed, a turn moves one of your men
along a line to the free point next to it. With three men left you may
fly: move a man to any free point.

Mills: three of your men in a row along a line are a mill. When a
placement or a move closes a mill, you remove one of the opponent's men
from the board, but not one standing in a mill unless all of them do.
Closing two mills at once still removes one man. You may open a mill and
close it again later.

The end: a player reduced to two men, or who cannot move, loses. The game
is drawn when the same position (the men, the men in hand and the side to
move) comes for the third time, or after fifty moves by each player
without a placement or a mill.

Click the point to place on, or the man and then its new point; when the
move closes a mill, click the man to remove. Moves are written with the
points a1 to g7 (as on a chess board): d6 places a man, a1-a4 moves one,
and x adds the man removed: d6xg7, a1-a4xg7.

Rules: the standard rules (as the World Nine Men's Morris Association
plays them); rule books differ on draws, and these are the draw rules
applied here.
";

impl RulesImpl for NineMensMorris {
    type Position = Morris;

    fn info(&self) -> GameInfo {
        let white = PlayerInfo { name: "white".into(), color: Rgba::rgb(242, 238, 226), ink: Rgba::rgb(30, 30, 30) };
        let black = PlayerInfo { name: "black".into(), color: Rgba::rgb(36, 32, 30), ink: Rgba::rgb(230, 230, 230) };
        GameInfo {
            name: "Nine men's morris".into(),
            players: vec![white, black].into(),
            piece_types: vec![PieceType::new("man", &["", ""], &["W", "B"], 100)].into(),
            position_format: "points row by row from a7 (w/b/.), side, men in hand, plies since a mill".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        layout::geometry()
    }

    fn start_position(&self) -> Result<Morris, PluginError> {
        Ok(Morris::default())
    }

    fn position_from_text(&self, text: &str) -> Result<Morris, PluginError> {
        text::read(text)
    }

    fn help_text(&self) -> String {
        HELP.into()
    }
}
