//! Positions a player cannot tell from the real one, for strategies that
//! must not see through the fog.
//!
//! Exact uniform sampling over everything consistent with a player's whole
//! history of views is intractable, so a sample keeps what the player
//! knows now (their pieces, every square they see, their castling rights,
//! the move number, which enemy pieces are out of sight) and scatters the
//! unseen enemy pieces uniformly over the fog, under the constraints that
//! keep the view unchanged: a fogged square straight ahead of one of the
//! player's pawns must hold an enemy piece (an empty one would be a pawn
//! move, so in sight), a fogged square a pawn attacks must stay empty, and
//! no pawn stands on the first or last rank. Every candidate is checked by
//! computing the player's view of it, and redrawn if it differs. What the
//! player saw on earlier moves (where a piece was last seen) is not used,
//! nor are the enemy's castling rights (a sample has none) or the halfmove
//! clock (a sample starts it at 0).

use cozy_chess::{get_pawn_attacks, get_pawn_quiets, BitBoard, Color, Piece, Rank, Square};
use rules_api::PluginError;
use tabula_kit::rand::seq::SliceRandom;
use tabula_kit::rng::rng_from_seed;

use crate::board::DarkBoard;
use crate::position::DarkChessPosition;

/// Attempts before giving up (each costs one view computation).
const ATTEMPTS: usize = 400;

/// Fogged squares the enemy must hold, and fogged squares it must not.
fn constraints(base: &DarkBoard, viewer: Color, fog: BitBoard) -> (BitBoard, BitBoard) {
    let occupied = base.occupied();
    let mut forced = BitBoard::EMPTY;
    let mut forbidden = BitBoard::EMPTY;
    for pawn in base.of(viewer, Piece::Pawn) {
        forbidden |= get_pawn_attacks(pawn, viewer) & fog;
        // The squares the pawn could advance to with only the seen pieces.
        let ahead = get_pawn_quiets(pawn, viewer, occupied);
        let Some(step) = pawn.try_offset(0, if viewer == Color::White { 1 } else { -1 }) else { continue };
        if fog.has(step) {
            forced |= step.bitboard();
        } else if ahead.has(step) {
            if let Some(two) = step.try_offset(0, if viewer == Color::White { 1 } else { -1 }) {
                let start = Rank::Second.relative_to(viewer);
                if pawn.rank() == start && fog.has(two) {
                    forced |= two.bitboard();
                }
            }
        }
    }
    (forced, forbidden & !forced)
}

/// Fills the fog of `base` with the `unseen` enemy pieces, drawn from
/// `seed`, until `accept` takes the position (the viewer sees it as they
/// saw the original).
pub fn fill_fog(
    base: &DarkBoard,
    viewer: Color,
    fog: BitBoard,
    unseen: [u8; 6],
    seed: u64,
    accept: impl Fn(&DarkChessPosition) -> bool,
) -> Result<DarkChessPosition, PluginError> {
    let mut rng = rng_from_seed(seed);
    let enemy = !viewer;
    let (forced, forbidden) = constraints(base, viewer, fog);
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    let mut pool: Vec<Piece> = Vec::with_capacity(16);
    for p in Piece::ALL {
        pool.extend(std::iter::repeat(p).take(unseen[p as usize] as usize));
    }
    let free: Vec<Square> = (fog & !forbidden & !forced).into_iter().collect();
    let must: Vec<Square> = forced.into_iter().collect();
    let mut squares = free.clone();
    for _ in 0..ATTEMPTS {
        if pool.len() < must.len() {
            break;
        }
        pool.shuffle(&mut rng);
        squares.clone_from(&free);
        squares.shuffle(&mut rng);
        let mut board = *base;
        board.castling &= if viewer == Color::White { 3 } else { 12 };
        board.halfmove = 0;
        let mut placed = true;
        let mut rest = squares.iter();
        for (i, &piece) in pool.iter().enumerate() {
            let square = if i < must.len() {
                Some(must[i])
            } else {
                rest.by_ref().find(|s| piece != Piece::Pawn || !back_ranks.has(**s)).copied()
            };
            match square {
                Some(sq) if !(piece == Piece::Pawn && back_ranks.has(sq)) => board.put(sq, enemy, piece),
                _ => {
                    placed = false;
                    break;
                }
            }
        }
        if !placed {
            continue;
        }
        if board.ep.is_some_and(|ep| board.side != viewer || !fog_free_ep(&board, ep)) {
            board.ep = None;
        }
        let candidate = DarkChessPosition::from_board(board);
        if candidate.status().is_ongoing() && accept(&candidate) {
            return Ok(candidate);
        }
    }
    Err(PluginError::unsupported(format!(
        "dark chess: no position matching this view was found in {ATTEMPTS} draws (seed {seed})"
    )))
}

/// Whether the en passant square still has its pawn beside it.
fn fog_free_ep(board: &DarkBoard, ep: Square) -> bool {
    let side = board.side;
    let pawn = Square::new(ep.file(), Rank::Fifth.relative_to(side));
    board.of(!side, Piece::Pawn).has(pawn)
}
