//! The real window under a private Xvfb display, driven with xdotool and
//! photographed with ImageMagick's `import`, for end-to-end tests.
//!
//! The window is the real binary (`tabula play --config F`, beside the
//! test's target directory) run with `TABULA_GUI_TEST_LAYOUT=1`, so it
//! prints a `TABULA_LAYOUT {json}` line on stderr whenever its layout,
//! dialog or move list changes. Missing tools (`scripts/setup.sh --test`
//! installs them) fail the test unless `TABULA_SKIP_GUI_E2E=1` asks to
//! skip it, loudly.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Kills a child process when dropped, so a failing test leaves nothing behind.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A window on its own X display. Dropping it ends both.
pub struct Window {
    // Field order: the window goes before its display.
    gui: Reaper,
    _xvfb: Reaper,
    display: String,
    id: String,
    lines: Receiver<String>,
    /// Every stderr line read so far, for failure messages.
    pub seen: Vec<String>,
    /// The first `TABULA_LAYOUT` line, which [`Window::open`] waited for.
    pub first_layout: String,
}

/// Whether every tool is installed; panics naming the missing ones unless
/// `TABULA_SKIP_GUI_E2E=1` (then `false`: the caller returns early).
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
        "the GUI end-to-end test needs {}: run scripts/setup.sh --test (or set TABULA_SKIP_GUI_E2E=1 to skip it)",
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

/// A display number with no X server.
fn free_display() -> u32 {
    (400..700)
        .find(|n| {
            !Path::new(&format!("/tmp/.X{n}-lock")).exists() && !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        })
        .expect("a free X display number")
}

impl Window {
    /// Starts Xvfb and `tabula play --config <config>` in `dir` (which
    /// also holds the settings file), and waits for the window.
    pub fn open(binary: &Path, config: &Path, dir: &Path) -> Window {
        // Tests run in parallel: one picks a free display and starts its X
        // server before another looks, or both would share one display.
        static PICKING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let picking = PICKING.lock().unwrap_or_else(|e| e.into_inner());
        let n = free_display();
        let display = format!(":{n}");
        let xvfb = Reaper(
            Command::new("Xvfb")
                .args([&display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
                .stderr(Stdio::null())
                .spawn()
                .expect("start Xvfb"),
        );
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        let start = Instant::now();
        while !socket.exists() {
            assert!(start.elapsed() < Duration::from_secs(10), "Xvfb did not start on {display}");
            std::thread::sleep(Duration::from_millis(50));
        }
        drop(picking);
        let mut child = Command::new(binary)
            .args(["play", "--config"])
            .arg(config)
            .current_dir(dir)
            .env("DISPLAY", &display)
            .env("TABULA_GUI_TEST_LAYOUT", "1")
            .env("SDL_AUDIODRIVER", "dummy")
            .env("TABULA_SETTINGS", dir.join("settings.toml"))
            // The autosave and the saves stay in the test's directory.
            .env("XDG_DATA_HOME", dir.join("data"))
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("start the GUI");
        let stderr = child.stderr.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut window = Window {
            gui: Reaper(child),
            _xvfb: xvfb,
            display,
            id: String::new(),
            lines,
            seen: Vec::new(),
            first_layout: String::new(),
        };
        window.first_layout =
            window.wait_for(Duration::from_secs(30), |l| l.starts_with("TABULA_LAYOUT ").then(|| l.to_string()));
        let id = window.xdotool(&["search", "--sync", "--name", "Tabula"]);
        window.id = id.lines().next().unwrap_or_default().to_string();
        assert!(!window.id.is_empty(), "no window titled Tabula");
        window
    }

    /// Waits for a stderr line that `pick` accepts; panics with what was
    /// seen after `timeout`.
    pub fn wait_for<T>(&mut self, timeout: Duration, mut pick: impl FnMut(&str) -> Option<T>) -> T {
        let end = Instant::now() + timeout;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let found = pick(&line);
                    self.seen.push(line);
                    if let Some(found) = found {
                        return found;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("the window did not print what was awaited; stderr:\n{}", self.seen.join("\n"))
    }

    /// Runs xdotool on the window's display.
    pub fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool").args(args).env("DISPLAY", &self.display).output().expect("run xdotool");
        assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Clicks at window coordinates, pausing as a person would.
    pub fn click(&self, x: f64, y: f64) {
        self.xdotool(&["mousemove", "--window", &self.id, &format!("{x}"), &format!("{y}")]);
        std::thread::sleep(Duration::from_millis(150));
        self.xdotool(&["click", "1"]);
        std::thread::sleep(Duration::from_millis(250));
    }

    /// Presses a key (xdotool's key names).
    pub fn key(&self, key: &str) {
        self.xdotool(&["key", key]);
        std::thread::sleep(Duration::from_millis(200));
    }

    /// Saves a screenshot of the whole display to `path`.
    pub fn screenshot(&self, path: &Path) {
        let status = Command::new("import").args(["-display", &self.display, "-window", "root"]).arg(path).status();
        assert!(status.is_ok_and(|s| s.success()), "the screenshot {} was not taken", path.display());
    }

    /// Whether the window's process is still running.
    pub fn running(&mut self) -> bool {
        self.gui.0.try_wait().is_ok_and(|s| s.is_none())
    }
}
