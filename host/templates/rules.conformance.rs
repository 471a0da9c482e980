//! The conformance suite of tabula-kit on the game, linked directly: the
//! same checks `tabula conform` runs on the built library.

use rules_api::plugin::rules_box;
use tabula_kit::conformance::{run, Budget};

#[test]
fn the_game_keeps_the_position_contract() {
    let rules = rules_box({{lib}}::{{Type}}::new(&Default::default()).expect("the game builds without options"));
    run(&rules, &Budget::default()).assert_ok();
}
