//! The position contract (views and samples included) on random games,
//! with the default draw rule and without it.

use rules_api::plugin::rules_box;
use tabula_banqi::{Banqi, Config};
use tabula_kit::conformance::{run, Budget};

fn budget() -> Budget {
    Budget { playouts: 8, max_plies: 400, deep_checks: 20, transposition_tries: 60, ..Budget::default() }
}

#[test]
fn keeps_the_contract_with_the_default_rules() {
    let report = run(&rules_box(Banqi::with(Config::default())), &budget());
    report.assert_ok();
    assert!(report.hidden_positions > 50, "{report}");
    assert!(report.games_finished >= 1, "{report}");
}

#[test]
fn keeps_the_contract_without_the_draw_rule() {
    let report = run(&rules_box(Banqi::with(Config { no_progress: 0 })), &Budget { playouts: 4, ..budget() });
    report.assert_ok();
}
