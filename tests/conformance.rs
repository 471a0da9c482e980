//! Every rules plugin passes the shared conformance suite through its loaded
//! `.so`, found by name the way the host finds it.

use rules_api::{PluginKind, RulesBox};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_suite::conformance::{run, transpositions, Budget};

fn load(name: &str, options: &[(&str, &str)]) -> RulesBox {
    let plugin = find_plugin(name, PluginKind::RULES, &PluginDirs::new(Vec::new()))
        .unwrap_or_else(|e| panic!("cannot load rules plugin '{name}': {e}"));
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    plugin.new_rules(&options).unwrap_or_else(|e| panic!("cannot configure '{name}': {e}"))
}

fn conform(name: &str, options: &[(&str, &str)], budget: Budget) {
    let rules = load(name, options);
    let report = run(&rules, 0x7AB1_2024, budget);
    assert!(report.positions > 100, "{name}: walked too little: {report:?}");
    assert!(report.moves_checked > 100, "{name}: checked too few moves: {report:?}");
    let found = transpositions(&rules, 99, 400);
    assert!(found > 0, "{name}: no transposition found to compare hashes");
}

#[test]
fn chess_conforms() {
    conform("chess", &[], Budget { playouts: 30, max_plies: 300, deep_checks: 40 });
}

#[test]
fn xiangqi_conforms() {
    conform("xiangqi", &[], Budget { playouts: 20, max_plies: 300, deep_checks: 30 });
}

#[test]
fn xiangqi_with_latin_pieces_and_chinese_notation_conforms() {
    conform("xiangqi", &[("pieces", "latin"), ("notation", "chinese")], Budget { playouts: 6, max_plies: 200, deep_checks: 20 });
}

#[test]
fn gomoku_freestyle_conforms() {
    conform("gomoku", &[], Budget { playouts: 10, max_plies: 230, deep_checks: 6 });
}

#[test]
fn gomoku_renju_conforms() {
    conform("gomoku", &[("rule", "renju")], Budget { playouts: 10, max_plies: 230, deep_checks: 6 });
}

#[test]
fn gomoku_standard_on_a_small_board_conforms() {
    // A 7×7 board fills up, so the "board full" draw is reached too.
    conform("gomoku", &[("rule", "standard"), ("size", "7")], Budget { playouts: 30, max_plies: 60, deep_checks: 10 });
}
