//! Text diagrams of real chess positions, drawn by the host's generic ASCII
//! renderer from the plugin's geometry and pieces (loaded through the host's
//! own loader), kept as insta snapshots in the top-level `snapshots/`.

use std::sync::Arc;

use rules_api::PluginKind;
use tabula::ascii::render_position;
use tabula::plugins::{find_plugin, PluginDirs};
use tabula::session::Session;

fn diagram(start: &str, moves: &str) -> String {
    let plugin = find_plugin("chess", PluginKind::RULES, &PluginDirs::new([])).expect("the chess plugin is built");
    let rules = Arc::new(plugin.new_rules(&[]).expect("default options"));
    let mut session = Session::new(rules, start).expect("valid start");
    session.play_all(moves.split_whitespace()).expect("legal moves");
    let board = render_position(session.rules(), session.info(), session.position()).expect("renders");
    let status = match session.result().expect("status") {
        Some(r) => r.describe(session.info()),
        None => "ongoing".to_string(),
    };
    let last = session.history().last().map_or("-", |m| m.standard.as_str()).to_string();
    format!("{board}last move: {last}\nstatus: {status}\n")
}

fn check(name: &str, start: &str, moves: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(format!("start: {}; moves: {moves}", if start.is_empty() { "standard" } else { start }));
    settings.bind(|| insta::assert_snapshot!(name, diagram(start, moves)));
}

#[test]
fn kingside_castling() {
    check("chess_castle_kingside", "", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
}

#[test]
fn queenside_castling() {
    check("chess_castle_queenside", "", "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8");
}

#[test]
fn en_passant_capture() {
    check("chess_en_passant", "", "e2e4 a7a6 e4e5 d7d5 e5d6");
}

#[test]
fn promotion() {
    check("chess_promotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q");
}

#[test]
fn scholars_mate() {
    check("chess_scholars_mate", "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
}

#[test]
fn stalemate() {
    check("chess_stalemate", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "f1f7");
}
