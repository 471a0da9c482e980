//! The rules object: one configured game.

use abi_stable::sabi_trait;
use abi_stable::std_types::{RBox, RResult, RStr, RString, RVec};
use abi_stable::StableAbi;

use crate::error::PluginError;
use crate::geometry::{Geometry, Rgba};
use crate::position::PositionBox;

/// A player (a seat), as the game names it.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct PlayerInfo {
    /// Lowercase name used in results and on the command line (`white`, `red`).
    pub name: RString,
    /// Piece fill colour.
    pub color: Rgba,
    /// Colour for glyphs and outlines drawn on this player's pieces.
    pub ink: Rgba,
}

/// A kind of piece, as drawn and named.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct PieceType {
    /// Lowercase name (`queen`, `cannon`, `stone`).
    pub name: RString,
    /// Glyph per player, drawn on the piece (`♕`/`♛`, `炮`/`砲`); an empty
    /// glyph means a plain disc (stones).
    pub glyphs: RVec<RString>,
    /// ASCII letter per player for text diagrams (`Q`/`q`, `C`/`c`, `X`/`O`).
    pub letters: RVec<RString>,
    /// Rough material value (100 = a chess pawn), for captured-piece tallies.
    pub value: i32,
    /// Piece art per player as a complete SVG document drawn in the cell's
    /// square; empty (or an empty entry) means draw the glyph.
    pub art: RVec<RString>,
}

impl PieceType {
    /// A piece type with one glyph and one letter per player and no art.
    pub fn new(name: &str, glyphs: &[&str], letters: &[&str], value: i32) -> Self {
        PieceType {
            name: name.into(),
            glyphs: glyphs.iter().map(|g| RString::from(*g)).collect(),
            letters: letters.iter().map(|l| RString::from(*l)).collect(),
            value,
            art: RVec::new(),
        }
    }
}

/// What the game is and who plays it.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct GameInfo {
    /// Display name (`Chess`, `Xiangqi`, `Gomoku (renju)`).
    pub name: RString,
    /// The players in move order of the start position.
    pub players: RVec<PlayerInfo>,
    /// Every piece type, indexed by [`crate::Piece::kind`] and by `extra - 1`
    /// of a [`crate::Move`].
    pub piece_types: RVec<PieceType>,
    /// How the game's positions are written (`FEN`), for messages.
    pub position_format: RString,
}

/// One configured game (options already applied), shared by every thread.
#[sabi_trait]
pub trait Rules: Send + Sync {
    /// Name, players and piece types.
    fn info(&self) -> RResult<GameInfo, PluginError>;

    /// The board, for drawing.
    fn geometry(&self) -> RResult<Geometry, PluginError>;

    /// The usual start position.
    fn start_position(&self) -> RResult<PositionBox, PluginError>;

    /// A position read from text; errors name what is wrong and where.
    fn position_from_text(&self, text: RStr<'_>) -> RResult<PositionBox, PluginError>;

    /// The rules in plain text, for a Help screen.
    #[sabi(last_prefix_field)]
    fn help_text(&self) -> RResult<RString, PluginError>;

    // Appended in 0.2.1 (see the crate docs on compatibility).

    /// A full position consistent with a viewer's knowledge written by
    /// [`crate::Position::view_text`], its hidden parts drawn from a
    /// generator seeded with `seed` (a network client holds one to draw its
    /// seat's view and list its moves). Default: [`Rules::position_from_text`]
    /// (a game without hidden information writes the whole position).
    fn position_from_view(&self, text: RStr<'_>, seed: u64) -> RResult<PositionBox, PluginError> {
        let _ = seed;
        self.position_from_text(text)
    }
}

/// An owned rules object.
pub type RulesBox = Rules_TO<'static, RBox<()>>;
