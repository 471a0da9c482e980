//! Static evaluation: material plus tapered midgame/endgame piece-square
//! tables and a bishop-pair bonus.
//!
//! The scores are kept incrementally (from White's point of view) in every
//! stack entry of [`crate::ChessPosition`]: a move changes at most four
//! piece-square terms, so `make_move` updates them with a handful of table
//! look-ups and `evaluate` only blends the two phases.

use cozy_chess::{Board, Color, Piece, Square};

/// Game-phase weight of each piece type (pawn .. king); 24 at the start.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the full starting material.
pub const PHASE_MAX: i32 = 24;

/// Midgame material (pawn .. king).
const MG_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
/// Endgame material (pawn .. king): pawns and rooks gain, minors lose a bit.
const EG_VALUE: [i32; 6] = [120, 300, 320, 540, 950, 0];

/// Bishop pair bonus, midgame and endgame.
const BISHOP_PAIR: (i32, i32) = (25, 45);

/// A small bonus for having the move, so that evaluations of successive
/// plies do not oscillate as much.
const TEMPO: i32 = 10;

// Tables are written as White sees the board: the first row is rank 8, the
// last row rank 1, files a..h left to right. Values are this plugin's own.

#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     60,  70,  70,  80,  80,  70,  70,  60,
     20,  25,  30,  40,  40,  30,  25,  20,
      5,  10,  15,  30,  30,  15,  10,   5,
      0,   5,  10,  25,  25,  10,   5,   0,
      5,   0,   5,  10,  10,   0,   0,   5,
      5,  10,  10, -20, -20,  10,  10,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
    110, 110, 100,  90,  90, 100, 110, 110,
     60,  60,  50,  45,  45,  50,  60,  60,
     30,  30,  25,  20,  20,  25,  30,  30,
     15,  15,  10,  10,  10,  10,  15,  15,
      5,   5,   5,   5,   5,   5,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -60, -40, -30, -30, -30, -30, -40, -60,
    -40, -20,   0,   5,   5,   0, -20, -40,
    -30,   5,  15,  20,  20,  15,   5, -30,
    -30,   5,  20,  25,  25,  20,   5, -30,
    -30,   0,  15,  25,  25,  15,   0, -30,
    -30,   5,  15,  15,  15,  15,   5, -30,
    -40, -20,   0,   5,   5,   0, -20, -40,
    -60, -35, -30, -30, -30, -30, -35, -60,
];

#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -35, -15,  -5,   0,   0,  -5, -15, -35,
    -25,  -5,  10,  15,  15,  10,  -5, -25,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -25,  -5,  10,  15,  15,  10,  -5, -25,
    -35, -15,  -5,   0,   0,  -5, -15, -35,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,  10,  10,   5,   0, -10,
    -10,   5,   5,  10,  10,   5,   5, -10,
    -10,   0,  10,  10,  10,  10,   0, -10,
    -10,  10,  10,  10,  10,  10,  10, -10,
    -10,  12,   0,   0,   0,   0,  12, -10,
    -20, -10, -15, -10, -10, -15, -10, -20,
];

#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
    -10,  -3,   0,   2,   2,   0,  -3, -10,
     -8,   0,   5,   8,   8,   5,   0,  -8,
     -5,   2,   8,  12,  12,   8,   2,  -5,
     -5,   2,   8,  12,  12,   8,   2,  -5,
     -8,   0,   5,   8,   8,   5,   0,  -8,
    -10,  -3,   0,   2,   2,   0,  -3, -10,
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
];

#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
      5,   5,   5,   5,   5,   5,   5,   5,
     15,  20,  20,  20,  20,  20,  20,  15,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
    -10,  -5,   0,   0,   0,   0,  -5, -10,
     -5,   0,   5,  10,  10,   5,   0,  -5,
];

#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     10,  10,  10,  10,  10,  10,  10,  10,
     15,  15,  15,  15,  15,  15,  15,  15,
      5,   5,   5,   5,   5,   5,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
     -5,  -5,  -5,  -5,  -5,  -5,  -5,  -5,
     -5,  -5,   0,   0,   0,   0,  -5,  -5,
];

#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   5,   5,   5,   0,  -5,
     -5,   0,   5,   5,   5,   5,   0,  -5,
    -10,   5,   5,   5,   5,   5,   0, -10,
    -10,   0,   5,   0,   0,   0,   0, -10,
    -20, -10, -10,  -5,  -5, -10, -10, -20,
];

#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -25, -15, -10,  -5,  -5, -10, -15, -25,
    -15,  -5,   0,   5,   5,   0,  -5, -15,
    -10,   0,  10,  15,  15,  10,   0, -10,
     -5,   5,  15,  20,  20,  15,   5,  -5,
     -5,   5,  15,  20,  20,  15,   5,  -5,
    -10,   0,  10,  15,  15,  10,   0, -10,
    -15,  -5,   0,   5,   5,   0,  -5, -15,
    -25, -15, -10,  -5,  -5, -10, -15, -25,
];

#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -40, -50, -50, -60, -60, -50, -50, -40,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -40, -50, -50, -60, -60, -50, -50, -40,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -20, -30, -30, -40, -40, -30, -30, -20,
     10,  10,  -5, -20, -20,  -5,  10,  10,
     20,  30,  10,  -5,   0,  10,  30,  20,
];

#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -25,  -5,  15,  20,  20,  15,  -5, -25,
    -20,   0,  20,  30,  30,  20,   0, -20,
    -20,   0,  20,  30,  30,  20,   0, -20,
    -25,  -5,  15,  20,  20,  15,  -5, -25,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -50, -35, -25, -20, -20, -25, -35, -50,
];

const MG_TABLES: [&[i32; 64]; 6] = [&PAWN_MG, &KNIGHT_MG, &BISHOP_MG, &ROOK_MG, &QUEEN_MG, &KING_MG];
const EG_TABLES: [&[i32; 64]; 6] = [&PAWN_EG, &KNIGHT_EG, &BISHOP_EG, &ROOK_EG, &QUEEN_EG, &KING_EG];

/// Material plus piece-square value of one piece, midgame and endgame, signed
/// from White's point of view (positive for White's pieces).
/// Built at compile time: `[color][piece][square]` -> (mg, eg).
static PSQ: [[[(i32, i32); 64]; 6]; 2] = build_psq();

const fn build_psq() -> [[[(i32, i32); 64]; 6]; 2] {
    let mut out = [[[(0, 0); 64]; 6]; 2];
    let mut piece = 0;
    while piece < 6 {
        let mut sq = 0;
        while sq < 64 {
            let file = sq % 8;
            let rank = sq / 8;
            // White: rank r sits on table row 7 - r. Black mirrors the ranks.
            let white_index = (7 - rank) * 8 + file;
            let black_index = rank * 8 + file;
            out[0][piece][sq] =
                (MG_VALUE[piece] + MG_TABLES[piece][white_index], EG_VALUE[piece] + EG_TABLES[piece][white_index]);
            out[1][piece][sq] = (
                -(MG_VALUE[piece] + MG_TABLES[piece][black_index]),
                -(EG_VALUE[piece] + EG_TABLES[piece][black_index]),
            );
            sq += 1;
        }
        piece += 1;
    }
    out
}

/// Midgame/endgame value of `piece` of `color` on `sq`, White-positive.
#[inline(always)]
pub fn psq(color: Color, piece: Piece, sq: Square) -> (i32, i32) {
    PSQ[color as usize][piece as usize][sq as usize]
}

/// The midgame-table value of a piece on a square from its own side's view
/// (material excluded), used as a tiny ordering hint for quiet moves.
#[inline(always)]
pub fn placement_mg(color: Color, piece: Piece, sq: Square) -> i32 {
    let (mg, _) = psq(color, piece, sq);
    let own = if color == Color::White { mg } else { -mg };
    own - MG_VALUE[piece as usize]
}

/// The incrementally kept part of the evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalState {
    /// Midgame score, White-positive.
    pub mg: i32,
    /// Endgame score, White-positive.
    pub eg: i32,
    /// Sum of `PHASE_WEIGHT` over the pieces on the board (may exceed
    /// `PHASE_MAX` after promotions; clamped when blended).
    pub phase: i32,
}

impl EvalState {
    /// Computes the state from scratch.
    pub fn from_board(board: &Board) -> Self {
        let mut s = EvalState::default();
        for color in Color::ALL {
            for piece in Piece::ALL {
                for sq in board.colored_pieces(color, piece) {
                    s.add(color, piece, sq);
                }
            }
        }
        s
    }

    /// Puts a piece on a square.
    #[inline(always)]
    pub fn add(&mut self, color: Color, piece: Piece, sq: Square) {
        let (mg, eg) = psq(color, piece, sq);
        self.mg += mg;
        self.eg += eg;
        self.phase += PHASE_WEIGHT[piece as usize];
    }

    /// Takes a piece off a square.
    #[inline(always)]
    pub fn remove(&mut self, color: Color, piece: Piece, sq: Square) {
        let (mg, eg) = psq(color, piece, sq);
        self.mg -= mg;
        self.eg -= eg;
        self.phase -= PHASE_WEIGHT[piece as usize];
    }

    /// Moves a piece (no phase change).
    #[inline(always)]
    pub fn shift(&mut self, color: Color, piece: Piece, from: Square, to: Square) {
        let (mg0, eg0) = psq(color, piece, from);
        let (mg1, eg1) = psq(color, piece, to);
        self.mg += mg1 - mg0;
        self.eg += eg1 - eg0;
    }

    /// The blended score from the side to move's point of view, clamped to
    /// `±MAX_EVAL`.
    pub fn score(&self, board: &Board) -> i32 {
        let mut mg = self.mg;
        let mut eg = self.eg;
        let bishops = board.pieces(Piece::Bishop);
        if (bishops & board.colors(Color::White)).len() >= 2 {
            mg += BISHOP_PAIR.0;
            eg += BISHOP_PAIR.1;
        }
        if (bishops & board.colors(Color::Black)).len() >= 2 {
            mg -= BISHOP_PAIR.0;
            eg -= BISHOP_PAIR.1;
        }
        let phase = self.phase.clamp(0, PHASE_MAX);
        let white = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
        let own = if board.side_to_move() == Color::White { white } else { -white };
        (own + TEMPO).clamp(-rules_api::score::MAX_EVAL, rules_api::score::MAX_EVAL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_apart_from_tempo() {
        let board = Board::default();
        let s = EvalState::from_board(&board);
        assert_eq!(s.mg, 0);
        assert_eq!(s.eg, 0);
        assert_eq!(s.phase, PHASE_MAX);
        assert_eq!(s.score(&board), TEMPO);
    }

    #[test]
    fn tables_are_mirrored_between_colours() {
        for piece in Piece::ALL {
            for sq in Square::ALL {
                let (wm, we) = psq(Color::White, piece, sq);
                let (bm, be) = psq(Color::Black, piece, sq.flip_rank());
                assert_eq!((wm, we), (-bm, -be));
            }
        }
    }

    #[test]
    fn extra_queen_is_clearly_winning() {
        let board: Board = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
        let s = EvalState::from_board(&board);
        assert!(s.score(&board) > 800);
        let board: Board = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1".parse().unwrap();
        assert!(EvalState::from_board(&board).score(&board) < -800);
    }
}
