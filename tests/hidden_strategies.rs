//! A strategy in a game with hidden information is handed only what its
//! player knows, seen from outside: the real phantom tic-tac-toe plugin,
//! the real core, fixture strategies that report what they were given.
//! Two true positions that look the same to the mover give a strategy the
//! same input; a strategy that reads every piece of its position cannot
//! find the opponent's hidden mark; the command line and the records do
//! what the docs say.

use std::sync::{Arc, Mutex};

use rules_api::plugin::{strategy_box, StrategyImpl};
use rules_api::{ObserverMut, PluginError, PluginKind, PositionBox, PositionExt, RulesBox, SearchLimits, SearchResult};
use tabula_core::players::{ComputerPlayer, SearchOutcome, StrategyFactory, StrategyPlayer};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::{Chance, Session};
use tabula_suite::fixtures::{stderr, stdout, tabula};

fn rules() -> Arc<RulesBox> {
    let plugin = find_plugin("phantomttt", PluginKind::RULES, &PluginDirs::new([])).expect("phantomttt is built");
    Arc::new(plugin.new_rules(&[]).unwrap())
}

/// What the reporter was handed: each position's text and its o marks.
type Seen = Arc<Mutex<Vec<(String, Vec<u16>)>>>;

/// Reports the text and the pieces of every position it is handed, and
/// plays onto the cell where that position has an o mark (a cheat, if it
/// were handed the truth), or the first legal move.
struct Reporter {
    seen: Seen,
}

impl StrategyImpl for Reporter {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        _stop: &std::sync::atomic::AtomicBool,
        _observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        let o: Vec<u16> = position.piece_list()?.iter().filter(|p| p.owner == 1).map(|p| p.cell).collect();
        self.seen.lock().unwrap().push((position.text()?, o.clone()));
        let moves = position.moves()?;
        let best = moves.iter().copied().find(|m| o.contains(&m.to)).unwrap_or(moves[0]);
        Ok(SearchResult { best, score: 0, depth: 1, nodes: 1, pv: vec![best].into() })
    }
}

fn reporter() -> (StrategyPlayer, Seen) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let for_factory = Arc::clone(&seen);
    let factory: StrategyFactory = Arc::new(move || Ok(strategy_box(Reporter { seen: Arc::clone(&for_factory) })));
    let limits = SearchLimits { depth: 1, ..SearchLimits::default() };
    (StrategyPlayer::with_factory("reporter", factory, limits).unwrap(), seen)
}

/// The reporter's move for x after `moves`, in a game seeded with 5.
fn handed(moves: &str) -> (String, Vec<u16>, u16) {
    let mut session = Session::with_chance(rules(), "", Chance::Seeded(5)).unwrap();
    session.play_all(moves.split_whitespace()).unwrap();
    let (mut player, seen) = reporter();
    let outcome = player.start_turn(&session).wait(|_| {});
    let SearchOutcome::Answered(result) = outcome else { panic!("{outcome:?}") };
    let (text, o) = seen.lock().unwrap().pop().expect("the strategy was asked");
    (text, o, result.best.to)
}

#[test]
fn positions_that_look_the_same_to_the_mover_give_the_strategy_the_same_input() {
    // x on b2 (cell 4); o's one mark, unseen by x, on each other cell.
    let o_cells = ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"];
    let all: Vec<_> = o_cells.iter().map(|o| handed(&format!("b2 {o}"))).collect();
    assert!(all.windows(2).all(|w| w[0] == w[1]), "the strategy saw different positions: {all:?}");
    // Handed one fixed guess, the cheat finds o's mark in one of the eight
    // games at most: what it reads is not the truth.
    let found = o_cells.iter().zip(&all).filter(|(o, (_, _, best))| cell(o) == *best).count();
    assert!(found <= 1, "the cheat found the hidden mark {found} times: {all:?}");
}

fn cell(name: &str) -> u16 {
    let b = name.as_bytes();
    u16::from(b[1] - b'1') * 3 + u16::from(b[0] - b'a')
}

#[test]
fn a_hidden_position_is_never_started_as_it_is() {
    let session = Session::new(rules(), "").unwrap();
    let (mut player, seen) = reporter();
    let outcome = player.start(session.position()).wait(|_| {});
    let SearchOutcome::Failed(e) = outcome else { panic!("{outcome:?}") };
    assert!(e.message.contains("only its player's view"), "{e}");
    assert!(seen.lock().unwrap().is_empty(), "the strategy was handed the truth");
}

#[test]
fn bestmove_hands_the_strategy_the_view_and_engines_are_refused() {
    let out = tabula(&[
        "bestmove",
        "--rules",
        "phantomttt",
        "--moves",
        "b2 a1",
        "--ai",
        "alphabeta",
        "--depth",
        "2",
        "--seed",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("sees only x's view (--seed 4)"), "{}", stderr(&out));
    let again = tabula(&[
        "bestmove",
        "--rules",
        "phantomttt",
        "--moves",
        "b2 a1",
        "--ai",
        "alphabeta",
        "--depth",
        "2",
        "--seed",
        "4",
    ]);
    assert_eq!(stdout(&out), stdout(&again), "the same seed gives the same move");
    let uci = tabula(&["uci", "--rules", "phantomttt", "--ai", "random"]);
    assert!(!uci.status.success() && stderr(&uci).contains("hides information"), "{}", stderr(&uci));
}

#[test]
fn view_shows_a_player_what_they_know() {
    let out = tabula(&["view", "--rules", "phantomttt", "--moves", "b2 a1 a1", "--player", "x"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        ".../.x./o.. x 1 1 *\nstatus: ongoing\nmoves: b2 ? a1\ntold: a1 is taken by o: move again\n"
    );
    let o = tabula(&["view", "--rules", "phantomttt", "--moves", "b2 a1 a1", "--player", "2"]);
    assert_eq!(stdout(&o), ".../.../o.. o 1 1 *\nstatus: ongoing\nmoves: ? a1 ?\n");
    let bad = tabula(&["view", "--rules", "phantomttt", "--moves", "", "--player", "z"]);
    assert!(!bad.status.success() && stderr(&bad).contains("--player 'z' is none of this game's players (x, o"));
}

#[test]
fn a_match_with_an_isolated_strategy_is_recorded_whole_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games.txt");
    let out = tabula(&[
        "match",
        "--rules",
        "phantomttt",
        "--players",
        "isolate:alphabeta,random",
        "--games",
        "2",
        "--time-ms",
        "300",
        "--seed",
        "9",
        "--record",
        &record.to_string_lossy(),
        "--record-format",
        "text",
    ]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.matches("hidden = true").count(), 2, "{text}");
    assert_eq!(text.matches("seed = ").count(), 2, "the view seeds are recorded: {text}");
}
