//! Evaluation and move ordering for the generic searches.
//!
//! A piece is worth the fields it has come (a waiting piece nothing, one
//! on its start field 9, one in the goal a little more than the 40 fields
//! of the track, since it is safe), less a quarter of that while an
//! opponent's piece stands one to six fields behind it (one roll can send
//! it home). Each player's value is its worth minus the others' average,
//! so the values of all players sum to zero; a finished player has the
//! most a player can have.

use rules_api::{score, Move, MoveFlags, MoveInfo, RVec};

use crate::board::{track_cell, TRACK};
use crate::position::{rolled, Action, LudoPosition, MAX_PLAYERS};

/// Evaluation units per field.
const PER_FIELD: i32 = 4;
/// Worth of a piece out of the waiting fields, before it moves.
const OUT: i32 = 8;
/// Extra worth of a piece safe in the goal.
const SAFE: i32 = 8;

/// Whether an opponent's piece stands 1–6 track fields behind `field`.
fn threatened(p: &LudoPosition, player: u8, field: usize) -> bool {
    (1..=6).any(|back| {
        let owner = p.track[(field + TRACK - back) % TRACK];
        owner != 0 && owner != player + 1
    })
}

/// How much `player` has achieved, in fields.
fn worth(p: &LudoPosition, player: u8) -> i32 {
    let colour = p.config().colour(player);
    let mut total = 0;
    for steps in 0..TRACK {
        let field = track_cell(colour, steps);
        if p.track[field] == player + 1 {
            let value = OUT + steps as i32;
            total += if threatened(p, player, field) { value - value / 4 } else { value };
        }
    }
    for j in 0..4 {
        if p.goal[player as usize] & (1 << j) != 0 {
            total += OUT + TRACK as i32 + j + SAFE;
        }
    }
    total
}

/// Every player's value from its own view, in player order.
pub fn values(p: &LudoPosition) -> ([i32; MAX_PLAYERS], usize) {
    let n = p.config().players as usize;
    let mut w = [0i32; MAX_PLAYERS];
    for (player, v) in w.iter_mut().enumerate().take(n) {
        *v = worth(p, player as u8);
    }
    let total: i32 = w[..n].iter().sum();
    let mut out = [0i32; MAX_PLAYERS];
    for player in 0..n {
        let others = (total - w[player]) as f32 / (n - 1) as f32;
        let v = (PER_FIELD as f32 * (w[player] as f32 - others)).round() as i32;
        out[player] = v.clamp(-score::MAX_EVAL, score::MAX_EVAL);
    }
    (out, n)
}

/// The value of the player to move (or the die is rolled for).
pub fn evaluate(p: &LudoPosition) -> i32 {
    if p.is_over() {
        return 0;
    }
    values(p).0[p.side() as usize]
}

/// One value per player.
pub fn evaluate_all(p: &LudoPosition, out: &mut RVec<i32>) {
    let (v, n) = values(p);
    out.extend_from_slice(&v[..n]);
}

/// Captures first (the further the victim had come, the better), then
/// bringing a piece out, entering the goal, and the piece furthest on.
pub fn move_infos(p: &LudoPosition, moves: &[Move], out: &mut RVec<MoveInfo>) {
    for &m in moves {
        if rolled(m).is_some() {
            out.push(MoveInfo::default());
            continue;
        }
        let mut info = MoveInfo { hint: 0, flags: MoveFlags::NONE };
        match p.action_of(m) {
            Some(Action::Pass) => info.flags |= MoveFlags::PASS,
            None => {}
            Some(Action::BringOut) => info.hint = 500,
            Some(Action::Advance(s)) => {
                let to = m.to as usize;
                info.hint = s as i32;
                if to < TRACK && p.track[to] != 0 && p.track[to] != p.side() + 1 {
                    let victim = p.track[to] - 1;
                    info.flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
                    info.hint = 1_000 + p.progress_of(victim, to) as i32;
                } else if to >= TRACK && (m.from as usize) < TRACK {
                    info.hint = 400;
                }
            }
        }
        out.push(info);
    }
}
