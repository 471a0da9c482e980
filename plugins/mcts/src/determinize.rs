//! Games with hidden information: Perfect Information Monte Carlo
//! (`tabula_kit::determinize`). The strategy is handed a position made
//! from its player's view; it draws `samples` full positions its player
//! cannot tell from it, grows a tree on each with its share of the budget,
//! adds up each root move's share of the visits (all of it for a proven
//! win) over the samples and plays the move with the largest sum.
//! Strategy fusion (see docs/STRATEGIES.md) is the known weakness.

use std::sync::atomic::{AtomicBool, Ordering};

use rules_api::{PluginError, PositionBox, PositionExt, SearchInfo, SearchLimits, SearchResult};
use tabula_kit::determinize::{draw_samples, share, Tally};

use crate::search::{Mcts, DEFAULT_TIME_MS};

/// Chooses a move for the side to move of a hidden `position` by PIMC over
/// `samples` samples, drawn from `seed`.
pub fn choose(
    mcts: &mut Mcts,
    position: &PositionBox,
    samples: usize,
    seed: u64,
    limits: SearchLimits,
    stop: &AtomicBool,
    observer: &mut dyn FnMut(&SearchInfo),
) -> Result<SearchResult, PluginError> {
    let moves = position.moves()?;
    let first = *moves.first().ok_or_else(|| PluginError::unsupported("mcts: the game is over"))?;
    if moves.len() == 1 {
        return Ok(SearchResult { best: first, score: 0, depth: 0, nodes: 0, pv: vec![first].into() });
    }
    let drawn = draw_samples(position, samples, seed)?;
    let limits = if limits.time_ms == 0 && limits.nodes == 0 && mcts.playout_limit() == 0 {
        SearchLimits { time_ms: DEFAULT_TIME_MS, ..limits }
    } else {
        limits
    };
    let part = share(limits, drawn.len());
    let mut tally = Tally::new(&moves);
    let mut nodes = 0;
    for sample in &drawn {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        // Each sample is a different position: no tree is kept across them.
        mcts.clear();
        let mut sample = sample.clone();
        nodes += mcts.search_limited(&mut sample, part, drawn.len() as u64, stop, &mut |_| {})?.nodes;
        for (m, share) in mcts.root_shares() {
            tally.add(m, share);
        }
    }
    mcts.clear();
    let (best, total) = tally.best().unwrap_or((first, 0.0));
    // Visit shares are no chance of winning: the score stays neutral and
    // the note tells the share.
    let note = format!("{:.0}% of the visits over {} samples", 100.0 * total / drawn.len() as f64, drawn.len());
    let result = SearchResult { best, score: 0, depth: 1, nodes, pv: vec![best].into() };
    observer(&SearchInfo {
        depth: 1,
        seldepth: 1,
        nodes,
        pv: result.pv.clone(),
        note: note.into(),
        ..SearchInfo::default()
    });
    Ok(result)
}
