//! Tiny games with known answers, for testing strategies (and the kit).
//!
//! Every strategy must play every game, so a strategy's tests want games
//! small enough to solve: [`Mnk`] (tic-tac-toe and its larger cousins, with
//! an exact solver [`solve`]), [`TakeAway`] (a pile of stones), [`Coins`]
//! (take a coin from either end of a row), [`Walk`] (a token that can only
//! cycle, so only repetition detection sees the draw) and [`Faulty`] (any
//! game that panics on purpose after some moves).
//!
//! They implement [`rules_api::plugin::PositionImpl`] directly, so a test
//! wraps one with [`rules_api::plugin::position_box`] to drive it through
//! the boundary exactly as a loaded game, and [`rules`] makes a whole game
//! of one (the conformance suite's own tests run on them).

mod mnk;
mod small;

pub use mnk::{solve, Mnk};
pub use small::{Coins, Faulty, TakeAway, Walk};

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{GameInfo, Geometry, PieceType, PlayerInfo, PluginError, Rgba, RulesBox};

/// A test game position that can describe its game and read its own text.
pub trait TestGame: PositionImpl + Sync {
    /// Name, players and piece types.
    fn info(&self) -> GameInfo;
    /// The board.
    fn geometry(&self) -> Geometry;
    /// A position of the same game (same size and parameters as `self`)
    /// read from text written by `to_text`.
    fn read_text(&self, text: &str) -> Result<Self, PluginError>;
}

/// A whole game whose start position is `start`.
pub fn rules<G: TestGame>(start: G) -> RulesBox {
    rules_box(TestRules { start })
}

/// The rules object of a test game (see [`rules`]).
pub struct TestRules<G> {
    start: G,
}

impl<G: TestGame> RulesImpl for TestRules<G> {
    type Position = G;
    fn info(&self) -> GameInfo {
        self.start.info()
    }
    fn geometry(&self) -> Geometry {
        self.start.geometry()
    }
    fn start_position(&self) -> Result<G, PluginError> {
        Ok(self.start.clone())
    }
    fn position_from_text(&self, text: &str) -> Result<G, PluginError> {
        self.start.read_text(text)
    }
}

/// Two players and one kind of piece, as every test game has.
fn two_player_info(name: &str, piece: &str) -> GameInfo {
    let player = |name: &str, color: Rgba, ink: Rgba| PlayerInfo { name: name.into(), color, ink };
    let (dark, light) = (Rgba::rgb(30, 30, 30), Rgba::rgb(240, 240, 240));
    GameInfo {
        name: name.into(),
        players: vec![player("x", dark, light), player("o", light, dark)].into(),
        piece_types: vec![PieceType::new(piece, &["", ""], &["X", "O"], 100)].into(),
        position_format: format!("{name} text").into(),
    }
}

/// A single row of `cells` squares, for the games played on a line.
fn row_geometry(cells: u16) -> Geometry {
    crate::grid::Grid::squares(cells.max(1), 1, Rgba::rgb(235, 220, 190), Rgba::rgb(200, 170, 120)).build()
}

/// Reads `n` whitespace-separated numbers, naming `what` in errors.
fn numbers<T: std::str::FromStr>(text: &str, n: usize, what: &str) -> Result<Vec<T>, PluginError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let values: Option<Vec<T>> = parts.iter().map(|p| p.parse().ok()).collect();
    match values {
        Some(v) if v.len() == n => Ok(v),
        _ => Err(PluginError::invalid_input(format!("'{text}' is not {what}"))),
    }
}

/// Reads a side to move (`0` or `1`).
fn side(value: u32, text: &str) -> Result<u8, PluginError> {
    u8::try_from(value)
        .ok()
        .filter(|&s| s < 2)
        .ok_or_else(|| PluginError::invalid_input(format!("'{text}': the side to move is 0 or 1")))
}
