//! What each search thread owns ([`Worker`], its [`PlyBuffers`]) and what
//! the threads of one search share ([`Common`], [`Shared`]): the node
//! search (`crate::node`) works on them, the driver (`crate::search`)
//! makes them and hands them to its threads.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8};
use std::time::Instant;

use rules_api::{ChanceOutcome, Move, MoveInfo, RVec};

use crate::ordering::{Heuristics, Scored};
use crate::tt::TransTable;

/// Buffers for one ply of the search.
pub(crate) struct PlyBuffers {
    pub moves: RVec<Move>,
    pub infos: RVec<MoveInfo>,
    pub list: Vec<Scored>,
    /// A chance node's outcomes, and those searched with their weights.
    pub outcomes: RVec<ChanceOutcome>,
    pub weights: Vec<(Move, f64)>,
}

/// What one search thread keeps between searches.
pub(crate) struct Worker {
    pub heuristics: Heuristics,
    /// Index 0 holds the root moves, which persist across iterations.
    pub plies: Vec<PlyBuffers>,
    /// Triangular PV table: row `p` holds the line from ply `p`.
    pub pv: Vec<Move>,
    pub pv_len: Vec<usize>,
    /// Hashes of the positions on the current line, root first.
    pub path: Vec<u64>,
    /// For each position on `path`, the first index that could repeat it:
    /// nothing before an irreversible move can come back.
    pub floors: Vec<usize>,
    /// For each position on `path`, the player to move there.
    pub sides: Vec<u8>,
    /// Every player's evaluation, when the game gives them.
    pub evaluations: RVec<i32>,
    /// The root moves' scores in the current iteration (`None`: below the
    /// window), for the choice under noise.
    pub root_scores: Vec<(Move, Option<i32>)>,
}

/// The counters and flags of one search. Helper threads hold it jointly
/// with the main thread and may outlive the call that started them.
pub(crate) struct Common {
    /// Raised when the main thread has its answer: helpers stop.
    pub done: AtomicBool,
    /// Nodes of every thread, added in batches.
    pub nodes: AtomicU64,
    /// Cleared when the game answers a null move with `UNSUPPORTED`.
    pub null_supported: AtomicBool,
    /// What the threads saw of the game: the most players, whether a
    /// chance node came up, whether a side moved twice in a row.
    pub players_seen: AtomicU8,
    pub chance_seen: AtomicBool,
    pub side_repeated: AtomicBool,
}

impl Common {
    pub fn new() -> Self {
        Common {
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            null_supported: AtomicBool::new(true),
            players_seen: AtomicU8::new(2),
            chance_seen: AtomicBool::new(false),
            side_repeated: AtomicBool::new(false),
        }
    }
}

/// What one thread of a search sees of the others.
pub(crate) struct Shared<'a> {
    pub tt: &'a TransTable,
    /// The caller's stop flag (for a helper: the main thread's `done`).
    pub stop: &'a AtomicBool,
    pub common: &'a Common,
    pub node_limit: u64,
    pub hard: Option<Instant>,
}
