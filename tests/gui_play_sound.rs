//! The window's sound effects, recorded and measured: the real window runs
//! under Xvfb with SDL's `disk` audio driver, which writes everything the
//! window plays to a file (32-bit float samples, mono, 44.1 kHz, silence
//! included, paced like a sound card). A chess game between two people is
//! played by clicks — a quiet move, a capture, a check — and resigned (the
//! end of the game). The recording after each is cut out and measured with
//! SoX (`sox … -n silence … stat`, the silence before and after trimmed):
//! each effect must be audible, and the four must differ in length.
//! The figures are printed (docs/PLAY.md keeps a copy).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tabula_suite::window::{names, tabula_binary, tools_present, Window};

/// Bytes of one second of the recording (4-byte samples, one channel).
const SECOND: u64 = 44_100 * 4;

const CONFIG: &str = "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"A\"\nkind = \"human\"\n\n\
     [[players]]\nname = \"B\"\nkind = \"human\"\n";

fn size(path: &Path) -> u64 {
    std::fs::metadata(path).map(|m| m.len()).unwrap_or(0)
}

/// Waits until the recording holds `bytes` more than `from`: the sound
/// card played that much since.
fn recorded(path: &Path, from: u64, bytes: u64) -> u64 {
    let end = Instant::now() + Duration::from_secs(60);
    while size(path) < from + bytes {
        assert!(Instant::now() < end, "the recording stopped growing at {} bytes", size(path));
        std::thread::sleep(Duration::from_millis(20));
    }
    size(path)
}

/// SoX's figures for a piece of the recording, silence trimmed.
#[derive(Debug)]
struct Figures {
    seconds: f64,
    rms: f64,
    peak: f64,
    frequency: f64,
}

fn measure(recording: &Path, from: u64, to: u64, name: &str) -> Figures {
    let bytes = std::fs::read(recording).unwrap();
    let piece = recording.with_file_name(format!("{name}.raw"));
    std::fs::write(&piece, &bytes[from as usize..to as usize]).unwrap();
    let out = Command::new("sox")
        .args(["-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1", "-r", "44100", "-L"])
        .arg(&piece)
        .args(["-n", "silence", "1", "0.002", "1%", "reverse", "silence", "1", "0.002", "1%", "reverse", "stat"])
        .output()
        .expect("run sox");
    let text = String::from_utf8_lossy(&out.stderr).to_string();
    let field = |label: &str| {
        text.lines()
            .find(|l| l.starts_with(label))
            .and_then(|l| l.split(':').nth(1))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .unwrap_or_else(|| panic!("no {label} in sox's stat for {name}:\n{text}"))
    };
    Figures {
        seconds: field("Length (seconds)"),
        rms: field("RMS     amplitude"),
        peak: field("Maximum amplitude"),
        frequency: field("Rough   frequency"),
    }
}

/// Does `act` (which changes the game) and returns where in the
/// recording its sound is: from before it to a second after the window
/// shows `done`.
fn sound_of(w: &mut Window, rec: &Path, act: impl FnOnce(&mut Window), done: impl Fn(&Value) -> bool) -> (u64, u64) {
    let from = size(rec);
    act(w);
    w.layout("the window's answer", done);
    let shown = size(rec);
    (from, recorded(rec, shown, SECOND))
}

#[test]
fn move_capture_check_and_the_end_sound_different_and_audible() {
    if !tools_present(&["Xvfb", "xdotool", "import", "sox"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("game.toml");
    std::fs::write(&config, CONFIG).unwrap();
    let rec = dir.path().join("sound.raw");
    let rec_text = rec.to_string_lossy().to_string();
    let env = [("SDL_AUDIODRIVER", "disk"), ("SDL_DISKAUDIOFILE", rec_text.as_str())];
    let mut w = Window::open_with_env(&tabula_binary(), &config, dir.path(), &env);
    let v = w.layout("the board", |v| v["cells"]["e2"].is_array());
    assert!(v["buttons"]["sound"].is_array(), "sound is on: {}", v["buttons"]);
    recorded(&rec, 0, SECOND / 2);
    let cells = v["cells"].clone();
    let play = |w: &mut Window, from: &str, to: &str, n: usize| {
        let act = |w: &mut Window| {
            w.click_at(&cells[from]);
            w.click_at(&cells[to]);
        };
        sound_of(w, &rec, act, |v| names(v, "moves").len() == n)
    };
    let quiet = play(&mut w, "e2", "e4", 1);
    play(&mut w, "d7", "d5", 2);
    let capture = play(&mut w, "e4", "d5", 3);
    play(&mut w, "d8", "d5", 4);
    play(&mut w, "b1", "c3", 5);
    let check = play(&mut w, "d5", "e5", 6);
    let v = w.layout("check", |v| v["status"].as_str().unwrap_or_default().contains("Check"));
    let end = sound_of(
        &mut w,
        &rec,
        |w| {
            w.click_at(&v["buttons"]["resign"]);
            let v = w_layout_region(w, "Resign");
            w.click_at(&v);
        },
        |v| v["over"] == true,
    );
    let figures: Vec<(&str, Figures)> = [("move", quiet), ("capture", capture), ("check", check), ("end", end)]
        .into_iter()
        .map(|(name, (from, to))| (name, measure(&rec, from, to, name)))
        .collect();
    for (name, f) in &figures {
        eprintln!(
            "{name}: {:.3} s, RMS {:.4}, peak {:.3}, rough frequency {:.0} Hz",
            f.seconds, f.rms, f.peak, f.frequency
        );
        assert!(f.peak > 0.1 && f.rms > 0.01 && f.seconds > 0.02, "{name} is audible: {f:?}");
    }
    for (i, (a, fa)) in figures.iter().enumerate() {
        for (b, fb) in &figures[i + 1..] {
            let longer = fa.seconds.max(fb.seconds) / fa.seconds.min(fb.seconds);
            assert!(longer > 1.25, "{a} and {b} differ in length: {fa:?} {fb:?}");
        }
    }
}

/// The centre of the clickable region of `action` once the window shows it.
fn w_layout_region(w: &mut Window, action: &str) -> Value {
    let v = w.layout("the question", |v| v["regions"].as_array().is_some_and(|r| r.iter().any(|r| r[0] == action)));
    let regions = v["regions"].as_array().cloned().unwrap_or_default();
    let r = regions.iter().find(|r| r[0] == action).expect("seen above");
    json!([r[1], r[2]])
}
