//! A draw claimed in the real window (Xvfb, xdotool, the layout dump): two
//! people play Nf3 Nf6 Ng1 Ng8 twice by clicking the board; the third
//! occurrence of the start position is no automatic draw under FIDE's Laws
//! (9.2), so the game goes on, the status line says "A draw may be claimed:
//! threefold repetition." and the panel's Claim draw button is enabled for
//! the player to move, and only then. Clicking it ends the game drawn with
//! that reason. In Chinese the offer reads in Chinese.
//! Screenshots: target/test-artifacts/gui-claim-*.png (the offer is
//! docs/screenshots/claim-draw.png).

use serde_json::Value;
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

const PEOPLE: &str = "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"Ann\"\nkind = \"human\"\n\n\
                      [[players]]\nname = \"Bo\"\nkind = \"human\"\n";

const KNIGHTS: [(&str, &str); 8] =
    [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8"), ("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")];

fn open(language: &str) -> (tempfile::TempDir, Window) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, PEOPLE).unwrap();
    std::fs::write(dir.path().join("settings.toml"), format!("language = \"{language}\"\n")).unwrap();
    let w = Window::open(&tabula_binary(), &path, dir.path());
    (dir, w)
}

/// Plays the knights' moves `from..to` of [`KNIGHTS`] by clicking, each
/// seen in the move list before the next; returns the last layout.
fn play(w: &mut Window, plies: std::ops::Range<usize>) -> Value {
    let mut v = w.layout("the board", |v| v["cells"]["g1"].is_array());
    for ply in plies {
        let (from, to) = KNIGHTS[ply];
        w.click_at(&v["cells"][from]);
        w.click_at(&v["cells"][to]);
        v = w.layout(&format!("ply {} ({from}{to})", ply + 1), |v| {
            v["moves"].as_array().is_some_and(|m| m.len() == ply + 1)
        });
        assert_eq!(v["moves"][ply], format!("{from}{to}"), "{v}");
    }
    v
}

#[test]
fn the_third_occurrence_is_offered_as_a_claim_and_the_claim_ends_the_game() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let (_dir, mut w) = open("en");
    let v = play(&mut w, 0..7);
    // Twice the start with White to move, and a position seen twice with
    // Black to move: nothing to claim yet.
    assert_eq!(v["claim"], Value::Null, "{v}");
    assert!(!v["buttons"]["claim-draw"].is_array(), "the claim button is disabled: {v}");
    play(&mut w, 7..8);
    let v = w.layout("the claim offered", |v| v["claim"].is_string());
    assert_eq!(v["claim"], "threefold repetition");
    assert_eq!(v["status"], "White to move. A draw may be claimed: threefold repetition.");
    assert!(v["buttons"]["claim-draw"].is_array(), "the Claim draw button is enabled: {v}");
    assert_eq!(v["over"], false, "a threefold repetition does not end the game by itself: {v}");
    assert_eq!(v["to_move"], 0);
    w.screenshot(&artifact("gui-claim-offer.png"));

    w.click_at(&v["buttons"]["claim-draw"]);
    let v = w.layout("the game over", |v| v["over"] == true && v["dialog"] == "over");
    let card = names(&v, "card").join(" ");
    assert!(card.contains("Draw") && card.contains("Threefold repetition, claimed"), "{card}");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(8), "the claim is no move: {v}");
    assert_eq!(v["claim"], Value::Null, "nothing left to claim: {v}");
    w.screenshot(&artifact("gui-claim-result.png"));
}

#[test]
fn the_claim_reads_in_chinese() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let (_dir, mut w) = open("zh-CN");
    play(&mut w, 0..8);
    let v = w.layout("the claim offered", |v| v["claim"].is_string());
    assert_eq!(v["status"], "轮到白方走。 可以要求和棋：三次重复局面。");
    w.click_at(&v["buttons"]["claim-draw"]);
    let v = w.layout("the game over", |v| v["over"] == true && v["dialog"] == "over");
    let card = names(&v, "card").join(" ");
    assert!(card.contains("三次重复局面（已要求和棋）"), "{card}");
    w.screenshot(&artifact("gui-claim-zh.png"));
}
