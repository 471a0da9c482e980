//! Analysis mode in the real window (`tabula play` under Xvfb, driven
//! with xdotool, read through the layout dump), as a chess player uses it:
//!
//! * Tabula's alpha-beta analyses the position shown, limited by depth
//!   (never time): three lines appear with scores and depths, the best
//!   move's arrow is drawn, the whole game's graph fills, and a click on
//!   the graph shows that ply.
//! * Stockfish is added through the Add engine dialog by typing (a bad
//!   path first: its error is shown in the dialog), analyses with several
//!   lines at a depth limit, and is seated as a player in a new game,
//!   where it answers a move.
//!
//! Screenshots land in `target/test-artifacts/gui-analysis-*.png` (look at
//! them). Missing tools fail the tests unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::Path;
use std::sync::Mutex;

use serde_json::Value;
use tabula_suite::window::{keep_screenshot, shot, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Two people and a short Italian opening, so nothing moves by itself.
const CONFIG: &str = "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"White\"\nkind = \"human\"\n\n\
     [[players]]\nname = \"Black\"\nkind = \"human\"\n\n\
     [record]\nmoves = [\"e2e4\", \"e7e5\", \"g1f3\", \"b8c6\", \"f1c4\"]\n";

/// Stockfish as `scripts/setup.sh --test` installs it.
const STOCKFISH: &str = "/usr/games/stockfish";

fn open() -> (tempfile::TempDir, Window) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, CONFIG).unwrap();
    let window = Window::open(&tabula_binary(), &path, dir.path());
    (dir, window)
}

fn lines(v: &Value) -> Vec<String> {
    v["analysis"]["lines"]
        .as_array()
        .map(|a| a.iter().filter_map(|l| l.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

/// Opens the strip with the A key, again only when the window has shown
/// no sign of the last press: A toggles the strip, so a press the window
/// merely took long to handle (a loaded machine) and a second press would
/// close it again. Each wait is longer than the one before.
fn open_analysis(w: &mut Window) -> Value {
    w.layout("the first layout", |_| true);
    for attempt in 1..=5u64 {
        w.key("a");
        let opened = w.try_wait_for(std::time::Duration::from_secs(4 * attempt), |l| {
            let v: Option<Value> = l.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            v.filter(|v| v["analysis"]["open"] == true)
        });
        if let Some(v) = opened {
            return v;
        }
    }
    panic!("the analysis did not open");
}

#[test]
fn alphabeta_analyses_the_position_shown_with_lines_an_arrow_and_a_graph() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open();
    let v = open_analysis(&mut w);
    assert_eq!(v["analysis"]["analyser"], "alphabeta", "the hint's strategy first: {}", v["analysis"]);
    w.set_analysis_depth(3);

    // Three lines at depth 3, the best first, each a score and moves.
    let v = w.layout("three lines at depth 3", |v| {
        v["analysis"]["done"] == true && v["analysis"]["depth"] == 3 && lines(v).len() == 3
    });
    let shown = lines(&v);
    for l in &shown {
        let score = l.split_whitespace().next().unwrap();
        assert!(score.starts_with('+') || score.starts_with('-'), "a score in pawns first: {l}");
        assert!(l.contains(" d3 "), "the depth: {l}");
    }
    let first_moves: Vec<&str> = shown.iter().map(|l| l.split_whitespace().nth(2).unwrap()).collect();
    assert!(first_moves.windows(2).all(|p| p[0] != p[1]), "three different moves: {shown:?}");
    let arrow = &v["analysis"]["arrow"];
    assert!(arrow.is_array(), "the best move's arrow is drawn: {}", v["analysis"]);

    // Back one ply: the position shown is analysed, for the other side.
    w.key("Left");
    let v = w.layout("the analysis of ply 4", |v| {
        v["view"] == 4 && v["analysis"]["done"] == true && lines(v).len() == 3 && lines(v) != shown
    });
    assert!(v["analysis"]["arrow"].is_array());
    w.key("End");

    // The whole game: six positions, each at the graph's depth.
    w.click_button("analysis-game");
    let v = w.layout("the graph filled", |v| {
        let g = v["analysis"]["graph"].as_array().cloned().unwrap_or_default();
        g.len() == 6 && g.iter().all(Value::is_number) && v["analysis"]["graph_running"] == false
    });
    let graph: Vec<f64> = v["analysis"]["graph"].as_array().unwrap().iter().map(|s| s.as_f64().unwrap()).collect();
    assert!(graph.iter().all(|s| s.abs() < 1.0), "an even opening, nobody near winning: {graph:?}");
    let path = shot(&w, "gui-analysis-alphabeta.png");
    keep_screenshot(&path, "analysis.png");

    // A click on the graph shows that ply.
    w.click_button("graph:2");
    w.layout("ply 2 shown", |v| v["view"] == 2);
    // The arrow goes off and on.
    w.click_button("analysis-arrow");
    w.layout("no arrow", |v| v["analysis"]["arrow"].is_null());
    w.key("a");
    w.layout("the strip closed", |v| v["analysis"]["open"] == false && v["buttons"].get("analysis-next").is_none());
}

#[test]
fn stockfish_is_added_by_typing_analyses_and_plays() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    assert!(Path::new(STOCKFISH).exists(), "{STOCKFISH} is missing: run scripts/setup.sh --test");
    let (dir, mut w) = open();
    open_analysis(&mut w);
    w.click_button("analysis-add-engine");
    w.layout("the Add engine dialog", |v| v["analysis"]["form"]["focus"] == 1);

    // A path that is no program: the dialog says so and stays open.
    w.xdotool(&["type", "--delay", "30", "/no/such/engine"]);
    w.click_button("engine-add");
    let v = w.layout("the error", |v| v["analysis"]["form"]["error"].is_string());
    let error = v["analysis"]["form"]["error"].as_str().unwrap().to_string();
    assert!(error.contains("/no/such/engine"), "the error names the program: {error}");
    shot(&w, "gui-analysis-bad-engine.png");

    // The real one, with options on two lines.
    w.xdotool(&["key", "--repeat", "20", "BackSpace"]);
    w.xdotool(&["type", "--delay", "30", STOCKFISH]);
    w.click_button("engine-options");
    w.xdotool(&["type", "--delay", "30", "Threads=1"]);
    w.key("Return");
    w.xdotool(&["type", "--delay", "30", "Hash=16"]);
    let v = w.layout("the fields typed", |v| v["analysis"]["form"]["fields"][2] == "Threads=1\nHash=16");
    assert_eq!(v["analysis"]["form"]["fields"][1], STOCKFISH);
    w.click_button("engine-add");
    let v =
        w.layout("stockfish added", |v| v["analysis"]["form"].is_null() && v["analysis"]["analyser"] == "stockfish");
    assert_eq!(v["analysis"]["engines"], serde_json::json!(["stockfish"]));
    let kept = std::fs::read_to_string(dir.path().join("settings.toml")).unwrap();
    assert!(kept.contains("[[engines]]") && kept.contains(STOCKFISH) && kept.contains("Hash=16"), "{kept}");

    // Its lines, at a depth limit.
    w.set_analysis_depth(10);
    let v = w.layout("stockfish's lines at depth 10", |v| {
        v["analysis"]["done"] == true && v["analysis"]["depth"] == 10 && lines(v).len() == 3
    });
    assert!(v["analysis"]["arrow"].is_array());
    shot(&w, "gui-analysis-stockfish.png");

    // Seated as Black in a new game: it answers White's move.
    w.key("ctrl+n");
    w.layout("the New game dialog", |v| v["dialog"] == "new");
    w.click_button("seat:0=person");
    w.click_button("seat:1=computer");
    w.click_button("open:level:1");
    w.click_button("engine:1=stockfish");
    w.click_button("start");
    let v = w.layout("the new game", |v| v["dialog"] == "" && v["moves"].as_array().is_some_and(Vec::is_empty));
    assert_eq!(v["seats"][1][0], "stockfish", "{}", v["seats"]);
    let (e2, e4) = (v["cells"]["e2"].clone(), v["cells"]["e4"].clone());
    w.click_at(&e2);
    w.click_at(&e4);
    let v = w.layout("stockfish's answer", |v| v["moves"].as_array().is_some_and(|m| m.len() == 2));
    assert_eq!(v["moves"][0], "e2e4");
}
