//! The rule tables of a definition file as written: promotion, drops,
//! castling, gating, walls, move rules and the end of the game; and the
//! per-player square lists ([`RegionDef`]) that they and the pieces use.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// Squares for each player.
#[derive(Debug, Deserialize, Clone)]
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
    /// The zone as squares per player (instead of `zone`).
    pub region: Option<RegionDef>,
    /// Chess-style promotion must be taken on entering the zone (default
    /// true).
    pub mandatory: Option<bool>,
    /// Shogi-style promotion must be taken on a move that starts or ends in
    /// the zone (default false: optional, unless the piece could not move
    /// again).
    #[serde(default)]
    pub forced: bool,
    /// A promoted piece may (with `forced`: must) turn back on such a move
    /// (Kyoto shogi), written `-`.
    #[serde(default)]
    pub demotion: bool,
    /// Shogi-style promotions and demotions only with a capture.
    #[serde(default)]
    pub on_capture: bool,
    /// At most this many of a type on the board after promoting to it
    /// (Grand chess: only to pieces that were captured).
    #[serde(default)]
    pub limits: BTreeMap<String, i64>,
}

/// Drops.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropsDef {
    /// Pieces in hand may be dropped (default true when the table is
    /// present).
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Captured pieces go to the capturer's hand, demoted (default true).
    #[serde(default = "yes")]
    pub captures_to_hand: bool,
    /// Captured promoted pieces go to hand as what they are (loop chess).
    #[serde(default)]
    pub keep_promoted: bool,
    /// Where each player may drop, as region tokens (default anywhere).
    pub region: Option<RegionDef>,
    /// A player may not drop this piece on a file where an unpromoted one
    /// of theirs already stands (shogi's nifu).
    pub no_doubled: Option<Spanned<String>>,
    /// How many may stand on a file before drops there stop (default 1).
    pub no_doubled_count: Option<Spanned<i64>>,
    /// Checkmating by dropping this piece loses for the dropper (shogi's
    /// uchifuzume, scored as Fairy-Stockfish does).
    pub no_mate: Option<Spanned<String>>,
    /// A piece may be dropped in its promoted form (Kyoto shogi).
    #[serde(default)]
    pub promoted: bool,
    /// While a player holds pieces they must drop one (placement phases).
    #[serde(default)]
    pub must: bool,
    /// The bishop letter when bishops must be dropped on squares of both
    /// colours.
    pub opposite_bishops: Option<Spanned<String>>,
    /// `reversi` or `ataxx`: which drops are legal and which pieces turn.
    pub enclosing: Option<Spanned<String>>,
    /// Squares to fill first (Othello's centre), region tokens.
    #[serde(default)]
    pub enclosing_start: Vec<Spanned<String>>,
    /// Drops take nothing from a hand (Ataxx's clones).
    #[serde(default)]
    pub free: bool,
}

fn yes() -> bool {
    true
}

/// Castling: a king-like piece moves two or more squares towards a rook,
/// which jumps to the square it passed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingDef {
    /// The castling rook's letter, or several.
    pub rook: Spanned<OneOrMore>,
    /// The castling king's letter (default the royal piece).
    pub king: Option<Spanned<String>>,
    /// The king's destination file on the rook's right side (`g`).
    pub kingside: Spanned<String>,
    /// The king's destination file on the rook's left side (`c`).
    pub queenside: Spanned<String>,
    /// The rank it happens on, from the mover's side (default 1).
    pub rank: Option<Spanned<i64>>,
    /// The file where `K` starts looking for its rook, leftwards (default
    /// the last file).
    pub rook_kingside: Option<Spanned<String>>,
    /// The file where `Q` starts looking for its rook, rightwards
    /// (default `a`).
    pub rook_queenside: Option<Spanned<String>>,
    /// The king's file when several castling pieces stand on the rank
    /// (default `e`).
    pub king_file: Option<Spanned<String>>,
    /// A king or rook dropped on its square gains the right (placement).
    #[serde(default)]
    pub dropped: bool,
}

/// One letter or a list of them.
#[derive(Debug, Deserialize, Clone)]
#[serde(untagged)]
pub enum OneOrMore {
    /// One.
    One(String),
    /// Several.
    More(Vec<String>),
}

impl OneOrMore {
    /// The letters.
    pub fn letters(&self) -> Vec<String> {
        match self {
            OneOrMore::One(s) => vec![s.clone()],
            OneOrMore::More(v) => v.clone(),
        }
    }
}

/// Gating.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatingDef {
    /// `seirawan` (S-chess: a piece in hand enters where a first-rank
    /// piece leaves) or `cambodian` (the king's and met's first leaps).
    pub rule: Spanned<String>,
}

/// Walls placed by moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallsDef {
    /// `duck`, `arrow`, `static` or `past`.
    pub rule: Spanned<String>,
    /// Where each player may place one (default anywhere).
    pub region: Option<RegionDef>,
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
    /// Letters of pieces no explosion removes, their own capture's included.
    #[serde(default)]
    pub blast_immune: Vec<String>,
    /// Letters of pieces that may not take a piece of their own kind.
    #[serde(default)]
    pub mutually_immune: Vec<String>,
    /// Letters of pieces that turn into a wall after capturing.
    #[serde(default)]
    pub petrify: Vec<String>,
    /// Where first-move legs (`i`) apply, per player (default: the ranks
    /// each kind starts on).
    pub initial: Option<RegionDef>,
    /// Where each player may take en passant (default anywhere).
    pub en_passant: Option<RegionDef>,
    /// A player may pass instead of moving (written as the king moving to
    /// its own square).
    #[serde(default)]
    pub pass: bool,
    /// A player with no other legal move passes.
    #[serde(default)]
    pub pass_on_stalemate: bool,
    /// A king in check may only move to capture the checking piece.
    #[serde(default)]
    pub makpong: bool,
    /// Kings facing each other on an open file (bikjang) end the game
    /// unless it is broken at once.
    #[serde(default)]
    pub bikjang: bool,
}

/// How the game ends; results are from the view of the player to move.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    /// No legal move while in check: `loss` (default), `win` or `draw`.
    pub checkmate: Option<Spanned<String>>,
    /// No legal move and not in check: `draw` (default), `loss` or `win`.
    pub stalemate: Option<Spanned<String>>,
    /// The stalemate result goes to the player with fewer pieces (a draw
    /// when equal).
    #[serde(default)]
    pub stalemate_piece_count: bool,
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
    /// `makruk`, `cambodian` or `asean`: the counting rules of the endgame.
    pub counting: Option<Spanned<String>>,
    /// Who wins what would be a draw: `janggi` (points), `pieces` (more
    /// pieces), `black` or `white`.
    pub material: Option<Spanned<String>>,
    /// The game ends when the board is full.
    #[serde(default)]
    pub full_board: bool,
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
    /// The last pieces of these kinds may not be left attacked (they are
    /// kings in all but name: atomic's, coregal's queens).
    #[serde(default)]
    pub pseudo_royal: bool,
    /// Leaving every piece of these kinds attacked at once is illegal too
    /// (Spartan's two kings).
    #[serde(default)]
    pub duple_check: bool,
    /// The listed kinds are counted together, as one kind (Sho shogi's king
    /// and crown prince).
    #[serde(default)]
    pub together: bool,
}

/// Reaching a region wins.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagDef {
    /// The letter of the piece that must reach it (`*` any).
    pub piece: Spanned<String>,
    /// The second player's piece, when it differs.
    pub black_piece: Option<Spanned<String>>,
    /// The first player's goal squares (region tokens).
    #[serde(default)]
    pub white: Vec<Spanned<String>>,
    /// The second player's goal squares.
    #[serde(default)]
    pub black: Vec<Spanned<String>>,
    /// The opponent gets one more move after the arrival (to take the
    /// piece, or in racing kings to arrive too, which draws).
    #[serde(default)]
    pub reply: bool,
    /// The arriving piece must not be attacked.
    #[serde(default)]
    pub safe: bool,
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
