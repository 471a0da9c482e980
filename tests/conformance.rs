//! Every rules plugin passes the kit's conformance suite through its loaded
//! `.so`, found by name the way the host finds it.

use tabula_kit::conformance::{run, Budget};
use tabula_suite::diagram::load;

fn conform(name: &str, options: &[(&str, &str)], budget: Budget) {
    let report = run(&load(name, options), &Budget { seed: 0x7AB1_2024, transposition_tries: 400, ..budget });
    report.assert_ok();
    assert!(report.positions > 100, "{name}: walked too little:\n{report}");
    assert!(report.moves_checked > 100, "{name}: checked too few moves:\n{report}");
    assert!(report.transpositions > 0, "{name}: no transposition found to compare hashes:\n{report}");
}

fn budget(playouts: usize, max_plies: usize, deep_checks: usize) -> Budget {
    Budget { playouts, max_plies, deep_checks, ..Budget::default() }
}

#[test]
fn chess_conforms() {
    conform("chess", &[], budget(30, 300, 40));
}

#[test]
fn xiangqi_conforms() {
    conform("xiangqi", &[], budget(20, 300, 30));
}

#[test]
fn xiangqi_with_latin_pieces_and_chinese_notation_conforms() {
    conform("xiangqi", &[("pieces", "latin"), ("notation", "chinese")], budget(6, 200, 20));
}

#[test]
fn gomoku_freestyle_conforms() {
    conform("gomoku", &[], budget(10, 230, 6));
}

#[test]
fn gomoku_renju_conforms() {
    conform("gomoku", &[("rule", "renju")], budget(10, 230, 6));
}

#[test]
fn gomoku_standard_on_a_small_board_conforms() {
    // A 7×7 board fills up, so the "board full" draw is reached too.
    conform("gomoku", &[("rule", "standard"), ("size", "7")], budget(30, 60, 10));
}

#[test]
fn the_tutorial_passes_tabula_conform_as_a_loaded_library() {
    let out = tabula_suite::fixtures::tabula(&["conform", "--rules", "tictactoe", "--games", "20"]);
    let text = tabula_suite::fixtures::stdout(&out);
    assert!(out.status.success(), "{text}{}", tabula_suite::fixtures::stderr(&out));
    let all = format!("all {} checks passed", tabula_kit::conformance::Check::ALL.len());
    assert!(text.contains(&all) && text.contains("finished 20 of 20 random games"), "{text}");
}

#[test]
fn tabula_conform_fails_a_broken_game_and_says_which_check() {
    // A position text tic-tac-toe refuses: the suite's setup check fails,
    // the report names it and the command exits non-zero.
    let out = tabula_suite::fixtures::tabula(&["conform", "--rules", "tictactoe", "--position", "xxx/xxx/xxx"]);
    let text = tabula_suite::fixtures::stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL") && text.contains("setup") && text.contains("xxx/xxx/xxx"), "{text}");
}

#[test]
fn go_conforms_on_nine_by_nine_with_handicap() {
    conform("go", &[("size", "9"), ("handicap", "2")], budget(8, 250, 10));
}
