//! The frame log (`TABULA_FRAME_LOG`, docs/BENCHMARKS-gui.md) of the real
//! window under Xvfb: two computers play chess, each move slides while
//! the other computer searches, and the log marks those frames, so the
//! benchmark can report the intervals while something moves. The log also
//! shows the window keeping its picture: while a computer thinks and
//! nothing slides, a frame redraws only the few places that changed
//! (its progress bar, a clock, the search figures), not the window.
//!
//! Nothing here depends on the machine's speed: the test waits for the
//! window to write its log (it does every 120 frames) and checks what was
//! drawn, never how fast. Missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1`.

use std::time::{Duration, Instant};

use tabula_suite::fixtures::scratch_dir;
use tabula_suite::window::{tabula_binary, tools_present, Window};

/// One line of the log: work, interval, searching, CPU, motion, the GL
/// driver's CPU, pixels redrawn.
fn parse(line: &str) -> [u64; 7] {
    let fields: Vec<u64> = line.split_whitespace().map(|f| f.parse().expect("a number")).collect();
    fields.try_into().unwrap_or_else(|f| panic!("seven fields, not {f:?}"))
}

/// The window's size (docs/BENCHMARKS-gui.md), in pixels.
const WINDOW_PIXELS: u64 = 1120 * 760;

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
    let renderer = lines.next().unwrap_or_default();
    assert!(renderer.starts_with("# renderer: ") && renderer.len() > "# renderer: ".len(), "{text}");
    let header = lines.next().unwrap_or_default();
    assert!(header.starts_with("# work_us interval_us searching cpu_us motion"), "{text}");
    assert!(header.ends_with(" render_cpu_us redrawn_px"), "{text}");
    let frames: Vec<[u64; 7]> = lines.map(parse).collect();
    assert!(frames.len() >= 120, "written every 120 frames: {}", frames.len());
    assert!(frames.iter().all(|f| f[4] <= 2 && f[2] <= 1), "flags are 0/1 and motions 0..2:\n{text}");
    let slides = frames.iter().filter(|f| f[4] == 1).count();
    let during_search = frames.iter().filter(|f| f[4] == 1 && f[2] == 1).count();
    assert!(slides > 0, "the computers' moves slide:\n{text}");
    assert!(during_search > 0, "a move slides while the other computer searches:\n{text}");
    assert!(frames.iter().all(|f| f[4] != 2), "nobody dragged:\n{text}");
    // The first frame draws the whole window, and no frame more.
    assert_eq!(frames[0][6], WINDOW_PIXELS, "the first frame draws everything:\n{text}");
    assert!(frames.iter().all(|f| f[6] <= WINDOW_PIXELS), "{text}");
    // While a computer thinks and nothing moves, most frames only show
    // its progress: they redraw under a tenth of the window.
    let thinking: Vec<u64> = frames.iter().filter(|f| f[2] == 1 && f[4] == 0).map(|f| f[6]).collect();
    let small = thinking.iter().filter(|&&px| px < WINDOW_PIXELS / 10).count();
    assert!(small * 2 > thinking.len(), "{small} of {} frames while thinking redrew little:\n{text}", thinking.len());
    // A sliding piece redraws where it was and where it is, not the window.
    let slid = frames.iter().filter(|f| f[4] == 1 && f[6] < WINDOW_PIXELS / 4).count();
    assert!(slid * 2 > slides, "{slid} of {slides} slide frames redrew under a quarter of the window:\n{text}");
}

/// The fields of a `TABULA_PICTURE` line: frame, width, height, redrawn, differ.
fn picture(line: &str) -> Option<[u64; 5]> {
    let rest = line.strip_prefix("TABULA_PICTURE ")?;
    let value = |key: &str| rest.split(' ').find_map(|f| f.strip_prefix(key)).map(str::to_string);
    let size = value("size=")?;
    let (w, h) = size.split_once('x')?;
    let fields = [value("frame=")?, w.to_string(), h.to_string(), value("redrawn=")?, value("differ=")?];
    fields.iter().map(|f| f.parse().ok()).collect::<Option<Vec<u64>>>()?.try_into().ok()
}

#[test]
fn every_frame_shows_what_a_whole_redraw_would() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = scratch_dir("gui_frames_picture");
    let config = dir.join("cvc.toml");
    let computer = |name: &str| {
        format!("[[players]]\nname = \"{name}\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\ntime_ms = 200\n")
    };
    std::fs::write(&config, format!("[game]\nrules = \"chess\"\n{}{}", computer("A"), computer("B"))).unwrap();
    // Each frame is also drawn whole and compared with the kept picture.
    let mut gui = Window::open_with_env(&tabula_binary(), &config, &dir, &[("TABULA_GUI_CHECK_PICTURE", "1")]);
    let (mut partial, mut resized_whole) = (0, false);
    for checked in 1..=150 {
        let [frame, w, h, redrawn, differ] = gui.wait_for(Duration::from_secs(120), picture);
        assert_eq!(differ, 0, "frame {frame} ({redrawn} pixels redrawn) differs from a whole redraw");
        partial += usize::from(redrawn < w * h);
        if (w, h) == (1000, 700) && !resized_whole {
            assert_eq!(redrawn, w * h, "a resized window starts its picture afresh");
            resized_whole = true;
        }
        if checked == 60 {
            gui.resize(1000, 700);
        }
    }
    assert!(resized_whole, "the window was resized");
    assert!(partial > 75, "most frames redraw only what changed: {partial} of 150");
}
