//! Moves in the plugin's encoding on a cozy-chess board: the move-kind
//! tags, every legal move written at once, and a move decoded back into
//! cozy-chess terms.

use cozy_chess::{Board, File, Piece, Rank, Square};
use rules_api::{Move, RVec};

/// Move-kind codes stored in [`Move::tag`]. They are derived from the
/// position, so the same move always carries the same tag. `make_move`
/// recomputes the kind and does not trust the tag it is given.
pub mod tag {
    /// A quiet move of any piece (not a double pawn push).
    pub const QUIET: u16 = 0;
    /// A capture (not en passant, not a promotion).
    pub const CAPTURE: u16 = 1;
    /// A pawn's two-square advance.
    pub const DOUBLE_PUSH: u16 = 2;
    /// An en passant capture.
    pub const EN_PASSANT: u16 = 3;
    /// Castling on the king's side (`O-O`).
    pub const CASTLE_SHORT: u16 = 4;
    /// Castling on the queen's side (`O-O-O`).
    pub const CASTLE_LONG: u16 = 5;
    /// A non-capturing promotion.
    pub const PROMOTION: u16 = 6;
    /// A capturing promotion.
    pub const PROMOTION_CAPTURE: u16 = 7;
}

/// Ranks 1 and 8, where a pawn move is a promotion.
const PROMOTION_RANKS: u64 = 0xFF00_0000_0000_00FF;

/// More than the most legal moves any chess position has (218).
const MAX_MOVES: usize = 256;

/// What a move of the plugin's encoding means on a cozy board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decoded {
    pub cozy: cozy_chess::Move,
    pub piece: Piece,
    pub victim: Option<Piece>,
    pub kind: u16,
}

/// Appends every legal move (in the plugin's encoding) to `out`,
/// ignoring the draw rules. Used by `legal_moves` and by notation.
///
/// Moves are written straight into reserved capacity, one piece at a
/// time with a register-held count: no position has more than 218 legal
/// moves, and each piece's batch is bound-checked before it is written,
/// so nothing is ever written past the reservation.
pub(crate) fn generate(board: &Board, out: &mut RVec<Move>) {
    let start = out.len();
    out.reserve(MAX_MOVES);
    let limit = start + MAX_MOVES;
    let base = out.as_mut_ptr();
    let mut count = start;

    let stm = board.side_to_move();
    let theirs = board.colors(!stm);
    let ours = board.colors(stm);
    // Square index of a possible en passant capture, or 64 (none).
    let ep_index = board.en_passant().map_or(64, |f| Square::new(f, Rank::Sixth.relative_to(stm)) as u16);
    board.generate_moves(|pm| {
        if count + pm.len() > limit {
            debug_assert!(false, "more than {MAX_MOVES} legal moves");
            return false;
        }
        let mut n = count;
        let mut put = |m: Move| {
            // SAFETY: n < count + pm.len() <= limit <= capacity (checked
            // above; each PieceMoves yields exactly pm.len() moves).
            unsafe { base.add(n).write(m) };
            n += 1;
        };
        let from = pm.from as u16;
        let theirs_bits = theirs.0;
        match pm.piece {
            Piece::Pawn => {
                let mut quiet = pm.to.0 & !PROMOTION_RANKS;
                while quiet != 0 {
                    let to = quiet.trailing_zeros() as u16;
                    quiet &= quiet - 1;
                    let kind = if theirs_bits & (1 << to) != 0 {
                        tag::CAPTURE
                    } else if to == ep_index {
                        tag::EN_PASSANT
                    } else if to.abs_diff(from) == 16 {
                        tag::DOUBLE_PUSH
                    } else {
                        tag::QUIET
                    };
                    put(Move { from, to, extra: 0, tag: kind });
                }
                let mut promos = pm.to.0 & PROMOTION_RANKS;
                while promos != 0 {
                    let to = promos.trailing_zeros() as u16;
                    promos &= promos - 1;
                    let kind = if theirs_bits & (1 << to) != 0 { tag::PROMOTION_CAPTURE } else { tag::PROMOTION };
                    // Knight, bishop, rook, queen: extra = piece index + 1.
                    for extra in 2..=5 {
                        put(Move { from, to, extra, tag: kind });
                    }
                }
            }
            Piece::King => {
                for to in pm.to {
                    let m = if ours.has(to) {
                        // cozy-chess castling: king takes own rook.
                        if to.file() > pm.from.file() {
                            Move { from, to: Square::new(File::G, to.rank()) as u16, extra: 0, tag: tag::CASTLE_SHORT }
                        } else {
                            Move { from, to: Square::new(File::C, to.rank()) as u16, extra: 0, tag: tag::CASTLE_LONG }
                        }
                    } else {
                        let kind = if theirs.has(to) { tag::CAPTURE } else { tag::QUIET };
                        Move { from, to: to as u16, extra: 0, tag: kind }
                    };
                    put(m);
                }
            }
            _ => {
                let mut captures = pm.to.0 & theirs_bits;
                while captures != 0 {
                    let to = captures.trailing_zeros() as u16;
                    captures &= captures - 1;
                    put(Move { from, to, extra: 0, tag: tag::CAPTURE });
                }
                let mut quiet = pm.to.0 & !theirs_bits;
                while quiet != 0 {
                    let to = quiet.trailing_zeros() as u16;
                    quiet &= quiet - 1;
                    put(Move { from, to, extra: 0, tag: tag::QUIET });
                }
            }
        }
        count = n;
        false
    });
    // SAFETY: elements start..count were initialised above.
    unsafe { out.set_len(count) };
}

/// Translates a plugin move into cozy-chess terms on `board`, if legal.
pub(crate) fn decode_on(board: &Board, m: Move) -> Option<Decoded> {
    if m.from >= 64 || m.to >= 64 {
        return None;
    }
    let from = Square::index(m.from as usize);
    let mut to = Square::index(m.to as usize);
    let stm = board.side_to_move();
    if !board.colors(stm).has(from) {
        return None;
    }
    let piece = board.piece_on(from)?;
    let promotion = match m.extra {
        0 => None,
        2..=5 => Some(Piece::index(m.extra as usize - 1)),
        _ => return None,
    };
    let mut kind;
    // (only an occupied square is looked up: a quiet move's empty target
    // would make `piece_on` test all six piece sets)
    let mut victim = if board.colors(!stm).has(to) { board.piece_on(to) } else { None };
    match piece {
        Piece::King if from.rank() == to.rank() && (from.file() as i32 - to.file() as i32).abs() == 2 => {
            // The king's two-square move is castling: cozy encodes it as
            // king takes own rook.
            let short = to.file() > from.file();
            to = Square::new(if short { File::H } else { File::A }, from.rank());
            kind = if short { tag::CASTLE_SHORT } else { tag::CASTLE_LONG };
            victim = None;
            if !board.colors(stm).has(to) {
                return None;
            }
        }
        Piece::King if board.colors(stm).has(to) => return None, // king-takes-rook is not our encoding
        _ => {
            kind = if victim.is_some() { tag::CAPTURE } else { tag::QUIET };
        }
    }
    if piece == Piece::Pawn {
        let ep_square = board.en_passant().map(|f| Square::new(f, Rank::Sixth.relative_to(stm)));
        if promotion.is_some() {
            kind = if victim.is_some() { tag::PROMOTION_CAPTURE } else { tag::PROMOTION };
        } else if victim.is_none() && Some(to) == ep_square && from.file() != to.file() {
            kind = tag::EN_PASSANT;
            victim = Some(Piece::Pawn);
        } else if (m.to as i32 - m.from as i32).abs() == 16 {
            kind = tag::DOUBLE_PUSH;
        }
    }
    let cozy = cozy_chess::Move { from, to, promotion };
    if !board.is_legal(cozy) {
        return None;
    }
    Some(Decoded { cozy, piece, victim, kind })
}
