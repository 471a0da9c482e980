//! The two perfts the tests and the benchmark compare: cozy-chess's own
//! copy-make perft, and the same walk through the boundary object. Both
//! count leaves in bulk: the native one sums the sizes of cozy's
//! piece-move sets at depth 1, the boundary one asks `count_legal_moves`
//! at depth 1, exactly as the host's `tabula perft` does.

// The benchmark uses only the first two.
#![allow(dead_code)]

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

/// Perft through the boundary object (a `PositionBox` made in this program
/// or handed out by a loaded plugin library) with one caller-owned move
/// buffer per interior ply, so the walk allocates nothing once the buffers
/// have grown; the last ply is counted with `count_legal_moves`.
pub fn boundary_perft(p: &mut PositionBox, depth: usize, buffers: &mut [RVec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return p.count_legal_moves().unwrap();
    }
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    p.legal_moves(buf).unwrap();
    let mut nodes = 0;
    for i in 0..buf.len() {
        p.make_move(buf[i]).unwrap();
        nodes += boundary_perft(p, depth - 1, rest);
        p.unmake_move().unwrap();
    }
    nodes
}

/// Perft through the boundary object that writes out every move list,
/// the last ply included, and checks at every node that
/// `count_legal_moves` agrees with the list.
pub fn checked_perft(p: &mut PositionBox, depth: usize, buffers: &mut [RVec<Move>]) -> u64 {
    let (buf, rest) = buffers.split_first_mut().expect("one buffer per ply");
    p.legal_moves(buf).unwrap();
    assert_eq!(p.count_legal_moves().unwrap(), buf.len() as u64, "count_legal_moves in {}", p.to_text().unwrap());
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for i in 0..buf.len() {
        p.make_move(buf[i]).unwrap();
        nodes += checked_perft(p, depth - 1, rest);
        p.unmake_move().unwrap();
    }
    nodes
}
