//! Games with hidden information: Perfect Information Monte Carlo
//! (`tabula_kit::determinize`). The strategy is handed a position made
//! from its player's view; it draws `samples` full positions its player
//! cannot tell from it, and in each sample searches every root move to
//! the same depth with its share of the budget. A move's worth in a
//! sample is its score read as a chance of winning; the move with the
//! largest sum over the samples is played. Strategy fusion (see
//! docs/STRATEGIES.md) is the known weakness.

use std::sync::atomic::{AtomicBool, Ordering};

use rules_api::score::WIN;
use rules_api::{PluginError, PositionBox, PositionExt, SearchInfo, SearchLimits, SearchResult};
use tabula_kit::determinize::{draw_samples, share, Tally};
use tabula_kit::value::{outcome_score, score_of_probability, win_probability};

use crate::search::{Searcher, DEFAULT_TIME_MS};

/// The budget of one reply's search.
struct Part {
    limits: SearchLimits,
    /// At depth 1 the replies are not searched: their evaluation decides.
    static_only: bool,
}

/// What the searches of one move cost.
#[derive(Default)]
struct Spent {
    nodes: u64,
    depth: u32,
}

/// The chance of winning of `mover` after a root move, at `child`: the
/// result when decided, the expectation at a chance node (a flip in
/// banqi), else a search (negated when the turn passed).
fn worth(
    searcher: &mut Searcher,
    child: &mut PositionBox,
    mover: u8,
    part: &Part,
    stop: &AtomicBool,
    spent: &mut Spent,
) -> Result<f64, PluginError> {
    if let Some(decided) = outcome_score(&child.full_result()?, mover, 1) {
        return Ok(win_probability(decided));
    }
    if child.is_chance() {
        let mut sum = 0.0;
        for outcome in child.chance_list()? {
            child.play(outcome.mv)?;
            sum += outcome.probability * worth(searcher, child, mover, part, stop, spent)?;
            child.undo()?;
        }
        return Ok(sum);
    }
    if part.static_only {
        return Ok(win_probability(child.evaluation_of(mover)));
    }
    let reply = searcher.search(child, part.limits, stop, &mut |_| {})?;
    spent.nodes += reply.nodes;
    spent.depth = spent.depth.max(reply.depth + 1);
    // A move that keeps the turn (a refused try) is scored by the mover.
    let score = if child.side_to_move() == mover { reply.score } else { -reply.score };
    Ok(win_probability(score.clamp(-WIN, WIN)))
}

/// Chooses a move for the side to move of a hidden `position` by PIMC over
/// `samples` samples, drawn from `seed`.
pub fn choose(
    searcher: &mut Searcher,
    position: &PositionBox,
    samples: usize,
    seed: u64,
    limits: SearchLimits,
    stop: &AtomicBool,
    observer: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, PluginError> {
    let mover = position.side_to_move();
    let moves = position.moves()?;
    let first = *moves.first().ok_or_else(|| PluginError::unsupported("alphabeta: the game is over"))?;
    if moves.len() == 1 {
        return Ok(SearchResult { best: first, score: 0, depth: 0, nodes: 0, pv: vec![first].into() });
    }
    let drawn = draw_samples(position, samples, seed)?;
    // Without any limit the whole move gets the usual budget, not each search.
    let limits = if limits.time_ms == 0 && limits.nodes == 0 && limits.depth == 0 {
        SearchLimits { time_ms: DEFAULT_TIME_MS, ..limits }
    } else {
        limits
    };
    let part = share(limits, drawn.len() * moves.len());
    // Each reply is searched one ply less deep than the root would be.
    let part =
        Part { limits: SearchLimits { depth: part.depth.saturating_sub(1), ..part }, static_only: part.depth == 1 };
    let mut tally = Tally::new(&moves);
    let mut spent = Spent::default();
    'samples: for sample in &drawn {
        for &m in &moves {
            if stop.load(Ordering::Relaxed) {
                break 'samples;
            }
            let mut child = sample.clone();
            child.play(m)?;
            tally.add(m, worth(searcher, &mut child, mover, &part, stop, &mut spent)?);
        }
    }
    let (nodes, depth) = (spent.nodes, spent.depth);
    let (best, total) = tally.best().unwrap_or((first, 0.0));
    let score = score_of_probability(total / drawn.len() as f64);
    let result = SearchResult { best, score, depth, nodes, pv: vec![best].into() };
    observer(&SearchInfo { depth, seldepth: depth, nodes, score, pv: result.pv.clone(), ..SearchInfo::default() });
    Ok(result)
}
