//! The kit's contract suite on both rule sets, from the start and from
//! positions random games rarely reach (flying kings, lone-king endings),
//! and perft from the data files, whose counts the references confirm
//! (`tests/reference/draughts_reference.py`).

mod common;

use common::rules;
use tabula_draughts::Rule;
use tabula_kit::conformance::{run, run_from, Budget};

#[test]
fn international_keeps_the_position_contract() {
    run(&rules(Rule::International), &Budget::default()).assert_ok();
}

#[test]
fn english_keeps_the_position_contract() {
    run(&rules(Rule::English), &Budget::default()).assert_ok();
}

#[test]
fn endings_with_kings_keep_the_position_contract() {
    let budget = Budget { playouts: 8, ..Budget::default() };
    let international = ["W:WK46,K47,K48:BK5", "B:WK46,28,33:BK3,K4,19,24", "W:WK28,37:BK14,K23,12"];
    run_from(&rules(Rule::International), &international, &budget).assert_ok();
    let english = ["B:WK29,K30,21:BK1,K2,12", "W:WK18,K27:BK14,K15"];
    run_from(&rules(Rule::English), &english, &budget).assert_ok();
}

#[test]
fn perft_counts_match_the_data_files() {
    for (rule, file) in
        [(Rule::International, "tests/data/perft-international.epd"), (Rule::English, "tests/data/perft-english.epd")]
    {
        let summary = tabula_kit::perft::check_file(&rules(rule), file, 200_000).unwrap_or_else(|e| panic!("{e}"));
        assert!(summary.checked >= 10, "{file}: only {summary:?}");
    }
}
