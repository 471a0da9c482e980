//! An opponent who left a network game, in the real window (under Xvfb,
//! driven with xdotool) on a real `tabula serve` with a short
//! `--claim-after`; the opponent is the terminal client (`tabula play
//! --text`), killed with SIGKILL:
//!
//! * quitting asks first, before the first move too;
//! * the strip says who left and counts down to the claim, then offers
//!   *Claim win* and *Abort* in place of *Offer draw*;
//! * *Claim win* ends the game: the result card says White wins because
//!   Bob left; the server's record says the same;
//! * in Chinese, the same strip in Chinese, and *Abort* ends the game with
//!   no result ("Game aborted").
//!
//! Screenshots: target/test-artifacts/gui-net-left-*.png; with
//! `TABULA_UPDATE_SCREENSHOTS` set, the offer is also copied to
//! docs/screenshots/net-opponent-left.png.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

use serde_json::Value;
use tabula_suite::net::{Client, Server};
use tabula_suite::window::{artifact, keep_screenshot, shot, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Seconds before the claim opens: the countdown is seen, the suite waits little.
const GRACE: &str = "3";

fn strip_text(v: &Value, kind: &str) -> Vec<String> {
    let items = v["net"]["strip"].as_array().cloned().unwrap_or_default();
    items.iter().filter(|i| i[0] == kind).map(|i| i[1].as_str().unwrap_or_default().to_string()).collect()
}

/// `tabula play --text` taking a seat of room `room` as `name`; returns
/// once the server has seated it.
fn text_player(addr: &str, room: &str, name: &str) -> Child {
    let mut child = Command::new(tabula_binary())
        .args(["play", "--text", "--connect", addr, "--room", room, "--name", name])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run the terminal client");
    let out = BufReader::new(child.stdout.take().expect("its output"));
    let seated = format!("room {room}, seat 1");
    if !out.lines().map_while(Result::ok).any(|line| line.contains(&seated)) {
        let _ = child.kill();
        let _ = child.wait();
        panic!("the terminal client was not seated in room {room}");
    }
    child
}

fn host(addr: &str, dir: &Path) -> Window {
    let args = ["play", "--connect", addr, "--create", "chess", "--clock", "5+0", "--name", "Ann"];
    Window::open_args(&tabula_binary(), &args, dir, &[])
}

/// Hosts a room, seats Bob from the terminal and kills him: returns the
/// window once its strip offers the claim (having counted down to it).
fn bob_leaves(addr: &str, room: &str, dir: &Path, countdown: &str) -> Window {
    let mut ann = host(addr, dir);
    ann.layout("the room", |v| !strip_text(v, "status").is_empty());
    let mut bob = text_player(addr, room, "Bob");
    ann.layout("Bob seated", |v| strip_text(v, "players").iter().any(|p| p.contains("Bob")));
    // Quitting asks first, before any move has been played.
    ann.click_button("quit");
    ann.layout("the question", |v| v["dialog"] == "leave");
    ann.click_button("close");
    ann.layout("back to the game", |v| v["dialog"] == "");
    bob.kill().expect("kill -9 the terminal client");
    bob.wait().expect("reap it");
    let v = ann.layout("the countdown", |v| strip_text(v, "away").iter().any(|t| t.contains(countdown)));
    assert!(v["buttons"]["claim-win"].is_null(), "no claim before the server allows it");
    assert!(!v["buttons"]["draw"].is_null(), "Offer draw still there during the countdown");
    ann
}

#[test]
fn a_departed_opponents_win_is_claimed_from_the_strip() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (data, dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let server = Server::start_with(&tabula_binary(), data.path(), &["--claim-after", GRACE]);
    let mut ann = bob_leaves(&server.addr, "1", dir.path(), "you may claim the win or abort in 0:0");
    let v = ann.layout("the offer", |v| v["buttons"]["claim-win"].is_array() && v["buttons"]["abort"].is_array());
    let away = strip_text(&v, "away").join(" ");
    assert!(away.contains("Bob left") && away.contains("claim the win, abort, or wait for them"), "{away}");
    assert!(v["buttons"]["draw"].is_null(), "Claim win takes the place of Offer draw");
    assert!(strip_text(&v, "players").join(" ").contains("(away)"));
    keep_screenshot(&shot(&ann, "gui-net-left-offer.png"), "net-opponent-left.png");

    ann.click_button("claim-win");
    let v = ann.layout("the result card", |v| v["dialog"] == "over");
    let card = v["card"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert!(card[0].contains("White wins"), "{card:?}");
    assert!(card.iter().any(|l| l.contains("Bob left the game")), "{card:?}");
    assert!(strip_text(&v, "away").is_empty(), "nothing to claim any more");
    ann.screenshot(&artifact("gui-net-left-claimed.png"));
    let mut eve = Client::connect(&server.addr);
    let record = eve.export(1);
    assert!(record.contains("win white (Bob left the game)"), "{record}");
}

#[test]
fn in_chinese_the_strip_offers_the_claim_and_abort_ends_with_no_result() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (data, dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    std::fs::write(dir.path().join("settings.toml"), "language = \"zh-CN\"\n").unwrap();
    let server = Server::start_with(&tabula_binary(), data.path(), &["--claim-after", GRACE]);
    let mut ann = bob_leaves(&server.addr, "1", dir.path(), "后可判胜或中止对局");
    let v = ann.layout("the offer", |v| v["buttons"]["abort"].is_array());
    let away = strip_text(&v, "away").join(" ");
    assert!(away.contains("Bob 已离开") && away.contains("可判胜、中止对局或继续等待"), "{away}");
    let buttons = strip_text(&v, "button");
    assert!(buttons.contains(&"判胜".to_string()) && buttons.contains(&"中止".to_string()), "{buttons:?}");
    ann.screenshot(&artifact("gui-net-left-zh.png"));

    ann.click_button("abort");
    let v = ann.layout("the result card", |v| v["dialog"] == "over");
    let card = v["card"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(card[0], "对局已中止", "{card:?}");
    assert!(card.iter().any(|l| l.contains("Bob 离开了对局")), "the reason in Chinese too: {card:?}");
    ann.screenshot(&artifact("gui-net-left-aborted-zh.png"));
    let mut eve = Client::connect(&server.addr);
    let record = eve.export(1);
    assert!(!record.contains("win white"), "an aborted game has no winner: {record}");
}
