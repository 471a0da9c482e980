//! "greedy020": a one-ply strategy written against rules-api 0.2.0. It
//! takes a win when one is on the board and otherwise the move after which
//! the position evaluates best for it, as any strategy of that release knew
//! how: through the 0.2.0 position object only.

use std::sync::atomic::{AtomicBool, Ordering};

use rules_api::plugin::{check_options, StrategyImpl};
use rules_api::{
    score, Move, ObserverMut, OptionSpec, Options, PluginError, PositionBox, RVec, SearchLimits, SearchResult,
    StatusKind,
};

struct Greedy {
    moves: RVec<Move>,
}

fn check<T>(r: rules_api::RResult<T, PluginError>) -> Result<T, PluginError> {
    r.into_result()
}

impl StrategyImpl for Greedy {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        stop: &AtomicBool,
        _observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        check(position.legal_moves(&mut self.moves))?;
        if self.moves.is_empty() {
            return Err(PluginError::invalid_input("greedy020: the position has no legal move"));
        }
        let mover = position.side_to_move();
        let mut best = (i32::MIN, self.moves[0]);
        for &m in self.moves.iter() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            check(position.make_move(m))?;
            let status = check(position.status())?;
            let value = match status.kind {
                StatusKind::WIN if status.winner == mover => score::WIN,
                StatusKind::WIN => -score::WIN,
                StatusKind::DRAW => 0,
                _ if position.side_to_move() == mover => position.evaluate(),
                _ => -position.evaluate(),
            };
            check(position.unmake_move())?;
            if value > best.0 {
                best = (value, m);
            }
        }
        Ok(SearchResult { best: best.1, score: best.0, depth: 1, nodes: self.moves.len() as u64, pv: vec![best.1].into() })
    }
}

fn options() -> Vec<OptionSpec> {
    vec![OptionSpec::new("seed", "0", &[], "Accepted for compatibility; greedy020 is deterministic.")]
}

fn new(options: &Options) -> Result<Greedy, PluginError> {
    check_options("greedy020", options, &self::options())?;
    Ok(Greedy { moves: RVec::with_capacity(256) })
}

rules_api::export_strategy_plugin! {
    name: "greedy020",
    description: "One-ply greedy, built against rules-api 0.2.0 (compatibility fixture)",
    options: options,
    new: new,
}
