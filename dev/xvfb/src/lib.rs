//! A private X display for the window's end-to-end tests.
//!
//! Xvfb chooses its own display number (`-displayfd`) instead of the test
//! guessing one from `/tmp/.X*-lock`: a server killed without a chance to
//! clean up leaves its lock file and socket behind, and guessing from those
//! runs out of numbers on a machine that has run the suite often (CI did).
//! Xvfb picks by binding the socket, which is race-free between tests
//! running in parallel.
//!
//! Dropping a [`Display`] stops the server with SIGTERM so it removes its
//! socket, and kills it only if it does not stop.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Tools the window tests drive the window with.
pub const WINDOW_TOOLS: [&str; 3] = ["Xvfb", "xdotool", "import"];

/// Whether every tool is installed. Missing tools fail the test, naming
/// them, unless `TABULA_SKIP_GUI_E2E=1` asks to skip (then `false`, loudly:
/// the caller returns early).
pub fn tools_present(tools: &[&str]) -> bool {
    let missing: Vec<&str> = tools.iter().copied().filter(|t| !have(t)).collect();
    if missing.is_empty() {
        return true;
    }
    if std::env::var_os("TABULA_SKIP_GUI_E2E").is_some_and(|v| v == "1") {
        eprintln!("SKIPPED on request (TABULA_SKIP_GUI_E2E=1): missing {}", missing.join(", "));
        return false;
    }
    panic!(
        "the window test needs {}: run scripts/setup.sh --test (or set TABULA_SKIP_GUI_E2E=1 to skip it)",
        missing.join(", ")
    );
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A running Xvfb server with one screen.
pub struct Display {
    server: Child,
    name: String,
}

impl Display {
    /// Starts Xvfb with a `width`×`height` 24-bit screen and waits until it
    /// accepts clients. Panics with the reason if it does not start.
    pub fn start(width: u32, height: u32) -> Display {
        let mut server = Command::new("Xvfb")
            .args(["-displayfd", "1", "-screen", "0", &format!("{width}x{height}x24"), "-nolisten", "tcp"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start Xvfb: {e}"));
        // Xvfb writes the number once it listens; read it off-thread so a
        // server that never answers cannot hang the test.
        let stdout = server.stdout.take().expect("Xvfb's stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let number = rx.recv_timeout(Duration::from_secs(20)).ok().and_then(|l| l.trim().parse::<u32>().ok());
        let Some(number) = number else {
            let _ = server.kill();
            let _ = server.wait();
            panic!("Xvfb did not report a display number within 20 s");
        };
        Display { server, name: format!(":{number}") }
    }

    /// The display name for `DISPLAY` (`:N`).
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        stop(&mut self.server, Duration::from_secs(3));
    }
}

/// Asks a child to end (SIGTERM), waits up to `grace`, then kills it.
/// A server given the chance removes its lock file and socket.
pub fn stop(child: &mut Child, grace: Duration) {
    if child.try_wait().is_ok_and(|s| s.is_some()) {
        return;
    }
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a pid we spawned and have not yet reaped.
        unsafe { libc::kill(pid, libc::SIGTERM) };
    }
    let end = Instant::now() + grace;
    while Instant::now() < end {
        if child.try_wait().is_ok_and(|s| s.is_some()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The lines a child writes to its piped stderr, read on a thread of
/// their own so a test can wait for one with a time-out.
pub fn stderr_lines(child: &mut Child) -> Receiver<String> {
    let stderr = child.stderr.take().expect("the child's stderr is piped");
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// Kills a child process when dropped, so a failing test leaves nothing behind.
pub struct Reaper(pub Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_displays_get_different_numbers_and_stop_cleanly() {
        if !tools_present(&["Xvfb"]) {
            return;
        }
        let a = Display::start(320, 200);
        let b = Display::start(320, 200);
        assert_ne!(a.name(), b.name());
        let socket = format!("/tmp/.X11-unix/X{}", &a.name()[1..]);
        assert!(std::path::Path::new(&socket).exists(), "{socket} while the server runs");
        drop(a);
        assert!(!std::path::Path::new(&socket).exists(), "{socket} left behind after the server stopped");
        drop(b);
    }
}
