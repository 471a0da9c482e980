//! The analyser's thread: jobs in, reports out, never on the UI thread.
//! Each job carries its own stop flag; a newer job raises the older one's,
//! and the thread skips every job but the newest waiting, so a player
//! stepping through a game never queues searches.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use rules_api::{Move, PositionBox};

/// One line of an analysis: its score from the mover's view of the
/// position analysed (on the [`rules_api::score`] scale), the depth it was
/// searched to and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Score from the side to move's view.
    pub score: i32,
    /// Completed depth.
    pub depth: u32,
    /// The moves, starting with the one to play.
    pub pv: Vec<Move>,
}

/// What the thread sends back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The lines found so far for job `key`, best first.
    Lines {
        /// The job's key.
        key: u64,
        /// The lines.
        lines: Vec<Line>,
        /// The search of this job ended.
        done: bool,
    },
    /// Job `key` could not be analysed.
    Failed {
        /// The job's key.
        key: u64,
        /// Why.
        reason: String,
    },
}

/// A position to analyse.
pub struct Job {
    /// What the reports are keyed by (a ply, a generation: the caller's).
    pub key: u64,
    /// The position.
    pub position: PositionBox,
    /// How many lines (multi-PV), at least 1.
    pub lines: usize,
    /// The depth to search to, plies.
    pub depth: u32,
    /// Raised when the job is no longer wanted.
    pub stop: Arc<AtomicBool>,
}

impl Job {
    /// Whether the job is no longer wanted.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Something that analyses positions on the worker thread.
pub trait Backend: Send {
    /// Analyses `job`, sending reports through `out` (at least one).
    fn run(&mut self, job: &Job, out: &Sender<Report>);
}

/// Builds a backend on the worker thread (an engine starts there, so a
/// slow handshake never blocks the window).
pub type Maker = Box<dyn FnOnce() -> Result<Box<dyn Backend>, String> + Send>;

/// An analyser running on its own thread.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    reports: Receiver<Report>,
    current: Option<Arc<AtomicBool>>,
}

impl Worker {
    /// Starts the thread; the backend is made there by `make`.
    pub fn start(name: &str, make: Maker) -> Worker {
        let (jobs, job_rx) = channel::<Job>();
        let (tx, reports) = channel();
        let spawned = std::thread::Builder::new().name(format!("analysis {name}")).spawn(move || {
            let mut backend = match make() {
                Ok(b) => Some(b),
                Err(reason) => {
                    // Every job is answered with why, until the worker goes.
                    while let Ok(job) = job_rx.recv() {
                        let _ = tx.send(Report::Failed { key: job.key, reason: reason.clone() });
                    }
                    None
                }
            };
            let Some(backend) = backend.as_mut() else { return };
            while let Ok(mut job) = job_rx.recv() {
                while let Ok(newer) = job_rx.try_recv() {
                    job = newer;
                }
                if !job.stopped() {
                    backend.run(&job, &tx);
                }
            }
        });
        let (tx_err, reports_err) = channel();
        match spawned {
            Ok(_) => Worker { jobs: Some(jobs), reports, current: None },
            Err(e) => {
                let _ = tx_err.send(Report::Failed { key: 0, reason: format!("cannot start an analysis thread: {e}") });
                Worker { jobs: None, reports: reports_err, current: None }
            }
        }
    }

    /// Analyses `position` from now on (the running job stops).
    pub fn submit(&mut self, key: u64, position: PositionBox, lines: usize, depth: u32) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some(Arc::clone(&stop));
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Job { key, position, lines: lines.max(1), depth: depth.max(1), stop });
        }
    }

    /// Stops the running job.
    pub fn stop(&mut self) {
        if let Some(flag) = self.current.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// The reports that arrived since the last call; never blocks.
    pub fn poll(&self) -> Vec<Report> {
        self.reports.try_iter().collect()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The thread ends once its job stops and the channel is closed.
        self.stop();
        self.jobs = None;
    }
}
