//! Facts of a cozy-chess board that the rest of the plugin shares: the
//! player index of a colour, whether en passant is really possible, the
//! normalised Zobrist key, insufficient material, and cozy-chess's own
//! perft.

use std::sync::LazyLock;

use cozy_chess::{get_pawn_attacks, BitBoard, Board, Color, File, Piece, Rank, Square};

/// Player index of a colour.
#[inline(always)]
pub(crate) fn player(c: Color) -> u8 {
    c as u8
}

/// The en passant file, if an en passant capture is actually legal (FIDE:
/// only then does the en passant square distinguish positions).
pub(crate) fn ep_capturable(board: &Board) -> Option<File> {
    let file = board.en_passant()?;
    let stm = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(stm));
    let candidates = get_pawn_attacks(target, !stm) & board.colored_pieces(stm, Piece::Pawn);
    for from in candidates {
        if board.is_legal(cozy_chess::Move { from, to: target, promotion: None }) {
            return Some(file);
        }
    }
    None
}

/// Zobrist keys for the (normalised) en passant file. cozy-chess's own hash
/// includes an en passant file after every double push, capturable or not,
/// so the plugin hashes `hash_without_ep()` and adds these keys itself.
static EP_KEYS: LazyLock<[u64; 8]> = LazyLock::new(|| {
    let keys = tabula_kit::rng::zobrist_keys(0x7461_6275_6c61_6570, 8); // "tabulaep"
    keys.try_into().expect("eight keys")
});

/// The normalised position key: cozy's Zobrist hash without its en passant
/// term, plus our en passant key when a capture is legal.
pub(crate) fn position_key(board: &Board, ep: Option<File>) -> u64 {
    let mut key = board.hash_without_ep();
    if let Some(f) = ep {
        key ^= EP_KEYS[f as usize];
    }
    key
}

/// cozy-chess's own copy-make perft (`depth` ≥ 1, the last ply counted in
/// bulk from its piece-move sets): the native reference the plugin's counts
/// through the boundary are tested and benchmarked against.
pub fn native_perft(board: &Board, depth: usize) -> u64 {
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

/// Whether neither side can ever mate: K v K, K + minor v K, and kings with
/// bishops that all stand on squares of one colour.
pub fn insufficient_material(board: &Board) -> bool {
    if !(board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen)).is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if (knights | bishops).len() <= 1 {
        return true;
    }
    knights.is_empty() && (bishops.is_subset(BitBoard::LIGHT_SQUARES) || bishops.is_subset(BitBoard::DARK_SQUARES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ep_keys_are_distinct() {
        let mut keys = EP_KEYS.to_vec();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 8);
        assert!(!keys.contains(&0));
    }
}
