//! Board themes and piece sets chosen in Settings.
//!
//! The host knows no game: a board theme recolours the plugin's geometry
//! by what its colours are used for (the shades most cells share, the
//! board's face, its lines), and a piece set redraws a piece from what
//! [`rules_api::GameInfo`] says of it (its owner's colours, its glyph or
//! letter). The plugin's own look is the default of both.

mod board;
mod pieces;

use std::sync::atomic::{AtomicU8, Ordering};

pub use board::apply_board;
pub use pieces::draw_piece_in_set;

/// A board theme: how the plugin's board colours are mapped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardTheme {
    /// The rules plugin's own colours.
    Game,
    /// Light and dark wood.
    Wood,
    /// Grey-blue shades.
    Slate,
    /// Pure white and a mid grey, black lines: the most contrast.
    HighContrast,
}

impl BoardTheme {
    /// Every theme, in the order Settings offers them.
    pub const ALL: [BoardTheme; 4] = [BoardTheme::Game, BoardTheme::Wood, BoardTheme::Slate, BoardTheme::HighContrast];

    /// The word kept in the settings file.
    pub fn word(self) -> &'static str {
        match self {
            BoardTheme::Game => "game",
            BoardTheme::Wood => "wood",
            BoardTheme::Slate => "slate",
            BoardTheme::HighContrast => "high-contrast",
        }
    }

    /// The theme a settings word names; an unknown word is the game's own.
    pub fn from_word(word: &str) -> BoardTheme {
        BoardTheme::ALL.into_iter().find(|t| t.word() == word).unwrap_or(BoardTheme::Game)
    }

    /// The id of its name in the window's catalogues.
    pub fn message_id(self) -> &'static str {
        match self {
            BoardTheme::Game => "theme-game",
            BoardTheme::Wood => "theme-wood",
            BoardTheme::Slate => "theme-slate",
            BoardTheme::HighContrast => "theme-high-contrast",
        }
    }
}

/// A piece set: how pieces are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PieceSet {
    /// The plugin's art, chess figures or glyph discs, as the game draws them.
    Game,
    /// Flat discs in the owner's colours with the piece's glyph or letter.
    Discs,
    /// Pure white and black discs with thick outlines and bold letters.
    HighContrast,
}

impl PieceSet {
    /// Every set, in the order Settings offers them.
    pub const ALL: [PieceSet; 3] = [PieceSet::Game, PieceSet::Discs, PieceSet::HighContrast];

    /// The word kept in the settings file.
    pub fn word(self) -> &'static str {
        match self {
            PieceSet::Game => "game",
            PieceSet::Discs => "discs",
            PieceSet::HighContrast => "high-contrast",
        }
    }

    /// The set a settings word names; an unknown word is the game's own.
    pub fn from_word(word: &str) -> PieceSet {
        PieceSet::ALL.into_iter().find(|t| t.word() == word).unwrap_or(PieceSet::Game)
    }

    /// The id of its name in the window's catalogues.
    pub fn message_id(self) -> &'static str {
        match self {
            PieceSet::Game => "pieces-game",
            PieceSet::Discs => "pieces-discs",
            PieceSet::HighContrast => "pieces-high-contrast",
        }
    }
}

/// The piece set in use. Pieces are drawn from many places (the board,
/// the hands, the panel's icons) that all go through
/// [`crate::board::draw_piece`]; one process-wide choice, like the
/// interface language, spares threading it through each of them.
static PIECE_SET: AtomicU8 = AtomicU8::new(0);

/// Makes `set` the one pieces are drawn in.
pub fn use_piece_set(set: PieceSet) {
    let index = PieceSet::ALL.iter().position(|&s| s == set).unwrap_or(0);
    PIECE_SET.store(index as u8, Ordering::Relaxed);
}

/// The piece set in use.
pub fn piece_set() -> PieceSet {
    PieceSet::ALL.get(PIECE_SET.load(Ordering::Relaxed) as usize).copied().unwrap_or(PieceSet::Game)
}
