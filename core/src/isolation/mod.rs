//! Rules plugins in a child process (`[game] isolate = true`,
//! `--isolate-rules`).
//!
//! In process, a rules plugin's values are checked ([`crate::boundary`])
//! and its calls bounded in time ([`crate::watchdog`]), but a plugin that
//! segfaults, aborts or corrupts memory still takes Tabula down with it.
//! Isolated, the plugin runs in a child `tabula __rules-server`
//! ([`crate::rules_server`]) that answers requests on its standard input and output ([`wire`]); Tabula
//! holds a [`RulesBox`] whose positions are handles in the child
//! (the `proxy` module, behind [`spawn`]), so sessions, matches, the window, strategies, the boundary
//! checks and the watchdog work on it unchanged.
//!
//! When the child dies, stops answering within the time limit or sends
//! something unreadable, it is stopped and every later call returns a
//! [`rules_api::PluginError`] naming why (`the rules process exited:
//! signal 11 (SIGSEGV)`): the game ends through the host's usual
//! rules-failure path (a match stops with that error, the window pauses
//! with it), and nothing hangs.

mod proxy;
pub mod wire;

use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use rules_api::{PluginError, RulesBox};

pub use proxy::spawn;

/// The hidden subcommand of the `tabula` executable that runs a rules
/// plugin for its parent.
pub const SERVER_COMMAND: &str = "__rules-server";

/// How long the child may take over one call before it is stopped: three
/// quarters of the watchdog's limit, so an isolated plugin that hangs
/// ends the game with an error before the watchdog would end Tabula.
pub fn call_limit() -> Duration {
    crate::watchdog::limit() * 3 / 4
}

/// Builds the game of the plugin at `library` with `options` in a child
/// of the running executable.
pub fn isolated_rules(library: &Path, options: &[(String, String)]) -> Result<RulesBox, PluginError> {
    let exe = std::env::current_exe()
        .map_err(|e| PluginError::internal(format!("cannot find the tabula executable to isolate the rules: {e}")))?;
    spawn(&exe, library, options)
}

/// Distinct status reasons and highlight notes kept, at most: the boundary
/// wants them `'static`, so each distinct text is leaked once.
const INTERN_MAX: usize = 4096;
/// Longest text kept; longer ones are cut (still over the boundary's
/// limit, so still refused there).
const INTERN_LONGEST: usize = 1024;

/// The `'static` copy of a reason or note from the rules process.
pub(crate) fn intern(text: String) -> &'static str {
    static KEPT: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut text = text;
    if text.len() > INTERN_LONGEST {
        let mut cut = INTERN_LONGEST;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
    let mut kept = KEPT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let kept = kept.get_or_insert_with(HashSet::new);
    if let Some(&s) = kept.get(text.as_str()) {
        return s;
    }
    if kept.len() >= INTERN_MAX {
        return "(the rules process sent too many different texts to keep)";
    }
    let s: &'static str = Box::leak(text.into_boxed_str());
    kept.insert(s);
    s
}

/// How a child process ended, for people: `exited with status 3`,
/// `signal 11 (SIGSEGV)`.
pub fn describe_exit(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return match signal_hook::low_level::signal_name(signal) {
                Some(name) => format!("signal {signal} ({name})"),
                None => format!("signal {signal}"),
            };
        }
    }
    match status.code() {
        Some(code) => format!("status {code}"),
        None => status.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_kept_once_and_cut_when_overlong() {
        let a = intern("checkmate".to_string());
        let b = intern("checkmate".to_string());
        assert!(std::ptr::eq(a, b));
        let long = intern("é".repeat(INTERN_LONGEST));
        assert!(long.len() <= INTERN_LONGEST && long.len() > crate::boundary::MAX_SHORT_TEXT);
    }

    #[cfg(unix)]
    #[test]
    fn exits_are_described_with_the_signal_name() {
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(describe_exit(std::process::ExitStatus::from_raw(11)), "signal 11 (SIGSEGV)");
        assert_eq!(describe_exit(std::process::ExitStatus::from_raw(3 << 8)), "status 3");
    }
}
