//! The New game dialog in the real window (under Xvfb, driven with
//! xdotool, read through the layout dump), two defects of issue 25:
//!
//! * a variant defined in the config's `variant_dirs` is listed beside
//!   the shipped ones, previewed, and played;
//! * a game whose option rows fill the dialog at the default window size
//!   still has its board preview, beside the rows, overlapping nothing.
//!
//! Screenshots: `target/test-artifacts/gui-new-game-*.png`. Missing tools
//! fail the tests unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;
use tabula_suite::window::{shot, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Opens the New game dialog (Ctrl+N, again until the window takes keys).
fn new_game_dialog(w: &mut Window) -> Value {
    w.layout("the first layout", |_| true);
    for _ in 0..5 {
        w.key("ctrl+n");
        let opened = w.try_wait_for(Duration::from_secs(3), |line| {
            let parsed: Option<Value> = line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            parsed.filter(|v| v["dialog"] == "new")
        });
        if let Some(v) = opened {
            return v;
        }
    }
    panic!("the New game dialog did not open; stderr:\n{}", w.seen.join("\n"));
}

fn area(v: &Value, path: &[&str]) -> [f64; 4] {
    let mut at = v;
    for key in path {
        at = &at[*key];
    }
    let a: Vec<f64> = at.as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default();
    a.try_into().unwrap_or_else(|_| panic!("no area at {path:?}: {at}"))
}

/// The positions of the buttons drawn in the form's rows (options and
/// seats, by their layout names).
fn row_buttons(v: &Value) -> Vec<(String, f64, f64)> {
    let buttons = v["buttons"].as_object().cloned().unwrap_or_default();
    buttons
        .into_iter()
        .filter(|(k, _)| k.starts_with("open:") || k.starts_with("option:") || k.starts_with("seat:"))
        .filter_map(|(k, p)| Some((k, p[0].as_f64()?, p[1].as_f64()?)))
        .collect()
}

#[test]
fn a_variant_in_the_configs_variant_dirs_is_listed_previewed_and_played() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    // The config in a directory of its own, the window started beside
    // it: `mine` is found from the config file, as its paths are.
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("conf/mine");
    std::fs::create_dir_all(&mine).unwrap();
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/variants/archchess.toml");
    std::fs::copy(data, mine.join("archchess.toml")).unwrap();
    let config = dir.path().join("conf/game.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"chess\"\nvariant_dirs = \"mine\"\n\n\
         [[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n",
    )
    .unwrap();
    let mut w = Window::open(&tabula_binary(), &config, dir.path());
    new_game_dialog(&mut w);
    w.xdotool(&["type", "--delay", "60", "archbishop"]);
    let v = w.layout("Archbishop chess found and previewed", |v| {
        v["form"]["filter"] == "archbishop"
            && v["form"]["entry"] == "variants/archchess"
            && v["form"]["preview"]["pieces"] == 32
    });
    assert_eq!(v["form"]["list"].as_array().map(Vec::len), Some(2), "its group and itself: {}", v["form"]["list"]);
    assert_eq!(v["form"]["heading"], "Archbishop chess");
    shot(&w, "gui-new-game-variant-dirs.png");
    w.click_at(&v["buttons"]["start"]);
    let game = w.layout("the game started", |v| {
        v["dialog"] == "" && v["pieces"].as_object().is_some_and(|p| p.len() == 32) && v["message"].is_null()
    });
    // The archbishop stands where chess has its queen, and moves as one.
    assert!(game["pieces"]["d1"].is_array(), "{}", game["pieces"]);
    w.click_at(&game["cells"]["b1"]);
    w.click_at(&game["cells"]["c3"]);
    w.layout("a move played", |v| v["moves"].as_array().is_some_and(|m| m.len() == 1));
}

#[test]
fn a_game_whose_rows_fill_the_dialog_has_its_preview_beside_them() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("game.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"ludo\"\n[game.options]\nplayers = \"4\"\n\n\
         [[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n\n\
         [[players]]\nname = \"C\"\nkind = \"human\"\n\n[[players]]\nname = \"D\"\nkind = \"human\"\n",
    )
    .unwrap();
    let mut w = Window::open(&tabula_binary(), &config, dir.path());
    let v = new_game_dialog(&mut w);
    let v = if v["form"]["preview"].is_object() {
        v
    } else {
        w.layout("the preview", |v| v["form"]["preview"].is_object())
    };
    let preview = area(&v, &["form", "preview", "area"]);
    let [px, py, pw, ph] = preview;
    assert!(pw >= 80.0 && ph >= 80.0, "a board to see: {preview:?}");
    // No button of the rows lies inside the preview.
    for (name, x, y) in row_buttons(&v) {
        let inside = x > px && x < px + pw && y > py && y < py + ph;
        assert!(!inside, "{name} at ({x}, {y}) lies in the preview {preview:?}");
    }
    // Beside the rows, not under them: rows go on at the preview's height.
    assert!(row_buttons(&v).iter().any(|(_, x, y)| *x < px && *y > py + ph / 2.0), "beside: {preview:?}");
    shot(&w, "gui-new-game-preview-beside.png");
}
