//! Engine protocols spoken by Tabula to the outside world: `tabula uci`,
//! `tabula ucci`, `tabula usi`, `tabula gomocup` and `tabula gtp` turn any strategy plugin into an engine
//! that other programs (GUIs, tournament managers, engine libraries) can drive,
//! for whatever rules plugin is loaded. Game-specific conversions (a rank
//! offset, Gomocup's size and rule codes) come from `config/protocols.toml`.

pub mod coordinates;
pub mod core;
pub mod gomocup;
pub mod grid;
pub mod gtp;
pub mod settings;
pub mod uci;
pub mod usi_notation;
pub mod variant_switch;

use rules_api::PluginError;

use crate::plugins::LoadError;
use crate::session::SessionError;

/// What a protocol front end refuses or fails at; a Gomocup brain answers
/// `ERROR` followed by the message.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// The rules plugin cannot play the board or rule asked for.
    #[error("unsupported: {0}")]
    Unsupported(LoadError),
    /// A game the protocol cannot speak for: more or fewer than two
    /// players, or chance moves (dice).
    #[error("unsupported game: {0}")]
    Unserved(String),
    /// The rules plugin made a board of another size.
    #[error("unsupported size {size} (the board is {width}x{height})")]
    Size {
        /// The side asked for.
        size: u32,
        /// The board's width.
        width: i32,
        /// The board's height.
        height: i32,
    },
    /// Text that should be `x,y`.
    #[error("'{0}' is not x,y")]
    NotXy(String),
    /// A point outside the board.
    #[error("{x},{y} is off the board")]
    OffBoard {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A point where no stone may go now.
    #[error("{x},{y} is not a legal move")]
    NotLegal {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// `TAKEBACK` with no move played.
    #[error("no move to take back")]
    NothingToTakeBack,
    /// `TAKEBACK` of another point than the last move.
    #[error("the last move was not {x},{y}")]
    NotLastMove {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A `BOARD` whose stone counts do not leave the brain to move.
    #[error("{own} own and {theirs} opponent stones cannot be my turn")]
    NotMyTurn {
        /// The brain's stones.
        own: usize,
        /// The opponent's stones.
        theirs: usize,
    },
    /// A move of a `position` command that the game refuses.
    #[error("move {index} ('{text}'): {reason}")]
    Move {
        /// 1-based index in the command.
        index: usize,
        /// The move as sent.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// The game cannot be described in the protocol's terms (a board USI
    /// cannot name).
    #[error("{0}")]
    Unrepresentable(String),
    /// A plugin could not be loaded or built.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The rules plugin failed.
    #[error(transparent)]
    Plugin(#[from] PluginError),
    /// The game refused something.
    #[error(transparent)]
    Session(#[from] SessionError),
}
