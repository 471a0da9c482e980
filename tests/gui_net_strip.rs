//! The network strip and the clocks of a network game, with two real
//! windows (each under its own Xvfb, driven with xdotool) on a real
//! `tabula serve`, a timed chess room:
//!
//! * while the guest has not come, the host's strip says it waits and the
//!   clocks stand still; once the guest joins, neither says so any more;
//! * at 640×480 nothing the strip draws overlaps anything else;
//! * the guest's chat lines reach the host's strip, the latest shown even
//!   after more lines than the strip has room for; the guest's draw offer
//!   is a prompt on a row of its own, over no chat line;
//! * the panel shows the server's countdown, the one the strip shows;
//! * quitting a game in progress asks first;
//! * when the guest's window closes, the host's strip says the guest left
//!   and counts down to the claim of the win.
//!
//! Screenshots: target/test-artifacts/gui-net-strip-*.png.

use serde_json::Value;
use tabula_suite::net::Server;
use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .map(|m| m.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

/// What the network strip drew: (kind, text, [x, y, w, h]).
fn strip(v: &Value) -> Vec<(String, String, [f64; 4])> {
    let items = v["net"]["strip"].as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|i| {
            let n = |k: usize| i[k].as_f64().unwrap();
            (i[0].as_str().unwrap().to_string(), i[1].as_str().unwrap().to_string(), [n(2), n(3), n(4), n(5)])
        })
        .collect()
}

fn strip_text(v: &Value, kind: &str) -> Vec<String> {
    strip(v).into_iter().filter(|(k, _, _)| k == kind).map(|(_, t, _)| t).collect()
}

fn overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

/// Pairs of strip items that overlap.
fn overlaps(v: &Value) -> Vec<String> {
    let items = strip(v);
    let mut out = Vec::new();
    for (i, a) in items.iter().enumerate() {
        for b in &items[i + 1..] {
            if overlap(a.2, b.2) {
                out.push(format!("{:?} over {:?}", a, b));
            }
        }
    }
    out
}

fn open(addr: &str, args: &[&str], dir: &std::path::Path) -> Window {
    let mut all = vec!["play", "--connect", addr];
    all.extend_from_slice(args);
    Window::open_args(&tabula_binary(), &all, dir, &[])
}

/// Types a chat line in `w`: the Chat button, the text, Return.
fn chat(w: &mut Window, text: &str) {
    let v = w.layout("the Chat button", |v| v["buttons"]["chat"].is_array());
    w.click_at(&v["buttons"]["chat"]);
    w.layout("typing", |v| strip_text(v, "typing").len() == 1);
    w.xdotool(&["type", "--delay", "30", text]);
    w.layout("the line typed", |v| strip_text(v, "typing").iter().any(|t| t.contains(text)));
    w.key("Return");
}

#[test]
fn the_strip_shows_chat_offers_and_departures_without_overlap_and_the_clocks_agree() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let (data, ann_dir, bob_dir) =
        (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let server = Server::start(&tabula_binary(), data.path());
    let mut ann = open(&server.addr, &["--create", "chess", "--clock", "3+0", "--name", "Ann"], ann_dir.path());
    let v = ann.layout("the waiting room", |v| !strip_text(v, "status").is_empty());
    let status = strip_text(&v, "status").join(" ");
    assert!(status.contains("waiting for a player"), "{status}");
    assert_eq!(v["net"]["clocks"], serde_json::json!(["03:00", "03:00"]), "the panel shows the server's countdown");
    // The clocks stand still while the room waits: in a second and a half
    // no layout shows less than the whole time (a running clock would).
    let ran = ann.try_wait_for(std::time::Duration::from_millis(1500), |l| {
        (l.starts_with("TABULA_LAYOUT ") && !l.contains(r#""clocks":["03:00","03:00"]"#)).then(|| l.to_string())
    });
    assert!(ran.is_none(), "a clock ran before the guest came: {ran:?}");
    let mut bob = open(&server.addr, &["--room", "1", "--name", "Bob"], bob_dir.path());
    let v = ann.layout("Bob seated", |v| strip_text(v, "players").iter().any(|p| p.contains("Bob")));
    let status = strip_text(&v, "status").join(" ");
    assert!(!status.contains("waiting"), "the host no longer waits: {status}");
    assert!(v["message"].as_str().is_none_or(|m| !m.contains("waiting")), "no stale message: {}", v["message"]);

    ann.resize(640, 480);
    ann.layout("640×480", |v| v["window"] == serde_json::json!([640, 480]));
    chat(&mut bob, "hello Ann");
    let v = ann.layout("Bob's chat", |v| strip_text(v, "chat").iter().any(|t| t.contains("Bob: hello Ann")));
    assert!(overlaps(&v).is_empty(), "at 640×480: {:?}", overlaps(&v));
    // More lines than the strip has room for: the latest is the one shown.
    for k in 1..=5 {
        chat(&mut bob, &format!("line {k}"));
    }
    let v = ann.layout("the latest chat line", |v| strip_text(v, "chat").iter().any(|t| t.contains("Bob: line 5")));
    assert!(overlaps(&v).is_empty(), "{:?}", overlaps(&v));
    ann.screenshot(&artifact("gui-net-strip-chat-640x480.png"));

    // Ann moves (her clock runs on both boards, the panel's and the strip's the same).
    let v = ann.layout("the board", |v| v["cells"]["e2"].is_array());
    ann.click_at(&v["cells"]["e2"]);
    ann.click_at(&v["cells"]["e4"]);
    // Ann's clock stopped at her move (Bob's runs): the panel and the strip
    // show the same time, less than the whole, on both boards.
    for w in [&mut ann, &mut bob] {
        let v = w.layout("Ann's move", |v| moves(v).len() == 1);
        let clock = v["net"]["clocks"][0].as_str().unwrap().to_string();
        assert!(clock.as_str() < "03:00", "Ann's clock ran while she thought: {clock}");
        let players = strip_text(&v, "players").join(" ");
        assert!(
            players.contains(&format!("Ann (you) {clock}")) || players.contains(&format!("Ann {clock}")),
            "the panel's {clock} is the strip's: {players}"
        );
    }
    // Bob offers a draw: Ann's prompt has its own row.
    bob.click_button("draw");
    let v = ann.layout("the draw offer", |v| v["offer"] == true && !strip_text(v, "prompt").is_empty());
    assert!(strip_text(&v, "prompt")[0].contains("Bob asks for a draw"), "{:?}", strip_text(&v, "prompt"));
    assert!(overlaps(&v).is_empty(), "the prompt over other text: {:?}", overlaps(&v));
    ann.screenshot(&artifact("gui-net-strip-offer-640x480.png"));
    ann.click_button("decline");
    ann.layout("the offer answered", |v| v["offer"] == false);

    // Quitting a game in progress asks; Cancel keeps the game.
    ann.click_button("quit");
    ann.layout("the question", |v| v["dialog"] == "leave");
    ann.click_button("close");
    ann.layout("back to the game", |v| v["dialog"] == "");
    assert!(ann.running(), "the window stays open");

    // Bob's window goes: Ann's strip says so, and when she may claim the
    // win (the server's default grace, 60 s; tests/gui_net_left.rs goes on).
    drop(bob);
    let claim = "you may claim the win or abort in ";
    let v = ann.layout("Bob gone", |v| strip_text(v, "away").iter().any(|t| t.contains(claim)));
    let away = strip_text(&v, "away").join(" ");
    let near_a_minute = away.contains(&format!("{claim}1:00")) || away.contains(&format!("{claim}0:5"));
    assert!(away.contains("Bob left") && near_a_minute, "the server's 60 s: {away}");
    assert!(strip_text(&v, "players").join(" ").contains("(away)"));
    assert!(overlaps(&v).is_empty(), "{:?}", overlaps(&v));
    ann.screenshot(&artifact("gui-net-strip-away-640x480.png"));
}

/// The server's side of the same promise, with no window: a timed room's
/// clocks stand still until the last seat is taken.
#[test]
fn the_servers_clocks_start_when_the_last_seat_is_taken() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(&tabula_binary(), data.path());
    let mut ann = tabula_suite::net::Client::connect(&server.addr);
    let clock = serde_json::json!({"initial_ms": 180_000});
    ann.send(serde_json::json!({"type": "create", "rules": "chess", "name": "Ann", "clock": clock}));
    let state = ann.wait("the room", |m| m["type"] == "state");
    assert_eq!(state["state"]["clocks"], serde_json::json!([180_000, 180_000]));
    std::thread::sleep(std::time::Duration::from_millis(1200));
    let mut bob = tabula_suite::net::Client::connect(&server.addr);
    let (_, state) = bob.join(1, None, "Bob");
    let white = state["clocks"][0].as_u64().unwrap();
    // The 1.2 s before the join are nobody's: at most what passed since it.
    assert!(white > 179_000, "White's clock ran before Black came: {white} ms left");
    assert_eq!(state["clocks"][1], 180_000);
}
