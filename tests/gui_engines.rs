//! Managing added engines in the real window (`tabula play` under Xvfb,
//! driven with xdotool, read through the layout dump), as a shogi player
//! does it:
//!
//! * Fairy-Stockfish is added as a USI engine (`usi` → `usiok`) and
//!   analyses a shogi position at a depth limit (never time): three lines
//!   in the game's Western shogi notation (`P-7f`, `Bx2b+`), not USI's
//!   squares (`7g7f`), and the best move's arrow. Seated as Gote in a new
//!   game, it answers Sente's move.
//! * The Engines dialog lists it; Edit reopens the Add engine dialog filled
//!   in; a program that does not start is refused in the dialog (checked by
//!   starting it off the UI thread) and the engine is kept as it was; an
//!   added option is checked, saved and the analysis starts again.
//! * Remove asks first, then the engine leaves the analysers, the settings
//!   file and, after a restart, the window; a saved game that seats it
//!   still loads, with a note that the game keeps its own program.
//!
//! Screenshots land in `target/test-artifacts/gui-engines-*.png` (look at
//! them; `TABULA_UPDATE_SCREENSHOTS=1` copies them to
//! `docs/screenshots/engines-*.png`). Missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1`.

use std::path::Path;

use serde_json::Value;
use tabula_suite::window::{keep_screenshot, shot, tabula_binary, tools_present, Window};

/// Fairy-Stockfish as `scripts/setup.sh --test` installs it.
const FAIRY: &str = "/usr/games/fairy-stockfish";

/// Shogi between two people after P-7f P-3d, so nothing moves by itself.
const CONFIG: &str = "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"shogi\"\n\n\
     [[players]]\nname = \"Sente\"\nkind = \"human\"\n\n[[players]]\nname = \"Gote\"\nkind = \"human\"\n\n\
     [record]\nmoves = [\"c3c4\", \"g7g6\"]\n";

/// A saved game that seats Fairy-Stockfish by the name it had when added.
const SAVED: &str = "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"shogi\"\n\n\
     [[players]]\nname = \"Sente\"\nkind = \"human\"\n\n\
     [[players]]\nname = \"fairy-stockfish\"\nkind = \"engine\"\nprotocol = \"usi\"\n\
     command = \"/usr/games/fairy-stockfish\"\ntime_ms = 200\n\n[record]\nmoves = []\n";

fn lines(v: &Value) -> Vec<String> {
    v["analysis"]["lines"]
        .as_array()
        .map(|a| a.iter().filter_map(|l| l.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

fn names(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

/// Opens the strip with the panel's Analysis button (once: a second
/// press on a slow machine would close it again).
fn open_analysis(w: &mut Window) -> Value {
    w.click_button("analysis");
    w.layout("the analysis strip", |v| v["analysis"]["open"] == true)
}

/// Whether `m` is a move in Western shogi notation: a piece letter (`+`
/// before a promoted one), the origin square when needed, `-`, `x` or `*`,
/// the square (file digit, rank letter), and `+` or `=` for a promotion
/// taken or declined.
fn is_western_shogi(m: &str) -> bool {
    let m = m.strip_prefix('+').unwrap_or(m);
    let Some(piece) = m.chars().next().filter(|c| "PLNSGBRK".contains(*c)) else { return false };
    let rest = m[piece.len_utf8()..].trim_end_matches(['+', '=']);
    let Some(i) = rest.find(['-', 'x', '*']) else { return false };
    let square = |s: &str| s.len() == 2 && s.as_bytes()[0].is_ascii_digit() && (b'a'..=b'i').contains(&s.as_bytes()[1]);
    (rest[..i].is_empty() || square(&rest[..i])) && square(&rest[i + 1..])
}

#[test]
fn western_shogi_notation_is_told_from_usi_squares() {
    for good in ["P-7f", "Bx2b+", "P*5e", "+Rx2c", "S7h-6g", "Bx2b="] {
        assert!(is_western_shogi(good), "{good}");
    }
    for bad in ["7g7f", "8h2b+", "P*55", "e4", "c3c4", ""] {
        assert!(!is_western_shogi(bad), "{bad}");
    }
}

/// Adds Fairy-Stockfish as USI through the Add engine dialog, by typing.
fn add_fairy(w: &mut Window, dir: &Path) {
    w.click_button("analysis-add-engine");
    w.layout("the Add engine dialog", |v| v["analysis"]["form"]["focus"] == 1);
    w.xdotool(&["type", "--delay", "20", FAIRY]);
    w.click_button("engine-protocol");
    w.layout("USI chosen", |v| v["analysis"]["form"]["protocol"] == "usi");
    w.click_button("engine-options");
    w.xdotool(&["type", "--delay", "20", "Threads=1"]);
    w.layout("the fields typed", |v| v["analysis"]["form"]["fields"][2] == "Threads=1");
    w.click_button("engine-add");
    let v = w.layout("fairy-stockfish added", |v| {
        v["analysis"]["form"].is_null() && v["analysis"]["analyser"] == "fairy-stockfish"
    });
    assert_eq!(names(&v["analysis"]["engines"]), ["fairy-stockfish"]);
    let kept = std::fs::read_to_string(dir.join("settings.toml")).unwrap();
    assert!(kept.contains("protocol = \"usi\"") && kept.contains(FAIRY), "{kept}");
    assert!(kept.contains("\"shogi\""), "the variants it named under USI are kept: {kept}");
}

/// Edits the engine: a bad program is refused in the dialog, then an
/// added option is checked and saved.
fn edit_fairy(w: &mut Window, dir: &Path) {
    w.click_button("engines-edit:fairy-stockfish");
    let v = w.layout("the edit dialog", |v| v["analysis"]["form"]["editing"] == "fairy-stockfish");
    assert_eq!(v["analysis"]["form"]["fields"][1], FAIRY);
    assert_eq!(
        (&v["analysis"]["form"]["fields"][2], &v["analysis"]["form"]["protocol"]),
        (&"Threads=1".into(), &"usi".into())
    );
    w.click_button("engine-path");
    w.xdotool(&["key", "--repeat", &FAIRY.len().to_string(), "BackSpace"]);
    w.xdotool(&["type", "--delay", "20", "/no/such/fairy"]);
    w.layout("the path retyped", |v| v["analysis"]["form"]["fields"][1] == "/no/such/fairy");
    w.click_button("engine-add");
    let v = w.layout("the error", |v| v["analysis"]["form"]["error"].is_string());
    let error = v["analysis"]["form"]["error"].as_str().unwrap();
    assert!(error.contains("/no/such/fairy"), "the error names the program: {error}");
    let kept = std::fs::read_to_string(dir.join("settings.toml")).unwrap();
    assert!(kept.contains(FAIRY) && !kept.contains("/no/such"), "the engine is kept as it was: {kept}");
    shot(w, "gui-engines-edit-error.png");

    w.xdotool(&["key", "--repeat", "14", "BackSpace"]);
    w.xdotool(&["type", "--delay", "20", FAIRY]);
    w.click_button("engine-options");
    w.key("Return");
    w.xdotool(&["type", "--delay", "20", "Hash=32"]);
    w.layout("the option added", |v| {
        v["analysis"]["form"]["fields"][2] == "Threads=1\nHash=32" && v["analysis"]["form"]["fields"][1] == FAIRY
    });
    w.click_button("engine-add");
    let v = w.layout("the engine saved", |v| {
        v["analysis"]["form"].is_null() && v["analysis"]["manage"]["rows"][0]["options"][1] == "Hash=32"
    });
    assert_eq!(v["analysis"]["analyser"], "fairy-stockfish", "still the analyser");
    let kept = std::fs::read_to_string(dir.join("settings.toml")).unwrap();
    assert!(kept.contains("Hash=32") && kept.matches("[[engines]]").count() == 1, "{kept}");
}

#[test]
fn fairy_stockfish_as_usi_analyses_shogi_and_is_edited_and_removed() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    assert!(Path::new(FAIRY).exists(), "{FAIRY} is missing: run scripts/setup.sh --test");
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("shogi.toml");
    std::fs::write(&config, CONFIG).unwrap();
    let mut w = Window::open(&tabula_binary(), &config, dir.path());
    open_analysis(&mut w);
    add_fairy(&mut w, dir.path());

    // Three lines at depth 8, each in Western shogi notation.
    w.set_analysis_depth(8);
    let v = w.layout("fairy-stockfish's lines at depth 8", |v| {
        v["analysis"]["done"] == true && v["analysis"]["depth"] == 8 && lines(v).len() == 3
    });
    for l in lines(&v) {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "d8").unwrap_or_else(|| panic!("the depth: {l}"));
        let moves = &words[at + 1..];
        assert!(moves.len() >= 2 && moves.iter().all(|m| is_western_shogi(m)), "shogi notation: {l}");
    }
    assert!(v["analysis"]["arrow"].is_array(), "the best move's arrow: {}", v["analysis"]);
    keep_screenshot(&shot(&w, "gui-engines-usi.png"), "engines-usi-analysis.png");

    // Seated as Gote in a new game: it answers Sente's P-7f.
    w.key("ctrl+n");
    w.layout("the New game dialog", |v| v["dialog"] == "new");
    w.click_button("seat:0=person");
    w.click_button("seat:1=computer");
    w.click_button("open:level:1");
    w.click_button("engine:1=fairy-stockfish");
    w.click_button("start");
    let v = w.layout("the new game", |v| v["dialog"] == "" && v["moves"].as_array().is_some_and(Vec::is_empty));
    assert_eq!(v["seats"][1][0], "fairy-stockfish", "{}", v["seats"]);
    w.click_at(&v["cells"]["c3"]);
    w.click_at(&v["cells"]["c4"]);
    let v = w.layout("its answer", |v| v["moves"].as_array().is_some_and(|m| m.len() == 2));
    assert_eq!(v["moves"][0], "c3c4");

    // The Engines dialog lists it; it is edited.
    w.click_button("analysis-engines");
    let v = w.layout("the Engines dialog", |v| v["analysis"]["manage"]["rows"][0]["name"] == "fairy-stockfish");
    assert_eq!(v["analysis"]["manage"]["rows"][0]["protocol"], "usi");
    edit_fairy(&mut w, dir.path());
    keep_screenshot(&shot(&w, "gui-engines-list.png"), "engines-list.png");
    // Its analysis started again with the new options.
    w.click_button("engines-close");
    w.layout("lines again", |v| {
        v["analysis"]["manage"].is_null() && v["analysis"]["done"] == true && lines(v).len() == 3
    });
    // Cheap searches from here on (the analyser that follows is the host's).
    w.set_analysis_depth(1);
    w.click_button("analysis-engines");
    w.layout("the Engines dialog again", |v| v["analysis"]["manage"]["rows"][0]["name"] == "fairy-stockfish");

    // Remove asks first; Keep keeps it; Remove removes it.
    w.click_button("engines-remove:fairy-stockfish");
    w.layout("the question", |v| v["analysis"]["manage"]["confirm"] == "fairy-stockfish");
    w.click_button("engines-remove-no");
    w.layout("kept", |v| v["analysis"]["manage"]["confirm"].is_null());
    w.click_button("engines-remove:fairy-stockfish");
    w.layout("the question again", |v| v["analysis"]["manage"]["confirm"] == "fairy-stockfish");
    keep_screenshot(&shot(&w, "gui-engines-remove.png"), "engines-remove.png");
    w.click_button("engines-remove-yes");
    let v = w.layout("removed", |v| {
        v["analysis"]["engines"].as_array().is_some_and(Vec::is_empty)
            && v["analysis"]["manage"]["rows"].as_array().is_some_and(Vec::is_empty)
    });
    assert!(!names(&v["analysis"]["analysers"]).contains(&"fairy-stockfish".to_string()), "{}", v["analysis"]);
    assert_ne!(v["analysis"]["analyser"], "fairy-stockfish");
    let kept = std::fs::read_to_string(dir.path().join("settings.toml")).unwrap();
    assert!(!kept.contains("[[engines]]"), "{kept}");
    w.click_button("engines-close");
    w.layout("the dialog closed", |v| v["analysis"]["manage"].is_null());
    drop(w);

    // After a restart it is still gone; a saved game that seats it loads
    // with a note.
    let saves = dir.path().join("data/tabula/saves");
    std::fs::create_dir_all(&saves).unwrap();
    std::fs::write(saves.join("with-fairy.toml"), SAVED).unwrap();
    let mut w = Window::open(&tabula_binary(), &config, dir.path());
    let v = open_analysis(&mut w);
    assert!(v["analysis"]["engines"].as_array().is_some_and(Vec::is_empty), "{}", v["analysis"]);
    assert!(!names(&v["analysis"]["analysers"]).contains(&"fairy-stockfish".to_string()), "{}", v["analysis"]);
    w.click_button("analysis-close");
    w.layout("the strip closed", |v| v["analysis"]["open"] == false);
    w.key("ctrl+o");
    let v = w.layout("the Load dialog with the saved game", load_open);
    w.click_at(&region_at(&v, "LoadSave(0)").unwrap());
    let v = w.layout("the saved game loaded", |v| {
        v["message"].as_str().is_some_and(|m| m.contains("fairy-stockfish") && m.contains(FAIRY))
    });
    assert_eq!(v["seats"][1][0], "fairy-stockfish", "{}", v["seats"]);
    shot(&w, "gui-engines-loaded.png");
}

/// Whether the Load dialog is open with an entry.
fn load_open(v: &Value) -> bool {
    v["dialog"] == "load" && region_at(v, "LoadSave(0)").is_some()
}

/// The centre of the click region whose action reads `name`.
fn region_at(v: &Value, name: &str) -> Option<Value> {
    let found = v["regions"].as_array()?.iter().find(|r| r[0] == name)?;
    Some(serde_json::json!([found[1], found[2]]))
}
