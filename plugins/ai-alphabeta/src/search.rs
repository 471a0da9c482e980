//! The searcher: iterative deepening with aspiration windows over the node
//! search of the `node` module, a forcing-line probe at the root, time
//! management, playing strength, and lazy SMP — helper threads search the
//! same root on their own copies of the position, sharing only the
//! transposition table, so each thread's cut-offs and results speed up
//! the others. The main thread answers as soon as it is done: helpers are
//! told to stop but not waited for (a helper the scheduler leaves waiting
//! on a busy machine would otherwise hold the move back, and lose games on
//! time); their buffers are taken back when a later search starts.
//!
//! Every buffer the search touches per node (move lists, move infos, sort
//! keys, the PV table, the path of hashes) is allocated when the
//! [`Searcher`] is built, so nodes allocate nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rules_api::score::{is_decided, plies_to_end, INFINITY, WIN_THRESHOLD};
use rules_api::{Move, PluginError, PositionFlags, RVec, SearchInfo, SearchLimits, SearchResult};
use tabula_kit::rng::rng_from_seed;
use tabula_kit::value::chance_node_error;
use tabula_kit::Rng;

use crate::node::Run;
pub use crate::node::{FORCING_PLIES, QUIESCENCE_PLIES};
use crate::players::{Perspective, Shape};
use crate::state::SearchState;
use crate::strength::Strength;
use crate::thread::{Common, PlyBuffers, Shared, Worker};
use crate::time::Budget;
use crate::tt::TransTable;

pub use crate::time::DEFAULT_TIME_MS;

/// Deepest nominal depth iterative deepening goes to.
pub const MAX_DEPTH: u32 = 64;
/// Most search threads accepted.
pub const MAX_THREADS: usize = 64;

/// How a [`Searcher`] is set up.
#[derive(Copy, Clone, Debug)]
pub struct Settings {
    /// Transposition table size, MiB.
    pub hash_mb: usize,
    /// Seed for root tie-breaks and the choice under noise.
    pub seed: u64,
    /// Search threads (1 = no helpers).
    pub threads: usize,
    /// Playing strength.
    pub strength: Strength,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { hash_mb: 16, seed: 0, threads: 1, strength: Strength::default() }
    }
}

/// A reusable alpha-beta searcher: the tables persist between moves of a game.
pub struct Searcher {
    tt: Arc<TransTable>,
    /// The main thread's buffers.
    main: Worker,
    /// Buffers for helper threads, ready for the next search.
    idle: Vec<Worker>,
    /// Helpers of earlier searches, perhaps still winding down.
    running: Vec<JoinHandle<Worker>>,
    threads: usize,
    seed: u64,
    strength: Strength,
    /// Draws for the choice under noise (weak levels).
    rng: Rng,
    /// What the searches of this game have seen of it.
    shape: Shape,
    /// Every player's evaluation at the root, when the game gives them.
    root_evaluations: RVec<i32>,
}

/// What one thread's iterative deepening ended with.
#[derive(Clone, Debug, Default)]
struct Outcome {
    result: SearchResult,
    /// Scores of the root moves in the last completed iteration, for the
    /// choice under noise.
    root_scores: Vec<(Move, Option<i32>)>,
}

impl Searcher {
    /// A single-threaded, full-strength searcher with a `hash_mb` MiB table.
    /// `seed` breaks ties between root moves the plugin orders equally, so
    /// self-play with different seeds varies while each seed stays
    /// reproducible.
    pub fn new(hash_mb: usize, seed: u64) -> Self {
        Self::with_settings(Settings { hash_mb, seed, ..Settings::default() })
    }

    /// A searcher set up by `settings`.
    pub fn with_settings(settings: Settings) -> Self {
        let threads = settings.threads.clamp(1, MAX_THREADS);
        Searcher {
            tt: Arc::new(TransTable::new(settings.hash_mb)),
            main: Worker::new(),
            idle: (1..threads).map(|_| Worker::new()).collect(),
            running: Vec::new(),
            threads,
            seed: settings.seed,
            strength: settings.strength,
            rng: rng_from_seed(settings.seed ^ 0x5EED_57E4),
            shape: Shape::default(),
            root_evaluations: RVec::new(),
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.shape = Shape::default();
        self.take_back_helpers();
        self.tt.clear();
        self.main.clear();
        self.idle.iter_mut().for_each(Worker::clear);
    }

    /// Takes back the buffers of helpers that have finished, and makes up
    /// with new ones for helpers still winding down (never waits for them).
    fn take_back_helpers(&mut self) {
        let (finished, still): (Vec<_>, Vec<_>) = self.running.drain(..).partition(|h| h.is_finished());
        self.running = still;
        for handle in finished {
            // A helper that panicked only loses its own buffers.
            self.idle.push(handle.join().unwrap_or_else(|_| Worker::new()));
        }
        while self.idle.len() + 1 < self.threads {
            self.idle.push(Worker::new());
        }
    }

    /// Searches `pos` within `limits` (all zero: [`DEFAULT_TIME_MS`]) until
    /// done or `stop` is set, calling `observer` after each completed depth.
    /// The position is left as it was found, even on error when possible.
    /// Helper threads search copies of `pos` that they own (hence
    /// `'static`): they may still be winding down after the answer.
    pub fn search<S: SearchState + Clone + Send + 'static>(
        &mut self,
        pos: &mut S,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, PluginError> {
        self.take_back_helpers();
        let limits = self.capped(limits);
        let budget = Budget::new(limits, Instant::now(), MAX_DEPTH);
        let view = self.perspective(pos)?;
        self.tt.next_generation();
        let common = Arc::new(Common::new());
        let noise = self.strength.noise();
        let seed = self.seed;
        for (i, worker) in self.idle.drain(..).enumerate() {
            let spawned = spawn_helper(worker, i + 1, pos.clone(), &self.tt, &common, budget.clone(), seed, view);
            // A helper that cannot start leaves the search to the others.
            if let Ok(handle) = spawned {
                self.running.push(handle);
            }
        }
        let shared = Shared { tt: &self.tt, stop, common: &common, node_limit: budget.node_limit, hard: budget.hard };
        let mut run = Run::new(&mut self.main, pos, &shared, true, seed, view);
        run.noise = noise;
        let outcome = run.prepare_root().and_then(|()| main_iterate(&mut run, budget, observer));
        run.flush();
        common.done.store(true, Ordering::Relaxed);
        self.learn(&common);
        let outcome = outcome?;
        let mut result = outcome.result;
        result.nodes = common.nodes.load(Ordering::Relaxed);
        if noise > 0 {
            if let Some((mv, score)) = self.strength.choose(&outcome.root_scores, &mut self.rng) {
                if mv != result.best {
                    result = SearchResult { best: mv, score, pv: vec![mv].into(), ..result };
                }
            }
        }
        Ok(result)
    }

    /// Looks only for a win by forcing moves (checks, or fours in gomoku,
    /// each answered by every reply) of at most [`FORCING_PLIES`] plies,
    /// with no time limit (until `stop`): the winning move with its line
    /// and score, or `None` when there is none that short. The normal
    /// search runs the same probe first, within a third of its time.
    pub fn forced_win<S: SearchState + Clone + Send>(
        &mut self,
        pos: &mut S,
        stop: &AtomicBool,
    ) -> Result<Option<SearchResult>, PluginError> {
        let budget = Budget::new(SearchLimits::depth(MAX_DEPTH), Instant::now(), MAX_DEPTH);
        let view = self.perspective(pos)?;
        self.tt.next_generation();
        let common = Common::new();
        let shared = Shared { tt: &self.tt, stop, common: &common, node_limit: 0, hard: None };
        let mut run = Run::new(&mut self.main, pos, &shared, true, self.seed, view);
        run.prepare_root()?;
        let found = run.forcing_probe(&budget)?;
        run.flush();
        self.learn(&common);
        let nodes = common.nodes.load(Ordering::Relaxed);
        Ok(found.map(|(best, score, pv)| SearchResult { best, score, depth: pv.len() as u32, nodes, pv: pv.into() }))
    }

    /// The side of a search from `pos`: its root player, and how to read
    /// the game given what earlier searches saw and what the root says
    /// (more than two players move, or evaluate, there). Refuses a chance
    /// node, where the host rolls.
    fn perspective<S: SearchState>(&mut self, pos: &S) -> Result<Perspective, PluginError> {
        if pos.flags().contains(PositionFlags::CHANCE) {
            return Err(chance_node_error(crate::NAME));
        }
        pos.evaluate_all(&mut self.root_evaluations);
        let root = pos.side_to_move();
        let evaluations = self.root_evaluations.len();
        let declared = pos.player_count().min(6);
        self.shape.players = self.shape.players.max(root.saturating_add(1)).max(evaluations.min(6) as u8).max(declared);
        Ok(Perspective::new(root, self.shape, evaluations))
    }

    /// Keeps what the threads saw of the game for the next searches.
    fn learn(&mut self, common: &Common) {
        self.shape.players = self.shape.players.max(common.players_seen.load(Ordering::Relaxed));
        self.shape.chance |= common.chance_seen.load(Ordering::Relaxed);
        self.shape.repeats_side |= common.side_repeated.load(Ordering::Relaxed);
    }

    /// `limits` within the caps of the playing strength.
    fn capped(&self, mut limits: SearchLimits) -> SearchLimits {
        let (nodes, depth) = (self.strength.node_cap(), self.strength.depth_cap());
        if nodes > 0 {
            limits.nodes = if limits.nodes == 0 { nodes } else { limits.nodes.min(nodes) };
        }
        if depth > 0 {
            limits.depth = if limits.depth == 0 { depth } else { limits.depth.min(depth) };
        }
        limits
    }
}

/// The main thread: the forcing probe, then iterative deepening with
/// aspiration windows, time management and progress reports.
fn main_iterate<S: SearchState>(
    run: &mut Run<'_, S>,
    mut budget: Budget,
    observer: &mut dyn FnMut(&SearchInfo),
) -> Result<Outcome, PluginError> {
    let first = run.w.plies[0].list[0].mv;
    let mut out = Outcome {
        result: SearchResult { best: first, score: 0, depth: 0, nodes: 0, pv: vec![first].into() },
        root_scores: Vec::new(),
    };
    let single = run.w.plies[0].list.len() == 1;
    // A proven win by forcing moves, if one is quickly found: the search
    // below only has to look for a shorter one. It is made for two players
    // taking turns; with dice or more players the search alone decides.
    let forced = if single || budget.max_depth < 3 || !run.is_regular() { None } else { run.forcing_probe(&budget)? };
    let mut max_depth = budget.max_depth;
    if let Some((_, score, pv)) = &forced {
        max_depth = max_depth.min(plies_to_end(*score).unwrap_or(0).max(1) as u32);
        observer(&SearchInfo {
            depth: 0,
            seldepth: pv.len() as u32,
            nodes: run.total_nodes(),
            time_ms: budget.start.elapsed().as_millis() as u64,
            score: *score,
            pv: pv.iter().copied().collect(),
            note: "a forced win by checks alone; looking for a shorter one".into(),
        });
    }
    run.deadline = budget.iteration_deadline();
    let mut last_iteration = Duration::ZERO;
    let mut previous = 0;
    for depth in 1..=max_depth {
        if depth > 1 && (!budget.may_start_iteration(last_iteration) || run.shared.stop.load(Ordering::Relaxed)) {
            break;
        }
        let started = Instant::now();
        run.root_depth = depth;
        run.hit_horizon = false;
        let found = aspiration(run, depth, previous)?;
        if run.aborted {
            if let (1, Some((best, score))) = (depth, found) {
                out.result = SearchResult { best, score, pv: vec![best].into(), ..out.result };
            }
            break;
        }
        let Some((best, score)) = found else { break };
        let pv: RVec<Move> = run.w.pv[..run.w.pv_len[0]].iter().copied().collect();
        budget.after_iteration(depth, best != out.result.best, previous - score);
        run.deadline = budget.iteration_deadline();
        previous = score;
        out.result = SearchResult { best, score, depth, nodes: run.total_nodes(), pv: pv.clone() };
        out.root_scores.clone_from(&run.w.root_scores);
        observer(&SearchInfo {
            depth,
            seldepth: run.seldepth as u32,
            nodes: run.total_nodes(),
            time_ms: budget.start.elapsed().as_millis() as u64,
            score,
            pv,
            note: Default::default(),
        });
        last_iteration = started.elapsed();
        let mate_within_reach = plies_to_end(score).is_some_and(|n| n.unsigned_abs() <= depth);
        if mate_within_reach || !run.hit_horizon || single {
            break;
        }
    }
    if let Some((mv, score, pv)) = forced {
        if score > out.result.score {
            out.result = SearchResult { best: mv, score, depth: out.result.depth, nodes: 0, pv: pv.into() };
            out.root_scores = vec![(mv, Some(score))];
        }
    }
    Ok(out)
}

/// One iteration inside a window around the previous score, widened on
/// each failure until the score falls inside it.
fn aspiration<S: SearchState>(
    run: &mut Run<'_, S>,
    depth: u32,
    previous: i32,
) -> Result<Option<(Move, i32)>, PluginError> {
    // Under noise every root move needs a score, so the window stays open.
    let narrow = depth >= 4 && run.noise == 0 && !is_decided(previous);
    let mut delta = crate::node::UNIT / 4;
    let (mut alpha, mut beta) = if narrow { (previous - delta, previous + delta) } else { (-INFINITY, INFINITY) };
    loop {
        let found = run.root_search(depth as i32, alpha, beta)?;
        let Some((mv, score)) = found else { return Ok(None) };
        if run.aborted {
            return Ok(Some((mv, score)));
        }
        if score <= alpha && alpha > -INFINITY {
            alpha = if delta > WIN_THRESHOLD / 4 { -INFINITY } else { (alpha - delta).max(-INFINITY) };
        } else if score >= beta && beta < INFINITY {
            beta = if delta > WIN_THRESHOLD / 4 { INFINITY } else { (beta + delta).min(INFINITY) };
        } else {
            return Ok(Some((mv, score)));
        }
        delta = delta.saturating_mul(2);
    }
}

/// Starts helper `id` on its own copy of the position; it hands its
/// buffers back when it ends.
#[allow(clippy::too_many_arguments)]
fn spawn_helper<S: SearchState + Send + 'static>(
    mut worker: Worker,
    id: usize,
    mut copy: S,
    tt: &Arc<TransTable>,
    common: &Arc<Common>,
    budget: Budget,
    seed: u64,
    view: Perspective,
) -> std::io::Result<JoinHandle<Worker>> {
    let (tt, common) = (Arc::clone(tt), Arc::clone(common));
    std::thread::Builder::new().name(format!("alphabeta-helper-{id}")).spawn(move || {
        // A helper stops when the main thread is done, which it is as soon
        // as the caller's stop reaches it.
        let shared =
            Shared { tt: &tt, stop: &common.done, common: &common, node_limit: budget.node_limit, hard: budget.hard };
        {
            let mut run = Run::new(&mut worker, &mut copy, &shared, false, seed ^ ((id as u64) << 40), view);
            // A helper's failure is not the search's: the main thread sees
            // the same position and reports its own errors.
            let _ = run.prepare_root().and_then(|()| helper_iterate(&mut run, budget, id));
            run.flush();
        }
        worker
    })
}

/// A helper thread: the same iterative deepening without reports, odd
/// helpers one ply ahead of the main thread, until the main thread is done.
fn helper_iterate<S: SearchState>(run: &mut Run<'_, S>, budget: Budget, id: usize) -> Result<(), PluginError> {
    run.deadline = budget.hard;
    let mut previous = 0;
    let mut depth = 1 + (id % 2) as u32;
    while depth <= budget.max_depth && !run.aborted {
        run.root_depth = depth;
        match aspiration(run, depth, previous)? {
            Some((_, score)) if !run.aborted => previous = score,
            _ => break,
        }
        depth += 1;
    }
    Ok(())
}

impl Worker {
    /// Buffers for a whole search, allocated once.
    pub(crate) fn new() -> Self {
        use crate::ordering::Heuristics;
        use crate::MAX_PLY;
        const RESERVED_MOVES: usize = 256;
        let plies = (0..MAX_PLY)
            .map(|_| PlyBuffers {
                moves: RVec::with_capacity(RESERVED_MOVES),
                infos: RVec::with_capacity(RESERVED_MOVES),
                list: Vec::with_capacity(RESERVED_MOVES),
                outcomes: RVec::with_capacity(crate::node::FULL_OUTCOMES),
                weights: Vec::with_capacity(crate::node::FULL_OUTCOMES),
            })
            .collect();
        Worker {
            heuristics: Heuristics::default(),
            plies,
            pv: vec![Move::NULL; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            path: Vec::with_capacity(MAX_PLY + 1),
            floors: Vec::with_capacity(MAX_PLY + 1),
            sides: Vec::with_capacity(MAX_PLY + 1),
            evaluations: RVec::with_capacity(8),
            root_scores: Vec::with_capacity(RESERVED_MOVES),
        }
    }

    fn clear(&mut self) {
        self.heuristics.clear();
    }
}
