//! The forcing-line search: from the root, only checks (in gomoku, a
//! four is a check) for the side to move, every reply for the other side,
//! ever deeper within a share of the budget. It proves wins by
//! continuous checks or fours that the full-width search would reach too
//! late, and shares the table under keys of its own.

use std::sync::atomic::Ordering;
use std::time::Instant;

use rules_api::score::{INFINITY, WIN};
use rules_api::{Move, MoveFlags, PluginError, PositionFlags};

use super::FORCING_PLIES;
use super::{PlyBuffers, Run};
use crate::ordering::{pick, Scored};
use crate::state::SearchState;
use crate::time::Budget;
use crate::tt::{from_table, to_table, Bound};

/// Mixed into a position's hash for the forcing search's table entries.
const FORCING_KEY: u64 = 0xF0CE_D11E_5EA5_C0DE;

impl<S: SearchState> Run<'_, S> {
    /// Looks for a win by forcing moves only, ever deeper (odd plies: the
    /// winner moves last), within a third of the time budget: the move,
    /// its score and line, or `None`.
    pub fn forcing_probe(&mut self, budget: &Budget) -> Result<Option<(Move, i32, Vec<Move>)>, PluginError> {
        let share = budget.is_timed().then(|| budget.start + probe_time(budget));
        self.deadline = share.map(|t| self.shared.hard.map_or(t, |h| h.min(t)));
        let mut found = None;
        let mut depth = 1;
        while depth <= FORCING_PLIES as i32 && !self.aborted {
            self.w.pv_len[0] = 0;
            self.forcing_cut = false;
            let score = self.forcing(0, depth, -INFINITY, INFINITY)?;
            if !self.aborted && score >= rules_api::score::WIN_THRESHOLD && self.w.pv_len[0] > 0 {
                let pv = self.w.pv[..self.w.pv_len[0]].to_vec();
                found = Some((pv[0], score, pv));
                break;
            }
            if !self.forcing_cut {
                // Every line of checks ran out before the depth limit: a
                // deeper probe would search the same tree.
                break;
            }
            depth += 2;
        }
        // Running out of the probe's share is no reason to stop the search.
        let really_stopped = self.shared.stop.load(Ordering::Relaxed)
            || (self.shared.node_limit != 0 && self.total_nodes() >= self.shared.node_limit)
            || self.shared.hard.is_some_and(|h| Instant::now() >= h);
        self.aborted = really_stopped;
        self.deadline = self.shared.hard;
        // The probe used the root's buffers for its own, shorter move list.
        self.prepare_root()?;
        Ok(found)
    }

    /// A proof search for the side to move at the root: it plays only
    /// checks (and its most promising tactical move, which takes an
    /// immediate win), and answers a check with every move. 0 means "no
    /// forced win found"; a decided score is a proven result.
    fn forcing(&mut self, ply: usize, depth: i32, mut alpha: i32, mut beta: i32) -> Result<i32, PluginError> {
        if let Some(score) = self.enter(ply) {
            return Ok(score);
        }
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return Ok(alpha);
        }
        // Forcing results share the table under keys of their own: they are
        // bounds of a narrower tree than the full search's.
        let key = *self.w.path.last().expect("the path holds the current position") ^ FORCING_KEY;
        let mut tt_move = Move::NULL;
        if let Some(entry) = self.shared.tt.probe(key) {
            tt_move = entry.best;
            if entry.depth as i32 >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return Ok(score);
                }
            }
        }
        let flags = self.pos.flags();
        if flags.contains(PositionFlags::CHANCE) {
            // A proof never rests on the dice.
            self.saw_chance();
            return Ok(0);
        }
        if !self.generate(ply)? {
            return self.terminal(ply);
        }
        let alpha_start = alpha;
        let in_check = flags.contains(PositionFlags::IN_CHECK);
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        if !in_check {
            // Not forced to answer anything: "nothing proven" stands.
            best = 0;
            if best >= beta {
                return Ok(best);
            }
            alpha = alpha.max(best);
            // The most promising tactical move (a five, a capture) first.
            let PlyBuffers { moves, infos, list, .. } = &mut self.w.plies[ply];
            list.clear();
            let top = moves.iter().zip(infos.iter()).filter(|(_, i)| i.flags.contains(MoveFlags::TACTICAL));
            if let Some((&mv, info)) = top.max_by_key(|(_, i)| i.hint) {
                list.push(Scored { mv, flags: info.flags, key: i64::MAX });
            }
            if depth <= 0 {
                self.forcing_cut |= infos.iter().any(|i| i.flags.contains(MoveFlags::CHECK));
            } else {
                for (&mv, info) in moves.iter().zip(infos.iter()) {
                    if info.flags.contains(MoveFlags::CHECK) && !list.first().is_some_and(|s| s.mv == mv) {
                        let key = if mv == tt_move { i64::MAX - 1 } else { info.hint as i64 };
                        list.push(Scored { mv, flags: info.flags, key });
                    }
                }
            }
        } else {
            self.order(ply, tt_move, |_| true);
        }
        for i in 0..self.w.plies[ply].list.len() {
            let Scored { mv, flags, .. } = pick(&mut self.w.plies[ply].list, i);
            self.make(mv, flags)?;
            let searched = if self.flipped() {
                self.forcing(ply + 1, depth - 1, -beta, -alpha).map(|s| -s)
            } else {
                self.forcing(ply + 1, depth - 1, alpha, beta)
            };
            let undone = self.unmake();
            let score = searched?;
            undone?;
            if self.aborted {
                return Ok(0);
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(key, best_move, to_table(best, ply), depth, bound);
        Ok(best)
    }
}

/// How long the forcing probe may take: a third of the budget (it stops
/// sooner when the checks run out).
fn probe_time(budget: &Budget) -> std::time::Duration {
    budget.iteration_deadline().map_or(std::time::Duration::ZERO, |d| d.saturating_duration_since(budget.start) / 3)
}
