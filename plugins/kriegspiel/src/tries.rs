//! The tries of the player to move: every move their own pieces could make
//! were the board empty of enemy pieces (ICC's "Hell no" moves, impossible
//! whatever the enemy has, are not tries). Sliders stop only at their own
//! pieces, pawns may try to advance onto any square not their own and to
//! capture on either forward diagonal, and castling needs only its own
//! pieces out of the way. Which of them the umpire accepts depends on what
//! the player cannot see.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, File, Piece,
    Rank, Square,
};
use rules_api::{Move, RVec};

/// Promotion pieces, as `Move::extra` (cozy index + 1), queen first.
const PROMOTIONS: [u16; 4] =
    [Piece::Queen as u16 + 1, Piece::Rook as u16 + 1, Piece::Bishop as u16 + 1, Piece::Knight as u16 + 1];

fn push(out: &mut impl FnMut(Move), from: Square, to: Square, promotes: bool, tried: &[Move]) {
    let mut add = |extra: u16| {
        let m = Move { from: from as u16, to: to as u16, extra, tag: 0 };
        if !tried.contains(&m) {
            out(m);
        }
    };
    if promotes {
        PROMOTIONS.iter().for_each(|&e| add(e));
    } else {
        add(0);
    }
}

/// Appends the tries of the side to move on `board`, less those in `tried`.
pub fn tries(board: &Board, tried: &[Move], out: &mut RVec<Move>) {
    for_each_try(board, tried, |m| out.push(m));
}

/// Whether `m` is a try of the side to move (without allocating: making a
/// move checks this).
pub fn is_try(board: &Board, tried: &[Move], m: Move) -> bool {
    let mut found = false;
    for_each_try(board, tried, |t| found |= t == m);
    found
}

/// Calls `out` with each try of the side to move, less those in `tried`.
pub fn for_each_try(board: &Board, tried: &[Move], mut out: impl FnMut(Move)) {
    let out = &mut out;
    let us = board.side_to_move();
    let ours = board.colors(us);
    let last = Rank::Eighth.relative_to(us);
    let forward: i8 = if us == cozy_chess::Color::White { 1 } else { -1 };
    for from in ours {
        let Some(piece) = board.piece_on(from) else { continue };
        let targets = match piece {
            Piece::Pawn => {
                let mut targets = get_pawn_attacks(from, us) & !ours;
                if let Some(one) = from.try_offset(0, forward).filter(|s| !ours.has(*s)) {
                    targets |= one.bitboard();
                    let start = from.rank() == Rank::Second.relative_to(us);
                    if let Some(two) = one.try_offset(0, forward).filter(|s| start && !ours.has(*s)) {
                        targets |= two.bitboard();
                    }
                }
                for to in targets {
                    push(out, from, to, to.rank() == last, tried);
                }
                continue;
            }
            Piece::Knight => get_knight_moves(from),
            Piece::Bishop => get_bishop_moves(from, ours),
            Piece::Rook => get_rook_moves(from, ours),
            Piece::Queen => get_bishop_moves(from, ours) | get_rook_moves(from, ours),
            Piece::King => get_king_moves(from),
        } & !ours;
        for to in targets {
            push(out, from, to, false, tried);
        }
        if piece == Piece::King {
            castling_tries(board, from, ours, tried, out);
        }
    }
}

fn castling_tries(board: &Board, king: Square, ours: BitBoard, tried: &[Move], out: &mut impl FnMut(Move)) {
    let us = board.side_to_move();
    let rights = board.castle_rights(us);
    let rank = Rank::First.relative_to(us);
    if king != Square::new(File::E, rank) {
        return;
    }
    let squares = |files: &[File]| files.iter().fold(BitBoard::EMPTY, |bb, &f| bb | Square::new(f, rank).bitboard());
    if rights.short == Some(File::H) && (squares(&[File::F, File::G]) & ours).is_empty() {
        push(out, king, Square::new(File::G, rank), false, tried);
    }
    if rights.long == Some(File::A) && (squares(&[File::B, File::C, File::D]) & ours).is_empty() {
        push(out, king, Square::new(File::C, rank), false, tried);
    }
}
