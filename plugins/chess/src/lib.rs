//! International chess rules plugin for Tabula.
//!
//! Move generation is cozy-chess 0.3.4; this crate adds what a game needs on
//! top of it: the full FIDE result rules (checkmate, stalemate, the
//! automatic fivefold repetition and seventy-five-move rule, the claimable
//! threefold repetition with the en-passant subtlety and fifty-move rule,
//! insufficient material),
//! make/unmake on a preallocated copy-make stack, a normalised Zobrist hash,
//! FEN with precise errors, SAN and UCI both ways, a tapered evaluation and
//! move-ordering hints, the search facts a generic search needs (in check,
//! zugzwang risk, irreversible moves, null moves, bulk move counts).
//! Everything crosses the boundary through [`rules_api::plugin`]'s adapters.
//!
//! Cells are cozy square indices (a1 = 0, b1 = 1, ..., h8 = 63). Castling is
//! the king's two-square move (`e1g1`), translated to and from cozy-chess's
//! king-takes-rook encoding. Promotions carry `extra = piece index + 1`.

mod art;
mod board;
mod eval;
mod fen;
mod info;
mod moves;
mod notation;
mod position;

use rules_api::plugin::RulesImpl;
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PluginError};

pub use board::{insufficient_material, native_perft};
pub use eval::EvalState;
pub use fen::{parse_fen, parse_fen_clock, write_fen, write_fen_clock, MAX_HALFMOVE_CLOCK};
pub use moves::tag;
pub use position::ChessPosition;

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The chess game (no options).
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessRules;

impl ChessRules {
    /// The game.
    pub fn new() -> Self {
        ChessRules
    }

    /// Builds the game from plugin options; chess takes none, so any option
    /// is refused.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        rules_api::plugin::check_options("chess", options, &chess_options())?;
        Ok(ChessRules)
    }
}

/// The options chess understands: none.
pub fn chess_options() -> Vec<OptionSpec> {
    Vec::new()
}

impl RulesImpl for ChessRules {
    type Position = ChessPosition;

    fn info(&self) -> GameInfo {
        info::game_info()
    }

    fn geometry(&self) -> Geometry {
        info::geometry()
    }

    fn start_position(&self) -> Result<ChessPosition, PluginError> {
        Ok(ChessPosition::start().with_claims())
    }

    fn position_from_text(&self, text: &str) -> Result<ChessPosition, PluginError> {
        ChessPosition::from_fen(text).map(ChessPosition::with_claims)
    }

    fn help_text(&self) -> String {
        info::HELP.to_string()
    }
}
