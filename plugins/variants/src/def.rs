//! The definition file as written: TOML read with `serde`, unknown keys
//! refused. [`crate::compile()`] checks it and turns it into a
//! [`crate::variant::Variant`]; the reference is `docs/VARIANTS.md`.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// A whole definition file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Definition {
    /// The key users select it by (`--option variant=NAME`), lowercase.
    pub name: Spanned<String>,
    /// The display name (`Shogi`); the name when absent.
    pub title: Option<String>,
    /// A few sentences for the help screen.
    #[serde(default)]
    pub description: String,
    /// The `UCI_Variant` an engine knows this game by; the name when absent.
    pub engine_name: Option<String>,
    /// The board.
    pub board: Board,
    /// The players' names in move order (default `white`, `black`).
    pub players: Option<Spanned<Vec<String>>>,
    /// The start position in Fairy-Stockfish's FEN.
    pub start: Spanned<String>,
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
    /// Move rules beyond each piece's own movement.
    #[serde(default)]
    pub rules: RulesDef,
    /// How the game ends.
    #[serde(default)]
    pub end: EndDef,
}

/// The board's size and look.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Columns (4 to 16).
    pub files: Spanned<i64>,
    /// Rows (4 to 16).
    pub ranks: Spanned<i64>,
    /// `squares` (chess) or `points` (pieces on intersections).
    #[serde(default)]
    pub style: Option<Spanned<String>>,
    /// Light square colour, `#rrggbb`.
    pub light: Option<Spanned<String>>,
    /// Dark square colour, `#rrggbb`.
    pub dark: Option<Spanned<String>>,
    /// Squares marked with a dot (regions, e.g. `["*4 d* e*"]`-style
    /// tokens: a square `e4`, a rank `*4`, a file `e*`, a box `c1-e3`).
    #[serde(default)]
    pub marks: Vec<Spanned<String>>,
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
    /// Drawn on the piece for both players.
    pub glyph: Option<String>,
    /// Drawn on the piece, one per player (overrides `glyph`).
    pub glyphs: Option<Spanned<Vec<String>>>,
    /// Material value, 100 = a chess pawn; derived from mobility when absent.
    pub value: Option<Spanned<i64>>,
    /// Checkmate targets it: moves may not leave it attacked.
    #[serde(default)]
    pub royal: bool,
    /// A pawn: its moves reset the move-count rule, its multi-square first
    /// move can be taken en passant and it takes en passant.
    #[serde(default)]
    pub pawn: bool,
    /// What it promotes to: a list of letters (chosen, written `e7e8q`) or
    /// one `+x` letter (shogi style, written `e7e8+`).
    pub promotes_to: Option<Spanned<PromotesTo>>,
    /// Relative ranks it may be dropped on, `[lowest, highest]` (1 = the
    /// owner's first rank).
    pub drop_ranks: Option<Spanned<Vec<i64>>>,
    /// Squares it may never leave, per player (`white`, `black`), as
    /// region tokens.
    pub region: Option<RegionDef>,
}

/// A piece's promotion: a choice of types or one promoted form.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum PromotesTo {
    /// Shogi style: one promoted form (`+p`).
    One(String),
    /// Chess style: the mover picks one of these letters.
    Choice(Vec<String>),
}

/// Squares for each player.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionDef {
    /// The first player's squares.
    pub white: Vec<Spanned<String>>,
    /// The second player's squares.
    pub black: Vec<Spanned<String>>,
}

/// Promotion rules shared by the promoting pieces.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PromotionDef {
    /// The last this many ranks (from the mover's side) are the zone.
    pub zone: Option<Spanned<i64>>,
    /// Chess-style promotion must be taken on entering the zone (default
    /// true); shogi-style promotion is always optional unless the piece
    /// could not move again.
    pub mandatory: Option<bool>,
    /// At most this many of a type on the board after promoting to it
    /// (Grand chess: only to pieces that were captured).
    #[serde(default)]
    pub limits: BTreeMap<String, i64>,
}

/// Drops.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropsDef {
    /// Captured pieces go to the capturer's hand (demoted) and may be dropped.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// A player may not drop this piece on a file where an unpromoted one
    /// of theirs already stands (shogi's nifu).
    pub no_doubled: Option<Spanned<String>>,
    /// Checkmating by dropping this piece loses for the dropper (shogi's
    /// uchifuzume, scored as Fairy-Stockfish does).
    pub no_mate: Option<Spanned<String>>,
}

fn yes() -> bool {
    true
}

/// Castling: the royal moves two or more squares towards a rook, which
/// jumps to the square it passed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingDef {
    /// The castling rook's letter.
    pub rook: Spanned<String>,
    /// The king's destination file on the rook's right side (`g`).
    pub kingside: Spanned<String>,
    /// The king's destination file on the rook's left side (`c`).
    pub queenside: Spanned<String>,
}

/// Move rules beyond each piece's movement.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RulesDef {
    /// A move or drop may not leave a piece where it could never move.
    #[serde(default)]
    pub immobility_illegal: bool,
    /// When a capture is possible, only captures are legal (antichess).
    #[serde(default)]
    pub must_capture: bool,
    /// Moves that give check are illegal (racing kings).
    #[serde(default)]
    pub no_checks: bool,
    /// Royals may not face each other on an open file (xiangqi).
    #[serde(default)]
    pub flying_royals: bool,
    /// Captures explode: capturer and every piece around the square
    /// (pieces listed in `atomic_immune` excepted) leave the board.
    #[serde(default)]
    pub atomic: bool,
    /// Letters of pieces a neighbouring explosion does not remove.
    #[serde(default)]
    pub atomic_immune: Vec<String>,
}

/// How the game ends; results are from the view of the player to move.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    /// No legal move while in check: `loss` (default), `win` or `draw`.
    pub checkmate: Option<Spanned<String>>,
    /// No legal move and not in check: `draw` (default), `loss` or `win`.
    pub stalemate: Option<Spanned<String>>,
    /// A player is out of certain pieces.
    pub extinction: Option<ExtinctionDef>,
    /// A piece reaching a region wins.
    pub flag: Option<FlagDef>,
    /// Giving this many checks wins (the FEN carries the checks left).
    pub checks: Option<Spanned<i64>>,
    /// The same position again and again.
    pub repetition: Option<RepetitionDef>,
    /// Plies without a capture or pawn move that draw (100 in chess).
    pub move_limit: Option<Spanned<i64>>,
    /// Draw when neither side can mate (chess's dead positions).
    pub insufficient_material: Option<InsufficientDef>,
}

/// Fairy-Stockfish's extinction rule.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtinctionDef {
    /// Letters of the counted pieces, or `*` for all.
    pub pieces: Vec<Spanned<String>>,
    /// Result for the player who is out of them: `loss` or `win` (or `draw`).
    pub result: Spanned<String>,
    /// "Out of them" means at most this many left (default 0).
    #[serde(default)]
    pub count: i64,
    /// …while the opponent has at least this many (default 0).
    #[serde(default)]
    pub opponent_count: i64,
    /// The player to move may still reply (shatranj's bare king: the other
    /// side may bare back): the opponent then needs one piece more.
    #[serde(default)]
    pub claim: bool,
}

/// Reaching a region wins.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagDef {
    /// The letter of the piece that must reach it.
    pub piece: Spanned<String>,
    /// The first player's goal squares (region tokens).
    pub white: Vec<Spanned<String>>,
    /// The second player's goal squares.
    pub black: Vec<Spanned<String>>,
    /// The second player may answer the first player's arrival by arriving
    /// too, which draws (racing kings).
    #[serde(default)]
    pub reply: bool,
}

/// Repetition.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionDef {
    /// The occurrence that ends the game (3 = threefold).
    pub count: Spanned<i64>,
    /// `draw` (default), `loss` or `win` for the player to move, or
    /// `first-player-loses`.
    pub result: Option<Spanned<String>>,
    /// A player who gave check with every move of the cycle loses.
    #[serde(default)]
    pub perpetual_check_loses: bool,
}

/// Chess's insufficient material.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InsufficientDef {
    /// Letters of pieces of which one alone cannot mate (knight).
    #[serde(default)]
    pub minors: Vec<String>,
    /// Letters of pieces bound to one square colour (bishop): any number on
    /// one colour cannot mate.
    #[serde(default)]
    pub colour_bound: Vec<String>,
}
