//! Oware abapa as a Tabula rules plugin: the competition rules of the
//! Oware Society ("Abapa rules", reproduced at
//! <http://s.helan.free.fr/awele/rules/>; summarised in Wikipedia's
//! "Oware" article).
//!
//! Two rows of six pits, four seeds in each; South (first) owns `A`–`F`,
//! North `a`–`f`. A player sows all the seeds of one of their pits, one
//! per pit counter-clockwise, skipping the emptied pit when there are 12
//! or more. A last seed that makes an opponent's pit 2 or 3 captures it,
//! and the pits before it too while they are the opponent's and hold 2 or
//! 3 — unless that would take every seed the opponent has (the grand
//! slam), which then captures nothing. A player whose opponent has no
//! seeds must give them some; if they cannot, each player takes the seeds
//! in their own row and the game ends. More than 24 captured seeds wins;
//! 24 each is a draw. Play that goes round in a cycle ends the game the
//! same way: each takes the seeds in their own row, as soon as a position
//! (pits and side to move) comes back with no capture in between.
//!
//! * [`board`]: sowing, capturing and feeding on the twelve pits.
//! * [`position`]: the position, [`OwarePosition`].
//! * [`text`], [`notation`]: position text and pit names.
//!
//! No options: abapa is played with 4 seeds in 6 pits a side.

#![deny(missing_docs)]

pub mod board;
pub mod notation;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, Label, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba,
};

pub use board::{End, STORE_CELLS};
pub use position::{OwarePosition, NORTH, SOUTH};

/// The options this plugin understands: none.
pub fn option_specs() -> Vec<OptionSpec> {
    Vec::new()
}

/// Oware abapa.
#[derive(Default)]
pub struct Oware;

impl Oware {
    /// The game; any option is refused with an error naming it.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        check_options("oware", options, &option_specs())?;
        Ok(Oware)
    }
}

/// Where a pit is drawn: South's row below from left to right, North's
/// above from right to left, so that sowing runs counter-clockwise.
pub fn pit_centre(pit: usize) -> (f32, f32) {
    if pit < board::ROW {
        (1.0 + pit as f32, 1.0)
    } else {
        (6.0 - (pit - board::ROW) as f32, 0.0)
    }
}

/// The board: twelve round pits and a store at each end (South's on its
/// right, North's on its right, which is South's left), each named and
/// drawn with its seed count ([`rules_api::CellText`]).
pub fn geometry() -> Geometry {
    let wood = Rgba::rgb(150, 100, 55);
    let store_wood = Rgba::rgb(130, 85, 45);
    let mut cells = RVec::with_capacity(board::PITS + 2);
    for pit in 0..board::PITS {
        let (x, y) = pit_centre(pit);
        let name = notation::pit_name(pit).into();
        cells.push(Cell { x, y, layer: 0, shape: CellShape::CIRCLE, color: wood, name });
    }
    for (x, name) in [(7.0, "south store"), (0.0, "north store")] {
        cells.push(Cell { x, y: 0.5, layer: 0, shape: CellShape::CIRCLE, color: store_wood, name: name.into() });
    }
    let mut labels = RVec::new();
    for pit in 0..board::PITS {
        let (x, y) = pit_centre(pit);
        let y = if y > 0.5 { y + 0.8 } else { y - 0.8 };
        labels.push(Label { x, y, layer: 0, text: notation::pit_name(pit).into() });
    }
    Geometry { cells, lines: RVec::new(), marks: RVec::new(), labels, background: Rgba::rgb(90, 55, 30), layers: 1 }
}

const HELP: &str = "\
OWARE (ABAPA)

The board has two rows of six pits with four seeds in each. South (moving
first) owns the lower row, A to F from its left; North owns the upper row,
a to f from its left. The stores at the ends hold each player's captured
seeds (South's on the right, North's on the left).

Sowing: the player to move takes every seed of one of their pits and
drops them one by one in the following pits, counter-clockwise (South's
row to the right, then North's row to the left). With 12 or more seeds
the emptied pit is skipped on the way round.

Capturing: if the last seed falls in an opponent's pit and makes it 2 or
3, those seeds are captured; so are those of the pit before it, and the
one before that, while they are the opponent's and hold 2 or 3. A move
that would capture every seed the opponent has (a grand slam) may be
played, but captures nothing.

Feeding: when the opponent has no seeds, the player must sow seeds into
their row. If no move does, the game ends and each player takes the
seeds left in their own row.

The end: more than 24 captured seeds wins; 24 each is a draw. The seeds
still on the board then no longer matter and stay where they are. If play
goes round in a cycle (a position comes back with no capture since), the
game ends and each player takes the seeds in their own row.

Moves are written as the pit sown: A to F for South, a to f for North
(1 to 6, the mover's pits from their left, is read too).

Position text: South's pits A..F, a slash, North's pits a..f (numbers
separated by commas), South's store, North's store, and s or n for the
side to move: 4,4,4,4,4,4/4,4,4,4,4,4 0 0 s.
";

impl RulesImpl for Oware {
    type Position = OwarePosition;

    fn info(&self) -> GameInfo {
        let player = |name: &str, color: Rgba| PlayerInfo { name: name.into(), color, ink: Rgba::rgb(250, 245, 230) };
        GameInfo {
            name: "Oware".into(),
            players: vec![player("south", Rgba::rgb(170, 60, 40)), player("north", Rgba::rgb(40, 80, 150))].into(),
            // Seeds are drawn as counts, never as pieces; the type names them.
            piece_types: vec![PieceType::new("seed", &["", ""], &["o", "o"], 100)].into(),
            position_format: "pits A-F / a-f, South's store, North's store, s or n".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        geometry()
    }

    fn start_position(&self) -> Result<OwarePosition, PluginError> {
        Ok(OwarePosition::start())
    }

    fn position_from_text(&self, text: &str) -> Result<OwarePosition, PluginError> {
        let (pits, stores, side) = text::read(text)?;
        Ok(OwarePosition::from_parts(pits, stores, side))
    }

    fn help_text(&self) -> String {
        HELP.to_string()
    }
}
