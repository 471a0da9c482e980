//! Connect four: the contract on every board size, perft, gravity, the
//! four directions of a win, the full board, click paths over whole
//! columns, notation, texts and the search facts.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{
    ErrorKind, Move, MoveFlags, Notation, PositionExt, PositionFlags, RVec, RulesBox, RulesExt, StatusKind, Tuple2,
};
use tabula_connectfour::{Connect4, ConnectFour, Shape};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;

fn options(pairs: &[(&str, &str)]) -> rules_api::Options {
    pairs.iter().map(|(k, v)| Tuple2((*k).into(), (*v).into())).collect()
}

fn rules(size: &str) -> RulesBox {
    rules_box(ConnectFour::from_options(&options(&[("size", size)])).unwrap())
}

fn standard() -> ConnectFour {
    ConnectFour::default()
}

fn position(text: &str) -> Connect4 {
    standard().position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(p: &mut Connect4, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.parse_move(m, Notation::STANDARD).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make_move(mv).unwrap();
    }
}

#[test]
fn keeps_the_position_contract_on_every_size() {
    for size in ["7x6", "6x5", "6x7", "7x7", "8x7"] {
        let budget = Budget { playouts: 16, max_plies: 60, ..Budget::default() };
        let report = run(&rules(size), &budget);
        report.assert_ok();
        assert_eq!(report.games_finished, 16, "{size}: every random game ends: {report}");
    }
}

#[test]
fn perft_matches_openspiel() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let summary = tabula_kit::perft::check_file(&rules("7x6"), data, 10_000_000).unwrap();
    assert_eq!(summary.skipped, 0, "{summary:?}");
}

#[test]
fn discs_fall_to_the_lowest_empty_cell() {
    let mut p = standard().start_position().unwrap();
    play(&mut p, "d d d");
    let cells: Vec<String> = {
        let mut out = RVec::new();
        p.pieces(&mut out);
        out.iter().map(|pc| tabula_connectfour::notation::cell_name(p.shape(), pc.cell)).collect()
    };
    assert_eq!(cells, ["d1", "d3", "d2"], "red's then yellow's discs");
    assert_eq!(p.parse_move("d", Notation::STANDARD).unwrap(), p.parse_move("d4", Notation::STANDARD).unwrap());
    let err = p.parse_move("d6", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("lands on d4"), "{err}");
    play(&mut p, "d d d");
    let err = p.parse_move("d", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("column d is full"), "{err}");
    let full = Move::place(3 + 7 * 5);
    assert_eq!(p.make_move(full).unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 6);
}

#[test]
fn four_in_a_line_wins_in_every_direction() {
    for (moves, line) in [
        ("a a b b c c d", "across"),
        ("a b a b a b a", "up"),
        ("a b b c c d c d d g d", "diagonally up"),
        ("g f f e e d e d d a d", "diagonally down"),
    ] {
        let mut p = standard().start_position().unwrap();
        play(&mut p, moves);
        let status = p.status();
        assert_eq!(
            (status.kind, status.winner, status.reason.as_str()),
            (StatusKind::WIN, 0, "four in a row"),
            "{line}"
        );
        let mut marks = RVec::new();
        p.highlights(&mut marks);
        assert_eq!(marks.len(), 4, "{line}: the four discs are highlighted");
        assert_eq!(p.count_legal_moves(&mut RVec::new()), 0, "{line}: no move after a win");
        p.unmake_move().unwrap();
        assert!(p.status().is_ongoing(), "{line}");
    }
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    // Columns filled in pairs so that no line of four ever forms.
    let mut p = standard().start_position().unwrap();
    play(&mut p, "a b a b a b b a b a b a c d c d c d d c d c d c e f e f e f f e f e f e g g g g g");
    assert!(p.status().is_ongoing());
    play(&mut p, "g");
    let status = p.status();
    assert_eq!((status.kind, status.reason.as_str()), (StatusKind::DRAW, "board full"));
}

#[test]
fn any_cell_of_a_column_chooses_its_drop() {
    let rules = rules("7x6");
    let mut p = rules.start().unwrap();
    p.play(p.read_move("c", Notation::STANDARD).unwrap()).unwrap();
    let paths = p.click_path_list().unwrap();
    assert_eq!(paths.len(), 7);
    let c = paths.iter().find(|path| path.mv == p.read_move("c", Notation::STANDARD).unwrap()).unwrap();
    assert_eq!(c.steps.len(), 1, "one click");
    let names: Vec<String> =
        c.steps[0].iter().map(|&cell| rules.board().unwrap().cells[cell as usize].name.to_string()).collect();
    assert_eq!(names, ["c1", "c2", "c3", "c4", "c5", "c6"]);
    for path in &paths {
        assert!(path.steps[0].contains(&path.mv.to), "the landing cell is one of the column's");
    }
    // A full column has no path.
    play_text(&mut p, "c c c c c");
    assert_eq!(p.click_path_list().unwrap().len(), 6);
}

fn play_text(p: &mut rules_api::PositionBox, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.read_move(m, Notation::STANDARD).unwrap();
        p.play(mv).unwrap();
    }
}

#[test]
fn moves_are_written_as_column_letters_and_numbers() {
    let p = standard().start_position().unwrap();
    let d = p.parse_move("4", Notation::COORDINATE).unwrap();
    assert_eq!(p.move_to_text(d, Notation::STANDARD).unwrap(), "d");
    assert_eq!(p.move_to_text(d, Notation::COORDINATE).unwrap(), "4");
    for spelling in ["d", "D", "4", "d1", " d "] {
        assert_eq!(p.parse_move(spelling, Notation::STANDARD).unwrap(), d, "{spelling}");
    }
    for (text, why) in [
        ("h", "no column 'h'"),
        ("8", "no column 8"),
        ("0", "no column 0"),
        ("", "no move"),
        ("d7", "rows 1 to 6"),
        ("?", "column letter"),
    ] {
        let err = p.parse_move(text, Notation::STANDARD).unwrap_err();
        assert!(err.message.contains(why), "{text}: {err}");
    }
    let wide = ConnectFour::from_options(&options(&[("size", "8x7")])).unwrap().start_position().unwrap();
    let h = wide.parse_move("h", Notation::STANDARD).unwrap();
    assert_eq!(wide.move_to_text(h, Notation::COORDINATE).unwrap(), "8");
}

#[test]
fn texts_round_trip_and_bad_ones_are_refused_with_the_reason() {
    let mut p = standard().start_position().unwrap();
    play(&mut p, "d c d");
    let text = p.to_text();
    assert_eq!(text, "......./......./......./......./...r.../..yr... y");
    let back = position(&text);
    assert_eq!((back.to_text(), back.hash()), (text, p.hash()));
    for (text, why) in [
        ("", "empty"),
        ("......./....... r", "2 rows"),
        ("......./......./......./......./......./...... r", "row 1 ('......') has 6 cells"),
        ("......./......./......./......./......./...x... r", "'x' is not r, y or ."),
        ("......./......./......./......./...r.../....... y", "d2 floats"),
        ("......./......./......./......./......./..rr... y", "Red moves first"),
        ("......./......./......./......./......./..ry... y", "it is r's move"),
        ("......./......./......./......./......./...r... q", "side to move is 'q'"),
        ("......./......./......./......./......./...r...", "side to move (r or y) is missing"),
        ("......./......./......./......./......./...r... y x", "unexpected 'x'"),
        ("......./......./......./......./yyy..../rrrr..y r", "went on after the win"),
        ("......./......./......r/yy....r/yyy...r/rrrryyr y", "no single last move"),
    ] {
        let err = standard().position_from_text(text).err().unwrap_or_else(|| panic!("accepted '{text}'"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT);
        assert!(err.message.contains(why), "{text}: {err}");
    }
    // Six in a row made by one last disc in the middle is a real win.
    let mut six = position("......./......./......./......./yy..yy./rr.rrry r");
    assert!(six.status().is_ongoing());
    play(&mut six, "c");
    let won = position("......./......./......./......./yy..yy./rrrrrry y");
    assert_eq!((six.status(), six.to_text()), (won.status(), won.to_text()));
    assert_eq!(won.status().winner, 0);
}

#[test]
fn threats_guide_ordering_flags_and_evaluation() {
    // Red has three on the bottom row with both ends open: Yellow to move
    // is "in check", and blocking is tactical and ordered first.
    let p = position("......./......./......./......./.yy..../.rrr... y");
    assert!(p.flags().contains(PositionFlags::IN_CHECK));
    assert!(p.evaluate() <= -4000, "two open ends cannot both be blocked: {}", p.evaluate());
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    let mut infos = RVec::new();
    p.move_infos(&moves, &mut infos);
    let best = moves.iter().zip(infos.iter()).max_by_key(|(_, i)| i.hint).unwrap();
    assert!(["a", "e"].contains(&p.move_to_text(*best.0, Notation::STANDARD).unwrap().as_str()));
    assert!(best.1.flags.contains(MoveFlags::TACTICAL));
    assert!(infos.iter().all(|i| i.flags.contains(MoveFlags::IRREVERSIBLE)));
    // Red to move with a winning drop scores it as decided and orders it first.
    let win = position("......./......./......./......./.yyy.../.rrr... r");
    assert!(win.evaluate() >= 4000);
    let mut infos = RVec::new();
    let mut moves = RVec::new();
    win.legal_moves(&mut moves);
    win.move_infos(&moves, &mut infos);
    let best = moves.iter().zip(infos.iter()).max_by_key(|(_, i)| i.hint).unwrap();
    let text = win.move_to_text(*best.0, Notation::STANDARD).unwrap();
    assert!(["a", "e"].contains(&text.as_str()), "{text}");
    // A drop under the opponent's winning cell comes last.
    let under = position("......./......./......./......./ryyy..r/yryr..r r");
    let mut moves = RVec::new();
    under.legal_moves(&mut moves);
    let mut infos = RVec::new();
    under.move_infos(&moves, &mut infos);
    let worst = moves.iter().zip(infos.iter()).min_by_key(|(_, i)| i.hint).unwrap();
    assert_eq!(under.move_to_text(*worst.0, Notation::STANDARD).unwrap(), "e");
    // The empty board is even, slightly better for the player in the centre.
    let mut p = standard().start_position().unwrap();
    assert_eq!(p.evaluate(), 0);
    play(&mut p, "d");
    assert!(p.evaluate() < 0, "yellow to move after red took the centre: {}", p.evaluate());
}

#[test]
fn options_choose_the_board() {
    let err = ConnectFour::from_options(&options(&[("size", "9x9")])).err().unwrap();
    assert!(err.message.contains("choose one of: 7x6"), "{err}");
    let err = ConnectFour::from_options(&options(&[("rows", "6")])).err().unwrap();
    assert!(err.message.contains("unknown option 'rows'"), "{err}");
    let rules = ConnectFour::from_options(&options(&[("size", "6x5")])).unwrap();
    assert_eq!(rules.geometry().cells.len(), 30);
    assert_eq!(rules.info().name.as_str(), "Connect four 6x5");
    assert!(rules.help_text().contains("6 columns of 5 cells"));
    let standard = ConnectFour::from_options(&RVec::new()).unwrap();
    assert_eq!(standard.info().name.as_str(), "Connect four");
    assert_eq!(standard.geometry().cells[41].name.as_str(), "g6");
    let p = standard.start_position().unwrap();
    assert_eq!(p.shape(), Shape { columns: 7, rows: 6 });
}

#[test]
fn snapshot_of_a_won_game() {
    let diagram = tabula_kit::diagram::diagram_after(&rules("7x6"), "", "d d c e b f a").unwrap();
    insta::assert_snapshot!(diagram);
}

/// Random texts, as a user might paste or type them, are refused or read,
/// never a panic.
#[test]
fn random_texts_and_moves_never_panic() {
    let alphabet: Vec<char> = "ry./ 0123456789abcdefghxXéq-".chars().collect();
    let mut rng = tabula_kit::rng_from_seed(0x7E47);
    let rules = ConnectFour::default();
    let start = rules.start_position().unwrap();
    for _ in 0..3000 {
        let length = rng.random_range(0..60);
        let text: String = (0..length).map(|_| alphabet[rng.random_range(0..alphabet.len())]).collect();
        let _ = rules.position_from_text(&text);
        let _ = rules.position_from_text(&format!("{text} r"));
        let _ =
            start.parse_move(&text[..text.char_indices().nth(8).map_or(text.len(), |(i, _)| i)], Notation::STANDARD);
    }
}
