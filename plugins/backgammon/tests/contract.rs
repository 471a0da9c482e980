//! The position contract on random games, with and without the cube.

use rules_api::plugin::rules_box;
use tabula_backgammon::{Backgammon, Config};
use tabula_kit::conformance::{run, Budget};

#[test]
fn keeps_the_position_contract_without_the_cube() {
    let budget = Budget { playouts: 8, max_plies: 600, deep_checks: 30, ..Budget::default() };
    let report = run(&rules_box(Backgammon::with(Config::default())), &budget);
    report.assert_ok();
    assert_eq!(report.games_finished, budget.playouts as u64, "random games end: {report}");
}

#[test]
fn keeps_the_position_contract_with_the_cube_and_the_jacoby_rule() {
    for jacoby in [false, true] {
        let budget = Budget { playouts: 8, max_plies: 600, deep_checks: 30, ..Budget::default() };
        let report = run(&rules_box(Backgammon::with(Config { cube: true, jacoby })), &budget);
        report.assert_ok();
        assert_eq!(report.games_finished, budget.playouts as u64, "random games end: {report}");
    }
}
