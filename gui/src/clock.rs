//! Countdown clocks for a time control (`[clock]` in the config), without
//! any real time: every call is given "now" as a duration since a fixed
//! moment the caller chooses, so the logic is tested without sleeping.
//!
//! At most one side's clock runs. After a move the mover's clock gets the
//! increment and the remaining times are kept per ply, so taking moves back
//! (or replaying them) restores the clocks as they were at that ply.

use std::time::Duration;

use tabula_core::config::ClockConfig;

/// Below this, a clock shows tenths of a second.
const TENTHS_BELOW: Duration = Duration::from_secs(10);

/// The clocks of all sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    increment: Duration,
    /// Remaining time per side, not counting the running turn.
    remaining: Vec<Duration>,
    /// The side whose clock runs, and since when.
    running: Option<(usize, Duration)>,
    /// `history[ply]`: remaining time per side when `ply` moves had been made.
    history: Vec<Vec<Duration>>,
}

impl Clocks {
    /// Clocks for `sides` sides at `control`, with `ply` moves already made
    /// (a loaded game starts every side on the full time). Nothing runs yet.
    pub fn new(control: ClockConfig, sides: usize, ply: usize) -> Clocks {
        let remaining = vec![Duration::from_millis(control.initial_ms); sides];
        Clocks {
            increment: Duration::from_millis(control.increment_ms),
            history: vec![remaining.clone(); ply + 1],
            remaining,
            running: None,
        }
    }

    /// Sets every side's remaining time (a loaded game's clocks) as the
    /// times at `ply`; nothing runs.
    pub fn set_remaining(&mut self, times: &[Duration], ply: usize) {
        if times.len() != self.remaining.len() {
            return;
        }
        self.running = None;
        self.remaining = times.to_vec();
        self.history.truncate(ply);
        while self.history.len() < ply {
            self.history.push(self.remaining.clone());
        }
        self.history.push(self.remaining.clone());
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<usize> {
        self.running.map(|(side, _)| side)
    }

    /// Time left for `side` at `now`, counting the running turn.
    pub fn remaining(&self, side: usize, now: Duration) -> Duration {
        let left = self.remaining.get(side).copied().unwrap_or_default();
        match self.running {
            Some((s, since)) if s == side => left.saturating_sub(now.saturating_sub(since)),
            _ => left,
        }
    }

    /// Makes `side`'s clock the running one (`None` stops all), charging the
    /// clock that ran until now with its time. Running the same side again
    /// changes nothing.
    pub fn run(&mut self, side: Option<usize>, now: Duration) {
        if self.running() == side {
            return;
        }
        self.charge(now);
        self.running = side.filter(|&s| s < self.remaining.len()).map(|s| (s, now));
    }

    fn charge(&mut self, now: Duration) {
        if let Some((side, _)) = self.running {
            self.remaining[side] = self.remaining(side, now);
            self.running = None;
        }
    }

    /// `side` has just made the move that leads to `ply` moves: its time is
    /// charged, the increment added and the times kept for that ply (times
    /// kept for later plies, from moves taken back, are forgotten). All
    /// clocks are stopped; start the next one with [`Clocks::run`].
    pub fn moved(&mut self, side: usize, ply: usize, now: Duration) {
        self.charge(now);
        if let Some(left) = self.remaining.get_mut(side) {
            *left += self.increment;
        }
        self.history.truncate(ply);
        while self.history.len() < ply {
            let last = self.history.last().cloned().unwrap_or_else(|| self.remaining.clone());
            self.history.push(last);
        }
        self.history.push(self.remaining.clone());
    }

    /// Restores the times kept for `ply` (after an undo or a redo; a ply
    /// with no times kept, from a replayed record, keeps the current ones).
    /// All clocks are stopped.
    pub fn restore(&mut self, ply: usize) {
        self.running = None;
        if let Some(times) = self.history.get(ply) {
            self.remaining = times.clone();
        }
    }

    /// The side whose running clock has reached zero at `now`.
    pub fn flagged(&self, now: Duration) -> Option<usize> {
        self.running().filter(|&side| self.remaining(side, now).is_zero())
    }
}

/// A countdown as `mm:ss`, with tenths under ten seconds (`00:09.3`) so
/// the last seconds are readable.
pub fn countdown_text(left: Duration) -> String {
    if left < TENTHS_BELOW {
        let tenths = left.as_millis() / 100;
        format!("00:{:02}.{}", tenths / 10, tenths % 10)
    } else {
        let s = left.as_secs();
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

/// How long a computer may think for one move: its configured time, but
/// no more than a twentieth of what is left plus most of the increment, so
/// it does not lose on time in a long game (at least 50 ms).
pub fn think_budget(configured_ms: u64, left: Duration, increment_ms: u64) -> u64 {
    let share = left.as_millis() as u64 / 20 + increment_ms * 3 / 4;
    let cap = share.min((left.as_millis() as u64).saturating_sub(100)).max(50);
    if configured_ms == 0 {
        cap
    } else {
        configured_ms.min(cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn five_and_two() -> Clocks {
        Clocks::new(ClockConfig { initial_ms: 5000, increment_ms: 2000 }, 2, 0)
    }

    #[test]
    fn only_the_running_clock_counts_down() {
        let mut c = five_and_two();
        assert_eq!(c.remaining(0, ms(1000)), ms(5000), "nothing runs before start");
        c.run(Some(0), ms(1000));
        assert_eq!(c.running(), Some(0));
        assert_eq!(c.remaining(0, ms(2500)), ms(3500));
        assert_eq!(c.remaining(1, ms(2500)), ms(5000));
        // Running the same side again does not restart its turn.
        c.run(Some(0), ms(2000));
        assert_eq!(c.remaining(0, ms(2500)), ms(3500));
    }

    #[test]
    fn a_move_adds_the_increment_and_switches_sides() {
        let mut c = five_and_two();
        c.run(Some(0), ms(0));
        c.moved(0, 1, ms(1500));
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining(0, ms(1500)), ms(5500), "5000 - 1500 + 2000");
        c.run(Some(1), ms(1500));
        assert_eq!(c.remaining(1, ms(4500)), ms(2000));
        assert_eq!(c.remaining(0, ms(4500)), ms(5500), "the mover's clock is stopped");
    }

    #[test]
    fn stopping_keeps_the_time_used_so_far() {
        let mut c = five_and_two();
        c.run(Some(1), ms(0));
        c.run(None, ms(1200));
        assert_eq!(c.remaining(1, ms(60_000)), ms(3800), "a stopped clock stays put");
        c.run(Some(1), ms(60_000));
        assert_eq!(c.remaining(1, ms(60_300)), ms(3500));
    }

    #[test]
    fn the_flag_falls_at_zero_for_the_running_side_only() {
        let mut c = five_and_two();
        c.run(Some(0), ms(0));
        assert_eq!(c.flagged(ms(4999)), None);
        assert_eq!(c.flagged(ms(5000)), Some(0));
        assert_eq!(c.remaining(0, ms(9000)), Duration::ZERO, "never below zero");
        c.run(None, ms(9000));
        assert_eq!(c.flagged(ms(9000)), None, "a stopped clock does not fall");
    }

    #[test]
    fn undo_and_redo_restore_the_times_of_that_ply() {
        let mut c = five_and_two();
        c.run(Some(0), ms(0));
        c.moved(0, 1, ms(1000)); // side 0: 6000
        c.run(Some(1), ms(1000));
        c.moved(1, 2, ms(4000)); // side 1: 4000
        c.run(Some(0), ms(4000));
        c.restore(1);
        assert_eq!(c.running(), None);
        assert_eq!((c.remaining(0, ms(9000)), c.remaining(1, ms(9000))), (ms(6000), ms(5000)));
        c.restore(2);
        assert_eq!((c.remaining(0, ms(9000)), c.remaining(1, ms(9000))), (ms(6000), ms(4000)), "redo");
        c.restore(0);
        assert_eq!((c.remaining(0, ms(9000)), c.remaining(1, ms(9000))), (ms(5000), ms(5000)));
        // A new move after the undo replaces the old future.
        c.run(Some(0), ms(10_000));
        c.moved(0, 1, ms(10_500)); // side 0: 6500
        c.restore(2);
        assert_eq!(c.remaining(0, ms(20_000)), ms(6500), "no times kept for the forgotten ply");
        c.restore(1);
        assert_eq!(c.remaining(0, ms(20_000)), ms(6500));
    }

    #[test]
    fn a_loaded_game_keeps_full_times_for_its_plies() {
        let mut c = Clocks::new(ClockConfig { initial_ms: 1000, increment_ms: 0 }, 2, 3);
        c.run(Some(1), ms(0));
        c.moved(1, 4, ms(300));
        c.restore(2);
        assert_eq!(c.remaining(1, ms(0)), ms(1000));
        c.restore(4);
        assert_eq!(c.remaining(1, ms(0)), ms(700));
    }

    #[test]
    fn the_clock_table_is_read_checked_and_optional() {
        use tabula_core::config::Config;
        let base = "[game]\nrules = \"x\"\n";
        let parse = |extra: &str| Config::parse(&format!("{base}{extra}"), "c.toml", ".".into());
        assert_eq!(parse("").unwrap().clock, None);
        assert_eq!(
            parse("[clock]\ninitial_ms = 300000\nincrement_ms = 2000\n").unwrap().clock,
            Some(ClockConfig { initial_ms: 300_000, increment_ms: 2000 })
        );
        assert_eq!(
            parse("[clock]\ninitial_ms = 1000\n").unwrap().clock,
            Some(ClockConfig { initial_ms: 1000, increment_ms: 0 })
        );
        let unknown = parse("[clock]\ninitial_ms = 1000\nbonus_ms = 1\n").unwrap_err().to_string();
        assert!(unknown.contains("bonus_ms"), "{unknown}");
        let zero = parse("[clock]\ninitial_ms = 0\n").unwrap_err().to_string();
        assert!(zero.contains("initial_ms"), "{zero}");
        let config = parse("[clock]\ninitial_ms = 5000\n").unwrap();
        let again = Config::parse(&config.to_toml().unwrap(), "again.toml", ".".into()).unwrap();
        assert_eq!(again.clock, config.clock, "a saved game keeps its time control");
        assert!(Config::default_config().unwrap().clock.is_none(), "the default game has no clock");
    }

    #[test]
    fn countdowns_read_as_minutes_then_tenths() {
        assert_eq!(countdown_text(ms(300_000)), "05:00");
        assert_eq!(countdown_text(ms(61_999)), "01:01");
        assert_eq!(countdown_text(ms(10_000)), "00:10");
        assert_eq!(countdown_text(ms(9_999)), "00:09.9");
        assert_eq!(countdown_text(ms(340)), "00:00.3");
        assert_eq!(countdown_text(Duration::ZERO), "00:00.0");
    }

    #[test]
    fn a_computer_thinks_less_when_its_clock_runs_low() {
        assert_eq!(think_budget(2000, ms(300_000), 0), 2000);
        assert_eq!(think_budget(2000, ms(20_000), 0), 1000);
        assert_eq!(think_budget(2000, ms(20_000), 1000), 1750);
        assert_eq!(think_budget(0, ms(20_000), 0), 1000, "no configured limit");
        assert_eq!(think_budget(2000, ms(120), 0), 50, "a floor");
    }
}
