//! The New game dialog and its drop-downs in the real window, as a player
//! meets them: the window (`tabula play`) runs under Xvfb and is driven
//! with xdotool (clicks on what its layout dump names, typed text, keys).
//! Screenshots land in `target/test-artifacts/gui-dialog-*.png` (look at
//! them).
//!
//! * The list of games names each game once (the chess plugin's Chess, not
//!   the variants plugin's as well), lists the variants under their
//!   families by their proper names, shows no operator's option (the
//!   variants' directories), and typing finds a variant among 100.
//! * The heading follows the options: Go on 9×9 is called so.
//! * A drop-down shows every entry (the ten levels, weakest first) and
//!   Escape closes the drop-down, not the dialog.
//!
//! Missing tools fail the tests unless `TABULA_SKIP_GUI_E2E=1`.

use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;
use tabula_suite::window::{shot, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const CONFIG: &str = "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"Tester\"\nkind = \"human\"\n\n\
     [[players]]\nname = \"Engine\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n";

/// The window on a chess game, in a directory of its own.
fn open() -> (tempfile::TempDir, Window) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, CONFIG).unwrap();
    let window = Window::open(&tabula_binary(), &path, dir.path());
    (dir, window)
}

/// Where button `name` is in layout `v`.
fn button(v: &Value, name: &str) -> (f64, f64) {
    let xy = &v["buttons"][name];
    (xy[0].as_f64().unwrap_or_else(|| panic!("no button {name} in {v}")), xy[1].as_f64().unwrap())
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

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

#[test]
fn the_game_list_names_each_game_once_groups_the_variants_and_finds_one_by_typing() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open();
    let v = new_game_dialog(&mut w);
    let list = strings(&v["form"]["list"]);
    assert_eq!(list.iter().filter(|l| *l == "Chess").count(), 1, "Chess once: {list:?}");
    assert_eq!(v["form"]["entry"], "chess", "the chess plugin's Chess is the one chosen: {v}");
    for group in ["group:Chess variants", "group:Shogi family", "group:Xiangqi family"] {
        assert!(list.iter().any(|l| l.starts_with(group)), "{group} in {list:?}");
    }
    assert!(v["buttons"].get("game:variants/chess").is_none(), "the variants' chess is not listed again");
    assert!(list.iter().all(|l| l != "Kingofthehill" && l != "Losalamos"), "{list:?}");

    // The wheel over the list brings the groups into view; a click on
    // the chess variants' header opens them: their proper names.
    let over = button(&v, "game:chess");
    let mut v = v;
    for _ in 0..12 {
        if v["buttons"].get("group:chess").is_some() {
            break;
        }
        let before = v["form"]["list"].clone();
        let shown = v["buttons"].clone();
        w.wheel(over.0, over.1, true);
        v = w.layout("the list scrolled", |n| n["buttons"] != shown || n["form"]["list"] != before);
    }
    let group = button(&v, "group:chess");
    w.click(group.0, group.1);
    let v = w.layout("the chess variants listed", |v| strings(&v["form"]["list"]).len() > list.len() + 50);
    let listed = strings(&v["form"]["list"]);
    for name in ["King of the Hill", "Los Alamos chess", "Crazyhouse"] {
        assert!(listed.iter().any(|l| l == name), "{name} in {listed:?}");
    }
    shot(&w, "gui-dialog-variants-open.png");

    // Typing finds one among a hundred and chooses it; its rows hold no
    // variant drop-down and no directories.
    w.xdotool(&["type", "--delay", "80", "alamos"]);
    let v = w.layout("Los Alamos found", |v| v["form"]["entry"] == "variants/losalamos");
    assert_eq!(strings(&v["form"]["list"]), ["group:Chess variants", "Los Alamos chess"], "{v}");
    let shown = strings(&v["form"]["shown"]);
    assert!(!shown.iter().any(|o| o == "variant" || o == "variant_dirs"), "{shown:?}");
    assert_eq!(v["form"]["heading"], "Los Alamos chess");
    shot(&w, "gui-dialog-find-variant.png");

    // Start it: the board is Los Alamos's 6x6.
    w.key("Return");
    let v = w.layout("the Los Alamos board", |v| v["dialog"] == "" && v["cells"].get("f6").is_some());
    assert!(v["cells"].get("g7").is_none(), "a 6x6 board: {v}");

    // The shogi family finds its options; the chess variant had none of them.
    let v = new_game_dialog(&mut w);
    assert_eq!(v["form"]["entry"], "variants/losalamos", "the last game chosen again");
    w.xdotool(&["type", "--delay", "80", "minishogi"]);
    let v = w.layout("minishogi found", |v| v["form"]["entry"] == "variants/minishogi");
    assert!(strings(&v["form"]["shown"]).iter().any(|o| o == "shogi_pieces"), "{v}");
    let sides = v["form"]["seats"].as_array().map_or(0, Vec::len);
    assert_eq!(sides, 2);
}

#[test]
fn the_heading_follows_the_options_and_drop_downs_show_every_level_and_close_on_escape() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open();
    new_game_dialog(&mut w);
    w.xdotool(&["type", "--delay", "80", "go"]);
    let v = w.layout("Go found", |v| v["form"]["entry"] == "go");
    assert_eq!(v["form"]["heading"], "Go 19×19", "{v}");
    let sizes = button(&v, "open:size");
    w.click(sizes.0, sizes.1);
    let v = w.layout("the sizes listed", |v| v["buttons"].get("option:size=9").is_some());
    let nine = button(&v, "option:size=9");
    w.click(nine.0, nine.1);
    let v = w.layout("the heading on 9x9", |v| v["form"]["heading"] == "Go 9×9");
    shot(&w, "gui-dialog-go-9.png");

    // The computer's levels: every one on screen, weakest first.
    let open = button(&v, "open:level:1");
    w.click(open.0, open.1);
    let v = w.layout("the levels listed", |v| v["form"]["open"] == "Level(1)");
    let words = ["easy", "medium", "beginner", "novice", "casual", "club", "strong", "expert", "hard", "master"];
    let (width, height) = (v["window"][0].as_f64().unwrap(), v["window"][1].as_f64().unwrap());
    let ys: Vec<f64> = words
        .iter()
        .map(|word| {
            let (x, y) = button(&v, &format!("level:1={word}"));
            assert!(x > 0.0 && x < width && y > 0.0 && y < height, "{word} on screen: {x},{y}");
            y
        })
        .collect();
    assert!(ys.windows(2).all(|p| p[0] < p[1]), "weakest first, hard below master: {ys:?}");
    shot(&w, "gui-dialog-levels.png");

    // Escape closes the list only; a second Escape, the dialog.
    w.key("Escape");
    let v = w.layout("the list closed", |v| v["form"]["open"].is_null());
    assert_eq!(v["dialog"], "new", "the dialog stays open");
    w.key("Escape");
    w.layout("the dialog closed", |v| v["dialog"] == "");

    // The Players dialog's list of levels at the smallest window: every
    // level is reachable (on screen, or by scrolling the list).
    w.resize(640, 480);
    w.layout("the small window", |v| v["window"][0] == 640);
    let v = w.layout("the panel", |v| v["buttons"].get("players").is_some());
    let players = button(&v, "players");
    w.click(players.0, players.1);
    w.layout("the Players dialog", |v| v["dialog"] == "players");
    let v = w.layout("the level drop-down", |v| v["regions"].to_string().contains("SeatLevels(1)"));
    let region = |v: &Value, name: &str| -> Option<(f64, f64)> {
        let r = v["regions"].as_array()?.iter().find(|r| r[0] == name)?.clone();
        Some((r[1].as_f64()?, r[2].as_f64()?))
    };
    let at = region(&v, "SeatLevels(1)").unwrap();
    w.click(at.0, at.1);
    let v = w.layout("the Players level list", |v| v["form"]["open"] == 1);
    let picks = |v: &Value| {
        v["regions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r[0].as_str().unwrap_or("").starts_with("SeatChoose(1, Computer("))
            .count()
    };
    assert!(picks(&v) >= 3, "at least three levels on screen: {v}");
    shot(&w, "gui-dialog-players-levels.png");
    // The wheel scrolls the list to its end: Master is reachable.
    let has_master = |v: &Value| v["regions"].to_string().contains("SeatChoose(1, Computer(Master))");
    let mut v = v;
    for _ in 0..12 {
        if has_master(&v) {
            break;
        }
        w.wheel(at.0, at.1 + 60.0, true);
        let before = v["regions"].clone();
        v = w.layout("the list scrolled", |n| n["regions"] != before);
    }
    assert!(has_master(&v), "Master reached by scrolling: {v}");
    w.key("Escape");
    let v = w.layout("the Players list closed", |v| v["form"]["open"].is_null());
    assert_eq!(v["dialog"], "players", "Escape closed only the list");
}
