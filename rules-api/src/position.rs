//! The position object: the state every algorithm drives.

use abi_stable::sabi_trait;
use abi_stable::std_types::{RBox, RResult, RSlice, RStr, RString, RVec};
use abi_stable::StableAbi;

use crate::error::PluginError;
use crate::growth::{CellChange, CellText, ChanceOutcome, ClickPath, Outcome};
use crate::moves::{Move, MoveInfo};
pub use crate::status::{Status, StatusKind};

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
    /// A cell the side to move may not play on (renju's forbidden points);
    /// [`Highlight::note`] says why.
    pub const FORBIDDEN: HighlightKind = HighlightKind(2);
    /// Something the plugin wants noticed, without a fixed meaning.
    pub const NOTE: HighlightKind = HighlightKind(3);
    /// A cell counted for [`Highlight::player`] (territory in Go).
    pub const TERRITORY: HighlightKind = HighlightKind(4);
    /// A piece counted as dead (captured) when the game is scored.
    pub const DEAD: HighlightKind = HighlightKind(5);
}

/// A cell the renderer should mark in a position.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Highlight {
    /// The cell.
    pub cell: u16,
    /// Why.
    pub kind: HighlightKind,
    /// The player the mark concerns (whose territory, who is in check).
    pub player: u8,
    /// A short lowercase explanation for people (`double three`), or empty.
    pub note: RStr<'static>,
}

impl Highlight {
    /// A mark with no player and no note.
    pub const fn new(cell: u16, kind: HighlightKind) -> Self {
        Highlight { cell, kind, player: 0, note: RStr::from_str("") }
    }
    /// The same mark for `player`.
    pub const fn of(self, player: u8) -> Self {
        Highlight { player, ..self }
    }
    /// The same mark explained by `note`.
    pub const fn because(self, note: &'static str) -> Self {
        Highlight { note: RStr::from_str(note), ..self }
    }
}

/// Facts about a position that a generic search needs and cannot compute.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct PositionFlags(pub u32);

impl PositionFlags {
    /// No flag.
    pub const NONE: PositionFlags = PositionFlags(0);
    /// The side to move is in check (its royal piece is attacked, or the
    /// game's equivalent: a four to answer in gomoku). Searches extend
    /// checks and never prune here.
    pub const IN_CHECK: PositionFlags = PositionFlags(1);
    /// Passing would be unusually good for the mover here (zugzwang is
    /// likely: only king and pawns left in chess), so null-move pruning is
    /// unsound.
    pub const ZUGZWANG_RISK: PositionFlags = PositionFlags(1 << 1);
    /// The game ended by agreement to stop (two passes in Go) and the
    /// players may mark dead pieces with [`Position::count_score`] before
    /// the result stands.
    pub const MARK_DEAD: PositionFlags = PositionFlags(1 << 2);
    /// A chance node (since 0.2.1): the next move is drawn, not chosen
    /// (the dice are rolled). The legal moves are the outcomes that
    /// [`Position::chance_outcomes`] weighs; [`Position::side_to_move`] is
    /// the player the draw is for. Hosts draw the move; strategies take
    /// expectations over it or sample it, and are never asked to choose it.
    pub const CHANCE: PositionFlags = PositionFlags(1 << 3);
    /// Some of this game's state is hidden from some players (since
    /// 0.2.1; set in every position of such a game): hosts show each
    /// player only their view ([`Position::view_pieces`] and the other
    /// `view_` methods), and hand a strategy a sample of the positions its
    /// player cannot tell apart ([`Position::sample`]), never the position
    /// itself.
    pub const HIDDEN: PositionFlags = PositionFlags(1 << 4);

    /// Whether every bit of `other` is set.
    pub const fn contains(self, other: PositionFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for PositionFlags {
    type Output = PositionFlags;
    fn bitor(self, rhs: PositionFlags) -> PositionFlags {
        PositionFlags(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for PositionFlags {
    fn bitor_assign(&mut self, rhs: PositionFlags) {
        self.0 |= rhs.0;
    }
}

/// Pieces a player holds in hand, ready to drop (shogi, crazyhouse).
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct HandPiece {
    /// Who holds them.
    pub owner: u8,
    /// Index into [`crate::GameInfo::piece_types`].
    pub kind: u16,
    /// How many.
    pub count: u16,
}

/// A player's counted score (Go's area plus komi, checks given), for display.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Debug)]
pub struct PlayerScore {
    /// The player.
    pub player: u8,
    /// Points; fractions allowed (komi 7.5).
    pub points: f32,
}

/// A game position with its own history, created by a rules plugin.
///
/// Contract (checked by the shared conformance suite):
/// * `unmake_move` after `make_move` restores the text and the hash exactly;
/// * the same position reached by different move orders has the same hash;
/// * the move list is empty exactly when `status` is not ongoing;
/// * `count_legal_moves` agrees with the move list;
/// * every legal move prints and parses back in both notations;
/// * in a chance node the legal moves are the chance outcomes, whose
///   probabilities are positive and sum to one;
/// * every legal move with a cell has a click path, and only moves the
///   window must ask about (a promotion piece) share one;
/// * the payoffs of a finished game name the winner as the best player;
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
    fn parse_move(&self, text: RStr<'_>, notation: Notation) -> RResult<Move, PluginError>;

    /// What a generic search needs to know about this position (in check,
    /// zugzwang risk) that it cannot work out itself.
    fn flags(&self) -> PositionFlags;

    /// The number of legal moves, without writing them out (perft's last
    /// ply, mobility).
    fn count_legal_moves(&self) -> RResult<u64, PluginError>;

    /// Passes the turn without moving (for null-move pruning); undone by
    /// `unmake_move`. Errors with `UNSUPPORTED` in games where that makes no
    /// sense, and must not be called in check.
    fn make_null_move(&mut self) -> RResult<(), PluginError>;

    /// Clears `out` and writes the pieces each player holds in hand.
    fn hands(&self, out: &mut RVec<HandPiece>) -> RResult<(), PluginError>;

    /// Clears `out` and writes each player's counted score, in games that
    /// count one (nothing otherwise).
    fn scores(&self, out: &mut RVec<PlayerScore>) -> RResult<(), PluginError>;

    /// The result if the players agree that the pieces on `dead` are
    /// captured (see [`PositionFlags::MARK_DEAD`]): clears and fills
    /// `marks` with the territory and dead pieces to draw and `scores` with
    /// the count. Errors with `UNSUPPORTED` in games without such a count.
    #[sabi(last_prefix_field)]
    fn count_score(
        &self,
        dead: RSlice<'_, u16>,
        marks: &mut RVec<Highlight>,
        scores: &mut RVec<PlayerScore>,
    ) -> RResult<Status, PluginError>;

    // Appended in 0.2.1. A plugin built against 0.2.0 has none of the
    // methods below: for its objects the host runs the default written
    // here, which keeps that plugin's meaning. Later versions append after
    // the last of them and never change one.

    /// Clears `out` and writes the outcomes of this chance node with their
    /// probabilities (see [`PositionFlags::CHANCE`]); nothing when the
    /// position is not a chance node.
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) -> RResult<(), PluginError> {
        out.clear();
        RResult::ROk(())
    }

    /// The result in full: the status, a reason composed at run time, and
    /// each player's payoff (see [`Outcome`]). Default: what
    /// [`Position::status`] says.
    fn result(&self) -> RResult<Outcome, PluginError> {
        match self.status() {
            RResult::ROk(status) => RResult::ROk(Outcome::from_status(status)),
            RResult::RErr(e) => RResult::RErr(e),
        }
    }

    /// Clears `out` and writes a static evaluation for every player, each
    /// from that player's own view (games of three or more, where one
    /// number for the mover cannot say who stands well). Default: nothing,
    /// which means [`Position::evaluate`] for the mover and its negation
    /// for everyone else.
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.clear();
    }

    /// Clears `out` and writes how each legal move is chosen by clicks on
    /// the board (see [`ClickPath`]); moves with no cell (a pass) are
    /// buttons and have no path, and a chance node has none. Default: the
    /// move's `from` then its `to` (just `to` for a placement).
    fn click_paths(&self, out: &mut RVec<ClickPath>) -> RResult<(), PluginError> {
        out.clear();
        let mut moves = RVec::new();
        if let RResult::RErr(e) = self.legal_moves(&mut moves) {
            return RResult::RErr(e);
        }
        out.extend(moves.iter().filter_map(|&m| ClickPath::from_cells(m)));
        RResult::ROk(())
    }

    /// Clears `out` and writes the cells this position moves, renames or
    /// hides (a board whose parts move with play). Default: none; the
    /// board is the geometry's.
    fn cell_changes(&self, out: &mut RVec<CellChange>) -> RResult<(), PluginError> {
        out.clear();
        RResult::ROk(())
    }

    /// Clears `out` and writes short texts to draw on cells (counts of
    /// seeds or stacked pieces, dice). Default: none.
    fn cell_texts(&self, out: &mut RVec<CellText>) -> RResult<(), PluginError> {
        out.clear();
        RResult::ROk(())
    }

    /// The number of players of this game, as [`crate::GameInfo::players`]
    /// lists them, so a strategy (which sees positions only) knows how many
    /// it plays against. Default: 2, as every game before 0.2.1 had.
    fn player_count(&self) -> u8 {
        2
    }

    /// Clears `out` and writes the pieces as `viewer` (a player, or
    /// [`SPECTATOR`]) sees them: a piece whose identity is hidden from the
    /// viewer has the game's piece type for unknown pieces, and a piece the
    /// viewer cannot see at all is left out. Default: every piece
    /// ([`Position::pieces`]): all is public.
    fn view_pieces(&self, viewer: u8, out: &mut RVec<Piece>) -> RResult<(), PluginError> {
        let _ = viewer;
        self.pieces(out)
    }

    /// Clears `out` and writes the highlights `viewer` may see. Default:
    /// every highlight.
    fn view_highlights(&self, viewer: u8, out: &mut RVec<Highlight>) -> RResult<(), PluginError> {
        let _ = viewer;
        self.highlights(out)
    }

    /// Clears `out` and writes the cells `viewer` cannot see into (dark
    /// chess's fog): a window darkens them. Default: none.
    fn hidden_cells(&self, viewer: u8, out: &mut RVec<u16>) -> RResult<(), PluginError> {
        let _ = viewer;
        out.clear();
        RResult::ROk(())
    }

    /// Everything `viewer` knows of the game at this position, as text:
    /// what is on the board for them, what they have been told, and the
    /// history that matters to the rules, and nothing they may not know.
    /// [`crate::Rules::position_from_view`] reads it back into a sample.
    /// Default: [`Position::to_text`].
    fn view_text(&self, viewer: u8) -> RResult<RString, PluginError> {
        let _ = viewer;
        self.to_text()
    }

    /// Writes a legal move of this position as `viewer` may read it in the
    /// record (`a piece moved from e2`, a hidden placement as `?`).
    /// Default: [`Position::move_to_text`].
    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> RResult<RString, PluginError> {
        let _ = viewer;
        self.move_to_text(m, notation)
    }

    /// What `viewer` was told by the last move (kriegspiel's umpire:
    /// `illegal`, `check on the file`; phantom Go's refused try), or
    /// empty. Default: empty.
    fn announcement(&self, viewer: u8) -> RResult<RString, PluginError> {
        let _ = viewer;
        RResult::ROk(RString::new())
    }

    /// A position `viewer` cannot tell from this one, its hidden parts
    /// drawn from a generator seeded with `seed`, fairly among what the
    /// viewer's knowledge allows: the same view for `viewer` (pieces,
    /// hidden cells, view text) and the same legal moves when `viewer` is
    /// to move. A strategy searches samples, never the position itself;
    /// sampling a sample gives another sample of the same knowledge.
    /// Default: refused (`UNSUPPORTED`); a game without hidden information
    /// has nothing to sample.
    fn sample(&self, viewer: u8, seed: u64) -> RResult<PositionBox, PluginError> {
        let _ = (viewer, seed);
        RResult::RErr(PluginError::unsupported("this game hides nothing, so there is nothing to sample"))
    }

    // Appended in 0.2.2. A plugin built against 0.2.0 or 0.2.1 has none of
    // the methods below; its objects run the default written here.

    /// The reason of a draw the player to move may claim now, in lowercase
    /// (`threefold repetition`, `fifty-move rule`), or empty when there is
    /// none. A claimable draw does not end the game by itself: the game
    /// goes on ([`Position::status`] stays ongoing) until the player claims
    /// it, and hosts end it then as a draw with this reason. Searches may
    /// score such a position as a draw, since the side to move can take
    /// one. Called at every node of a search: answer without allocating
    /// when there is nothing to claim. Default: empty (a game without
    /// claims, or an older plugin, which ends such games by its own
    /// status).
    fn draw_claim(&self) -> RResult<RString, PluginError> {
        RResult::ROk(RString::new())
    }
}

/// The viewer of [`Position::view_pieces`] and the other `view_` methods
/// who sits at no seat: a spectator sees only what is public.
pub const SPECTATOR: u8 = 0xFE;

/// An owned position object, as plugins hand them out.
pub type PositionBox = Position_TO<'static, RBox<()>>;
