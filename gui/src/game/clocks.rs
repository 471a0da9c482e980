//! The clocks of a game: time used per seat, and the countdown of a time
//! control (kept here, or followed from a network server).

use std::time::Duration;

use tabula_core::config::ClockConfig;

use super::Game;
use crate::clock::Clocks;

impl Game {
    /// Time used by `side`, including the running turn.
    pub fn clock(&self, side: usize) -> Duration {
        let mut t = self.clocks.get(side).copied().unwrap_or_default();
        if side == self.session.side_to_move() as usize && self.ended_after.is_none() && !self.paused {
            t += self.turn_start.elapsed();
        }
        t
    }
    /// Time left for `side` under the time control (`None`: no clocks).
    pub fn countdown(&self, side: usize) -> Option<Duration> {
        self.countdown.as_ref().map(|c| c.remaining(side, self.epoch.elapsed()))
    }
    /// The side whose countdown clock is running.
    pub fn countdown_running(&self) -> Option<usize> {
        self.countdown.as_ref().and_then(Clocks::running)
    }

    /// Sets the countdown to times kept elsewhere (a network server's, per
    /// seat, measured now) with `running`'s clock running from now; the
    /// game then shows a countdown even without a `[clock]` of its own.
    pub fn follow_clocks(&mut self, control: ClockConfig, times: &[Duration], running: Option<usize>) {
        let ply = self.session.history().len();
        let mut clocks = Clocks::new(control, self.seats.len(), ply);
        clocks.set_remaining(times, ply);
        clocks.run(running, self.epoch.elapsed());
        self.countdown = Some(clocks);
        self.outside_clock = true;
    }

    /// Runs the countdown of the side to move, or none while the game is
    /// over or paused.
    pub(super) fn sync_clock(&mut self) {
        if self.outside_clock {
            return;
        }
        let side = (!self.is_over() && !self.paused).then(|| self.session.side_to_move() as usize);
        let now = self.epoch.elapsed();
        if let Some(c) = &mut self.countdown {
            c.run(side, now);
        }
    }

    /// Puts the countdown back to its times at the current ply (after an
    /// undo or a redo).
    pub(super) fn restore_clock(&mut self) {
        let ply = self.session.history().len();
        if let Some(c) = &mut self.countdown {
            c.restore(ply);
        }
    }

    /// How long the game has lasted: the time its players used (frozen at
    /// its end, kept in saved games).
    pub fn duration(&self) -> Duration {
        (0..self.seats.len()).map(|s| self.clock(s)).sum()
    }
}
