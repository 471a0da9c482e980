//! The window in Chinese everywhere a player chooses a game (issue 25,
//! defect 4): the real `tabula play` under Xvfb with `language = "zh-CN"`,
//! driven by xdotool. The New game dialog (its whole game list, scrolled
//! through) and the Network dialog (both tabs) are read from the window's
//! own text dump (`shown`: every text a frame drew); screenshots land in
//! `target/test-artifacts/gui-words-*.png`.
//!
//! The rule for "English left over": a drawn text is English when all its
//! letters are ASCII (no Chinese character; marks such as `▸`, `×` or
//! `（` are not letters) and it holds a Latin word (two or more ASCII
//! letters in a row) that is not kept on purpose. Kept are the names of
//! notations, protocols and file formats and key names ([`KEPT`]), and
//! texts the player typed. A text with any Chinese in it passes (`围棋
//! 9×9`, `WXF（C2=5）`), and so do numbers and sizes (`7x6`, `9`).
//!
//! Each plugin's game is named in Chinese: every game of the list (and
//! every family title) is drawn in a text with Chinese characters, and the
//! plugins that had no Chinese words before this test have the names
//! players use ([`NAMES`]).
//!
//! Missing tools fail the tests unless `TABULA_SKIP_GUI_E2E=1`.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;
use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The player's name, as the Network dialog takes it from `USER`.
const NAME: &str = "张伟";

/// Latin words the Chinese interface keeps on purpose: the names of
/// notations, protocols and file formats, key names, the chess Elo, and
/// English's own name in the language chooser.
const KEPT: [&str; 17] = [
    "English", "Elo", "FEN", "SGF", "PGN", "GTP", "USI", "ICCS", "WXF", "Ctrl", "Enter", "Esc", "Shift", "Tab", "Home",
    "End", "pass",
];

/// The games of the plugins that shipped no Chinese words before, by the
/// name their plugin gives (with its default options), and the name
/// Chinese players know them by.
const NAMES: [(&str, &str); 17] = [
    ("Amazons", "亚马逊棋"),
    ("Backgammon", "双陆棋"),
    ("Banqi", "暗棋"),
    ("Chinese checkers (2 players)", "跳棋（2人）"),
    ("Connect four", "四子棋"),
    ("Dark chess", "迷雾国际象棋"),
    ("Draughts (international)", "国际跳棋"),
    ("Kriegspiel", "暗战国际象棋（Kriegspiel）"),
    ("Mensch ärgere Dich nicht (2 players)", "飞行棋（2人）"),
    ("Nine men's morris", "九子棋"),
    ("Othello", "黑白棋"),
    ("Oware", "播棋（奥瓦雷）"),
    ("Phantom Go 9×9", "幻影围棋 9×9"),
    ("Phantom tic-tac-toe", "幻影井字棋"),
    ("Raumschach", "空间国际象棋（Raumschach）"),
    ("Stratego", "西洋陆军棋"),
    ("Tri-dimensional chess", "三维国际象棋"),
];

const CONFIG: &str = "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"张伟\"\nkind = \"human\"\n\n\
     [[players]]\nname = \"电脑\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n";

fn texts(v: &Value) -> Vec<String> {
    v["shown"].as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

/// Whether `text` reads as English by the rule of this file's header.
fn english(text: &str) -> bool {
    if text.chars().any(|c| c.is_alphabetic() && !c.is_ascii()) {
        return false;
    }
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|word| word.len() >= 2)
        .any(|word| !KEPT.iter().any(|k| k.eq_ignore_ascii_case(word)))
}

fn assert_chinese(drawn: &BTreeSet<String>, screen: &str) {
    let left: Vec<&String> = drawn.iter().filter(|t| english(t)).collect();
    assert!(left.is_empty(), "{screen}: English left in the Chinese window: {left:#?}");
}

fn open_dialog(w: &mut Window, key: &str, name: &str) -> Value {
    w.layout("the first layout", |_| true);
    // The first keys may come before the window takes them: again until it does.
    for _ in 0..5 {
        w.key(key);
        let opened = w.try_wait_for(Duration::from_secs(3), |line| {
            let parsed: Option<Value> = line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
            parsed.filter(|v| v["dialog"] == name)
        });
        if let Some(v) = opened {
            return v;
        }
    }
    panic!("the {name} dialog did not open; stderr:\n{}", w.seen.join("\n"));
}

/// The list's rows on screen: its games and family titles by button name.
fn rows_on_screen(v: &Value) -> Vec<(String, Value)> {
    let buttons = v["buttons"].as_object().cloned().unwrap_or_default();
    buttons.into_iter().filter(|(k, _)| k.starts_with("game:") || k.starts_with("group:")).collect()
}

/// Scrolls the game list, which opens near the game played, down to its
/// end (the family titles come last) and then up until every row has been
/// on screen, one wheel notch at a time; returns every text drawn.
fn scroll_through_the_list(w: &mut Window, first: Value) -> BTreeSet<String> {
    let list = strings(&first["form"]["list"]);
    let total = list.len();
    let families = list.iter().filter(|l| l.starts_with("group:")).count();
    let mut v = first;
    let mut drawn: BTreeSet<String> = texts(&v).into_iter().collect();
    let mut rows: BTreeSet<String> = BTreeSet::new();
    for _ in 0..60 {
        let on_screen = rows_on_screen(&v);
        rows.extend(on_screen.iter().map(|(k, _)| k.clone()));
        if rows.len() >= total {
            return drawn;
        }
        let (_, at) = on_screen.first().cloned().expect("the game list shows rows");
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        let before = texts(&v);
        // A notch may come before the pointer's move is seen: a few.
        let mut next = None;
        for _ in 0..3 {
            let down = rows.iter().filter(|r| r.starts_with("group:")).count() < families;
            w.wheel(x, y, down);
            next = w.try_wait_for(Duration::from_secs(10), |line| {
                let parsed: Option<Value> =
                    line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok());
                parsed.filter(|v| texts(v) != before)
            });
            if next.is_some() {
                break;
            }
        }
        v = next.unwrap_or_else(|| panic!("the list stopped scrolling after {rows:?} of {total} rows"));
        drawn.extend(texts(&v));
    }
    panic!("the list did not come to its end: {rows:?} of {total} rows");
}

#[test]
fn the_new_game_and_network_dialogs_speak_chinese_with_every_game_named_in_chinese() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("settings.toml"), "language = \"zh-CN\"\n").unwrap();
    let config = dir.path().join("game.toml");
    std::fs::write(&config, CONFIG).unwrap();
    let mut w = Window::open_with_env(&tabula_binary(), &config, dir.path(), &[("USER", NAME)]);

    // New game: the whole list, scrolled through.
    let v = open_dialog(&mut w, "ctrl+n", "new");
    w.screenshot(&artifact("gui-words-new-game.png"));
    let labels = strings(&v["form"]["list"]);
    let drawn = scroll_through_the_list(&mut w, v);
    w.screenshot(&artifact("gui-words-new-game-end.png"));
    assert_chinese(&drawn, "New game");
    for label in labels.iter().filter(|l| !l.starts_with("group:") && english(l)) {
        assert!(!drawn.contains(label), "{label} is shown in English: {drawn:#?}");
    }
    let titles = drawn.iter().filter(|t| t.starts_with("▸ ") || t.starts_with("▾ ")).count();
    assert_eq!(titles, labels.iter().filter(|l| l.starts_with("group:")).count(), "every family: {drawn:#?}");
    for (english, chinese) in NAMES {
        assert!(labels.iter().any(|l| l == english), "{english} is not a game of the list: {labels:?}");
        assert!(drawn.contains(chinese), "{english} is not shown as {chinese}: {drawn:#?}");
    }
    w.key("Escape");
    w.layout("no dialog", |v| v["dialog"] == "");

    // Network: the Join tab, then the Host tab.
    let v = open_dialog(&mut w, "ctrl+g", "network");
    let join: BTreeSet<String> = texts(&v).into_iter().collect();
    assert!(join.iter().any(|t| t == NAME), "the player's name in its field: {join:#?}");
    assert_chinese(&join, "Network, Join a game");
    w.screenshot(&artifact("gui-words-network-join.png"));
    let host = v["buttons"]["tab-host"].clone();
    assert!(host.is_array(), "no Host tab in {}", v["buttons"]);
    w.click_at(&host);
    let v = w.layout("the Host tab", |v| v["buttons"]["host"].is_array());
    let hosting: BTreeSet<String> = texts(&v).into_iter().collect();
    assert_chinese(&hosting, "Network, Host a game");
    assert!(hosting.iter().any(|t| t.contains("7717")), "the port to tell others: {hosting:#?}");
    w.screenshot(&artifact("gui-words-network-host.png"));
}

#[test]
fn the_rule_finds_english_and_keeps_notation_names_and_chinese() {
    assert!(english("Join a game") && english("Close") && english("▸ Shogi family (14)"));
    assert!(!english("加入对局") && !english("围棋 9×9") && !english("WXF（C2=5）"));
    assert!(!english("7x6") && !english("9") && !english("FEN") && !english("Ctrl+N"));
}
