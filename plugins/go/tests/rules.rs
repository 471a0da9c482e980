//! Go's rules through the boundary: captures, suicide, ko and superko,
//! passes, handicap, the count with and without dead stones, text and
//! option errors, and the kit's conformance suite.

use rules_api::plugin::rules_box;
use rules_api::{
    HighlightKind, Move, MoveFlags, Notation, Options, PositionBox, PositionExt, PositionFlags, RSlice, RString, RVec,
    RulesBox, RulesExt, StatusKind, Tuple2,
};
use tabula_go::GoRules;
use tabula_kit::conformance::{run, run_from, Budget};

fn go(options: &[(&str, &str)]) -> RulesBox {
    let options: Options =
        options.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect::<Vec<_>>().into();
    rules_box(GoRules::from_options(&options).unwrap_or_else(|e| panic!("{e}")))
}

fn after(rules: &RulesBox, start: &str, moves: &str) -> PositionBox {
    let mut pos = if start.is_empty() { rules.start().unwrap() } else { rules.position(start).unwrap() };
    for m in moves.split_whitespace() {
        let mv = pos.read_move(m, Notation::COORDINATE).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv).unwrap();
    }
    pos
}

fn stones(pos: &PositionBox) -> usize {
    pos.piece_list().unwrap().len()
}

#[test]
fn a_surrounded_stone_is_captured_and_its_point_becomes_playable() {
    let rules = go(&[("size", "5")]);
    // White C3 surrounded by black B3, D3, C2, C4.
    let pos = after(&rules, "", "B3 C3 D3 A1 C2 A2 C4");
    assert_eq!(stones(&pos), 6, "{}", pos.text().unwrap());
    assert_eq!(pos.text().unwrap(), "...../..x../.x.x./o.x../o.... w 0 -");
    let infos = {
        let before = after(&rules, "", "B3 C3 D3 A1 C2 A2");
        let m = before.read_move("C4", Notation::COORDINATE).unwrap();
        before.infos(&[m]).unwrap()[0]
    };
    assert!(infos.flags.contains(MoveFlags::CAPTURE | MoveFlags::TACTICAL));
    // C3 is now empty but suicide for White.
    let err = pos.read_move("C3", Notation::COORDINATE).unwrap_err();
    assert!(err.to_string().contains("suicide"), "{err}");
}

#[test]
fn ko_cannot_be_retaken_at_once_but_can_after_a_move_elsewhere() {
    let rules = go(&[("size", "5")]);
    // White B3 has one liberty, C3; Black takes it there.
    let start = "...../.xo../xo.o./.xo../..... b 0 -";
    let pos = after(&rules, start, "C3");
    assert_eq!(pos.text().unwrap(), "...../.xo../x.xo./.xo../..... w 0 B3");
    let err = pos.read_move("B3", Notation::COORDINATE).unwrap_err();
    assert!(err.to_string().contains("superko"), "{err}");
    let marks = pos.highlight_list().unwrap();
    assert!(marks.iter().any(|h| h.kind == HighlightKind::FORBIDDEN && h.note.as_str() == "ko"));
    // After a ko threat and its answer, White may take back.
    let pos = after(&rules, start, "C3 E5 E4 B3");
    assert_eq!(pos.text().unwrap(), "....o/.xo.x/xo.o./.xo../..... b 0 C3");
}

#[test]
fn a_stone_that_captures_is_not_suicide() {
    let rules = go(&[("size", "3")]);
    let pos = rules.position("x../ox./.ox b 0 -").unwrap();
    let a1 = pos.read_move("A1", Notation::COORDINATE).unwrap();
    assert!(pos.infos(&[a1]).unwrap()[0].flags.contains(MoveFlags::CAPTURE));
    let pos = rules.position("x../ox./.ox w 0 -").unwrap();
    let err = pos.read_move("A1", Notation::COORDINATE).unwrap_err();
    assert!(err.to_string().contains("suicide"), "{err}");
    // Every empty point is surrounded by white chains with other liberties.
    let pos = rules.position(".o./o.o/.o. b 0 -").unwrap();
    assert_eq!(pos.moves().unwrap(), vec![Move::PASS]);
}

#[test]
fn a_chain_of_two_in_atari_puts_its_owner_in_check() {
    let rules = go(&[("size", "9")]);
    let text = "........./........./........./.oooo..../oxxxx..../.oooo..../........./........./......... b 0 -";
    let pos = rules.position(text).unwrap();
    assert!(pos.flags().contains(PositionFlags::IN_CHECK));
    let f5 = pos.read_move("F5", Notation::COORDINATE).unwrap();
    assert!(pos.infos(&[f5]).unwrap()[0].flags.contains(MoveFlags::TACTICAL), "an escape is tactical");
    let white = rules.position(&text.replace(" b ", " w ")).unwrap();
    assert!(!white.flags().contains(PositionFlags::IN_CHECK));
    let f5 = white.read_move("F5", Notation::COORDINATE).unwrap();
    assert!(white.infos(&[f5]).unwrap()[0].flags.contains(MoveFlags::CAPTURE));
}

#[test]
fn two_passes_end_the_game_with_the_area_count() {
    let rules = go(&[("size", "5"), ("komi", "0.5")]);
    let mut pos = after(&rules, "", "C3 pass");
    assert!(pos.outcome().unwrap().is_ongoing());
    assert!(pos.moves().unwrap().len() > 1);
    pos.play(Move::PASS).unwrap();
    let status = pos.outcome().unwrap();
    // Black's single stone owns the whole board: 25 against 0.5.
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "area count"));
    assert!(pos.moves().unwrap().is_empty());
    assert!(pos.flags().contains(PositionFlags::MARK_DEAD));
    let scores = pos.score_list().unwrap();
    assert_eq!((scores[0].points, scores[1].points), (25.0, 0.5));
    assert_eq!(pos.text().unwrap(), "...../...../..x../...../..... w 2 -");
    // Taking the pass back resumes the game.
    pos.undo().unwrap();
    assert!(pos.outcome().unwrap().is_ongoing());
    assert!(!pos.flags().contains(PositionFlags::MARK_DEAD));
}

#[test]
fn marking_a_stone_dead_takes_its_whole_chain_off_in_the_count() {
    let rules = go(&[("size", "5"), ("komi", "0.5")]);
    // Black wall on the c-file, White lives on the right, two black stones
    // in White's area are dead.
    let start = "..xo./..xo./..xox/..xox/..xo. b 2 -";
    let pos = rules.position(start).unwrap();
    let status = pos.outcome().unwrap();
    assert_eq!(status.winner, 0, "all alive: black 15 against white 9.5");
    let e2 = pos.read_move("E2", Notation::COORDINATE);
    assert!(e2.is_err(), "the game is over");
    let cell = |name: &str| -> u16 {
        let g = rules.board().unwrap();
        g.cells.iter().position(|c| c.name.as_str() == name).unwrap() as u16
    };
    let (mut marks, mut scores) = (RVec::new(), RVec::new());
    let status = pos.count_score(RSlice::from_slice(&[cell("E3")]), &mut marks, &mut scores).unwrap();
    // E3 and E2 (one chain) dead: White 5 stones + 5 territory + 0.5, Black 10 + 0 (c-file stones and a, b files).
    let dead: Vec<u16> = marks.iter().filter(|h| h.kind == HighlightKind::DEAD).map(|h| h.cell).collect();
    assert_eq!(dead, vec![cell("E2"), cell("E3")]);
    assert!(marks.iter().any(|h| h.kind == HighlightKind::TERRITORY && h.cell == cell("E3") && h.player == 1));
    assert!(marks.iter().any(|h| h.kind == HighlightKind::TERRITORY && h.cell == cell("A1") && h.player == 0));
    assert_eq!((scores[0].points, scores[1].points), (15.0, 10.5));
    assert_eq!((status.kind, status.winner), (StatusKind::WIN, 0));
    let err = pos.count_score(RSlice::from_slice(&[cell("A1")]), &mut marks, &mut scores).unwrap_err();
    assert!(err.to_string().contains("A1 has no stone"), "{err}");
}

#[test]
fn handicap_stones_stand_on_the_star_points_and_white_moves_first() {
    let rules = go(&[("size", "9"), ("handicap", "3")]);
    let pos = rules.start().unwrap();
    assert_eq!(pos.side_to_move(), 1);
    let text = "........./........./..x...x../........./........./........./..x....../........./......... w 0 -";
    assert_eq!(pos.text().unwrap(), text);
    assert_eq!(stones(&pos), 3);
    // White counts komi plus a point per handicap stone.
    let mut pos = pos;
    pos.play(Move::PASS).unwrap();
    pos.play(Move::PASS).unwrap();
    let scores: Vec<f32> = pos.score_list().unwrap().iter().map(|s| s.points).collect();
    assert_eq!(scores, [81.0, 10.5]);
    let bad = GoRules::from_options(
        &vec![Tuple2(RString::from("handicap"), RString::from("9")), Tuple2("size".into(), "7".into())].into(),
    );
    assert!(bad.err().unwrap().to_string().contains("at most 4"));
}

#[test]
fn bad_texts_and_options_are_refused_with_the_culprit_named() {
    let rules = go(&[("size", "5")]);
    let err = |t: &str| rules.position(t).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err("...../...../...../..... b").contains("expected 5 rows"));
    assert!(err("...../...../..q../...../..... b").contains("'q' at C3"));
    assert!(err("...../...../...../...../..... b 3").contains("0, 1 or 2"));
    assert!(err("...../...../...../...../..... b 0 Z9").contains("Z9"));
    assert!(err("xo.../o..../...../...../..... b 0 -").contains("no liberty"));
    assert!(err("...../...../..x../...../..... w 0 C3").contains("cannot be a ko point"));
    let opt = |k: &str, v: &str| {
        GoRules::from_options(&vec![Tuple2(RString::from(k), RString::from(v))].into()).err().map(|e| e.to_string())
    };
    assert!(opt("size", "30").unwrap().contains("'size'"));
    // Odd sizes 3 to 19, listed as choices so a New game form can offer them.
    assert!(opt("size", "25").unwrap().contains("3, 5, 7"));
    assert!(opt("size", "8").unwrap().contains("3, 5, 7"));
    let sizes = tabula_go::option_specs().into_iter().find(|s| s.name.as_str() == "size").unwrap().choices;
    assert!(["9", "13", "19"].iter().all(|s| sizes.iter().any(|c| c.as_str() == *s)) && sizes.len() == 9);
    assert!(opt("komi", "lots").unwrap().contains("'komi'"));
    assert!(opt("colour", "red").unwrap().contains("unknown option 'colour'"));
    assert!(opt("size", "9").is_none());
}

#[test]
fn moves_read_in_either_case_and_name_their_problem() {
    let rules = go(&[("size", "9")]);
    let pos = rules.start().unwrap();
    assert_eq!(pos.read_move("d4", Notation::COORDINATE).unwrap(), pos.read_move("D4", Notation::STANDARD).unwrap());
    assert_eq!(pos.read_move("PASS", Notation::COORDINATE).unwrap(), Move::PASS);
    let err = pos.read_move("I4", Notation::COORDINATE).unwrap_err().to_string();
    assert!(err.contains("without I"), "{err}");
    assert_eq!(pos.notate(Move::PASS, Notation::STANDARD).unwrap(), "pass");
}

#[test]
fn the_conformance_suite_passes_on_every_usual_board() {
    for (size, playouts, plies) in [("5", 30, 200), ("9", 10, 250), ("19", 3, 150)] {
        let report =
            run(&go(&[("size", size)]), &Budget { playouts, max_plies: plies, deep_checks: 10, ..Budget::default() });
        report.assert_ok();
        assert!(report.transpositions > 0, "{report}");
    }
    // From a ko and from a finished game.
    let starts = ["...../.xo../x.xo./.xo../..... b 0 -", "...../.xo../xx.o./.xo../..... w 0 C3"];
    run_from(&go(&[("size", "5")]), &starts, &Budget { playouts: 10, ..Budget::default() }).assert_ok();
}

#[test]
fn perft_counts_match_the_hand_derived_file() {
    let summary = tabula_kit::perft::check_file(&go(&[("size", "9")]), "tests/data/perft.epd", u64::MAX).unwrap();
    assert_eq!((summary.positions, summary.checked, summary.skipped), (2, 4, 0));
}
