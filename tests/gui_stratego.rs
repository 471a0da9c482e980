//! Stratego at one table in the real window (under Xvfb, clicked with
//! xdotool): two people, both armies dealt at random (`setup = random`),
//! each sees their own 40 pieces by rank and the other's as unknown
//! pieces, with a covered hand-over screen between turns; a strike
//! reveals both pieces to both players. Screenshots land in
//! `target/test-artifacts/`.
//!
//! Missing tools fail the tests unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

/// The plugin's piece type of a piece whose rank is hidden.
const UNKNOWN: u64 = 0;

fn config(dir: &Path) -> PathBuf {
    let text = "[game]\nrules = \"stratego\"\n\n[game.options]\nsetup = \"random\"\n\n\
                [[players]]\nname = \"Red\"\nkind = \"human\"\n\n[[players]]\nname = \"Blue\"\nkind = \"human\"\n\n\
                [record]\nseed = 31\n";
    let path = dir.join("stratego.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// (owner, piece type) of every piece on the board (the trays beside it
/// hold no pieces once both armies are dealt).
fn pieces(v: &Value) -> Vec<(String, u64, u64)> {
    v["pieces"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(cell, p)| (cell.clone(), p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect()
}

/// Each player's own pieces show their ranks, the other's are unknown
/// except those revealed by a strike (at most the strikes so far).
fn sees_own_ranks_only(v: &Value, viewer: u64, strikes: usize) {
    assert_eq!(v["viewer"], viewer, "{v}");
    let all = pieces(v);
    let own: Vec<_> = all.iter().filter(|p| p.1 == viewer).collect();
    let other: Vec<_> = all.iter().filter(|p| p.1 != viewer).collect();
    assert!(!own.is_empty() && own.len() <= 40 && other.len() <= 40, "{all:?}");
    assert!(own.iter().all(|p| p.2 != UNKNOWN), "every own piece shows its rank: {own:?}");
    let known = other.iter().filter(|p| p.2 != UNKNOWN).count();
    assert!(known <= strikes, "only pieces revealed by a strike are known: {known} of {other:?}");
}

#[test]
fn two_people_play_stratego_at_one_table_each_seeing_only_their_own_ranks() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut gui = Window::open(&tabula_binary(), &config(dir.path()), dir.path());
    let mut strikes = 0;
    for turn in 0..6 {
        let v = gui.layout("the cover", |v| v["dialog"] == "handover" || v["over"] == true);
        assert_ne!(v["over"], true, "a game of six moves does not end");
        let mover = v["to_move"].as_u64().unwrap();
        assert_eq!(v["viewer"], mover, "the cover names the player to move: {v}");
        assert!(v["pieces"].as_object().unwrap().is_empty(), "nothing shows under the cover: {}", v["pieces"]);
        if turn == 0 {
            gui.screenshot(&artifact("gui-stratego-hand-over.png"));
        }
        gui.click_at(&v["buttons"]["handover"]);
        let v = gui.layout("the player's view", |v| v["dialog"] == "" && !names(v, "starts").is_empty());
        sees_own_ranks_only(&v, mover, strikes);
        if turn < 2 {
            gui.screenshot(&artifact(&format!("gui-stratego-view-{mover}.png")));
        }
        // Move the first piece that can move: its cell, then its first target.
        let from = names(&v, "starts").into_iter().next().unwrap();
        let before = v["moves"].as_array().unwrap().len();
        gui.click_at(&v["cells"][from.as_str()]);
        let v = gui.layout("the targets", |v| !names(v, "targets").is_empty());
        let to = names(&v, "targets").into_iter().next().unwrap();
        let struck = v["pieces"][to.as_str()].is_array();
        gui.click_at(&v["cells"][to.as_str()]);
        gui.layout("the move made", |v| v["moves"].as_array().unwrap().len() > before);
        strikes += struck as usize * 2;
    }
}
