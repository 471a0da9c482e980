//! Records in the real window (under Xvfb, driven with xdotool; issue 25,
//! item 11): a PGN game's White and Black become the seats' names and are
//! saved back; an EPD file lists its positions with their operations, a
//! position picked is set up (one the rules refuse is named by its line)
//! and saves as EPD with its operations; an SGF Go game opens as Go with
//! its players and its main line, says what it left out, and saves as SGF.
//! Screenshots land in `target/test-artifacts/` (copies in
//! `docs/screenshots/records-*.png`).
//!
//! Missing tools fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use tabula_suite::window::{shot, tabula_binary, tools_present, Window};

fn data(kind: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(kind).join(name)
}

fn region(v: &Value, action: &str) -> Option<Value> {
    let r = v["regions"].as_array()?.iter().find(|r| r[0] == action)?;
    Some(serde_json::json!([r[1], r[2]]))
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"].as_array().map(|a| a.iter().filter_map(|m| m.as_str().map(String::from)).collect()).unwrap_or_default()
}

fn seat_names(v: &Value) -> Vec<String> {
    v["seats"]
        .as_array()
        .map(|a| a.iter().filter_map(|s| s[0].as_str().map(String::from)).collect())
        .unwrap_or_default()
}

fn message(v: &Value) -> String {
    v["message"].as_str().unwrap_or_default().to_string()
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

/// Types `path` into the Load dialog's path field and opens it.
fn open_file(w: &mut Window, path: &Path) {
    w.key("ctrl+o");
    let load = w.layout("the Load dialog", |v| v["dialog"] == "load" && region(v, "Focus(LoadPath)").is_some());
    w.click_at(&region(&load, "Focus(LoadPath)").unwrap());
    w.layout("the path field focused", |v| v["focus"] == "Some(LoadPath)");
    w.xdotool(&["type", "--delay", "15", path.to_str().unwrap()]);
    w.key("Return");
}

/// Saves under `name` through the Save dialog (the default name selected,
/// so typing replaces it).
fn save_as(w: &mut Window, name: &str) {
    w.key("ctrl+s");
    w.layout("the Save dialog", |v| v["dialog"] == "save" && v["focus"] == "Some(SaveName)");
    w.xdotool(&["type", "--delay", "15", name]);
    w.key("Return");
}

fn chess_window(dir: &Path) -> Window {
    let config = dir.join("chess.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"chess\"\n[[players]]\nname = \"A\"\nkind = \"human\"\n\
         [[players]]\nname = \"B\"\nkind = \"human\"\n",
    )
    .unwrap();
    Window::open(&tabula_binary(), &config, dir)
}

#[test]
fn pgn_names_go_onto_the_seats_and_back_into_the_record() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut w = chess_window(dir.path());
    open_file(&mut w, &data("pgn", "two-games.pgn"));
    let games = w.layout("the game browser", |v| v["dialog"] == "games" && region(v, "PickGame(1)").is_some());
    w.click_at(&region(&games, "PickGame(1)").unwrap());
    let loaded = w.layout("Legall's mate loaded", |v| moves(v).len() == 13);
    assert_eq!(seat_names(&loaded), ["Legall de Kermeur", "Saint Brie"]);
    shot(&w, "records-pgn-names.png");
    // The native save keeps them as the players' names.
    save_as(&mut w, "legall.toml");
    let saves = dir.path().join("data/tabula/saves");
    let native = file_with(&saves.join("legall.toml"), |t| t.contains("[record]"));
    assert!(native.contains("name = \"Legall de Kermeur\"") && native.contains("name = \"Saint Brie\""), "{native}");
    // A game played on from there is saved as PGN under the same names.
    w.key("BackSpace");
    w.layout("a move taken back", |v| moves(v).len() == 12);
    save_as(&mut w, "legall.pgn");
    let pgn = file_with(&saves.join("legall.pgn"), |t| t.contains("[Black"));
    assert!(pgn.contains("[White \"Legall de Kermeur\"]\n[Black \"Saint Brie\"]"), "{pgn}");
    assert!(w.running());
}

#[test]
fn an_epd_file_lists_its_positions_and_one_is_set_up_and_saved() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut w = chess_window(dir.path());
    open_file(&mut w, &data("epd", "tactics.epd"));
    let list = w.layout("the positions listed", |v| v["dialog"] == "games" && region(v, "PickGame(4)").is_some());
    assert_eq!(list["focus"], "Some(PgnFilter)");
    shot(&w, "records-epd.png");
    w.xdotool(&["type", "--delay", "15", "mate"]);
    let filtered =
        w.layout("one position left", |v| region(v, "PickGame(0)").is_none() && region(v, "PickGame(2)").is_some());
    w.click_at(&region(&filtered, "PickGame(2)").unwrap());
    let set_up = w.layout("WAC.003 set up", |v| v["dialog"] == "" && v["pieces"]["e3"].is_array());
    assert!(message(&set_up).contains("WAC.003") && message(&set_up).contains("bm Rg3;"), "{}", message(&set_up));
    assert_eq!(set_up["pieces"]["g8"][0], 1, "Black's king on g8");
    assert_eq!(moves(&set_up), Vec::<String>::new());
    shot(&w, "records-epd-set-up.png");
    save_as(&mut w, "wac3.epd");
    let saves = dir.path().join("data/tabula/saves");
    let epd = file_with(&saves.join("wac3.epd"), |t| t.ends_with('\n'));
    assert_eq!(
        epd,
        "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id \"WAC.003\"; c0 \"mate follows\"; \
         hmvc 0; fmvn 1;\n"
    );
    // A position the rules refuse stays listed with its line named.
    open_file(&mut w, &data("epd", "refused.epd"));
    let list = w.layout("the refused file listed", |v| v["dialog"] == "games" && region(v, "PickGame(2)").is_some());
    w.click_at(&region(&list, "PickGame(2)").unwrap());
    let refused = w.layout("the refusal", |v| v["dialog"] == "games" && v["form"]["error"].is_string());
    let error = refused["form"]["error"].as_str().unwrap();
    assert!(error.starts_with("refused.epd, line 3: bad position '8/8/8/8/8/8/8/8 w - - 0 1'"), "{error}");
    shot(&w, "records-epd-refused.png");
    assert!(w.running());
}

#[test]
fn an_sgf_go_game_opens_with_its_players_and_saves_as_sgf() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut w = chess_window(dir.path());
    open_file(&mut w, &data("sgf", "go-9x9.sgf"));
    let go = w.layout("the Go game", |v| moves(v).len() == 8);
    assert_eq!(moves(&go), ["E5", "C7", "G7", "C3", "E3", "G3", "pass", "pass"]);
    assert_eq!(seat_names(&go), ["Honinbo Shusaku", "Gennan Inseki"]);
    assert!(message(&go).contains("3 comments and 1 variations"), "{}", message(&go));
    assert_eq!(go["pieces"]["E5"][0], 0, "Black's stone on the centre");
    shot(&w, "records-sgf.png");
    w.key("Escape");
    save_as(&mut w, "go.sgf");
    let saves = dir.path().join("data/tabula/saves");
    let sgf = file_with(&saves.join("go.sgf"), |t| t.contains(";W[]"));
    assert!(
        sgf.starts_with("(;FF[4]GM[1]CA[UTF-8]AP[Tabula]SZ[9]KM[6.5]PB[Honinbo Shusaku]PW[Gennan Inseki]"),
        "{sgf}"
    );
    assert!(sgf.contains(";B[ee]\n;W[cc]\n;B[gc]\n;W[cg]\n;B[eg]\n;W[gg]\n;B[]\n;W[])"), "{sgf}");
    assert!(w.running());
}

#[test]
fn a_pdn_draughts_game_opens_with_its_players_and_saves_as_pdn_pydraughts_reads() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut w = chess_window(dir.path());
    open_file(&mut w, &data("pdn", "english.pdn"));
    let game = w.layout("the draughts game", |v| moves(v).len() == 20);
    // English draughts' first player is Black: the tags go by side.
    let seats: Vec<(String, String)> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s[0].as_str().unwrap().to_string(), s[1].as_str().unwrap().to_lowercase()))
        .collect();
    assert!(seats.contains(&("Black, B.".into(), "black".into())), "{seats:?}");
    assert!(seats.contains(&("White, W.".into(), "white".into())), "{seats:?}");
    shot(&w, "records-pdn.png");
    save_as(&mut w, "english.pdn");
    let saves = dir.path().join("data/tabula/saves");
    let path = saves.join("english.pdn");
    let pdn = file_with(&path, |t| t.contains("GameType"));
    assert!(pdn.contains("[White \"White, W.\"]\n[Black \"Black, B.\"]") && pdn.contains("[GameType \"21\"]"), "{pdn}");
    assert!(pdn.contains("1. 9-14 22-18 2. 5-9 25-22"), "{pdn}");
    let out = tabula_suite::reference::run_script(
        "pdn_pydraughts_reference.py",
        &["--tabula", tabula_binary().to_str().unwrap(), "--pdn", path.to_str().unwrap(), "--moves", "20"],
    );
    assert!(out.contains("pdn reference: no mismatch in 1 games"), "{out}");
    assert!(w.running());
}
