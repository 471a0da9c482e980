//! Playing a game to the end with computer players only (matches, the demo),
//! every turn through the turn driver ([`crate::turn`]), with or without a
//! game clock.

use std::time::Instant;

use crate::outcome::{ForfeitCause, GameResult};
use crate::players::ComputerPlayer;
use crate::players::SearchOutcome;
use crate::protocols::core::{time_budget, time_ceiling, Clock};
use crate::session::{PlayedMove, Session, SessionError};
use crate::turn::{ComputerTurn, TurnEnd};

/// A game clock: a base time per player and an increment per move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each player's time at the start, ms.
    pub base_ms: u64,
    /// Added to a player's clock after each of its moves, ms.
    pub increment_ms: u64,
}

/// The longest base time or increment a time control may give, ms (a
/// week): far beyond any match, and small enough that a clock's arithmetic
/// (in signed milliseconds, over any number of moves a game may have) never
/// overflows.
pub const MAX_CLOCK_MS: u64 = 7 * 24 * 3600 * 1000;

impl TimeControl {
    /// Reads `BASE+INC` or `BASE` in seconds (`10+0.1`, `60`); each at most
    /// [`MAX_CLOCK_MS`].
    pub fn parse(text: &str) -> Option<TimeControl> {
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let ms = |s: &str| {
            let secs = s.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0)?;
            let ms = (secs * 1000.0).round();
            (ms <= MAX_CLOCK_MS as f64).then_some(ms as u64)
        };
        let (base_ms, increment_ms) = (ms(base)?, ms(inc)?);
        (base_ms > 0).then_some(TimeControl { base_ms, increment_ms })
    }
}

/// Time a clocked turn is assumed to lose outside the player's search, ms.
const LATENCY_MS: i64 = 150;

/// Plays until the game ends or `max_plies` players' moves have been made
/// in this call (0 = no limit, otherwise a draw by move limit; the rolls of
/// a game with chance do not count). `seats[i]` plays player `i`, for any
/// number of players. `on_move` sees every move as it is played, each
/// player's move followed by the chance moves the session rolled after it.
/// A session that waits for its rolls from outside
/// ([`crate::session::Chance::External`]) cannot be played out.
pub fn play_out<P: ComputerPlayer>(
    session: &mut Session,
    seats: &mut [P],
    max_plies: usize,
    on_move: impl FnMut(&Session, &PlayedMove),
) -> Result<GameResult, SessionError> {
    play_out_timed(session, seats, max_plies, None, on_move)
}

/// [`play_out`] under a game clock when `clock` is given: before each turn
/// the mover's limits become a share of its remaining time (the same
/// share the engine protocols use, [`time_budget`]) with room to stretch
/// ([`time_ceiling`]); its thinking time is taken off its clock and the
/// increment added; a player whose clock runs out loses on time.
pub fn play_out_timed<P: ComputerPlayer>(
    session: &mut Session,
    seats: &mut [P],
    max_plies: usize,
    clock: Option<TimeControl>,
    on_move: impl FnMut(&Session, &PlayedMove),
) -> Result<GameResult, SessionError> {
    play_out_judged(session, seats, max_plies, clock, &mut NoJudge, on_move)
}

/// Ends a game early from what the players report (adjudication): after
/// each move it sees the mover's own score of its move.
pub trait Judge {
    /// Called after `side` played with its search reporting `score` (from
    /// its own view; `None` when the player gave none): a result ends the
    /// game with it.
    fn after_move(&mut self, session: &Session, side: u8, score: Option<i32>) -> Option<GameResult>;
}

/// The judge that never intervenes.
struct NoJudge;

impl Judge for NoJudge {
    fn after_move(&mut self, _: &Session, _: u8, _: Option<i32>) -> Option<GameResult> {
        None
    }
}

/// [`play_out_timed`] with a [`Judge`] asked after every move; a result it
/// gives ends the game (and is recorded in the session).
pub fn play_out_judged<P: ComputerPlayer>(
    session: &mut Session,
    seats: &mut [P],
    max_plies: usize,
    clock: Option<TimeControl>,
    judge: &mut dyn Judge,
    mut on_move: impl FnMut(&Session, &PlayedMove),
) -> Result<GameResult, SessionError> {
    // Saturating: a TimeControl built in code may exceed what parse allows.
    let ms = |v: u64| i64::try_from(v.min(MAX_CLOCK_MS)).unwrap_or(i64::MAX);
    let mut left: Vec<i64> = vec![clock.map_or(0, |c| ms(c.base_ms)); seats.len()];
    let mut plies = 0;
    loop {
        if let Some(result) = session.result()? {
            return Ok(result);
        }
        if max_plies > 0 && plies >= max_plies {
            return Ok(GameResult::move_limit(max_plies));
        }
        if session.awaits_chance() {
            if session.roll()? == 0 {
                return Err(SessionError::Chance(
                    "the game waits for a roll from outside; only a session that rolls its own dice plays out".into(),
                ));
            }
            continue;
        }
        if let Some(result) = crate::turn::claim_for_computer(session)? {
            return Ok(result);
        }
        let side = session.side_to_move() as usize;
        let Some(player) = seats.get_mut(side) else {
            return Err(SessionError::GameOver(format!("no player for seat {}", side + 1)));
        };
        if let Some(tc) = clock {
            // Plan as if the clock showed LATENCY_MS less: the turn's wall
            // time includes starting the search and, for engines, a pipe
            // each way, which a loaded machine stretches.
            let planned = (left[side] - LATENCY_MS).max(left[side] / 2).max(1) as u64;
            let now = Clock { remaining_ms: Some(planned), increment_ms: tc.increment_ms, ..Clock::default() };
            let mut limits = player.turn_limits();
            limits.time_ms = time_budget(&now).unwrap_or(1);
            limits.max_time_ms = time_ceiling(&now).unwrap_or(0);
            player.set_limits(limits);
        }
        let started = Instant::now();
        let before = session.history().len();
        let mut turn = ComputerTurn::start(session, player);
        let outcome = turn.wait(|_| {});
        let score = match &outcome {
            SearchOutcome::Answered(r) => Some(r.score),
            _ => None,
        };
        let end = turn.finish(session, player, &outcome)?;
        if let Some(tc) = clock {
            left[side] = left[side].saturating_sub(i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX));
            if left[side] < 0 && matches!(end, TurnEnd::Played(_)) {
                let reason = format!("{}: out of time (clock {} ms below zero)", player.label(), -left[side]);
                session.forfeit(side as u8, ForfeitCause::Time, reason.clone());
                return Ok(GameResult::Forfeit { loser: side as u8, cause: ForfeitCause::Time, reason });
            }
            left[side] = left[side].saturating_add(ms(tc.increment_ms));
        }
        match end {
            TurnEnd::Played(_) => {
                for m in &session.history()[before..] {
                    on_move(session, m);
                }
            }
            TurnEnd::Forfeited(result) | TurnEnd::Claimed(result) => return Ok(result),
        }
        if let Some(result) = judge.after_move(session, side as u8, score) {
            session.conclude(result.clone());
            return Ok(result);
        }
        plies += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_seconds() {
        assert_eq!(TimeControl::parse("10+0.1"), Some(TimeControl { base_ms: 10_000, increment_ms: 100 }));
        assert_eq!(TimeControl::parse("60"), Some(TimeControl { base_ms: 60_000, increment_ms: 0 }));
        assert_eq!(TimeControl::parse("0+1"), None);
        assert_eq!(TimeControl::parse("ten"), None);
        assert_eq!(TimeControl::parse("5+-1"), None);
    }

    /// Issue 23, finding 20: `1e16` seconds overflowed the clock's
    /// milliseconds (`clock 8446744073709551616 ms below zero` on move 1).
    #[test]
    fn time_controls_beyond_a_week_are_refused() {
        assert_eq!(TimeControl::parse("1e16+0"), None);
        assert_eq!(TimeControl::parse("60+1e300"), None);
        assert_eq!(TimeControl::parse("604800+0").map(|t| t.base_ms), Some(MAX_CLOCK_MS));
        assert_eq!(TimeControl::parse("604800.001"), None);
    }
}
