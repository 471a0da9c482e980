//! A checked, compiled variant: piece kinds with their movement, the rules
//! as flags and numbers, the move and attack tables and the hash keys.
//! Built once per game by [`crate::compile()`] and shared by its positions.

use rules_api::Rgba;

use crate::rules::{Castling, Drops, End, Gating, Promotions, Rules, Walls};
use crate::style::Style;
use crate::tables::Tables;
// The pieces and square sets a variant is made of live in lower modules that
// its tables and rules use too; they are named here as well, beside the
// variant that holds them.
pub use crate::kind::{EpMark, PieceKind, Promotion};
pub use crate::squares::{Squares, MAX_KINDS, MAX_SIDE, MIN_SIDE, NO_KIND, NO_SQ, WALL};

/// A compiled variant.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The key users select it by.
    pub name: String,
    /// Display name.
    pub title: String,
    /// One line for lists.
    pub summary: String,
    /// For the help screen.
    pub description: String,
    /// The family it is listed under (`chess`, `shogi`, `xiangqi`, ...).
    pub family: String,
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
    /// Diagonal lines drawn and moved along (the janggi palace).
    pub diagonal_lines: Squares,
    /// How pieces, labels and moves are drawn and written.
    pub style: Style,
    /// Player names.
    pub players: [String; 2],
    /// Piece kinds; a kind's index is its id.
    pub kinds: Vec<PieceKind>,
    /// The start position.
    pub start: String,
    /// Chess960 castling and FEN letters.
    pub chess960: bool,
    /// Promotion.
    pub promotions: Promotions,
    /// Drops.
    pub drops: Option<Drops>,
    /// Castling.
    pub castling: Option<Castling>,
    /// Gating.
    pub gating: Option<Gating>,
    /// Walls placed by moves.
    pub walls: Option<Walls>,
    /// Move rules.
    pub rules: Rules,
    /// How the game ends.
    pub end: End,
    /// The royal kind, or [`NO_KIND`].
    pub royal: u8,
    /// Kinds that mark en passant squares or take en passant.
    pub en_passant: bool,
    /// Move and attack tables.
    pub tables: Tables,
    /// Hash keys.
    pub keys: Keys,
    /// King steps from each square to each player's goal (flag rule).
    pub goal_dist: [Vec<u8>; 2],
    /// Kinds whose promotion is shogi style (`+`), any of them.
    pub shogi_promotions: bool,
}

/// Zobrist keys.
#[derive(Clone, Debug)]
pub struct Keys {
    /// Per piece code (walls included) and square.
    pub piece: Vec<u64>,
    /// Per player, kind and count in hand (up to 63).
    pub hand: Vec<u64>,
    /// Castling rights (16 combinations).
    pub castling: [u64; 16],
    /// En passant, per file (as Fairy-Stockfish keys it).
    pub ep: Vec<u64>,
    /// Second player to move.
    pub side: u64,
    /// Checks left, per player and count.
    pub checks: Vec<u64>,
    /// A promoted (`~`) marker per square.
    pub promoted: Vec<u64>,
    /// Gates per square (kept out of the repetition key, as
    /// Fairy-Stockfish does).
    pub gates: Vec<u64>,
}

/// Pieces in hand counted per kind up to this many for hashing.
pub const HAND_KEYS: usize = 128;

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
        self.promotions.zone[player as usize].has(sq)
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
    /// The piece code of `kind` for `player` (never 0 or [`WALL`]).
    #[inline]
    pub fn code(kind: u8, player: u8) -> u8 {
        (kind + 1) * 2 + player
    }
    /// Whether the game has a king (a royal kind).
    #[inline]
    pub fn has_royal(&self) -> bool {
        self.royal != NO_KIND
    }
}

/// Whether a board code is a piece (neither empty nor a wall).
#[inline]
pub fn is_piece(code: u8) -> bool {
    code > WALL
}

/// The kind of a piece code.
#[inline]
pub fn kind_of(code: u8) -> u8 {
    code / 2 - 1
}

/// The owner of a piece code.
#[inline]
pub fn owner_of(code: u8) -> u8 {
    code & 1
}
