//! Phantom tic-tac-toe passes the kit's checks (conformance with its view
//! checks, perft against OpenSpiel's counts) and keeps the published rules:
//! each player sees only their own marks; a try on the opponent's hidden
//! mark is refused, shows the mover that mark and leaves them to move
//! again, and tells the opponent nothing.

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_kit::conformance::{run, Budget};
use tabula_phantomttt::PhantomTicTacToe;

fn rules() -> RulesBox {
    rules_box(PhantomTicTacToe::new(&Default::default()).unwrap())
}

fn after(moves: &str) -> PositionBox {
    let rules = rules();
    let mut position = rules.start().unwrap();
    for text in moves.split_whitespace() {
        let m = position.read_move(text, Notation::COORDINATE).unwrap();
        position.play(m).unwrap();
    }
    position
}

fn names(position: &PositionBox) -> Vec<String> {
    position.moves().unwrap().into_iter().map(|m| position.notate(m, Notation::COORDINATE).unwrap()).collect()
}

/// Every viewer's picture of a position, for the snapshots.
fn views(position: &PositionBox) -> String {
    let rules = rules();
    let (geometry, info) = (rules.board().unwrap(), rules.game_info().unwrap());
    [(0, "x"), (1, "o"), (SPECTATOR, "spectator")]
        .iter()
        .map(|&(viewer, name)| {
            let pieces = position.view_piece_list(viewer).unwrap();
            let text = position.view_string(viewer).unwrap();
            let told = position.announcement_for(viewer).unwrap();
            let diagram = tabula_kit::diagram::render(&geometry, &info, &pieces, &[]);
            format!("{name} sees `{text}` (told: '{told}')\n{diagram}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn keeps_the_position_contract_and_the_view_checks() {
    let report = run(&rules(), &Budget::default());
    report.assert_ok();
    assert!(report.games_finished > 0 && report.hidden_positions > 20, "{report}");
}

#[test]
fn perft_matches_openspiel() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    tabula_kit::perft::check_file(&rules(), data, u64::MAX).unwrap();
}

#[test]
fn a_try_on_a_hidden_mark_is_refused_and_the_mover_moves_again() {
    let before = after("b2 a1");
    assert!(names(&before).contains(&"a1".to_string()), "x does not see o on a1, so may try it");
    let refused = after("b2 a1 a1");
    assert_eq!(refused.side_to_move(), 0, "x moves again");
    assert_eq!(refused.text().unwrap(), ".../.x./O..", "o's mark is now known to x");
    assert!(!names(&refused).contains(&"a1".to_string()));
    assert_eq!(refused.view_string(0).unwrap(), ".../.x./o.. x 1 1 *");
    assert_eq!(refused.view_string(1).unwrap(), before.view_string(1).unwrap(), "o is told nothing");
    assert_eq!(refused.announcement_for(0).unwrap(), "a1 is taken by o: move again");
    assert_eq!(refused.announcement_for(1).unwrap(), "");
}

#[test]
fn each_player_sees_only_their_marks_and_the_ones_they_found() {
    let position = after("b2 a1 a1 c3 b2 c1");
    insta::assert_snapshot!(views(&position));
}

#[test]
fn the_opponent_reads_a_move_as_a_question_mark() {
    let position = after("b2");
    let m = position.read_move("a1", Notation::COORDINATE).unwrap();
    assert_eq!(position.notate_for(m, Notation::STANDARD, 1).unwrap(), "a1");
    assert_eq!(position.notate_for(m, Notation::STANDARD, 0).unwrap(), "?");
    assert_eq!(position.notate_for(m, Notation::STANDARD, SPECTATOR).unwrap(), "?");
}

#[test]
fn a_win_the_loser_cannot_see_is_still_announced() {
    // o on a1 b1 c1 without x ever finding one: x is told the result only.
    let position = after("a3 a1 b3 b1 a2 c1");
    assert_eq!(position.outcome().unwrap().winner, 1);
    assert_eq!(position.view_string(0).unwrap(), "xx./x../... x 3 3 0-1");
    assert!(position.view_highlight_list(0).unwrap().is_empty(), "x does not see the line");
    assert_eq!(position.view_highlight_list(1).unwrap().len(), 3);
}

#[test]
fn samples_place_the_hidden_marks_everywhere_they_may_be_and_nowhere_else() {
    // x has b2; o has one mark x has not found, on any of the other 8 cells.
    let position = after("b2 a1");
    let mut where_o = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let sample = position.sample_for(0, seed).unwrap();
        assert_eq!(sample.view_string(0).unwrap(), position.view_string(0).unwrap());
        let o: Vec<u16> = sample.piece_list().unwrap().iter().filter(|p| p.owner == 1).map(|p| p.cell).collect();
        assert_eq!(o.len(), 1);
        where_o.insert(o[0]);
    }
    assert_eq!(where_o.into_iter().collect::<Vec<_>>(), vec![0, 1, 2, 3, 5, 6, 7, 8]);
}

#[test]
fn a_sample_never_gives_the_side_that_did_not_win_a_line() {
    // x to move, o has two hidden marks: no sample may give o three in a row.
    let position = after("b2 a1 c3 c1");
    for seed in 0..300 {
        assert!(position.sample_for(0, seed).unwrap().outcome().unwrap().is_ongoing(), "seed {seed}");
    }
}

#[test]
fn a_view_reads_back_into_a_sample_and_bad_views_are_refused() {
    let rules = rules();
    let sample = rules.position_for_view(".../.x./o.. x 1 1 *", 7).unwrap();
    assert_eq!(sample.view_string(0).unwrap(), ".../.x./o.. x 1 1 *");
    for (text, why) in [
        (".../.x./o..", "ROWS VIEWER"),
        (".../.x./o.. z 1 1 *", "viewer 'z'"),
        (".../.x./o.. x 2 1 *", "x has 2"),
        (".../.../... x 0 2 *", "x moves first"),
        ("xxx/.../... x 3 2 *", "no position fits"),
        ("x../.../... - 1 0 *", "spectator sees no mark"),
        (".../.x./o.. x 1 1 2-0", "result '2-0'"),
    ] {
        let err = rules.position_for_view(text, 0).err().unwrap_or_else(|| panic!("{text} accepted"));
        assert!(err.message.contains(why), "{text}: {err}");
    }
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    for (text, why) in [
        ("xxx/o../", "three rows"),
        ("xxz/o../...", "'z'"),
        ("xxx/.../...", "x moves first"),
        ("xXx/ooo/...", "went on"),
    ] {
        let err = rules().position(text).err().unwrap_or_else(|| panic!("{text} accepted"));
        assert!(err.message.contains(why), "{text}: {err}");
    }
}
