//! Text diagrams of real positions, drawn by the host's generic ASCII
//! renderer from a plugin's geometry and pieces (loaded through the host's
//! own loader), checked as insta snapshots in the top-level `snapshots/`.

use std::sync::Arc;

use rules_api::PluginKind;
use tabula_core::ascii::render_position;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::Session;

/// The diagram after `moves` (coordinate notation) from `start` (empty for
/// the start position), with the last move and the status below it.
pub fn diagram(rules: &str, options: &[(&str, &str)], start: &str, moves: &str) -> String {
    let plugin = find_plugin(rules, PluginKind::RULES, &PluginDirs::new([]))
        .unwrap_or_else(|e| panic!("the {rules} plugin must be built: {e}"));
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let rules = Arc::new(plugin.new_rules(&options).expect("valid options"));
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

/// Checks the diagram against the stored snapshot `name`.
pub fn check(name: &str, rules: &str, options: &[(&str, &str)], start: &str, moves: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(format!(
        "{rules} {options:?}; start: {}; moves: {moves}",
        if start.is_empty() { "standard" } else { start }
    ));
    settings.bind(|| insta::assert_snapshot!(name, diagram(rules, options, start, moves)));
}
