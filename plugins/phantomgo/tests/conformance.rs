//! The kit's contract tests, views and samples included.

use rules_api::plugin::rules_box;
use rules_api::{RString, Tuple2};
use tabula_kit::conformance::{run, run_from, Budget};
use tabula_phantomgo::PhantomGoRules;

fn rules(size: &str) -> rules_api::RulesBox {
    let options = vec![Tuple2(RString::from("size"), RString::from(size))].into();
    rules_box(PhantomGoRules::from_options(&options).expect("valid options"))
}

#[test]
fn phantom_go_passes_the_conformance_suite() {
    let report = run(&rules("9"), &Budget { playouts: 6, max_plies: 300, ..Budget::default() });
    report.assert_ok();
    assert!(report.hidden_positions > 30, "{report}");
}

#[test]
fn small_boards_with_known_stones_and_refusals_pass_too() {
    let starts = ["xo.../.x.../...../...../..... w 0 - | - A5 -", "xxo../x.o../oo.../...../..... b 0 - | C5 - -"];
    let report = run_from(&rules("5"), &starts, &Budget { playouts: 6, max_plies: 200, ..Budget::default() });
    report.assert_ok();
}
