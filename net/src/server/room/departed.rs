//! Players who left: a seated person whose connection is gone while the
//! game goes on. Once it has been gone for the room's grace
//! ([`Limits::claim_after`](super::super::limits::Limits::claim_after)),
//! each player still there may claim the win (the players who left lose,
//! as by resignation) or abort the game (it ends with no result); a player
//! back in time plays on as before. A clock does not stop for a player who
//! left (as on chess servers): the mover's runs on, and a flag that falls
//! ends the game on time as ever.

use std::time::{Duration, Instant};

use tabula_core::outcome::GameResult;

use super::super::catalog::Refusal;
use super::super::outbox::Outbox;
use super::{internal, Room};
use crate::protocol::{ErrorCode, ServerMsg, ABORTED, DEPARTURES_VERSION};
use crate::store::{Store, StoredClocks};

/// Since when a seat's person has been gone.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Away {
    since: Instant,
    /// Whether the others were told that they may claim now.
    pub(super) told: bool,
}

impl Away {
    /// A seat of a room just loaded: gone from now if a person holds it.
    pub(super) fn from_load(taken: bool) -> Option<Away> {
        taken.then(|| Away { since: Instant::now(), told: false })
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Room {
    /// Seat `seat`'s person has gone: the others hear when they may claim.
    pub(super) fn departed(&mut self, seat: usize) {
        if !self.stored.seats.get(seat).is_some_and(|s| s.spec.is_human() && !s.token.is_empty()) {
            return;
        }
        self.away[seat] = Some(Away { since: Instant::now(), told: false });
        if self.full() && !self.ended() {
            let msg = ServerMsg::Departed { room: self.id, seat: seat as u8, claim_in_ms: millis(self.claim_after) };
            self.broadcast_from(DEPARTURES_VERSION, &msg);
        }
    }

    /// Seat `seat`'s person is back.
    pub(super) fn returned(&mut self, seat: usize) {
        if let Some(a) = self.away.get_mut(seat) {
            *a = None;
        }
    }

    /// The game begins: the grace of anyone already gone counts from now.
    pub(super) fn restart_grace(&mut self) {
        for a in self.away.iter_mut().flatten() {
            *a = Away { since: Instant::now(), told: false };
        }
    }

    /// Tells a player who (re)takes a seat of the others who are gone, with
    /// the time left until the claim (nothing in a game that is over).
    pub fn tell_departures(&self, outbox: &Outbox) {
        if outbox.version < DEPARTURES_VERSION || !self.full() || self.ended() {
            return;
        }
        let mine = self.seat_of_conn(outbox.conn);
        for (seat, away) in self.away.iter().enumerate() {
            let Some(a) = away else { continue };
            if mine == Some(seat as u8) {
                continue;
            }
            let claim_in_ms = millis(self.claim_after.saturating_sub(a.since.elapsed()));
            outbox.send(&ServerMsg::Departed { room: self.id, seat: seat as u8, claim_in_ms });
        }
    }

    /// Whether someone's grace ran out and the others were not told yet
    /// (cheap: for the timer, every tick).
    pub fn claim_due(&self) -> bool {
        self.full()
            && !self.ended()
            && self.away.iter().flatten().any(|a| !a.told && a.since.elapsed() >= self.claim_after)
    }

    /// Tells everyone that the claim is open for each seat whose grace ran out.
    pub fn announce_claims(&mut self) {
        if !self.claim_due() {
            return;
        }
        for seat in 0..self.away.len() {
            let Some(a) = &mut self.away[seat] else { continue };
            if a.told || a.since.elapsed() < self.claim_after {
                continue;
            }
            a.told = true;
            let msg = ServerMsg::Departed { room: self.id, seat: seat as u8, claim_in_ms: 0 };
            self.broadcast_from(DEPARTURES_VERSION, &msg);
        }
    }

    /// The seats whose people have been gone for the grace, other than
    /// `claimant`'s; refused while there is none, saying when there will be.
    fn gone_for_good(&self, claimant: u8) -> Result<Vec<u8>, Refusal> {
        self.check_ongoing()?;
        if !self.full() {
            return Err((ErrorCode::Invalid, "the game has not begun: a seat is still free".into()));
        }
        let mut gone = Vec::new();
        let mut soonest: Option<(u8, Duration)> = None;
        for (seat, away) in self.away.iter().enumerate() {
            let (seat, Some(a)) = (seat as u8, away) else { continue };
            if seat == claimant || self.holders[seat as usize].is_some() {
                continue;
            }
            let waited = a.since.elapsed();
            if waited >= self.claim_after {
                gone.push(seat);
            } else if soonest.map_or(true, |(_, w)| waited > w) {
                soonest = Some((seat, waited));
            }
        }
        if !gone.is_empty() {
            return Ok(gone);
        }
        Err(match soonest {
            Some((seat, waited)) => {
                let left = self.claim_after.saturating_sub(waited).as_secs_f64().ceil() as u64;
                (
                    ErrorCode::Invalid,
                    format!(
                        "{} left {} s ago: the win can be claimed or the game aborted in {left} s, unless they \
                         come back first",
                        self.seat_name(seat),
                        waited.as_secs()
                    ),
                )
            }
            None => (ErrorCode::Invalid, "nobody has left: every player is connected".into()),
        })
    }

    /// Who left, for the result's reason: `Bob left the game`.
    fn left_reason(&self, gone: &[u8]) -> String {
        let names: Vec<String> = gone.iter().map(|&s| self.seat_name(s)).collect();
        format!("{} left the game", names.join(", "))
    }

    /// `seat` claims the win: the players gone for the grace lose. With
    /// one player left it is that player's win; with more, those who left
    /// are last with −1 each and the others share what they lost (as
    /// after a resignation), in a result of the server's own payoffs.
    pub fn claim_win(&mut self, seat: u8, store: &mut Store) -> Result<(), Refusal> {
        let gone = self.gone_for_good(seat)?;
        let reason = self.left_reason(&gone);
        let n = self.stored.seats.len();
        let stayed: Vec<u8> = (0..n as u8).filter(|s| !gone.contains(s)).collect();
        let result = match stayed.as_slice() {
            [winner] => GameResult::Win { winner: *winner, reason },
            _ => {
                let share = gone.len() as f64 / stayed.len() as f64;
                let payoffs = (0..n as u8).map(|s| if gone.contains(&s) { -1.0 } else { share }).collect();
                GameResult::Scored { winner: None, payoffs, reason }
            }
        };
        self.conclude(result, store)
    }

    /// `seat` aborts the game after the others left: it ends with no
    /// result, stored as aborted.
    pub fn abort(&mut self, seat: u8, store: &mut Store) -> Result<(), Refusal> {
        let gone = self.gone_for_good(seat)?;
        let text = format!("{ABORTED} ({})", self.left_reason(&gone));
        let stopped = self.clocks_now();
        let kept = stopped.clone().map(|clocks| StoredClocks { ply: self.session.history().len() as u32, clocks });
        store.abort(self.game_id, &text, kept.as_ref()).map_err(internal)?;
        self.aborted = Some(text);
        if let Some(r) = stopped {
            self.remaining = r;
        }
        self.offer = None;
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }
}
