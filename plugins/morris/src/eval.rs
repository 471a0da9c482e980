//! Evaluation and move ordering: men left, mills, lines of two waiting for
//! a third man, and, once the men move, how freely they do.

use rules_api::{Move, MoveFlags, MoveInfo, RVec, CELL_NONE};

use crate::layout::{bit, ALL, MILLS_OF, MILL_MASKS, NEIGHBOURS};
use crate::movegen;
use crate::position::Morris;

/// A man on the board or in hand.
const MAN: i32 = 100;
/// A closed mill (it can be opened and closed again).
const MILL: i32 = 12;
/// Two men on a line whose third point is free.
const TWO: i32 = 18;
/// Each free step of a man, while men move one step at a time.
const STEP: i32 = 5;
/// A man that cannot move, while men move one step at a time.
const STUCK: i32 = 8;

/// Static evaluation from the mover's view.
pub fn evaluate(p: &Morris) -> i32 {
    let score = side_value(p, p.side) - side_value(p, p.side ^ 1);
    score.clamp(-rules_api::score::MAX_EVAL, rules_api::score::MAX_EVAL)
}

fn side_value(p: &Morris, player: u8) -> i32 {
    let mine = p.men_of(player);
    let empty = ALL & !p.occupied();
    let mut value = MAN * p.men_left(player) as i32;
    for &line in &MILL_MASKS {
        let held = (mine & line).count_ones();
        if held == 3 {
            value += MILL;
        } else if held == 2 && empty & line != 0 {
            value += TWO;
        }
    }
    let steps_one_at_a_time = p.in_hand(player) == 0 && mine.count_ones() > 3;
    if steps_one_at_a_time {
        let mut men = mine;
        while men != 0 {
            let point = men.trailing_zeros() as usize;
            let free = (NEIGHBOURS[point] & empty).count_ones() as i32;
            value += if free == 0 { -STUCK } else { STEP * free };
            men &= men - 1;
        }
    }
    value
}

/// The free points that would complete a line of two of `men`.
fn completions(men: u32, empty: u32) -> u32 {
    MILL_MASKS
        .iter()
        .filter(|&&line| (men & line).count_ones() == 2 && empty & line != 0)
        .fold(0, |acc, &line| acc | (line & empty))
}

/// Mill-closing moves first (removing the men that threaten mills or can
/// move), then moves onto the point an opponent's mill waits for, then
/// moves making lines of two; moving off a point that blocks the opponent
/// last. Placements and removals are irreversible.
pub fn move_infos(p: &Morris, moves: &[Move], out: &mut RVec<MoveInfo>) {
    let (me, them) = (p.side, p.side ^ 1);
    let empty = ALL & !p.occupied();
    let mine = p.men_of(me);
    let theirs = p.men_of(them);
    let their_threats = completions(theirs, empty);
    let victims = movegen::removable(p);
    for &m in moves {
        let mut info = MoveInfo::default();
        let to = m.to as usize;
        if to >= crate::layout::POINTS {
            out.push(info);
            continue;
        }
        let (rest, empty_after) = if m.from == CELL_NONE {
            info.flags |= MoveFlags::IRREVERSIBLE;
            (mine, empty & !bit(to))
        } else {
            let from = m.from as usize;
            // Leaving a point that holds up a line of the opponent's.
            let unblocks = MILLS_OF[from].iter().any(|&line| (theirs & line).count_ones() == 2);
            if unblocks {
                info.hint -= 1_000;
            }
            (mine & !bit(from), (empty | bit(from)) & !bit(to))
        };
        if let Some(victim) = Morris::removed(m).filter(|&v| victims & bit(v) != 0) {
            info.flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE;
            info.hint += 10_000;
            let in_their_two = MILLS_OF[victim].iter().any(|&line| (theirs & line).count_ones() == 2);
            info.hint += if in_their_two { 60 } else { 0 } + 10 * (NEIGHBOURS[victim] & empty).count_ones() as i32;
        }
        if their_threats & bit(to) != 0 {
            info.hint += 2_000;
        }
        let made = completions(rest | bit(to), empty_after) & !completions(rest, empty_after);
        info.hint += 300 * made.count_ones() as i32;
        out.push(info);
    }
}
