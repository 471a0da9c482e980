//! The position object: the state every algorithm drives.

use abi_stable::sabi_trait;
use abi_stable::std_types::{RBox, RResult, RSlice, RStr, RString, RVec};
use abi_stable::StableAbi;

use crate::error::PluginError;
use crate::moves::{Move, MoveInfo};

/// Which notation a move is written in.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Notation(pub u8);

impl Notation {
    /// The notation players read (SAN for chess, WXF for xiangqi).
    pub const STANDARD: Notation = Notation(0);
    /// The notation machines exchange (UCI for chess, ICCS for xiangqi,
    /// `h8` for gomoku).
    pub const COORDINATE: Notation = Notation(1);
}

/// Whether the game goes on, and if not how it ended.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct StatusKind(pub u8);

impl StatusKind {
    /// The game goes on.
    pub const ONGOING: StatusKind = StatusKind(0);
    /// Player [`Status::winner`] has won.
    pub const WIN: StatusKind = StatusKind(1);
    /// Nobody won.
    pub const DRAW: StatusKind = StatusKind(2);
}

/// The state of the game in a position.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Debug)]
pub struct Status {
    /// Ongoing, win or draw.
    pub kind: StatusKind,
    /// The winning player's index when `kind` is `WIN`, otherwise 0.
    pub winner: u8,
    /// Why the game ended, lowercase (`checkmate`, `threefold repetition`);
    /// empty while ongoing. Points into the plugin's static data, which stays
    /// mapped because plugins are never unloaded.
    pub reason: RStr<'static>,
}

impl Status {
    /// The game goes on.
    pub const ONGOING: Status = Status { kind: StatusKind::ONGOING, winner: 0, reason: RStr::from_str("") };

    /// A win for `winner`.
    pub const fn win(winner: u8, reason: &'static str) -> Self {
        Status { kind: StatusKind::WIN, winner, reason: RStr::from_str(reason) }
    }
    /// A draw.
    pub const fn draw(reason: &'static str) -> Self {
        Status { kind: StatusKind::DRAW, winner: 0, reason: RStr::from_str(reason) }
    }
    /// Whether the game goes on.
    pub fn is_ongoing(&self) -> bool {
        self.kind == StatusKind::ONGOING
    }
}

/// A piece standing on a cell, for drawing.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Where it stands.
    pub cell: u16,
    /// Which player owns it.
    pub owner: u8,
    /// Index into [`crate::GameInfo::piece_types`].
    pub kind: u16,
}

/// Why a cell should stand out.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct HighlightKind(pub u8);

impl HighlightKind {
    /// A king (general) in check.
    pub const CHECK: HighlightKind = HighlightKind(0);
    /// Part of the winning line or the mating pieces.
    pub const WIN: HighlightKind = HighlightKind(1);
    /// A cell the side to move may not play on (renju's forbidden points).
    pub const FORBIDDEN: HighlightKind = HighlightKind(2);
    /// Something the plugin wants noticed, without a fixed meaning.
    pub const NOTE: HighlightKind = HighlightKind(3);
}

/// A cell the renderer should mark in a position.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Highlight {
    /// The cell.
    pub cell: u16,
    /// Why.
    pub kind: HighlightKind,
}

/// A game position with its own history, created by a rules plugin.
///
/// Contract (checked by the shared conformance suite):
/// * `unmake_move` after `make_move` restores the text and the hash exactly;
/// * the same position reached by different move orders has the same hash;
/// * the move list is empty exactly when `status` is not ongoing;
/// * every legal move prints and parses back in both notations;
/// * a plugin panic never unwinds out of these calls: fallible calls return
///   a [`PluginError`] of kind `PANIC`, infallible ones return a neutral value
///   and the object reports the panic on its next fallible call.
#[sabi_trait]
pub trait Position: Clone + Send {
    /// Index of the player to move (0 = first player).
    fn side_to_move(&self) -> u8;

    /// Clears `out` and writes every legal move into it. The buffer belongs to
    /// the caller so a search allocates nothing per node once it has grown.
    fn legal_moves(&self, out: &mut RVec<Move>) -> RResult<(), PluginError>;

    /// Plays `m`, which must be one of the legal moves, and pushes it on the
    /// position's history.
    fn make_move(&mut self, m: Move) -> RResult<(), PluginError>;

    /// Takes back the last move made with `make_move`.
    fn unmake_move(&mut self) -> RResult<(), PluginError>;

    /// Ongoing, or the result with its reason (checkmate, repetition, ...).
    fn status(&self) -> RResult<Status, PluginError>;

    /// A 64-bit hash of everything that decides the legal moves and the
    /// result (Zobrist-style), equal for equal positions however reached.
    fn hash(&self) -> u64;

    /// Static evaluation from the side to move's view, within
    /// `±`[`crate::score::MAX_EVAL`]; higher is better for the mover.
    fn evaluate(&self) -> i32;

    /// Clears `out` and writes one [`MoveInfo`] per move of `moves`, in order.
    fn move_infos(&self, moves: RSlice<'_, Move>, out: &mut RVec<MoveInfo>) -> RResult<(), PluginError>;

    /// Clears `out` and writes every piece on the board.
    fn pieces(&self, out: &mut RVec<Piece>) -> RResult<(), PluginError>;

    /// Clears `out` and writes the cells to highlight (check, winning line).
    fn highlights(&self, out: &mut RVec<Highlight>) -> RResult<(), PluginError>;

    /// The position as text (FEN for chess and xiangqi), without history.
    fn to_text(&self) -> RResult<RString, PluginError>;

    /// Writes a legal move of this position in the given notation.
    fn move_to_text(&self, m: Move, notation: Notation) -> RResult<RString, PluginError>;

    /// Reads a move in the given notation and returns it if it is legal here;
    /// an error names the text and why it was refused.
    #[sabi(last_prefix_field)]
    fn parse_move(&self, text: RStr<'_>, notation: Notation) -> RResult<Move, PluginError>;
}

/// An owned position object, as plugins hand them out.
pub type PositionBox = Position_TO<'static, RBox<()>>;
