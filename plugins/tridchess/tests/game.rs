//! The kit's checks: the conformance suite from the start and from open
//! positions (boards on the move, castling, en passant, promotion near),
//! and perft from the data file (counts cross-checked by the Python
//! reference, tests/reference/tridchess_reference.py --perft).

mod common;

use tabula_kit::conformance::{run, run_from, Budget};

#[test]
fn keeps_the_position_contract() {
    let report = run(&common::rules(), &Budget { playouts: 6, max_plies: 160, deep_checks: 8, ..Budget::default() });
    report.assert_ok();
    assert!(report.moves_checked > 100, "{report}");
}

#[test]
fn keeps_the_contract_with_boards_castling_en_passant_and_promotion_about() {
    let starts = [
        // Open boards with single pawns on them, rights to castle both ways.
        "4/4/1P1P/1B2|4/1n2/4/4|4/p1p1/4/4 QL1w:P1/R1,QL6b:r1/p1,KL1w:P1/KR,KL6b:kr/2 w KQkq - - 0 12",
        // A pawn one step from promotion on a board, the other on a level.
        "4/4/4/4|4/4/4/4|4/2P1/4/4 QL4w:1P/2,QL5b:2/2,KL1w:2/K1,KL6b:k1/2 w - - - 0 40",
        // Black's king shut in on its own board by its own men.
        "4/4/4/4|4/4/4/4|4/4/4/2R1 QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:kr/pp w - - - 0 30",
    ];
    let report = run_from(
        &common::rules(),
        &starts,
        &Budget { playouts: 9, max_plies: 120, deep_checks: 8, ..Budget::default() },
    );
    report.assert_ok();
    assert!(report.games_finished > 0, "{report}");
}

#[test]
fn perft_matches_the_data_file() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    let summary = tabula_kit::perft::check_file(&common::rules(), data, 2_000_000).unwrap();
    assert!(summary.checked >= 10, "{summary:?}");
}
