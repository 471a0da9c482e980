//! Issue 25's story in one window session, as a chess player lives it
//! (the real window under Xvfb, mouse and keys by xdotool, where to click
//! and what to check read from the layout dump):
//!
//! a. a PGN file of five famous games is opened through the Open dialog;
//!    the games browser lists players, results and dates; a player's name
//!    typed in the filter keeps his two games; the Evergreen is picked;
//! b. it is replayed: to the start, forward, back, to the end, and back to
//!    the position before the mate in four, the board checked each time
//!    against the position python-chess gives for that ply;
//! c. that position is analysed by Tabula's alpha-beta and by Stockfish
//!    (added through "Add engine…" by typing its path), both limited by
//!    depth: both lines show White mating in four with 21. Qxd7+;
//! d. the board editor sets up king and queen against king, Black to
//!    move, and a game against the computer starts from it;
//! e. while the computer thinks, the player premoves the queen, and it is
//!    played the moment the computer has answered.
//!
//! Screenshots: `target/test-artifacts/story-{a..e}.png`, copied to
//! `docs/screenshots/` with `TABULA_UPDATE_SCREENSHOTS=1`. Missing tools
//! fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tabula_suite::window::{keep_screenshot, names, shot, tabula_binary, tools_present, Window};

/// Stockfish as `scripts/setup.sh --test` installs it.
const STOCKFISH: &str = "/usr/games/stockfish";

/// The Evergreen game's placements (python-chess, from the file's moves)
/// after the plies the test looks at.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const PLY_10: &str = "r1bqk1nr/pppp1ppp/2n5/b3p3/2B1P3/2P2N2/P2P1PPP/RNBQK2R";
const PLY_9: &str = "r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R";
const PLY_40: &str = "1r2k1r1/pbppnp1p/1b3P2/8/Q7/B1PB1q2/P4PPP/3R2K1";
const END: &str = "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1";

/// The ending set up in the editor, Black (the computer) to move.
const ENDING: &str = "8/8/8/4k3/8/8/2K5/7Q b - - 0 21";

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn").join(name)
}

/// The centre of the clickable region whose action reads `action`.
fn region(v: &Value, action: &str) -> Option<Value> {
    let r = v["regions"].as_array()?.iter().find(|r| r[0] == action)?;
    Some(serde_json::json!([r[1], r[2]]))
}

fn moves(v: &Value) -> Vec<String> {
    names(v, "moves")
}

fn lines(v: &Value) -> Vec<String> {
    names(&v["analysis"], "lines")
}

/// The piece letters by type index, read from the start position.
fn letters(start: &Value) -> Vec<(u64, char)> {
    [("a1", 'r'), ("b1", 'n'), ("c1", 'b'), ("d1", 'q'), ("e1", 'k'), ("a2", 'p')]
        .iter()
        .map(|(cell, letter)| {
            (start["pieces"][cell][1].as_u64().unwrap_or_else(|| panic!("no piece on {cell}")), *letter)
        })
        .collect()
}

/// The board of layout `v` as a FEN placement.
fn placement(v: &Value, letters: &[(u64, char)]) -> String {
    let mut ranks = Vec::new();
    for rank in (1..=8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in "abcdefgh".chars() {
            let piece = &v["pieces"][format!("{file}{rank}")];
            let Some(kind) = piece[1].as_u64() else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            let letter = letters.iter().find(|(k, _)| *k == kind).map_or('?', |(_, l)| *l);
            text.push(if piece[0] == 0 { letter.to_ascii_uppercase() } else { letter });
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// a. The file through the Open dialog, the browser, the filter, a pick.
fn open_the_database(w: &mut Window) {
    w.click_button("load");
    let load = w.layout("the Open dialog", |v| v["dialog"] == "load" && region(v, "Focus(LoadPath)").is_some());
    w.click_at(&region(&load, "Focus(LoadPath)").unwrap());
    w.layout("the path field focused", |v| v["focus"] == "Some(LoadPath)");
    w.xdotool(&["type", "--delay", "20", data("story.pgn").to_str().unwrap()]);
    w.key("Return");
    let all = w.layout("the games browser", |v| v["dialog"] == "games" && region(v, "PickGame(4)").is_some());
    let shown = names(&all, "shown");
    for text in [
        "Adolf Anderssen – Lionel Kieseritzky",
        "Adolf Anderssen – Jean Dufresne",
        "Paul Morphy – Duke Karl / Count Isouard",
        "Richard Reti – Savielly Tartakower",
        "Edward Lasker – George Alan Thomas",
        "1851.06.21",
        "1852.??.??",
        "1912.10.29",
        "1-0",
    ] {
        assert!(shown.iter().any(|s| s == text), "the browser shows '{text}': {shown:?}");
    }
    w.xdotool(&["type", "--delay", "30", "anderssen"]);
    let listed = |v: &Value| (0..5).filter(|i| region(v, &format!("PickGame({i})")).is_some()).collect::<Vec<_>>();
    let filtered = w.layout("Anderssen's two games, the others filtered out", |v| listed(v) == [0, 1]);
    let path = shot(w, "story-a.png");
    keep_screenshot(&path, "story-a.png");
    w.click_at(&region(&filtered, "PickGame(1)").unwrap());
    let loaded = w.layout("the Evergreen loaded", |v| v["dialog"] == "" && moves(v).len() == 47);
    assert_eq!(moves(&loaded)[..3], ["e2e4", "e7e5", "g1f3"]);
    assert!(loaded["message"].as_str().is_some_and(|m| m.contains("Dufresne")), "{}", loaded["message"]);
}

/// b. Home, forward, back, End, and back to ply 40; the board each time.
fn replay(w: &mut Window) {
    w.key("Home");
    let start = w.layout("the start", |v| v["view"] == 0);
    let letters = letters(&start);
    assert_eq!(placement(&start, &letters), START);
    for _ in 0..10 {
        w.key("Right");
    }
    let v = w.layout("ply 10", |v| v["view"] == 10);
    assert_eq!(placement(&v, &letters), PLY_10);
    w.key("Left");
    let v = w.layout("ply 9", |v| v["view"] == 9);
    assert_eq!(placement(&v, &letters), PLY_9);
    w.key("End");
    // The last position: the game's end, reviewed or live.
    let v = w.layout("the end", |v| v["view"] == 47 || v["view"].is_null());
    assert_eq!(placement(&v, &letters), END);
    assert_eq!(v["over"], true, "24. Bxe7# is mate");
    // A click on a move of the move list shows the position after it.
    let listed = w.layout("20... Nxe7 in the move list", |v| region(v, "ReviewPly(40)").is_some());
    w.click_at(&region(&listed, "ReviewPly(40)").unwrap());
    let v = w.layout("ply 40", |v| v["view"] == 40);
    assert_eq!(placement(&v, &letters), PLY_40);
    let path = shot(w, "story-b.png");
    keep_screenshot(&path, "story-b.png");
}

/// Waits for `analyser`'s lines at `depth` on ply 40 and checks the mate.
fn mate_in_four(w: &mut Window, analyser: &str, depth: u64) -> Value {
    let v = w.layout(&format!("{analyser}'s lines at depth {depth}"), |v| {
        v["analysis"]["analyser"] == analyser
            && v["analysis"]["done"] == true
            && v["analysis"]["depth"].as_u64().is_some_and(|d| d >= depth.min(7))
            && !lines(v).is_empty()
    });
    let best = &lines(&v)[0];
    assert!(best.starts_with("White mates in 4"), "{analyser}: {best}");
    assert!(best.contains("Qxd7+ Kxd7 Bf5+"), "{analyser}: {best}");
    assert!(v["analysis"]["arrow"].is_array(), "{analyser}: the best move's arrow");
    v
}

/// c. Alpha-beta, then Stockfish added by typing, on ply 40.
fn analyse(w: &mut Window) {
    w.click_button("analysis");
    let v = w.layout("the analysis strip", |v| v["analysis"]["open"] == true);
    assert_eq!(v["analysis"]["analyser"], "alphabeta");
    w.set_analysis_depth(4);
    mate_in_four(w, "alphabeta", 4);
    assert_eq!(w.layout("still ply 40", |_| true)["view"], 40, "the position shown is analysed");

    w.click_button("analysis-add-engine");
    w.layout("the Add engine dialog", |v| v["analysis"]["form"]["focus"] == 1);
    w.xdotool(&["type", "--delay", "30", STOCKFISH]);
    w.click_button("engine-options");
    w.xdotool(&["type", "--delay", "30", "Threads=1"]);
    w.key("Return");
    w.xdotool(&["type", "--delay", "30", "Hash=16"]);
    w.layout("the options typed", |v| v["analysis"]["form"]["fields"][2] == "Threads=1\nHash=16");
    w.click_button("engine-add");
    w.layout("Stockfish added", |v| v["analysis"]["form"].is_null() && v["analysis"]["analyser"] == "stockfish");
    w.set_analysis_depth(12);
    let v = mate_in_four(w, "stockfish", 12);
    assert!(lines(&v).len() >= 2, "several lines: {:?}", lines(&v));
    let path = shot(w, "story-c.png");
    keep_screenshot(&path, "story-c.png");
    w.click_button("analysis");
    w.layout("the strip closed", |v| v["analysis"]["open"] == false);
}

/// d. The editor: king and queen against king, Black to move; a game
/// against the computer from there.
fn set_up_an_ending(w: &mut Window) {
    w.click_button("edit");
    let editor = w.layout("the editor on ply 40", |v| {
        v["dialog"] == "editor" && v["editor"]["text"].as_str().is_some_and(|t| t.starts_with(PLY_40))
    });
    w.click_at(&editor["buttons"]["clear"]);
    let empty = w.layout("the cleared board", |v| v["pieces"].as_object().is_some_and(|p| p.is_empty()));
    let kind = |name: &str| {
        let kinds = empty["kinds"].as_array().expect("the piece types");
        kinds.iter().position(|k| k == name).unwrap_or_else(|| panic!("no {name} in {kinds:?}"))
    };
    for (owner, piece, cell) in [(0, "king", "c2"), (0, "queen", "h1"), (1, "king", "e5")] {
        w.click_at(&empty["buttons"][format!("tool:{owner}:{}", kind(piece))]);
        w.click_at(&empty["cells"][cell]);
    }
    w.click_at(&empty["buttons"]["side:1"]);
    let set = w.layout("the ending, Black to move", |v| v["editor"]["text"] == ENDING);
    assert!(set["editor"]["error"].is_null(), "a legal position: {}", set["editor"]);
    let path = shot(w, "story-d.png");
    keep_screenshot(&path, "story-d.png");

    w.click_at(&set["buttons"]["play"]);
    w.layout("the New game dialog", |v| v["dialog"] == "new");
    w.click_button("seat:0=person");
    w.click_button("seat:1=computer");
    w.click_button("open:level:1");
    w.click_button("level:1=master");
    w.click_button("start");
}

/// e. A premove while the computer thinks, played when it has answered.
fn premove(w: &mut Window) {
    let v = w.layout("the computer to move in the ending", |v| {
        v["dialog"] == ""
            && v["to_move"] == 1
            && moves(v).is_empty()
            && v["pieces"].as_object().is_some_and(|p| p.len() == 3)
    });
    assert_eq!(v["seats"][1][0], "Computer", "{}", v["seats"]);
    // Both clicks in one xdotool run: the computer thinks for seconds
    // (up to the Master level's 5 s), the two clicks take milliseconds.
    let at = |cell: &str| [0, 1].map(|i| format!("{}", v["cells"][cell][i].as_f64().expect("a cell's centre")));
    let ([fx, fy], [tx, ty]) = (at("h1"), at("h5"));
    let id = w.xdotool(&["search", "--name", "Tabula"]);
    let id = id.lines().next().expect("the window");
    w.xdotool(&[
        "mousemove",
        "--window",
        id,
        &fx,
        &fy,
        "click",
        "1",
        "mousemove",
        "--window",
        id,
        &tx,
        &ty,
        "click",
        "1",
    ]);
    let set = w.layout("the premove set", |v| v["aids"]["premove"]["ready"] == true || !moves(v).is_empty());
    assert!(
        moves(&set).is_empty(),
        "the computer answered before two clicks were made (it thinks for up to 5 s): {:?}",
        moves(&set)
    );
    assert_eq!(names(&set["aids"]["premove"], "cells"), ["h1", "h5"]);
    assert!(set["message"].as_str().is_some_and(|m| m.starts_with("Premove set")), "{}", set["message"]);
    let path = shot(w, "story-e.png");
    keep_screenshot(&path, "story-e.png");
    let played = w.layout("the premove played", |v| moves(v).len() == 2);
    assert!(moves(&played)[0].starts_with("e5"), "the black king moved: {:?}", moves(&played));
    assert_eq!(moves(&played)[1], "h1h5", "the premove, at once");
    assert!(played["aids"]["premove"].is_null());
    assert_eq!(played["pieces"]["h5"][0], 0, "the white queen on h5: {}", played["pieces"]);
}

#[test]
fn a_chess_player_browses_replays_analyses_sets_up_and_premoves() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    assert!(Path::new(STOCKFISH).exists(), "{STOCKFISH} is missing: run scripts/setup.sh --test");
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("chess.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"Ann\"\nkind = \"human\"\n\n\
         [[players]]\nname = \"Bo\"\nkind = \"human\"\n",
    )
    .unwrap();
    let mut w = Window::open(&tabula_binary(), &config, dir.path());
    open_the_database(&mut w);
    replay(&mut w);
    analyse(&mut w);
    set_up_an_ending(&mut w);
    premove(&mut w);
    assert!(w.running());
}
