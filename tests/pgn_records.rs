//! PGN in and out with the real chess plugin (issue 25, item 11): a
//! multi-game file with comments, NAGs, variations, clock commands and
//! FEN starts is read, every move checked by the rules plugin, written back
//! and read again unchanged; a move the rules refuse is named with its
//! game, line and move number; `tabula pgn` lists, filters and writes; and
//! python-chess reads Tabula's PGN as the same games
//! (`tests/reference/pgn_reference.py`).

use std::path::PathBuf;
use std::sync::Arc;

use tabula_core::outcome::GameResult;
use tabula_core::records::pgn_check::{check_game, record_of};
use tabula_core::records::pgn_read::read_games;
use tabula_core::records::pgn_tree::{write, Line, PgnGame};
use tabula_core::records::GameRecord;
use tabula_core::session::Session;
use tabula_suite::fixtures::{stderr, stdout, tabula, tabula_bin};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn").join(name)
}

fn classics() -> Vec<PgnGame> {
    read_games(&std::fs::read_to_string(data("classics.pgn")).unwrap()).unwrap()
}

fn chess() -> Arc<rules_api::RulesBox> {
    Arc::new(tabula_suite::diagram::load("chess", &[]))
}

/// The game without where it stood in its file, to compare a game read
/// back with the one written.
fn without_places(mut game: PgnGame) -> PgnGame {
    fn line(l: &mut Line) {
        for m in &mut l.moves {
            m.line = 0;
            m.variations.iter_mut().for_each(line);
        }
    }
    game.line = 0;
    line(&mut game.moves);
    game
}

#[test]
fn every_move_of_every_game_and_variation_is_checked_by_the_rules() {
    let rules = chess();
    let games = classics();
    assert_eq!(games.len(), 4);
    let checked: Vec<_> = games.iter().map(|g| check_game(&rules, g).unwrap()).collect();
    let plies: Vec<usize> = checked.iter().map(|c| c.plies).collect();
    assert_eq!(plies, [33, 13, 14, 13]);
    let in_variations: Vec<usize> = checked.iter().map(|c| c.variation_moves).collect();
    assert_eq!(in_variations, [9, 2, 8, 5], "as python-chess counts them");
    // The Opera game and Legall's mate end in mate; the two openings go on.
    assert!(matches!(checked[0].end, Some(GameResult::Win { winner: 0, .. })), "{:?}", checked[0].end);
    assert!(matches!(checked[1].end, Some(GameResult::Win { winner: 0, .. })), "{:?}", checked[1].end);
    assert_eq!((checked[2].end.clone(), checked[3].end.clone()), (None, None));
    let opera = &games[0];
    assert_eq!(opera.moves.comments, ["Played in a box at the Paris opera house."]);
    assert_eq!(opera.moves.moves[5].nags, [6], "3... Bg4 $6");
    assert_eq!(opera.moves.moves[18].nags, [1], "10. Nxb5! reads as $1");
    let fried = &games[2];
    assert_eq!(fried.moves.moves[0].comments, ["[%clk 0:04:58]"]);
    assert_eq!(fried.first_number(), (4, false));
    assert_eq!(games[3].first_number(), (1, true), "the Najdorf starts with Black's move");
}

#[test]
fn written_pgn_reads_back_as_the_same_games_and_writing_is_stable() {
    let games = classics();
    let text: String = games.iter().map(write).collect();
    let again = read_games(&text).unwrap();
    assert_eq!(again.len(), games.len());
    for (a, b) in games.iter().zip(&again) {
        let (mut a, b) = (without_places(a.clone()), without_places(b.clone()));
        // The writer puts the Seven Tag Roster first: compare tags as sets.
        a.tags.sort();
        let mut b = b;
        b.tags.sort();
        assert_eq!(a, b);
    }
    let twice: String = again.iter().map(write).collect();
    assert_eq!(twice, text, "writing what was written changes nothing");
    assert!(text.lines().all(|l| l.len() < 80), "movetext lines stay under 80 columns");
    assert!(text.contains("{[%clk 0:04:58]}"), "{text}");
    assert!(text.contains("4. Ng5 {[%clk 0:04:58]} 4... d5"), "{text}");
    assert!(text.contains("1... c5 2. Nf3 d6 (2... Nc6"), "{text}");
}

#[test]
fn a_refused_move_names_its_game_line_and_number() {
    let text = std::fs::read_to_string(data("refused.pgn")).unwrap();
    let games = read_games(&text).unwrap();
    let rules = chess();
    assert!(check_game(&rules, &games[0]).is_ok());
    let e = check_game(&rules, &games[1]).unwrap_err();
    assert_eq!((e.game, e.line), (2, 16), "{e}");
    assert!(e.problem.starts_with("move 3... Qxd4 is refused: "), "{e}");
    let mut bad_start = games[0].clone();
    bad_start.set_tag("FEN", "not a position");
    let e = check_game(&rules, &bad_start).unwrap_err();
    assert!(e.problem.contains("FEN tag"), "{e}");
}

/// What the window does with a game it loaded from PGN and saves as PGN:
/// the game is replayed from its record, and the comments, NAGs and
/// variations of the moves still played as in the file are kept.
#[test]
fn a_game_loaded_and_saved_again_keeps_its_annotations() {
    let rules = chess();
    let source = classics().remove(2);
    let session = Session::from_record(Arc::clone(&rules), &record_of(&source), "classics.pgn").unwrap();
    let result = GameResult::Draw { reason: String::new() };
    let mut record = GameRecord::of_session(&session, &result).unwrap();
    record.players = vec!["?".into(), "?".into()];
    let saved = write(&PgnGame::of_record(&record, Some(&source), false));
    let back = read_games(&saved).unwrap().remove(0);
    assert_eq!(without_places(back.clone()).moves, without_places(source.clone()).moves);
    assert_eq!(back.tag("Event"), source.tag("Event"));
    assert_eq!(back.start(), source.start());
    // A move played otherwise drops what was said about the old line.
    record.standard.truncate(3);
    record.standard.push("Qe2".into());
    let other = PgnGame::of_record(&record, Some(&source), false);
    assert_eq!(other.moves.moves[2], source.moves.moves[2]);
    assert!(other.moves.moves[3].variations.is_empty() && other.moves.moves[3].comments.is_empty());
}

#[test]
fn the_command_line_lists_filters_and_writes_games() {
    let file = data("classics.pgn");
    let out = tabula(&["pgn", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<Vec<String>> = stdout(&out).lines().map(|l| l.split('\t').map(str::to_string).collect()).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0][..4], ["1", "Paul Morphy", "Duke Karl / Count Isouard", "1-0"]);
    assert_eq!(rows[1][4..], ["1750.??.??", "Paris", "13 plies", "ok"]);
    let filtered = tabula(&["pgn", file.to_str().unwrap(), "--filter", "legall 1-0"]);
    assert_eq!(stdout(&filtered).lines().count(), 1, "{}", stdout(&filtered));
    assert!(stdout(&filtered).starts_with("2\tLegall de Kermeur\t"));
    let one = tabula(&["pgn", file.to_str().unwrap(), "--game", "3", "--out", "-"]);
    let written = stdout(&one);
    assert!(written.starts_with("[Event \"Two Knights Defence, Fried Liver line\"]\n"), "{written}");
    assert_eq!(read_games(&written).unwrap().len(), 1);
    let refused = tabula(&["pgn", data("refused.pgn").to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("game 2, line 16: move 3... Qxd4 is refused"), "{}", stderr(&refused));
    assert!(stdout(&refused).starts_with("1\tA\tB\t*\t?\tsound\t4 plies\tok\n2\tC\tD\t"), "{}", stdout(&refused));
    let missing = tabula(&["pgn", file.to_str().unwrap(), "--game", "9"]);
    assert!(stderr(&missing).contains("--game 9"), "{}", stderr(&missing));
}

#[test]
fn python_chess_reads_tabulas_pgn_as_the_same_games() {
    let bin = tabula_bin();
    let out = tabula_suite::reference::run_script(
        "pgn_reference.py",
        &["--tabula", bin.to_str().unwrap(), "--pgn", data("classics.pgn").to_str().unwrap()],
    );
    assert!(out.contains("pgn reference: no mismatch in 4 games, 73 main-line moves"), "{out}");
}
