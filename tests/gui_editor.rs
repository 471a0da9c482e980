//! The board editor in the real window (under Xvfb, driven with xdotool):
//! for chess the board is cleared, kings and a rook placed by clicks, the
//! chess plugin's own refusals shown (the side not to move in check, then
//! a castling right without its rook), the side to move and the text
//! fixed, and a game started from there in which Black moves; for gomoku
//! stones are placed, one erased with the tool and one with a right click,
//! and play goes on from there.
//! Screenshots land in `target/test-artifacts/gui-editor-*.png`.

use std::sync::Mutex;

use serde_json::Value;
use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

/// The window tests share the machine's cores: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn two_people(rules: &str) -> String {
    format!(
        "[game]\nrules = \"{rules}\"\n\n[[players]]\nname = \"Ann\"\nkind = \"human\"\n\n\
         [[players]]\nname = \"Bo\"\nkind = \"human\"\n"
    )
}

/// The index of the piece type named `name`.
fn kind(layout: &Value, name: &str) -> usize {
    let kinds = layout["kinds"].as_array().unwrap_or_else(|| panic!("no piece types listed: {layout}"));
    kinds.iter().position(|k| k == name).unwrap_or_else(|| panic!("no piece type '{name}': {layout}"))
}

fn text(layout: &Value) -> &str {
    layout["editor"]["text"].as_str().unwrap_or_default()
}

fn error(layout: &Value) -> &str {
    layout["editor"]["error"].as_str().unwrap_or_default()
}

fn editor_text_is(want: &str) -> impl Fn(&Value) -> bool + '_ {
    move |v: &Value| v["dialog"] == "editor" && text(v) == want
}

/// Places the piece of `owner` named `name` on each cell by clicks.
fn place(gui: &mut Window, layout: &Value, owner: u8, name: &str, cells: &[&str]) {
    gui.click_at(&layout["buttons"][format!("tool:{owner}:{}", kind(layout, name))]);
    for cell in cells {
        gui.click_at(&layout["cells"][*cell]);
    }
}

/// A click of the right button at a `[x, y]` of the layout.
fn right_click(gui: &Window, at: &Value) {
    let id = gui.xdotool(&["search", "--name", "Tabula"]);
    let id = id.lines().next().expect("the window").to_string();
    let coordinate = |i: usize| format!("{}", at[i].as_f64().unwrap_or_else(|| panic!("not a position: {at}")));
    let (x, y) = (coordinate(0), coordinate(1));
    gui.xdotool(&["mousemove", "--window", &id, &x, &y]);
    gui.xdotool(&["click", "3"]);
}

/// Play from here, then Start in the New game dialog (two people), and
/// waits for the game to show `side` to move with no moves yet.
fn play_from_here(gui: &mut Window, layout: &Value, side: u64) -> Value {
    gui.click_at(&layout["buttons"]["play"]);
    let form = gui.layout("the New game dialog", |v| v["dialog"] == "new");
    for (i, seat) in form["form"]["seats"].as_array().cloned().unwrap_or_default().iter().enumerate() {
        if seat != "person" {
            gui.click_at(&form["buttons"][format!("seat:{i}=person")]);
        }
    }
    gui.click_at(&form["buttons"]["start"]);
    gui.layout("the game from the edited position", |v| {
        v["dialog"] == "" && v["to_move"] == side && v["moves"].as_array().is_some_and(|m| m.is_empty())
    })
}

#[test]
fn chess_positions_are_set_up_refused_fixed_and_played_from() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("chess.toml");
    std::fs::write(&config, two_people("chess")).unwrap();
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let game = gui.layout("the game", |v| v["buttons"]["edit"].is_array());
    gui.click_at(&game["buttons"]["edit"]);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let editor = gui.layout("the editor on the start position", editor_text_is(start));
    assert_eq!(editor["editor"]["clickable"], true, "{editor}");
    assert_eq!(editor["pieces"].as_object().map(|p| p.len()), Some(32), "{editor}");

    gui.click_at(&editor["buttons"]["clear"]);
    let empty = gui.layout("the cleared board", editor_text_is("8/8/8/8/8/8/8/8 w KQkq - 0 1"));
    assert!(error(&empty).contains("king"), "the plugin wants kings: {}", empty["editor"]);
    place(&mut gui, &empty, 0, "king", &["e1"]);
    place(&mut gui, &empty, 1, "king", &["e8"]);
    place(&mut gui, &empty, 0, "rook", &["e2"]);
    let placed = gui.layout("kings and a rook", editor_text_is("4k3/8/8/8/8/8/4R3/4K3 w KQkq - 0 1"));
    assert!(error(&placed).contains("in check"), "Black in check with White to move is refused: {}", placed["editor"]);
    let (king, rook) = (kind(&placed, "king"), kind(&placed, "rook"));
    assert_eq!(placed["pieces"]["e1"], serde_json::json!([0, king]), "{placed}");
    assert_eq!(placed["pieces"]["e8"], serde_json::json!([1, king]), "{placed}");
    assert_eq!(placed["pieces"]["e2"], serde_json::json!([0, rook]), "{placed}");
    gui.screenshot(&artifact("gui-editor-chess-refused.png"));

    gui.click_at(&placed["buttons"]["side:1"]);
    let rights = gui.layout("Black to move", editor_text_is("4k3/8/8/8/8/8/4R3/4K3 b KQkq - 0 1"));
    assert!(error(&rights).contains("castling"), "rights without their rooks are refused: {}", rights["editor"]);
    // The rights are text: the caret goes behind "KQkq", which becomes "-".
    gui.click_at(&rights["buttons"]["text"]);
    gui.key("End");
    for _ in 0..6 {
        gui.key("Left");
    }
    for _ in 0..4 {
        gui.key("BackSpace");
    }
    gui.xdotool(&["type", "-"]);
    let fixed = gui.layout("the rights removed", editor_text_is("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"));
    assert!(fixed["editor"]["error"].is_null(), "the position is legal now: {}", fixed["editor"]);
    assert_eq!(fixed["editor"]["side"], 1, "{}", fixed["editor"]);
    gui.key("Return");
    gui.screenshot(&artifact("gui-editor-chess-legal.png"));

    let game = play_from_here(&mut gui, &fixed, 1);
    assert_eq!(game["pieces"]["e2"], serde_json::json!([0, rook]), "the edited position is played: {game}");
    gui.click_at(&game["cells"]["e8"]);
    gui.click_at(&game["cells"]["d8"]);
    let moved = gui.layout("Black's king move", |v| v["moves"].as_array().is_some_and(|m| m.len() == 1));
    assert_eq!(moved["moves"][0], "e8d8", "{moved}");
    assert_eq!(moved["pieces"]["d8"], serde_json::json!([1, king]), "{moved}");
    gui.screenshot(&artifact("gui-editor-chess-played.png"));
}

#[test]
fn gomoku_stones_are_placed_erased_and_played_on() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("gomoku.toml");
    std::fs::write(&config, two_people("gomoku")).unwrap();
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let game = gui.layout("the game", |v| v["buttons"]["edit"].is_array());
    gui.click_at(&game["buttons"]["edit"]);
    let editor = gui.layout("the editor", |v| v["dialog"] == "editor");
    assert_eq!(editor["editor"]["clickable"], true, "{editor}");
    let stone = editor["kinds"][0].as_str().expect("a piece type").to_string();
    place(&mut gui, &editor, 0, &stone, &["h8", "i9", "j10", "k11"]);
    place(&mut gui, &editor, 1, &stone, &["g7", "h9"]);
    // The erase tool empties k11; a right click empties j10.
    gui.click_at(&editor["buttons"]["erase"]);
    gui.click_at(&editor["cells"]["k11"]);
    right_click(&gui, &editor["cells"]["j10"]);
    gui.click_at(&editor["buttons"]["side:0"]);
    let stones = serde_json::json!({"h8": [0, 0], "i9": [0, 0], "g7": [1, 0], "h9": [1, 0]});
    let set = gui.layout("two stones each, the first player to move", |v| {
        v["dialog"] == "editor" && v["pieces"] == stones && v["editor"]["side"] == 0
    });
    assert!(set["editor"]["error"].is_null(), "{}", set["editor"]);
    // Row 8 from the top of a 15-row board reads `.......x.......` in the text.
    assert!(text(&set).contains("/.......x......./"), "{}", set["editor"]);
    gui.screenshot(&artifact("gui-editor-gomoku.png"));

    let game = play_from_here(&mut gui, &set, 0);
    assert_eq!(game["pieces"].as_object().map(|p| p.len()), Some(4), "{game}");
    gui.click_at(&game["cells"]["j10"]);
    let moved = gui.layout("a stone played", |v| v["moves"].as_array().is_some_and(|m| m.len() == 1));
    assert_eq!(moved["pieces"]["j10"][0], 0, "{moved}");
    gui.screenshot(&artifact("gui-editor-gomoku-played.png"));
}
