//! The tutorial game passes the kit's checks: the conformance suite, perft
//! from its data file, and a snapshot of a won board.

use rules_api::plugin::rules_box;
use tabula_kit::conformance::{run, Budget};
use tabula_tictactoe::TicTacToe;

fn rules() -> rules_api::RulesBox {
    rules_box(TicTacToe::new(&Default::default()).unwrap())
}

#[test]
fn keeps_the_position_contract() {
    let report = run(&rules(), &Budget::default());
    report.assert_ok();
    assert!(report.games_finished > 0, "{report}");
}

#[test]
fn perft_matches_the_known_counts() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    tabula_kit::perft::check_file(&rules(), data, u64::MAX).unwrap();
}

#[test]
fn a_won_board() {
    let diagram = tabula_kit::diagram::diagram_after(&rules(), "", "a1 b1 b2 c1 c3").unwrap();
    insta::assert_snapshot!(diagram);
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    use rules_api::RulesExt;
    for (text, why) in [
        ("xxx/o../", "three rows"),
        ("xxz/o../...", "'z'"),
        ("xxx/.../...", "x moves first"),
        ("xxx/ooo/...", "went on"),
        ("ooo/xx./xx.", "went on"),
    ] {
        let err = rules().position(text).err().unwrap_or_else(|| panic!("{text} accepted"));
        assert!(err.message.contains(why), "{text}: {err}");
    }
}
