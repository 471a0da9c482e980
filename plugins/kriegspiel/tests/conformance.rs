//! The kit's contract tests, views and samples included.

use rules_api::plugin::rules_box;
use tabula_kit::conformance::{run, run_from, Budget};
use tabula_kriegspiel::KriegspielRules;

#[test]
fn kriegspiel_passes_the_conformance_suite() {
    let report = run(&rules_box(KriegspielRules), &Budget { playouts: 6, max_plies: 300, ..Budget::default() });
    report.assert_ok();
    assert!(report.hidden_positions > 50, "{report}");
}

#[test]
fn castling_en_passant_promotion_and_refused_tries_pass_too() {
    let starts = [
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | tried e4e5 e4f5",
    ];
    let report =
        run_from(&rules_box(KriegspielRules), &starts, &Budget { playouts: 6, max_plies: 200, ..Budget::default() });
    report.assert_ok();
}
