//! Negamax alpha-beta with principal variation search, iterative deepening,
//! a transposition table, quiescence search and mate-distance scores, over
//! any [`SearchState`].
//!
//! Every buffer the search touches per node (move lists, move infos, sort
//! keys, the PV table, the path of hashes) is allocated when the
//! [`Searcher`] is built, so nodes allocate nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rules_api::score::{is_decided, plies_to_end, INFINITY, MAX_EVAL, WIN};
use rules_api::{Move, MoveFlags, MoveInfo, PluginError, RVec, SearchInfo, SearchLimits, SearchResult};
use tabula_kit::rand::RngCore;
use tabula_kit::rng::rng_from_seed;
use tabula_kit::status_score;

use crate::ordering::{pick, Heuristics, Scored};
use crate::state::SearchState;
use crate::tt::{from_table, to_table, Bound, TransTable};
use crate::MAX_PLY;

/// Deepest nominal depth iterative deepening goes to.
pub const MAX_DEPTH: u32 = 64;
/// Quiescence plies beyond the horizon, so games full of threats (gomoku)
/// still terminate.
pub const QUIESCENCE_PLIES: u32 = 8;
/// The budget when the caller sets no limit at all.
pub const DEFAULT_TIME_MS: u64 = 1000;
/// The stop flag and the clock are read every `POLL_MASK + 1` nodes: often
/// enough to stop within a millisecond or so even through the boundary,
/// rarely enough to cost nothing measurable.
const POLL_MASK: u64 = 255;
/// Room reserved in each per-ply buffer up front (a chess position has at
/// most 218 moves, a 15×15 board 225).
const RESERVED_MOVES: usize = 256;

/// Buffers for one ply of the search.
struct PlyBuffers {
    moves: RVec<Move>,
    infos: RVec<MoveInfo>,
    list: Vec<Scored>,
}

/// A reusable alpha-beta searcher: the tables persist between moves of a game.
pub struct Searcher {
    tt: TransTable,
    heuristics: Heuristics,
    /// Index 0 holds the root moves, which persist across iterations.
    plies: Vec<PlyBuffers>,
    /// Triangular PV table: row `p` holds the line from ply `p`.
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    /// Hashes of the positions on the current line, root first.
    path: Vec<u64>,
    seed: u64,
}

/// When to stop.
struct Budget {
    start: Instant,
    /// Total time for the move, if limited.
    time: Option<Duration>,
    /// Past this instant the search stops at once: 5% before the budget, at
    /// most 150 ms, leaving time to unwind, answer and cross a process
    /// boundary (protocols, `tabula bestmove`) inside the caller's limit.
    hard: Option<Instant>,
    node_limit: u64,
    max_depth: u32,
}

impl Budget {
    fn new(limits: SearchLimits, start: Instant) -> Self {
        let unlimited = limits.time_ms == 0 && limits.depth == 0 && limits.nodes == 0;
        let time_ms = if unlimited { DEFAULT_TIME_MS } else { limits.time_ms };
        let time = (time_ms > 0).then(|| Duration::from_millis(time_ms));
        let hard = time.map(|t| start + t - (t / 20).min(Duration::from_millis(150)));
        let max_depth = if limits.depth > 0 { limits.depth.min(MAX_DEPTH) } else { MAX_DEPTH };
        Budget { start, time, hard, node_limit: limits.nodes, max_depth }
    }

    /// Whether another iteration is worth starting: each one costs at least
    /// about twice the previous, and an iteration cut short is thrown away.
    fn may_start_iteration(&self, last: Duration) -> bool {
        match self.time {
            None => true,
            Some(time) => {
                let elapsed = self.start.elapsed();
                elapsed < time / 2 && elapsed + last * 2 < time
            }
        }
    }
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` MiB. `seed` breaks
    /// ties between root moves the plugin orders equally, so self-play with
    /// different seeds varies while each seed stays reproducible.
    pub fn new(hash_mb: usize, seed: u64) -> Self {
        let plies = (0..MAX_PLY)
            .map(|_| PlyBuffers {
                moves: RVec::with_capacity(RESERVED_MOVES),
                infos: RVec::with_capacity(RESERVED_MOVES),
                list: Vec::with_capacity(RESERVED_MOVES),
            })
            .collect();
        Searcher {
            tt: TransTable::new(hash_mb),
            heuristics: Heuristics::default(),
            plies,
            pv: vec![Move::NULL; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            path: Vec::with_capacity(MAX_PLY + 1),
            seed,
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
    }

    /// Searches `pos` within `limits` (all zero: [`DEFAULT_TIME_MS`]) until
    /// done or `stop` is set, calling `observer` after each completed depth.
    /// The position is left as it was found, even on error when possible.
    pub fn search<S: SearchState>(
        &mut self,
        pos: &mut S,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, PluginError> {
        let budget = Budget::new(limits, Instant::now());
        self.tt.next_generation();
        self.heuristics.new_search();
        let mut run = Run {
            s: self,
            pos,
            stop,
            budget,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            hit_horizon: false,
            root_depth: 1,
        };
        run.prepare_root()?;
        run.iterate(observer)
    }
}

/// One search in progress.
struct Run<'a, S> {
    s: &'a mut Searcher,
    pos: &'a mut S,
    stop: &'a AtomicBool,
    budget: Budget,
    nodes: u64,
    seldepth: usize,
    /// Set when a limit or the stop flag ends the search; every node then
    /// unwinds at once, unmaking its move.
    aborted: bool,
    /// Whether this iteration left any line unfinished (a depth cut-off, a
    /// table hit standing for one); if not, deeper iterations cannot change
    /// the result.
    hit_horizon: bool,
    root_depth: u32,
}

impl<S: SearchState> Run<'_, S> {
    fn prepare_root(&mut self) -> Result<(), PluginError> {
        let side = self.pos.side_to_move();
        self.s.path.clear();
        self.s.path.push(self.pos.hash());
        let tt_move = self.s.tt.probe(self.s.path[0]).map_or(Move::NULL, |e| e.best);
        // Tie-break noise follows the seed and the position, so one seed
        // always orders one position's root moves alike.
        let mut noise = rng_from_seed(self.s.seed ^ self.s.path[0]);
        let Searcher { plies, heuristics, .. } = &mut *self.s;
        let root = &mut plies[0];
        self.pos.legal_moves(&mut root.moves)?;
        if root.moves.is_empty() {
            let status = self.pos.status()?;
            return Err(PluginError::unsupported(format!(
                "alphabeta: there is no legal move to choose, the game is over ({})",
                status.reason
            )));
        }
        self.pos.move_infos(&root.moves, &mut root.infos)?;
        check_infos(&root.moves, &root.infos)?;
        root.list.clear();
        for (&mv, &info) in root.moves.iter().zip(root.infos.iter()) {
            let noise = (noise.next_u64() & 0xFF) as i64;
            // Every root move is searched; prunable ones simply come last.
            let key = heuristics.key(0, side, mv, info, tt_move) * 256 + noise;
            root.list.push(Scored { mv, flags: info.flags, key });
        }
        let n = root.list.len();
        for i in 0..n {
            pick(&mut root.list, i);
        }
        Ok(())
    }

    fn iterate(&mut self, observer: &mut dyn FnMut(&SearchInfo)) -> Result<SearchResult, PluginError> {
        let first = self.s.plies[0].list[0].mv;
        let mut result = SearchResult { best: first, score: 0, depth: 0, nodes: 0, pv: vec![first].into() };
        let mut last_iteration = Duration::ZERO;
        for depth in 1..=self.budget.max_depth {
            if depth > 1 && (!self.budget.may_start_iteration(last_iteration) || self.stop.load(Ordering::Relaxed)) {
                break;
            }
            let started = Instant::now();
            self.root_depth = depth;
            self.hit_horizon = false;
            let best = self.root_search(depth as i32)?;
            if self.aborted {
                if let (1, Some((best, score))) = (depth, best) {
                    result.best = best;
                    result.score = score;
                    result.pv = vec![best].into();
                }
                break;
            }
            let Some((best, score)) = best else { break };
            let pv: RVec<Move> = self.s.pv[..self.s.pv_len[0]].iter().copied().collect();
            debug_assert_eq!(pv.first(), Some(&best));
            result = SearchResult { best, score, depth, nodes: self.nodes, pv: pv.clone() };
            observer(&SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                nodes: self.nodes,
                time_ms: self.budget.start.elapsed().as_millis() as u64,
                score,
                pv,
                note: Default::default(),
            });
            last_iteration = started.elapsed();
            let mate_within_reach = plies_to_end(score).is_some_and(|n| n.unsigned_abs() <= depth);
            if mate_within_reach || !self.hit_horizon || self.s.plies[0].list.len() == 1 {
                break;
            }
        }
        result.nodes = self.nodes;
        Ok(result)
    }

    /// Searches every root move; returns the best move and its score, or
    /// the best fully searched so far when aborted. The best move moves to
    /// the front of the root list for the next iteration.
    fn root_search(&mut self, depth: i32) -> Result<Option<(Move, i32)>, PluginError> {
        let mut alpha = -INFINITY;
        let mut best: Option<(usize, i32)> = None;
        self.s.pv_len[0] = 0;
        for i in 0..self.s.plies[0].list.len() {
            let Scored { mv, flags, .. } = self.s.plies[0].list[i];
            let score = self.child(mv, flags, depth, 0, alpha, INFINITY, i == 0)?;
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((i, score));
                self.update_pv(0, mv);
            }
        }
        let Some((i, score)) = best else {
            return Ok(None);
        };
        let mv = self.s.plies[0].list[i].mv;
        if !self.aborted {
            self.s.plies[0].list[..=i].rotate_right(1);
            self.s.tt.store(self.s.path[0], mv, to_table(score, 0), depth, Bound::Exact);
        }
        Ok(Some((mv, score)))
    }

    /// Plays `mv`, searches the reply (null window first unless `first`,
    /// re-searching when it lands inside the window), and takes `mv` back
    /// whatever happened.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        mv: Move,
        flags: MoveFlags,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> Result<i32, PluginError> {
        self.pos.make(mv)?;
        self.s.path.push(self.pos.hash());
        // Bounded check extension: only within twice the nominal depth.
        let extend = flags.contains(MoveFlags::CHECK) && ply < 2 * self.root_depth as usize && ply < MAX_PLY / 2;
        let next = depth - 1 + extend as i32;
        let searched = self.pvs(next, ply + 1, alpha, beta, first);
        self.s.path.pop();
        let undone = self.pos.unmake();
        let score = searched?;
        undone?;
        Ok(score)
    }

    fn pvs(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32, first: bool) -> Result<i32, PluginError> {
        if first {
            return Ok(-self.negamax(depth, ply, -beta, -alpha)?);
        }
        let score = -self.negamax(depth, ply, -alpha - 1, -alpha)?;
        if score > alpha && score < beta && !self.aborted {
            return Ok(-self.negamax(depth, ply, -beta, -alpha)?);
        }
        Ok(score)
    }

    /// Counts a node and checks the limits; true when the search must stop.
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        if !self.aborted {
            if self.budget.node_limit != 0 && self.nodes >= self.budget.node_limit {
                self.aborted = true;
            } else if self.nodes & POLL_MASK == 0 {
                let late = self.budget.hard.is_some_and(|hard| Instant::now() >= hard);
                self.aborted = late || self.stop.load(Ordering::Relaxed);
            }
        }
        self.aborted
    }

    /// Work common to every node before its moves: counting, limits, the
    /// repetition and ply checks. `Some(score)` ends the node.
    fn enter(&mut self, ply: usize) -> Option<i32> {
        self.s.pv_len[ply] = ply;
        if self.poll() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        let (here, before) = self.s.path.split_last().expect("the path holds the current position");
        if before.contains(here) {
            // A position repeated on the current line: the side that could
            // deviate did not, so treat the cycle as a draw.
            return Some(0);
        }
        if ply >= MAX_PLY - 1 {
            self.hit_horizon = true;
            return Some(self.evaluate());
        }
        None
    }

    fn evaluate(&self) -> i32 {
        self.pos.evaluate().clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// The score of a finished game at `ply`, from the mover's view.
    fn terminal(&self, ply: usize) -> Result<i32, PluginError> {
        let status = self.pos.status()?;
        status_score(&status, self.pos.side_to_move(), ply as u32).ok_or_else(|| {
            PluginError::internal(
                "alphabeta: the rules plugin gave no legal move in a position whose status says the game goes on",
            )
        })
    }

    /// Fills the move list of `ply`; `false` when the game is over there.
    fn generate(&mut self, ply: usize) -> Result<bool, PluginError> {
        let buffers = &mut self.s.plies[ply];
        self.pos.legal_moves(&mut buffers.moves)?;
        if buffers.moves.is_empty() {
            return Ok(false);
        }
        self.pos.move_infos(&buffers.moves, &mut buffers.infos)?;
        check_infos(&buffers.moves, &buffers.infos)?;
        Ok(true)
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> Result<i32, PluginError> {
        if let Some(score) = self.enter(ply) {
            return Ok(score);
        }
        // Nothing here can beat a win on the next ply or lose faster than now.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return Ok(alpha);
        }
        let hash = *self.s.path.last().expect("the path holds the current position");
        let pv_node = beta - alpha > 1;
        let mut tt_move = Move::NULL;
        if let Some(entry) = self.s.tt.probe(hash) {
            tt_move = entry.best;
            if !pv_node && entry.depth as i32 >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    self.hit_horizon |= !is_decided(score);
                    return Ok(score);
                }
            }
        }
        if depth <= 0 {
            return self.quiesce(ply, alpha, beta, 0);
        }
        if !self.generate(ply)? {
            return self.terminal(ply);
        }
        let side = self.pos.side_to_move();
        {
            let Searcher { plies, heuristics, .. } = &mut *self.s;
            let PlyBuffers { moves, infos, list } = &mut plies[ply];
            let prune = infos.iter().any(|i| !i.flags.contains(MoveFlags::PRUNABLE));
            list.clear();
            for (&mv, &info) in moves.iter().zip(infos.iter()) {
                if !(prune && info.flags.contains(MoveFlags::PRUNABLE)) {
                    list.push(Scored { mv, flags: info.flags, key: heuristics.key(ply, side, mv, info, tt_move) });
                }
            }
        }
        let alpha_start = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        for i in 0..self.s.plies[ply].list.len() {
            let Scored { mv, flags, .. } = pick(&mut self.s.plies[ply].list, i);
            let score = self.child(mv, flags, depth, ply, alpha, beta, i == 0)?;
            if self.aborted {
                return Ok(0);
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if !flags.contains(MoveFlags::TACTICAL) {
                            self.s.heuristics.record_cutoff(ply, side, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper { Move::NULL } else { best_move };
        self.s.tt.store(hash, stored_move, to_table(best_score, ply), depth, bound);
        Ok(best_score)
    }

    /// Follows tactical moves only, letting the mover stand pat on the
    /// static evaluation, for at most [`QUIESCENCE_PLIES`] plies.
    fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32, qply: u32) -> Result<i32, PluginError> {
        if let Some(score) = self.enter(ply) {
            return Ok(score);
        }
        if !self.generate(ply)? {
            return self.terminal(ply);
        }
        self.hit_horizon = true;
        let stand_pat = self.evaluate();
        if qply >= QUIESCENCE_PLIES || stand_pat >= beta {
            return Ok(stand_pat);
        }
        alpha = alpha.max(stand_pat);
        {
            let PlyBuffers { moves, infos, list } = &mut self.s.plies[ply];
            list.clear();
            for (&mv, &info) in moves.iter().zip(infos.iter()) {
                if info.flags.contains(MoveFlags::TACTICAL) {
                    list.push(Scored { mv, flags: info.flags, key: info.hint as i64 });
                }
            }
        }
        let mut best = stand_pat;
        for i in 0..self.s.plies[ply].list.len() {
            let mv = pick(&mut self.s.plies[ply].list, i).mv;
            self.pos.make(mv)?;
            self.s.path.push(self.pos.hash());
            let searched = self.quiesce(ply + 1, -beta, -alpha, qply + 1);
            self.s.path.pop();
            let undone = self.pos.unmake();
            let score = -searched?;
            undone?;
            if self.aborted {
                return Ok(0);
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Ok(best)
    }

    /// Makes `mv` followed by the child's line the PV of `ply`.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.s.pv_len[ply + 1].max(ply + 1);
        let (row, child) = (ply * MAX_PLY, (ply + 1) * MAX_PLY);
        self.s.pv[row + ply] = mv;
        for j in ply + 1..child_len {
            self.s.pv[row + j] = self.s.pv[child + j];
        }
        self.s.pv_len[ply] = child_len;
    }
}

/// A plugin must give exactly one info per move; anything else would make
/// the search misread flags.
fn check_infos(moves: &[Move], infos: &[MoveInfo]) -> Result<(), PluginError> {
    if moves.len() == infos.len() {
        Ok(())
    } else {
        Err(PluginError::internal(format!(
            "alphabeta: the rules plugin gave {} move infos for {} moves",
            infos.len(),
            moves.len()
        )))
    }
}
