//! PGN in the real window (under Xvfb, driven with xdotool; issue 25,
//! item 11 and defect 2): a two-game PGN file opened from the Load dialog
//! lists its games with a filter, the second game picked shows its moves,
//! the record copied to the clipboard and pasted back loads again, and the
//! game saved under a typed `x.pgn` (the default name selected, so typing
//! replaces it; Ctrl+A selects a name typed) is PGN in `x.pgn`.
//! Screenshots land in `target/test-artifacts/` (copies in
//! `docs/screenshots/`).
//!
//! Missing tools fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

/// Legall's mate, the file's second game, as the window lists its moves.
const LEGALL: [&str; 13] =
    ["e2e4", "e7e5", "g1f3", "d7d6", "f1c4", "c8g4", "b1c3", "g7g6", "f3e5", "g4d1", "c4f7", "e8e7", "c3d5"];

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn").join(name)
}

/// The centre of the clickable region whose action reads `action`.
fn region(v: &Value, action: &str) -> Option<Value> {
    let regions = v["regions"].as_array()?;
    let r = regions.iter().find(|r| r[0] == action)?;
    Some(serde_json::json!([r[1], r[2]]))
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"].as_array().map(|a| a.iter().filter_map(|m| m.as_str().map(String::from)).collect()).unwrap_or_default()
}

/// Waits for `path` to hold text that `want` accepts.
fn file_with(path: &Path, want: impl Fn(&str) -> bool) -> String {
    let end = Instant::now() + Duration::from_secs(30);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if want(&text) {
            return text;
        }
        assert!(Instant::now() < end, "{} never held what was awaited; it holds:\n{text}", path.display());
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_pgn_file_opens_in_the_game_browser_and_a_game_saves_as_pgn() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("chess.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"chess\"\n[[players]]\nname = \"A\"\nkind = \"human\"\n\
         [[players]]\nname = \"B\"\nkind = \"human\"\n",
    )
    .unwrap();
    let mut w = Window::open(&tabula_binary(), &config, dir.path());

    // The Load dialog's path field takes the file; Enter opens its games.
    w.key("ctrl+o");
    let load = w.layout("the Load dialog", |v| v["dialog"] == "load" && region(v, "Focus(LoadPath)").is_some());
    w.click_at(&region(&load, "Focus(LoadPath)").unwrap());
    w.layout("the path field focused", |v| v["focus"] == "Some(LoadPath)");
    w.xdotool(&["type", "--delay", "20", data("two-games.pgn").to_str().unwrap()]);
    w.key("Return");
    let games = w.layout("the game browser", |v| {
        v["dialog"] == "games" && region(v, "PickGame(0)").is_some() && region(v, "PickGame(1)").is_some()
    });
    assert_eq!(games["focus"], "Some(PgnFilter)", "the filter takes what is typed");
    w.screenshot(&artifact("gui_pgn_browser.png"));

    // The filter keeps the games whose tags hold every word typed.
    w.xdotool(&["type", "--delay", "20", "kermeur"]);
    let filtered =
        w.layout("the filtered list", |v| region(v, "PickGame(0)").is_none() && region(v, "PickGame(1)").is_some());
    w.screenshot(&artifact("gui_pgn_filtered.png"));
    w.click_at(&region(&filtered, "PickGame(1)").unwrap());
    let loaded = w.layout("the second game loaded", |v| moves(v) == LEGALL);
    assert!(loaded["message"].as_str().is_some_and(|m| m.contains("Legall de Kermeur")), "{}", loaded["message"]);
    assert_eq!(loaded["over"], true, "7. Nd5# is mate");
    assert_eq!(loaded["dialog"], "", "a loaded game that has ended shows no result box");
    w.screenshot(&artifact("gui_pgn_loaded.png"));

    // The record copied to the clipboard (PGN) and pasted back loads again.
    w.key("ctrl+shift+c");
    w.layout("the record copied", |v| v["message"].as_str().is_some_and(|m| m.contains("PGN")));
    w.key("BackSpace");
    w.key("BackSpace");
    w.layout("two moves taken back", |v| v["dialog"] == "" && moves(v).len() == LEGALL.len() - 2);
    w.key("ctrl+v");
    let pasted = w.layout("the pasted game", |v| moves(v) == LEGALL);
    assert!(pasted["message"].as_str().is_some_and(|m| m.starts_with("Game 1 loaded")), "{}", pasted["message"]);

    // Save: the default name is selected, so typing replaces it.
    let saves = dir.path().join("data/tabula/saves");
    w.key("ctrl+s");
    w.layout("the Save dialog", |v| v["dialog"] == "save" && v["focus"] == "Some(SaveName)");
    w.screenshot(&artifact("gui_pgn_save_selected.png"));
    w.xdotool(&["type", "--delay", "20", "x.pgn"]);
    w.key("Return");
    let pgn = file_with(&saves.join("x.pgn"), |t| t.contains("7. Nd5#"));
    assert!(pgn.starts_with("[Event \"Paris\"]\n[Site \"Cafe de la Regence\"]\n"), "{pgn}");
    assert!(pgn.contains("[White \"Legall de Kermeur\"]\n[Black \"Saint Brie\"]\n[Result \"1-0\"]\n"), "{pgn}");
    let movetext = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(movetext.contains("5. Nxe5 $1 Bxd1 $4 (5... dxe5 6. Qxg4 $16) 6. Bxf7+"), "annotations kept:\n{pgn}");
    assert!(pgn.trim_end().ends_with("1-0"), "{pgn}");
    assert!(!saves.join("x.pgn.toml").exists());

    // Ctrl+A selects a name typed; typing then replaces it.
    w.key("ctrl+s");
    w.layout("the Save dialog again", |v| v["dialog"] == "save" && v["focus"] == "Some(SaveName)");
    w.xdotool(&["type", "--delay", "20", "zzz"]);
    w.key("ctrl+a");
    w.xdotool(&["type", "--delay", "20", "Opera.toml"]);
    w.key("Return");
    let native = file_with(&saves.join("Opera.toml"), |t| t.contains("[record]"));
    assert!(native.contains("\"c3d5\""), "{native}");
    let names: Vec<String> =
        std::fs::read_dir(&saves).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.contains("zzz") && !n.contains("vs")), "no name ran into another: {names:?}");
    assert!(w.running());
}
