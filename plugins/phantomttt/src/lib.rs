//! Phantom tic-tac-toe as a Tabula rules plugin, as OpenSpiel plays it
//! (`phantom_ttt`, its classical version): tic-tac-toe where each player
//! sees only their own marks. A move onto a cell the opponent holds is
//! refused; the mover learns the opponent's mark is there and moves
//! again. The opponent learns nothing of the try. Three in a row wins, a
//! full board draws.
//!
//! Cells are numbered 0..9 from a1 (bottom left) row by row to c3; a move
//! places a mark, written by its cell (`b2`). Every position is flagged
//! [`rules_api::PositionFlags::HIDDEN`]: hosts show each player their own
//! view and hand strategies samples of it (see [`view`]).

#![deny(missing_docs)]

mod board;
mod position;
pub mod view;

use rules_api::plugin::RulesImpl;
use rules_api::{GameInfo, Geometry, Options, PieceType, PlayerInfo, PluginError, Rgba};
use tabula_kit::grid::Grid;

pub use board::Board;
use board::MARKS;

/// The game (it has no options).
pub struct PhantomTicTacToe;

impl PhantomTicTacToe {
    /// Builds the game; any option is refused by name.
    pub fn new(options: &Options) -> Result<Self, PluginError> {
        rules_api::plugin::check_options("phantomttt", options, &[])?;
        Ok(PhantomTicTacToe)
    }
}

/// Three by three squares named a1 (bottom left) to c3, numbered row by row.
pub(crate) fn grid() -> Grid {
    let paper = Rgba::rgb(225, 225, 240);
    Grid::squares(3, 3, paper, paper).background(Rgba::rgb(50, 50, 70))
}

impl RulesImpl for PhantomTicTacToe {
    type Position = Board;

    fn info(&self) -> GameInfo {
        let player = |name: &str, ink| PlayerInfo { name: name.into(), color: Rgba::TRANSPARENT, ink };
        GameInfo {
            name: "Phantom tic-tac-toe".into(),
            players: vec![player("x", Rgba::rgb(200, 40, 40)), player("o", Rgba::rgb(30, 60, 200))].into(),
            piece_types: vec![PieceType::new("mark", &["X", "O"], &["X", "O"], 0)].into(),
            position_format: "rows from the top, x/o a mark its opponent has not found, X/O one they have, . empty \
                              (xO./.x./...)"
                .into(),
        }
    }
    fn geometry(&self) -> Geometry {
        grid().build()
    }
    fn start_position(&self) -> Result<Board, PluginError> {
        Ok(Board::default())
    }
    fn position_from_text(&self, text: &str) -> Result<Board, PluginError> {
        let cells = view::read_rows(text.trim(), |ch| match ch {
            '.' => Some((None, false)),
            _ => MARKS.iter().position(|&m| m == ch.to_ascii_lowercase()).map(|p| (Some(p as u8), ch.is_uppercase())),
        })
        .map_err(PluginError::invalid_input)?;
        Board::from_parts(cells.map(|c| c.0), cells.map(|c| c.1))
            .map_err(|why| PluginError::invalid_input(format!("'{}': {why}", text.trim())))
    }
    fn position_from_view(&self, text: &str, seed: u64) -> Result<Board, PluginError> {
        let view = view::View::parse(text.trim()).map_err(PluginError::invalid_input)?;
        view.sample(seed).map_err(PluginError::invalid_input)
    }
    fn help_text(&self) -> String {
        "PHANTOM TIC-TAC-TOE\n\nTic-tac-toe where you see only your own marks. X and O take turns marking a cell \
         that looks empty to them; X starts. If the opponent already holds that cell, the move is refused: you now \
         see their mark there and move again (the opponent is not told). Three marks in a row, column or diagonal \
         win; a full board without one is a draw.\n"
            .into()
    }
}
