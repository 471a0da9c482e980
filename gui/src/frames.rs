//! Frame-time measurement: with `TABULA_FRAME_LOG=FILE` the window records
//! how long each frame's work took (wall time, and the CPU time the window's
//! thread spent, which does not count waiting for a core on a loaded
//! machine) and the time between frames, marks the frames drawn while a
//! computer was searching, writes them to FILE at exit and prints
//! percentiles on stderr.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Per-frame durations, when asked for.
pub struct FrameLog {
    path: Option<PathBuf>,
    /// (work, interval since the previous frame, searching, thread CPU time).
    samples: Vec<(Duration, Duration, bool, Duration)>,
    last: Option<Instant>,
}

/// CPU time this thread has run so far (Linux: `/proc/thread-self/schedstat`).
pub fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

/// The `q`-quantile (0..1) of `values`, in milliseconds.
pub fn percentile_ms(values: &mut [Duration], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_unstable();
    let i = ((values.len() - 1) as f64 * q).round() as usize;
    values[i].as_secs_f64() * 1000.0
}

impl FrameLog {
    /// Logging if `TABULA_FRAME_LOG` names a file, otherwise a no-op log.
    pub fn from_env() -> FrameLog {
        FrameLog { path: std::env::var_os("TABULA_FRAME_LOG").map(PathBuf::from), samples: Vec::new(), last: None }
    }

    /// Whether frames are being recorded.
    pub fn enabled(&self) -> bool {
        self.path.is_some()
    }

    /// Records one frame: its wall time, whether a computer searched, and the
    /// thread's CPU time spent on it.
    pub fn record(&mut self, work: Duration, searching: bool, cpu: Duration) {
        if self.path.is_none() {
            return;
        }
        let now = Instant::now();
        let interval = self.last.map_or(Duration::ZERO, |l| now - l);
        self.last = Some(now);
        self.samples.push((work, interval, searching, cpu));
        // Written as it goes, so a window closed by a signal still leaves figures.
        if self.samples.len() % 120 == 0 {
            self.write();
        }
    }

    fn write(&self) {
        let Some(path) = &self.path else { return };
        let mut text = String::from("# work_us interval_us searching cpu_us\n");
        for (work, interval, searching, cpu) in &self.samples {
            let line =
                format!("{} {} {} {}\n", work.as_micros(), interval.as_micros(), u8::from(*searching), cpu.as_micros());
            text.push_str(&line);
        }
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("tabula: cannot write {}: {e}", path.display());
        }
    }

    /// Writes the samples and prints a summary.
    pub fn finish(&self) {
        if self.path.is_none() {
            return;
        }
        self.write();
        for (label, searching) in [("while searching", true), ("idle", false)] {
            let mut work: Vec<Duration> = self.samples.iter().filter(|s| s.2 == searching).map(|s| s.0).collect();
            let mut gaps: Vec<Duration> =
                self.samples.iter().skip(1).filter(|s| s.2 == searching).map(|s| s.1).collect();
            let mut cpu: Vec<Duration> = self.samples.iter().filter(|s| s.2 == searching).map(|s| s.3).collect();
            eprintln!(
                "tabula: frames {label}: {} frames, work p50 {:.2} ms p99 {:.2} ms, cpu p50 {:.2} ms p99 {:.2} ms, \
                 interval p50 {:.2} ms p99 {:.2} ms",
                work.len(),
                percentile_ms(&mut work, 0.5),
                percentile_ms(&mut work, 0.99),
                percentile_ms(&mut cpu, 0.5),
                percentile_ms(&mut cpu, 0.99),
                percentile_ms(&mut gaps, 0.5),
                percentile_ms(&mut gaps, 0.99)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_pick_the_right_sample() {
        let mut v: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile_ms(&mut v, 0.5), 51.0);
        assert_eq!(percentile_ms(&mut v, 0.99), 99.0);
        assert_eq!(percentile_ms(&mut [], 0.5), 0.0);
    }
}
