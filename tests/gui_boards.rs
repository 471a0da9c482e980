//! The real window on boards that are not flat squares, driven by real
//! clicks under Xvfb: a Raumschach pawn moved from level B up to level C
//! (every level drawn at once, the targets on both), and a Hex stone placed
//! by a click off the centre of its hexagon, towards its neighbours; the
//! Raumschach levels at 640x480; a 7x7 Hex started from the New game
//! dialog's option rows. Screenshots go to target/test-artifacts/.
//!
//! Like tests/gui_e2e.rs, missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1` asks to skip it.

use std::time::Duration;

use tabula_suite::window::{shot, tabula_binary, tools_present, Window};

/// The window on `config`, in a directory of its own (settings, saves).
fn open(config: &str) -> (tempfile::TempDir, Window) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, config).unwrap();
    let window = Window::open(&tabula_binary(), &path, dir.path());
    (dir, window)
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
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open(&format!("[game]\nrules = \"raumschach\"\n\n{HUMAN_VS_ALPHABETA}"));
    let first = w.layout("the first layout", |_| true);
    // Every level is on screen at once and none covers another.
    let (a, c, e) = (centre(&first, "Aa1"), centre(&first, "Cc3"), centre(&first, "Ee5"));
    assert!(a != c && c != e && a != e, "levels drawn apart: {a:?} {c:?} {e:?}");
    let (from, to) = (centre(&first, "Bc2"), centre(&first, "Cc2"));
    w.click(from.0.round(), from.1.round());
    std::thread::sleep(Duration::from_millis(400));
    let selected = shot(&w, "gui-raumschach-selected.png");
    w.click(to.0.round(), to.1.round());
    let replied = w.layout("the computer's reply", |v| moves(v).len() >= 2);
    assert_eq!(moves(&replied)[0], "Bc2Cc2", "the clicked move from level B to level C");
    let after = shot(&w, "gui-raumschach.png");
    // The smallest window the layout is meant for still shows all five
    // levels apart, with cells a finger's width from each other.
    w.resize(640, 480);
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
    w.click(queen.0.round(), queen.1.round());
    std::thread::sleep(Duration::from_millis(400));
    let small_shot = shot(&w, "gui-raumschach-640x480.png");
    eprintln!("screenshots: {} {} {}", selected.display(), after.display(), small_shot.display());
}

#[test]
fn the_new_game_dialog_offers_the_hex_board_sizes() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open(&format!("[game]\nrules = \"raumschach\"\n\n{HUMAN_VS_ALPHABETA}"));
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
        dialog = w.try_wait_for(Duration::from_secs(3), |line| {
            let parsed: Option<serde_json::Value> =
                line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            parsed.filter(|v| v["dialog"] == "new")
        });
        if dialog.is_some() {
            break;
        }
    }
    dialog.expect("the New game dialog opens");
    // Typing finds a game, wherever the list is scrolled.
    w.xdotool(&["type", "--delay", "80", "hex"]);
    // Thirteen sizes make a drop-down list; the two swap rules, buttons.
    let rows = w.layout("hex's option rows", |v| v["buttons"].get("open:size").is_some());
    assert!(rows["buttons"].get("option:swap=off").is_some(), "{rows}");
    let open = button(&rows, "open:size");
    w.click(open.0, open.1);
    let offered = w.layout("the hex sizes", |v| v["buttons"].get("option:size=7").is_some());
    assert!(offered["buttons"].get("option:size=8").is_some(), "{offered}");
    let seven = button(&offered, "option:size=7");
    w.click(seven.0, seven.1);
    let shot = shot(&w, "gui-new-game-hex.png");
    let start = button(&offered, "start");
    w.click(start.0, start.1);
    let started = w.layout("a 7x7 Hex board", |v| v["dialog"] == "" && v["cells"].get("g7").is_some());
    assert_eq!(started["cells"].as_object().unwrap().len(), 49, "a 7x7 board: {started}");
    eprintln!("screenshot: {}", shot.display());
}

#[test]
fn a_hex_stone_is_placed_by_a_click_off_its_centre() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open(&format!("[game]\nrules = \"hex\"\n\n{HUMAN_VS_ALPHABETA}"));
    let first = w.layout("the first layout", |_| true);
    // One board unit in pixels: neighbours in a row are one unit apart.
    let (f6, g6) = (centre(&first, "f6"), centre(&first, "g6"));
    let unit = g6.0 - f6.0;
    assert!(unit > 20.0, "cells drawn large enough: {unit}px");
    // Most of the way to f6's upper-right corner, where g5 and g6 are
    // almost as near. (The unit tests of gui/src/layout.rs pin the hit
    // test up to the corners; pixel centres here are rounded.)
    let corner = (f6.0 + 0.75 * 0.5 * unit, f6.1 - 0.75 * 0.2887 * unit);
    w.click(corner.0.round(), corner.1.round());
    let replied = w.layout("the computer's reply", |v| !moves(v).is_empty() && moves(v).len() >= 2);
    assert_eq!(moves(&replied)[0], "f6");
    let shot = shot(&w, "gui-hex.png");
    eprintln!("screenshot: {}", shot.display());
}
