//! The window in Chinese, end to end (issue 25, defect 4): the real
//! `tabula play` under Xvfb with `language = "zh-CN"`, driven by xdotool.
//! A player named 我张伟芳测试 and a save typed as 我张伟芳测试 are drawn
//! (screenshots in `target/test-artifacts/`); the main screens (the game,
//! Help, New game, Save) say nothing in Latin words but notation and the
//! technical names the catalogue keeps, read from the window's own text
//! dump (`shown`: every text a frame drew); switching to English in
//! Settings relabels the game list.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;
use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const NAME: &str = "我张伟芳测试";

/// Latin words the Chinese interface keeps on purpose: the names of
/// notations, protocols and file formats, key names on the keyboard, the
/// chess Elo, and English's own name in the language chooser.
const KEPT: [&str; 17] = [
    "English", "Elo", "FEN", "SGF", "PGN", "GTP", "USI", "ICCS", "WXF", "Ctrl", "Enter", "Esc", "Shift", "Tab", "Home",
    "End", "pass",
];

fn texts(v: &Value) -> Vec<String> {
    v["shown"].as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

/// The Latin words (two or more ASCII letters) of the texts the window
/// drew, less notation (cell names, moves) and [`KEPT`].
fn latin_words(v: &Value) -> BTreeSet<String> {
    let cells: BTreeSet<String> =
        v["cells"].as_object().map(|m| m.keys().map(|k| k.to_lowercase()).collect()).unwrap_or_default();
    let moves: BTreeSet<String> = v["moves"]
        .as_array()
        .map(|a| a.iter().filter_map(|m| m.as_str().map(str::to_lowercase)).collect())
        .unwrap_or_default();
    let mut found = BTreeSet::new();
    for text in texts(v) {
        // Paths and file names (the saves directory, `名字.toml`) are the
        // user's, not words.
        let runs = text.split(|c: char| c.is_whitespace() || !c.is_ascii());
        let words = runs
            .filter(|run| !run.contains('/') && !run.starts_with('.'))
            .flat_map(|run| run.split(|c: char| !c.is_ascii_alphanumeric()));
        for word in words {
            let letters = word.chars().filter(char::is_ascii_alphabetic).count();
            let lower = word.to_lowercase();
            if letters >= 2
                && !cells.contains(&lower)
                && !moves.contains(&lower)
                && !KEPT.iter().any(|k| k.eq_ignore_ascii_case(word))
            {
                found.insert(format!("{word} (in {text:?})"));
            }
        }
    }
    found
}

fn assert_chinese(v: &Value, screen: &str) {
    let latin = latin_words(v);
    assert!(latin.is_empty(), "{screen}: English words left in the Chinese interface: {latin:#?}");
}

fn write_config(dir: &Path) -> std::path::PathBuf {
    std::fs::write(dir.join("settings.toml"), "language = \"zh-CN\"\n").unwrap();
    let config = dir.join("go.toml");
    // The person's name as a user types it into a config; the computer
    // keeps the default config's generated name, said in Chinese.
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"go\"\n[game.options]\nsize = \"9\"\n\n[[players]]\nname = \"{NAME}\"\nkind = \"human\"\n\n\
             [[players]]\nname = \"Computer\"\nkind = \"ai\"\nlevel = \"easy\"\ntime_ms = 100\n"
        ),
    )
    .unwrap();
    config
}

fn click_button(gui: &mut Window, v: &Value, id: &str) {
    let at = v["buttons"][id].clone();
    assert!(at.is_array(), "no button {id} in {}", v["buttons"]);
    gui.click_at(&at);
}

fn region(v: &Value, action: &str) -> Value {
    let found = v["regions"].as_array().and_then(|r| r.iter().find(|x| x[0] == action)).cloned();
    let found = found.unwrap_or_else(|| panic!("no region {action} in {}", v["regions"]));
    serde_json::json!([found[1], found[2]])
}

#[test]
fn a_chinese_name_and_save_are_drawn_and_the_screens_speak_chinese() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path());
    // Only the bundled fonts: the name must not need a system font.
    let mut gui = Window::open_with_env(&tabula_binary(), &config, dir.path(), &[("TABULA_SYSTEM_CJK_FONT", "")]);

    // The game: the typed name, the generated one in Chinese, Go's own words.
    let v = gui.layout("the person to move with a pass button", |v| {
        texts(v).iter().any(|t| t == "停一手") && v["seats"][0][0] == NAME
    });
    assert_eq!(v["seats"][1][0], "电脑", "the default name in Chinese: {}", v["seats"]);
    assert_eq!(v["seats"][0][1], "黑方");
    let shown = texts(&v);
    assert!(shown.iter().any(|t| t.contains(NAME)), "the name is drawn: {shown:?}");
    assert!(shown.iter().any(|t| t.contains("围棋")), "the game's Chinese name: {shown:?}");
    assert_chinese(&v, "the game");
    gui.screenshot(&artifact("gui-zh-go-name.png"));

    // Help: the plugin's Chinese help with this game's options.
    gui.key("F1");
    let v = gui.layout("the help", |v| v["dialog"] == "help");
    let help = texts(&v).join("\n");
    assert!(help.contains("停一手") && help.contains("9×9"), "{help}");
    assert_chinese(&v, "Help");
    gui.key("Escape");

    // Save: the name typed with xdotool, in the field and in the file name.
    gui.layout("no dialog", |v| v["dialog"] == "");
    gui.key("ctrl+s");
    gui.layout("the Save dialog", |v| v["dialog"] == "save");
    gui.xdotool(&["key", "ctrl+a", "BackSpace"]);
    for _ in 0..40 {
        gui.xdotool(&["key", "BackSpace"]);
    }
    gui.xdotool(&["type", "--delay", "80", NAME]);
    let v = gui.layout("the typed save name", |v| texts(v).iter().any(|t| t.starts_with(NAME)));
    assert_chinese(&v, "Save");
    gui.screenshot(&artifact("gui-zh-save-name.png"));
    gui.key("Return");
    let saved = gui.wait_for(Duration::from_secs(20), |l| l.strip_prefix("tabula: saved ").map(String::from));
    assert!(saved.contains(NAME), "the save's file is named as typed: {saved}");

    // New game: every game in Chinese where its plugin ships the words
    // (Go's entry names the options of the game on the board: 9×9).
    gui.layout("no dialog", |v| v["dialog"] == "");
    gui.key("ctrl+n");
    let v = gui.layout("the New game dialog", |v| v["dialog"] == "new");
    let shown = texts(&v);
    // The list is in the order of the Chinese names and opens near Go.
    for name in ["国际象棋", "围棋 9×9", "双陆棋", "四子棋", "国际跳棋", "西洋陆军棋"] {
        assert!(shown.iter().any(|t| t == name), "{name} not in the game list: {shown:?}");
    }
    assert!(!shown.iter().any(|t| t == "Xiangqi" || t == "Chess"), "English names left: {shown:?}");
    gui.screenshot(&artifact("gui-zh-new-game.png"));
    gui.key("Escape");

    // Settings: English, and the game list follows at once.
    let v = gui.layout("no dialog", |v| v["dialog"] == "");
    click_button(&mut gui, &v, "settings");
    let v = gui.layout("the Settings dialog", |v| v["dialog"] == "settings");
    assert_chinese(&v, "Settings");
    gui.click_at(&region(&v, "FormPick(Language, 1)"));
    gui.layout("English settings", |v| texts(v).iter().any(|t| t == "Language"));
    gui.key("Escape");
    gui.layout("no dialog", |v| v["dialog"] == "");
    gui.key("ctrl+n");
    let v = gui.layout("the New game dialog in English", |v| v["form"].is_object());
    let shown = texts(&v);
    // The list starts near the game being played (Go, 9×9 as on the board).
    for name in ["Go 9×9", "Gomoku (freestyle)", "Hex 11x11"] {
        assert!(shown.iter().any(|t| t == name), "{name} not in the English game list: {shown:?}");
    }
    assert!(!shown.iter().any(|t| t.contains("围棋") || t.contains("五子棋")), "a Chinese name left: {shown:?}");
    assert!(!shown.iter().any(|t| t.contains("电脑")), "the seats are renamed in English too: {shown:?}");
}
