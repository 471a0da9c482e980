//! A take-back in an untimed network game keeps the time each player has
//! used: a real window on a real `tabula serve` plays chess against a
//! protocol client, asks to take back, the client accepts, and the
//! panel's clocks go on from where they were instead of starting again
//! at 0:00. Screenshot: target/test-artifacts/gui-net-takeback.png.

use serde_json::{json, Value};
use tabula_suite::net::{Client, Server};
use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .map(|m| m.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

fn clocks(v: &Value) -> Vec<String> {
    v["net"]["clocks"]
        .as_array()
        .map(|a| a.iter().map(|c| c.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn a_take_back_keeps_the_time_used() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let (data, dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let server = Server::start(&tabula_binary(), data.path());
    let args = ["play", "--connect", &server.addr, "--create", "chess", "--name", "Ann"];
    let mut ann = Window::open_args(&tabula_binary(), &args, dir.path(), &[]);
    let mut bob = Client::connect(&server.addr);
    let (token, _) = bob.join(1, None, "Bob");
    let v = ann.layout("Bob seated", |v| v["seats"][1][0] == "Bob");
    ann.click_at(&v["cells"]["e2"]);
    ann.click_at(&v["cells"]["e4"]);
    bob.wait("Ann's move", |m| m["type"] == "moved" && m["ply"] == 0);
    // Bob thinks for a second or more before he answers.
    ann.layout("Bob's time counted", |v| clocks(v).get(1).is_some_and(|c| c != "0:00"));
    bob.send(json!({"type": "move", "room": 1, "token": token, "move": "e7e5", "ply": 1}));
    let before = ann.layout("Bob's move", |v| moves(v).len() == 2);
    let used = clocks(&before);
    assert!(used[1] != "0:00", "Bob used time: {used:?}");
    ann.click_at(&before["buttons"]["undo"]);
    bob.wait("Ann's request", |m| m["type"] == "offer");
    bob.send(json!({"type": "answer", "room": 1, "token": token, "kind": "undo", "accept": true}));
    let after = ann.layout("both moves taken back", |v| moves(v).is_empty());
    let kept = clocks(&after);
    assert!(kept[1] >= used[1], "Bob's time used goes on after the take-back: {used:?} then {kept:?}");
    ann.screenshot(&artifact("gui-net-takeback.png"));
}
