//! Perft over tries (refused ones included) on the empty 9×9 and 5×5
//! boards, counts from OpenSpiel's `phantom_go` (`tests/data`).

use rules_api::plugin::rules_box;
use rules_api::{RString, Tuple2};
use tabula_kit::perft::check_file;
use tabula_phantomgo::PhantomGoRules;

fn check(size: &str) {
    let options = vec![Tuple2(RString::from("size"), RString::from(size))].into();
    let rules = rules_box(PhantomGoRules::from_options(&options).expect("valid options"));
    let path = format!("{}/tests/data/perft-{size}.epd", env!("CARGO_MANIFEST_DIR"));
    let summary = check_file(&rules, &path, 1_000_000).unwrap_or_else(|e| panic!("{e}"));
    assert!(summary.checked >= 3, "too few depths checked: {summary:?}");
}

#[test]
fn perft_on_nine_by_nine_matches_openspiel() {
    check("9");
}

#[test]
fn perft_on_five_by_five_matches_openspiel() {
    check("5");
}
