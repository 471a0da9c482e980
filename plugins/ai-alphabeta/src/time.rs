//! Time management: how long to think about one move.
//!
//! The caller gives a normal budget (`time_ms`) and may allow a stretch up
//! to a ceiling (`max_time_ms`). The search spends less than the budget
//! when the best move has stayed the same for several iterations, and more
//! (never past the ceiling) when it keeps changing or the score drops.
//! Past the hard deadline — the ceiling less a safety margin for
//! unwinding, answering and crossing a process boundary — it stops at once.

use std::time::{Duration, Instant};

use rules_api::SearchLimits;

/// The budget when the caller sets no limit at all.
pub const DEFAULT_TIME_MS: u64 = 1000;

/// When to stop.
#[derive(Clone, Debug)]
pub struct Budget {
    /// When the search started.
    pub start: Instant,
    /// The normal time for the move, if limited.
    optimum: Option<Duration>,
    /// The most this move may take (the ceiling), if limited.
    maximum: Option<Duration>,
    /// Past this instant every thread stops at once.
    pub hard: Option<Instant>,
    /// Nodes for the whole search (all threads), 0 = none.
    pub node_limit: u64,
    /// Deepest nominal depth.
    pub max_depth: u32,
    /// How far the search currently means to go, as a share of the
    /// optimum (adjusted after each iteration).
    scale: f64,
    /// Changes of the best move, decaying each iteration.
    instability: f64,
}

/// The safety margin before a deadline: 5% of it, at most 150 ms.
fn margin(t: Duration) -> Duration {
    (t / 20).min(Duration::from_millis(150))
}

impl Budget {
    /// The budget of `limits`, counted from `start`; `max_depth` caps the
    /// depth when the limits set none.
    pub fn new(limits: SearchLimits, start: Instant, max_depth: u32) -> Self {
        let unlimited = limits.time_ms == 0 && limits.depth == 0 && limits.nodes == 0;
        let time_ms = if unlimited { DEFAULT_TIME_MS } else { limits.time_ms };
        let optimum = (time_ms > 0).then(|| Duration::from_millis(time_ms));
        let maximum = optimum.map(|t| t.max(Duration::from_millis(limits.max_time_ms)));
        let hard = maximum.map(|t| start + t - margin(t));
        let max_depth = if limits.depth > 0 { limits.depth.min(max_depth) } else { max_depth };
        Budget { start, optimum, maximum, hard, node_limit: limits.nodes, max_depth, scale: 1.0, instability: 0.0 }
    }

    /// Whether the budget has a clock at all.
    pub fn is_timed(&self) -> bool {
        self.optimum.is_some()
    }

    /// The time the search currently means to use.
    fn allowed(&self) -> Option<Duration> {
        let (optimum, maximum) = (self.optimum?, self.maximum?);
        Some(optimum.mul_f64(self.scale).min(maximum - margin(maximum)))
    }

    /// Learns from a finished iteration: whether the best move changed and
    /// how much the score fell. Only iterations past the first few count:
    /// shallow ones change their mind for no reason.
    pub fn after_iteration(&mut self, depth: u32, best_changed: bool, score_drop: i32) {
        if self.optimum == self.maximum {
            // A fixed time per move (no ceiling above it): nothing to save
            // for, so the whole budget is used.
            return;
        }
        self.instability *= 0.5;
        if depth >= 4 && best_changed {
            self.instability += 1.0;
        }
        // Stable: about 0.6 of the optimum; each recent change adds half;
        // a falling score adds up to half again.
        let drop = (score_drop.max(0) as f64 / 100.0).min(1.0) * 0.5;
        self.scale = (0.6 + 0.5 * self.instability + drop).min(3.0);
    }

    /// Whether another iteration is worth starting: each one costs at least
    /// about twice the previous, and an iteration cut short is thrown away.
    pub fn may_start_iteration(&self, last: Duration) -> bool {
        match self.allowed() {
            None => true,
            Some(allowed) => {
                let elapsed = self.start.elapsed();
                elapsed < allowed / 2 && elapsed + last * 2 < allowed
            }
        }
    }

    /// The instant the current iteration must be abandoned by: twice the
    /// time the search means to use, within the hard deadline.
    pub fn iteration_deadline(&self) -> Option<Instant> {
        let allowed = self.allowed()?;
        let soft = self.start + allowed * 2;
        Some(self.hard.map_or(soft, |hard| soft.min(hard)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(time_ms: u64, max_time_ms: u64) -> SearchLimits {
        SearchLimits { time_ms, depth: 0, nodes: 0, max_time_ms }
    }

    #[test]
    fn the_hard_deadline_is_inside_the_ceiling() {
        let start = Instant::now();
        let b = Budget::new(limits(1000, 4000), start, 64);
        assert_eq!(b.hard, Some(start + Duration::from_millis(3850)));
        let b = Budget::new(limits(1000, 0), start, 64);
        assert_eq!(b.hard, Some(start + Duration::from_millis(950)));
        assert!(b.iteration_deadline().unwrap() <= b.hard.unwrap());
        assert!(Budget::new(limits(0, 0), start, 64).hard.is_some(), "no limit at all: the default budget");
        assert!(Budget::new(SearchLimits::depth(3), start, 64).hard.is_none());
    }

    #[test]
    fn an_unstable_choice_stretches_towards_the_ceiling_and_a_stable_one_saves_time() {
        let start = Instant::now();
        let mut b = Budget::new(limits(1000, 4000), start, 64);
        for d in 1..8 {
            b.after_iteration(d, false, 0);
        }
        let stable = b.allowed().unwrap();
        assert!(stable < Duration::from_millis(1000), "{stable:?}");
        for d in 8..12 {
            b.after_iteration(d, true, 80);
        }
        let unstable = b.allowed().unwrap();
        assert!(unstable > Duration::from_millis(1000), "{unstable:?}");
        assert!(unstable <= Duration::from_millis(3850));
        // Without a ceiling the budget is a fixed time per move: all of it
        // is used, however stable the choice.
        let mut b = Budget::new(limits(1000, 0), start, 64);
        for d in 1..12 {
            b.after_iteration(d, d > 6, 500);
        }
        assert_eq!(b.allowed().unwrap(), Duration::from_millis(950));
    }
}
