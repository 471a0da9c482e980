//! A draw offered to the computer in the real window (Xvfb, xdotool, the
//! layout dump): the computer (alpha-beta to depth 2, so the answer does
//! not depend on the machine's speed) accepts when it is a queen down
//! (its own score is far below the threshold) and the game ends drawn by
//! agreement; a queen up, it declines and the game goes on.
//! Screenshots: target/test-artifacts/gui-play-draw-*.png.

use serde_json::Value;
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

/// A game from `fen` (White to move): White a person, Black the computer.
fn config(fen: &str) -> String {
    format!(
        "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"You\"\nkind = \"human\"\n\n\
         [[players]]\nname = \"Engine\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\ntime_ms = 60000\ndepth = 2\n\n\
         [record]\nstart = \"{fen}\"\n"
    )
}

fn offer(fen: &str) -> (tempfile::TempDir, Window, Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, config(fen)).unwrap();
    let mut w = Window::open(&tabula_binary(), &path, dir.path());
    let v = w.layout("the offer button", |v| v["buttons"]["offer-draw"].is_array());
    w.click_at(&v["buttons"]["offer-draw"]);
    let v = w.layout("the computer's answer", |v| {
        let m = v["message"].as_str().unwrap_or_default();
        m.contains("accepted") || m.contains("declined")
    });
    (dir, w, v)
}

#[test]
fn the_computer_accepts_a_draw_when_it_is_worse_and_declines_when_it_is_better() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    // White has a queen more: the computer (Black) takes the draw.
    let (_dir, mut w, v) = offer("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(v["message"].as_str().unwrap().contains("accepted"), "{}", v["message"]);
    let v = w.layout("the game over", |v| v["over"] == true && v["dialog"] == "over");
    let card = names(&v, "card").join(" ");
    assert!(card.contains("agreement"), "a draw by agreement: {card}");
    assert!(v["moves"].as_array().is_some_and(|m| m.is_empty()), "no move was played: {v}");
    w.screenshot(&artifact("gui-play-draw-accepted.png"));

    // Black has the queen: declined, the game goes on, the person to move.
    let (_dir, w, v) = offer("3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
    let message = v["message"].as_str().unwrap();
    assert!(message.contains("declined"), "{message}");
    let score: i32 = message
        .split("position ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a score in {message}"));
    assert!(score > 30, "declined above the threshold: {score}");
    assert_eq!(v["over"], false);
    assert_eq!(v["to_move"], 0);
    w.screenshot(&artifact("gui-play-draw-declined.png"));
}
