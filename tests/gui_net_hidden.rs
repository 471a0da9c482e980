//! Stratego over the network in a real window (under Xvfb) on a real
//! `tabula serve`: the server sends the window only its seat's view, and
//! the board shows every one of the player's own 40 pieces by rank and the
//! opponent's 40 only as backs, before and after a move by clicks.
//! Screenshot: target/test-artifacts/gui-net-stratego-view.png.

use std::collections::BTreeSet;

use serde_json::Value;
use tabula_suite::net::{Client, Server};
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

/// The kinds of piece the window draws for `owner`, and how many pieces.
fn kinds(v: &Value, owner: u64) -> (BTreeSet<u64>, usize) {
    let pieces = v["pieces"].as_object().cloned().unwrap_or_default();
    let mine: Vec<u64> = pieces.values().filter(|p| p[0] == owner).map(|p| p[1].as_u64().unwrap()).collect();
    (mine.iter().copied().collect(), mine.len())
}

fn only_own_pieces_shown(v: &Value) {
    let (own, own_n) = kinds(v, 0);
    let (theirs, their_n) = kinds(v, 1);
    assert_eq!((own_n, their_n), (40, 40), "every piece on the board: {}", v["pieces"]);
    assert!(own.len() >= 10, "the player's own ranks are shown: {own:?}");
    assert_eq!(theirs.len(), 1, "the opponent's pieces show one face, their backs: {theirs:?}");
    assert!(!own.is_superset(&theirs), "a back is no rank of the player's: {theirs:?} {own:?}");
}

#[test]
fn a_stratego_window_on_a_server_sees_only_its_own_pieces() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let (data, dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let server = Server::start(&tabula_binary(), data.path());
    let args = ["play", "--connect", &server.addr, "--create", "stratego", "--room-option", "setup=random"];
    let mut ann = Window::open_args(&tabula_binary(), &[&args[..], &["--name", "Ann"]].concat(), dir.path(), &[]);
    let mut bob = Client::connect(&server.addr);
    let (_, state) = bob.join(1, None, "Bob");
    assert_eq!(state["view"]["seat"], 1, "Bob's state is his view: {}", state["view"]);
    let v = ann.layout("Ann's view, Bob seated", |v| v["seats"][1][0] == "Bob" && !names(v, "starts").is_empty());
    only_own_pieces_shown(&v);
    ann.screenshot(&artifact("gui-net-stratego-view.png"));
    // Ann moves by clicks: the server takes it, and her new view still
    // shows only her own pieces.
    let start = names(&v, "starts")[0].clone();
    ann.click_at(&v["cells"][&start]);
    let t = ann.layout("targets", |v| !names(v, "targets").is_empty());
    ann.click_at(&t["cells"][&names(&t, "targets")[0]]);
    let moved = bob.wait("Ann's move", |m| m["type"] == "moved" && m["move"]["player"] == 0);
    assert!(moved["view"].is_string(), "Bob gets his own view after it: {moved}");
    let v = ann.layout("Bob to move", |v| v["to_move"] == 1);
    only_own_pieces_shown(&v);
}
