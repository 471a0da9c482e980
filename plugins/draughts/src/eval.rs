//! The static evaluation and the move hints the generic searches use.
//!
//! The evaluation is material first (a man 100; a king 300 where kings
//! fly, 160 where they step), then small terms players know matter: men
//! advanced towards the crowning row (most near it), pieces in the centre,
//! and men kept on the back row, which stops the opponent's men from
//! being crowned while the opponent still has men to crown.

use rules_api::{Move, MoveFlags, MoveInfo, RVec};

use crate::board::{squares, Board, Layout};
use crate::colour::Colour;
use crate::movegen::Capture;
use crate::rule::Rule;

/// A man's worth.
pub const MAN: i32 = 100;

/// A king's worth in `rule`.
pub fn king_value(rule: Rule) -> i32 {
    if rule.flying_kings() {
        300
    } else {
        160
    }
}

/// The position from the view of `me`, the side to move, within
/// ±`score::MAX_EVAL`.
pub fn evaluate(rule: Rule, board: &Board, me: Colour) -> i32 {
    let score = side_score(rule, board, me) - side_score(rule, board, me.opponent());
    score.clamp(-rules_api::score::MAX_EVAL, rules_api::score::MAX_EVAL)
}

fn side_score(rule: Rule, board: &Board, colour: Colour) -> i32 {
    let layout = rule.layout();
    let men = board.men[colour.index()];
    let kings = board.kings[colour.index()];
    let mut score = MAN * men.count_ones() as i32 + king_value(rule) * kings.count_ones() as i32;
    let top = layout.size - 1;
    let opponent_has_men = board.men[colour.opponent().index()] != 0;
    for sq in squares(men) {
        let advance = layout.advance(colour, sq);
        score += 3 * advance as i32;
        if advance + 1 == top {
            score += 12;
        }
        if advance == 0 && opponent_has_men {
            score += 6;
        }
        score += centre(layout, sq);
    }
    for sq in squares(kings) {
        score += 2 * centre(layout, sq);
    }
    score
}

/// A few points for the middle of the board, where pieces have the most
/// squares to go to.
fn centre(layout: &Layout, sq: u8) -> i32 {
    let (row, file) = layout.row_file(sq);
    let inner = |x: u8| x >= 2 && x + 3 <= layout.size;
    if inner(row) && inner(file) {
        4
    } else {
        0
    }
}

/// One hint per move: captures first, the most pieces taken (kings
/// counting more) highest; then crownings; then men moves, furthest
/// advanced first; king moves last. `list` is the position's capture list.
pub fn move_infos(rule: Rule, board: &Board, me: Colour, list: &[Capture], moves: &[Move], out: &mut RVec<MoveInfo>) {
    let layout = rule.layout();
    let their_kings = board.kings[me.opponent().index()];
    for &m in moves {
        let capture = list.get(m.tag as usize).filter(|c| c.from as u16 == m.from && c.to as u16 == m.to);
        let info = match capture {
            Some(c) => {
                let mut flags = MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE;
                if c.promotes {
                    flags |= MoveFlags::PROMOTION;
                }
                let kings = (c.captured & their_kings).count_ones() as i32;
                MoveInfo { hint: 10_000 + 100 * c.count as i32 + 50 * kings + 300 * c.promotes as i32, flags }
            }
            None if m.from < layout.squares as u16 && board.men[me.index()] & (1u64 << m.from) != 0 => {
                let to = m.to.min(layout.squares as u16 - 1) as u8;
                if layout.crowning_row(me) & (1u64 << to) != 0 {
                    let flags = MoveFlags::PROMOTION | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE;
                    MoveInfo { hint: 5_000, flags }
                } else {
                    MoveInfo { hint: 100 + layout.advance(me, to) as i32, flags: MoveFlags::IRREVERSIBLE }
                }
            }
            None => MoveInfo { hint: 0, flags: MoveFlags::NONE },
        };
        out.push(info);
    }
}
