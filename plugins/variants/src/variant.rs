//! A checked, compiled variant: piece kinds with their movement, the rules
//! as flags and numbers, the move and attack tables and the hash keys.
//! Built once per game by [`crate::compile()`] and shared by its positions.

use rules_api::Rgba;

use crate::betza::Leg;
use crate::tables::Tables;

/// Most piece kinds a variant may have (kinds index 32-bit masks).
pub const MAX_KINDS: usize = 32;
/// "No square".
pub const NO_SQ: u16 = u16::MAX;
/// "No kind".
pub const NO_KIND: u8 = u8::MAX;
/// Largest board side.
pub const MAX_SIDE: u8 = 16;
/// Smallest board side.
pub const MIN_SIDE: u8 = 4;

/// A set of squares (boards have at most 256).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Squares(pub [u64; 4]);

impl Squares {
    /// No square.
    pub const EMPTY: Squares = Squares([0; 4]);
    /// Whether `sq` is in the set.
    #[inline]
    pub fn has(&self, sq: u16) -> bool {
        let sq = sq as usize;
        sq < 256 && self.0[sq >> 6] >> (sq & 63) & 1 != 0
    }
    /// Adds `sq`.
    pub fn insert(&mut self, sq: u16) {
        self.0[sq as usize >> 6] |= 1 << (sq & 63);
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// The squares in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        (0u16..256).filter(move |&s| self.has(s))
    }
}

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
    /// Whether moves may not leave it attacked.
    pub royal: bool,
    /// Resets the move-count rule, double-steps and takes en passant.
    pub pawn: bool,
    /// How it promotes.
    pub promotion: Promotion,
    /// Relative ranks (0 = own first) it may be dropped on, inclusive.
    pub drop_ranks: (u8, u8),
    /// Its movement as written (Betza).
    pub betza: String,
    /// Its movement.
    pub legs: Vec<Leg>,
    /// Squares it may stand on, per player (everything when unrestricted).
    pub region: [Squares; 2],
}

/// Castling geometry.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    /// The rook kind.
    pub rook: u8,
    /// The king's destination file on the right (kingside).
    pub king_file_right: u8,
    /// The king's destination file on the left (queenside).
    pub king_file_left: u8,
}

/// Fairy-Stockfish's extinction rule.
#[derive(Clone, Copy, Debug)]
pub struct Extinction {
    /// Kinds counted (board and hand); `all` counts every piece.
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
}

/// Reaching a region wins.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// The kind that must arrive.
    pub kind: u8,
    /// Goal squares per player.
    pub goal: [Squares; 2],
    /// The second player may answer by arriving too (a draw).
    pub reply: bool,
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

/// How the game ends.
#[derive(Clone, Copy, Debug)]
pub struct End {
    /// No move while in check.
    pub checkmate: Outcome,
    /// No move, not in check.
    pub stalemate: Outcome,
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
}

/// A compiled variant.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The key users select it by.
    pub name: String,
    /// Display name.
    pub title: String,
    /// For the help screen.
    pub description: String,
    /// Its `UCI_Variant` name.
    pub engine_name: String,
    /// Where it was read from (a file path or `built-in`).
    pub source: String,
    /// Columns.
    pub files: u8,
    /// Rows.
    pub ranks: u8,
    /// Pieces stand on intersections.
    pub points: bool,
    /// Square colours.
    pub light: Rgba,
    /// Square colours.
    pub dark: Rgba,
    /// Squares marked with a dot.
    pub marks: Squares,
    /// Player names.
    pub players: [String; 2],
    /// Piece kinds; a kind's index is its id.
    pub kinds: Vec<PieceKind>,
    /// The start position.
    pub start: String,
    /// Last ranks that form the promotion zone.
    pub zone: u8,
    /// Chess-style promotion is compulsory in the zone.
    pub mandatory_promotion: bool,
    /// Most pieces of a kind after promoting to it (255 = no limit).
    pub promotion_limit: [u8; MAX_KINDS],
    /// The kind a captured chess-promoted piece returns to hand as.
    pub main_pawn: u8,
    /// Captures go to hand; drops are moves.
    pub drops: bool,
    /// Nifu kind.
    pub no_doubled: u8,
    /// Uchifuzume kind.
    pub no_drop_mate: u8,
    /// Castling.
    pub castling: Option<Castling>,
    /// Moves and drops may not strand a piece.
    pub immobility_illegal: bool,
    /// Captures are compulsory.
    pub must_capture: bool,
    /// Moves may not give check.
    pub no_checks: bool,
    /// Royals may not face each other on an open file.
    pub flying_royals: bool,
    /// Captures explode.
    pub atomic: bool,
    /// Kinds explosions spare.
    pub atomic_immune: u32,
    /// How the game ends.
    pub end: End,
    /// The royal kind, or [`NO_KIND`].
    pub royal: u8,
    /// Any kind takes en passant.
    pub en_passant: bool,
    /// Move and attack tables.
    pub tables: Tables,
    /// Hash keys.
    pub keys: Keys,
    /// King steps from each square to each player's goal (flag rule).
    pub goal_dist: [Vec<u8>; 2],
}

/// Zobrist keys.
#[derive(Clone, Debug)]
pub struct Keys {
    /// Per piece code and square.
    pub piece: Vec<u64>,
    /// Per player, kind and count in hand (up to 63).
    pub hand: Vec<u64>,
    /// Castling rights (16 combinations).
    pub castling: [u64; 16],
    /// En passant square.
    pub ep: Vec<u64>,
    /// Second player to move.
    pub side: u64,
    /// Checks left, per player and count.
    pub checks: Vec<u64>,
    /// A promoted (`~`) marker per square.
    pub promoted: Vec<u64>,
}

/// Pieces in hand counted per kind up to this many for hashing.
pub const HAND_KEYS: usize = 64;

impl Variant {
    /// Number of squares.
    #[inline]
    pub fn nsq(&self) -> usize {
        self.files as usize * self.ranks as usize
    }
    /// Number of kinds.
    #[inline]
    pub fn nkinds(&self) -> usize {
        self.kinds.len()
    }
    /// File of a square.
    #[inline]
    pub fn file(&self, sq: u16) -> u8 {
        (sq % self.files as u16) as u8
    }
    /// Rank of a square (0 = the first player's first rank).
    #[inline]
    pub fn rank(&self, sq: u16) -> u8 {
        (sq / self.files as u16) as u8
    }
    /// Rank seen from `player`'s side (0 = their first rank).
    #[inline]
    pub fn relative_rank(&self, player: u8, sq: u16) -> u8 {
        let r = self.rank(sq);
        if player == 0 {
            r
        } else {
            self.ranks - 1 - r
        }
    }
    /// The square at `file`, `rank`.
    #[inline]
    pub fn square(&self, file: u8, rank: u8) -> u16 {
        rank as u16 * self.files as u16 + file as u16
    }
    /// Whether `sq` is in `player`'s promotion zone.
    #[inline]
    pub fn in_zone(&self, player: u8, sq: u16) -> bool {
        self.zone > 0 && self.relative_rank(player, sq) >= self.ranks - self.zone
    }
    /// The algebraic name of a square (`e4`, `j10`).
    pub fn square_name(&self, sq: u16) -> String {
        format!("{}{}", (b'a' + self.file(sq)) as char, self.rank(sq) as u32 + 1)
    }
    /// The square an algebraic name denotes.
    pub fn parse_square(&self, text: &str) -> Option<u16> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = f as u8 - b'a';
        let digits = chars.as_str();
        if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u32 = digits.parse().ok()?;
        (file < self.files && rank >= 1 && rank <= self.ranks as u32).then(|| self.square(file, rank as u8 - 1))
    }
    /// The kind whose FEN letter (either case, with `+` for promoted
    /// forms) is `letter`.
    pub fn kind_of_letter(&self, letter: &str) -> Option<u8> {
        let lower = letter.to_ascii_lowercase();
        self.kinds.iter().position(|k| k.letter == lower).map(|i| i as u8)
    }
    /// The piece code of `kind` for `player` (never 0).
    #[inline]
    pub fn code(kind: u8, player: u8) -> u8 {
        (kind + 1) * 2 + player
    }
}

/// The kind of a non-empty piece code.
#[inline]
pub fn kind_of(code: u8) -> u8 {
    code / 2 - 1
}

/// The owner of a non-empty piece code.
#[inline]
pub fn owner_of(code: u8) -> u8 {
    code & 1
}
