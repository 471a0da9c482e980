//! The real window on boards that are not flat squares, driven by real
//! clicks under Xvfb: a Raumschach pawn moved from level B up to level C
//! (every level drawn at once, the targets on both), and a Hex stone placed
//! by a click off the centre of its hexagon, towards its neighbours; the
//! Raumschach levels at 640x480; a 7x7 Hex started from the New game
//! dialog's option rows. Screenshots go to target/test-artifacts/.
//!
//! Like tests/gui_e2e.rs, missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1` asks to skip it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use tabula_xvfb::Reaper;

fn tools_present() -> bool {
    tabula_xvfb::tools_present(&tabula_xvfb::WINDOW_TOOLS)
}

/// A running window on a private X server, with its stderr lines.
struct Window {
    display: String,
    id: String,
    lines: Receiver<String>,
    seen: Vec<String>,
    dir: PathBuf,
    _gui: Reaper,
    _xvfb: tabula_xvfb::Display,
}

impl Window {
    fn open(name: &str, config: &str) -> Window {
        let xvfb = tabula_xvfb::Display::start(1280, 800);
        let display = xvfb.name().to_string();
        let dir = std::env::temp_dir().join(format!("tabula-gui-boards-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("game.toml"), config).unwrap();
        let bin = std::env::current_exe().unwrap().parent().and_then(Path::parent).unwrap().join("tabula");
        let mut child = Command::new(&bin)
            .args(["play", "--config", "game.toml"])
            .current_dir(&dir)
            .env("DISPLAY", &display)
            .env("TABULA_GUI_TEST_LAYOUT", "1")
            .env("SDL_AUDIODRIVER", "dummy")
            .env("TABULA_SETTINGS", dir.join("settings.toml"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", bin.display()));
        let stderr = child.stderr.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut window =
            Window { display, id: String::new(), lines, seen: Vec::new(), dir, _gui: Reaper(child), _xvfb: xvfb };
        window.id = window.xdotool(&["search", "--sync", "--name", "Tabula"]).lines().next().unwrap_or("").into();
        assert!(!window.id.is_empty(), "no window titled Tabula");
        window
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool").args(args).env("DISPLAY", &self.display).output().expect("run xdotool");
        assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// The next layout line that satisfies `want`.
    fn layout(&mut self, what: &str, want: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        let end = Instant::now() + Duration::from_secs(40);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            let Ok(line) = self.lines.recv_timeout(left) else { break };
            let parsed = line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            self.seen.push(line);
            if let Some(v) = parsed.filter(|v| want(v)) {
                return v;
            }
        }
        panic!("{what}: not seen; stderr:\n{}", self.seen.join("\n"));
    }

    fn click(&self, x: f64, y: f64) {
        self.xdotool(&["mousemove", "--window", &self.id, &format!("{}", x.round()), &format!("{}", y.round())]);
        std::thread::sleep(Duration::from_millis(150));
        self.xdotool(&["click", "1"]);
        std::thread::sleep(Duration::from_millis(300));
    }

    fn screenshot(&self, name: &str) -> PathBuf {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
        std::fs::create_dir_all(&dir).unwrap();
        let shot = dir.join(name);
        let status = Command::new("import").args(["-display", &self.display, "-window", "root"]).arg(&shot).status();
        assert!(status.is_ok_and(|s| s.success()), "no screenshot {}", shot.display());
        shot
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn centre(layout: &serde_json::Value, cell: &str) -> (f64, f64) {
    let xy = &layout["cells"][cell];
    (xy[0].as_f64().unwrap_or_else(|| panic!("no cell {cell} in {layout}")), xy[1].as_f64().unwrap())
}

fn moves(layout: &serde_json::Value) -> Vec<String> {
    layout["moves"]
        .as_array()
        .map(|m| m.iter().filter_map(|s| s.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

const HUMAN_VS_ALPHABETA: &str = "[[players]]\nname = \"Tester\"\nkind = \"human\"\n\n\
     [[players]]\nname = \"Engine\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\ntime_ms = 300\n";

#[test]
fn a_raumschach_pawn_moves_up_a_level_by_two_clicks() {
    if !tools_present() {
        return;
    }
    let mut w = Window::open("raumschach", &format!("[game]\nrules = \"raumschach\"\n\n{HUMAN_VS_ALPHABETA}"));
    let first = w.layout("the first layout", |_| true);
    // Every level is on screen at once and none covers another.
    let (a, c, e) = (centre(&first, "Aa1"), centre(&first, "Cc3"), centre(&first, "Ee5"));
    assert!(a != c && c != e && a != e, "levels drawn apart: {a:?} {c:?} {e:?}");
    let (from, to) = (centre(&first, "Bc2"), centre(&first, "Cc2"));
    w.click(from.0, from.1);
    std::thread::sleep(Duration::from_millis(400));
    let selected = w.screenshot("gui-raumschach-selected.png");
    w.click(to.0, to.1);
    let replied = w.layout("the computer's reply", |v| moves(v).len() >= 2);
    assert_eq!(moves(&replied)[0], "Bc2Cc2", "the clicked move from level B to level C");
    let after = w.screenshot("gui-raumschach.png");
    // The smallest window the layout is meant for still shows all five
    // levels apart, with cells a finger's width from each other.
    w.xdotool(&["windowsize", &w.id.clone(), "640", "480"]);
    let small = w.layout("the 640x480 layout", |v| v["window"] == serde_json::json!([640, 480]));
    let cells: Vec<(f64, f64)> = small["cells"].as_object().unwrap().keys().map(|c| centre(&small, c)).collect();
    assert_eq!(cells.len(), 125);
    for (i, a) in cells.iter().enumerate() {
        assert!((0.0..640.0).contains(&a.0) && (0.0..480.0).contains(&a.1), "a cell off the window at {a:?}");
        for b in &cells[i + 1..] {
            assert!((a.0 - b.0).hypot(a.1 - b.1) >= 18.0, "cells {a:?} and {b:?} too close at 640x480");
        }
    }
    let queen = centre(&small, "Bc1");
    w.click(queen.0, queen.1);
    std::thread::sleep(Duration::from_millis(400));
    let small_shot = w.screenshot("gui-raumschach-640x480.png");
    eprintln!("screenshots: {} {} {}", selected.display(), after.display(), small_shot.display());
}

#[test]
fn the_new_game_dialog_offers_the_hex_board_sizes() {
    if !tools_present() {
        return;
    }
    let mut w = Window::open("newgame", &format!("[game]\nrules = \"raumschach\"\n\n{HUMAN_VS_ALPHABETA}"));
    let first = w.layout("the first layout", |_| true);
    let button = |v: &serde_json::Value, name: &str| {
        let xy = &v["buttons"][name];
        (xy[0].as_f64().unwrap_or_else(|| panic!("no button {name} in {v}")), xy[1].as_f64().unwrap())
    };
    // The first click may come before the window takes input: retry.
    let new = button(&first, "new");
    let mut dialog = None;
    for _ in 0..5 {
        w.click(new.0, new.1);
        let end = Instant::now() + Duration::from_secs(3);
        while dialog.is_none() && Instant::now() < end {
            let Ok(line) = w.lines.recv_timeout(Duration::from_millis(200)) else { continue };
            let parsed: Option<serde_json::Value> =
                line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            dialog = parsed.filter(|v| v["dialog"] == "new");
        }
        if dialog.is_some() {
            break;
        }
    }
    let dialog = dialog.expect("the New game dialog opens");
    let hex = button(&dialog, "game:hex");
    w.click(hex.0, hex.1);
    // Thirteen sizes make a drop-down list; the two swap rules, buttons.
    let rows = w.layout("hex's option rows", |v| v["buttons"].get("open:size").is_some());
    assert!(rows["buttons"].get("option:swap=off").is_some(), "{rows}");
    let open = button(&rows, "open:size");
    w.click(open.0, open.1);
    let offered = w.layout("the hex sizes", |v| v["buttons"].get("option:size=7").is_some());
    assert!(offered["buttons"].get("option:size=8").is_some(), "{offered}");
    let seven = button(&offered, "option:size=7");
    w.click(seven.0, seven.1);
    let shot = w.screenshot("gui-new-game-hex.png");
    let start = button(&offered, "start");
    w.click(start.0, start.1);
    let started = w.layout("a 7x7 Hex board", |v| v["dialog"] == "" && v["cells"].get("g7").is_some());
    assert_eq!(started["cells"].as_object().unwrap().len(), 49, "a 7x7 board: {started}");
    eprintln!("screenshot: {}", shot.display());
}

#[test]
fn a_hex_stone_is_placed_by_a_click_off_its_centre() {
    if !tools_present() {
        return;
    }
    let mut w = Window::open("hex", &format!("[game]\nrules = \"hex\"\n\n{HUMAN_VS_ALPHABETA}"));
    let first = w.layout("the first layout", |_| true);
    // One board unit in pixels: neighbours in a row are one unit apart.
    let (f6, g6) = (centre(&first, "f6"), centre(&first, "g6"));
    let unit = g6.0 - f6.0;
    assert!(unit > 20.0, "cells drawn large enough: {unit}px");
    // Most of the way to f6's upper-right corner, where g5 and g6 are
    // almost as near. (The unit tests of gui/src/layout.rs pin the hit
    // test up to the corners; pixel centres here are rounded.)
    let corner = (f6.0 + 0.75 * 0.5 * unit, f6.1 - 0.75 * 0.2887 * unit);
    w.click(corner.0, corner.1);
    let replied = w.layout("the computer's reply", |v| !moves(v).is_empty() && moves(v).len() >= 2);
    assert_eq!(moves(&replied)[0], "f6");
    let shot = w.screenshot("gui-hex.png");
    eprintln!("screenshot: {}", shot.display());
}
