//! The board preview of the New game dialog in the real window (`tabula
//! play` under Xvfb, driven with xdotool): the chosen game's start
//! position with the options chosen, read from its rules plugin, follows
//! the game picked (chess 8×8, Los Alamos 6×6) and the options (Go 19×19,
//! then 9×9). The layout dump names the preview's cells and pieces.
//! Screenshots land in `target/test-artifacts/gui-preview-*.png`.
//!
//! Missing tools fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use std::time::Duration;

use serde_json::Value;
use tabula_suite::window::{shot, tabula_binary, tools_present, Window};

const CONFIG: &str = "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"Tester\"\nkind = \"human\"\n\n\
     [[players]]\nname = \"Engine\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n";

/// The preview's cells and pieces in layout `v`, when one is drawn.
fn preview(v: &Value) -> Option<(u64, u64)> {
    let p = &v["form"]["preview"];
    Some((p["cells"].as_u64()?, p["pieces"].as_u64()?))
}

/// Opens the New game dialog (Ctrl+N, again until the window takes keys).
fn new_game_dialog(w: &mut Window) {
    w.layout("the first layout", |_| true);
    for _ in 0..5 {
        w.key("ctrl+n");
        let opened = w.try_wait_for(Duration::from_secs(3), |line| {
            let parsed: Option<Value> = line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            parsed.filter(|v| v["dialog"] == "new")
        });
        if opened.is_some() {
            return;
        }
    }
    panic!("the New game dialog did not open; stderr:\n{}", w.seen.join("\n"));
}

#[test]
fn the_new_game_dialog_previews_the_chosen_games_start_position() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, CONFIG).unwrap();
    let mut w = Window::open(&tabula_binary(), &path, dir.path());
    new_game_dialog(&mut w);

    // Chess, the game being played: 64 squares, 32 pieces, drawn in the
    // dialog's right half under the rows.
    let v = w.layout("the chess preview", |v| v["form"]["entry"] == "chess" && preview(v).is_some());
    assert_eq!(preview(&v), Some((64, 32)), "{}", v["form"]);
    let area: Vec<f64> = v["form"]["preview"]["area"].as_array().unwrap().iter().filter_map(Value::as_f64).collect();
    let width = v["window"][0].as_f64().unwrap();
    assert!(area[0] > width * 0.3 && area[2] > 60.0 && area[3] > 60.0, "a board-sized room on the right: {area:?}");
    shot(&w, "gui-preview-chess.png");

    // Los Alamos chess: 6×6 without bishops, 24 pieces.
    w.xdotool(&["type", "--delay", "80", "alamos"]);
    let v = w.layout("the Los Alamos preview", |v| v["form"]["entry"] == "variants/losalamos");
    let v = if preview(&v).is_some() { v } else { w.layout("its preview", |v| preview(v).is_some()) };
    assert_eq!(preview(&v), Some((36, 24)), "{}", v["form"]);
    shot(&w, "gui-preview-losalamos.png");

    // Go: the preview follows the size option, an empty board each time.
    // The dialog closed and opened again finds anew.
    w.key("Escape");
    w.layout("the dialog closed", |v| v["dialog"] == "");
    new_game_dialog(&mut w);
    w.xdotool(&["type", "--delay", "80", "go"]);
    let v = w.layout("the Go preview", |v| v["form"]["entry"] == "go" && preview(v).is_some());
    assert_eq!(preview(&v), Some((361, 0)), "{}", v["form"]);
    let sizes = &v["buttons"]["open:size"];
    w.click_at(sizes);
    let v = w.layout("the sizes listed", |v| v["buttons"].get("option:size=9").is_some());
    w.click_at(&v["buttons"]["option:size=9"]);
    let v = w.layout("the 9x9 preview", |v| v["form"]["heading"] == "Go 9×9" && preview(v) == Some((81, 0)));
    assert_eq!(v["dialog"], "new");
    shot(&w, "gui-preview-go-9.png");
}
