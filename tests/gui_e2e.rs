//! End-to-end test through the real window: the GUI runs under Xvfb, a
//! person's move is clicked with xdotool, the computer answers, the save
//! shortcut is pressed, and the saved file must hold both moves.
//!
//! The GUI is the real binary (`tabula play --config F`, beside this test's
//! target directory). Missing tools (Xvfb, xdotool, ImageMagick's `import`;
//! `scripts/setup.sh --test` installs them) or a binary built without the
//! window fail the test: a GUI test that passes without running proves
//! nothing. `TABULA_SKIP_GUI_E2E=1` skips it on purpose, loudly.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Fails the test (or skips it when asked to) unless every tool is installed.
fn require_tools(tools: &[&str]) -> bool {
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
    (90..400)
        .find(|n| {
            !Path::new(&format!("/tmp/.X{n}-lock")).exists() && !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        })
        .expect("a free X display number")
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

/// Kills a child process when dropped, so a failing test leaves nothing behind.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn target_profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps").to_path_buf()
}

fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Waits for a stderr line satisfying `pick`, returning what it extracts.
fn wait_for<T>(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    timeout: Duration,
    mut pick: impl FnMut(&str) -> Option<T>,
) -> Option<T> {
    let end = Instant::now() + timeout;
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(line) => {
                let found = pick(&line);
                seen.push(line);
                if found.is_some() {
                    return found;
                }
            }
            Err(_) => return None,
        }
    }
    None
}

fn layout(line: &str) -> Option<serde_json::Value> {
    line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok())
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("run xdotool");
    assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn click_cell(display: &str, window: &str, layout: &serde_json::Value, cell: &str) {
    let xy = &layout["cells"][cell];
    let (x, y) = (xy[0].as_f64().unwrap(), xy[1].as_f64().unwrap());
    xdotool(display, &["mousemove", "--window", window, &format!("{x}"), &format!("{y}")]);
    std::thread::sleep(Duration::from_millis(150));
    xdotool(display, &["click", "1"]);
    std::thread::sleep(Duration::from_millis(250));
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

#[test]
fn human_move_computer_reply_and_save() {
    if !require_tools(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let n = free_display();
    let display = format!(":{n}");
    let _xvfb = Reaper(
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

    let dir = TempDir::new("play");
    let config = dir.path().join("game.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"Tester\"\nkind = \"human\"\n\n\
         [[players]]\nname = \"Engine\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\ntime_ms = 300\n",
    )
    .unwrap();
    let mut command = Command::new(gui_binary());
    command.args(["play", "--config"]).arg(&config);
    let child = command
        .current_dir(dir.path())
        .env("DISPLAY", &display)
        .env("TABULA_GUI_TEST_LAYOUT", "1")
        .env("SDL_AUDIODRIVER", "dummy")
        .env("TABULA_SETTINGS", dir.path().join("settings.toml"))
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start the GUI");
    let mut gui = Reaper(child);
    let stderr = gui.0.stderr.take().unwrap();
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let first = wait_for(&lines, &mut seen, Duration::from_secs(30), layout)
        .unwrap_or_else(|| panic!("the GUI printed no layout; stderr:\n{}", seen.join("\n")));
    let window =
        xdotool(&display, &["search", "--sync", "--name", "Tabula"]).lines().next().unwrap_or_default().to_string();
    assert!(!window.is_empty(), "no window titled Tabula");

    click_cell(&display, &window, &first, "e2");
    click_cell(&display, &window, &first, "e4");
    let replied = wait_for(&lines, &mut seen, Duration::from_secs(30), |l| {
        layout(l).filter(|v| v["moves"].as_array().is_some_and(|m| m.len() >= 2))
    })
    .unwrap_or_else(|| panic!("no computer reply after e2-e4; stderr:\n{}", seen.join("\n")));
    let moves: Vec<String> =
        replied["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
    assert_eq!(moves[0], "e2e4", "the clicked move was played first");

    let shot = artifacts().join("gui-e2e.png");
    let status = Command::new("import").args(["-display", &display, "-window", "root"]).arg(&shot).status();
    assert!(status.is_ok_and(|s| s.success()), "the screenshot {} was not taken", shot.display());

    xdotool(&display, &["mousemove", "--window", &window, "10", "10"]);
    xdotool(&display, &["click", "1"]);
    xdotool(&display, &["key", "ctrl+s"]);
    let saved =
        wait_for(&lines, &mut seen, Duration::from_secs(10), |l| l.strip_prefix("tabula: saved ").map(str::to_string))
            .unwrap_or_else(|| panic!("Ctrl+S saved nothing; stderr:\n{}", seen.join("\n")));
    let path = dir.path().join(saved);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let saved_config =
        tabula_core::config::Config::parse(&text, "save", dir.path().to_path_buf()).expect("the save parses");
    let record = saved_config.record.expect("a [record] table");
    assert_eq!(record.moves, moves, "the save holds the human's move and the computer's reply");
    assert!(path.starts_with(dir.path().join("saves")), "saved under saves/: {}", path.display());

    // A corrupt save chosen in the Load dialog: the error is shown and the game stays.
    std::thread::sleep(Duration::from_millis(1100));
    std::fs::write(
        dir.path().join("saves").join("zzz-corrupt.toml"),
        "[game]\nrules = \"chess\"\n[record]\nmoves = [\"e2e5\"]\n",
    )
    .unwrap();
    xdotool(&display, &["key", "ctrl+o"]);
    let dialog = wait_for(&lines, &mut seen, Duration::from_secs(10), |l| layout(l).filter(|v| v["dialog"] == "load"))
        .unwrap_or_else(|| panic!("Ctrl+O opened no Load dialog; stderr:\n{}", seen.join("\n")));
    let entry = &dialog["buttons"]["load0"];
    let (x, y) = (entry[0].as_f64().expect("a listed save"), entry[1].as_f64().unwrap());
    xdotool(&display, &["mousemove", "--window", &window, &format!("{x}"), &format!("{y}")]);
    xdotool(&display, &["click", "1"]);
    let refused =
        wait_for(&lines, &mut seen, Duration::from_secs(10), |l| l.contains("cannot load").then(|| l.to_string()))
            .unwrap_or_else(|| panic!("no error for the corrupt save; stderr:\n{}", seen.join("\n")));
    assert!(refused.contains("zzz-corrupt.toml") && refused.contains("e2e5"), "{refused}");
    let after = wait_for(&lines, &mut seen, Duration::from_secs(10), |l| layout(l).filter(|v| v["dialog"] == ""))
        .unwrap_or_else(|| panic!("the window did not return to the game; stderr:\n{}", seen.join("\n")));
    let kept: Vec<String> =
        after["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
    assert_eq!(kept, moves, "the current game is kept");
    assert!(gui.0.try_wait().unwrap().is_none(), "the GUI is still running");

    // SIGTERM (a session manager, systemd, `kill`) is obeyed: the game in
    // progress is saved and the program ends, no dialog waits for a click.
    let pid = gui.0.id();
    let sent = Command::new("sh").arg("-c").arg(format!("kill -TERM {pid}")).status().expect("run sh");
    assert!(sent.success(), "kill -TERM {pid}");
    let start = Instant::now();
    let exit = loop {
        if let Some(exit) = gui.0.try_wait().unwrap() {
            break exit;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "SIGTERM did not end the GUI; stderr:\n{}", seen.join("\n"));
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "SIGTERM: {exit:?}");
    let saved =
        wait_for(&lines, &mut seen, Duration::from_secs(5), |l| l.strip_prefix("tabula: saved ").map(str::to_string))
            .unwrap_or_else(|| panic!("SIGTERM saved nothing; stderr:\n{}", seen.join("\n")));
    let text = std::fs::read_to_string(dir.path().join(&saved)).unwrap_or_else(|e| panic!("{saved}: {e}"));
    let on_term = tabula_core::config::Config::parse(&text, "save", dir.path().to_path_buf()).expect("the save parses");
    assert_eq!(on_term.record.expect("a [record] table").moves, moves, "SIGTERM saved the game in progress");
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

/// Xvfb on a free display, killed when dropped; the display's name. Its
/// numbers are above `free_display`'s, so tests running at once never pick
/// the same one.
fn xvfb() -> (Reaper, String) {
    let n = (400..700)
        .find(|n| {
            !Path::new(&format!("/tmp/.X{n}-lock")).exists() && !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        })
        .expect("a free X display number");
    let display = format!(":{n}");
    let server = Reaper(
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
    (server, display)
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
    if !require_tools(&["Xvfb"]) {
        return;
    }
    let (_xvfb, display) = xvfb();
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
    let child = Command::new(gui_binary())
        .args(["play", "--config"])
        .arg(&config)
        .current_dir(dir.path())
        .env("DISPLAY", &display)
        .env("SDL_AUDIODRIVER", "dummy")
        .env("TABULA_SETTINGS", dir.path().join("settings.toml"))
        .env("RUST_BACKTRACE", "0")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start the GUI");
    let mut gui = Reaper(child);
    let stderr = gui.0.stderr.take().unwrap();
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let faulty = |l: &str| l.contains("status returned a win for player 200").then_some(());
    wait_for(&lines, &mut seen, Duration::from_secs(30), faulty)
        .unwrap_or_else(|| panic!("the fault was not reported; stderr:\n{}", seen.join("\n")));
    assert!(seen.last().unwrap().contains("computer play is paused"), "{}", seen.join("\n"));
    // A second of frames: the error is not repeated, the window still runs.
    while wait_for(&lines, &mut seen, Duration::from_secs(2), |_| Some(())).is_some() {}
    let reported = seen.iter().filter(|l| faulty(l).is_some()).count();
    assert_eq!(reported, 1, "the error repeats:\n{}", seen.join("\n"));
    assert!(gui.0.try_wait().unwrap().is_none(), "the GUI ended:\n{}", seen.join("\n"));
}
