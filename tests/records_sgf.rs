//! SGF with the real Go, Gomoku and Othello plugins (issue 25, item 11):
//! a game read is played by the rules (the points from the board's
//! columns and rows), what is not kept is counted, a game written reads
//! back as the same moves with its root's facts, handicap stones are the
//! `AB` of the start, and bad files are refused naming the line. GNU Go
//! reads Tabula's SGF as the same position:
//! `tests/reference/sgf_gnugo_reference.py`.

use std::path::PathBuf;
use std::sync::Arc;

use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::records::formats::{RecordFormats, SgfFacts};
use tabula_core::records::sgf::{read_sgf, write_sgf};
use tabula_core::records::sgf_game::{write_game, SgfAbout, SgfGame};
use tabula_core::session::Session;

fn read(name: &str) -> SgfGame {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf").join(name);
    let trees = read_sgf(&std::fs::read_to_string(path).unwrap()).unwrap();
    SgfGame::of(&trees[0]).unwrap()
}

/// The rules the game's GM stands for, built with its options.
fn rules_of(game: &SgfGame) -> (String, SgfFacts, Arc<rules_api::RulesBox>) {
    let table = RecordFormats::builtin();
    let (name, facts) = table.sgf_rules(game.gm).unwrap();
    let options = game.options(name, facts).unwrap();
    let options: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    (name.to_string(), facts.clone(), Arc::new(tabula_suite::diagram::load(name, &options)))
}

fn coordinates(session: &Session) -> Vec<String> {
    session.history().iter().map(|m| m.coordinate.clone()).collect()
}

fn about(options: &[(&str, &str)], result: Option<GameResult>) -> SgfAbout {
    SgfAbout {
        players: ["Honinbo Shusaku".into(), "Gennan Inseki".into()],
        result,
        date: "2026-11-27".into(),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
    }
}

#[test]
fn a_go_game_is_played_by_the_rules_and_what_is_left_out_is_counted() {
    let game = read("go-9x9.sgf");
    assert_eq!((game.gm, game.size, game.komi.as_deref()), (1, Some((9, 9)), Some("6.5")));
    assert_eq!(game.players, [Some("Honinbo Shusaku".into()), Some("Gennan Inseki".into())]);
    assert_eq!(game.left_out().unwrap(), "3 comments and 1 variations are not kept");
    let (name, _, rules) = rules_of(&game);
    assert_eq!(name, "go");
    let session = game.replay(&rules).unwrap();
    // SGF's `aa` is the top left: `ee` the centre, `cc` the third line
    // from the top and the left.
    assert_eq!(coordinates(&session), ["E5", "C7", "G7", "C3", "E3", "G3", "pass", "pass"]);
}

#[test]
fn gomoku_and_othello_read_their_points_the_same_way() {
    let gomoku = read("gomoku.sgf");
    let (name, _, rules) = rules_of(&gomoku);
    assert_eq!(name, "gomoku");
    let moves = coordinates(&gomoku.replay(&rules).unwrap());
    assert_eq!(moves[..4], ["h8", "h7", "i8", "g8"]);
    let othello = read("othello.sgf");
    let (name, facts, rules) = rules_of(&othello);
    assert_eq!(name, "othello");
    let session = othello.replay(&rules).unwrap();
    assert_eq!(coordinates(&session), ["d3", "c3", "c4", "c5"]);
    // Othello's four discs are the game's, not setup: no AB/AW written.
    let tree = write_game(&session, &facts, &about(&[], None)).unwrap();
    let text = write_sgf(&tree);
    assert!(!text.contains("AB[") && text.contains("GM[2]") && text.contains(";B[dc]\n;W[cc]"), "{text}");
}

#[test]
fn a_written_game_reads_back_with_its_root() {
    let game = read("go-9x9.sgf");
    let (_, facts, rules) = rules_of(&game);
    let mut session = game.replay(&rules).unwrap();
    session.forfeit(0, ForfeitCause::Resignation, "resigned");
    let result = session.result().unwrap();
    let tree =
        write_game(&session, &facts, &about(&[("size", "9"), ("komi", "6.5"), ("handicap", "0")], result)).unwrap();
    let text = write_sgf(&tree);
    assert!(
        text.starts_with("(;FF[4]GM[1]CA[UTF-8]AP[Tabula]SZ[9]KM[6.5]PB[Honinbo Shusaku]PW[Gennan Inseki]RE[W+R]"),
        "{text}"
    );
    assert!(text.contains(";B[]\n;W[])"), "passes are empty: {text}");
    let back = SgfGame::of(&read_sgf(&text).unwrap()[0]).unwrap();
    assert_eq!((back.size, back.komi.clone(), back.result.as_deref()), (Some((9, 9)), Some("6.5".into()), Some("W+R")));
    let moves = |g: &SgfGame| g.moves.iter().map(|m| (m.player, m.point.clone())).collect::<Vec<_>>();
    assert_eq!(moves(&back), moves(&game));
}

#[test]
fn handicap_stones_are_the_start_written_as_ab() {
    let rules = Arc::new(tabula_suite::diagram::load("go", &[("size", "9"), ("handicap", "2")]));
    let mut session = Session::new(Arc::clone(&rules), "").unwrap();
    session.play_text("e5").unwrap();
    let facts = RecordFormats::builtin().sgf["go"].clone();
    let tree =
        write_game(&session, &facts, &about(&[("size", "9"), ("komi", "0.5"), ("handicap", "2")], None)).unwrap();
    let text = write_sgf(&tree);
    assert!(text.contains("HA[2]AB["), "{text}");
    let back = SgfGame::of(&read_sgf(&text).unwrap()[0]).unwrap();
    assert_eq!(back.setup[0].len(), 2);
    let (_, _, rules) = rules_of(&back);
    assert_eq!(coordinates(&back.replay(&rules).unwrap()), ["E5"]);
}

#[test]
fn bad_games_are_refused_naming_the_line() {
    let illegal = read("illegal.sgf");
    let (_, _, rules) = rules_of(&illegal);
    assert_eq!(illegal.replay(&rules).err().unwrap(), "line 3: move 2 W[ee] is not legal here");
    let setup = read("setup.sgf");
    let (_, _, rules) = rules_of(&setup);
    let e = setup.replay(&rules).err().unwrap();
    assert!(e.starts_with("AB/AW set up a position other than the rules' start"), "{e}");
    assert!(RecordFormats::builtin().sgf_rules(read("unknown-game.sgf").gm).is_none());
    // A move that is neither a placement nor a pass has no SGF.
    let chess = Arc::new(tabula_suite::diagram::load("chess", &[]));
    let mut session = Session::new(chess, "").unwrap();
    session.play_text("e2e4").unwrap();
    let e = write_game(&session, &SgfFacts::default(), &about(&[], None)).unwrap_err();
    assert!(e.contains("not a rectangle") || e.contains("not a placement"), "{e}");
}

#[test]
fn gnu_go_reads_tabulas_sgf_as_the_same_position() {
    let bin = tabula_suite::fixtures::tabula_bin();
    let out = tabula_suite::reference::run_script(
        "sgf_gnugo_reference.py",
        &["--tabula", bin.to_str().unwrap(), "--games", "4"],
    );
    assert!(out.contains("sgf reference: no mismatch in 4 games"), "{out}");
}
