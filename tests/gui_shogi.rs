//! Shogi in the real window (issue 24, item 3): the board has its files
//! 9–1 along the top and ranks 一–九 down the right; the bishop taking on
//! 2b is offered promoted and unpromoted (the chooser names `Bx2b+` and
//! `Bx2b=` and draws 馬 and 角); the move list reads Western notation, and
//! with the `shogi_notation = japanese` option Japanese (`２二角成`,
//! `同銀`). Janggi and makruk are drawn in their own styles. Screenshots
//! land in `target/test-artifacts/` (`gui-shogi-*.png`, `gui-janggi.png`,
//! `gui-makruk.png`); missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1`.

use std::path::Path;
use std::sync::Mutex;

use serde_json::Value;
use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// P-7f P-3d, in Fairy-Stockfish's UCI.
const OPENING: &str = r#"["c3c4", "g7g6"]"#;

fn config(dir: &Path, variant: &str, options: &str, moves: &str) -> std::path::PathBuf {
    let path = dir.join(format!("{variant}.toml"));
    let text = format!(
        "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"{variant}\"\n{options}\n\
         [[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n\n\
         [record]\nmoves = {moves}\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// Every text the last frame drew.
fn shown(v: &Value) -> Vec<String> {
    v["shown"].as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default()
}

fn moves(v: &Value) -> usize {
    v["moves"].as_array().map_or(0, Vec::len)
}

/// Plays Bx2b by clicks (8h = b2, 2b = h8 in the plugin's cell names),
/// takes the chooser's `pick`, then Sx2b (3a = g9); returns the layout.
fn bishop_trade(gui: &mut Window, promoted: &str, declined: &str, pick: &str, shot: &str) -> Value {
    let first = gui.layout("the opening replayed", |v| moves(v) == 2);
    gui.click_at(&first["cells"]["b2"]);
    gui.click_at(&first["cells"]["h8"]);
    let (yes, no) = (format!("choose:{promoted}"), format!("choose:{declined}"));
    let chooser =
        gui.layout("the promotion chooser", |v| v["buttons"][&yes].is_array() && v["buttons"][&no].is_array());
    gui.screenshot(&artifact(shot));
    // The chooser draws both forms of the bishop: the promoted one's
    // kanji in red, the other's in black.
    let red = [0xc4, 0x16, 0x1c];
    let (on_yes, on_no) = (count_near(gui, &chooser, &yes, WHOLE, red), count_near(gui, &chooser, &no, WHOLE, red));
    assert!(on_yes > 20 && on_no < 5, "red pixels: {on_yes} on {promoted}, {on_no} on {declined}");
    gui.click_at(&chooser["buttons"][if pick == "+" { &yes } else { &no }]);
    let after = gui.layout("the bishop's capture", |v| moves(v) == 3);
    if pick == "+" {
        // The horse on 2b (h8) has red kanji; the gote pieces black ones.
        let red = count_near(gui, &after, "h8", WHOLE, [0xc4, 0x16, 0x1c]);
        assert!(red > 20, "the promoted bishop shows {red} red pixels");
        let silver = count_near(gui, &after, "g9", WHOLE, [0xc4, 0x16, 0x1c]);
        assert!(silver < 5, "gote's silver shows {silver} red pixels");
    }
    gui.click_at(&after["cells"]["g9"]);
    gui.click_at(&after["cells"]["h8"]);
    gui.layout("the silver's recapture", |v| moves(v) == 4)
}

#[test]
fn shogi_reads_as_its_players_expect_in_both_notations() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();

    let western = config(dir.path(), "shogi", "", OPENING);
    let mut gui = Window::open(&tabula_binary(), &western, dir.path());
    let start = gui.layout("the board", |v| moves(v) == 2 && !shown(v).is_empty());
    let texts = shown(&start);
    for label in ["9", "1", "一", "九"] {
        assert!(texts.iter().any(|t| t == label), "no coordinate {label} drawn: {texts:?}");
    }
    // Files run 9 to 1 from the left, ranks 一 to 九 from the top: the
    // cell a9 (Fairy-Stockfish's name) is 9一, top left.
    let (a9, i1) = (&start["cells"]["a9"], &start["cells"]["i1"]);
    assert!(a9[0].as_f64() < i1[0].as_f64() && a9[1].as_f64() < i1[1].as_f64(), "{a9} {i1}");
    let end = bishop_trade(&mut gui, "Bx2b+", "Bx2b=", "+", "gui-shogi-chooser.png");
    let texts = shown(&end);
    for m in ["P-7f", "P-3d", "Bx2b+", "Sx2b"] {
        assert!(texts.iter().any(|t| t.contains(m)), "the move list has no {m}: {texts:?}");
    }
    gui.screenshot(&artifact("gui-shogi-western.png"));
    drop(gui);

    let japanese = config(dir.path(), "shogi", "shogi_notation = \"japanese\"", OPENING);
    let mut gui = Window::open(&tabula_binary(), &japanese, dir.path());
    let end = bishop_trade(&mut gui, "２二角成", "２二角不成", "=", "gui-shogi-chooser-japanese.png");
    let texts = shown(&end);
    for m in ["７六歩", "３四歩", "２二角不成", "同銀"] {
        assert!(texts.iter().any(|t| t.contains(m)), "the move list has no {m}: {texts:?}");
    }
    gui.screenshot(&artifact("gui-shogi-japanese.png"));
}

#[test]
fn janggi_and_makruk_are_drawn_in_their_styles() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    for variant in ["janggi", "makruk"] {
        let path = config(dir.path(), variant, "", "[]");
        let mut gui = Window::open(&tabula_binary(), &path, dir.path());
        let v = gui.layout("the board", |v| v["pieces"].as_object().is_some_and(|p| p.len() == 32));
        gui.screenshot(&artifact(&format!("gui-{variant}.png")));
        if variant == "janggi" {
            // Cho's general (e2) wears Cho's blue characters.
            let blue = count_near(&gui, &v, "e2", WHOLE, [0x14, 0x5a, 0x8c]);
            assert!(blue > 20, "janggi: Cho's general shows {blue} blue pixels");
        } else {
            // Black's king stands on a plinth wider than a disc would be:
            // its corner is dark where a disc leaves the board showing.
            let corner = Spot { dx: -0.2, dy: 0.34, half: 0.04 };
            let dark = count_near(&gui, &v, "e8", corner, [0x2e, 0x2a, 0x26]);
            assert!(dark > 4, "makruk: black's king shows {dark} dark pixels at its plinth's corner");
        }
    }
}

/// Where to look on a cell: an offset from its centre and a half-size,
/// in cells.
struct Spot {
    dx: f64,
    dy: f64,
    half: f64,
}

/// Most of a cell.
const WHOLE: Spot = Spot { dx: 0.0, dy: 0.0, half: 0.4 };

/// How many pixels of `spot` on `cell` are within 40 of `rgb`, in a
/// screenshot of the window.
fn count_near(gui: &Window, layout: &Value, cell: &str, spot: Spot, rgb: [u8; 3]) -> usize {
    let shot = artifact("gui-shogi-probe.ppm");
    gui.screenshot(&shot);
    let data = std::fs::read(&shot).unwrap();
    let (width, step, pixels) = ppm(&data);
    let geometry = gui.xdotool(&["search", "--name", "Tabula", "getwindowgeometry"]);
    let at = geometry.lines().find_map(|l| l.trim().strip_prefix("Position: ")).expect("the window's position");
    let (ox, oy) = at.split_once(' ').map_or(at, |(p, _)| p).split_once(',').expect("x,y");
    let (ox, oy): (f64, f64) = (ox.parse().unwrap(), oy.parse().unwrap());
    let xy = |c: &Value| (c[0].as_f64().unwrap(), c[1].as_f64().unwrap());
    let pitch = (xy(&layout["cells"]["a1"]).1 - xy(&layout["cells"]["a2"]).1).abs();
    // A cell, or a button (`choose:…`) whose box is about a cell.
    let at = if cell.contains(':') { &layout["buttons"][cell] } else { &layout["cells"][cell] };
    let (x, y) = xy(at);
    let (cx, cy) = (x + ox + spot.dx * pitch, y + oy + spot.dy * pitch);
    let r = (pitch * spot.half) as i64;
    let mut count = 0;
    for y in (cy as i64 - r)..=(cy as i64 + r) {
        for x in (cx as i64 - r)..=(cx as i64 + r) {
            let i = (y as usize * width + x as usize) * 3 * step;
            // The high byte of each sample (16-bit PPMs are big-endian).
            let near = (0..3).all(|c| (pixels[i + c * step] as i32 - rgb[c] as i32).abs() <= 40);
            count += usize::from(near);
        }
    }
    count
}

/// A binary PPM's width, bytes per sample and RGB samples.
fn ppm(data: &[u8]) -> (usize, usize, &[u8]) {
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while data[i].is_ascii_whitespace() {
            i += 1;
        }
        if data[i] == b'#' {
            while data[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        while !data[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&data[start..i]).to_string());
    }
    assert_eq!(fields[0], "P6", "not a binary PPM");
    let step = if fields[3].parse::<u32>().unwrap() > 255 { 2 } else { 1 };
    (fields[1].parse().unwrap(), step, &data[i + 1..])
}
