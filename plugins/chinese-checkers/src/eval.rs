//! Evaluation and move ordering for the generic searches.
//!
//! A marble's distance is how many rows it still has to climb to its
//! destination point (the corner's point is row 8 from the middle, the
//! point it started from row -8); a player's distance is the sum over its
//! ten marbles, 140 at the start and 20 with the corner filled. The race
//! is judged by distances: each player is worth the others' average
//! distance minus its own, so the values of all players sum to zero. A
//! marble left far behind costs extra, since the last marble home decides
//! the race.

use rules_api::{score, Move, MoveFlags, MoveInfo, RVec};

use crate::board::{progress, CELLS, STAR};
use crate::position::{CcPosition, MAX_PLAYERS};

/// Evaluation units per row of distance.
const PER_ROW: i32 = 10;

/// A player's remaining work: its distance plus a penalty for its
/// straggler (the marble furthest from home beyond the corner's far edge).
fn work(p: &CcPosition, player: u8) -> i32 {
    let target = p.config().target(player);
    let mut worst = i32::MIN;
    for cell in 0..CELLS {
        if p.owner(cell) == Some(player) {
            worst = worst.max(8 - progress(target, STAR.coords[cell]) as i32);
        }
    }
    p.distance(player) + (worst - 12).max(0)
}

/// Every player's value from its own view, in player order; they sum to
/// zero (up to rounding). Allocation-free.
pub fn values(p: &CcPosition) -> ([i32; MAX_PLAYERS], usize) {
    let n = p.config().players as usize;
    let mut work_of = [0i32; MAX_PLAYERS];
    for (player, w) in work_of.iter_mut().enumerate().take(n) {
        *w = work(p, player as u8);
    }
    let total: i32 = work_of[..n].iter().sum();
    let mut out = [0i32; MAX_PLAYERS];
    for player in 0..n {
        let others = (total - work_of[player]) as f32 / (n - 1) as f32;
        let v = (PER_ROW as f32 * (others - work_of[player] as f32)).round() as i32;
        out[player] = v.clamp(-score::MAX_EVAL, score::MAX_EVAL);
    }
    (out, n)
}

/// The mover's value.
pub fn evaluate(p: &CcPosition) -> i32 {
    if p.is_over() {
        return 0;
    }
    values(p).0[p.side() as usize]
}

/// One value per player.
pub fn evaluate_all(p: &CcPosition, out: &mut RVec<i32>) {
    let (v, n) = values(p);
    out.extend_from_slice(&v[..n]);
}

/// Moves that gain the most rows first; entering the destination corner
/// is worth a little more, a swap (which finishes a blocked corner) is
/// tactical. Moves that lose ground may be skipped below the root when
/// some move gains.
pub fn move_infos(p: &CcPosition, moves: &[Move], out: &mut RVec<MoveInfo>) {
    let target = p.config().target(p.side());
    let gain = |m: &Move| {
        if m.from as usize >= CELLS || m.to as usize >= CELLS {
            return 0;
        }
        progress(target, STAR.coords[m.to as usize]) as i32 - progress(target, STAR.coords[m.from as usize]) as i32
    };
    let any_gain = moves.iter().any(|m| gain(m) > 0);
    for m in moves {
        if *m == Move::PASS {
            out.push(MoveInfo { hint: 0, flags: MoveFlags::PASS });
            continue;
        }
        let g = gain(m);
        let mut info = MoveInfo { hint: 100 * g, flags: MoveFlags::NONE };
        let to = m.to as usize;
        if to < CELLS && STAR.corner[to] == target && STAR.corner[m.from as usize] != target {
            info.hint += 50;
        }
        if to < CELLS && p.owner(to).is_some() {
            info.flags |= MoveFlags::TACTICAL;
            info.hint += 1_000;
        }
        if g < 0 && any_gain {
            info.flags |= MoveFlags::PRUNABLE;
        }
        out.push(info);
    }
}
