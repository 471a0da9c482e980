//! The definition file as written: TOML read with `serde`, unknown keys
//! refused. [`crate::compile()`] checks it and turns it into a
//! [`crate::variant::Variant`]; the reference is `docs/VARIANTS.md`.
//! The rule tables (promotion, drops, castling, rules, end) are in
//! [`crate::def_rules`].

use serde::Deserialize;
use toml::Spanned;

use crate::def_rules::{CastlingDef, DropsDef, EndDef, GatingDef, PromotionDef, RegionDef, RulesDef, WallsDef};

/// A whole definition file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Definition {
    /// The key users select it by (`--option variant=NAME`), lowercase.
    pub name: Spanned<String>,
    /// The display name (`Shogi`); the name when absent.
    pub title: Option<String>,
    /// One line for lists (the New game dialog).
    pub summary: Option<String>,
    /// A few sentences for the help screen.
    #[serde(default)]
    pub description: String,
    /// The family it is listed under: `chess`, `shogi`, `xiangqi`,
    /// `makruk`, `other`.
    pub family: Option<Spanned<String>>,
    /// The `UCI_Variant` an engine knows this game by; the name when absent.
    pub engine_name: Option<String>,
    /// How pieces, coordinates and moves are drawn and written.
    pub style: Option<StyleDef>,
    /// The board.
    pub board: Board,
    /// The players' names in move order (default `white`, `black`).
    pub players: Option<Spanned<Vec<String>>>,
    /// The start position in Fairy-Stockfish's FEN.
    pub start: Spanned<String>,
    /// Chess960: castling rights name the rooks' files, castling is
    /// written as the king taking its rook, any start position.
    #[serde(default)]
    pub chess960: bool,
    /// The piece types.
    #[serde(rename = "piece", default)]
    pub pieces: Vec<PieceDef>,
    /// Promotion.
    #[serde(default)]
    pub promotion: PromotionDef,
    /// Drops from hand.
    pub drops: Option<DropsDef>,
    /// Castling.
    pub castling: Option<CastlingDef>,
    /// Gating.
    pub gating: Option<GatingDef>,
    /// Walls placed by moves.
    pub walls: Option<WallsDef>,
    /// Move rules beyond each piece's own movement.
    #[serde(default)]
    pub rules: RulesDef,
    /// How the game ends.
    #[serde(default)]
    pub end: EndDef,
}

/// How the game is drawn and written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StyleDef {
    /// Piece art: `western` (glyphs), `shogi` (wedges with kanji),
    /// `xiangqi` (discs), `janggi` (octagons), `makruk`.
    pub pieces: Option<Spanned<String>>,
    /// The standard notation: `san` or `shogi`.
    pub notation: Option<Spanned<String>>,
    /// Coordinates around the board: `algebraic` or `shogi` (files 9-1
    /// from the right, ranks 一-九 from the top).
    pub coordinates: Option<Spanned<String>>,
}

/// The board's size and look.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Columns (3 to 16).
    pub files: Spanned<i64>,
    /// Rows (3 to 16).
    pub ranks: Spanned<i64>,
    /// `squares` (chess) or `points` (pieces on intersections).
    #[serde(default)]
    pub style: Option<Spanned<String>>,
    /// Light square colour, `#rrggbb`.
    pub light: Option<Spanned<String>>,
    /// Dark square colour, `#rrggbb`.
    pub dark: Option<Spanned<String>>,
    /// Squares marked with a dot, as region tokens (a square `e4`, a rank
    /// `*4`, a file `e*`, a box `c1-e3`).
    #[serde(default)]
    pub marks: Vec<Spanned<String>>,
    /// Squares joined by diagonal lines that some pieces move along (the
    /// janggi palace): region tokens.
    #[serde(default)]
    pub diagonal_lines: Vec<Spanned<String>>,
}

/// One piece type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// Lowercase name (`knight`).
    pub name: Spanned<String>,
    /// The FEN letter (lowercase; white's is the uppercase), or `+x` for a
    /// promoted form of `x`.
    pub letter: Spanned<String>,
    /// Movement in Betza notation.
    pub betza: Spanned<String>,
    /// More movement from squares on the board's diagonal lines, along
    /// them (janggi palace), in Betza notation.
    pub line_betza: Option<Spanned<String>>,
    /// More movement on some squares only (the xiangqi soldier across the
    /// river).
    pub zone_moves: Option<ZoneMovesDef>,
    /// Drawn on the piece for both players.
    pub glyph: Option<String>,
    /// Drawn on the piece, one per player (overrides `glyph`).
    pub glyphs: Option<Spanned<Vec<String>>>,
    /// Its names in kanji: one character, two characters.
    pub kanji: Option<Spanned<Vec<String>>>,
    /// Piece images (SVG files, relative to the definition), one per
    /// player.
    pub images: Option<Spanned<Vec<String>>>,
    /// Material value, 100 = a chess pawn; derived from mobility when absent.
    pub value: Option<Spanned<i64>>,
    /// The king: moves may not leave it attacked.
    #[serde(default)]
    pub royal: bool,
    /// A chess pawn: its moves reset the move-count rule, its straight
    /// double step can be taken en passant and it takes en passant.
    #[serde(default)]
    pub pawn: bool,
    /// A fairy pawn as Fairy-Stockfish plays them: its first-move legs mark
    /// every square they pass and their arrival square for en passant,
    /// whether or not anyone can take there.
    #[serde(default)]
    pub fairy_pawn: bool,
    /// Whether it may take en passant (default: `pawn` or `fairy_pawn`).
    pub en_passant: Option<bool>,
    /// Whether its moves reset the move-count rule (default: `pawn` or
    /// `fairy_pawn`).
    pub resets_move_count: Option<bool>,
    /// A janggi cannon: it hops over no cannon and takes none.
    #[serde(default)]
    pub janggi_cannon: bool,
    /// What it promotes to: a list of letters (chosen, written `e7e8q`) or
    /// one `+x` letter (shogi style, written `e7e8+`); or per player,
    /// `{ white = ..., black = ... }`.
    pub promotes_to: Option<Spanned<PromotesTo>>,
    /// Relative ranks it may be dropped on, `[lowest, highest]` (1 = the
    /// owner's first rank).
    pub drop_ranks: Option<Spanned<Vec<i64>>>,
    /// Squares it may never leave, per player (`white`, `black`), as
    /// region tokens.
    pub region: Option<RegionDef>,
}

/// A piece's promotion: a choice of types or one promoted form, for both
/// players or per player.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum PromotesTo {
    /// Shogi style: one promoted form (`+p`).
    One(String),
    /// Chess style: the mover picks one of these letters.
    Choice(Vec<String>),
    /// Different for each player.
    Each {
        /// The first player's.
        white: Box<PromotesTo>,
        /// The second player's.
        black: Box<PromotesTo>,
    },
}

/// Movement a piece has only while it stands on some squares.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneMovesDef {
    /// The movement, in Betza notation.
    pub betza: Spanned<String>,
    /// The first player's squares (region tokens).
    pub white: Vec<Spanned<String>>,
    /// The second player's squares.
    pub black: Vec<Spanned<String>>,
}
