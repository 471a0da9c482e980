//! Pieces in hand in the real window: a crazyhouse game (the variants
//! plugin) resumed after a capture shows White's pawn beside the board; a
//! click on it and a click on a square drop it, and the window plays
//! `P@e6`. The GUI runs under Xvfb and is driven with xdotool, like
//! `gui_e2e.rs`; missing tools fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("run xdotool");
    assert!(out.status.success(), "xdotool {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn click(display: &str, window: &str, at: &serde_json::Value) {
    let (x, y) = (at[0].as_f64().expect("a position"), at[1].as_f64().expect("a position"));
    xdotool(display, &["mousemove", "--window", window, &format!("{x}"), &format!("{y}")]);
    std::thread::sleep(Duration::from_millis(150));
    xdotool(display, &["click", "1"]);
    std::thread::sleep(Duration::from_millis(250));
}

/// The next layout line that satisfies `pick`.
fn next_layout(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    pick: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let end = Instant::now() + Duration::from_secs(30);
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        let Ok(line) = lines.recv_timeout(left) else { break };
        let found = line.strip_prefix("TABULA_LAYOUT ").and_then(|j| serde_json::from_str(j).ok()).filter(&pick);
        seen.push(line);
        if let Some(v) = found {
            return v;
        }
    }
    panic!("the window never showed what was expected; stderr:\n{}", seen.join("\n"))
}

#[test]
fn a_piece_in_hand_is_clicked_then_dropped_on_a_square() {
    let missing: Vec<&str> = ["Xvfb", "xdotool", "import"].into_iter().filter(|t| !have(t)).collect();
    if !missing.is_empty() {
        assert!(std::env::var_os("TABULA_SKIP_GUI_E2E").is_some_and(|v| v == "1"), "missing {missing:?}");
        eprintln!("SKIPPED on request (TABULA_SKIP_GUI_E2E=1): missing {missing:?}");
        return;
    }
    let n = (90..400u32)
        .rev()
        .find(|n| {
            !Path::new(&format!("/tmp/.X{n}-lock")).exists() && !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        })
        .expect("a free X display");
    let display = format!(":{n}");
    let _xvfb = Reaper(
        Command::new("Xvfb")
            .args([&display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb"),
    );
    let start = Instant::now();
    while !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
        assert!(start.elapsed() < Duration::from_secs(10), "Xvfb did not start on {display}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let exe = std::env::current_exe().unwrap();
    let bin = exe.parent().and_then(Path::parent).expect("target/<profile>/deps").join("tabula");
    let dir = std::env::temp_dir().join(format!("tabula-gui-hands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("crazyhouse.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"crazyhouse\"\n\n\
         [[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n\n\
         [record]\nmoves = [\"e2e4\", \"d7d5\", \"e4d5\", \"g8f6\"]\n",
    )
    .unwrap();
    let mut gui = Reaper(
        Command::new(&bin)
            .args(["play", "--config"])
            .arg(&config)
            .current_dir(&dir)
            .env("DISPLAY", &display)
            .env("TABULA_GUI_TEST_LAYOUT", "1")
            .env("SDL_AUDIODRIVER", "dummy")
            .env("TABULA_SETTINGS", dir.join("settings.toml"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", bin.display())),
    );
    let stderr = gui.0.stderr.take().unwrap();
    let (tx, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let first = next_layout(&lines, &mut seen, |v| v["moves"].as_array().is_some_and(|m| m.len() == 4));
    let window = xdotool(&display, &["search", "--sync", "--name", "Tabula"]).lines().next().unwrap_or("").to_string();
    // The pawn (type 0 in crazyhouse.toml) White took on d5, beside the board.
    let pawn = &first["buttons"]["hand0"];
    assert!(pawn.is_array(), "White's pawn in hand is not offered: {first}");
    let (h8, h1) = (&first["cells"]["h8"], &first["cells"]["h1"]);
    let (px, py) = (pawn[0].as_f64().unwrap(), pawn[1].as_f64().unwrap());
    assert!(px > h1[0].as_f64().unwrap(), "the hand is right of the board: {pawn} vs h1 {h1}");
    assert!(py > h8[1].as_f64().unwrap() && py <= h1[1].as_f64().unwrap() + 50.0, "at White's side: {pawn}");
    click(&display, &window, pawn);
    click(&display, &window, &first["cells"]["e6"]);
    let after = next_layout(&lines, &mut seen, |v| v["moves"].as_array().is_some_and(|m| m.len() == 5));
    assert_eq!(after["moves"][4], "P@e6", "{after}");
    assert!(after["buttons"]["hand0"].is_null(), "the hand is empty and Black is to move: {after}");
    let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
    std::fs::create_dir_all(&shot).unwrap();
    let status =
        Command::new("import").args(["-display", &display, "-window", "root"]).arg(shot.join("gui-hands.png")).status();
    assert!(status.is_ok_and(|s| s.success()), "no screenshot");
    let _ = std::fs::remove_dir_all(&dir);
}
