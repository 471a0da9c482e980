//! The root: its moves generated and ordered once per search, and each
//! iteration's search of them.

use rules_api::score::INFINITY;
use rules_api::{Move, PluginError, PositionFlags};
use tabula_kit::rand::RngCore;
use tabula_kit::rng::rng_from_seed;
use tabula_kit::value::chance_node_error;

use super::{check_infos, Run, Worker};
use crate::ordering::{pick, Scored};
use crate::state::SearchState;
use crate::tt::{to_table, Bound};

impl<S: SearchState> Run<'_, S> {
    /// Generates and orders the root moves.
    pub(crate) fn prepare_root(&mut self) -> Result<(), PluginError> {
        if self.pos.flags().contains(PositionFlags::CHANCE) {
            return Err(chance_node_error(crate::NAME));
        }
        let side = self.pos.side_to_move();
        let hash = self.pos.hash() ^ self.view.key_mix;
        self.w.path.clear();
        self.w.floors.clear();
        self.w.sides.clear();
        self.w.path.push(hash);
        self.w.floors.push(0);
        self.w.sides.push(side);
        let tt_move = self.shared.tt.probe(hash).map_or(Move::NULL, |e| e.best);
        // Tie-break noise follows the seed and the position, so one seed
        // always orders one position's root moves alike.
        let mut noise = rng_from_seed(self.seed ^ hash);
        let Worker { plies, heuristics, .. } = &mut *self.w;
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

    /// Searches every root move in the window `alpha..beta`; returns the
    /// best move and its score (a bound when it falls outside the window),
    /// or the best fully searched so far when aborted. The best move moves
    /// to the front of the root list for the next iteration.
    pub(crate) fn root_search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<Option<(Move, i32)>, PluginError> {
        let mut best: Option<(usize, i32)> = None;
        self.w.pv_len[0] = 0;
        self.w.root_scores.clear();
        for i in 0..self.w.plies[0].list.len() {
            let Scored { mv, flags, .. } = self.w.plies[0].list[i];
            let best_score = best.map_or(-INFINITY, |b| b.1);
            // Under noise, moves close to the best need exact scores.
            let floor = if self.noise > 0 && best.is_some() { (best_score - self.noise).min(alpha) } else { alpha };
            let full = i == 0 || floor < alpha;
            let score = self.child(mv, flags, depth, 0, floor, beta, full)?;
            if self.aborted {
                break;
            }
            self.w.root_scores.push((mv, (score > floor || i == 0).then_some(score)));
            if score > best_score {
                best = Some((i, score));
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let Some((i, score)) = best else {
            return Ok(None);
        };
        let mv = self.w.plies[0].list[i].mv;
        if !self.aborted {
            self.w.plies[0].list[..=i].rotate_right(1);
            let bound = if score >= beta { Bound::Lower } else { Bound::Exact };
            self.shared.tt.store(self.w.path[0], mv, to_table(score, 0), depth, bound);
        }
        Ok(Some((mv, score)))
    }
}
