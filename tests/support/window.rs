//! The real window under a private Xvfb display, driven with xdotool and
//! photographed with ImageMagick's `import`, for end-to-end tests.
//!
//! The window is the real binary (`tabula play --config F`, beside the
//! test's target directory) run with `TABULA_GUI_TEST_LAYOUT=1`, so it
//! prints a `TABULA_LAYOUT {json}` line on stderr whenever its layout,
//! dialog or move list changes. Missing tools (`scripts/setup.sh --test`
//! installs them) fail the test unless `TABULA_SKIP_GUI_E2E=1` asks to
//! skip it, loudly.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use tabula_xvfb::Reaper;

/// A window on its own X display. Dropping it ends both.
pub struct Window {
    // Field order: the window goes before its display.
    gui: Reaper,
    _xvfb: tabula_xvfb::Display,
    display: String,
    id: String,
    lines: Receiver<String>,
    /// Every stderr line read so far, for failure messages.
    pub seen: Vec<String>,
    /// The first `TABULA_LAYOUT` line, which [`Window::open`] waited for.
    pub first_layout: String,
    /// The latest layout read.
    last: serde_json::Value,
}

/// The `tabula` binary beside the running test's directory (`target/<profile>`).
pub fn tabula_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps").join("tabula")
}

/// Where tests keep their screenshots: `target/test-artifacts/NAME`.
pub fn artifact(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
    std::fs::create_dir_all(&dir).expect("target/test-artifacts");
    dir.join(name)
}

/// Takes a screenshot of `w` into `target/test-artifacts/NAME`, says where
/// on stderr (to look at it), and returns its path.
pub fn shot(w: &Window, name: &str) -> PathBuf {
    let path = artifact(name);
    w.screenshot(&path);
    eprintln!("screenshot: {}", path.display());
    path
}

/// Copies a screenshot over `docs/screenshots/NAME` when
/// `TABULA_UPDATE_SCREENSHOTS` is set, so the documentation's pictures are
/// refreshed on purpose and never by an ordinary test run.
pub fn keep_screenshot(from: &Path, name: &str) {
    if std::env::var_os("TABULA_UPDATE_SCREENSHOTS").is_some() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots").join(name);
        std::fs::copy(from, docs).expect("copy the screenshot into docs/screenshots");
    }
}

fn parse_layout(line: &str) -> Option<serde_json::Value> {
    line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok())
}

/// The strings of the layout dump's list `key` (`starts`, `targets`, `fog`).
pub fn names(v: &serde_json::Value, key: &str) -> Vec<String> {
    v[key].as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

/// Whether every tool is installed; panics naming the missing ones unless
/// `TABULA_SKIP_GUI_E2E=1` (then `false`: the caller returns early).
pub fn tools_present(tools: &[&str]) -> bool {
    tabula_xvfb::tools_present(tools)
}

impl Window {
    /// Starts Xvfb and `tabula play --config <config>` in `dir` (which
    /// also holds the settings file), and waits for the window.
    pub fn open(binary: &Path, config: &Path, dir: &Path) -> Window {
        Window::open_with_env(binary, config, dir, &[])
    }

    /// [`Window::open`] with more environment variables for the window
    /// (they win over the harness's own).
    pub fn open_with_env(binary: &Path, config: &Path, dir: &Path, env: &[(&str, &str)]) -> Window {
        let config = config.to_string_lossy();
        Window::open_args(binary, &["play", "--config", &config], dir, env)
    }

    /// Starts Xvfb and `binary` with `args` (a window on a network game:
    /// `play --connect ADDR …`) in `dir`, and waits for the window.
    pub fn open_args(binary: &Path, args: &[&str], dir: &Path, env: &[(&str, &str)]) -> Window {
        let xvfb = tabula_xvfb::Display::start(1280, 800);
        let display = xvfb.name().to_string();
        let mut child = Command::new(binary)
            .args(args)
            .current_dir(dir)
            .env("DISPLAY", &display)
            .env("TABULA_GUI_TEST_LAYOUT", "1")
            .env("SDL_AUDIODRIVER", "dummy")
            .env("TABULA_SETTINGS", dir.join("settings.toml"))
            // The autosave and the saves stay in the test's directory.
            .env("XDG_DATA_HOME", dir.join("data"))
            // The caller's variables last: a test may record the sound
            // (`SDL_AUDIODRIVER=disk`) instead of silencing it.
            .envs(env.iter().copied())
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("start the GUI");
        let lines = tabula_xvfb::stderr_lines(&mut child);
        let mut window = Window {
            gui: Reaper(child),
            _xvfb: xvfb,
            display,
            id: String::new(),
            lines,
            seen: Vec::new(),
            first_layout: String::new(),
            last: serde_json::Value::Null,
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
    pub fn wait_for<T>(&mut self, timeout: Duration, pick: impl FnMut(&str) -> Option<T>) -> T {
        match self.try_wait_for(timeout, pick) {
            Some(found) => found,
            None => panic!("the window did not print what was awaited; stderr:\n{}", self.seen.join("\n")),
        }
    }

    /// Waits up to `timeout` for a stderr line that `pick` accepts.
    pub fn try_wait_for<T>(&mut self, timeout: Duration, mut pick: impl FnMut(&str) -> Option<T>) -> Option<T> {
        let end = Instant::now() + timeout;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            let Ok(line) = self.lines.recv_timeout(left) else { break };
            if let Some(layout) = parse_layout(&line) {
                self.last = layout;
            }
            let found = pick(&line);
            self.seen.push(line);
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The window's layout once it satisfies `want`: the latest one if it
    /// already does (the window prints a layout only when it changes),
    /// else the next that does within 40 s; panics naming `what`.
    pub fn layout(&mut self, what: &str, want: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        if self.last.is_null() {
            self.last = parse_layout(&self.first_layout).unwrap_or_default();
        }
        if want(&self.last) {
            return self.last.clone();
        }
        let found = self.try_wait_for(Duration::from_secs(40), |l| parse_layout(l).filter(|v| want(v)));
        found.unwrap_or_else(|| panic!("{what}: not seen; stderr:\n{}", self.seen.join("\n")))
    }

    /// Clicks at a `[x, y]` position of the layout.
    pub fn click_at(&self, at: &serde_json::Value) {
        let (x, y) = (at[0].as_f64(), at[1].as_f64());
        self.click(x.unwrap_or_else(|| panic!("not a position: {at}")), y.unwrap_or_default());
    }

    /// Clicks the layout dump's button `name` once the window shows it.
    pub fn click_button(&mut self, name: &str) {
        let v = self.layout(&format!("the button {name}"), |v| v["buttons"][name].is_array());
        self.click_at(&v["buttons"][name]);
    }

    /// Sets the analysis strip's depth to `depth` with its − and + buttons.
    pub fn set_analysis_depth(&mut self, depth: u64) {
        loop {
            let v = self.layout("the analysis depth", |v| v["analysis"]["max_depth"].is_u64());
            let now = v["analysis"]["max_depth"].as_u64().unwrap();
            if now == depth {
                return;
            }
            self.click_button(if now > depth { "analysis-depth-" } else { "analysis-depth+" });
            self.layout("the depth changed", |v| v["analysis"]["max_depth"].as_u64() != Some(now));
        }
    }

    /// Resizes the window.
    pub fn resize(&self, width: u32, height: u32) {
        self.xdotool(&["windowsize", &self.id, &width.to_string(), &height.to_string()]);
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

    /// Drags with the right button from one `[x, y]` of the layout to
    /// another (the same place: a right click), holding `modifier` (an
    /// xdotool key name: `shift`, `ctrl`) when given.
    pub fn right_drag(&self, from: &serde_json::Value, to: &serde_json::Value, modifier: Option<&str>) {
        let at = |v: &serde_json::Value| {
            let (x, y) = (v[0].as_f64().unwrap_or_else(|| panic!("not a position: {v}")), v[1].as_f64().unwrap_or(0.0));
            [format!("{x}"), format!("{y}")]
        };
        let ([fx, fy], [tx, ty]) = (at(from), at(to));
        if let Some(key) = modifier {
            self.xdotool(&["keydown", key]);
        }
        self.xdotool(&["mousemove", "--window", &self.id, &fx, &fy]);
        std::thread::sleep(Duration::from_millis(100));
        self.xdotool(&["mousedown", "3"]);
        self.xdotool(&["mousemove", "--window", &self.id, &tx, &ty]);
        std::thread::sleep(Duration::from_millis(100));
        self.xdotool(&["mouseup", "3"]);
        if let Some(key) = modifier {
            self.xdotool(&["keyup", key]);
        }
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Turns the mouse wheel one notch over window coordinates, towards
    /// the end of a list when `down`.
    pub fn wheel(&self, x: f64, y: f64, down: bool) {
        self.xdotool(&["mousemove", "--window", &self.id, &format!("{x}"), &format!("{y}")]);
        std::thread::sleep(Duration::from_millis(100));
        self.xdotool(&["click", if down { "5" } else { "4" }]);
        std::thread::sleep(Duration::from_millis(150));
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
