//! Quiescence: beyond the nominal depth, only the moves that change the
//! picture (the plugin's tactical moves, and checks on the first ply) are
//! followed, and the mover may stand pat on the static evaluation.

use rules_api::score::INFINITY;
use rules_api::{MoveFlags, PluginError, PositionFlags};

use super::QUIESCENCE_PLIES;
use super::{PlyBuffers, Run};
use crate::ordering::{pick, Scored};
use crate::state::SearchState;

impl<S: SearchState> Run<'_, S> {
    /// Follows tactical moves (and checks on its first ply), letting the
    /// mover stand pat on the static evaluation unless in check, for at
    /// most [`QUIESCENCE_PLIES`] plies. A chance node stands pat: its
    /// evaluation is the game's view before the roll, and following only
    /// some of its outcomes would be a biased sample.
    pub(super) fn quiesce(&mut self, ply: usize, mut alpha: i32, beta: i32, qply: u32) -> Result<i32, PluginError> {
        if let Some(score) = self.enter(ply) {
            return Ok(score);
        }
        let flags = self.pos.flags();
        if flags.contains(PositionFlags::CHANCE) {
            self.saw_chance();
            self.hit_horizon = true;
            return Ok(self.evaluate());
        }
        if !self.generate(ply)? {
            return self.terminal(ply);
        }
        self.hit_horizon = true;
        // Answer every check near the horizon; deeper, standing pat keeps
        // a game of endless threats finite.
        let evade = qply < 2 && flags.contains(PositionFlags::IN_CHECK);
        let stand_pat = if evade { -INFINITY } else { self.evaluate() };
        if qply >= QUIESCENCE_PLIES || stand_pat >= beta {
            return Ok(if evade { self.evaluate() } else { stand_pat });
        }
        alpha = alpha.max(stand_pat);
        {
            let PlyBuffers { moves, infos, list, .. } = &mut self.w.plies[ply];
            let prune = infos.iter().any(|i| !i.flags.contains(MoveFlags::PRUNABLE));
            list.clear();
            for (&mv, &info) in moves.iter().zip(infos.iter()) {
                let f = info.flags;
                let wanted = evade || f.contains(MoveFlags::TACTICAL) || (qply == 0 && f.contains(MoveFlags::CHECK));
                if wanted && !(prune && f.contains(MoveFlags::PRUNABLE)) {
                    list.push(Scored { mv, flags: f, key: info.hint as i64 });
                }
            }
        }
        let mut best = stand_pat;
        for i in 0..self.w.plies[ply].list.len() {
            let Scored { mv, flags, .. } = pick(&mut self.w.plies[ply].list, i);
            self.make(mv, flags)?;
            let searched = if self.flipped() {
                self.quiesce(ply + 1, -beta, -alpha, qply + 1).map(|s| -s)
            } else {
                self.quiesce(ply + 1, alpha, beta, qply + 1)
            };
            let undone = self.unmake();
            let score = searched?;
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
        Ok(if best == -INFINITY { self.evaluate() } else { best })
    }
}
