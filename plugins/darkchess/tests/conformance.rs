//! The kit's contract tests, views and samples included.

use rules_api::plugin::rules_box;
use tabula_darkchess::DarkChessRules;
use tabula_kit::conformance::{run, run_from, Budget};

#[test]
fn dark_chess_passes_the_conformance_suite() {
    let rules = rules_box(DarkChessRules);
    let report = run(&rules, &Budget { playouts: 8, ..Budget::default() });
    report.assert_ok();
    assert!(report.hidden_positions > 50, "{report}");
}

#[test]
fn castling_en_passant_and_promotion_positions_pass_too() {
    let rules = rules_box(DarkChessRules);
    let starts = [
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
        "8/8/8/8/8/8/8/4K2k w - - 0 1",
    ];
    let report = run_from(&rules, &starts, &Budget { playouts: 6, ..Budget::default() });
    report.assert_ok();
}
