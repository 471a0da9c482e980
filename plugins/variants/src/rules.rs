//! The compiled rules of a variant beyond its pieces: promotion, drops,
//! castling, gating, walls, move rules and how the game ends. Each follows
//! the Fairy-Stockfish option of the same meaning (named in the fields'
//! documentation), so that definitions translate one to one.

use crate::squares::{Squares, MAX_KINDS, NO_KIND};

/// A result from the view of the player it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// That player wins.
    Win,
    /// That player loses.
    Loss,
    /// Nobody wins.
    Draw,
}

/// Promotion rules shared by the promoting kinds.
#[derive(Clone, Debug)]
pub struct Promotions {
    /// Where promotion happens, per player (`promotionRegion`).
    pub zone: [Squares; 2],
    /// Chess-style promotion must be taken in the zone
    /// (`mandatoryPawnPromotion`).
    pub mandatory: bool,
    /// Shogi-style promotion must be taken on a move into, out of or
    /// within the zone (`mandatoryPiecePromotion`).
    pub forced: bool,
    /// A promoted piece may turn back (`pieceDemotion`, Kyoto shogi).
    pub demotion: bool,
    /// Shogi-style promotions and demotions only with a capture
    /// (`piecePromotionOnCapture`, micro shogi).
    pub on_capture: bool,
    /// Most pieces of a kind after promoting to it (255 = no limit).
    pub limit: [u8; MAX_KINDS],
    /// The kind a captured chess-promoted piece returns to hand as, per
    /// player (`mainPromotionPawnType`).
    pub main_pawn: [u8; 2],
}

impl Default for Promotions {
    fn default() -> Self {
        Promotions {
            zone: [Squares::EMPTY; 2],
            mandatory: true,
            forced: false,
            demotion: false,
            on_capture: false,
            limit: [u8::MAX; MAX_KINDS],
            main_pawn: [NO_KIND; 2],
        }
    }
}

/// Placement rules that need the whole board (`enclosingDrop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosing {
    /// None.
    None,
    /// Reversi: a drop must enclose a line of enemy pieces, which turn.
    Reversi,
    /// Ataxx: a drop next to one's own piece; enemy neighbours turn.
    Ataxx,
}

/// Drops.
#[derive(Clone, Debug)]
pub struct Drops {
    /// Captured pieces go to the capturer's hand (`capturesToHand`).
    pub to_hand: bool,
    /// Captured promoted pieces keep their form in hand (`dropLoop`).
    pub keep_promoted: bool,
    /// Where each player may drop (`dropRegion`).
    pub region: [Squares; 2],
    /// The kind that may not stand doubled on a file (`dropNoDoubled`).
    pub no_doubled: u8,
    /// How many of it a file may hold before drops there stop.
    pub no_doubled_count: u8,
    /// The kind whose dropped mate loses (`shogiPawnDropMateIllegal`).
    pub no_mate: u8,
    /// A piece may be dropped promoted (`dropPromoted`, Kyoto shogi).
    pub promoted: bool,
    /// While a player holds pieces, they must drop (`mustDrop`).
    pub must: bool,
    /// Bishops must end up on squares of both colours
    /// (`dropOppositeColoredBishop`); the bishop kind.
    pub opposite_bishops: u8,
    /// Placement rule of the board games (`enclosingDrop`).
    pub enclosing: Enclosing,
    /// Squares that must be filled first (`enclosingDropStart`).
    pub enclosing_start: Squares,
    /// Drops take nothing from a hand (`freeDrops`, Ataxx).
    pub free: bool,
}

/// Castling: a king-like piece moves two or more squares towards a rook,
/// which jumps to the square it passed.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    /// The kind that castles (`castlingKingPiece`).
    pub king: u8,
    /// The kinds it castles with (`castlingRookPieces`).
    pub rooks: u32,
    /// The rank it happens on, relative (0 = first; `castlingRank`).
    pub rank: u8,
    /// The king's destination file towards the right (`castlingKingsideFile`).
    pub king_file_right: u8,
    /// The king's destination file towards the left.
    pub king_file_left: u8,
    /// Where the `K` right looks for its rook, leftwards from here.
    pub rook_search_right: u8,
    /// Where the `Q` right looks for its rook, rightwards from here.
    pub rook_search_left: u8,
    /// The king's file when several could castle (`castlingKingFile`).
    pub king_file: u8,
    /// A king or rook dropped on its square gains the right
    /// (`castlingDroppedPiece`).
    pub dropped: bool,
}

/// Gating: a piece from hand enters on the square a piece leaves.
#[derive(Clone, Copy, Debug)]
pub struct Gating {
    /// S-chess: any piece in hand, on a first-rank square not yet left.
    pub seirawan: bool,
    /// Cambodian chess: the king's and the met's first leaps.
    pub cambodian: bool,
}

/// How moves place walls (`wallingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallRule {
    /// The duck: one wall, moved after every move.
    Duck,
    /// Amazons: the mover shoots a wall from its arrival square, as it moves.
    Arrow,
    /// A wall on any free square.
    Static,
    /// The square left becomes a wall.
    Past,
}

/// Walls placed by moves.
#[derive(Clone, Copy, Debug)]
pub struct Walls {
    /// Which rule.
    pub rule: WallRule,
    /// Where each player may place one (`wallingRegion`).
    pub region: [Squares; 2],
}

/// Move rules.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    /// A move or drop may not leave a piece where it could never move.
    pub immobility_illegal: bool,
    /// When a capture is possible, only captures are legal.
    pub must_capture: bool,
    /// Moves that give check are illegal (`checking = false`).
    pub no_checks: bool,
    /// Kings may not face each other on an open file (`flyingGeneral`).
    pub flying_royals: bool,
    /// Captures explode.
    pub atomic: bool,
    /// Kinds a neighbouring explosion spares.
    pub atomic_immune: u32,
    /// Kinds no explosion removes, even their own capture's
    /// (`blastImmuneTypes`).
    pub blast_immune: u32,
    /// Kinds that may not take their own kind (`mutuallyImmuneTypes`).
    pub mutually_immune: u32,
    /// Kinds that turn into a wall after capturing
    /// (`petrifyOnCaptureTypes`).
    pub petrify: u32,
    /// Where first-move legs apply, per player (`doubleStepRegion`).
    pub initial: [Squares; 2],
    /// Where each player may take en passant (`enPassantRegion`).
    pub ep_region: [Squares; 2],
    /// A player may pass (janggi).
    pub pass: bool,
    /// A player with no other move passes (`passOnStalemate`).
    pub pass_on_stalemate: bool,
    /// A king in check may only move to take the checker (`makpongRule`).
    pub makpong: bool,
    /// Facing kings lead to bikjang (janggi).
    pub bikjang: bool,
}

/// Fairy-Stockfish's extinction rule.
#[derive(Clone, Copy, Debug)]
pub struct Extinction {
    /// Kinds counted (board and hand).
    pub kinds: u32,
    /// Count every piece.
    pub all: bool,
    /// Out means at most this many.
    pub count: u32,
    /// While the opponent has at least this many.
    pub opponent_count: u32,
    /// The player to move gets a reply.
    pub claim: bool,
    /// For the player who is out.
    pub result: Outcome,
    /// The last pieces of these kinds may not be left attacked
    /// (`extinctionPseudoRoyal`).
    pub pseudo_royal: bool,
    /// Leaving all of them attacked at once is illegal (`dupleCheck`).
    pub duple_check: bool,
    /// The kinds are counted together, as one.
    pub together: bool,
}

/// Reaching a region wins.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// The kind that must arrive, per player ([`NO_KIND`]: any piece).
    pub kind: [u8; 2],
    /// Goal squares per player.
    pub goal: [Squares; 2],
    /// The opponent gets one more move after the arrival (`flagMove`).
    pub reply: bool,
    /// The arriving piece must not be attacked (`flagPieceSafe`).
    pub safe: bool,
}

/// The repetition rule.
#[derive(Clone, Copy, Debug)]
pub struct Repetition {
    /// The occurrence that ends the game.
    pub count: u32,
    /// For the player to move.
    pub result: Outcome,
    /// The result is for the first player whoever is to move.
    pub absolute: bool,
    /// A player who checked on every move of the cycle loses.
    pub perpetual_check_loses: bool,
}

/// Chess's dead positions.
#[derive(Clone, Copy, Debug)]
pub struct Insufficient {
    /// One of these alone cannot mate.
    pub minors: u32,
    /// Any number of these on one square colour cannot mate.
    pub colour_bound: u32,
}

/// The counting rules of south-east Asian chess (`countingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// None.
    None,
    /// Makruk's board's and pieces' honour.
    Makruk,
    /// Ouk Chatrang's.
    Cambodian,
    /// ASEAN chess's.
    Asean,
}

/// Who wins a game that ends without a winner (`materialCounting`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Material {
    /// Nobody: a draw.
    None,
    /// Janggi's points (black gets 1.5).
    Janggi,
    /// The player with more pieces.
    Pieces,
    /// Black (armageddon).
    BlackWins,
    /// White.
    WhiteWins,
}

/// How the game ends.
#[derive(Clone, Copy, Debug)]
pub struct End {
    /// No move while in check.
    pub checkmate: Outcome,
    /// No move, not in check.
    pub stalemate: Outcome,
    /// The stalemate result goes to the player with fewer pieces
    /// (`stalematePieceCount`).
    pub stalemate_piece_count: bool,
    /// Out of pieces.
    pub extinction: Option<Extinction>,
    /// Reaching a region.
    pub flag: Option<Flag>,
    /// Checks to give (0 = no such rule).
    pub checks: u8,
    /// Repetition.
    pub repetition: Option<Repetition>,
    /// Plies without capture or pawn move that draw (0 = none).
    pub move_limit: u32,
    /// Dead positions.
    pub insufficient: Option<Insufficient>,
    /// Counting rules.
    pub counting: Counting,
    /// Who wins what would be a draw.
    pub material: Material,
    /// The game ends when the board is full (`adjudicateFullBoard`).
    pub full_board: bool,
    /// The kinds the counting rules count: rook, khon, knight.
    pub count_kinds: [u8; 3],
}
