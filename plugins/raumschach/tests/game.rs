//! The kit's checks: the conformance suite from the start and from
//! open positions, and perft from the data file.

use rules_api::plugin::rules_box;
use tabula_kit::conformance::{run, run_from, Budget};
use tabula_raumschach::Raumschach;

fn rules() -> rules_api::RulesBox {
    rules_box(Raumschach::default())
}

#[test]
fn keeps_the_position_contract() {
    let report = run(&rules(), &Budget { playouts: 8, max_plies: 200, deep_checks: 10, ..Budget::default() });
    report.assert_ok();
    assert!(report.moves_checked > 100, "{report}");
}

#[test]
fn keeps_the_contract_near_mates_promotions_and_draws() {
    let starts = [
        "5/5/5/5/5|5/5/5/5/5|5/5/2K2/5/5|5/5/5/5/1Q3|k4/4p/5/5/5 w 0 1",
        "5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|P4/5/5/5/5|4k/5/5/5/5 w 0 1",
        "r3r/1pkp1/5/5/5|5/2p2/5/1P3/5|1u1Q1/2N2/5/5/5|5/1P2p/2n2/5/B4|5/5/2P2/5/R1K1U w 0 30",
    ];
    let report =
        run_from(&rules(), &starts, &Budget { playouts: 12, max_plies: 150, deep_checks: 10, ..Budget::default() });
    report.assert_ok();
    assert!(report.games_finished > 0, "{report}");
}

#[test]
fn perft_matches_the_data_file() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    let summary = tabula_kit::perft::check_file(&rules(), data, 1_000_000).unwrap();
    assert!(summary.checked >= 14, "{summary:?}");
}
