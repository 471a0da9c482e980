//! Othello: the contract, perft against the published table, each rule
//! (flips in all eight directions, the forced pass, the end and the WOF
//! count), notation with rows from the top, position texts, snapshots.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{ErrorKind, Move, MoveFlags, Notation, PositionExt, RVec, RulesBox, RulesExt, StatusKind};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;
use tabula_othello::{Othello, OthelloPosition, BLACK, WHITE};

fn rules() -> RulesBox {
    rules_box(Othello)
}

/// A position text from the squares of each colour.
fn board(black: &[&str], white: &[&str], side: char) -> String {
    let mut cells = ['-'; 64];
    for (names, disc) in [(black, 'X'), (white, 'O')] {
        for name in names {
            cells[tabula_othello::notation::parse_square(name).unwrap() as usize] = disc;
        }
    }
    format!("{} {side}", cells.iter().collect::<String>())
}

fn position(text: &str) -> OthelloPosition {
    Othello.position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(p: &mut OthelloPosition, moves: &str) {
    for name in moves.split_whitespace() {
        let m = p.parse_move(name, Notation::STANDARD).unwrap_or_else(|e| panic!("{name}: {e}"));
        p.make_move(m).unwrap();
    }
}

fn legal(p: &OthelloPosition) -> Vec<String> {
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    moves.iter().map(|&m| p.move_to_text(m, Notation::STANDARD).unwrap()).collect()
}

#[test]
fn keeps_the_position_contract() {
    let report = run(&rules(), &Budget::default());
    report.assert_ok();
    assert_eq!(report.games_finished, Budget::default().playouts as u64, "every random game ends: {report}");
}

#[test]
fn perft_matches_the_published_table_and_the_reference() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    tabula_kit::perft::check_file(&rules(), data, 5_000_000).unwrap();
}

/// Perft counting a game that ended before `depth` as one leaf, the
/// convention of Aart Bik's published table from depth 10 on.
fn perft_with_early_ends(p: &mut OthelloPosition, depth: u32, moves: &mut Vec<RVec<Move>>) -> u64 {
    let mut here = moves.pop().unwrap_or_default();
    here.clear();
    p.legal_moves(&mut here);
    let count = if here.is_empty() {
        1
    } else if depth == 1 {
        here.len() as u64
    } else {
        let mut sum = 0;
        for &m in here.iter() {
            p.make_move(m).unwrap();
            sum += perft_with_early_ends(p, depth - 1, moves);
            p.unmake_move().unwrap();
        }
        sum
    };
    moves.push(here);
    count
}

#[test]
fn the_published_depth_10_counts_the_228_games_that_ended_at_ply_9() {
    // Ours (0 below a finished game) and Bik's 24,571,284, which counts the
    // 228 nine-move wipeouts once more at depth 10.
    let mut p = OthelloPosition::start();
    let ours = tabula_kit::perft::perft(&mut rules().start().unwrap(), 10).unwrap();
    assert_eq!(ours, 24_571_056);
    assert_eq!(perft_with_early_ends(&mut p, 10, &mut Vec::new()), 24_571_284);
}

#[test]
fn the_start_and_the_four_first_moves_use_rows_from_the_top() {
    let mut p = OthelloPosition::start();
    assert_eq!(p.to_text(), "---------------------------OX------XO--------------------------- X");
    assert_eq!(legal(&p), ["d3", "c4", "f5", "e6"]);
    // d3 is above d4 (row 3 from the top) and turns the white d4 over.
    play(&mut p, "d3");
    assert_eq!(p.to_text(), "-------------------X-------XX------XO--------------------------- O");
    assert_eq!(legal(&p), ["c3", "e3", "c5"]);
    let g = Othello.geometry();
    assert_eq!(g.cells[0].name.as_str(), "a1");
    assert!(g.cells[0].y < g.cells[63].y, "a1 is drawn at the top");
    assert_eq!(g.cells[tabula_othello::notation::parse_square("d3").unwrap() as usize].name.as_str(), "d3");
}

#[test]
fn one_disc_flips_every_outflanked_line_in_all_eight_directions() {
    let black = ["e4", "d5", "d4", "f4", "h4", "d6", "h6", "d8", "f8", "h8"];
    let white = ["e5", "f5", "g5", "e6", "g6", "e7", "f7", "g7"];
    let mut p = position(&board(&black, &white, 'X'));
    play(&mut p, "f6");
    assert_eq!(p.discs(WHITE), 0, "all eight lines turned");
    assert_eq!(p.discs(BLACK).count_ones(), 19);
    // Only lines closed by a black disc turn: with h8 empty the g7 diagonal stays white.
    let open = ["e4", "d5", "d4", "f4", "h4", "d6", "h6", "d8", "f8"];
    let mut p = position(&board(&open, &white, 'X'));
    play(&mut p, "f6");
    let g7 = 1u64 << tabula_othello::notation::parse_square("g7").unwrap();
    assert_eq!(p.discs(WHITE), g7);
    p.unmake_move().unwrap();
    assert_eq!(p.to_text(), board(&open, &white, 'X'));
}

#[test]
fn a_player_without_a_move_must_pass_and_only_then() {
    let mut rng = tabula_kit::rng_from_seed(0x0A55);
    let mut passes = 0;
    for _ in 0..200 {
        let mut p = OthelloPosition::start();
        let mut moves = RVec::new();
        loop {
            moves.clear();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            if moves.contains(&Move::PASS) {
                passes += 1;
                assert_eq!(moves.len(), 1, "pass is the only move");
                assert!(p.must_pass() && p.mobility() == 0 && p.opponent_mobility() != 0);
                assert_eq!(p.move_to_text(Move::PASS, Notation::STANDARD).unwrap(), "pass");
                assert_eq!(p.parse_move("PA", Notation::STANDARD).unwrap(), Move::PASS);
                let mut infos = RVec::new();
                p.move_infos(&moves, &mut infos);
                assert_eq!(infos[0].flags, MoveFlags::PASS);
                assert_eq!(p.count_legal_moves(&mut RVec::new()), 1);
            } else {
                let err = p.parse_move("pass", Notation::STANDARD).unwrap_err();
                assert!(err.message.contains("only when no square outflanks"), "{err}");
                assert_eq!(p.make_move(Move::PASS).unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
            }
            p.make_move(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        assert!(p.is_over());
    }
    assert!(passes > 10, "the random games met only {passes} passes");
}

#[test]
fn the_game_ends_when_neither_can_move_and_empties_go_to_the_winner() {
    // The shortest possible game: a wipeout in nine moves (13 black discs, 51 empty squares).
    let mut p = OthelloPosition::start();
    play(&mut p, "e6 f4 e3 f6 g5 d6 e7 f5 c5");
    assert!(p.is_over());
    assert!(legal(&p).is_empty());
    let status = p.status();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, BLACK, "more discs"));
    let result = p.result();
    assert_eq!(result.reason(), "black wins 64\u{2013}0 (13\u{2013}0 on the board)");
    assert_eq!(result.payoffs.as_slice(), [1.0, -1.0]);
    assert_eq!(p.parse_move("pass", Notation::STANDARD).unwrap_err().message, "'pass': the game is over");
    // A full board counts as it stands; a level one is a draw.
    let all: Vec<String> = (0..64).map(tabula_othello::notation::square_name).collect();
    let (left, right): (Vec<&str>, Vec<&str>) = all.iter().map(String::as_str).partition(|n| n.as_bytes()[0] < b'e');
    let drawn = position(&board(&left, &right, 'O'));
    assert_eq!(drawn.status().kind, StatusKind::DRAW);
    assert_eq!(drawn.result().reason(), "draw 32\u{2013}32");
    assert_eq!(drawn.result().payoffs.as_slice(), [0.0, 0.0]);
    let white_wins = position(&board(&left[..31], &[&right[..], &left[31..]].concat(), 'X'));
    assert_eq!(white_wins.result().reason(), "white wins 33\u{2013}31");
    assert_eq!(white_wins.status().winner, WHITE);
    let mut scores = RVec::new();
    white_wins.scores(&mut scores);
    assert_eq!(scores.iter().map(|s| s.points).collect::<Vec<_>>(), [31.0, 33.0]);
}

#[test]
fn bad_texts_and_moves_are_refused_with_the_reason() {
    let start = OthelloPosition::start().to_text();
    let (cells, _) = start.split_at(64);
    for (text, why) in [
        (String::new(), "empty"),
        (format!("{} X", &cells[..60]), "60 squares"),
        (format!("{cells}- X"), "more than 64"),
        (format!("{}Q{} X", &cells[..10], &cells[11..]), "square c2: 'Q'"),
        (cells.to_string(), "side to move (X or O) is missing"),
        (format!("{cells} B"), "side to move is 'B'"),
        (format!("{cells} X 1"), "unexpected '1'"),
        (board(&["e4", "d5"], &["d4"], 'X'), "never empty"),
        (board(&["e4", "d5", "a8"], &["d4", "e5"], 'X'), "a8 is cut off"),
    ] {
        let err = Othello.position_from_text(&text).err().unwrap_or_else(|| panic!("accepted {text}"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT);
        assert!(err.message.contains(why), "{text}: {err}");
    }
    // Other spellings of a legal position.
    let slashed = "......../......../......../...ox.../...xo.../......../......../........ x";
    assert_eq!(position(slashed).to_text(), start);
    let p = OthelloPosition::start();
    for (text, why) in [("d4", "taken"), ("a1", "outflanks none"), ("i9", "not a square"), ("d0", "not a square")] {
        let err = p.parse_move(text, Notation::COORDINATE).unwrap_err();
        assert!(err.message.contains(why), "{text}: {err}");
    }
    assert_eq!(p.parse_move("D3", Notation::COORDINATE).unwrap(), Move::place(19));
    assert_eq!(p.clone().make_move(Move::place(0)).unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
    assert!(Othello::from_options(&vec![rules_api::Tuple2("size".into(), "10".into())].into()).is_err());
}

#[test]
fn evaluation_and_ordering_like_corners() {
    // White to move may take the a1 corner (outflanking b2 to c3).
    let p = position(&board(&["b2", "d4", "e5", "e4", "d5"], &["c3"], 'O'));
    let moves: RVec<Move> = {
        let mut m = RVec::new();
        p.legal_moves(&mut m);
        m
    };
    let mut infos = RVec::new();
    p.move_infos(&moves, &mut infos);
    let best = moves.iter().zip(infos.iter()).max_by_key(|(_, i)| i.hint).unwrap();
    assert_eq!(p.move_to_text(*best.0, Notation::STANDARD).unwrap(), "a1");
    assert!(infos.iter().all(|i| i.flags.contains(MoveFlags::IRREVERSIBLE)));
    let mut after = p.clone();
    after.make_move(*best.0).unwrap();
    // Black to move now, a corner down.
    assert!(after.evaluate() < -50, "{}", after.evaluate());
}

#[test]
fn snapshots_of_the_board() {
    let rules = rules();
    let opening = tabula_kit::diagram::diagram_after(&rules, "", "f5 d6 c3 d3 c4").unwrap();
    insta::assert_snapshot!("after_five_moves", opening);
    let wipeout = tabula_kit::diagram::diagram_after(&rules, "", "e6 f4 e3 f6 g5 d6 e7 f5 c5").unwrap();
    insta::assert_snapshot!("shortest_game", wipeout);
    let start = rules.start().unwrap();
    assert_eq!(start.notate(Move::place(37), Notation::STANDARD).unwrap(), "f5");
}
