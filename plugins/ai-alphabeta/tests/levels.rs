//! Threads, playing strength and the stretch ceiling: functional checks
//! (figures such as the Elo of each level or the gain of a second thread
//! are measured by match scripts and written in docs/BENCHMARKS-engines.md).

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rules_api::plugin::{position_box, PositionImpl};
use rules_api::{Move, MoveInfo, PluginError, PositionFlags, RString, RVec, SearchLimits, Status, StatusKind, Tuple2};
use tabula_alphabeta::{AlphaBetaStrategy, Direct, SearchState, Searcher, Settings, Strength, MAX_STRENGTH};
use tabula_chess::ChessPosition;
use tabula_kit::testgames::{solve, Mnk};
use tabula_kit::testing::{choose, legal, play_game, RandomMover};

const MIDDLEGAME: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

fn player(threads: usize, level: u32) -> AlphaBetaStrategy {
    AlphaBetaStrategy::with_settings(Settings { hash_mb: 8, seed: 1, threads, strength: Strength::new(level) })
}

#[test]
fn several_threads_return_legal_moves_and_count_every_thread_s_nodes() {
    let limits = SearchLimits { time_ms: 400, ..SearchLimits::default() };
    let mut pos = position_box(ChessPosition::from_fen(MIDDLEGAME).unwrap());
    let (result, infos) = choose(&mut player(3, MAX_STRENGTH), &mut pos, limits);
    let result = result.unwrap();
    assert!(legal(&pos).contains(&result.best));
    assert!(result.depth >= 2 && !infos.is_empty(), "the main thread reports its iterations");
    assert!(result.nodes >= infos.last().unwrap().nodes, "the total counts the helpers too");
    // A whole game against random with two threads: every move legal.
    let mut two = player(2, MAX_STRENGTH);
    let limits = SearchLimits { time_ms: 60, ..SearchLimits::default() };
    let (status, plies) = play_game(&mut two, &mut RandomMover::new(4), ChessPosition::start(), limits, 600);
    assert!(!status.is_ongoing() || plies == 600);
    assert!(status.kind != StatusKind::WIN || status.winner == 0, "two threads lost to random: {status:?}");
}

#[test]
fn helper_threads_keep_tic_tac_toe_exact() {
    // Helpers write into the shared table while the main thread searches:
    // the answers must stay the exact game values.
    let mut memo = HashMap::new();
    let mut ab = player(3, MAX_STRENGTH);
    for opening in [vec![], vec![4], vec![0, 4], vec![0, 8, 4], vec![1, 4, 7]] {
        let mut p = Mnk::tic_tac_toe().after(&opening);
        let exact = solve(&mut p, &mut memo);
        let result = choose(&mut ab, &mut position_box(p.clone()), SearchLimits::depth(20)).0.unwrap();
        assert_eq!(result.score, exact, "score after {opening:?}");
    }
}

#[test]
fn strength_levels_are_monotone_in_the_nodes_they_search() {
    let limits = SearchLimits { time_ms: 20_000, ..SearchLimits::default() };
    let mut nodes = Vec::new();
    for level in [1, 4, 8, 12, 15] {
        let mut pos = position_box(ChessPosition::from_fen(MIDDLEGAME).unwrap());
        let result = choose(&mut player(1, level), &mut pos, limits).0.unwrap();
        assert!(legal(&pos).contains(&result.best), "level {level} chose an illegal move");
        let cap = Strength::new(level).node_cap();
        assert!(result.nodes <= cap, "level {level} searched {} nodes over its cap {cap}", result.nodes);
        nodes.push(result.nodes);
    }
    assert!(nodes.windows(2).all(|w| w[0] < w[1]), "nodes per level: {nodes:?}");
}

#[test]
fn weak_levels_vary_their_choice_but_never_miss_a_mate_in_one() {
    // Level 1 in the opening: several moves are close, so seeds differ.
    let mut choices = std::collections::HashSet::new();
    for seed in 0..12 {
        let mut weak =
            AlphaBetaStrategy::with_settings(Settings { hash_mb: 1, seed, threads: 1, strength: Strength::new(1) });
        let mut pos = position_box(ChessPosition::start());
        choices.insert(choose(&mut weak, &mut pos, SearchLimits::time(1000)).0.unwrap().best);
    }
    assert!(choices.len() > 1, "noise gives more than one opening move: {choices:?}");
    // A back-rank mate in one: even the weakest level takes it.
    let mate = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    for seed in 0..6 {
        let mut weak =
            AlphaBetaStrategy::with_settings(Settings { hash_mb: 1, seed, threads: 1, strength: Strength::new(1) });
        let mut pos = ChessPosition::from_fen(mate).unwrap();
        let best = choose(&mut weak, &mut position_box(pos.clone()), SearchLimits::time(1000)).0.unwrap().best;
        pos.make_move(best).unwrap();
        assert_eq!(pos.status().kind, StatusKind::WIN, "seed {seed} missed Rd8#");
    }
}

#[test]
fn a_stretch_ceiling_is_never_overrun() {
    let mut ab = player(1, MAX_STRENGTH);
    let mut pos = position_box(ChessPosition::from_fen(MIDDLEGAME).unwrap());
    let limits = SearchLimits { time_ms: 150, depth: 0, nodes: 0, max_time_ms: 450 };
    let started = Instant::now();
    let result = choose(&mut ab, &mut pos, limits).0.unwrap();
    let took = started.elapsed();
    assert!(legal(&pos).contains(&result.best));
    // Generous for a loaded machine: the search itself stops before 450 ms.
    assert!(took < Duration::from_millis(1500), "a 450 ms ceiling took {took:?}");
}

#[test]
fn strategy_options_build_the_player() {
    let opts: RVec<Tuple2<RString, RString>> = [("threads", "2"), ("strength", "3")]
        .iter()
        .map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v)))
        .collect();
    let mut ab = AlphaBetaStrategy::from_options(&opts).unwrap();
    let mut pos = position_box(ChessPosition::start());
    let result = choose(&mut ab, &mut pos, SearchLimits::time(2000)).0.unwrap();
    // Two threads may each pass the cap by the node they were counting.
    assert!(result.nodes <= Strength::new(3).node_cap() + 1, "strength 3 is capped: {} nodes", result.nodes);
}

/// A chess position whose copies (the helper threads' positions) stall for
/// `STALL` on their first move, as a helper thread does when the scheduler
/// of a busy machine leaves it waiting.
struct StallingCopies {
    inner: Direct<ChessPosition>,
    stall_once: bool,
}

const STALL: Duration = Duration::from_secs(4);

impl Clone for StallingCopies {
    fn clone(&self) -> Self {
        StallingCopies { inner: self.inner.clone(), stall_once: true }
    }
}

impl SearchState for StallingCopies {
    fn side_to_move(&self) -> u8 {
        self.inner.side_to_move()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) -> Result<(), PluginError> {
        self.inner.legal_moves(out)
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) -> Result<(), PluginError> {
        self.inner.move_infos(moves, out)
    }
    fn make(&mut self, m: Move) -> Result<(), PluginError> {
        if std::mem::take(&mut self.stall_once) {
            std::thread::sleep(STALL);
        }
        self.inner.make(m)
    }
    fn unmake(&mut self) -> Result<(), PluginError> {
        self.inner.unmake()
    }
    fn status(&self) -> Result<Status, PluginError> {
        self.inner.status()
    }
    fn hash(&self) -> u64 {
        self.inner.hash()
    }
    fn evaluate(&self) -> i32 {
        self.inner.evaluate()
    }
    fn flags(&self) -> PositionFlags {
        self.inner.flags()
    }
    fn make_null(&mut self) -> Result<(), PluginError> {
        self.inner.make_null()
    }
}

#[test]
fn the_move_does_not_wait_for_a_stalled_helper_thread() {
    // Before, the main thread joined its helpers before answering: a helper
    // stalled for 4 s held a 100 ms move back 4 s (games lost on time with
    // `threads = 2` on a loaded machine).
    let mut searcher = Searcher::with_settings(Settings { hash_mb: 8, seed: 1, threads: 2, ..Settings::default() });
    let stop = AtomicBool::new(false);
    let limits = SearchLimits { time_ms: 100, ..SearchLimits::default() };
    for search in 0..2 {
        let mut pos = StallingCopies { inner: Direct(ChessPosition::from_fen(MIDDLEGAME).unwrap()), stall_once: false };
        let started = Instant::now();
        let result = searcher.search(&mut pos, limits, &stop, &mut |_| {}).unwrap();
        let took = started.elapsed();
        assert!(took < STALL / 2, "search {search} answered after {took:?}, waiting for its stalled helper");
        let mut moves = RVec::new();
        pos.legal_moves(&mut moves).unwrap();
        assert!(moves.contains(&result.best), "search {search}: an illegal move");
    }
}
