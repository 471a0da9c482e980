//! The frame log (`TABULA_FRAME_LOG`, docs/BENCHMARKS-gui.md) of the real
//! window under Xvfb: two computers play chess, each move slides while
//! the other computer searches, and the log marks those frames, so the
//! benchmark can report the intervals while something moves.
//!
//! Nothing here depends on the machine's speed: the test waits for the
//! window to write its log (it does every 120 frames) and checks what was
//! drawn, never how fast. Missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1`.

use std::time::{Duration, Instant};

use tabula_suite::fixtures::scratch_dir;
use tabula_suite::window::{tabula_binary, tools_present, Window};

/// One line of the log: work, interval, searching, CPU, motion.
fn parse(line: &str) -> [u64; 5] {
    let fields: Vec<u64> = line.split_whitespace().map(|f| f.parse().expect("a number")).collect();
    fields.try_into().unwrap_or_else(|f| panic!("five fields, not {f:?}"))
}

#[test]
fn the_frame_log_marks_the_frames_of_a_slide_during_a_search() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = scratch_dir("gui_frames");
    let config = dir.join("cvc.toml");
    let computer = |name: &str| {
        format!("[[players]]\nname = \"{name}\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\ntime_ms = 200\n")
    };
    std::fs::write(&config, format!("[game]\nrules = \"chess\"\n{}{}", computer("A"), computer("B"))).unwrap();
    let log = dir.join("frames.txt");
    let mut gui =
        Window::open_with_env(&tabula_binary(), &config, &dir, &[("TABULA_FRAME_LOG", log.to_str().unwrap())]);
    let end = Instant::now() + Duration::from_secs(240);
    while !log.exists() {
        assert!(Instant::now() < end, "no frame log after 240 s; stderr:\n{}", gui.seen.join("\n"));
        assert!(gui.running(), "the window closed; stderr:\n{}", gui.seen.join("\n"));
        std::thread::sleep(Duration::from_millis(200));
    }
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().is_some_and(|h| h.starts_with("# work_us interval_us searching cpu_us motion")), "{text}");
    let frames: Vec<[u64; 5]> = lines.map(parse).collect();
    assert!(frames.len() >= 120, "written every 120 frames: {}", frames.len());
    assert!(frames.iter().all(|f| f[4] <= 2 && f[2] <= 1), "flags are 0/1 and motions 0..2:\n{text}");
    let slides = frames.iter().filter(|f| f[4] == 1).count();
    let during_search = frames.iter().filter(|f| f[4] == 1 && f[2] == 1).count();
    assert!(slides > 0, "the computers' moves slide:\n{text}");
    assert!(during_search > 0, "a move slides while the other computer searches:\n{text}");
    assert!(frames.iter().all(|f| f[4] != 2), "nobody dragged:\n{text}");
}
