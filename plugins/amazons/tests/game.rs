//! Amazons: the contract, perft, one test per rule (queen moves, arrows
//! from the landing square through the square left, losing by having no
//! move), notation, click paths, texts, and the search support.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{ErrorKind, Move, MoveFlags, Notation, PositionExt, RVec, RulesBox, RulesExt, StatusKind};
use tabula_amazons::{eval, Amazons, AmazonsRules};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;

fn rules() -> RulesBox {
    rules_box(AmazonsRules)
}

fn position(text: &str) -> Amazons {
    AmazonsRules.position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn parse(p: &Amazons, text: &str) -> Move {
    p.parse_move(text, Notation::STANDARD).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Amazons) -> Vec<Move> {
    let mut out = RVec::new();
    p.legal_moves(&mut out);
    out.to_vec()
}

#[test]
fn keeps_the_position_contract() {
    let budget = Budget { playouts: 6, max_plies: 100, deep_checks: 3, transposition_tries: 40, ..Budget::default() };
    let report = run(&rules(), &budget);
    report.assert_ok();
    assert_eq!(report.games_finished, 6, "random games end within 92 moves: {report}");
}

#[test]
fn perft_matches_openspiel() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let summary = tabula_kit::perft::check_file(&rules(), data, 5_000_000).unwrap();
    assert_eq!(summary.skipped, 0, "{summary:?}");
}

#[test]
fn amazons_move_like_queens_over_empty_squares_only() {
    let p = Amazons::start();
    assert_eq!(p.count_legal_moves(&mut RVec::new()), 2176);
    for (text, why) in [
        ("a4-a8/a9", "cannot reach a8"),
        ("d1-d10/d9", "cannot reach d10"),
        ("d1-e3/e4", "cannot reach e3"),
        ("a7-a6/a5", "no amazon of the side to move stands on a7"),
        ("e1-e2/e3", "no amazon of the side to move stands on e1"),
    ] {
        let err = p.parse_move(text, Notation::STANDARD).unwrap_err();
        assert_eq!(err.kind, ErrorKind::ILLEGAL_MOVE);
        assert!(err.message.contains(why), "{text}: {err}");
    }
    parse(&p, "d1-d9/d1");
    parse(&p, "a4-f9/a4");
}

#[test]
fn the_arrow_flies_from_the_landing_square_and_may_cross_the_square_left() {
    let mut p = Amazons::start();
    // Back onto the square she left, and through it.
    parse(&p, "d1-d2/d1");
    parse(&p, "j4-j5/j1");
    // Not through another amazon or onto the square she stands on.
    let err = p.parse_move("d1-c1/h1", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("an arrow from c1 cannot reach h1"), "{err}");
    assert!(p.parse_move("d1-d2/d2", Notation::STANDARD).is_err());
    let before = (p.to_text(), p.hash());
    p.make_move(parse(&p, "d1-d7/g7")).unwrap();
    assert_eq!(p.to_text(), "3b2b3/10/10/b2w2x2b/10/10/w8w/10/10/6w3 b");
    // The arrow burns its square: nothing crosses it again.
    let err = p.parse_move("g10-g6/g5", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("cannot reach g6"), "{err}");
    p.unmake_move().unwrap();
    assert_eq!((p.to_text(), p.hash()), before);
}

#[test]
fn a_player_who_cannot_move_loses() {
    let stuck = position("bx6xb/xx6xx/10/10/x9/3wwww3/10/10/xx6xx/bx6xb b");
    let status = stuck.status();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "no legal move"));
    assert!(moves(&stuck).is_empty());
    // White shoots the last way out of a10 and wins at once.
    let mut p = position("b7xb/xx6xx/10/10/x9/3wwww3/10/10/xx6xx/bx6xb w");
    assert!(p.status().is_ongoing());
    p.make_move(parse(&p, "d5-d8/b10")).unwrap();
    assert_eq!((p.status().kind, p.status().winner), (StatusKind::WIN, 0));
    assert_eq!(p.count_legal_moves(&mut RVec::new()), 0);
    assert!(p.parse_move("a10-b10/c10", Notation::STANDARD).unwrap_err().message.contains("over"));
}

#[test]
fn notation_is_the_three_squares() {
    let p = Amazons::start();
    let m = parse(&p, "d1-d7/g7");
    assert_eq!((m.from, m.to, m.tag, m.extra), (3, 63, 66, 0));
    assert_eq!(p.move_to_text(m, Notation::STANDARD).unwrap(), "d1-d7/g7");
    assert_eq!(p.move_to_text(m, Notation::COORDINATE).unwrap(), "d1d7g7");
    for spelling in ["d1d7g7", "D1-D7/G7", "d1-d7(g7)", "d1-d7,g7", " d1 d7 g7 ", "d1-d7-g7", "d1-d7xg7"] {
        assert_eq!(p.parse_move(spelling, Notation::STANDARD).unwrap(), m, "{spelling}");
    }
    for (text, why) in [
        ("d1-d7", "2 squares"),
        ("d1-d7/g7/g8", "4 squares"),
        ("k1-d7/g7", "'k1' is not a square"),
        ("d1-d11/g7", "'d11' is not a square"),
        ("d1-d7?g7", "'?' is not a square"),
        ("", "0 squares"),
        ("é1", "'é' is not a square"),
    ] {
        let err = p.parse_move(text, Notation::STANDARD).unwrap_err();
        assert!(err.message.contains(why), "{text}: {err}");
    }
}

#[test]
fn click_paths_are_amazon_target_arrow() {
    let rules = rules();
    let p = rules.start().unwrap();
    let paths = p.click_path_list().unwrap();
    assert_eq!(paths.len(), 2176);
    let m = p.read_move("d1-d7/g7", Notation::STANDARD).unwrap();
    let path = paths.iter().find(|path| path.mv == m).unwrap();
    let steps: Vec<Vec<u16>> = path.steps.iter().map(|s| s.to_vec()).collect();
    assert_eq!(steps, [vec![3], vec![63], vec![66]]);
    let back = p.read_move("d1-d2/d1", Notation::STANDARD).unwrap();
    let path = paths.iter().find(|path| path.mv == back).unwrap();
    assert_eq!(path.steps.iter().map(|s| s[0]).collect::<Vec<_>>(), [3, 13, 3], "the arrow back where she stood");
}

#[test]
fn texts_round_trip_and_bad_ones_are_refused_with_the_reason() {
    let start = Amazons::start();
    assert_eq!(start.to_text(), "3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 w");
    let back = position(&start.to_text());
    assert_eq!(back.hash(), start.hash());
    for (text, why) in [
        ("", "empty"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10 w", "9 ranks"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w4 w", "rank 1 ('3w2w4') does not describe 10 squares"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w2 w", "rank 1 ('3w2w2') does not describe 10 squares"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2q3 w", "'q' is not w, b, x"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 q", "side to move is 'q'"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3", "side to move (w or b) is missing"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 w 1", "unexpected '1'"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w6 w", "White has 3 amazons"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w3 b", "it is White's move"),
        ("3b2b3/x9/10/b8b/10/10/w8w/10/10/3w2w3 w", "it is Black's move"),
        ("3b2b3/10/10/b8b/10/10/w8w/10/10/3w2w03 w", "'0' is not"),
    ] {
        let err = AmazonsRules.position_from_text(text).err().unwrap_or_else(|| panic!("accepted '{text}'"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT);
        assert!(err.message.contains(why), "{text}: {err}");
    }
}

#[test]
fn move_infos_keep_the_best_moves_and_flag_the_rest_prunable() {
    let p = Amazons::start();
    let all = moves(&p);
    let mut infos = RVec::new();
    p.move_infos(&all, &mut infos);
    assert_eq!(infos.len(), all.len());
    assert!(infos.iter().all(|i| i.flags.contains(MoveFlags::IRREVERSIBLE)));
    let kept = infos.iter().filter(|i| !i.flags.contains(MoveFlags::PRUNABLE)).count();
    assert!((eval::KEEP..eval::KEEP + 200).contains(&kept), "{kept} moves kept");
    let best_pruned = infos.iter().filter(|i| i.flags.contains(MoveFlags::PRUNABLE)).map(|i| i.hint).max().unwrap();
    let worst_kept = infos.iter().filter(|i| !i.flags.contains(MoveFlags::PRUNABLE)).map(|i| i.hint).min().unwrap();
    assert!(best_pruned < worst_kept);
    // An arrow next to an opponent's amazon ranks above the same move
    // shooting into an empty corner of one's own.
    let hint = |text: &str| {
        let m = parse(&p, text);
        infos[all.iter().position(|&x| x == m).unwrap()].hint
    };
    assert!(hint("d1-d6/d9") > hint("d1-d6/a3"));
    // Few moves: none flagged.
    let late = position("b2x4xb/xx6xx/10/10/x9/3wwww3/10/10/xx6xx/bx6xb b");
    let few = moves(&late);
    let mut infos = RVec::new();
    late.move_infos(&few, &mut infos);
    assert_eq!(few.len(), 24);
    assert!(infos.iter().all(|i| !i.flags.contains(MoveFlags::PRUNABLE)));
}

#[test]
fn evaluation_counts_territory_for_the_mover() {
    let start = Amazons::start();
    let first = start.evaluate();
    // Even but for the squares both reach as soon: the mover gets there
    // first (a fifth of a square each).
    assert!((1..1500).contains(&first), "{first}");
    // Black's amazons walled in: White owns the board.
    let p = position("bx6xb/xx6xx/10/10/x8x/3wwww3/10/10/xx6xx/bx6xb w");
    assert!(p.evaluate() > 5_000, "{}", p.evaluate());
}

#[test]
fn snapshot_after_two_moves() {
    let diagram = tabula_kit::diagram::diagram_after(&rules(), "", "d1-d7/g7 g10-g8/b3").unwrap();
    insta::assert_snapshot!(diagram);
}

#[test]
fn snapshot_of_black_walled_in() {
    let start = "b7xb/xx6xx/10/10/x9/3wwww3/10/10/xx6xx/bx6xb w";
    let diagram = tabula_kit::diagram::diagram_after(&rules(), start, "d5-d8/b10").unwrap();
    insta::assert_snapshot!(diagram);
}

/// Random texts, as a user might paste or type them, are refused or read,
/// never a panic.
#[test]
fn random_texts_and_moves_never_panic() {
    let alphabet: Vec<char> = "wbx/ 0123456789adgjx-(),é".chars().collect();
    let mut rng = tabula_kit::rng_from_seed(0x7E47);
    let rules = AmazonsRules;
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
