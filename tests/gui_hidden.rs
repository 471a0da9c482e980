//! Hidden information in the real window (under Xvfb, clicked with
//! xdotool): with the "secretcards" fixture (`tests/fixtures/secret-cards`,
//! a take-away game where each player holds a card only they see), two
//! people at one table each see only their own card, with a covered
//! hand-over screen between their turns; a person playing the computer
//! sees their own view throughout; computers playing each other are
//! watched as a spectator. Screenshots land in `target/test-artifacts/`.
//!
//! Missing tools fail the tests unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use serde_json::Value;
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// What the layout dump calls the spectator's view.
const SPECTATOR: u64 = rules_api::SPECTATOR as u64;

/// The fixture's library, built once per test binary.
fn secret_cards() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let workspace = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let target = workspace.join("target").join("proto-fixtures");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(workspace.join("tests/fixtures/secret-cards/Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .expect("run cargo");
        assert!(status.success(), "building the secret-cards fixture failed");
        target.join("release/libtabula_secretcards.so")
    })
}

/// A config of the fixture with these seats (`human` or a computer
/// level) and a fixed seed for the deal.
fn config(dir: &Path, seats: &[&str]) -> PathBuf {
    let mut text = format!("[game]\nrules = \"{}\"\n", secret_cards().display());
    for (i, seat) in seats.iter().enumerate() {
        text.push_str(&format!("\n[[players]]\nname = \"P{}\"\n", i + 1));
        match *seat {
            "human" => text.push_str("kind = \"human\"\n"),
            level => text.push_str(&format!("kind = \"ai\"\nlevel = \"{level}\"\ntime_ms = 50\n")),
        }
    }
    text.push_str("\n[record]\nseed = 22\n");
    let path = dir.join("secret.toml");
    std::fs::write(&path, text).unwrap();
    path
}

fn has_piece(v: &Value, cell: &str) -> bool {
    v["pieces"][cell].is_array()
}

/// The card cells: Red's is `j1`, Blue's `k1`.
const CARDS: [&str; 2] = ["j1", "k1"];

/// Checks that the board shows `viewer`'s own card and fogs the other.
fn sees_only_own_card(v: &Value, viewer: usize) {
    assert_eq!(v["viewer"], viewer as u64, "{v}");
    assert!(has_piece(v, CARDS[viewer]), "their own card is shown: {}", v["pieces"]);
    assert!(!has_piece(v, CARDS[1 - viewer]), "the other card is not: {}", v["pieces"]);
    assert_eq!(names(v, "fog"), [CARDS[1 - viewer]], "the other card's cell is fogged");
}

#[test]
fn two_people_at_one_table_see_only_their_own_card_with_a_hand_over_between() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut gui = Window::open(&tabula_binary(), &config(dir.path(), &["human", "human"]), dir.path());
    let mut taken = 0;
    for turn in 0.. {
        let v = gui.layout("the next turn", |v| v["dialog"] == "handover" || v["over"] == true);
        if v["over"] == true {
            break;
        }
        // The cover: nothing of the game on screen until the person clicks.
        let mover = v["to_move"].as_u64().unwrap() as usize;
        assert_eq!(v["viewer"], mover as u64, "the cover names the player to move: {v}");
        assert!(v["pieces"].as_object().unwrap().is_empty(), "nothing shows under the cover: {}", v["pieces"]);
        if turn == 1 {
            gui.screenshot(&artifact("gui-hidden-hand-over.png"));
        }
        gui.click_at(&v["buttons"]["handover"]);
        let v = gui.layout("the person's view", |v| v["dialog"] == "" && !names(v, "starts").is_empty());
        sees_only_own_card(&v, mover);
        if turn == 0 {
            // The deal's announcement, to Red alone: the card Red holds.
            let card = v["pieces"][CARDS[0]][1].as_u64().unwrap() - 1;
            let status = v["status"].as_str().unwrap();
            assert!(status.ends_with(&format!("You were dealt a {card}.")), "{status}");
        }
        if turn < 2 {
            gui.screenshot(&artifact(&format!("gui-hidden-view-{mover}.png")));
        }
        // Take one stone (the top one): a click on it.
        let stones = v["pieces"].as_object().unwrap().keys().filter(|c| !CARDS.contains(&c.as_str())).count();
        let top = names(&v, "starts").into_iter().find(|c| c.starts_with((b'a' + stones as u8 - 1) as char));
        let before = v["moves"].as_array().unwrap().len();
        gui.click_at(&v["cells"][top.expect("the top stone can be taken").as_str()]);
        gui.layout("the stone taken", |v| v["moves"].as_array().unwrap().len() > before);
        taken += 1;
    }
    // Nine stones, one a turn; at the end everybody sees both cards.
    assert_eq!(taken, 9);
    let v = gui.layout("the end", |v| v["dialog"] == "over");
    assert_eq!(v["viewer"], SPECTATOR);
    assert!(has_piece(&v, CARDS[0]) && has_piece(&v, CARDS[1]), "both cards shown at the end: {}", v["pieces"]);
    assert!(names(&v, "fog").is_empty());
    gui.screenshot(&artifact("gui-hidden-over.png"));
}

#[test]
fn a_person_against_the_computer_keeps_their_view_and_computers_are_watched_as_a_spectator() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    // Blue is the person: no cover, Blue's view even while the computer moves.
    let dir = tempfile::tempdir().unwrap();
    let mut gui = Window::open(&tabula_binary(), &config(dir.path(), &["easy", "human"]), dir.path());
    let v = gui.layout("Blue to move", |v| v["to_move"] == 1 && !names(v, "starts").is_empty());
    assert_ne!(v["dialog"], "handover", "one person: nothing to hand over");
    sees_only_own_card(&v, 1);
    assert!(v["buttons"]["hint"].is_null(), "no hint: it would search what Blue cannot see: {}", v["buttons"]);
    drop(gui);
    // Two computers: the spectator sees neither card until the end.
    let dir = tempfile::tempdir().unwrap();
    let gui_config = config(dir.path(), &["easy", "easy"]);
    let mut gui = Window::open(&tabula_binary(), &gui_config, dir.path());
    let v =
        gui.layout("the deal", |v| v["viewer"] == SPECTATOR && v["moves"].as_array().is_some_and(|m| !m.is_empty()));
    if v["over"] != true {
        assert!(!has_piece(&v, CARDS[0]) && !has_piece(&v, CARDS[1]), "no card shown: {}", v["pieces"]);
        let mut fog = names(&v, "fog");
        fog.sort();
        assert_eq!(fog, CARDS, "both cards fogged");
    }
    let v = gui.layout("the end", |v| v["over"] == true);
    assert!(has_piece(&v, CARDS[0]) && has_piece(&v, CARDS[1]), "both cards shown at the end: {}", v["pieces"]);
}
