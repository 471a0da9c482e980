//! Strategies: computer players that work on any game.

use abi_stable::sabi_trait;
use abi_stable::sabi_types::RMut;
use abi_stable::std_types::{RBox, RResult, RString, RVec};
use abi_stable::StableAbi;
use std::sync::atomic::AtomicBool;

use crate::error::PluginError;
use crate::moves::Move;
use crate::position::PositionBox;

/// How long a strategy may think. A zero field means "no limit of this kind";
/// with every field zero the strategy picks its own modest budget.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct SearchLimits {
    /// Wall-clock budget for this move, milliseconds: what the strategy
    /// should normally use.
    pub time_ms: u64,
    /// Maximum nominal depth, plies.
    pub depth: u32,
    /// Maximum nodes visited.
    pub nodes: u64,
    /// The most the strategy may stretch to when its choice is unstable
    /// (the best move keeps changing), milliseconds; 0 means `time_ms` is
    /// also the ceiling. The host never forfeits a strategy within it.
    pub max_time_ms: u64,
}

impl SearchLimits {
    /// A budget of `time_ms` milliseconds and nothing else.
    pub const fn time(time_ms: u64) -> Self {
        SearchLimits { time_ms, depth: 0, nodes: 0, max_time_ms: 0 }
    }
    /// A search to `depth` plies and nothing else.
    pub const fn depth(depth: u32) -> Self {
        SearchLimits { time_ms: 0, depth, nodes: 0, max_time_ms: 0 }
    }
    /// The hard ceiling in milliseconds (0 = none).
    pub fn ceiling_ms(&self) -> u64 {
        self.max_time_ms.max(self.time_ms)
    }
}

/// A progress report during a search.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchInfo {
    /// Completed nominal depth.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Score from the mover's view, on the [`crate::score`] scale.
    pub score: i32,
    /// Principal variation, starting with the move to play.
    pub pv: RVec<Move>,
    /// Anything else worth showing (`win rate 56%`), or empty.
    pub note: RString,
}

/// The answer of a search.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchResult {
    /// The chosen move; must be legal in the position searched.
    pub best: Move,
    /// Score of `best` from the mover's view.
    pub score: i32,
    /// Completed nominal depth (0 for strategies that do not search).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: RVec<Move>,
}

/// Receives progress reports from a searching strategy (host side).
#[sabi_trait]
pub trait Observer {
    /// Called whenever the strategy has news (each completed depth, a new best move).
    #[sabi(last_prefix_field)]
    fn progress(&mut self, info: &SearchInfo);
}

/// A borrowed observer, as passed to [`Strategy::choose_move`].
pub type ObserverMut<'a> = Observer_TO<'a, RMut<'a, ()>>;

/// A computer player. Game-agnostic: it only uses [`crate::Position`].
#[sabi_trait]
pub trait Strategy: Send {
    /// Chooses a move in `position` (the strategy may make and unmake moves
    /// on it but must leave it as it found it). Polls `stop` often (every few
    /// thousand nodes at most) and returns its best move so far soon after it
    /// is set. Errors if the position has no legal move.
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: ObserverMut<'_>,
    ) -> RResult<SearchResult, PluginError>;

    /// Forgets what was learnt from the previous game (tables, history).
    #[sabi(last_prefix_field)]
    fn new_game(&mut self);
}

/// An owned strategy object.
pub type StrategyBox = Strategy_TO<'static, RBox<()>>;
