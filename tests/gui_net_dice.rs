//! Backgammon between two real windows through a real `tabula serve`: the
//! server rolls every die (its seed is its own and never sent), both
//! windows show the same rolls, and their move lists are the server's
//! record move for move — a window that rolled for itself would part from
//! it at the first roll. Each window is under its own Xvfb, clicked with
//! xdotool; the screenshots are kept in target/test-artifacts.

use serde_json::Value;
use tabula_suite::net::{record_moves, Client, Server};
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .map(|m| m.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

/// A roll in backgammon's coordinate notation (`3-1`, the opening's `white:3-1`)
/// as opposed to a play of checkers (`24/21 13/12`).
fn is_roll(m: &str) -> bool {
    m.contains('-') && !m.contains('/')
}

/// The window on a network game: `play --connect ADDR` and `args`.
pub fn net_window(addr: &str, args: &[&str], dir: &std::path::Path) -> Window {
    let mut all = vec!["play", "--connect", addr];
    all.extend_from_slice(args);
    Window::open_args(&tabula_binary(), &all, dir, &[])
}

/// The window's layout once it shows `n` or more moves ending with a roll
/// (the server rolls right after each play).
fn settled(w: &mut Window, n: usize) -> Value {
    w.layout(&format!("{n}+ moves, a roll last"), |v| {
        let m = moves(v);
        m.len() >= n && m.last().is_some_and(|l| is_roll(l))
    })
}

/// Plays the turn of the window to move by clicks: a point, then where
/// its checker lands, until the play is made (or the one off-board move).
fn play_turn(w: &mut Window) {
    let v = w.layout("a play to make", |v| !names(v, "starts").is_empty() || !names(v, "off_board").is_empty());
    let before = moves(&v).len();
    if names(&v, "starts").is_empty() {
        let label = names(&v, "off_board")[0].clone();
        w.click_at(&v["buttons"][format!("move:{label}")]);
        w.layout("the move taken", |v| moves(v).len() > before);
        return;
    }
    let start = names(&v, "starts")[0].clone();
    w.click_at(&v["cells"][&start]);
    for _ in 0..40 {
        let v = w.layout("the next cells or the move", |v| {
            moves(v).len() > before || !names(v, "targets").is_empty() || v["dialog"] == "choose"
        });
        if moves(&v).len() > before {
            return;
        }
        if v["dialog"] == "choose" {
            let regions = v["regions"].as_array().unwrap();
            let first = regions.iter().find(|r| r[0].as_str().unwrap_or("").starts_with("ChooseMove")).unwrap();
            w.click(first[1].as_f64().unwrap(), first[2].as_f64().unwrap());
            continue;
        }
        let clicked = names(&v, "clicked").len();
        w.click_at(&v["cells"][&names(&v, "targets")[0]]);
        w.layout("the click taken", |x| names(x, "clicked").len() != clicked || moves(x).len() > before);
    }
    panic!("no play after 40 clicks");
}

#[test]
fn two_windows_play_backgammon_with_the_servers_dice() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let (data, ann_dir, bob_dir) =
        (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let server = Server::start(&tabula_binary(), data.path());
    let mut ann = net_window(&server.addr, &["--create", "backgammon", "--name", "Ann"], ann_dir.path());
    let mut bob = net_window(&server.addr, &["--room", "1", "--name", "Bob"], bob_dir.path());
    // The opening roll: drawn by the server when the game opened, the same
    // on both boards before anyone has moved.
    let a = settled(&mut ann, 1);
    let b = settled(&mut bob, 1);
    assert_eq!(moves(&a), moves(&b), "the same opening roll on both boards");
    assert!(
        moves(&a)[0].starts_with("white:") || moves(&a)[0].starts_with("black:"),
        "the opening roll: {:?}",
        moves(&a)
    );
    let mut seen = moves(&a).len();
    for turn in 0..4 {
        let v = settled(&mut ann, seen);
        let mover = if v["to_move"] == 0 { &mut ann } else { &mut bob };
        play_turn(mover);
        // The play, then the server's roll for the next turn, on both boards.
        let a = settled(&mut ann, seen + 2);
        let b = settled(&mut bob, seen + 2);
        assert_eq!(moves(&a), moves(&b), "turn {turn}: the same plays and rolls on both boards");
        seen = moves(&a).len();
        if turn == 0 {
            ann.screenshot(&artifact("gui-net-dice-ann.png"));
            bob.screenshot(&artifact("gui-net-dice-bob.png"));
        }
    }
    let shown = moves(&settled(&mut ann, seen));
    let rolls = shown.iter().filter(|m| is_roll(m)).count();
    assert!(rolls >= 5, "the opening roll and one per turn: {shown:?}");
    let mut watcher = Client::connect(&server.addr);
    let record = record_moves(&watcher.export(1));
    assert_eq!(shown, record, "the windows show the server's own record, rolls included");
}
