//! The server's computer searches: a fixed number of worker threads take
//! turns from one queue, first come first served, so however many rooms
//! seat computers, at most `computer_searches` searches run at once (each
//! within the operator's memory and thread caps). A turn waiting in the
//! queue spends its own clock, like a player thinking.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

use super::lock;

/// A computer's turn, run on a worker.
pub type Job = Box<dyn FnOnce() + Send>;

/// The workers and their queue.
pub struct Pool {
    tx: Mutex<Sender<Job>>,
}

impl Pool {
    /// Starts `workers` threads.
    pub fn new(workers: usize) -> Pool {
        let (tx, rx) = channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..workers.max(1) {
            let rx = Arc::clone(&rx);
            let _ = thread::Builder::new().name(format!("computer {i}")).spawn(move || work(&rx));
        }
        Pool { tx: Mutex::new(tx) }
    }

    /// Queues a turn.
    pub fn submit(&self, job: Job) {
        let _ = lock(&self.tx).send(job);
    }
}

fn work(rx: &Mutex<Receiver<Job>>) {
    loop {
        let job = match lock(rx).recv() {
            Ok(job) => job,
            Err(_) => return,
        };
        // A strategy that panics past the core's guards ends its turn,
        // not the worker.
        if catch_unwind(AssertUnwindSafe(job)).is_err() {
            eprintln!("tabula serve: a computer's turn panicked");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn no_more_turns_run_at_once_than_there_are_workers() {
        let pool = Pool::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (done_tx, done_rx) = channel();
        for _ in 0..8 {
            let (running, most, done) = (Arc::clone(&running), Arc::clone(&most), done_tx.clone());
            pool.submit(Box::new(move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                thread::sleep(Duration::from_millis(20));
                running.fetch_sub(1, Ordering::SeqCst);
                let _ = done.send(());
            }));
        }
        pool.submit(Box::new(|| panic!("a turn that panics")));
        for _ in 0..8 {
            done_rx.recv_timeout(Duration::from_secs(60)).expect("every turn runs");
        }
        assert!(most.load(Ordering::SeqCst) <= 2, "at most two at once");
    }
}
