//! Opening an unknown library in a child process first.
//!
//! `dlopen` of a damaged file does not fail politely: a truncated library
//! is mapped past its end (SIGBUS), a flipped bit in its relocations or
//! symbol tables crashes the dynamic loader or the library's constructors
//! (SIGSEGV, or an assertion and exit 127). One such file in a plugin
//! directory would take every command that lists plugins down with it. So
//! before a library is opened in this process, a child — the program named
//! with [`set_prober`], run as `PROGRAM __probe-plugin PATH` — opens it and
//! reads its root module; a child that dies leaves a [`super::LoadError`]
//! naming the file, and this process goes on.
//!
//! A library that opened cleanly is remembered by path, size, modification
//! time and inode, in this process and in `$XDG_CACHE_HOME/tabula/probed`
//! (or `~/.cache/...`), so each library file is probed once, not at every
//! command.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// The hidden subcommand a prober program answers.
pub const PROBE_COMMAND: &str = "__probe-plugin";
/// How long a probe may take (a constructor that hangs counts as damage).
const PROBE_TIMEOUT: Duration = Duration::from_secs(20);

static PROBER: OnceLock<PathBuf> = OnceLock::new();
static KNOWN: Mutex<Option<HashSet<String>>> = Mutex::new(None);

/// Names the program that probes libraries (the `tabula` executable);
/// without one, libraries are opened directly.
pub fn set_prober(program: PathBuf) {
    let _ = PROBER.set(program);
}

/// The identity of a library file's current content, as cached.
fn identity(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let canonical = path.canonicalize().ok()?;
    let m = std::fs::metadata(&canonical).ok()?;
    Some(format!("{}\t{}\t{}\t{}", m.len(), m.mtime_nsec() + m.mtime() * 1_000_000_000, m.ino(), canonical.display()))
}

fn cache_file() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("tabula").join("probed"))
}

fn with_known<T>(f: impl FnOnce(&mut HashSet<String>) -> T) -> T {
    let mut known = KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    let set = known.get_or_insert_with(|| {
        let text = cache_file().and_then(|f| std::fs::read_to_string(f).ok()).unwrap_or_default();
        text.lines().map(str::to_string).collect()
    });
    f(set)
}

fn remember(id: String) {
    let text = with_known(|set| {
        set.insert(id);
        let mut lines: Vec<&String> = set.iter().collect();
        lines.sort();
        lines.iter().map(|l| format!("{l}\n")).collect::<String>()
    });
    if let Some(file) = cache_file() {
        // A cache that cannot be written only costs a probe next time.
        let _ = file.parent().map(std::fs::create_dir_all);
        let _ = crate::files::write_atomically(&file, &text);
    }
}

/// Checks that opening `path` does not crash a process. `Err` says how the
/// probe died; `Ok` when it opened (or failed politely, which opening it
/// here reports in full), when it was probed before, or when no prober is
/// set.
pub fn probe(path: &Path) -> Result<(), String> {
    let Some(program) = PROBER.get() else { return Ok(()) };
    let Some(id) = identity(path) else { return Ok(()) };
    if with_known(|set| set.contains(&id)) {
        return Ok(());
    }
    let mut child = Command::new(program)
        .arg(PROBE_COMMAND)
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start a process to check it ({e})"))?;
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > PROBE_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("opening it did not finish within {} s", PROBE_TIMEOUT.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("cannot check it ({e})")),
        }
    };
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(0), _) => {
            remember(id);
            Ok(())
        }
        // A polite refusal (not a plugin, another version): the loader
        // here says why, in full.
        (Some(2), _) => Ok(()),
        (_, Some(signal)) => Err(format!("opening it crashed a test process (signal {signal})")),
        (Some(code), _) => Err(format!("opening it ended a test process with status {code}")),
        (None, None) => Err("opening it ended a test process abnormally".into()),
    }
}
