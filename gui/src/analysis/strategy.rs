//! Tabula's own strategies as analysers. A strategy answers one best move,
//! so several lines (multi-PV) are made by the host: every legal move of
//! the root is played and the position after it searched one ply less
//! deep; the root's score of a move is the negated score of its child
//! (sound for two players taking turns, which is the zero-sum case the
//! negation holds for). The children are searched again one ply deeper
//! each round, so the lines deepen like an engine's. Games with more
//! players or with chance get one line: the strategy's own search of the
//! root.

use std::sync::mpsc::Sender;

use rules_api::abi_stable::sabi_trait::TD_Opaque;
use rules_api::score::{is_decided, WIN};
use rules_api::{
    Move, Observer, Observer_TO, PositionBox, PositionFlags, RVec, SearchInfo, SearchLimits, StatusKind, StrategyBox,
};
use tabula_core::plugins::LoadedPlugin;

use super::worker::{Backend, Job, Line, Report};

/// A strategy plugin analysing.
pub struct StrategyBackend {
    strategy: StrategyBox,
    players: usize,
}

impl StrategyBackend {
    /// A fresh strategy object of `plugin` for a game of `players` players.
    pub fn new(plugin: &LoadedPlugin, players: usize) -> Result<StrategyBackend, String> {
        let strategy = plugin.new_strategy(&[]).map_err(|e| e.to_string())?;
        Ok(StrategyBackend { strategy, players })
    }

    /// The strategy's own search of `position` to `depth`.
    fn search(
        &mut self,
        position: &PositionBox,
        depth: u32,
        job: &Job,
        observer: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Line> {
        let mut position = position.clone();
        let limits = SearchLimits::depth(depth.max(1));
        let mut forward = Forward(observer);
        let result =
            self.strategy.choose_move(&mut position, limits, &job.stop, Observer_TO::from_ptr(&mut forward, TD_Opaque));
        let result = result.into_result().ok()?;
        let pv = if result.pv.is_empty() { vec![result.best] } else { result.pv.to_vec() };
        Some(Line { score: result.score, depth: result.depth.max(depth), pv })
    }

    /// One line, from the strategy's search of the root: each completed
    /// depth is reported as it comes.
    /// A line is shown only when its first move is legal in the position:
    /// a strategy's answer is checked like any plugin's.
    fn single(&mut self, job: &Job, moves: &[Move], out: &Sender<Report>) {
        let key = job.key;
        let mut on_progress = |info: &SearchInfo| {
            if info.pv.first().is_some_and(|m| moves.contains(m)) {
                let line = Line { score: info.score, depth: info.depth, pv: info.pv.to_vec() };
                let _ = out.send(Report::Lines { key, lines: vec![line], done: false });
            }
        };
        match self.search(&job.position, job.depth, job, &mut on_progress) {
            Some(line) if moves.contains(&line.pv[0]) => {
                let _ = out.send(Report::Lines { key, lines: vec![line], done: true });
            }
            Some(line) => {
                let reason = format!("the strategy answered a move that is not legal here ({:?})", line.pv[0]);
                let _ = out.send(Report::Failed { key, reason });
            }
            None if job.stopped() => {}
            None => {
                let _ = out.send(Report::Failed { key, reason: "the strategy found no move".into() });
            }
        }
    }

    /// Several lines: every root move's child searched one ply less deep,
    /// round after round up to the job's depth.
    fn multi(&mut self, job: &Job, moves: &[Move], out: &Sender<Report>) {
        let root = &job.position;
        let mover = root.side_to_move();
        let mut lines = Vec::with_capacity(moves.len());
        for depth in 1..=job.depth {
            lines.clear();
            for &m in moves {
                if job.stopped() {
                    return;
                }
                let mut child = root.clone();
                if child.make_move(m).into_result().is_err() {
                    continue;
                }
                let line = match ended(&child, mover) {
                    Some(score) => Line { score, depth, pv: vec![m] },
                    // Depth 1: the child's own evaluation, from its mover's view.
                    None if depth == 1 => Line { score: -child.evaluate(), depth, pv: vec![m] },
                    None => {
                        let Some(reply) = self.search(&child, depth - 1, job, &mut |_| {}) else { continue };
                        let mut pv = Vec::with_capacity(reply.pv.len() + 1);
                        pv.push(m);
                        pv.extend(reply.pv);
                        Line { score: one_ply_up(reply.score), depth, pv }
                    }
                };
                lines.push(line);
            }
            if job.stopped() {
                return;
            }
            lines.sort_by_key(|l| std::cmp::Reverse(l.score));
            let best: Vec<Line> = lines.iter().take(job.lines).cloned().collect();
            let _ = out.send(Report::Lines { key: job.key, lines: best, done: depth == job.depth });
        }
    }
}

impl Backend for StrategyBackend {
    fn run(&mut self, job: &Job, out: &Sender<Report>) {
        let mut moves = RVec::new();
        let ongoing = job.position.status().into_result().is_ok_and(|s| s.kind == StatusKind::ONGOING);
        if !ongoing || job.position.legal_moves(&mut moves).into_result().is_err() || moves.is_empty() {
            let _ = out.send(Report::Failed { key: job.key, reason: "the game is over in this position".into() });
            return;
        }
        let turns = self.players == 2 && !job.position.flags().contains(PositionFlags::CHANCE);
        if job.lines > 1 && turns && moves.len() > 1 {
            self.multi(job, &moves, out);
        } else {
            self.single(job, &moves, out);
        }
    }
}

/// A child's score seen from its parent: negated, and a decided result one
/// ply further away.
fn one_ply_up(child: i32) -> i32 {
    let s = -child;
    if is_decided(s) {
        s - s.signum()
    } else {
        s
    }
}

/// The score for `mover` of a position where the game has ended (a win one
/// ply from the root), or `None` while it goes on.
fn ended(position: &PositionBox, mover: u8) -> Option<i32> {
    let status = position.status().into_result().ok()?;
    match status.kind {
        StatusKind::WIN if status.winner == mover => Some(WIN - 1),
        StatusKind::WIN => Some(-(WIN - 1)),
        StatusKind::DRAW => Some(0),
        _ => None,
    }
}

/// Hands a strategy's progress to a closure.
struct Forward<'a>(&'a mut dyn FnMut(&SearchInfo));

impl Observer for Forward<'_> {
    fn progress(&mut self, info: &SearchInfo) {
        (self.0)(info)
    }
}

#[cfg(test)]
mod tests {
    use super::one_ply_up;
    use rules_api::score::WIN;

    #[test]
    fn decided_scores_move_one_ply_away_from_the_parent() {
        assert_eq!(one_ply_up(-(WIN - 2)), WIN - 3, "the child's mover is mated in 2: we mate in 3");
        assert_eq!(one_ply_up(WIN - 2), -(WIN - 3));
        assert_eq!(one_ply_up(35), -35);
    }
}
