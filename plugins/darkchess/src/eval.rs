//! A plain evaluation (material and a little centralisation, from the side
//! to move's view) and move-ordering hints (king captures first, then
//! captures by most valuable victim and least valuable attacker).

use cozy_chess::{BitBoard, Color, Piece, Square};
use rules_api::{Move, MoveFlags, MoveInfo};

use crate::board::{DarkBoard, Kind};

/// Piece values in cozy order (pawn .. king); the king's is its capture.
const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// The four centre squares and the ring around them.
const CENTRE: BitBoard = BitBoard(0x0000_0018_1800_0000);
const RING: BitBoard = BitBoard(0x0000_3C24_243C_0000);

fn side_score(board: &DarkBoard, color: Color) -> i32 {
    let ours = board.colors[color as usize];
    let material: i32 = Piece::ALL[..5].iter().map(|&p| VALUES[p as usize] * board.of(color, p).len() as i32).sum();
    let minors = ours & !board.pieces[Piece::Pawn as usize] & !board.pieces[Piece::King as usize];
    let central = 12 * (ours & CENTRE).len() as i32 + 5 * (minors & RING).len() as i32;
    material + central
}

/// The evaluation from the side to move's view.
pub fn evaluate(board: &DarkBoard) -> i32 {
    let side = board.side;
    (side_score(board, side) - side_score(board, !side)).clamp(-20_000, 20_000)
}

/// Ordering hint and flags of a legal move.
pub fn move_info(board: &DarkBoard, m: Move) -> MoveInfo {
    let (Some(from), Some(to)) = (square(m.from), square(m.to)) else {
        return MoveInfo::default();
    };
    let Some(found) = board.find(from, to, m.extra.checked_sub(1).and_then(|k| Piece::ALL.get(k as usize).copied()))
    else {
        return MoveInfo::default();
    };
    let attacker = board.piece_on(from).map_or(0, |(_, p)| VALUES[p as usize]);
    let mut flags = MoveFlags::NONE;
    let mut hint = 0;
    if found.kind.is_capture() {
        let victim =
            if found.kind == Kind::EnPassant { 100 } else { board.piece_on(to).map_or(0, |(_, p)| VALUES[p as usize]) };
        hint = victim * 10 - attacker / 10;
        flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE;
    }
    if found.promotion.is_some() {
        hint += 8_000;
        flags |= MoveFlags::PROMOTION | MoveFlags::TACTICAL;
    }
    if board.piece_on(from).is_some_and(|(_, p)| p == Piece::Pawn) {
        flags |= MoveFlags::IRREVERSIBLE;
    }
    MoveInfo { hint, flags }
}

fn square(cell: u16) -> Option<Square> {
    (cell < 64).then(|| Square::index(cell as usize))
}
