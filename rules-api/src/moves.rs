//! Moves and per-move search information.

use abi_stable::StableAbi;

/// "No cell": the `from` of a placement move, or an absent cell.
pub const CELL_NONE: u16 = u16::MAX;

/// A move in the board's own terms: small, `Copy`, game-agnostic.
///
/// The GUI turns two clicks (or one, for placement games) into a move by
/// matching `from`/`to` against the legal move list, with no game knowledge.
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
    /// The null move, used as "no move" in results and tables.
    pub const NULL: Move = Move { from: CELL_NONE, to: CELL_NONE, extra: 0, tag: 0 };

    /// A move from one cell to another.
    pub const fn new(from: u16, to: u16) -> Self {
        Move { from, to, extra: 0, tag: 0 }
    }
    /// A placement on an empty cell (no `from`).
    pub const fn place(to: u16) -> Self {
        Move { from: CELL_NONE, to, extra: 0, tag: 0 }
    }
    /// Whether this is [`Move::NULL`].
    pub fn is_null(self) -> bool {
        self.to == CELL_NONE
    }
    /// Packs the move into 64 bits (for transposition tables and hashing).
    pub fn to_bits(self) -> u64 {
        (self.from as u64) | (self.to as u64) << 16 | (self.extra as u64) << 32 | (self.tag as u64) << 48
    }
    /// Inverse of [`Move::to_bits`].
    pub fn from_bits(bits: u64) -> Self {
        Move {
            from: bits as u16,
            to: (bits >> 16) as u16,
            extra: (bits >> 32) as u16,
            tag: (bits >> 48) as u16,
        }
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
