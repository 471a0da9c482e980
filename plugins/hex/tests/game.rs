//! Hex: the contract, counts, the swap, wins and the winning chain, texts,
//! notation and the search facts.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{ErrorKind, Move, MoveFlags, Notation, PositionExt, PositionFlags, RVec, RulesExt, StatusKind};
use tabula_hex::graph::{self, Distances};
use tabula_hex::{Config, Hex, HexPosition, SWAP};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;

fn hex(size: usize, swap: bool) -> Hex {
    Hex::with(Config { size, swap })
}

#[test]
fn keeps_the_position_contract_on_every_size_with_and_without_swap() {
    for (size, swap) in [(7, true), (7, false), (11, true), (19, true)] {
        let budget =
            Budget { playouts: if size == 19 { 3 } else { 10 }, max_plies: 400, deep_checks: 4, ..Budget::default() };
        let report = run(&rules_box(hex(size, swap)), &budget);
        report.assert_ok();
        assert_eq!(report.games_finished, budget.playouts as u64, "every random game ends: {report}");
    }
}

#[test]
fn perft_counts_placements_and_the_swap() {
    // 49 cells; Blue answers with 48 placements (+ the swap); Red then has
    // 47 cells, or 48 after a swap (one stone on the board).
    let counts = |swap: bool| {
        let rules = rules_box(hex(7, swap));
        let mut p = rules.start().unwrap();
        (1..=3).map(|d| tabula_kit::perft::perft(&mut p, d).unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(counts(false), vec![49, 49 * 48, 49 * 48 * 47]);
    assert_eq!(counts(true), vec![49, 49 * 49, 49 * 48 * 47 + 49 * 48]);
}

#[test]
fn swap_mirrors_the_first_stone_and_red_moves_again() {
    let rules = rules_box(hex(11, true));
    let mut p = rules.start().unwrap();
    let c2 = p.read_move("c2", Notation::STANDARD).unwrap();
    p.play(c2).unwrap();
    let swap = p.read_move("swap", Notation::STANDARD).unwrap();
    assert_eq!(swap, SWAP);
    assert!(swap.is_off_board());
    assert_eq!(p.notate(swap, Notation::STANDARD).unwrap(), "swap");
    assert_eq!(p.notate(swap, Notation::COORDINATE).unwrap(), "swap");
    let before = (p.text().unwrap(), p.hash());
    p.play(swap).unwrap();
    // c2 (column c, row 2) becomes Blue's b3 (column b, row 3).
    let b3 = tabula_hex::notation::parse_cell(11, "b3").unwrap() as u16;
    assert_eq!(p.piece_list().unwrap().iter().map(|pc| (pc.cell, pc.owner)).collect::<Vec<_>>(), vec![(b3, 1)]);
    assert_eq!(p.side_to_move(), 0);
    assert!(!p.moves().unwrap().contains(&SWAP), "only one swap, right after Red's first stone");
    assert_eq!(p.text().unwrap(), rules.position(&p.text().unwrap()).unwrap().text().unwrap());
    p.undo().unwrap();
    assert_eq!((p.text().unwrap(), p.hash()), before);
    // Not on Red's turn, not later, not with the rule off.
    let start = rules.start().unwrap();
    assert!(start.read_move("swap", Notation::STANDARD).unwrap_err().message.contains("first stone"));
    let mut off = rules_box(hex(11, false)).start().unwrap();
    off.play(Move::place(5)).unwrap();
    assert!(!off.moves().unwrap().contains(&SWAP));
    assert!(off.read_move("swap", Notation::STANDARD).unwrap_err().message.contains("swap rule is off"));
    assert_eq!(off.play(SWAP).unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
}

fn position(size: usize, text: &str) -> HexPosition {
    hex(size, true).position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn joining_the_edges_wins_and_the_chain_is_highlighted() {
    // Red's chain down columns c and b, one cell short of row 7.
    let mut p = position(7, "..r...b/..r...b/..r...b/.r....b/.r....b/.r....b/....... r");
    assert!(p.status().is_ongoing());
    assert_eq!(p.flags(), PositionFlags::NONE, "Blue is far from joining its edges");
    let b7 = p.parse_move("b7", Notation::STANDARD).unwrap();
    p.make_move(b7).unwrap();
    let status = p.status();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "connected"));
    let mut marks = RVec::new();
    p.highlights(&mut marks);
    let chain: Vec<String> = marks.iter().map(|h| tabula_hex::notation::cell_name(7, h.cell as usize)).collect();
    assert_eq!(chain, ["c1", "c2", "c3", "b4", "b5", "b6", "b7"]);
    assert!(marks.iter().all(|h| h.kind == rules_api::HighlightKind::WIN && h.player == 0));
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
    p.unmake_move().unwrap();
    assert!(p.status().is_ongoing());
}

#[test]
fn a_full_board_always_has_exactly_one_winner() {
    // The Hex theorem, which holds only with the right six neighbours.
    let mut rng = tabula_kit::rng_from_seed(0x4E58);
    for size in [7, 8, 11, 19] {
        for _ in 0..40 {
            let cells: Vec<u8> = (0..size * size).map(|_| graph::stone(rng.random_range(0..2))).collect();
            let red = !graph::winning_chain(&cells, size, 0).is_empty();
            let blue = !graph::winning_chain(&cells, size, 1).is_empty();
            assert!(red ^ blue, "size {size}: red {red} blue {blue}");
        }
    }
}

#[test]
fn a1_is_an_acute_corner_and_neighbours_are_symmetric() {
    let n = 11;
    let name = |c| tabula_hex::notation::cell_name(n, c);
    let mut around_a1 = Vec::new();
    graph::for_neighbours(n, 0, |m| around_a1.push(name(m)));
    around_a1.sort();
    assert_eq!(around_a1, ["a2", "b1"]);
    let mut around_k1 = Vec::new();
    graph::for_neighbours(n, 10, |m| around_k1.push(name(m)));
    around_k1.sort();
    assert_eq!(around_k1, ["j1", "j2", "k2"], "k1 is an obtuse corner");
    for c in 0..n * n {
        graph::for_neighbours(n, c, |m| {
            let mut back = false;
            graph::for_neighbours(n, m, |k| back |= k == c);
            assert!(back, "{} and {}", name(c), name(m));
        });
    }
    // Neighbours are one unit apart on the drawn board.
    let g = tabula_hex::geometry(n);
    for c in 0..n * n {
        graph::for_neighbours(n, c, |m| {
            let (a, b) = (&g.cells[c], &g.cells[m]);
            let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
            assert!((d - 1.0).abs() < 1e-4, "{} to {}: {d}", name(c), name(m));
        });
    }
}

#[test]
fn distances_guide_evaluation_ordering_and_the_check_flag() {
    let empty = HexPosition::empty(Config { size: 9, swap: false });
    let d = Distances::of(&[0u8; 81], 9, 0);
    assert_eq!(d.total, 9, "an empty board needs a full row of stones");
    assert_eq!(empty.evaluate(), 30, "only the move counts");
    // Red one cell short of joining: Blue to move is "in check", and the
    // cell that stops it is tactical and ordered first.
    let p = position(7, "r....../r....../r....../r....../r....../r...bbb/....bbb b");
    assert!(p.flags().contains(PositionFlags::IN_CHECK));
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    let mut infos = RVec::new();
    p.move_infos(&moves, &mut infos);
    let best = moves.iter().zip(infos.iter()).max_by_key(|(_, i)| i.hint).unwrap();
    assert_eq!(tabula_hex::notation::cell_name(7, best.0.to as usize), "a7");
    assert!(best.1.flags.contains(MoveFlags::TACTICAL));
    assert!(infos.iter().all(|i| i.flags.contains(MoveFlags::IRREVERSIBLE)));
    assert!(infos.iter().any(|i| !i.flags.contains(MoveFlags::PRUNABLE)));
    // Blue needs 4 more stones, Red 1: far behind.
    assert!(p.evaluate() < -300, "{}", p.evaluate());
}

#[test]
fn bad_texts_and_moves_are_refused_with_the_reason() {
    let rules = hex(7, false);
    for (text, why) in [
        ("", "empty"),
        ("......./....... r", "2 rows"),
        ("......./......./......./......./......./......./...... r", "row 7 ('......') has 6 cells"),
        ("......./......./......./......./......./......./......x r", "'x' is not r, b or ."),
        ("......./......./......./......./......./......./....... q", "side to move is 'q'"),
        ("......./......./......./......./......./......./.......", "side to move (r or b) is missing"),
        ("r....../......./......./......./......./......./....... r", "cannot occur (the swap rule is off)"),
        (
            "r....../r....../r....../r....../r....../r.....b/rbbbbbb r",
            "red has joined their edges, so it cannot be red's move",
        ),
    ] {
        let err = rules.position_from_text(text).err().unwrap_or_else(|| panic!("accepted {text}"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT);
        assert!(err.message.contains(why), "{text}: {err}");
    }
    let p = position(7, "r....../......./......./......./......./......./....... b");
    for (text, why) in [("a1", "taken"), ("h1", "not a cell"), ("a0", "not a cell"), ("a8", "a1 to g7")] {
        let err = p.parse_move(text, Notation::COORDINATE).unwrap_err();
        assert!(err.message.contains(why), "{text}: {err}");
    }
    assert_eq!(p.parse_move("G7", Notation::COORDINATE).unwrap(), Move::place(48));
}

#[test]
fn options_choose_the_size_and_the_swap() {
    let options =
        |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| rules_api::Tuple2((*k).into(), (*v).into())).collect();
    let rules = Hex::from_options(&options(&[("size", "13"), ("swap", "off")])).unwrap();
    assert_eq!(rules.geometry().cells.len(), 169);
    assert_eq!(rules.info().name.as_str(), "Hex 13x13");
    assert!(rules.help_text().contains("off in this game"));
    let err = Hex::from_options(&options(&[("size", "20")])).err().unwrap();
    assert!(err.message.contains("choose one of: 7, 8"), "{err}");
    assert!(Hex::from_options(&options(&[("size", "6")])).is_err());
    let default = Hex::from_options(&RVec::new()).unwrap();
    assert_eq!(default.geometry().cells.len(), 121);
    assert_eq!(default.geometry().cells[120].name.as_str(), "k11");
}

#[test]
fn two_distance_sees_bridges_and_edges() {
    use tabula_hex::twodist::potential;
    // The empty board: the best cells are n + 1 from both edges together
    // (fewer towards the acute corners, where one step has a single way).
    assert_eq!(potential(&[0u8; 49], 7, 0).0, 8);
    // A red stone in the middle shortens Red's potential, not Blue's
    // beyond what it blocks.
    let mut cells = [0u8; 49];
    cells[24] = graph::stone(0);
    let (red, blue) = (potential(&cells, 7, 0).0, potential(&cells, 7, 1).0);
    assert!(red < 8 && blue >= 8, "red {red} blue {blue}");
    // Two red stones a bridge apart (f4 and e6 share e5 and f5): the
    // shortest distance cannot tell whether Blue has taken one of the two
    // cells between them, the two-distance can.
    let at = |name: &str| tabula_hex::notation::parse_cell(11, name).unwrap();
    let mut bridge = [0u8; 121];
    bridge[at("f4")] = graph::stone(0);
    bridge[at("e6")] = graph::stone(0);
    let mut cut = bridge;
    cut[at("e5")] = graph::stone(1);
    assert_eq!(Distances::of(&bridge, 11, 0).total, Distances::of(&cut, 11, 0).total);
    assert_eq!(potential(&[0u8; 121], 11, 0), (12, 11));
    let (safe, broken) = (potential(&bridge, 11, 0).0, potential(&cut, 11, 0).0);
    assert_eq!((safe, broken), (10, 11), "a bridge against one cell of it taken");
}
