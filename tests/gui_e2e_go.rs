//! Go's count in the real window under Xvfb: White passes with the button
//! under the board, Resume takes that pass back, the pass again starts the
//! count, two dead stones are clicked, Accept settles the result, and the
//! saved game holds the dead stones and the result. A screenshot of the
//! count (dead stones crossed, territory drawn) is left in
//! target/test-artifacts/gui-e2e-go-count.png.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use tabula_suite::window::{tools_present, Window};

fn target_profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).expect("target/<profile>/deps").to_path_buf()
}

/// The real binary, which must be a build with the window.
fn gui_binary() -> PathBuf {
    let bin = target_profile_dir().join("tabula");
    assert!(bin.exists(), "{} is missing: run `cargo build --release --workspace` first", bin.display());
    let help = Command::new(&bin).args(["play", "--help"]).output().expect("run tabula play --help");
    assert!(String::from_utf8_lossy(&help.stdout).contains("--text"), "{} has no window", bin.display());
    bin
}

fn layout(line: &str) -> Option<Value> {
    line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok())
}

fn point(layout: &Value, group: &str, name: &str) -> (f64, f64) {
    let xy = &layout[group][name];
    let at = |i: usize| xy[i].as_f64().unwrap_or_else(|| panic!("no {group} '{name}' in the layout: {layout}"));
    (at(0), at(1))
}

fn moves(layout: &Value) -> usize {
    layout["moves"].as_array().map_or(0, Vec::len)
}

#[test]
fn two_people_pass_resume_mark_dead_stones_and_accept_the_count() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Walls on the D and F files, a black stone in White's area, a white
    // one in Black's, and Black's pass: White to move.
    let mut record: Vec<String> = (1..=9).flat_map(|r| [format!("\"D{r}\""), format!("\"F{r}\"")]).collect();
    record.extend(["\"H5\"", "\"B5\"", "\"pass\""].map(String::from));
    let config = dir.path().join("count.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"go\"\n[game.options]\nsize = \"9\"\n\n[[players]]\nname = \"Ann\"\nkind = \"human\"\n\n\
             [[players]]\nname = \"Bo\"\nkind = \"human\"\n\n[record]\nmoves = [{}]\nresult = \"ongoing\"\n",
            record.join(", ")
        ),
    )
    .unwrap();
    let mut window = Window::open(&gui_binary(), &config, dir.path());
    let dump =
        |dialog: &'static str, n: usize| move |l: &str| layout(l).filter(|v| v["dialog"] == dialog && moves(v) == n);

    let start = layout(&window.first_layout).expect("a layout");
    assert_eq!((start["dialog"].as_str(), moves(&start)), (Some(""), 21), "{start}");
    let (x, y) = point(&start, "buttons", "pass");
    window.click(x, y);
    let count = window.wait_for(Duration::from_secs(40), dump("count", 22));
    let (x, y) = point(&count, "buttons", "resume-play");
    window.click(x, y);
    let resumed = window.wait_for(Duration::from_secs(40), dump("", 21));
    let (x, y) = point(&resumed, "buttons", "pass");
    window.click(x, y);
    let count = window.wait_for(Duration::from_secs(40), dump("count", 22));

    for stone in ["H5", "B5"] {
        let (x, y) = point(&count, "cells", stone);
        window.click(x, y);
    }
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
    std::fs::create_dir_all(&shots).unwrap();
    window.screenshot(&shots.join("gui-e2e-go-count.png"));
    let (x, y) = point(&count, "buttons", "accept-count");
    window.click(x, y);
    window.wait_for(Duration::from_secs(40), dump("over", 22));

    window.key("Escape");
    window.key("ctrl+s");
    window.wait_for(Duration::from_secs(40), |l| layout(l).filter(|v| v["dialog"] == "save"));
    window.key("Return");
    let saved = window.wait_for(Duration::from_secs(40), |l| l.strip_prefix("tabula: saved ").map(str::to_string));
    let text = std::fs::read_to_string(dir.path().join(&saved)).unwrap();
    let saved = tabula_core::config::Config::parse(&text, "save", dir.path().to_path_buf()).expect("the save parses");
    let record = saved.record.expect("a [record] table");
    assert_eq!(record.dead, Some(vec!["B5".to_string(), "H5".to_string()]), "{text}");
    assert_eq!(record.result, "win white (area count)", "{text}");
    assert!(window.running(), "the window is still open");
}

#[test]
fn gnu_go_seated_in_the_window_answers_a_clicked_move() {
    if !tools_present(&["Xvfb", "xdotool", "import", "/usr/games/gnugo"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("gnugo.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"go\"\n[game.options]\nsize = \"9\"\n\n[[players]]\nname = \"Ann\"\nkind = \"human\"\n\n\
         [[players]]\nname = \"GNU Go\"\nkind = \"engine\"\ncommand = \"/usr/games/gnugo\"\n\
         args = [\"--mode\", \"gtp\", \"--level\", \"1\", \"--chinese-rules\"]\nprotocol = \"gtp\"\ntime_ms = 5000\n",
    )
    .unwrap();
    let mut window = Window::open(&gui_binary(), &config, dir.path());
    let start = layout(&window.first_layout).expect("a layout");
    let (x, y) = point(&start, "cells", "E5");
    window.click(x, y);
    let answered = window.wait_for(Duration::from_secs(30), |l| layout(l).filter(|v| moves(v) == 2));
    assert_eq!(answered["moves"][0], "E5", "{answered}");
    assert_eq!(answered["dialog"], "", "no error dialog: {answered}");
    // The human's pass, then GNU Go's second answer.
    let (x, y) = point(&answered, "buttons", "pass");
    window.click(x, y);
    let again = window.wait_for(Duration::from_secs(30), |l| layout(l).filter(|v| moves(v) == 4));
    assert_eq!(again["moves"][2], "pass", "{again}");
    assert!(window.running(), "the window is still open");
}
