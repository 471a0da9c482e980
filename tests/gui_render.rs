//! Image snapshots of the GUI's board renderer: real plugins, real
//! positions, drawn by `tabula_gui::render_image` through SDL2's software
//! renderer and compared with the PNGs under `snapshots/images/`.
//!
//! Set `TABULA_UPDATE_SNAPSHOTS=1` to (re)write the stored images after a
//! deliberate change; look at them before committing.

use std::path::PathBuf;
use std::sync::Arc;

use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::Session;
use tabula_gui::{read_png, render_image, write_png, Image};

/// Mean absolute difference per channel allowed (0..255): small enough to
/// catch a moved piece or a missing line, large enough for rounding noise.
const MAX_MEAN_DIFF: f64 = 0.6;
/// Fraction of pixels allowed to differ by more than 48 in some channel.
const MAX_CHANGED_FRACTION: f64 = 0.004;

fn snapshot_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots").join("images")
}

fn session(rules: &str, moves: &str) -> Session {
    session_with(rules, &[], moves)
}

fn session_with(rules: &str, options: &[(&str, &str)], moves: &str) -> Session {
    let plugin = find_plugin(rules, rules_api::PluginKind::RULES, &PluginDirs::new([]))
        .unwrap_or_else(|e| panic!("{e}\n(build the plugins first: cargo build --release --workspace)"));
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let rules = Arc::new(plugin.new_rules(&options).expect("the options"));
    let mut session = Session::new(rules, "").expect("start position");
    session.play_all(moves.split_whitespace()).expect("the moves are legal");
    session
}

fn check(name: &str, rules: &str, moves: &str) {
    check_session(name, &session(rules, moves));
}

fn check_session(name: &str, s: &Session) {
    let image = render_image(s.rules(), s.position(), 640, 480).expect("render");
    let stored = snapshot_dir().join(format!("{name}.png"));
    let artifact =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts").join(format!("{name}.png"));
    write_png(&image, &artifact).expect("write artifact");
    if std::env::var_os("TABULA_UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") || !stored.exists() {
        write_png(&image, &stored).expect("write snapshot");
        if std::env::var_os("TABULA_UPDATE_SNAPSHOTS").is_none() {
            panic!("{} did not exist and was written: look at it, then run again", stored.display());
        }
        return;
    }
    let expected: Image = read_png(&stored).expect("read snapshot");
    let diff = image.mean_abs_diff(&expected).unwrap_or_else(|| {
        panic!(
            "{name}: size {}x{} differs from the snapshot's {}x{}",
            image.width, image.height, expected.width, expected.height
        )
    });
    let changed = image.fraction_differing(&expected, 48).expect("same size");
    assert!(
        diff <= MAX_MEAN_DIFF && changed <= MAX_CHANGED_FRACTION,
        "{name}: mean difference {diff:.3} (max {MAX_MEAN_DIFF}), {:.3}% of pixels changed (max {:.3}%); \
         new image at {}; rerun with TABULA_UPDATE_SNAPSHOTS=1 if the change is intended",
        changed * 100.0,
        MAX_CHANGED_FRACTION * 100.0,
        artifact.display()
    );
}

#[test]
fn chess_start() {
    check("chess-start", "chess", "");
}

#[test]
fn chess_mate_shows_the_check() {
    check("chess-mate", "chess", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
}

#[test]
fn xiangqi_start() {
    check("xiangqi-start", "xiangqi", "");
}

#[test]
fn xiangqi_midgame() {
    check("xiangqi-midgame", "xiangqi", "h2e2 h9g7 h0g2 i9h9 e2e6 b9c7");
}

#[test]
fn gomoku_start() {
    check("gomoku-start", "gomoku", "");
}

#[test]
fn gomoku_win_shows_the_line() {
    check("gomoku-win", "gomoku", "h8 a1 i8 a2 j8 a3 k8 b4 l8");
}

#[test]
fn oware_writes_the_seeds_in_the_pits_and_stores() {
    check("oware-midgame", "oware", "C e F");
}

#[test]
fn connect_four_discs_fill_columns_from_the_bottom() {
    check("connectfour-midgame", "connectfour", "4 4 3 5 4");
}

#[test]
fn chinese_checkers_for_six_players() {
    check_session("chinesecheckers-six", &session_with("chinesecheckers", &[("players", "6")], ""));
}

#[test]
fn draughts_start() {
    check("draughts-start", "draughts", "");
}

#[test]
fn a_different_position_fails_the_comparison() {
    // The tolerance must not hide a real change: one pawn move is caught.
    let a = session("chess", "");
    let b = session("chess", "e2e4");
    let ia = render_image(a.rules(), a.position(), 640, 480).unwrap();
    let ib = render_image(b.rules(), b.position(), 640, 480).unwrap();
    let changed = ia.fraction_differing(&ib, 48).unwrap();
    let diff = ia.mean_abs_diff(&ib).unwrap();
    assert!(changed > MAX_CHANGED_FRACTION || diff > MAX_MEAN_DIFF, "one move changed only {changed} / {diff}");
}

#[test]
fn render_png_writes_a_readable_file() {
    let s = session("gomoku", "h8");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("test-artifacts");
    let out = dir.join("render-png-check.png");
    tabula_gui::render_png(s.rules(), s.position(), 320, 200, &out).unwrap();
    let back = read_png(&out).unwrap();
    assert_eq!((back.width, back.height), (320, 200));
}
