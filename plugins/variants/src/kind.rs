//! One kind of piece as compiled from its definition: names, value, how it
//! moves (Betza legs), promotes, takes en passant and where it may stand.

use crate::betza::Leg;
use crate::squares::Squares;

/// How a piece promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// It does not.
    Never,
    /// The mover picks one of these kinds (chess: `e7e8q`).
    Choice(Vec<u8>),
    /// It may turn into this promoted form (shogi: `e7e8+`).
    To(u8),
}

/// How a piece's first-move legs mark en passant squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpMark {
    /// They do not.
    None,
    /// The chess pawn: a straight double step marks the square passed, when
    /// an enemy pawn could take there.
    Pawn,
    /// Fairy-Stockfish's rule for fairy pawns: every square passed and the
    /// arrival square are marked, whoever could take there.
    Path,
}

/// One kind of piece.
#[derive(Clone, Debug)]
pub struct PieceKind {
    /// Lowercase name.
    pub name: String,
    /// FEN letter, lowercase (`p`, or `+p` for a promoted form).
    pub letter: String,
    /// The kind it turns back into when captured (itself unless promoted).
    pub base: u8,
    /// Drawn on the piece, per player.
    pub glyphs: [String; 2],
    /// Material value (100 = a chess pawn).
    pub value: i32,
    /// The king: moves may not leave it attacked.
    pub royal: bool,
    /// A pawn: chess-style en passant and the move-count rule.
    pub pawn: bool,
    /// Its moves reset the move-count rule (when not reversible).
    pub resets: bool,
    /// Some of its quiet moves go sideways or back (so a move may be
    /// reversible).
    pub backwards: bool,
    /// How its first moves mark en passant squares.
    pub ep_mark: EpMark,
    /// It may take en passant.
    pub takes_ep: bool,
    /// How it promotes, per player.
    pub promotion: [Promotion; 2],
    /// Relative ranks (0 = own first) it may be dropped on, inclusive.
    pub drop_ranks: (u8, u8),
    /// Its movement as written (Betza).
    pub betza: String,
    /// Its movement.
    pub legs: Vec<Leg>,
    /// Its moves along the board's diagonal lines (janggi palace).
    pub line_legs: Vec<Leg>,
    /// Its moves on some squares only, and those squares per player.
    pub zone_legs: (Vec<Leg>, [Squares; 2]),
    /// A janggi cannon: no cannon is a screen for it, and it takes none.
    pub janggi_cannon: bool,
    /// Squares it may stand on, per player (everything when unrestricted).
    pub region: [Squares; 2],
    /// Its names in kanji, one and two characters (shogi family).
    pub kanji: [String; 2],
    /// Piece art per player (SVG documents), from the definition.
    pub art: [String; 2],
}

impl PieceKind {
    /// Whether `player`'s piece promotes in any way.
    pub fn promotes(&self, player: u8) -> bool {
        self.promotion[player as usize] != Promotion::Never
    }
}
