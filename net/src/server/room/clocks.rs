//! The server-kept clocks of a room: time left per seat, the flag.

use std::time::Instant;

use tabula_core::outcome::{ForfeitCause, GameResult};

use super::super::catalog::Refusal;
use super::Room;
use crate::store::{Store, StoredClocks};

impl Room {
    /// The clocks to keep when the room leaves memory with its game going
    /// on (they stop while it is away, and go on when it is loaded again).
    pub fn clocks_to_keep(&self) -> Option<(i64, StoredClocks)> {
        let clocks = self.clocks_now()?;
        (!self.ended()).then(|| (self.game_id, StoredClocks { ply: self.session.history().len() as u32, clocks }))
    }

    /// Sets each seat's time from the moves played: the time left after
    /// its last move, or the starting time.
    pub(super) fn recompute_clocks(&mut self) {
        let Some(clock) = self.clock() else { return };
        self.remaining = vec![clock.initial_ms; self.stored.seats.len()];
        for (m, left) in self.session.history().iter().zip(&self.after_move) {
            if let Some(r) = self.remaining.get_mut(m.player as usize) {
                *r = *left;
            }
        }
        self.turn_started = Instant::now();
    }

    pub(super) fn running(&self) -> bool {
        self.clock().is_some() && self.full() && !self.ended()
    }

    /// Time left per seat now.
    pub(super) fn clocks_now(&self) -> Option<Vec<u64>> {
        self.clock()?;
        let mut out = self.remaining.clone();
        if self.running() {
            let side = self.session.side_to_move() as usize;
            let used = self.turn_started.elapsed().as_millis() as u64;
            if let Some(r) = out.get_mut(side) {
                *r = r.saturating_sub(used);
            }
        }
        Some(out)
    }
    /// Whether the mover's time is up (cheap: no storage).
    pub fn flag_due(&self) -> bool {
        self.running()
            && self.clocks_now().and_then(|c| c.get(self.session.side_to_move() as usize).copied()) == Some(0)
    }

    /// Ends the game on time if the mover's flag has fallen; true if so.
    pub fn flag_fell(&mut self, store: &mut Store) -> Result<bool, Refusal> {
        if !self.flag_due() {
            return Ok(false);
        }
        let side = self.session.side_to_move();
        let reason = format!("{} ran out of time", self.seat_name(side));
        self.conclude(GameResult::Forfeit { loser: side, cause: ForfeitCause::Time, reason }, store)?;
        Ok(true)
    }
}
