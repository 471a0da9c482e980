//! The positional terms of the evaluation that depend on how pieces stand
//! together, so they are computed from the bitboards at each evaluation
//! rather than kept incrementally: pawn structure (passed, isolated and
//! doubled pawns), mobility, rooks on open files and king safety (the pawn
//! shield and the pieces bearing on the king's surroundings).
//!
//! Every term is a (midgame, endgame) pair, White-positive, blended by the
//! game phase with the material and piece-square part. The weights are
//! this plugin's own, chosen in the usual ranges of such evaluations and
//! kept because the match against the material-and-tables evaluation
//! says so (docs/BENCHMARKS-engines.md).

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, Color,
    Piece, Square,
};

/// Bonus of a passed pawn by its rank counted from its own side (0..7).
const PASSED: [(i32, i32); 8] = [(0, 0), (5, 10), (10, 15), (15, 25), (25, 45), (40, 70), (60, 110), (0, 0)];
const ISOLATED: (i32, i32) = (-12, -15);
/// For each pawn beyond the first on a file.
const DOUBLED: (i32, i32) = (-10, -20);
/// Per reachable square beyond a typical count, by piece (knight, bishop,
/// rook, queen): (typical count, midgame weight, endgame weight).
const MOBILITY: [(i32, i32, i32); 4] = [(4, 4, 4), (6, 5, 5), (7, 2, 4), (13, 1, 2)];
const ROOK_OPEN_FILE: (i32, i32) = (25, 10);
const ROOK_HALF_OPEN_FILE: (i32, i32) = (12, 5);
/// Per own pawn in front of the king (three files, two ranks), midgame.
const SHIELD_PAWN: i32 = 12;
/// Attack units of a piece bearing on the king's surroundings (knight,
/// bishop, rook, queen); the midgame penalty grows with their square.
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const MAX_KING_DANGER: i32 = 500;

/// The squares in front of `sq` from `color`'s side, on every file.
fn ranks_ahead(sq: Square, color: Color) -> BitBoard {
    let rank = sq.rank() as u32;
    BitBoard(match color {
        Color::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Color::Black => (1u64 << (8 * rank)) - 1,
        _ => 0,
    })
}

/// Adds `(mg, eg)` scaled by `k` to the running pair.
fn add(acc: &mut (i32, i32), term: (i32, i32), k: i32) {
    acc.0 += term.0 * k;
    acc.1 += term.1 * k;
}

/// Every positional term for one side, positive for that side.
fn side_terms(board: &Board, color: Color) -> (i32, i32) {
    let mut acc = (0, 0);
    let occupied = board.occupied();
    let own = board.colors(color);
    let pawns = board.colored_pieces(color, Piece::Pawn);
    let their_pawns = board.colored_pieces(!color, Piece::Pawn);
    let all_pawns = pawns | their_pawns;
    for sq in pawns {
        let file = sq.file();
        let neighbours = file.adjacent();
        if (pawns & neighbours).is_empty() {
            add(&mut acc, ISOLATED, 1);
        }
        let front = ranks_ahead(sq, color) & (file.bitboard() | neighbours);
        if (their_pawns & front).is_empty() && (pawns & front & file.bitboard()).is_empty() {
            add(&mut acc, PASSED[sq.rank().relative_to(color) as usize], 1);
        }
    }
    for file in cozy_chess::File::ALL {
        let n = (pawns & file.bitboard()).len() as i32;
        if n > 1 {
            add(&mut acc, DOUBLED, n - 1);
        }
    }
    let mut enemy_pawn_attacks = BitBoard::EMPTY;
    for sq in their_pawns {
        enemy_pawn_attacks |= get_pawn_attacks(sq, !color);
    }
    let safe = !own & !enemy_pawn_attacks;
    let their_king = board.king(!color);
    let king_zone = get_king_moves(their_king) | their_king.bitboard();
    let (mut units, mut attackers) = (0, 0);
    for (i, piece) in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen].into_iter().enumerate() {
        let (typical, mg, eg) = MOBILITY[i];
        for sq in board.colored_pieces(color, piece) {
            let reach = match piece {
                Piece::Knight => get_knight_moves(sq),
                Piece::Bishop => get_bishop_moves(sq, occupied),
                Piece::Rook => get_rook_moves(sq, occupied),
                _ => get_bishop_moves(sq, occupied) | get_rook_moves(sq, occupied),
            };
            let n = (reach & safe).len() as i32 - typical;
            add(&mut acc, (mg, eg), n);
            if !(reach & king_zone).is_empty() {
                units += ATTACK_UNITS[i];
                attackers += 1;
            }
            if piece == Piece::Rook {
                let file = sq.file().bitboard();
                if (all_pawns & file).is_empty() {
                    add(&mut acc, ROOK_OPEN_FILE, 1);
                } else if (pawns & file).is_empty() {
                    add(&mut acc, ROOK_HALF_OPEN_FILE, 1);
                }
            }
        }
    }
    if attackers >= 2 {
        // Bearing on the enemy king counts against the enemy: a bonus here.
        acc.0 += (units * units * 2).min(MAX_KING_DANGER);
    }
    let king = board.king(color);
    let shield_files = king.file().bitboard() | king.file().adjacent();
    let near =
        ranks_ahead(king, color) & get_king_moves(king).iter().fold(BitBoard::EMPTY, |b, s| b | get_king_moves(s));
    acc.0 += SHIELD_PAWN * (pawns & shield_files & near).len().min(3) as i32;
    acc
}

/// The positional terms of `board`, (midgame, endgame), White-positive.
pub fn terms(board: &Board) -> (i32, i32) {
    let (w, b) = (side_terms(board, Color::White), side_terms(board, Color::Black));
    (w.0 - b.0, w.1 - b.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms_of(fen: &str) -> (i32, i32) {
        terms(&fen.parse::<Board>().unwrap())
    }

    #[test]
    fn the_start_is_even_and_mirrors_cancel() {
        assert_eq!(terms(&Board::default()), (0, 0));
        let a = terms_of("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let b = terms_of("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(a, (-b.0, -b.1), "the same position with colours swapped");
    }

    #[test]
    fn pawn_structure_counts() {
        // White: a passed pawn on d6 (and g2 holding the h-pawns);
        // Black: doubled, isolated h-pawns, neither passed.
        let (mg, eg) = terms_of("4k3/7p/3P3p/8/8/8/6P1/4K3 w - - 0 1");
        assert!(eg > 80 && mg > 0, "({mg}, {eg})");
        // The same pawn blocked by an enemy pawn ahead on its file is not passed.
        let (_, blocked) = terms_of("4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1");
        assert!(blocked < eg);
    }

    #[test]
    fn rooks_like_open_files_and_kings_like_shelter() {
        let open = terms_of("4k3/pppp4/8/8/8/8/4PPPP/R3K3 w - - 0 1").0;
        let closed = terms_of("4k3/pppp4/8/8/8/8/P3PPPP/R3K3 w - - 0 1").0;
        assert!(open > closed, "{open} {closed}");
        let sheltered = terms_of("r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").0;
        let bare = terms_of("r5k1/5ppp/8/8/8/8/PPP5/R5K1 w - - 0 1").0;
        assert!(sheltered > bare, "{sheltered} {bare}");
    }
}
