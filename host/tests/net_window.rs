//! Two windows play a whole game against each other through a real
//! `tabula serve` on loopback, under Xvfb, clicked with xdotool: an undo
//! asked for and declined, asked again and accepted, then a game to mate.
//! Each window prints where its cells and buttons are
//! (`TABULA_GUI_TEST_LAYOUT`), so the test clicks without knowing the game.
//! Needs Xvfb, xdotool and ImageMagick's `import` (scripts/setup.sh
//! --test); `TABULA_SKIP_GUI_E2E=1` skips it, loudly.

mod net_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use net_support::{client, Server};
use tabula_net::protocol::{ClientMsg, ExportFormat, ServerMsg};

use tabula_xvfb::Reaper;

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("run xdotool");
    assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// One window: its process, its X window and its layout lines.
struct Window {
    _child: Reaper,
    id: String,
    lines: Receiver<String>,
    seen: Vec<String>,
    layout: serde_json::Value,
    display: String,
}

impl Window {
    fn open(display: &str, dir: &Path, args: &[&str], x: u32) -> Window {
        Window::open_with(display, dir, args, x, &[])
    }

    fn open_with(display: &str, dir: &Path, args: &[&str], x: u32, env: &[(&str, &str)]) -> Window {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("play")
            .args(args)
            .envs(env.iter().copied())
            .current_dir(dir)
            .env("DISPLAY", display)
            .env("TABULA_GUI_TEST_LAYOUT", "1")
            .env("SDL_AUDIODRIVER", "dummy")
            .env("TABULA_SETTINGS", dir.join("settings.toml"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .expect("start the window");
        let pid = child.id().to_string();
        let lines = tabula_xvfb::stderr_lines(&mut child);
        let mut w = Window {
            _child: Reaper(child),
            id: String::new(),
            lines,
            seen: Vec::new(),
            layout: serde_json::Value::Null,
            display: display.to_string(),
        };
        w.wait(|_| true, "a first layout");
        w.id = xdotool(display, &["search", "--sync", "--pid", &pid]).lines().last().unwrap_or_default().to_string();
        assert!(!w.id.is_empty(), "no window for process {pid}");
        // Side by side: no window covers the other's cells.
        xdotool(display, &["windowmove", "--sync", &w.id, &x.to_string(), "0"]);
        std::thread::sleep(Duration::from_millis(300));
        w
    }

    /// Waits for a layout line satisfying `pick` and keeps it.
    fn wait(&mut self, pick: impl Fn(&serde_json::Value) -> bool, what: &str) -> &serde_json::Value {
        let end = Instant::now() + Duration::from_secs(30);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            let Ok(line) = self.lines.recv_timeout(left) else { break };
            self.seen.push(line.clone());
            let parsed = line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            if let Some(v) = parsed {
                let found = pick(&v);
                self.layout = v;
                if found {
                    return &self.layout;
                }
            }
        }
        panic!("no layout with {what}; the window printed:\n{}", self.seen.join("\n"));
    }

    fn moves(&mut self, n: usize) {
        self.wait(|v| v["moves"].as_array().is_some_and(|m| m.len() == n), &format!("{n} moves"));
    }

    fn click_at(&self, xy: &serde_json::Value) {
        let (x, y) = (xy[0].as_f64().expect("a position"), xy[1].as_f64().unwrap());
        xdotool(&self.display, &["mousemove", "--window", &self.id, &format!("{x}"), &format!("{y}")]);
        std::thread::sleep(Duration::from_millis(120));
        xdotool(&self.display, &["click", "1"]);
        std::thread::sleep(Duration::from_millis(200));
    }

    /// In the New game dialog opened by the Host tab: chooses `game` and
    /// who plays (`people`: the second seat is a person who joins, or
    /// `computer` for the host against it).
    fn hosting_form(&mut self, game: &str, mode: &str) {
        let button = format!("game:{game}");
        self.wait(|v| v["form"]["host"] == true && !v["buttons"][&button].is_null(), "the hosting form");
        let chosen =
            |v: &serde_json::Value| v["form"]["games"][v["form"]["game"].as_u64().unwrap_or(0) as usize] == game;
        // A click on what is already chosen changes nothing: no new layout.
        if !chosen(&self.layout) {
            self.click_button(&button);
            self.wait(chosen, "the game chosen");
        }
        let person = mode == "people";
        let seated = move |v: &serde_json::Value| (v["form"]["seats"][1] == "person") == person;
        if !seated(&self.layout) {
            self.click_button(if person { "seat:1=person" } else { "seat:1=computer" });
            self.wait(seated, "who plays chosen");
        }
    }

    fn click_button(&self, name: &str) {
        let xy = self.layout["buttons"][name].clone();
        assert!(!xy.is_null(), "no {name} button in {}", self.layout);
        self.click_at(&xy);
    }

    /// Types `text` into the window (its focused field).
    fn type_text(&self, text: &str) {
        xdotool(&self.display, &["windowfocus", "--sync", &self.id]);
        xdotool(&self.display, &["type", "--delay", "60", text]);
        std::thread::sleep(Duration::from_millis(200));
    }

    fn play_stone(&self, at: &str) {
        self.click_at(&self.layout["cells"][at].clone());
    }

    fn play(&self, from: &str, to: &str) {
        self.click_at(&self.layout["cells"][from].clone());
        self.click_at(&self.layout["cells"][to].clone());
    }
}

/// Starts Xvfb on a free display number in `numbers` (None: skipped on request).
/// A private X server wide enough for two windows side by side, or `None`
/// when the tools are missing and skipping was asked for.
fn xvfb() -> Option<(tabula_xvfb::Display, String)> {
    if !tabula_xvfb::tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return None;
    }
    let display = tabula_xvfb::Display::start(2300, 800);
    let name = display.name().to_string();
    Some((display, name))
}

fn screenshot(display: &str, name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/test-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    let shot = dir.join(name);
    let status = Command::new("import").args(["-display", display, "-window", "root"]).arg(&shot).status();
    assert!(status.is_ok_and(|s| s.success()), "no screenshot");
    shot
}

#[test]
fn two_windows_play_through_a_server_with_undo_declined_and_accepted() {
    let Some((_xvfb, display)) = xvfb() else { return };
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let addr = server.addr.as_str();
    let ann_dir = tempfile::tempdir().unwrap();
    let bob_dir = tempfile::tempdir().unwrap();
    let mut ann = Window::open(&display, ann_dir.path(), &["--connect", addr, "--create", "chess", "--name", "Ann"], 0);
    let mut bob = Window::open(&display, bob_dir.path(), &["--connect", addr, "--room", "1", "--name", "Bob"], 1150);

    ann.play("f2", "f3");
    bob.moves(1);
    bob.play("e7", "e5");
    ann.moves(2);

    // Ann asks to take back; Bob declines; the game stays as it was.
    ann.click_button("undo");
    bob.wait(|v| v["offer"] == true, "Ann's request");
    bob.click_button("decline");
    bob.wait(|v| v["offer"] == false, "the request answered");
    // Ann asks again; Bob accepts: both moves go (Ann is to move again).
    ann.click_button("undo");
    bob.wait(|v| v["offer"] == true, "Ann's second request");
    bob.click_button("accept");
    ann.moves(0);
    bob.moves(0);

    ann.play("f2", "f3");
    bob.moves(1);
    bob.play("e7", "e5");
    ann.moves(2);
    ann.play("g2", "g4");
    bob.moves(3);
    bob.play("d8", "h4");
    ann.wait(|v| v["over"] == true, "the mate on Ann's board");
    bob.wait(|v| v["over"] == true, "the mate on Bob's board");

    screenshot(&display, "net-two-windows.png");

    let mut check = client(addr);
    check.send(&ClientMsg::Export { room: 1, game: None, format: ExportFormat::Pgn, password: None }).unwrap();
    let pgn =
        check.wait_for(|m| if let ServerMsg::Exported { text, .. } = m { Some(text.clone()) } else { None }).unwrap();
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4#") && pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[White \"Ann\"]") && pgn.contains("[Black \"Bob\"]"), "{pgn}");
}

/// The Network dialog: Ann hosts a private chess game from her window (its
/// own server, announced on the local network by mDNS/DNS-SD); Bob's
/// window finds it in its Join list, he types the password, joins, and
/// they play to mate. No server is started by the test.
#[test]
fn a_window_hosts_and_another_finds_and_joins_it_on_the_local_network() {
    let Some((_xvfb, display)) = xvfb() else { return };
    let ann_dir = tempfile::tempdir().unwrap();
    let bob_dir = tempfile::tempdir().unwrap();
    // A name no other server on this network announces.
    let ann = format!("Ann{}", std::process::id());
    let mut a = Window::open_with(&display, ann_dir.path(), &[], 0, &[("USER", &ann)]);
    let mut b = Window::open_with(&display, bob_dir.path(), &[], 1150, &[("USER", "Bob")]);

    a.click_button("network");
    a.wait(|v| v["dialog"] == "network", "the Network dialog");
    a.click_button("tab-host");
    a.wait(|v| !v["buttons"]["host"].is_null(), "the Host tab");
    a.click_button("field-password");
    a.type_text("sesame");
    a.click_button("host");
    a.hosting_form("chess", "people");
    a.click_button("start");
    a.wait(|v| v["dialog"] == "" && v["moves"].as_array().is_some_and(|m| m.is_empty()), "the hosted game");

    b.click_button("network");
    let mine = |v: &serde_json::Value, ann: &str| {
        v["found"].as_array().and_then(|f| f.iter().position(|g| g.as_str().is_some_and(|g| g.contains(ann))))
    };
    let listed = b.wait(|v| mine(v, &ann).is_some(), "Ann's game in the Join list").clone();
    let line = listed["found"][mine(&listed, &ann).unwrap()].as_str().unwrap().to_string();
    assert!(line.starts_with("Chess with ") && line.contains("password"), "{line}");
    let shot = screenshot(&display, "net-lan-join-list.png");
    eprintln!("screenshot of the Join list: {}", shot.display());
    let join = format!("join{}", mine(&listed, &ann).unwrap());
    b.click_button(&join);
    b.wait(|v| v["note"].as_str().is_some_and(|n| n.contains("password")), "a refusal without the password");
    b.click_button("field-password");
    b.type_text("sesame");
    b.click_button(&join);
    b.wait(|v| v["dialog"] == "" && v["moves"].as_array().is_some_and(|m| m.is_empty()), "Bob in the game");

    a.play("f2", "f3");
    b.moves(1);
    b.play("e7", "e5");
    a.moves(2);
    a.play("g2", "g4");
    b.moves(3);
    b.play("d8", "h4");
    a.wait(|v| v["over"] == true, "the mate on Ann's board");
    b.wait(|v| v["over"] == true, "the mate on Bob's board");
    screenshot(&display, "net-lan-game.png");
}

/// Hosting from the window with rules options and a computer opponent: Go
/// on 9×9 (an option of the game), the host against the computer, chosen in
/// the New game dialog the Host tab opens; the computer answers the
/// host's first stone through the window's own server.
#[test]
fn a_window_hosts_go_on_nine_by_nine_against_the_computer() {
    let Some((_xvfb, display)) = xvfb() else { return };
    let dir = tempfile::tempdir().unwrap();
    let name = format!("Host{}", std::process::id());
    let mut w = Window::open_with(&display, dir.path(), &[], 0, &[("USER", &name)]);
    w.click_button("network");
    w.wait(|v| v["dialog"] == "network", "the Network dialog");
    w.click_button("tab-host");
    w.wait(|v| !v["buttons"]["host"].is_null(), "the Host tab");
    w.click_button("host");
    w.hosting_form("go", "computer");
    w.click_button("open:size");
    w.wait(|v| !v["buttons"]["option:size=9"].is_null(), "the board sizes");
    w.click_button("option:size=9");
    w.wait(|v| v["buttons"]["option:size=9"].is_null(), "the size chosen");
    w.click_button("start");
    let hosted = w.wait(|v| v["dialog"] == "" && v["cells"].get("J9").is_some(), "the hosted 9x9 board").clone();
    assert_eq!(hosted["cells"].as_object().unwrap().len(), 81, "a 9x9 board: {hosted}");
    // The strip's status says so (the port, for players who type it).
    let status = hosted["net"]["strip"].as_array().into_iter().flatten().find(|i| i[0] == "status").cloned();
    assert!(
        status.as_ref().and_then(|s| s[1].as_str()).is_some_and(|s| s.contains("hosting on port")),
        "the window says it hosts: {status:?}"
    );
    w.play_stone("E5");
    w.moves(2);
    screenshot(&display, "net-host-go-9x9.png");
}
