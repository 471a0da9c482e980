//! The window's play aids, driven as a person would (the real window under
//! Xvfb, clicks and keys by xdotool, states read from the layout dump):
//!
//! * premoves in a network game against a protocol client that moves when
//!   the test says so: one played the moment the turn comes, one dropped
//!   because the reply made it illegal (a pin), one cancelled by Escape
//!   and one by a right click off the board;
//! * right-drag arrows and right-click circles, coloured by Shift and
//!   Ctrl, taken away by the same mark again and cleared by a left click,
//!   on squares (chess), points (Go) and hexagons (Hex);
//! * the board theme, the piece set and the coordinates chosen in
//!   Settings, applied at once and kept for the next start.
//!
//! Screenshots: target/test-artifacts/gui-play-*.png.

use std::sync::Mutex;

use serde_json::{json, Value};
use tabula_suite::net::{Client, Server};
use tabula_suite::window::{names, shot, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const TOOLS: [&str; 3] = ["Xvfb", "xdotool", "import"];

fn moves(v: &Value) -> Vec<String> {
    names(v, "moves")
}

fn premove(v: &Value) -> &Value {
    &v["aids"]["premove"]
}

fn marks(v: &Value) -> Vec<(String, String, String)> {
    let list = v["aids"]["marks"].as_array().cloned().unwrap_or_default();
    list.iter()
        .map(|m| (m[0].as_str().unwrap().into(), m[1].as_str().unwrap().into(), m[2].as_str().unwrap().into()))
        .collect()
}

fn mark(from: &str, to: &str, colour: &str) -> (String, String, String) {
    (from.into(), to.into(), colour.into())
}

/// Clicks `from` then `to` for a premove and waits until it is complete.
fn premove_clicks(w: &mut Window, v: &Value, from: &str, to: &str) -> Value {
    w.click_at(&v["cells"][from]);
    w.layout("the premove's first click", |v| names(&v["aids"]["premove"], "cells") == [from]);
    w.click_at(&v["cells"][to]);
    w.layout("the premove complete", |v| premove(v)["ready"] == true && names(premove(v), "cells") == [from, to])
}

#[test]
fn premoves_are_played_when_legal_dropped_when_not_and_cancelled_by_escape_or_a_right_click() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&TOOLS) {
        return;
    }
    let (data, dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let server = Server::start(&tabula_binary(), data.path());
    let args = ["play", "--connect", &server.addr, "--create", "chess", "--name", "Ann"];
    let mut ann = Window::open_args(&tabula_binary(), &args, dir.path(), &[]);
    let mut bob = Client::connect(&server.addr);
    let (token, _) = bob.join(1, None, "Bob");
    let bob_moves = |bob: &mut Client, ply: u64, mv: &str| {
        bob.send(json!({"type": "move", "room": 1, "token": token, "move": mv, "ply": ply}));
    };
    let v = ann.layout("Bob seated", |v| v["seats"][1][0] == "Bob");
    ann.click_at(&v["cells"]["e2"]);
    ann.click_at(&v["cells"]["e4"]);
    bob.wait("Ann's move", |m| m["type"] == "moved" && m["ply"] == 0);

    // While Bob thinks, Ann's knight goes to f3 as soon as he has moved.
    let v = ann.layout("Bob to move", |v| moves(v).len() == 1 && v["to_move"] == 1);
    assert!(premove(&v).is_null(), "no premove yet: {v}");
    let set = premove_clicks(&mut ann, &v, "g1", "f3");
    assert!(set["message"].as_str().unwrap_or_default().contains("Premove"), "{}", set["message"]);
    shot(&ann, "gui-play-premove.png");
    bob_moves(&mut bob, 1, "e7e5");
    let v = ann.layout("the premove played at once", |v| moves(v).len() == 3);
    assert_eq!(moves(&v), ["e2e4", "e7e5", "g1f3"]);
    assert!(premove(&v).is_null(), "played, so gone: {v}");
    bob.wait("Ann's premove reached the server", |m| m["type"] == "moved" && m["ply"] == 2);

    // d2-d4 is legal now, but Bob's bishop pins the pawn: dropped.
    let set = premove_clicks(&mut ann, &v, "d2", "d4");
    assert_eq!(set["to_move"], 1);
    bob_moves(&mut bob, 3, "f8b4");
    let v = ann.layout("the premove dropped", |v| moves(v).len() == 4 && premove(v).is_null());
    assert!(v["message"].as_str().unwrap_or_default().contains("not legal"), "{}", v["message"]);
    assert_eq!(v["to_move"], 0, "Ann is to move: nothing was played for her");
    shot(&ann, "gui-play-premove-dropped.png");

    // c2-c3 breaks the pin; then a premove is cancelled by Escape, and
    // another by a right click off the board.
    ann.click_at(&v["cells"]["c2"]);
    ann.click_at(&v["cells"]["c3"]);
    bob.wait("Ann's c3", |m| m["type"] == "moved" && m["ply"] == 4);
    let v = ann.layout("Bob to move again", |v| moves(v).len() == 5);
    premove_clicks(&mut ann, &v, "e1", "e2");
    ann.key("Escape");
    let v = ann.layout("cancelled by Escape", |v| premove(v).is_null());
    assert!(v["message"].as_str().unwrap_or_default().contains("cancelled"), "{}", v["message"]);
    premove_clicks(&mut ann, &v, "b1", "a3");
    // The window's left edge, beside the board's margin: no cell.
    let off_board = json!([3, v["cells"]["a1"][1]]);
    ann.right_drag(&off_board, &off_board, None);
    ann.layout("cancelled by a right click off the board", |v| premove(v).is_null());
    bob_moves(&mut bob, 5, "g8f6");
    let v = ann.layout("Bob's knight", |v| moves(v).len() == 6);
    assert_eq!(v["to_move"], 0, "nothing was played for Ann after the cancels: {:?}", moves(&v));
}

/// The window on `config`, in a directory of its own.
fn open(config: &str) -> (tempfile::TempDir, Window) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, config).unwrap();
    let window = Window::open(&tabula_binary(), &path, dir.path());
    (dir, window)
}

const PEOPLE: &str = "[[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n";

/// On one board: an arrow, a circle in another colour, the same arrow
/// again taking it away, and a left click clearing everything.
fn arrows_and_circles(game: &str, cells: [&str; 4], screenshot: &str) {
    let (_dir, mut w) = open(&format!("[game]\n{game}\n\n{PEOPLE}"));
    let v = w.layout("the board", |v| v["cells"].as_object().is_some_and(|c| !c.is_empty()));
    let at = |c: &str| v["cells"][c].clone();
    let [a, b, c, d] = cells;
    w.right_drag(&at(a), &at(b), None);
    w.layout("a green arrow", |v| marks(v) == [mark(a, b, "green")]);
    w.right_drag(&at(c), &at(c), Some("shift"));
    w.layout("a red circle", |v| marks(v) == [mark(a, b, "green"), mark(c, c, "red")]);
    w.right_drag(&at(d), &at(b), Some("ctrl"));
    let all = [mark(a, b, "green"), mark(c, c, "red"), mark(d, b, "blue")];
    w.layout("a blue arrow", |v| marks(v) == all);
    shot(&w, screenshot);
    w.right_drag(&at(a), &at(b), None);
    w.layout("the same arrow again takes it away", |v| marks(v) == all[1..]);
    // (On Go's board the click also places a stone.)
    w.click_at(&at(d));
    w.layout("a left click clears them", |v| marks(v).is_empty());
}

#[test]
fn right_drags_draw_arrows_and_right_clicks_circles_on_squares_points_and_hexagons() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&TOOLS) {
        return;
    }
    arrows_and_circles("rules = \"chess\"", ["e2", "e4", "d5", "c6"], "gui-play-marks-chess.png");
    arrows_and_circles(
        "rules = \"go\"\n[game.options]\nsize = \"9\"",
        ["C3", "G7", "E5", "C7"],
        "gui-play-marks-go.png",
    );
    arrows_and_circles("rules = \"hex\"", ["a1", "f6", "c3", "k11"], "gui-play-marks-hex.png");
}

/// The centre of the clickable region whose action is `action`.
fn region(v: &Value, action: &str) -> Value {
    let regions = v["regions"].as_array().cloned().unwrap_or_default();
    let r = regions.iter().find(|r| r[0] == action).unwrap_or_else(|| panic!("no region {action} in {v}"));
    json!([r[1], r[2]])
}

fn coordinates_drawn(v: &Value) -> bool {
    let shown = names(v, "shown");
    ["a", "b", "c", "d", "e", "f", "g", "h"].iter().all(|l| shown.iter().any(|s| s == l))
}

#[test]
fn the_board_theme_piece_set_and_coordinates_apply_at_once_and_are_kept() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&TOOLS) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("game.toml");
    std::fs::write(&config, format!("[game]\nrules = \"chess\"\n\n{PEOPLE}")).unwrap();
    let mut w = Window::open(&tabula_binary(), &config, dir.path());
    let v = w.layout("the board", |v| v["aids"]["theme"] == "game");
    assert!(coordinates_drawn(&v), "coordinates on by default: {:?}", names(&v, "shown"));
    w.click_at(&v["buttons"]["settings"]);
    let v = w.layout("the Settings dialog", |v| v["dialog"] == "settings");
    w.click_at(&region(&v, "FormPick(BoardTheme, 3)"));
    let v = w.layout("the high-contrast board", |v| v["aids"]["theme"] == "high-contrast");
    w.click_at(&region(&v, "FormPick(PieceSet, 2)"));
    let v = w.layout("the high-contrast pieces", |v| v["aids"]["piece_set"] == "high-contrast");
    w.click_at(&region(&v, "FormPick(Coordinates, 1)"));
    let v = w.layout("coordinates off", |v| v["aids"]["coordinates"] == false);
    shot(&w, "gui-play-settings.png");
    w.click_at(&v["buttons"]["close"]);
    let v = w.layout("the dialog closed", |v| v["dialog"] == "");
    assert!(!coordinates_drawn(&v), "no coordinates drawn: {:?}", names(&v, "shown"));
    shot(&w, "gui-play-high-contrast.png");
    drop(w);
    let kept = std::fs::read_to_string(dir.path().join("settings.toml")).unwrap();
    for line in ["board_theme = \"high-contrast\"", "piece_set = \"high-contrast\"", "coordinates = false"] {
        assert!(kept.contains(line), "{line} in:\n{kept}");
    }
    let mut again = Window::open(&tabula_binary(), &config, dir.path());
    let v = again.layout("the next start", |v| v["aids"]["theme"] == "high-contrast");
    assert_eq!(v["aids"]["piece_set"], "high-contrast");
    assert!(!coordinates_drawn(&v), "still off: {:?}", names(&v, "shown"));
    // The other themes and sets draw too.
    again.click_at(&v["buttons"]["settings"]);
    let v = again.layout("the Settings dialog", |v| v["dialog"] == "settings");
    again.click_at(&region(&v, "FormPick(BoardTheme, 1)"));
    let v = again.layout("wood", |v| v["aids"]["theme"] == "wood");
    again.click_at(&region(&v, "FormPick(PieceSet, 1)"));
    let v = again.layout("discs", |v| v["aids"]["piece_set"] == "discs");
    again.click_at(&v["buttons"]["close"]);
    again.layout("the dialog closed", |v| v["dialog"] == "");
    shot(&again, "gui-play-wood-discs.png");
}
