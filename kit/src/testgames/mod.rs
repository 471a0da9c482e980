//! Tiny games with known answers, for testing strategies (and the kit).
//!
//! Every strategy must play every game, so a strategy's tests want games
//! small enough to solve: [`Mnk`] (tic-tac-toe and its larger cousins, with
//! an exact solver [`solve`]), [`TakeAway`] (a pile of stones), [`Coins`]
//! (take a coin from either end of a row), [`Walk`] (a token that can only
//! cycle, so only repetition detection sees the draw) and [`Faulty`] (any
//! game that panics on purpose after some moves).
//!
//! Two more exercise what rules-api 0.2.1 added: [`Bust`], a dice game of
//! pushing one's luck for two to six players whose every roll is a chance
//! node and where only the expectation tells the right choice (solved by
//! [`bust_values`]), and [`LastStone`], take-away for two to six players
//! with places and payoffs per player, whose correct play is known (solved
//! by [`last_stone_values`]). Both give an evaluation for every player
//! (`evaluate_all`) on the logistic scale of [`crate::value`], and
//! [`Misjudged`] makes a game's single `evaluate` lie, to tell the players
//! that read the evaluation of the player they play for from those that
//! do not.
//!
//! They implement [`rules_api::plugin::PositionImpl`] directly, so a test
//! wraps one with [`rules_api::plugin::position_box`] to drive it through
//! the boundary exactly as a loaded game, and [`rules`] makes a whole game
//! of one (the conformance suite's own tests run on them).

mod bust;
mod last_stone;
mod mnk;
mod small;

pub use bust::{bust_values, face, Bust, ROLL, STOP};
pub use last_stone::{last_stone_values, LastStone};
pub use mnk::{solve, Mnk};
pub use small::{Coins, Faulty, Misjudged, TakeAway, Walk};

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

/// The names of the players of the games for more than two, in seat order.
const PLAYER_NAMES: [&str; 6] = ["red", "green", "blue", "yellow", "purple", "orange"];

/// `n` players (2 to 6) named by colour and one kind of piece.
fn players_info(name: &str, piece: &str, n: u8) -> GameInfo {
    let colors = [
        Rgba::rgb(200, 40, 40),
        Rgba::rgb(40, 160, 60),
        Rgba::rgb(40, 80, 200),
        Rgba::rgb(230, 200, 40),
        Rgba::rgb(140, 60, 170),
        Rgba::rgb(240, 140, 30),
    ];
    let ink = Rgba::rgb(250, 250, 250);
    let n = (n as usize).clamp(2, PLAYER_NAMES.len());
    let players = (0..n).map(|p| PlayerInfo { name: PLAYER_NAMES[p].into(), color: colors[p], ink }).collect();
    let letters: Vec<String> = PLAYER_NAMES[..n].iter().map(|name| name[..1].to_uppercase()).collect();
    let letters: Vec<&str> = letters.iter().map(String::as_str).collect();
    GameInfo {
        name: name.into(),
        players,
        piece_types: vec![PieceType::new(piece, &vec![""; n], &letters, 100)].into(),
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
