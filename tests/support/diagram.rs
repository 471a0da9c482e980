//! Text diagrams of real positions, drawn by the kit's generic renderer
//! from a plugin's geometry and pieces (the plugin loaded through the
//! host's own loader), checked as insta snapshots in the top-level
//! `snapshots/`.

use rules_api::{PluginKind, RulesBox};
use tabula_core::plugins::{find_plugin, PluginDirs};

/// The rules plugin `rules`, built and found the way the host finds it.
pub fn load(rules: &str, options: &[(&str, &str)]) -> RulesBox {
    let plugin = find_plugin(rules, PluginKind::RULES, &PluginDirs::new([]))
        .unwrap_or_else(|e| panic!("the {rules} plugin must be built: {e}"));
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    plugin.new_rules(&options).unwrap_or_else(|e| panic!("cannot configure '{rules}': {e}"))
}

/// The diagram after `moves` (coordinate notation) from `start` (empty for
/// the start position), with the last move and the status below it.
pub fn diagram(rules: &str, options: &[(&str, &str)], start: &str, moves: &str) -> String {
    tabula_kit::diagram::diagram_after(&load(rules, options), start, moves).unwrap_or_else(|e| panic!("{e}"))
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
