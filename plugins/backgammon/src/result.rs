//! How a game ends and what it is worth: the winner bears off all fifteen
//! checkers and wins the cube's value once (a single game), twice if the
//! loser has borne none off (a gammon) and three times if the loser also
//! still has a checker on the bar or in the winner's home board (a
//! backgammon); a dropped double loses the cube's value before the double.
//! With the Jacoby rule, a gammon or backgammon with the cube never turned
//! counts once.

use rules_api::{Outcome, RVec, Status};

use crate::position::BgPosition;
use crate::state::Phase;

/// Why the game ended, as the status says it.
const REASONS: [&str; 4] = ["double dropped", "single game", "gammon", "backgammon"];

/// What the finished game is worth to its winner, the kind of win (index
/// into `REASONS`) and whether the Jacoby rule cut it to one game.
fn value(p: &BgPosition) -> (u32, usize, bool) {
    let s = p.state();
    if s.dropped {
        return (s.cube_value(), 0, false);
    }
    let kind = p.board().loss_multiplier(1 - s.turn as usize) as usize;
    let config = p.config();
    let jacoby = config.cube && config.jacoby && s.cube == 0 && kind > 1;
    let times = if jacoby { 1 } else { kind as u32 };
    (times * s.cube_value(), kind, jacoby)
}

/// Ongoing, or the winner with the kind of win.
pub fn status(p: &BgPosition) -> Status {
    if p.state().phase != Phase::Over {
        return Status::ONGOING;
    }
    Status::win(p.state().turn, REASONS[value(p).1])
}

/// The status with the points won and lost and a reason that says how
/// they were counted.
pub fn outcome(p: &BgPosition) -> Outcome {
    let status = status(p);
    if status.is_ongoing() {
        return Outcome::from_status(status);
    }
    let s = p.state();
    let (points, kind, jacoby) = value(p);
    let noun = if points == 1 { "point" } else { "points" };
    let reason = if s.dropped {
        format!("the double to {} was dropped: {points} {noun}", 2 * s.cube_value())
    } else if jacoby {
        format!("{}, counted as a single game by the Jacoby rule: {points} {noun}", REASONS[kind])
    } else if s.cube > 0 {
        format!("{} with the cube at {}: {points} {noun}", REASONS[kind], s.cube_value())
    } else {
        format!("{}: {points} {noun}", REASONS[kind])
    };
    let mut payoffs = RVec::from(vec![-(points as f64); 2]);
    payoffs[s.turn as usize] = points as f64;
    Outcome { status, reason: reason.into(), payoffs }
}
