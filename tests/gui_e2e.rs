//! End-to-end tests through the real window: the GUI (`tabula play`, the
//! real binary beside this test's target directory) runs under Xvfb and
//! is driven with xdotool the way a person would: clicks on cells and
//! buttons found in the layout the window prints, typed moves, keys and
//! signals. Screenshots land in `target/test-artifacts/`.
//!
//! Missing tools (Xvfb, xdotool, ImageMagick's `import`;
//! `scripts/setup.sh --test` installs them) or a binary built without the
//! window fail the tests: a GUI test that passes without running proves
//! nothing. `TABULA_SKIP_GUI_E2E=1` skips them on purpose, loudly.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

/// The GUI tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Fails the test (or skips it when asked to) unless every tool is installed.
fn require_tools() -> bool {
    tabula_xvfb::tools_present(&tabula_xvfb::WINDOW_TOOLS)
}

/// A scratch directory removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("tabula-gui-e2e-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

use tabula_xvfb::Reaper;

fn target_profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps").to_path_buf()
}

fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The real binary, which must be a build with the window.
fn gui_binary() -> PathBuf {
    let bin = target_profile_dir().join("tabula");
    assert!(bin.exists(), "{} is missing: run `cargo build --release --workspace` first", bin.display());
    let help = Command::new(&bin).args(["play", "--help"]).output().expect("run tabula play --help");
    assert!(
        String::from_utf8_lossy(&help.stdout).contains("--text"),
        "{} was built without the window (the `gui` feature)",
        bin.display()
    );
    bin
}

/// A virtual X server big enough for the tallest and widest windows tried.
struct Display {
    name: String,
    _server: tabula_xvfb::Display,
}

impl Display {
    fn start() -> Display {
        let server = tabula_xvfb::Display::start(1600, 1300);
        Display { name: server.name().to_string(), _server: server }
    }
}

/// The running window, its printed layouts and everything it said.
struct Gui {
    display: String,
    child: Reaper,
    lines: Receiver<String>,
    seen: Vec<String>,
    window: String,
    last: Value,
}

impl Gui {
    /// Starts `tabula play --config CONFIG` in `home` (settings, saves and
    /// autosave there) and waits for its first layout; the window is moved
    /// to the top-left corner and sized `size`.
    fn start(display: &Display, home: &Path, config: &Path, size: (u32, u32)) -> Gui {
        let child = Command::new(gui_binary())
            .args(["play", "--config"])
            .arg(config)
            .current_dir(home)
            .env("DISPLAY", &display.name)
            .env("TABULA_GUI_TEST_LAYOUT", "1")
            .env("SDL_AUDIODRIVER", "dummy")
            .env("TABULA_SETTINGS", home.join("settings.toml"))
            .env("XDG_DATA_HOME", home.join("data"))
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("start the GUI");
        let mut child = Reaper(child);
        let lines = tabula_xvfb::stderr_lines(&mut child.0);
        let mut gui = Gui {
            display: display.name.clone(),
            child,
            lines,
            seen: Vec::new(),
            window: String::new(),
            last: Value::Null,
        };
        gui.wait(30, "a first layout", |_| true);
        let found = gui.xdotool(&["search", "--sync", "--name", "Tabula"]);
        gui.window = found.lines().next().unwrap_or_default().to_string();
        assert!(!gui.window.is_empty(), "no window titled Tabula");
        let (w, h) = (size.0.to_string(), size.1.to_string());
        gui.xdotool(&["windowmove", &gui.window.clone(), "0", "0"]);
        gui.xdotool(&["windowsize", &gui.window.clone(), &w, &h]);
        gui.wait(10, "the window at its size", |v| v["window"] == serde_json::json!([size.0, size.1]));
        gui
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool").args(args).env("DISPLAY", &self.display).output().expect("run xdotool");
        assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Waits up to `secs` for a stderr line satisfying `pick`.
    fn wait_line<T>(&mut self, secs: u64, what: &str, mut pick: impl FnMut(&str) -> Option<T>) -> T {
        let end = Instant::now() + Duration::from_secs(secs);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(v) = line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok()) {
                        self.last = v;
                    }
                    let found = pick(&line);
                    self.seen.push(line);
                    if let Some(found) = found {
                        return found;
                    }
                }
                Err(_) => break,
            }
        }
        let tail: Vec<&String> = self.seen.iter().rev().take(12).collect();
        panic!("waited {secs} s for {what}; last lines:\n{tail:#?}");
    }

    /// Waits for a layout satisfying `ok` (the latest one counts too).
    fn wait(&mut self, secs: u64, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
        if !self.last.is_null() && ok(&self.last) {
            return self.last.clone();
        }
        self.wait_line(secs, what, |line| {
            let v: Value = serde_json::from_str(line.strip_prefix("TABULA_LAYOUT ")?).ok()?;
            ok(&v).then_some(v)
        })
    }

    fn click_at(&self, x: f64, y: f64) {
        self.xdotool(&["mousemove", "--window", &self.window, &format!("{x}"), &format!("{y}")]);
        std::thread::sleep(Duration::from_millis(120));
        self.xdotool(&["click", "1"]);
        std::thread::sleep(Duration::from_millis(200));
    }

    fn click_cell(&self, cell: &str) {
        let xy = &self.last["cells"][cell];
        self.click_at(xy[0].as_f64().expect("a cell"), xy[1].as_f64().unwrap());
    }

    /// Clicks the clickable region whose action reads `action`.
    fn click(&mut self, action: &str) {
        let v = self.wait(10, &format!("a region {action}"), |v| region(v, action).is_some());
        let (x, y) = region(&v, action).unwrap();
        self.click_at(x, y);
    }

    fn key(&self, key: &str) {
        self.xdotool(&["key", "--window", &self.window, key]);
        std::thread::sleep(Duration::from_millis(200));
    }

    fn type_text(&self, text: &str) {
        self.xdotool(&["type", "--window", &self.window, "--delay", "50", text]);
        std::thread::sleep(Duration::from_millis(200));
    }

    fn shot(&self, name: &str) -> PathBuf {
        let path = artifacts().join(name);
        let status = Command::new("import").args(["-display", &self.display, "-window", "root"]).arg(&path).status();
        assert!(status.is_ok_and(|s| s.success()), "the screenshot {} was not taken", path.display());
        path
    }
}

/// The centre of the region whose action is `action`.
fn region(v: &Value, action: &str) -> Option<(f64, f64)> {
    v["regions"].as_array()?.iter().find(|r| r[0] == action).map(|r| (r[1].as_f64().unwrap(), r[2].as_f64().unwrap()))
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect()
}

fn plugin_dirs() -> String {
    format!("[plugins]\ndirs = [\"{}\"]\n", target_profile_dir().display())
}

#[test]
fn play_save_load_type_a_move_then_sigterm_and_resume() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !require_tools() {
        return;
    }
    let display = Display::start();
    let dir = TempDir::new("play");
    let config = dir.path().join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"Tester\"\nkind = \"human\"\n\n\
             [[players]]\nname = \"Engine\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\ntime_ms = 300\n{}",
            plugin_dirs()
        ),
    )
    .unwrap();
    let mut gui = Gui::start(&display, dir.path(), &config, (1120, 760));

    gui.click_cell("e2");
    gui.click_cell("e4");
    let replied = gui.wait(30, "the computer's reply to e2-e4", |v| moves(v).len() >= 2);
    let played = moves(&replied);
    assert_eq!(played[0], "e2e4", "the clicked move was played first");
    gui.shot("gui-e2e.png");

    // Ctrl+S asks for a name (a default is offered); Enter saves into the data directory.
    gui.key("ctrl+s");
    gui.wait(10, "the Save dialog", |v| v["dialog"] == "save");
    gui.key("Return");
    let saved = gui.wait_line(10, "the save", |l| l.strip_prefix("tabula: saved ").map(PathBuf::from));
    assert!(saved.starts_with(dir.path().join("data").join("tabula").join("saves")), "{}", saved.display());
    let text = std::fs::read_to_string(&saved).unwrap();
    let record = tabula_core::config::Config::parse(&text, "save", dir.path().to_path_buf()).unwrap().record.unwrap();
    assert_eq!(record.moves, played, "the save holds both moves");
    assert_eq!(record.used_ms.len(), 2, "the clocks are kept: {text}");
    let status =
        gui.wait(10, "the message naming the file", |v| v["message"].as_str().is_some_and(|m| m.contains("Saved to")));
    assert!(status["message"].as_str().unwrap().contains(&*saved.to_string_lossy()));

    // A corrupt save chosen in the Load dialog: the error is shown and the game stays.
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(
        saved.with_file_name("zzz-corrupt.toml"),
        "[game]\nrules = \"chess\"\n[record]\nmoves = [\"e2e5\"]\n",
    )
    .unwrap();
    gui.key("ctrl+o");
    gui.wait(10, "the Load dialog", |v| v["dialog"] == "load");
    gui.click("LoadSave(0)");
    let refused = gui.wait_line(10, "the refusal", |l| l.contains("Cannot load").then(|| l.to_string()));
    assert!(refused.contains("zzz-corrupt.toml") && refused.contains("e2e5"), "{refused}");
    gui.key("Escape");
    let after = gui.wait(10, "the game again", |v| v["dialog"] == "");
    assert_eq!(moves(&after), played, "the current game is kept");

    // A move typed in coordinate notation, then the computer's answer.
    gui.key("Return");
    gui.type_text("d2d4");
    gui.key("Return");
    let typed = gui.wait(30, "the typed move and the answer", |v| moves(v).len() >= 4);
    assert_eq!(moves(&typed)[2], "d2d4");

    // Review with the arrow keys and Home; Esc returns.
    gui.key("Left");
    gui.wait(5, "one move back", |v| v["view"] == 3);
    gui.key("Home");
    gui.wait(5, "the start", |v| v["view"] == 0);
    gui.key("Escape");
    gui.wait(5, "the live position", |v| v["view"].is_null());

    // SIGTERM: saved for the next start, closed without a dialog.
    let kept = moves(&gui.last);
    let pid = gui.child.0.id().to_string();
    // The shell's own `kill`: a minimal Debian has no /bin/kill (procps).
    let term = Command::new("sh").args(["-c", &format!("kill -TERM {pid}")]).status();
    assert!(term.is_ok_and(|s| s.success()), "SIGTERM to the window");
    let start = Instant::now();
    let code = loop {
        if let Some(code) = gui.child.0.try_wait().unwrap() {
            break code;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the window did not close on SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(code.success(), "SIGTERM closes the window cleanly: {code:?}");
    gui.wait_line(5, "the farewell", |l| l.contains("terminated").then_some(()));
    let autosave = dir.path().join("data").join("tabula").join("autosave.toml");
    assert!(autosave.exists(), "the game in progress was kept");
    drop(gui);

    // The next start offers it; resuming brings the moves back.
    let mut again = Gui::start(&display, dir.path(), &config, (1120, 760));
    again.wait(10, "the offer to resume", |v| v["dialog"] == "resume");
    again.click("Resume");
    let resumed = again.wait(10, "the resumed game", |v| v["dialog"] == "" && moves(v).len() >= kept.len());
    assert_eq!(moves(&resumed)[..kept.len()], kept[..], "the same moves");
    assert!(again.child.0.try_wait().unwrap().is_none(), "the GUI is still running");
}

#[test]
fn renju_from_the_new_game_dialog_explains_a_forbidden_point_at_640x480() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !require_tools() {
        return;
    }
    let display = Display::start();
    let dir = TempDir::new("renju");
    let config = dir.path().join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"chess\"\n[[players]]\nname = \"A\"\nkind = \"human\"\n\
             [[players]]\nname = \"B\"\nkind = \"human\"\n{}",
            plugin_dirs()
        ),
    )
    .unwrap();
    let mut gui = Gui::start(&display, dir.path(), &config, (640, 480));
    // Smaller than the minimum (Xvfb has no window manager to refuse it):
    // the window grows back, so no control can fall off.
    gui.xdotool(&["windowsize", &gui.window.clone(), "400", "300"]);
    let start = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(200));
        let geometry = gui.xdotool(&["getwindowgeometry", &gui.window.clone()]);
        if geometry.contains("Geometry: 640x480") {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the window stayed too small: {geometry}");
    }
    for (id, xy) in gui.last["buttons"].as_object().unwrap() {
        let (x, y) = (xy[0].as_f64().unwrap(), xy[1].as_f64().unwrap());
        assert!(x > 0.0 && x < 640.0 && y > 0.0 && y < 480.0, "button {id} at {x},{y} is off a 640x480 window");
    }

    gui.click("NewGameDialog");
    let form = gui.wait(10, "the New game dialog", |v| v["dialog"] == "new");
    let games: Vec<String> =
        form["form"]["games"].as_array().unwrap().iter().map(|g| g.as_str().unwrap().into()).collect();
    let gomoku = games.iter().position(|g| g == "gomoku").expect("gomoku is offered");
    gui.click(&format!("FormGame({gomoku})"));
    let form = gui.wait(10, "gomoku's options", |v| v["form"]["game"] == gomoku);
    let options = form["form"]["options"].as_array().unwrap();
    let rule = options.iter().position(|o| o[0] == "rule").expect("a rule option");
    let renju = options[rule][1].as_array().unwrap().iter().position(|c| c == "renju").expect("renju");
    gui.click(&format!("FormPick(Option({rule}), {renju})"));
    // Two people, so the test plays both colours: both seats a person.
    gui.click("FormPick(Seat(0), 0)");
    gui.click("FormPick(Seat(1), 0)");
    gui.click("StartGame");
    gui.wait(10, "the renju game", |v| v["dialog"] == "" && v["cells"]["h8"].is_array());
    for cell in ["h8", "a1", "g8", "a3", "i9", "a5", "i10", "a7"] {
        let before = moves(&gui.last).len();
        gui.click_cell(cell);
        gui.wait(10, &format!("the stone on {cell}"), |v| moves(v).len() > before);
    }
    // i8 would make two open threes for Black: forbidden, and the click says so.
    gui.click_cell("i8");
    let said = gui.wait(10, "the reason", |v| v["message"].as_str().is_some_and(|m| m.contains("forbidden")));
    let message = said["message"].as_str().unwrap();
    assert!(message.contains("Black") && message.contains("double three"), "{message}");
    assert_eq!(moves(&said).len(), 8, "nothing was played");
    gui.shot("gui-e2e-renju-640x480.png");
}

#[test]
fn chinese_interface_turns_the_board_for_the_second_player() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !require_tools() {
        return;
    }
    let display = Display::start();
    let dir = TempDir::new("zh");
    std::fs::write(dir.path().join("settings.toml"), "language = \"zh-CN\"\n").unwrap();
    let config = dir.path().join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"xiangqi\"\n[[players]]\nname = \"电脑\"\nkind = \"ai\"\nlevel = \"easy\"\ntime_ms = 200\n\
             [[players]]\nname = \"你\"\nkind = \"human\"\n{}",
            plugin_dirs()
        ),
    )
    .unwrap();
    let mut gui = Gui::start(&display, dir.path(), &config, (700, 1100));
    let v = gui.wait(30, "the computer's first move", |v| !moves(v).is_empty());
    assert_eq!(v["flipped"], true, "the person plays Black: the board is turned");
    let status = v["status"].as_str().unwrap();
    assert!(status.contains("轮到你走") && status.contains("黑方"), "{status}");
    let (cx, cy) = (v["cells"]["e9"][1].as_f64().unwrap(), v["cells"]["e0"][1].as_f64().unwrap());
    assert!(cx > cy, "Black's palace (rank 9) is at the bottom: {cx} vs {cy}");
    gui.shot("gui-e2e-xiangqi-zh-tall.png");
}

#[test]
fn check_is_announced_in_words_in_a_wide_window() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !require_tools() {
        return;
    }
    let display = Display::start();
    let dir = TempDir::new("check");
    let config = dir.path().join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"xiangqi\"\n[[players]]\nname = \"A\"\nkind = \"human\"\n\
             [[players]]\nname = \"B\"\nkind = \"human\"\n{}\
             [record]\nstart = \"9/4k4/9/9/9/2p6/9/9/9/R2K5 w - - 0 1\"\nmoves = []\n",
            plugin_dirs()
        ),
    )
    .unwrap();
    let mut gui = Gui::start(&display, dir.path(), &config, (1500, 600));
    let before = gui.last["status"].as_str().unwrap().to_string();
    assert!(!before.contains("Check"), "{before}");
    // The chariot to the black general's rank.
    gui.click_cell("a0");
    gui.click_cell("a8");
    let v = gui.wait(10, "the chariot's move", |v| moves(v) == ["a0a8"]);
    let status = v["status"].as_str().unwrap();
    assert!(status.starts_with("Check!") && status.contains("Black to move"), "{status}");
    let (board_right, panel_left) = (v["cells"]["i0"][0].as_f64().unwrap(), region(&v, "NewGameDialog").unwrap().0);
    assert!(board_right < panel_left, "the panel is beside the board in a wide window");
    gui.shot("gui-e2e-xiangqi-check-wide.png");
}

#[test]
fn without_a_display_the_error_names_the_headless_commands() {
    let dir = TempDir::new("no-display");
    let config = dir.path().join("game.toml");
    std::fs::write(&config, "[game]\nrules = \"chess\"\n").unwrap();
    let out = Command::new(gui_binary())
        .args(["play", "--config"])
        .arg(&config)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("SDL_VIDEODRIVER", "x11")
        .output()
        .expect("run the child");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the GUI cannot run without a display");
    assert!(stderr.contains("tabula match") && stderr.contains("tabula play --text"), "{stderr}");
}

/// The faulty-rules fixture (`tests/fixtures/faulty-rules`), built once.
fn faulty_rules() -> PathBuf {
    let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let target = workspace.join("target").join("proto-fixtures");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(workspace.join("tests/fixtures/faulty-rules/Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .expect("run cargo");
    assert!(status.success(), "building the faulty-rules fixture failed");
    target.join("release/libtabula_faultyrules.so")
}

/// A rules plugin that reports an impossible winner two moves in: the
/// window says so once and pauses computer play, instead of retrying the
/// turn (and repeating the error) every frame.
#[test]
fn a_faulty_rules_plugin_pauses_the_window_with_the_reason() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !require_tools() {
        return;
    }
    let display = Display::start();
    let dir = TempDir::new("faulty");
    let config = dir.path().join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"{}\"\n[game.options]\nfault = \"bad_winner\"\nafter = \"2\"\n\n\
             [[players]]\nname = \"A\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 50\n\n\
             [[players]]\nname = \"B\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 50\n",
            faulty_rules().display()
        ),
    )
    .unwrap();
    let mut gui = Gui::start(&display, dir.path(), &config, (1120, 760));
    // The turn reports the fault and pauses (the autosave may say it too).
    let faulty = |l: &str| l.starts_with("tabula: ") && l.contains("computer play is paused");
    gui.wait_line(30, "the fault reported", |l| faulty(l).then_some(()));
    assert!(gui.seen.last().unwrap().contains("status returned a win for player 200"), "{:#?}", gui.seen);
    // Two seconds of frames: the error is not repeated, the window still runs.
    let end = Instant::now() + Duration::from_secs(2);
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        match gui.lines.recv_timeout(left) {
            Ok(line) => gui.seen.push(line),
            Err(_) => break,
        }
    }
    let reported = gui.seen.iter().filter(|l| faulty(l)).count();
    assert_eq!(reported, 1, "the error repeats:\n{:#?}", gui.seen);
    assert!(gui.child.0.try_wait().unwrap().is_none(), "the GUI ended:\n{:#?}", gui.seen);
}
