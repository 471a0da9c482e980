//! PDN game records: reading files with comments, variations and set-up
//! positions, replaying them, writing them back and recording games.
//! The final positions of the test games were replayed in pydraughts too.

use rules_api::plugin::PositionImpl;
use tabula_draughts::pdn::{self, PdnGame};
use tabula_draughts::{Draughts, Rule};

fn file(name: &str) -> String {
    std::fs::read_to_string(format!("tests/data/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn games_are_read_with_their_tags_moves_and_results() {
    let games = pdn::read(&file("international.pdn")).unwrap();
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.tag("Black"), Some("Zwart, Zo\"e"));
    assert_eq!(first.rule(), Some(Rule::International));
    assert_eq!(first.moves.len(), 24, "the variation and the move numbers are left out");
    assert_eq!(&first.moves[..3], ["32-28", "20-25", "31-26"]);
    assert_eq!(first.moves[7], "24-29", "the strength '!' is taken off");
    assert_eq!(first.moves[20], "42-38", "a number written against its move");
    assert_eq!(first.result, "*");
    assert_eq!((games[1].moves.as_slice(), games[1].result.as_str()), (&["38x9".to_string()][..], "2-0"));
}

#[test]
fn games_replay_to_the_positions_pydraughts_reaches() {
    let international = Draughts::new(Rule::International);
    let games = pdn::read(&file("international.pdn")).unwrap();
    let end = pdn::replay(&international, &games[0]).unwrap().end;
    assert_eq!(
        end.to_text(),
        "W:W23,29,31,32,35,37,38,40,41,42,44,45,46,48,49,50:B1,2,3,4,5,7,8,9,11,12,13,14,15,21,25"
    );
    let set_up = pdn::replay(&international, &games[1]).unwrap();
    assert_eq!(set_up.start.to_text(), "W:W38,K46:B13,23,33");
    assert_eq!(pdn::result_text(Rule::International, &set_up.end), "2-0");

    let english = Draughts::new(Rule::English);
    let games = pdn::read(&file("english.pdn")).unwrap();
    assert_eq!(
        pdn::replay(&english, &games[0]).unwrap().end.to_text(),
        "B:W13,21,24,26,29,30,31,32:B1,3,4,6,8,9,14,19"
    );
    assert_eq!(pdn::replay(&english, &games[1]).unwrap().end.to_text(), "B:W15,21,30:B3,10,16");
}

#[test]
fn written_games_read_back_the_same() {
    for (name, rule) in [("international.pdn", Rule::International), ("english.pdn", Rule::English)] {
        for game in pdn::read(&file(name)).unwrap() {
            let text = pdn::write(&game);
            assert!(text.lines().all(|l| l.len() <= 79), "{text}");
            let again = pdn::read(&text).unwrap();
            assert_eq!(again, std::slice::from_ref(&game), "{text}");
            let rules = Draughts::new(rule);
            assert_eq!(
                pdn::replay(&rules, &again[0]).unwrap().end.to_text(),
                pdn::replay(&rules, &game).unwrap().end.to_text()
            );
        }
    }
}

#[test]
fn the_second_player_s_first_move_is_numbered_with_dots() {
    let games = pdn::read(&file("english.pdn")).unwrap();
    let text = pdn::write(&games[1]);
    assert!(text.ends_with("1... 22-18 2. 12-16 18-15 *\n"), "{text}");
}

#[test]
fn a_record_of_moves_played_replays_and_states_the_result() {
    let rules = Draughts::new(Rule::International);
    let games = pdn::read(&file("international.pdn")).unwrap();
    let played = pdn::replay(&rules, &games[1]).unwrap();
    let record = pdn::record(&rules, Some(&played.start), &played.moves, &[("Event", "Recorded")]).unwrap();
    assert_eq!(record.tag("Event"), Some("Recorded"));
    assert_eq!(record.tag("GameType"), Some("20,W,10,10,N2,0"));
    assert_eq!((record.tag("SetUp"), record.tag("FEN")), (Some("1"), Some("W:W38,K46:B13,23,33")));
    assert_eq!((record.tag("Result"), record.moves.as_slice()), (Some("2-0"), &["38x9".to_string()][..]));

    let english = Draughts::new(Rule::English);
    let game = &pdn::read(&file("english.pdn")).unwrap()[0];
    let played = pdn::replay(&english, game).unwrap();
    let record = pdn::record(&english, None, &played.moves, &[]).unwrap();
    assert_eq!((record.tag("FEN"), record.result.as_str()), (None, "*"));
    let back = pdn::replay(&english, &pdn::read(&pdn::write(&record)).unwrap()[0]).unwrap();
    assert_eq!(back.end.to_text(), played.end.to_text());
}

#[test]
fn bad_records_are_refused_naming_the_place() {
    let cases = [
        ("[Event \"x\"]\n1. 32-28 {never closed\n", "line 2: a comment '{' is not closed"),
        ("1. 32-28 (19-23\n", "line 1: a variation"),
        ("[Event x]\n", "line 1: tag 'Event' has no value"),
        ("[Event \"x\n\"]\n", "line 1: the value of tag 'Event' is not closed"),
        ("1. 32-28 /setup/ 19-23\n", "setup"),
        ("1. 32-28 } 19-23\n", "'}' closes nothing"),
    ];
    for (text, needle) in cases {
        let err = pdn::read(text).unwrap_err();
        assert!(err.to_string().contains(needle), "{text:?}: {err}");
    }
    let rules = Draughts::new(Rule::International);
    let replay = |text: &str| pdn::replay(&rules, &pdn::read(text).unwrap()[0]).unwrap_err().to_string();
    let err = replay("1. 32-28 19-24 2. 28-19 *");
    assert!(err.contains("move 3 ('28-19', white to move)") && err.contains("cannot move to 19"), "{err}");
    assert!(replay("[GameType \"21\"]\n1. 11-15 *").contains("english draughts"));
    assert!(replay("[FEN \"W:W3:B10\"]\n1. 3-1 *").contains("FEN tag"));
}

#[test]
fn an_empty_text_has_no_games() {
    assert_eq!(pdn::read("% only a comment\n\n").unwrap(), Vec::<PdnGame>::new());
}
