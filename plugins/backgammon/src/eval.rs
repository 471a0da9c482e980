//! A static evaluation for the generic searches, and ordering hints.
//!
//! About 100 is one pawn-like unit; here roughly a third of a game's
//! equity. The terms, each from a player's own view, are the race (pips
//! still to travel), checkers on the bar, blots within reach of an
//! opposing checker behind them, points made (home board points count
//! most), the longest prime, and anchors in the opponent's home board.
//! Once no checker can meet an opposing one any more the race alone
//! counts, with the roll the player on turn is about to make.

use std::cell::RefCell;

use rules_api::{score, Move, MoveFlags, MoveInfo, RVec};

use crate::board::{Board, BAR, OFF};
use crate::play::{self, legal_plays, Effect, PlayKey, KEY_MASK};
use crate::position::BgPosition;
use crate::state::Phase;

/// Pips are worth this much each.
const PIP: i32 = 3;
/// A checker on the bar, beyond its 25 pips.
const ON_BAR: i32 = 20;
/// A blot an opposing checker can reach.
const BLOT: i32 = 12;
/// A point made (two or more checkers) in the home board, and outside it.
const HOME_POINT: i32 = 14;
const OUTER_POINT: i32 = 7;
/// An anchor in the opponent's home board.
const ANCHOR: i32 = 10;
/// The square of the longest prime, times this.
const PRIME: i32 = 3;
/// The average roll (8.17 pips), for the player on turn in a race.
const ON_ROLL: i32 = 8 * PIP;

/// Whether some checker of one player still has an opposing checker ahead
/// of it: the back checker of one is beyond the other's back checker.
fn contact(board: &Board) -> bool {
    let back = |side: usize| (1..=BAR).rev().find(|&i| board.count(side, i) > 0).unwrap_or(0);
    let (w, b) = (back(0), back(1));
    // White's farthest at its point w meets black's at black's point b
    // (white's 25 - b) while w > 25 - b.
    w + b > 25
}

/// The structure of `side`'s position, from its view.
fn structure(board: &Board, side: usize) -> i32 {
    let opp = 1 - side;
    let mut score = -ON_BAR * board.count(side, BAR) as i32;
    // The lowest of my points an opposing checker still stands on (or
    // enters from): blots above it can be hit.
    let lowest_enemy =
        if board.count(opp, BAR) > 0 { 0 } else { (1..=24).find(|&p| board.opponent_on(side, p) > 0).unwrap_or(25) };
    let (mut run, mut best_run) = (0, 0);
    for point in 1..=24 {
        let n = board.count(side, point);
        if n == 1 && point > lowest_enemy {
            score -= BLOT + if point <= 6 { 4 } else { 0 };
        }
        if n >= 2 {
            score += match point {
                1..=6 => HOME_POINT,
                7..=18 => OUTER_POINT,
                _ => ANCHOR,
            };
            run += 1;
            best_run = best_run.max(run);
        } else {
            run = 0;
        }
    }
    score + PRIME * best_run * best_run
}

/// The evaluation of `board` for `side`, `on_roll` when `side` is about to
/// roll in a race.
fn value(board: &Board, side: usize, on_roll: bool) -> i32 {
    let race = PIP * (board.pips(1 - side) as i32 - board.pips(side) as i32);
    if !contact(board) && board.count(0, BAR) + board.count(1, BAR) == 0 {
        return race + if on_roll { ON_ROLL } else { -ON_ROLL };
    }
    race + structure(board, side) - structure(board, 1 - side)
}

/// The evaluation from the view of the player to move.
pub fn evaluate(p: &BgPosition) -> i32 {
    let s = p.state();
    if s.phase == Phase::Over {
        return 0;
    }
    let side = p.to_move() as usize;
    let on_roll = s.turn as usize == side && s.phase != Phase::Opening;
    value(p.board(), side, on_roll).clamp(-score::MAX_EVAL, score::MAX_EVAL)
}

thread_local! {
    /// The plays of the position whose moves are being described, so
    /// ordering a node's moves allocates nothing once it has grown.
    static PLAYS: RefCell<RVec<Move>> = const { RefCell::new(RVec::new()) };
}

/// Hints: a play's hint is the evaluation after it for the mover; hits are
/// captures (and tactical), bearing off is irreversible.
pub fn move_infos(p: &BgPosition, moves: &[Move], out: &mut RVec<MoveInfo>) {
    let s = p.state();
    if s.phase != Phase::Play {
        out.extend(moves.iter().map(|_| MoveInfo::default()));
        return;
    }
    let side = s.turn as usize;
    PLAYS.with(|plays| {
        let mut plays = plays.borrow_mut();
        legal_plays(p.board(), side, s.dice[0], s.dice[1], &mut plays);
        for m in moves {
            let Some(key) = plays.get(m.tag as usize).map(|k| PlayKey(k.to_bits() & KEY_MASK)) else {
                out.push(MoveInfo::default());
                continue;
            };
            let mut after = *p.board();
            play::apply_key(&mut after, side, key);
            let e = Effect::from_key(key);
            let mut flags = MoveFlags::NONE;
            if !e.hits.as_slice().is_empty() {
                flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
            }
            if e.dests.as_slice().contains(&(OFF as u8)) {
                flags |= MoveFlags::IRREVERSIBLE;
            }
            out.push(MoveInfo { hint: value(&after, side, false), flags });
        }
    });
}
