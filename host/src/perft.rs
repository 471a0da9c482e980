//! Move-generation counting (perft) through the generic position interface.
//!
//! One move buffer per ply is allocated up front and reused, so the count
//! runs without allocating per node; the last ply is bulk-counted by the
//! plugin (`count_legal_moves`), without writing the moves out.

use rules_api::{Move, PluginError, PositionBox, RVec};

/// Counts the leaf nodes `depth` plies below `position` (1 at depth 0).
pub fn perft(position: &mut PositionBox, depth: u32) -> Result<u64, PluginError> {
    let mut buffers: Vec<RVec<Move>> = (0..depth.max(1)).map(|_| RVec::with_capacity(256)).collect();
    count(position, depth, &mut buffers)
}

/// The perft count below each legal move, in move-list order.
pub fn divide(position: &mut PositionBox, depth: u32) -> Result<Vec<(Move, u64)>, PluginError> {
    let mut root = RVec::new();
    position.legal_moves(&mut root).into_result()?;
    let mut buffers: Vec<RVec<Move>> = (0..depth.max(1)).map(|_| RVec::with_capacity(256)).collect();
    let mut out = Vec::with_capacity(root.len());
    for &m in root.iter() {
        position.make_move(m).into_result()?;
        let n = count(position, depth.saturating_sub(1), &mut buffers);
        position.unmake_move().into_result()?;
        out.push((m, n?));
    }
    Ok(out)
}

fn count(position: &mut PositionBox, depth: u32, buffers: &mut [RVec<Move>]) -> Result<u64, PluginError> {
    if depth == 0 {
        return Ok(1);
    }
    if depth == 1 {
        return position.count_legal_moves().into_result();
    }
    let (moves, deeper) = buffers.split_first_mut().ok_or_else(|| PluginError::internal("perft ran out of buffers"))?;
    position.legal_moves(moves).into_result()?;
    let mut total = 0;
    for i in 0..moves.len() {
        position.make_move(moves[i]).into_result()?;
        let n = count(position, depth - 1, deeper);
        position.unmake_move().into_result()?;
        total += n?;
    }
    Ok(total)
}
