//! Computer players in the background: a program with a window asks for
//! its searches to yield the processor to the thread that draws.
//!
//! On a machine with few cores a search keeps a core busy for its whole
//! budget, and the window's thread, the GL driver's threads and the X
//! server then wait for a core between frames. After
//! [`set_background_searches`]`(true)` every search thread started by
//! `players::StrategyPlayer` (and the threads a strategy starts
//! from it, which inherit the value) and every engine process started
//! afterwards runs at [`BACKGROUND_NICE`]: the scheduler hands the core to
//! the window first, and the search still gets every cycle the window
//! leaves idle. The command line and matches never ask for it.
//!
//! Only Linux applies it (a per-thread nice value is a Linux property);
//! elsewhere the searches keep the process's priority.

use std::sync::atomic::{AtomicBool, Ordering};

/// The nice value of background searches: low enough that a waking
/// window thread preempts a search at once, high enough that a search
/// on a machine loaded by other programs still gets about a tenth of
/// the share of each of them (a search starved outright would lose on
/// time, or answer only when its stop flag is seen).
pub const BACKGROUND_NICE: i32 = 10;

static BACKGROUND: AtomicBool = AtomicBool::new(false);

/// Whether searches and engines started from now on run in the background.
pub fn set_background_searches(on: bool) {
    BACKGROUND.store(on, Ordering::Relaxed);
}

/// Whether searches run in the background.
pub fn background_searches() -> bool {
    BACKGROUND.load(Ordering::Relaxed)
}

/// Lowers the calling thread's priority when searches run in the
/// background. An unprivileged thread cannot raise it again, so this is
/// called only by threads that exist for one search.
pub(crate) fn enter_search_thread() {
    if background_searches() {
        lower_this_thread();
    }
}

#[cfg(target_os = "linux")]
fn lower_this_thread() {
    // SAFETY: plain system calls on the calling thread; on Linux
    // `setpriority(PRIO_PROCESS, tid)` sets that one thread's nice value.
    // A failure (a sandbox forbidding it) leaves the search at normal
    // priority, which is only slower drawing.
    unsafe {
        let tid = libc::gettid();
        let now = libc::getpriority(libc::PRIO_PROCESS, tid as libc::id_t);
        if now < BACKGROUND_NICE {
            libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, BACKGROUND_NICE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_this_thread() {}

/// Makes `command` start at the background nice value when searches run
/// in the background (an engine is one long search, process-wide).
pub(crate) fn background_command(command: &mut std::process::Command) {
    #[cfg(target_os = "linux")]
    if background_searches() {
        use std::os::unix::process::CommandExt;
        // SAFETY: `setpriority` is async-signal-safe and touches no memory
        // of the parent; it runs in the child between fork and exec, so
        // every thread the engine starts inherits the value.
        unsafe {
            command.pre_exec(|| {
                if libc::getpriority(libc::PRIO_PROCESS, 0) < BACKGROUND_NICE {
                    libc::setpriority(libc::PRIO_PROCESS, 0, BACKGROUND_NICE);
                }
                Ok(())
            });
        }
    }
}

/// The calling thread's nice value (Linux), for tests of the above.
#[cfg(target_os = "linux")]
pub fn this_thread_nice() -> i32 {
    // SAFETY: a plain system call reading the calling thread's value.
    unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) }
}
