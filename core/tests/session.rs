//! Sessions and computer players through the library, with the real rules
//! plugin and small in-process strategies that misbehave on purpose.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rules_api::plugin::{strategy_box, StrategyImpl};
use rules_api::{
    Move, ObserverMut, PluginError, PluginKind, PositionBox, RVec, SearchInfo, SearchLimits, SearchResult,
};
use tabula_core::config::Config;
use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::players::{SearchOutcome, StrategyFactory, StrategyPlayer};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::{Session, SessionError};
use tabula_core::turn::{computer_turn, TurnEnd};

fn chess() -> Arc<rules_api::RulesBox> {
    let plugin = find_plugin("chess", PluginKind::RULES, &PluginDirs::new([])).expect("chess plugin is built");
    Arc::new(plugin.new_rules(&[]).unwrap())
}

fn coordinate_moves(session: &Session) -> Vec<String> {
    session.history().iter().map(|m| m.coordinate.clone()).collect()
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut s = Session::new(chess(), "").unwrap();
    s.play_all(["e2e4", "e7e5", "g1f3"]).unwrap();
    assert_eq!(coordinate_moves(&s), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(s.history()[2].standard, "Nf3");
    let after = s.position().to_text().unwrap();
    assert!(s.undo().unwrap() && s.undo().unwrap());
    assert_eq!(coordinate_moves(&s), ["e2e4"]);
    assert!(s.redo().unwrap() && s.redo().unwrap());
    assert!(!s.redo().unwrap());
    assert_eq!(s.position().to_text().unwrap(), after);
    s.undo().unwrap();
    s.play_text("b1c3").unwrap();
    assert!(!s.can_redo(), "a new move clears redo");
}

#[test]
fn result_comes_from_the_rules_or_a_forfeit() {
    let mut s = Session::new(chess(), "").unwrap();
    s.play_all(["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
    assert_eq!(s.result().unwrap(), Some(GameResult::Win { winner: 1, reason: "checkmate".into() }));
    assert!(matches!(s.play_text("a2a3"), Err(SessionError::GameOver(_))));
    s.undo().unwrap();
    assert_eq!(s.result().unwrap(), None);
    s.forfeit(1, ForfeitCause::Resignation, "gave up");
    assert_eq!(s.result().unwrap().unwrap().describe(s.info()), "forfeit black resignation (gave up)");
    assert!(s.legal_moves().unwrap().is_empty());
}

#[test]
fn save_and_load_round_trip_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    let mut s = Session::new(chess(), "").unwrap();
    s.play_all(["d2d4", "d7d5", "c2c4"]).unwrap();
    s.forfeit(1, ForfeitCause::Time, "no move within 10 ms");
    let config = Config::default_config().unwrap();
    s.save(&path, &config).unwrap();
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
    let (loaded_config, loaded) = Session::load(&path, &[]).unwrap();
    assert_eq!(loaded_config.players, config.players);
    assert_eq!(coordinate_moves(&loaded), ["d2d4", "d7d5", "c2c4"]);
    assert_eq!(loaded.result().unwrap(), s.result().unwrap());
}

#[test]
fn saved_game_from_a_position_keeps_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("endgame.toml");
    let start = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let mut s = Session::new(chess(), start).unwrap();
    s.play_text("e2e4").unwrap();
    s.save(&path, &Config::default_config().unwrap()).unwrap();
    let (_, loaded) = Session::load(&path, &[]).unwrap();
    assert_eq!(loaded.start_text(), start);
    assert_eq!(loaded.position().to_text().unwrap(), s.position().to_text().unwrap());
}

#[test]
fn corrupt_save_names_the_file_and_the_first_bad_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.toml");
    let text = "[game]\nrules = \"chess\"\n[record]\nstart = \"\"\nmoves = [\"e2e4\", \"e7e5\", \"e4e5\", \"a2a3\"]\nresult = \"ongoing\"\n";
    std::fs::write(&path, text).unwrap();
    let e = Session::load(&path, &[]).err().expect("refused").to_string();
    assert!(e.contains("broken.toml") && e.contains("move 3") && e.contains("e4e5"), "{e}");

    std::fs::write(&path, text.replace("\"e4e5\", \"a2a3\"", "\"g1f3\"").replace("ongoing", "triumph")).unwrap();
    let e = Session::load(&path, &[]).err().expect("refused").to_string();
    assert!(e.contains("broken.toml") && e.contains("triumph"), "{e}");

    std::fs::write(&path, "[game]\nrules = \"chess\"\n").unwrap();
    let e = Session::load(&path, &[]).err().expect("refused").to_string();
    assert!(e.contains("no [record]"), "{e}");
}

/// Behaviours for the misbehaving strategies.
#[derive(Clone, Copy)]
enum Mode {
    /// Ignores the stop flag and sleeps far past any budget.
    Sleep,
    /// Panics inside choose_move.
    Panic,
    /// Returns a move that is not legal.
    Illegal,
    /// Plays the first legal move after reporting progress once.
    First,
}

struct Fake(Mode);

impl StrategyImpl for Fake {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        _stop: &AtomicBool,
        observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        match self.0 {
            Mode::Sleep => {
                std::thread::sleep(Duration::from_secs(3));
                Err(PluginError::internal("woke up too late"))
            }
            Mode::Panic => panic!("deliberate failure"),
            Mode::Illegal => Ok(SearchResult { best: Move::new(0, 63), ..Default::default() }),
            Mode::First => {
                let mut moves = RVec::new();
                position.legal_moves(&mut moves).into_result()?;
                observer.progress(&SearchInfo { depth: 1, nodes: moves.len() as u64, ..Default::default() });
                Ok(SearchResult { best: moves[0], ..Default::default() })
            }
        }
    }
    fn new_game(&mut self) {}
}

fn fake_player(mode: Mode, made: Arc<AtomicUsize>) -> StrategyPlayer {
    let factory: StrategyFactory = Arc::new(move || {
        made.fetch_add(1, Ordering::SeqCst);
        Ok(strategy_box(Fake(mode)))
    });
    // Only the sleeper should ever meet the clock: the others get a budget
    // far beyond the time a panic message (with a backtrace) takes to print.
    let time_ms = if matches!(mode, Mode::Sleep) { 100 } else { 10_000 };
    StrategyPlayer::with_factory("fake", factory, SearchLimits { time_ms, depth: 0, nodes: 0, max_time_ms: 0 }).unwrap()
}

fn forfeit_of(mode: Mode) -> (GameResult, Arc<AtomicUsize>, StrategyPlayer) {
    let made = Arc::new(AtomicUsize::new(0));
    let mut player = fake_player(mode, Arc::clone(&made));
    let mut s = Session::new(chess(), "").unwrap();
    match computer_turn(&mut s, &mut player, |_| {}).unwrap() {
        TurnEnd::Forfeited(r) => (r, made, player),
        TurnEnd::Played(m) => panic!("expected a forfeit, got {m:?}"),
        TurnEnd::Claimed(r) => panic!("expected a forfeit, got a claim: {r:?}"),
    }
}

#[test]
fn a_strategy_that_does_not_answer_loses_on_time() {
    let started = Instant::now();
    let (result, made, mut player) = forfeit_of(Mode::Sleep);
    assert!(started.elapsed() < Duration::from_secs(2), "the host must not wait for the sleeper");
    assert!(matches!(result, GameResult::Forfeit { loser: 0, cause: ForfeitCause::Time, .. }), "{result:?}");
    assert!(player.is_abandoned());
    player.new_game().unwrap();
    assert_eq!(made.load(Ordering::SeqCst), 2, "a fresh strategy object replaces the abandoned one");
}

#[test]
fn a_panicking_strategy_forfeits_with_the_reason() {
    let (result, _, _) = forfeit_of(Mode::Panic);
    match result {
        GameResult::Forfeit { loser: 0, cause: ForfeitCause::Error, reason } => {
            assert!(reason.contains("panic") && reason.contains("deliberate failure"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_illegal_move_forfeits() {
    let (result, _, _) = forfeit_of(Mode::Illegal);
    assert!(matches!(result, GameResult::Forfeit { loser: 0, cause: ForfeitCause::IllegalMove, .. }), "{result:?}");
}

#[test]
fn polling_never_blocks_and_forwards_progress() {
    let made = Arc::new(AtomicUsize::new(0));
    let mut sleeper = fake_player(Mode::Sleep, Arc::clone(&made));
    let s = Session::new(chess(), "").unwrap();
    let mut search = sleeper.start(s.position());
    let t = Instant::now();
    assert!(search.poll(|_| {}).is_none());
    assert!(t.elapsed() < Duration::from_millis(50));

    let mut quick = fake_player(Mode::First, made);
    let mut search = quick.start(s.position());
    let mut reports = 0;
    let outcome = search.wait(|info| {
        reports += 1;
        assert_eq!(info.nodes, 20);
    });
    assert!(matches!(outcome, SearchOutcome::Answered(_)));
    assert_eq!(reports, 1);
}

#[test]
fn real_strategy_plays_legal_moves_to_the_end() {
    let dirs = PluginDirs::new([]);
    let random = find_plugin("random", PluginKind::STRATEGY, &dirs).unwrap();
    let limits = SearchLimits { time_ms: 200, depth: 0, nodes: 0, max_time_ms: 0 };
    let seed = |n: &str| vec![("seed".to_string(), n.to_string())];
    let mut seats = vec![
        StrategyPlayer::new(&random, &seed("1"), limits).unwrap(),
        StrategyPlayer::new(&random, &seed("2"), limits).unwrap(),
    ];
    let mut s = Session::new(chess(), "").unwrap();
    let result = tabula_core::headless::play_out(&mut s, &mut seats, 400, |_, _| {}).unwrap();
    assert!(!matches!(result, GameResult::Forfeit { .. }), "{result:?}");
    assert!(!s.history().is_empty());
}

/// A game that counts how often its description is read.
struct CountedRules {
    start: tabula_kit::testgames::Mnk,
    reads: Arc<AtomicUsize>,
}

impl rules_api::plugin::RulesImpl for CountedRules {
    type Position = tabula_kit::testgames::Mnk;
    fn info(&self) -> rules_api::GameInfo {
        self.reads.fetch_add(1, Ordering::SeqCst);
        tabula_kit::testgames::TestGame::info(&self.start)
    }
    fn geometry(&self) -> rules_api::Geometry {
        tabula_kit::testgames::TestGame::geometry(&self.start)
    }
    fn start_position(&self) -> Result<Self::Position, PluginError> {
        Ok(self.start.clone())
    }
    fn position_from_text(&self, text: &str) -> Result<Self::Position, PluginError> {
        tabula_kit::testgames::TestGame::read_text(&self.start, text)
    }
}

/// An engine front end starts a session for every `position` command: the
/// game's description (tens of kilobytes with piece drawings) is read and
/// checked once per game, not once per session.
#[test]
fn sessions_on_one_game_read_its_description_once() {
    let reads = Arc::new(AtomicUsize::new(0));
    let game = CountedRules { start: tabula_kit::testgames::Mnk::new(3, 3, 3), reads: Arc::clone(&reads) };
    let rules = Arc::new(rules_api::plugin::rules_box(game));
    for _ in 0..50 {
        let session = Session::new(Arc::clone(&rules), "").unwrap();
        assert_eq!(session.info().players.len(), 2);
    }
    assert_eq!(reads.load(Ordering::SeqCst), 1);
    // Another game of the same kind is described afresh.
    let other = CountedRules { start: tabula_kit::testgames::Mnk::new(3, 3, 3), reads: Arc::clone(&reads) };
    Session::new(Arc::new(rules_api::plugin::rules_box(other)), "").unwrap();
    assert_eq!(reads.load(Ordering::SeqCst), 2);
}
