//! The position contract (views and samples included) on random games,
//! under every option that changes the rules.

use rules_api::plugin::rules_box;
use tabula_kit::conformance::{run, run_from, Budget};
use tabula_stratego::{Config, Numbering, Stratego};

fn budget() -> Budget {
    Budget { playouts: 6, max_plies: 260, deep_checks: 12, transposition_tries: 60, ..Budget::default() }
}

#[test]
fn keeps_the_contract_with_the_default_rules() {
    let report = run(&rules_box(Stratego::with(Config::default())), &budget());
    report.assert_ok();
    assert!(report.hidden_positions > 50, "{report}");
}

#[test]
fn keeps_the_contract_with_each_variant_rule() {
    let variants = [
        Config { two_squares: 3, ..Config::default() },
        Config { scout_strikes: false, numbering: Numbering::Classic, ..Config::default() },
        Config { random_setup: true, quiet_limit: 40, ..Config::default() },
    ];
    for config in variants {
        let report = run(&rules_box(Stratego::with(config)), &Budget { playouts: 3, ..budget() });
        report.assert_ok();
    }
}

/// Battle positions, so the per-move and view checks (the first plies of
/// each game) see strikes, scouts and the two-squares rule.
fn battles() -> Vec<String> {
    let text = std::fs::read_to_string("tests/data/battles.txt").unwrap();
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).map(str::to_string).collect()
}

#[test]
fn keeps_the_contract_in_the_battle() {
    let starts = battles();
    let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
    for config in [Config::default(), Config { two_squares: 3, scout_strikes: false, ..Config::default() }] {
        let budget = Budget { playouts: 8, max_plies: 3000, deep_checks: 40, ..budget() };
        let report = run_from(&rules_box(Stratego::with(config)), &starts, &budget);
        report.assert_ok();
        assert!(report.games_finished >= 1, "{report}");
    }
}
