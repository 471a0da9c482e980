//! The node search of one thread: principal variation search with a
//! transposition table, null-move pruning, late-move reductions, futility
//! pruning (forward and reverse), check extensions, quiescence over tactical moves
//! and checks, and a forcing-line search that follows only checks and
//! answers them with every move (a win by continuous fours in gomoku).
//!
//! Razoring (a quiescence search in place of the last plies when the
//! evaluation is far below alpha) was tried and measured harmful: in
//! gomoku each failed razor costs a whole threat-rich quiescence search
//! (depth 2 instead of 6 in 3 s from an ordinary opening), and in chess it
//! reached one ply less in 2 s; see docs/BENCHMARKS-engines.md.
//!
//! A move is negated only when it hands the turn to the other side of the
//! search (the root player against the rest, `crate::players`), and chance
//! nodes take the expectation of their outcomes (`chance`).
//!
//! Margins are in the evaluation's units: the boundary fixes about
//! [`UNIT`] per pawn-like unit (`rules_api::score`), so a margin of
//! `2 * UNIT` means "two pawns" in chess and the same share of a stone's
//! worth in any game that follows the convention.

use std::sync::atomic::Ordering;
use std::time::Instant;

use rules_api::score::{is_decided, INFINITY, MAX_EVAL, WIN};
use rules_api::{ErrorKind, Move, MoveFlags, MoveInfo, PluginError, PositionFlags};
use tabula_kit::value::outcome_score;

use crate::ordering::{pick, Scored, KILLER_BAND};
use crate::players::{Perspective, View};
use crate::state::SearchState;
use crate::thread::{PlyBuffers, Shared, Worker};
use crate::tt::{from_table, to_table, Bound};
use crate::MAX_PLY;

mod chance;
mod forcing;
mod line;
mod quiesce;
mod root;

pub(crate) use chance::FULL_OUTCOMES;

/// One pawn-like unit of evaluation, the scale of every margin.
pub const UNIT: i32 = 100;

/// Quiescence plies beyond the horizon, so games full of threats (gomoku)
/// still terminate.
pub const QUIESCENCE_PLIES: u32 = 8;
/// Longest forcing line (plies) the root probe looks for: a win by a
/// sequence of checks (in gomoku: of fours) the opponent must answer.
pub const FORCING_PLIES: u32 = 25;

/// The stop flag and the clock are read every `POLL_MASK + 1` nodes: often
/// enough to stop within a millisecond or so even through the boundary,
/// rarely enough to cost nothing measurable.
const POLL_MASK: u64 = 255;

/// One thread's search in progress.
pub(crate) struct Run<'a, S> {
    pub w: &'a mut Worker,
    pos: &'a mut S,
    pub shared: &'a Shared<'a>,
    main: bool,
    seed: u64,
    /// Whose search this is and how to read the game.
    view: Perspective,
    /// Whether null moves may be tried: the game looked regular (two
    /// players in turn, no dice) so far.
    regular: bool,
    /// When this thread must give up the current iteration.
    pub deadline: Option<Instant>,
    nodes: u64,
    flushed: u64,
    pub seldepth: usize,
    /// Set when a limit or the stop flag ends the search; every node then
    /// unwinds at once, unmaking its move.
    pub aborted: bool,
    /// Whether this iteration left any line unfinished (a depth cut-off,
    /// a pruned move, a table hit from a shallower search).
    pub hit_horizon: bool,
    pub root_depth: u32,
    /// Under a weak level, how far below the best root move another may
    /// score and still need an exact score.
    pub noise: i32,
    /// Bit `p` is set when the move into ply `p` was a null move (no two
    /// passes in a row).
    null_mask: u128,
    /// Whether the forcing search left a check untried at its depth limit
    /// (a deeper iteration could find more).
    forcing_cut: bool,
}

/// Late-move reduction for the `index`-th move at `depth`.
fn reduction(depth: i32, index: usize) -> i32 {
    (0.5 + (depth as f64).ln() * (index as f64).ln() / 2.2) as i32
}

impl<'a, S: SearchState> Run<'a, S> {
    pub fn new(
        w: &'a mut Worker,
        pos: &'a mut S,
        shared: &'a Shared<'a>,
        main: bool,
        seed: u64,
        view: Perspective,
    ) -> Self {
        w.heuristics.new_search();
        Run {
            w,
            pos,
            shared,
            main,
            seed,
            view,
            regular: view.regular,
            deadline: shared.hard,
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            aborted: false,
            hit_horizon: false,
            root_depth: 1,
            noise: 0,
            null_mask: 0,
            forcing_cut: false,
        }
    }

    /// Whether the game still looks like two players taking turns with no
    /// dice (null moves and the forcing probe are made for those).
    pub fn is_regular(&self) -> bool {
        self.regular
    }

    /// Nodes of every thread as far as this one knows.
    pub fn total_nodes(&self) -> u64 {
        self.shared.common.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    /// Adds this thread's uncounted nodes to the shared count.
    pub fn flush(&mut self) {
        self.shared.common.nodes.fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Plays `mv`, searches the reply with `depth - 1 - reduce` plies
    /// (extended by one for a check), the null window first unless `full`,
    /// re-searching when it lands inside the window, and takes `mv` back
    /// whatever happened.
    #[allow(clippy::too_many_arguments)]
    fn child_reduced(
        &mut self,
        mv: Move,
        flags: MoveFlags,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        full: bool,
        reduce: i32,
    ) -> Result<i32, PluginError> {
        self.make(mv, flags)?;
        // Bounded check extension: only within twice the nominal depth.
        let extend = flags.contains(MoveFlags::CHECK) && ply < 2 * self.root_depth as usize && ply < MAX_PLY / 2;
        let next = depth - 1 + extend as i32;
        let flip = self.flipped();
        let searched = self.pvs(next, reduce, ply + 1, alpha, beta, full, flip);
        let undone = self.unmake();
        let score = searched?;
        undone?;
        Ok(score)
    }

    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        mv: Move,
        flags: MoveFlags,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        full: bool,
    ) -> Result<i32, PluginError> {
        self.child_reduced(mv, flags, depth, ply, alpha, beta, full, 0)
    }

    /// Searches the position just reached within `alpha..beta` as seen
    /// by the side that moved into it: negated when the move handed the
    /// turn to the other side (`flip`), as it is as is otherwise.
    fn search_child(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32, flip: bool) -> Result<i32, PluginError> {
        if flip {
            Ok(-self.negamax(depth, ply, -beta, -alpha)?)
        } else {
            self.negamax(depth, ply, alpha, beta)
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn pvs(
        &mut self,
        depth: i32,
        reduce: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        full: bool,
        flip: bool,
    ) -> Result<i32, PluginError> {
        if full {
            return self.search_child(depth, ply, alpha, beta, flip);
        }
        let mut score = self.search_child(depth - reduce, ply, alpha, alpha + 1, flip)?;
        if reduce > 0 && score > alpha && !self.aborted {
            score = self.search_child(depth, ply, alpha, alpha + 1, flip)?;
        }
        if score > alpha && score < beta && !self.aborted {
            return self.search_child(depth, ply, alpha, beta, flip);
        }
        Ok(score)
    }

    /// Counts a node and checks the limits; true when the search must stop.
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        if !self.aborted {
            let limit = self.shared.node_limit;
            if limit != 0 {
                // Counted at once under a node limit, so threads together
                // overshoot it by at most one node each.
                self.flush();
            }
            if limit != 0 && self.total_nodes() >= limit {
                self.aborted = true;
            } else if self.nodes & POLL_MASK == 0 {
                self.flush();
                let late = self.deadline.is_some_and(|d| Instant::now() >= d);
                let done = !self.main && self.shared.common.done.load(Ordering::Relaxed);
                self.aborted = late || done || self.shared.stop.load(Ordering::Relaxed);
            }
        }
        self.aborted
    }

    /// Work common to every node before its moves: counting, limits, the
    /// repetition and ply checks. `Some(score)` ends the node.
    fn enter(&mut self, ply: usize) -> Option<i32> {
        self.w.pv_len[ply] = ply;
        if self.poll() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        let (here, before) = self.w.path.split_last().expect("the path holds the current position");
        let floor = *self.w.floors.last().expect("one floor per position");
        if before[floor.min(before.len())..].contains(here) {
            // A position repeated on the current line: the side that could
            // deviate did not, so treat the cycle as a draw.
            return Some(0);
        }
        if ply > 0 && self.pos.draw_claimable() {
            // The mover may claim a draw here (a repetition with the game
            // before the root, fifty moves): a draw is what it can count on.
            return Some(0);
        }
        if ply >= MAX_PLY - 1 {
            self.hit_horizon = true;
            return Some(self.evaluate());
        }
        None
    }

    /// The static evaluation as seen by the mover's side: the mover's own
    /// in a two-player game, the root player's (negated for the other
    /// side) when the game evaluates every player.
    fn evaluate(&mut self) -> i32 {
        match self.view.view {
            View::Mover => self.pos.evaluate().clamp(-MAX_EVAL, MAX_EVAL),
            View::Root => {
                self.pos.evaluate_all(&mut self.w.evaluations);
                match self.w.evaluations.get(self.view.root as usize) {
                    Some(&of_root) => self.view.for_mover(self.side(), of_root),
                    None => self.pos.evaluate().clamp(-MAX_EVAL, MAX_EVAL),
                }
            }
        }
    }

    /// The score of a finished game at `ply`, as seen by the mover's side:
    /// the root player's standing among the payoffs.
    fn terminal(&self, ply: usize) -> Result<i32, PluginError> {
        let outcome = self.pos.result()?;
        let score = outcome_score(&outcome, self.view.root, ply as u32).ok_or_else(|| {
            PluginError::internal(
                "alphabeta: the rules plugin gave no legal move in a position whose status says the game goes on",
            )
        })?;
        Ok(if self.side() == self.view.root { score } else { -score })
    }

    /// Fills the move list of `ply`; `false` when the game is over there.
    fn generate(&mut self, ply: usize) -> Result<bool, PluginError> {
        let buffers = &mut self.w.plies[ply];
        self.pos.legal_moves(&mut buffers.moves)?;
        if buffers.moves.is_empty() {
            return Ok(false);
        }
        self.pos.move_infos(&buffers.moves, &mut buffers.infos)?;
        check_infos(&buffers.moves, &buffers.infos)?;
        Ok(true)
    }

    /// Orders the moves of `ply` that `keep` accepts into its list;
    /// prunable moves are left out when anything else is there.
    fn order(&mut self, ply: usize, tt_move: Move, keep: impl Fn(MoveFlags) -> bool) {
        let side = self.side();
        let Worker { plies, heuristics, .. } = &mut *self.w;
        let PlyBuffers { moves, infos, list, .. } = &mut plies[ply];
        let prune = infos.iter().any(|i| !i.flags.contains(MoveFlags::PRUNABLE));
        list.clear();
        for (&mv, &info) in moves.iter().zip(infos.iter()) {
            if !(prune && info.flags.contains(MoveFlags::PRUNABLE)) && keep(info.flags) {
                list.push(Scored { mv, flags: info.flags, key: heuristics.key(ply, side, mv, info, tt_move) });
            }
        }
    }

    /// Tries a null move: whether passing still fails high (the node can
    /// be cut); `false` when the game has no null move here.
    fn null_move_cuts(&mut self, depth: i32, ply: usize, beta: i32) -> Result<bool, PluginError> {
        match self.pos.make_null() {
            Ok(()) => {}
            Err(e) if e.kind == ErrorKind::UNSUPPORTED => {
                self.shared.common.null_supported.store(false, Ordering::Relaxed);
                return Ok(false);
            }
            Err(e) if e.kind == ErrorKind::PANIC => return Err(e),
            // Refused here (the game is over, say): simply no null move.
            Err(_) => return Ok(false),
        }
        // Nothing before a pass repeats on this line.
        self.w.path.push(self.pos.hash() ^ self.view.key_mix ^ 0x9E37_79B9_7F4A_7C15);
        self.w.floors.push(self.w.path.len() - 1);
        self.push_side();
        let r = 3 + depth / 6;
        self.null_mask |= 1 << (ply + 1);
        let flip = self.flipped();
        let searched = self.search_child(depth - 1 - r, ply + 1, beta - 1, beta, flip);
        self.null_mask &= !(1 << (ply + 1));
        let undone = self.unmake();
        let score = searched?;
        undone?;
        Ok(score >= beta && !self.aborted)
    }

    pub fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> Result<i32, PluginError> {
        if let Some(score) = self.enter(ply) {
            return Ok(score);
        }
        // Nothing here can beat a win on the next ply or lose faster than now.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return Ok(alpha);
        }
        let hash = *self.w.path.last().expect("the path holds the current position");
        let pv_node = beta - alpha > 1;
        let mut tt_move = Move::NULL;
        if let Some(entry) = self.shared.tt.probe(hash) {
            tt_move = entry.best;
            // PV nodes keep their line by searching again, except in games
            // with dice or more players: under a chance node every outcome
            // is searched with an open window, and re-searching each of
            // them would grow the tree by the number of outcomes per layer.
            let may_cut = !pv_node || (!self.regular && entry.bound == Bound::Exact);
            if may_cut && entry.depth as i32 >= depth {
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
        let flags = self.pos.flags();
        if flags.contains(PositionFlags::CHANCE) {
            return self.chance(depth, ply, alpha, beta);
        }
        let in_check = flags.contains(PositionFlags::IN_CHECK);
        let quiet_node = !pv_node && !in_check && !is_decided(alpha) && !is_decided(beta);
        let eval = if quiet_node { self.evaluate() } else { 0 };
        if quiet_node {
            // Reverse futility: far enough above beta that one quiet ply
            // per remaining depth will not bring it back.
            if depth <= 3 && eval - 120 * depth >= beta {
                self.hit_horizon = true;
                return Ok(eval);
            }
            let after_null = (self.null_mask >> ply) & 1 == 1;
            if depth >= 3
                && eval >= beta
                && self.regular
                && !after_null
                && !flags.contains(PositionFlags::ZUGZWANG_RISK)
                && self.shared.common.null_supported.load(Ordering::Relaxed)
                && self.null_move_cuts(depth, ply, beta)?
            {
                self.hit_horizon = true;
                return Ok(beta);
            }
            if self.aborted {
                return Ok(0);
            }
        }
        if !self.generate(ply)? {
            return self.terminal(ply);
        }
        self.order(ply, tt_move, |_| true);
        let futile = quiet_node && depth <= 3 && eval + UNIT * (1 + depth) <= alpha;
        let side = self.side();
        let alpha_start = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        for i in 0..self.w.plies[ply].list.len() {
            let Scored { mv, flags: mflags, key } = pick(&mut self.w.plies[ply].list, i);
            let forcing = mflags.contains(MoveFlags::TACTICAL) || mflags.contains(MoveFlags::CHECK);
            let ordinary = !forcing && mv != tt_move && key < KILLER_BAND;
            if futile && i > 0 && ordinary {
                self.hit_horizon = true;
                continue;
            }
            let reduce = if depth >= 3 && i >= 3 + 2 * pv_node as usize && !in_check && ordinary {
                reduction(depth, i).clamp(0, depth - 1)
            } else {
                0
            };
            let score = self.child_reduced(mv, mflags, depth, ply, alpha, beta, i == 0, reduce)?;
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
                        if !mflags.contains(MoveFlags::TACTICAL) {
                            self.w.heuristics.record_cutoff(ply, side, mv, depth);
                        }
                        break;
                    }
                }
            }
        }
        if best_move.is_null() {
            // Every move was pruned as futile: the static bound stands.
            return Ok(alpha);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper { Move::NULL } else { best_move };
        self.shared.tt.store(hash, stored_move, to_table(best_score, ply), depth, bound);
        Ok(best_score)
    }

    /// Makes `mv` followed by the child's line the PV of `ply`.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.w.pv_len[ply + 1].max(ply + 1);
        let (row, child) = (ply * MAX_PLY, (ply + 1) * MAX_PLY);
        self.w.pv[row + ply] = mv;
        for j in ply + 1..child_len {
            self.w.pv[row + j] = self.w.pv[child + j];
        }
        self.w.pv_len[ply] = child_len;
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
