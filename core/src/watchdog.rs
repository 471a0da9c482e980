//! A time bound on calls into rules plugins.
//!
//! A call that never returns cannot be cancelled: plugin code runs on the
//! caller's thread and Rust threads cannot be killed. What the host can do
//! is notice, say so and stop, rather than hang for ever. Every rules call
//! the core makes goes through [`watch`]; a watchdog thread checks the
//! calls in flight, and when one has run longer than the limit it runs the
//! hook registered with [`before_exit`] (the window saves its game there),
//! prints which call hung and ends the process with [`EXIT_HUNG`]. Matches
//! lose nothing: each finished game was written when it ended.
//!
//! The limit is [`DEFAULT_LIMIT`], or `TABULA_RULES_TIMEOUT_MS` from the
//! environment. Searches are not watched here: strategies call positions
//! directly, under their own time limit and grace period.

use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// How long one rules call may take before the host gives up on it.
pub const DEFAULT_LIMIT: Duration = Duration::from_secs(10);
/// The exit status of a process stopped by the watchdog.
pub const EXIT_HUNG: i32 = 3;

struct Registry {
    next: u64,
    active: Vec<(u64, Instant, &'static str)>,
    watching: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry { next: 0, active: Vec::new(), watching: false });
static PLUGIN: Mutex<String> = Mutex::new(String::new());
type Hook = Box<dyn Fn() + Send>;
static BEFORE_EXIT: Mutex<Option<Hook>> = Mutex::new(None);
static LIMIT: OnceLock<Duration> = OnceLock::new();

/// The limit in force.
pub fn limit() -> Duration {
    *LIMIT.get_or_init(|| {
        std::env::var("TABULA_RULES_TIMEOUT_MS")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .filter(|ms| *ms > 0)
            .map_or(DEFAULT_LIMIT, Duration::from_millis)
    })
}

/// Names the rules plugin in the watchdog's message (the last one built).
pub fn note_plugin(name: &str) {
    *PLUGIN.lock().unwrap_or_else(PoisonError::into_inner) = name.to_string();
}

/// Registers `hook` to run before the process ends over a hung call (it
/// must not call into the hung plugin).
pub fn before_exit(hook: impl Fn() + Send + 'static) {
    *BEFORE_EXIT.lock().unwrap_or_else(PoisonError::into_inner) = Some(Box::new(hook));
}

/// Runs `f`, a call named `call` into a rules plugin, under the watchdog.
pub fn watch<T>(call: &'static str, f: impl FnOnce() -> T) -> T {
    let id = {
        let mut r = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
        r.next += 1;
        let id = r.next;
        r.active.push((id, Instant::now(), call));
        if !r.watching {
            r.watching = std::thread::Builder::new().name("rules watchdog".into()).spawn(watchdog).is_ok();
        }
        id
    };
    struct Done(u64);
    impl Drop for Done {
        fn drop(&mut self) {
            let mut r = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(i) = r.active.iter().position(|(id, _, _)| *id == self.0) {
                r.active.swap_remove(i);
            }
        }
    }
    let _done = Done(id);
    f()
}

fn watchdog() {
    let limit = limit();
    let tick = (limit / 8).clamp(Duration::from_millis(10), Duration::from_millis(250));
    loop {
        std::thread::sleep(tick);
        let hung = {
            let r = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
            r.active.iter().find(|(_, since, _)| since.elapsed() >= limit).map(|(_, since, call)| (*call, *since))
        };
        if let Some((call, since)) = hung {
            if let Some(hook) = BEFORE_EXIT.lock().unwrap_or_else(PoisonError::into_inner).take() {
                hook();
            }
            let plugin = PLUGIN.lock().unwrap_or_else(PoisonError::into_inner).clone();
            let plugin =
                if plugin.is_empty() { "the rules plugin".to_string() } else { format!("rules plugin '{plugin}'") };
            eprintln!(
                "error: {plugin} has not returned from {call} for {:.1} s (limit {:.1} s, TABULA_RULES_TIMEOUT_MS): \
                 it is hung, so Tabula stops; every finished game was already written",
                since.elapsed().as_secs_f64(),
                limit.as_secs_f64()
            );
            std::process::exit(EXIT_HUNG);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_in_flight_are_registered_and_released() {
        let registered = || REGISTRY.lock().unwrap().active.iter().any(|e| e.2 == "watchdog test call");
        assert!(watch("watchdog test call", registered));
        assert!(!registered(), "released when the call returns");
        let caught = std::panic::catch_unwind(|| watch("watchdog test call", || panic!("unwinds")));
        assert!(caught.is_err());
        assert!(!registered(), "released when the call unwinds");
    }
}
