//! Draw claims through the real chess plugin and the core: FIDE's threefold
//! repetition and fifty-move rule are claimed by the player to move
//! (`Session::claim_draw`), refused with a clear error when nothing is
//! claimable, taken back by an undo; computer seats claim at once, so a
//! match ends where it ended before claims existed, and its records carry
//! the reason. The rules themselves are pinned in plugins/chess/tests and
//! cross-checked against python-chess by tests/reference/chess_reference.py.

use std::sync::mpsc;
use std::sync::Arc;

use rules_api::{Notation, PluginKind, SearchLimits, SearchResult};
use tabula_core::headless::play_out;
use tabula_core::outcome::GameResult;
use tabula_core::players::{ComputerPlayer, Search, SearchEvent, SearchOutcome};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::{Session, SessionError};
use tabula_suite::fixtures::{scratch_dir, stderr, stdout, tabula};

fn chess(start: &str, moves: &str) -> Session {
    let plugin = find_plugin("chess", PluginKind::RULES, &PluginDirs::new([]))
        .unwrap_or_else(|e| panic!("{e}\n(build the plugins first: cargo build --release --workspace)"));
    let rules = Arc::new(plugin.new_rules(&[]).expect("chess"));
    let mut session = Session::new(rules, start).expect("the start position");
    session.play_all(moves.split_whitespace()).expect("the moves are legal");
    session
}

const TWICE_AND_A_HALF: &str = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";

#[test]
fn the_player_to_move_claims_the_third_occurrence_and_nothing_earlier() {
    let mut s = chess("", TWICE_AND_A_HALF);
    assert_eq!(s.draw_claim().unwrap(), None);
    let e = s.claim_draw().unwrap_err();
    assert!(matches!(e, SessionError::NoClaim(_)), "{e:?}");
    assert!(e.to_string().starts_with("no draw can be claimed here: the rules allow black no draw claim"), "{e}");
    assert_eq!(s.result().unwrap(), None, "a refused claim changes nothing");

    s.play_text("f6g8").unwrap();
    assert_eq!(s.result().unwrap(), None, "the third occurrence does not end the game by itself");
    assert_eq!(s.draw_claim().unwrap().as_deref(), Some("threefold repetition"));
    let result = s.claim_draw().unwrap();
    assert_eq!(result, GameResult::Draw { reason: "draw claimed: threefold repetition".into() });
    assert_eq!(s.result().unwrap(), Some(result.clone()));
    assert_eq!(s.draw_claim().unwrap(), None, "nothing to claim in a finished game");
    let e = s.claim_draw().unwrap_err();
    assert!(e.to_string().contains("the game is over"), "{e}");

    // An undo takes the claim back with the last move.
    assert!(s.undo().unwrap());
    assert_eq!(s.result().unwrap(), None);
    assert_eq!(s.draw_claim().unwrap(), None);
}

#[test]
fn fifty_moves_are_claimed_and_seventy_five_end_the_game() {
    let mut s = chess("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_eq!(s.result().unwrap(), None);
    assert_eq!(s.draw_claim().unwrap().as_deref(), Some("fifty-move rule"));
    assert_eq!(s.claim_draw().unwrap().reason(), "draw claimed: fifty-move rule");
    let s = chess("8/8/8/4k3/8/8/8/R3K3 w - - 149 80", "a1a2");
    assert_eq!(s.result().unwrap(), Some(GameResult::Draw { reason: "seventy-five-move rule".into() }));
    assert_eq!(s.draw_claim().unwrap(), None);
}

/// A computer that plays a fixed list of moves (coordinate notation).
struct Script {
    moves: Vec<&'static str>,
    next: usize,
}

impl ComputerPlayer for Script {
    fn label(&self) -> String {
        "script".into()
    }
    fn turn_limits(&self) -> SearchLimits {
        SearchLimits::depth(1)
    }
    fn set_limits(&mut self, _limits: SearchLimits) {}
    fn start_turn(&mut self, session: &Session) -> Search {
        let text = self.moves[self.next];
        self.next += 1;
        let best = session.position().parse_move(text.into(), Notation::COORDINATE).into_result().expect(text);
        let (tx, rx) = mpsc::channel();
        let result = SearchResult { best, score: 0, depth: 1, nodes: 1, pv: Default::default() };
        tx.send(SearchEvent::Finished(Ok(result))).unwrap();
        Search::from_events(rx, Default::default(), 0)
    }
    fn end_turn(&mut self, _outcome: &SearchOutcome) {}
}

#[test]
fn computers_claim_at_once_so_a_match_ends_at_the_third_occurrence() {
    let mut s = chess("", "");
    let white = Script { moves: vec!["g1f3", "f3g1", "g1f3", "f3g1", "g1f3"], next: 0 };
    let black = Script { moves: vec!["g8f6", "f6g8", "g8f6", "f6g8", "g8f6"], next: 0 };
    let mut seats = [white, black];
    let result = play_out(&mut s, &mut seats, 0, |_, _| {}).unwrap();
    assert_eq!(result, GameResult::Draw { reason: "draw claimed: threefold repetition".into() });
    assert_eq!(s.history().len(), 8, "White claimed instead of playing a ninth move");
}

#[test]
fn a_claimed_draw_is_in_the_pgn_and_the_text_record() {
    let dir = scratch_dir("claims_records");
    let config = dir.join("game.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"chess\"\n\n[[players]]\nname = \"A\"\nkind = \"ai\"\nstrategy = \"random\"\n\n\
         [[players]]\nname = \"B\"\nkind = \"ai\"\nstrategy = \"random\"\n",
    )
    .unwrap();
    // White to move with fifty quiet moves behind it.
    let openings = dir.join("openings.epd");
    std::fs::write(&openings, "8/8/8/4k3/8/8/8/R3K3 w - - 100 80\n").unwrap();
    for (format, wanted) in [
        ("pgn", vec!["[Result \"1/2-1/2\"]", "{draw claimed: fifty-move rule} 1/2-1/2"]),
        ("text", vec!["draw (draw claimed: fifty-move rule)"]),
    ] {
        let record = dir.join(format!("games.{format}"));
        let out = tabula(&[
            "match",
            "--config",
            config.to_str().unwrap(),
            "--games",
            "1",
            "--time-ms",
            "50",
            "--json",
            "--openings",
            openings.to_str().unwrap(),
            "--record",
            record.to_str().unwrap(),
            "--record-format",
            format,
        ]);
        assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
        let text = std::fs::read_to_string(&record).unwrap();
        for w in wanted {
            assert!(text.contains(w), "the {format} record lacks {w}:\n{text}");
        }
    }
}
