//! The two perfts the tests and the benchmark compare: cozy-chess's own
//! copy-make perft, and the same walk through the boundary object. Both
//! count leaves in bulk (depth 1 = length of the move list).

use rules_api::{Move, PositionBox, RVec};

/// Plain cozy-chess copy-make perft (`depth` ≥ 1).
pub fn native_perft(board: &cozy_chess::Board, depth: usize) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += native_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Perft through the boundary object with one caller-owned move buffer per
/// ply, so the walk allocates nothing once the buffers have grown.
pub fn boundary_perft(p: &mut PositionBox, depth: usize, buffers: &mut [RVec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    p.legal_moves(buf).unwrap();
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for i in 0..buf.len() {
        p.make_move(buf[i]).unwrap();
        nodes += boundary_perft(p, depth - 1, rest);
        p.unmake_move().unwrap();
    }
    nodes
}
