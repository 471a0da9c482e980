//! Frame-time measurement and the process settings that keep frames short.
//!
//! With `TABULA_FRAME_LOG=FILE` the window records how long each frame's
//! work took (wall time, and the CPU time the window's thread spent, which
//! does not count waiting for a core on a loaded machine), the CPU time the
//! GL driver's threads spent meanwhile (Mesa's llvmpipe rasterisers: the
//! pixels of a frame are drawn there), how many pixels the frame redrew in
//! the window's kept picture ([`crate::compose`]), the time since the
//! previous frame, whether a computer was searching and what moved on
//! screen (a sliding piece, a dragged one), writes them to FILE as it goes
//! and at exit, and prints percentiles on stderr.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Settings of the window's process that keep frames short; called once
/// before the window opens.
///
/// * Computer players search in the background
///   ([`tabula_core::priority`]): on a machine with two cores the search
///   otherwise takes the core the window's thread, the GL driver's threads
///   and the X server need, and a frame's wall time doubles.
/// * Freed memory stays with the process (glibc): the GL driver allocates
///   and frees a window-sized buffer at every present, and with glibc's
///   default, moving threshold the top of the heap is given back to the
///   system and faulted in again, page by page, at the next frame — about
///   half of the window thread's CPU time per frame on llvmpipe.
pub fn tune_process() {
    tabula_core::priority::set_background_searches(true);
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only changes the allocator's thresholds; it is
    // called before the window and its threads exist. The values are
    // glibc's own ceiling for its moving mmap threshold on 64-bit
    // systems (32 MiB, a 4K window's buffer) and twice that for trimming.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
}

/// What moved on screen when a frame was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Nothing: the frame shows a change that happened once.
    Still,
    /// A piece was sliding to its cell.
    Slide,
    /// A piece was being dragged with the pointer.
    Drag,
}

impl Motion {
    /// The motion of a frame drawn while a piece slides or is dragged.
    pub fn of(sliding: bool, dragging: bool) -> Motion {
        if sliding {
            Motion::Slide
        } else if dragging {
            Motion::Drag
        } else {
            Motion::Still
        }
    }

    fn code(self) -> u8 {
        match self {
            Motion::Still => 0,
            Motion::Slide => 1,
            Motion::Drag => 2,
        }
    }
}

/// One drawn frame.
#[derive(Copy, Clone, Debug)]
struct Sample {
    work: Duration,
    /// Since the previous frame (zero for the first).
    interval: Duration,
    searching: bool,
    motion: Motion,
    cpu: Duration,
    /// The GL driver's threads' CPU time during the frame.
    render_cpu: Duration,
    /// Pixels drawn into the kept picture.
    redrawn: u64,
}

/// Per-frame durations, when asked for.
pub struct FrameLog {
    path: Option<PathBuf>,
    samples: Vec<Sample>,
    last: Option<Instant>,
    /// The GL driver's threads (by id), found by their names.
    render_threads: Vec<String>,
    /// Their CPU time when the frame began.
    render_start: Duration,
    /// Which renderer draws the window, for the log's header.
    renderer: String,
}

/// CPU time this thread has run so far (Linux: `/proc/thread-self/schedstat`).
pub fn thread_cpu() -> Option<Duration> {
    schedstat("/proc/thread-self/schedstat")
}

/// The first field of a `schedstat` file: the time on a CPU, in ns.
fn schedstat(path: &str) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    text.split_whitespace().next()?.parse().ok().map(Duration::from_nanos)
}

/// Whether a thread of this process named `comm` draws for the GL driver:
/// Mesa names its rasterising threads `llvmpipe-N` (and its gallium
/// helpers `lp:...`, `gdrv...`).
fn is_render_thread(comm: &str) -> bool {
    ["llvmpipe", "lp:", "gdrv"].iter().any(|p| comm.starts_with(p))
}

/// The `schedstat` files of this process's GL driver threads.
fn find_render_threads() -> Vec<String> {
    let Ok(dir) = std::fs::read_dir("/proc/self/task") else { return Vec::new() };
    dir.flatten()
        .filter(|task| std::fs::read_to_string(task.path().join("comm")).is_ok_and(|c| is_render_thread(c.trim())))
        .map(|task| task.path().join("schedstat").to_string_lossy().into_owned())
        .collect()
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
        let path = std::env::var_os("TABULA_FRAME_LOG").map(PathBuf::from);
        FrameLog {
            path,
            samples: Vec::new(),
            last: None,
            render_threads: Vec::new(),
            render_start: Duration::ZERO,
            renderer: String::new(),
        }
    }

    /// Names the renderer drawing the window, on stderr and atop the log.
    pub fn set_renderer(&mut self, description: &str) {
        if self.path.is_some() {
            eprintln!("tabula: renderer {description}");
            self.renderer = description.to_string();
        }
    }

    /// The GL driver's threads' CPU time so far.
    fn render_cpu(&self) -> Duration {
        self.render_threads.iter().filter_map(|p| schedstat(p)).sum()
    }

    /// Marks the start of a frame's work (before the window thread's own
    /// CPU time is read, so these reads are not counted in it).
    pub fn begin(&mut self) {
        if self.path.is_none() {
            return;
        }
        // The driver starts its threads with the window and may add some.
        if self.samples.len() % 120 == 0 {
            self.render_threads = find_render_threads();
        }
        self.render_start = self.render_cpu();
    }

    /// Whether frames are being recorded.
    pub fn enabled(&self) -> bool {
        self.path.is_some()
    }

    /// Records one frame: its wall time, whether a computer searched, what
    /// moved, the thread's CPU time spent on it and the pixels it redrew;
    /// the GL driver's CPU time is that since [`FrameLog::begin`].
    pub fn record(&mut self, work: Duration, searching: bool, motion: Motion, cpu: Duration, redrawn: u64) {
        if self.path.is_none() {
            return;
        }
        let render_cpu = self.render_cpu().saturating_sub(self.render_start);
        let now = Instant::now();
        let interval = self.last.map_or(Duration::ZERO, |l| now - l);
        self.last = Some(now);
        self.samples.push(Sample { work, interval, searching, motion, cpu, render_cpu, redrawn });
        // Written as it goes, so a window closed by a signal still leaves figures.
        if self.samples.len() % 120 == 0 {
            self.write();
        }
    }

    fn write(&self) {
        let Some(path) = &self.path else { return };
        let mut text = format!("# renderer: {}\n", self.renderer);
        text.push_str(
            "# work_us interval_us searching cpu_us motion(0 still, 1 slide, 2 drag) render_cpu_us redrawn_px\n",
        );
        for s in &self.samples {
            let line = format!(
                "{} {} {} {} {} {} {}\n",
                s.work.as_micros(),
                s.interval.as_micros(),
                u8::from(s.searching),
                s.cpu.as_micros(),
                s.motion.code(),
                s.render_cpu.as_micros(),
                s.redrawn
            );
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
        for line in summary(&self.samples) {
            eprintln!("tabula: {line}");
        }
    }
}

/// The CPU a frame costs the process (the window's thread and the GL
/// driver's together, which waiting for a core does not inflate), the
/// driver's share, and the pixels redrawn.
fn cost_line(label: &str, frames: &[&Sample]) -> String {
    let mut total: Vec<Duration> = frames.iter().map(|s| s.cpu + s.render_cpu).collect();
    let mut render: Vec<Duration> = frames.iter().map(|s| s.render_cpu).collect();
    let mut redrawn: Vec<u64> = frames.iter().map(|s| s.redrawn).collect();
    redrawn.sort_unstable();
    let at = |q: f64| redrawn.get(((redrawn.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0);
    format!(
        "frame cost {label}: cpu with the GL driver's threads p50 {:.2} ms p99 {:.2} ms \
         (driver's threads p50 {:.2} ms p99 {:.2} ms), redrawn p50 {} px p99 {} px",
        percentile_ms(&mut total, 0.5),
        percentile_ms(&mut total, 0.99),
        percentile_ms(&mut render, 0.5),
        percentile_ms(&mut render, 0.99),
        at(0.5),
        at(0.99)
    )
}

/// The summary lines: frames while a computer searched and while none did
/// (work, CPU, interval), then the intervals while something moved.
fn summary(samples: &[Sample]) -> Vec<String> {
    let mut lines = Vec::new();
    for (label, searching) in [("while searching", true), ("idle", false)] {
        let frames: Vec<&Sample> = samples.iter().filter(|s| s.searching == searching).collect();
        let mut work: Vec<Duration> = frames.iter().map(|s| s.work).collect();
        let mut cpu: Vec<Duration> = frames.iter().map(|s| s.cpu).collect();
        let mut gaps: Vec<Duration> =
            samples.iter().skip(1).filter(|s| s.searching == searching).map(|s| s.interval).collect();
        lines.push(format!(
            "frames {label}: {} frames, work p50 {:.2} ms p99 {:.2} ms, cpu p50 {:.2} ms p99 {:.2} ms, \
             interval p50 {:.2} ms p99 {:.2} ms",
            work.len(),
            percentile_ms(&mut work, 0.5),
            percentile_ms(&mut work, 0.99),
            percentile_ms(&mut cpu, 0.5),
            percentile_ms(&mut cpu, 0.99),
            percentile_ms(&mut gaps, 0.5),
            percentile_ms(&mut gaps, 0.99)
        ));
        lines.push(cost_line(label, &frames));
    }
    for (label, motion) in [("sliding", Motion::Slide), ("dragging", Motion::Drag)] {
        // The wait after a frame of the motion: up to the next frame, which
        // may be the one that shows the piece at rest.
        let after: Vec<&Sample> = samples.windows(2).filter(|w| w[0].motion == motion).map(|w| &w[1]).collect();
        let mut gaps: Vec<Duration> = after.iter().map(|s| s.interval).collect();
        let mut work: Vec<Duration> = after.iter().map(|s| s.work).collect();
        let mut cpu: Vec<Duration> = after.iter().map(|s| s.cpu).collect();
        let searching = after.iter().filter(|s| s.searching).count();
        lines.push(format!(
            "frames while {label}: {} intervals ({searching} while searching), interval p50 {:.2} ms p99 {:.2} ms, \
             work p99 {:.2} ms, cpu p99 {:.2} ms",
            gaps.len(),
            percentile_ms(&mut gaps, 0.5),
            percentile_ms(&mut gaps, 0.99),
            percentile_ms(&mut work, 0.99),
            percentile_ms(&mut cpu, 0.99)
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gl_drivers_threads_are_told_by_name() {
        assert!(is_render_thread("llvmpipe-0") && is_render_thread("llvmpipe-1"));
        assert!(!is_render_thread("tabula") && !is_render_thread("SDLTimer"));
    }

    #[test]
    fn percentiles_pick_the_right_sample() {
        let mut v: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile_ms(&mut v, 0.5), 51.0);
        assert_eq!(percentile_ms(&mut v, 0.99), 99.0);
        assert_eq!(percentile_ms(&mut [], 0.5), 0.0);
    }

    fn frame(interval_ms: u64, motion: Motion) -> Sample {
        let ms = Duration::from_millis;
        Sample {
            work: ms(2),
            interval: ms(interval_ms),
            searching: true,
            motion,
            cpu: ms(1),
            render_cpu: ms(3),
            redrawn: 100 * interval_ms,
        }
    }

    #[test]
    fn a_motion_counts_the_waits_after_its_frames() {
        // A still frame long after the last, a slide of three frames and
        // the frame that shows the piece at rest, then a long pause.
        let samples = [
            frame(0, Motion::Still),
            frame(300, Motion::Slide),
            frame(20, Motion::Slide),
            frame(30, Motion::Slide),
            frame(40, Motion::Still),
            frame(500, Motion::Still),
        ];
        let lines = summary(&samples);
        let sliding = lines.iter().find(|l| l.starts_with("frames while sliding")).expect("a sliding line");
        assert!(sliding.contains("3 intervals (3 while searching)"), "{sliding}");
        assert!(sliding.contains("interval p50 30.00 ms p99 40.00 ms"), "{sliding}");
        let dragging = lines.iter().find(|l| l.starts_with("frames while dragging")).expect("a dragging line");
        assert!(dragging.contains(": 0 intervals"), "{dragging}");
        let cost = lines.iter().find(|l| l.starts_with("frame cost while searching")).expect("a cost line");
        assert!(cost.contains("p50 4.00 ms p99 4.00 ms (driver's threads p50 3.00 ms"), "{cost}");
        assert!(cost.contains("redrawn p50 4000 px p99 50000 px"), "{cost}");
    }
}
