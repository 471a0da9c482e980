//! Moves and per-move search information.

use abi_stable::StableAbi;

/// "No cell": the `from` of a placement move, or an absent cell.
pub const CELL_NONE: u16 = u16::MAX;

/// A move in the board's own terms: small, `Copy`, game-agnostic.
///
/// The GUI turns two clicks (or one, for placement games) into a move by
/// matching `from`/`to` against the legal move list, with no game knowledge.
///
/// Three shapes cover every game:
/// * a piece moving: `from` and `to` are cells (`extra` picks a promotion);
/// * a placement or a drop: `from` is [`CELL_NONE`], `to` a cell (`extra`
///   names the dropped piece type, 0 for the game's only stone);
/// * an off-board move such as a pass or a swap: `from` and `to` are both
///   [`CELL_NONE`] and `extra` is non-zero ([`Move::PASS`] is `extra = 1`;
///   other codes are the plugin's). A window shows these as buttons labelled
///   with their standard notation.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move {
    /// The cell the piece leaves, or [`CELL_NONE`] for a placement.
    pub from: u16,
    /// The cell the piece arrives on (or the stone is placed on).
    pub to: u16,
    /// 0, or `k > 0` naming piece type `k - 1` chosen by the mover
    /// (promotion, drop); distinguishes moves that share `from` and `to`.
    pub extra: u16,
    /// Private to the rules plugin (e.g. a move-kind code); the host and the
    /// strategies copy it but never interpret it.
    pub tag: u16,
}

impl Move {
    /// The null move, used as "no move" in results and tables; never legal.
    pub const NULL: Move = Move { from: CELL_NONE, to: CELL_NONE, extra: 0, tag: 0 };

    /// Passing the turn, in games that allow it (Go). Flag it
    /// [`MoveFlags::PASS`] in [`MoveInfo`].
    pub const PASS: Move = Move { from: CELL_NONE, to: CELL_NONE, extra: 1, tag: 0 };

    /// A move from one cell to another.
    pub const fn new(from: u16, to: u16) -> Self {
        Move { from, to, extra: 0, tag: 0 }
    }
    /// A placement on an empty cell (no `from`).
    pub const fn place(to: u16) -> Self {
        Move { from: CELL_NONE, to, extra: 0, tag: 0 }
    }
    /// A drop of piece type `kind` from the mover's hand onto `to`.
    pub const fn drop(kind: u16, to: u16) -> Self {
        Move { from: CELL_NONE, to, extra: kind + 1, tag: 0 }
    }
    /// An off-board move (see the type's documentation); `code` must not be 0.
    pub const fn off_board(code: u16) -> Self {
        Move { from: CELL_NONE, to: CELL_NONE, extra: code, tag: 0 }
    }
    /// Whether this is [`Move::NULL`] ("no move").
    pub fn is_null(self) -> bool {
        self.to == CELL_NONE && self.extra == 0
    }
    /// Whether this move names no cell (a pass, a swap).
    pub fn is_off_board(self) -> bool {
        self.to == CELL_NONE && self.extra != 0
    }
    /// Packs the move into 64 bits (for transposition tables and hashing).
    pub fn to_bits(self) -> u64 {
        (self.from as u64) | (self.to as u64) << 16 | (self.extra as u64) << 32 | (self.tag as u64) << 48
    }
    /// Inverse of [`Move::to_bits`].
    pub fn from_bits(bits: u64) -> Self {
        Move { from: bits as u16, to: (bits >> 16) as u16, extra: (bits >> 32) as u16, tag: (bits >> 48) as u16 }
    }
}

/// Bit flags describing a move, for ordering, quiescence and sound effects.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveFlags(pub u32);

impl MoveFlags {
    /// No flag.
    pub const NONE: MoveFlags = MoveFlags(0);
    /// Worth following in quiescence search: captures, promotions, strong
    /// threats (the plugin decides what "tactical" means for its game).
    pub const TACTICAL: MoveFlags = MoveFlags(1);
    /// The move removes an opponent's piece.
    pub const CAPTURE: MoveFlags = MoveFlags(1 << 1);
    /// The move promotes a piece.
    pub const PROMOTION: MoveFlags = MoveFlags(1 << 2);
    /// The move gives check (or the game's equivalent threat on the leader).
    pub const CHECK: MoveFlags = MoveFlags(1 << 3);
    /// Quiet and far from the action: a generic search may skip such moves
    /// below the root when it has other candidates (large placement boards).
    /// Never set it on the only legal moves of a position.
    pub const PRUNABLE: MoveFlags = MoveFlags(1 << 4);
    /// The move passes the turn: a search must not count two in a row as
    /// progress, and a window offers it as a button.
    pub const PASS: MoveFlags = MoveFlags(1 << 5);
    /// No earlier position can come back after this move (a capture or a
    /// pawn move in chess, every placement in gomoku): a search may stop
    /// looking for repetitions behind it.
    pub const IRREVERSIBLE: MoveFlags = MoveFlags(1 << 6);
    /// The move puts a piece from the mover's hand on the board.
    pub const DROP: MoveFlags = MoveFlags(1 << 7);

    /// Whether every bit of `other` is set.
    pub const fn contains(self, other: MoveFlags) -> bool {
        self.0 & other.0 == other.0
    }
    /// Both sets of bits.
    pub const fn union(self, other: MoveFlags) -> MoveFlags {
        MoveFlags(self.0 | other.0)
    }
}

impl std::ops::BitOr for MoveFlags {
    type Output = MoveFlags;
    fn bitor(self, rhs: MoveFlags) -> MoveFlags {
        self.union(rhs)
    }
}

impl std::ops::BitOrAssign for MoveFlags {
    fn bitor_assign(&mut self, rhs: MoveFlags) {
        self.0 |= rhs.0;
    }
}

/// Cheap per-move information from the rules plugin, computed in the
/// position before the move is made.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveInfo {
    /// Ordering hint: higher means "search earlier" (e.g. MVV-LVA for
    /// captures, pattern scores for placements). Only the order matters.
    pub hint: i32,
    /// What kind of move this is.
    pub flags: MoveFlags,
}
