//! Nine men's morris: the contract, perft, and one test per rule: placing,
//! mills and which men they may remove, moving, flying, the two ways to
//! lose, the two draws (and OpenSpiel's different one), notation, click
//! paths and texts.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{ErrorKind, MoveFlags, Notation, PositionExt, RVec, RulesBox, RulesExt, StatusKind};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;
use tabula_morris::{Morris, NineMensMorris};

fn rules() -> RulesBox {
    rules_box(NineMensMorris)
}

fn position(text: &str) -> Morris {
    NineMensMorris.position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(p: &mut Morris, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.parse_move(m, Notation::STANDARD).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make_move(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn move_texts(p: &Morris) -> Vec<String> {
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.iter().map(|&m| p.move_to_text(m, Notation::STANDARD).unwrap()).collect();
    out.sort();
    out
}

#[test]
fn keeps_the_position_contract() {
    let report = run(&rules(), &Budget { playouts: 16, max_plies: 300, ..Budget::default() });
    report.assert_ok();
    assert!(report.games_finished >= 12, "{report}");
}

#[test]
fn perft_matches_openspiel() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let summary = tabula_kit::perft::check_file(&rules(), data, 3_000_000).unwrap();
    assert!(summary.checked >= 10, "{summary:?}");
}

#[test]
fn men_are_placed_in_turn_and_shown_in_hand() {
    let mut p = NineMensMorris.start_position().unwrap();
    assert_eq!(move_texts(&p).len(), 24);
    play(&mut p, "d6");
    assert_eq!(move_texts(&p).len(), 23);
    let mut hands = RVec::new();
    p.hands(&mut hands);
    let counts: Vec<(u8, u16)> = hands.iter().map(|h| (h.owner, h.count)).collect();
    assert_eq!(counts, [(0, 8), (1, 9)]);
    let err = p.parse_move("d6-d7", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("still to be placed"), "{err}");
    assert!(p.parse_move("d6", Notation::STANDARD).unwrap_err().message.contains("d6 is taken"));
}

#[test]
fn closing_a_mill_removes_a_man_in_the_same_move() {
    let mut p = NineMensMorris.start_position().unwrap();
    play(&mut p, "a1 b2 d1 d2");
    let err = p.parse_move("g1", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("closes a mill"), "{err}");
    let closing: Vec<String> = move_texts(&p).into_iter().filter(|m| m.starts_with("g1")).collect();
    assert_eq!(closing, ["g1xb2", "g1xd2"]);
    let m = p.parse_move("G1xD2", Notation::STANDARD).unwrap();
    let mut infos = RVec::new();
    p.move_infos(&[m], &mut infos);
    assert!(infos[0].flags.contains(MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE));
    p.make_move(m).unwrap();
    assert_eq!(p.to_text(), ".../.../.../....../.../b../www b 6 7 0");
    assert!(p.parse_move("a4xb2", Notation::STANDARD).unwrap_err().message.contains("without closing a mill"));
}

#[test]
fn men_in_mills_are_removed_only_when_all_are() {
    // Black: a mill on the top row and b6 outside it; White closes a1-d1-g1.
    let p = position("bbb/b../.../w....w/.../.../ww. w 1 1 0");
    let removals: Vec<String> = move_texts(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(removals, ["g1xb6"]);
    let err = p.parse_move("g1xa7", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("stands in a mill while others do not"), "{err}");
    // Every black man in a mill: any may go.
    let all = position("bbb/.../.../w....w/.../.../ww. w 1 1 0");
    let removals: Vec<String> = move_texts(&all).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(removals, ["g1xa7", "g1xd7", "g1xg7"]);
}

#[test]
fn two_mills_at_once_remove_one_man() {
    // Placing on a1 closes both a1-d1-g1 and a1-a4-a7 (moving a man there
    // cannot: each neighbour of a point lies on one of its two lines).
    let placing = position("w../.../.../w....b/.../.b./.ww w 1 1 0");
    let removals: Vec<String> = move_texts(&placing).into_iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(removals, ["a1xd2", "a1xg4"]);
}

#[test]
fn men_move_along_lines_and_fly_with_three() {
    let p = position("w.b/.../.../w....b/.../.b./.ww w 0 0 0");
    let moves = move_texts(&p);
    assert!(moves.contains(&"a7-d7".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("a7-") && m != "a7-d7"), "{moves:?}");
    let err = p.parse_move("a7-c5", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("not next to a7"), "{err}");
    // Black has three men: any of them goes to any free point.
    let flying = position("w.b/.../.../w....b/.../.b./.ww b 0 0 0");
    assert_eq!(move_texts(&flying).len(), 3 * 17);
    assert!(move_texts(&flying).contains(&"g7-c3".to_string()));
}

#[test]
fn two_men_left_or_no_move_loses() {
    // Black is down to three; White closes d1-d2-d3 and takes one.
    let mut p = position("b.b/.../.../....b./..w/.w./ww. w 0 0 12");
    let before = p.to_text();
    play(&mut p, "e3-d3xa7");
    assert_eq!((p.status().kind, p.status().winner, p.status().reason.as_str()), (StatusKind::WIN, 0, "two men left"));
    assert_eq!(p.count_legal_moves(&mut RVec::new()), 0);
    p.unmake_move().unwrap();
    assert_eq!(p.to_text(), before);
    // Black's four men are all shut in by White's.
    let blocked = position("bwb/.../.../w....w/.../.../bwb b 0 0 7");
    let status = blocked.status();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "no legal move"));
    assert!(move_texts(&blocked).is_empty());
    // With three men Black would fly out.
    let free = position("bwb/.../.../w....w/.../.../bw. b 0 0 7");
    assert!(free.status().is_ongoing());
}

#[test]
fn the_third_repetition_draws() {
    let mut p = position("w.b/.../.../wb..b./.../.b./.ww w 0 0 0");
    play(&mut p, "a7-d7 f4-f2");
    play(&mut p, "d7-a7 f2-f4");
    assert!(p.status().is_ongoing(), "twice");
    play(&mut p, "a7-d7 f4-f2 d7-a7");
    assert!(p.status().is_ongoing());
    play(&mut p, "f2-f4");
    let status = p.status();
    assert_eq!((status.kind, status.reason.as_str()), (StatusKind::DRAW, "threefold repetition"));
    assert!(move_texts(&p).is_empty());
    p.unmake_move().unwrap();
    assert!(p.status().is_ongoing());
}

#[test]
fn fifty_moves_each_without_a_mill_draw() {
    let mut p = position("w.b/.../.../w....b/.../.b./.ww w 0 0 99");
    play(&mut p, "a7-d7");
    let status = p.status();
    assert_eq!((status.kind, status.reason.as_str()), (StatusKind::DRAW, "fifty moves without a mill"));
    assert_eq!(p.to_text(), ".wb/.../.../w....b/.../.b./.ww b 0 0 100");
    // A mill on the hundredth ply resets the count.
    let mut q = position("w.b/.../.../w....b/.../bb./.w. w 0 0 99");
    let err = NineMensMorris.position_from_text("w.b/.../.../w....b/.../.b./.ww w 0 0 101").err().unwrap();
    assert!(err.message.contains("from 0 to 100"), "{err}");
    play(&mut q, "d1-a1xd2");
    assert!(q.status().is_ongoing());
}

/// OpenSpiel's `nine_mens_morris` ends every game as a draw after 200
/// moves (its kMaxNumTurns) and has no repetition rule; here a game goes
/// on past move 200 until a result or one of the two draws above.
#[test]
fn unlike_openspiel_a_game_goes_on_after_two_hundred_moves() {
    let mut rng = tabula_kit::rng_from_seed(0x6D6F_7272);
    let mut longest = 0;
    for _ in 0..2000 {
        let mut p = NineMensMorris.start_position().unwrap();
        let mut moves = RVec::new();
        for ply in 0.. {
            moves.clear();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                longest = longest.max(ply);
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            p.make_move(m).unwrap();
        }
        if longest > 200 {
            break;
        }
    }
    assert!(longest > 200, "no random game went past move 200 (longest {longest})");
}

#[test]
fn click_paths_are_the_move_then_the_man_removed() {
    let rules = rules();
    let mut p = rules.start().unwrap();
    for m in ["a1", "b2", "d1", "d2"] {
        p.play(p.read_move(m, Notation::STANDARD).unwrap()).unwrap();
    }
    let paths = p.click_path_list().unwrap();
    let cells = |name: &str| rules.board().unwrap().cells.iter().position(|c| c.name.as_str() == name).unwrap() as u16;
    let g1xb2 = p.read_move("g1xb2", Notation::STANDARD).unwrap();
    let path = paths.iter().find(|path| path.mv == g1xb2).unwrap();
    let steps: Vec<Vec<u16>> = path.steps.iter().map(|s| s.to_vec()).collect();
    assert_eq!(steps, [vec![cells("g1")], vec![cells("b2")]]);
    let a4 = paths.iter().find(|path| path.mv == p.read_move("a4", Notation::STANDARD).unwrap()).unwrap();
    assert_eq!(a4.steps.len(), 1);
    assert_eq!(paths.len(), p.moves().unwrap().len());
    let moving = rules.position("w.b/.../.../w....b/.../bb./.w. w 0 0 0").unwrap();
    let d1a1 = moving.read_move("d1-a1xb2", Notation::STANDARD).unwrap();
    let path = moving.click_path_list().unwrap().into_iter().find(|path| path.mv == d1a1).unwrap();
    assert_eq!(path.steps.len(), 3);
}

#[test]
fn notation_in_both_forms() {
    let p = position("w.b/.../.../w....b/.../.b./.w. w 0 0 0");
    let m = p.parse_move("d1a1xd2", Notation::COORDINATE).unwrap();
    assert_eq!(p.move_to_text(m, Notation::STANDARD).unwrap(), "d1-a1xd2");
    assert_eq!(p.move_to_text(m, Notation::COORDINATE).unwrap(), "d1a1xd2");
    assert_eq!(p.parse_move(" D1-A1 x D2 ", Notation::STANDARD).unwrap(), m);
    for (text, why) in [
        ("d4", "'d4' is not a point"),
        ("d1-a1", "closes a mill"),
        ("d1-a1xa7", "no opponent's man stands on a7"),
        ("a7-d7xd2", "without closing a mill"),
        ("g7-d7", "no man of the side to move"),
        ("", "write a placement"),
        ("é1a4", "named a1 to g7"),
    ] {
        let err = p.parse_move(text, Notation::STANDARD).unwrap_err();
        assert_eq!(err.kind, ErrorKind::ILLEGAL_MOVE);
        assert!(err.message.contains(why), "{text}: {err}");
    }
}

#[test]
fn bad_texts_are_refused_with_the_reason() {
    for (text, why) in [
        ("", "0 fields"),
        (".../.../.../....../.../... w 9 9 0", "6 rows"),
        (".../.../.../...../.../.../... w 9 9 0", "row 4 ('.....') has 5 points"),
        (".../.../.../....../.../.../..q w 9 9 0", "'q' is not w, b or ."),
        (".../.../.../....../.../.../... x 9 9 0", "side to move is 'x'"),
        (".../.../.../....../.../.../... w 10 9 0", "White's men in hand is '10'"),
        (".../.../.../....../.../.../... b 9 9 0", "cannot be Black's move"),
        (".../.../.../....../.../.../... w 9 9 3", "0 while placing"),
        ("www/www/www/....../.../.../... b 0 9 0", "cannot be Black's move"),
        ("www/www/www/w...../.../.../... w 0 9 0", "White has 10 men"),
        ("b../.../.../....../.../.../b.. w 0 0 0", "Black has two men or fewer"),
    ] {
        let err = NineMensMorris.position_from_text(text).err().unwrap_or_else(|| panic!("accepted '{text}'"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT);
        assert!(err.message.contains(why), "{text}: {err}");
    }
    let start = NineMensMorris.start_position().unwrap();
    assert_eq!(start.to_text(), ".../.../.../....../.../.../... w 9 9 0");
    assert_eq!(position(&start.to_text()).hash(), start.hash());
}

#[test]
fn evaluation_counts_men_and_mobility() {
    let start = NineMensMorris.start_position().unwrap();
    assert_eq!(start.evaluate(), 0);
    // White a man up and Black shut in.
    let p = position("bwb/.../.../w....w/.../w../bwb w 0 0 7");
    assert!(p.evaluate() > 100, "{}", p.evaluate());
}

#[test]
fn snapshot_after_a_mill() {
    let diagram = tabula_kit::diagram::diagram_after(&rules(), "", "a1 b2 d1 d2 g1xd2 d6").unwrap();
    insta::assert_snapshot!(diagram);
}

#[test]
fn snapshot_of_a_blocked_player() {
    let diagram =
        tabula_kit::diagram::diagram_after(&rules(), "bwb/.../.../w....w/.../.w./b.b w 0 0 7", "d2-d1").unwrap();
    insta::assert_snapshot!(diagram);
}

/// Random texts, as a user might paste or type them, are refused or read,
/// never a panic.
#[test]
fn random_texts_and_moves_never_panic() {
    let alphabet: Vec<char> = "wb./ 0123456789adgx-é".chars().collect();
    let mut rng = tabula_kit::rng_from_seed(0x7E47);
    let rules = NineMensMorris;
    let start = rules.start_position().unwrap();
    for _ in 0..3000 {
        let length = rng.random_range(0..60);
        let text: String = (0..length).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
        let _ = rules.position_from_text(&text);
        let _ = rules.position_from_text(&format!("{text} w"));
        let _ =
            start.parse_move(&text[..text.char_indices().nth(8).map_or(text.len(), |(i, _)| i)], Notation::STANDARD);
    }
}
