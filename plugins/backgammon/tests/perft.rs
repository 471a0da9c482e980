//! Perft: the start position's counts from the data file (checked against
//! OpenSpiel), and the plies the cube adds.

use rules_api::plugin::rules_box;
use rules_api::RulesExt;
use tabula_backgammon::{Backgammon, Config};

#[test]
fn perft_counts_match_the_data_file() {
    let rules = rules_box(Backgammon::with(Config::default()));
    let summary = tabula_kit::perft::check_file(&rules, "tests/data/perft.txt", u64::MAX).unwrap();
    assert!(summary.positions >= 1);
}

#[test]
fn the_cube_adds_a_choice_before_each_roll() {
    // After the opening roll (30) and play (380 in all), black may double
    // or roll (760); a double is taken or dropped, a roll is one of 21:
    // 380 * (2 + 21).
    let rules = rules_box(Backgammon::with(Config { cube: true, jacoby: false }));
    let mut p = rules.start().unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| tabula_kit::perft::perft(&mut p, d).unwrap()).collect();
    assert_eq!(counts, vec![30, 380, 760, 380 * 23]);
}
