//! The game of the Amazons (Walter Zamkauskas, 1988) as a Tabula rules
//! plugin.
//!
//! On a 10×10 board each player has four amazons: White on a4, d1, g1
//! and j4, Black on a7, d10, g10 and j7. White moves first. A move is two
//! parts, always both: an amazon moves like a chess queen (any number of
//! empty squares in a straight line, orthogonally or diagonally, never
//! over an amazon or an arrow), then shoots an arrow from where she
//! landed, again like a queen, onto an empty square (the square she left
//! counts as empty). The arrow burns that square for the rest of the
//! game. A player who cannot move loses; there are no draws. These are
//! the rules of the International Computer Games Association's amazons
//! tournaments and of OpenSpiel's `amazons`.
//!
//! * [`board`]: the mailbox board and square names.
//! * [`position`]: the position, [`Amazons`]; [`play`]: its boundary
//!   methods.
//! * [`movegen`]: legal moves and their count. [`eval`]: territory
//!   evaluation and move ranking.
//! * [`text`], [`notation`]: position text and moves (`d1-d7/g7`).

#![deny(missing_docs)]

pub mod art;
pub mod board;
pub mod eval;
pub mod movegen;
pub mod notation;
pub mod play;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RString, Rgba};
use tabula_kit::grid::{Edge, Grid};

pub use position::Amazons;

/// A configured game of the Amazons (it has no options).
#[derive(Default)]
pub struct AmazonsRules;

impl AmazonsRules {
    /// The game; any option is refused by name.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        check_options("amazons", options, &[])?;
        Ok(AmazonsRules)
    }
}

/// The options this plugin understands: none.
pub fn option_specs() -> Vec<OptionSpec> {
    Vec::new()
}

/// The board: 10×10 squares named `a1` (bottom left) to `j10`.
pub fn grid() -> Grid {
    Grid::squares(10, 10, Rgba::rgb(238, 232, 214), Rgba::rgb(176, 190, 166))
        .file_labels(Edge::Bottom, 0.9)
        .rank_labels(Edge::Left, 0.9)
        .background(Rgba::rgb(70, 84, 70))
}

const HELP: &str = "\
THE GAME OF THE AMAZONS

Each player has four amazons: White starts on a4, d1, g1 and j4, Black on
a7, d10, g10 and j7. White moves first.

A move has two parts, always both. First one of your amazons moves like a
chess queen: any number of empty squares in a straight line, across, up
and down or diagonally, never over or onto an amazon or an arrow. Then,
from the square she reached, she shoots an arrow, again like a queen,
onto an empty square (the square she left is empty now and may be hit).
The arrow stays there for the rest of the game: nobody may cross or
stand on that square.

The board fills with arrows and the amazons are walled in. The player
who cannot move loses; there are no draws.

Click the amazon, then the square she goes to, then the arrow's square.
Moves are written with the three squares: d1-d7/g7 (the amazon on d1
goes to d7 and shoots at g7), or d1d7g7.

Rules: as played in the International Computer Games Association's
tournaments (the game by Walter Zamkauskas, 1988).
";

impl RulesImpl for AmazonsRules {
    type Position = Amazons;

    fn info(&self) -> GameInfo {
        let white = PlayerInfo { name: "white".into(), color: Rgba::rgb(246, 244, 238), ink: Rgba::rgb(30, 30, 30) };
        let black = PlayerInfo { name: "black".into(), color: Rgba::rgb(40, 36, 34), ink: Rgba::rgb(236, 236, 236) };
        let mut amazon = PieceType::new("amazon", &["♕", "♛"], &["W", "B"], 0);
        amazon.art = (0..2).map(|owner| RString::from(art::amazon(owner))).collect();
        // An arrow belongs to nobody: both players' arrows look alike.
        let mut arrow = PieceType::new("arrow", &["", ""], &["x", "x"], 0);
        arrow.art = (0..2).map(|_| RString::from(art::arrow())).collect();
        GameInfo {
            name: "Amazons".into(),
            players: vec![white, black].into(),
            piece_types: vec![amazon, arrow].into(),
            position_format: "ranks from 10 (w/b amazons, x arrows, digits for empty squares), then w or b".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        grid().build()
    }

    fn start_position(&self) -> Result<Amazons, PluginError> {
        Ok(Amazons::start())
    }

    fn position_from_text(&self, text: &str) -> Result<Amazons, PluginError> {
        text::read(text)
    }

    fn help_text(&self) -> String {
        HELP.into()
    }
}
