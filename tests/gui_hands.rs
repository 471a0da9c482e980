//! Pieces in hand in the real window: a crazyhouse game (the variants
//! plugin) resumed after a capture shows White's pawn beside the board; a
//! click on it and a click on a square drop it, and the window plays
//! `P@e6`. The GUI runs under Xvfb through the suite's window harness;
//! missing tools fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;
use tabula_suite::window::{tools_present, Window};

/// The next layout line `pick` accepts.
fn layout(window: &mut Window, pick: impl Fn(&Value) -> bool) -> Value {
    window.wait_for(Duration::from_secs(30), |line| {
        line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str::<Value>(j).ok()).filter(&pick)
    })
}

fn click(window: &Window, at: &Value) {
    window.click(at[0].as_f64().expect("a position"), at[1].as_f64().expect("a position"));
}

#[test]
fn a_piece_in_hand_is_clicked_then_dropped_on_a_square() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let bin = exe.parent().and_then(Path::parent).expect("target/<profile>/deps").join("tabula");
    let dir = std::env::temp_dir().join(format!("tabula-gui-hands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("crazyhouse.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"crazyhouse\"\n\n\
         [[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n\n\
         [record]\nmoves = [\"e2e4\", \"d7d5\", \"e4d5\", \"g8f6\"]\n",
    )
    .unwrap();
    let mut gui = Window::open(&bin, &config, &dir);
    let replayed = |v: &Value| v["moves"].as_array().is_some_and(|m| m.len() == 4);
    // The window prints a layout only when it changes: the first may already show the game.
    let first = match serde_json::from_str::<Value>(gui.first_layout.trim_start_matches("TABULA_LAYOUT ")) {
        Ok(v) if replayed(&v) => v,
        _ => layout(&mut gui, replayed),
    };
    // The pawn (type 0 in crazyhouse.toml) White took on d5, beside the board.
    let pawn = &first["buttons"]["hand0"];
    assert!(pawn.is_array(), "White's pawn in hand is not offered: {first}");
    let (h8, h1) = (&first["cells"]["h8"], &first["cells"]["h1"]);
    let (px, py) = (pawn[0].as_f64().unwrap(), pawn[1].as_f64().unwrap());
    assert!(px > h1[0].as_f64().unwrap(), "the hand is right of the board: {pawn} vs h1 {h1}");
    assert!(py > h8[1].as_f64().unwrap() && py <= h1[1].as_f64().unwrap() + 50.0, "at White's side: {pawn}");
    click(&gui, pawn);
    click(&gui, &first["cells"]["e6"]);
    let after = layout(&mut gui, |v| v["moves"].as_array().is_some_and(|m| m.len() == 5));
    assert_eq!(after["moves"][4], "P@e6", "{after}");
    assert!(after["buttons"]["hand0"].is_null(), "the hand is empty and Black is to move: {after}");
    let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
    std::fs::create_dir_all(&shot).unwrap();
    gui.screenshot(&shot.join("gui-hands.png"));
    let _ = std::fs::remove_dir_all(&dir);
}
