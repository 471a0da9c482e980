//! The alpha-beta player on the shared test games: exact play, limits,
//! stopping, progress reports, errors.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use rules_api::plugin::{position_box, PositionImpl};
use rules_api::score::WIN;
use rules_api::{ErrorKind, Move, RString, RVec, SearchLimits, StatusKind, Tuple2};
use tabula_alphabeta::{AlphaBetaStrategy, Direct, Searcher};
use tabula_kit::testgames::{solve, Faulty, Mnk, Walk};
use tabula_kit::testing::{choose, choose_with_stop, depth, fingerprint, legal, play_game, RandomMover};

fn options(pairs: &[(&str, &str)]) -> rules_api::Options {
    pairs.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect()
}

/// Every ongoing tic-tac-toe position reachable from the start.
fn reachable(pos: &mut Mnk, seen: &mut HashSet<u64>, out: &mut Vec<Mnk>) {
    if !pos.status().is_ongoing() || !seen.insert(pos.hash()) {
        return;
    }
    out.push(pos.clone());
    let mut moves = RVec::new();
    pos.legal_moves(&mut moves);
    for m in moves {
        pos.make_move(m).unwrap();
        reachable(pos, seen, out);
        pos.unmake_move().unwrap();
    }
}

#[test]
fn exact_scores_and_perfect_moves_in_every_tic_tac_toe_position() {
    let mut positions = Vec::new();
    reachable(&mut Mnk::tic_tac_toe(), &mut HashSet::new(), &mut positions);
    assert_eq!(positions.len(), 4520, "tic-tac-toe has 4520 reachable unfinished positions");
    let mut memo = HashMap::new();
    // One player for all of them: the table carries over between searches,
    // as it does between the moves of a game.
    let mut ab = AlphaBetaStrategy::new(1, 0);
    for mut p in positions {
        let exact = solve(&mut p, &mut memo);
        let mut pos = position_box(p.clone());
        let result = choose(&mut ab, &mut pos, depth(9)).0.unwrap();
        assert_eq!(result.score, exact, "score of {}", p.to_text());
        p.make_move(result.best).unwrap();
        let after = solve(&mut p, &mut memo);
        assert_eq!(-(after - after.signum()), exact, "{:?} throws away value in {}", result.best, p.to_text());
    }
}

#[test]
fn prefers_the_shorter_of_two_wins() {
    // x on a1 b1, o on b2 c3, x to move: c1 wins at once, a2 forks and wins in 3.
    let start = Mnk::tic_tac_toe().after(&[0, 4, 1, 8]);
    let mut memo = HashMap::new();
    let fork = start.clone().after(&[3]);
    assert_eq!(solve(&mut fork.clone(), &mut memo), -(WIN - 2), "the fork also wins, more slowly");
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let result = choose(&mut ab, &mut position_box(start), depth(9)).0.unwrap();
    assert_eq!(result.best, Move::place(2));
    assert_eq!(result.score, WIN - 1);
}

#[test]
fn never_loses_tic_tac_toe_and_draws_itself() {
    let mut a = AlphaBetaStrategy::new(1, 1);
    let mut b = AlphaBetaStrategy::new(1, 2);
    let (status, plies) = play_game(&mut a, &mut b, Mnk::tic_tac_toe(), SearchLimits::default(), 9);
    assert_eq!((status.kind, plies), (StatusKind::DRAW, 9), "perfect play draws");
    for seed in 0..15 {
        let mut random = RandomMover::new(seed);
        let (status, _) = play_game(&mut a, &mut random, Mnk::tic_tac_toe(), depth(9), 9);
        assert!(status.kind != StatusKind::WIN || status.winner == 0, "lost as x: {status:?}");
        let (status, _) = play_game(&mut random, &mut b, Mnk::tic_tac_toe(), depth(9), 9);
        assert!(status.kind != StatusKind::WIN || status.winner == 1, "lost as o: {status:?}");
    }
}

#[test]
fn reports_each_completed_depth_with_a_principal_variation() {
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let mut pos = position_box(Mnk::new(5, 5, 4).after(&[12]));
    let (result, infos) = choose(&mut ab, &mut pos, depth(4));
    let result = result.unwrap();
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let last = infos.last().unwrap();
    assert!(last.seldepth >= 4, "quiescence or the horizon reach at least the nominal depth");
    assert_eq!((last.pv[0], last.score), (result.best, result.score));
    assert_eq!(result.depth, 4);
    assert_eq!(result.pv.as_slice(), last.pv.as_slice());
    // The PV is a playable line.
    let mut line = Mnk::new(5, 5, 4).after(&[12]);
    for m in result.pv.iter() {
        line.make_move(*m).expect("every PV move is legal in turn");
    }
}

#[test]
fn honours_depth_and_node_limits() {
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let mut pos = position_box(Mnk::new(6, 6, 4));
    let (result, infos) = choose(&mut ab, &mut pos, depth(2));
    let result = result.unwrap();
    assert_eq!(result.depth, 2);
    assert_eq!(infos.iter().map(|i| i.depth).max(), Some(2));

    let mut ab = AlphaBetaStrategy::new(1, 0);
    let limits = SearchLimits { nodes: 3000, ..SearchLimits::default() };
    let result = choose(&mut ab, &mut pos, limits).0.unwrap();
    assert!(result.nodes <= 3000, "visited {} nodes", result.nodes);
    assert!(result.nodes >= 2000, "the limit, not something else, ended the search ({} nodes)", result.nodes);
    assert!(legal(&pos).contains(&result.best));
}

#[test]
fn stops_soon_after_the_stop_flag_from_another_thread() {
    let mut ab = AlphaBetaStrategy::new(4, 0);
    let mut pos = position_box(Mnk::new(7, 7, 4).after(&[24]));
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(150));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let limits = SearchLimits { time_ms: 120_000, ..SearchLimits::default() };
    let (result, _) = choose_with_stop(&mut ab, &mut pos, limits, &stop);
    let returned = Instant::now();
    let set_at = setter.join().unwrap();
    let result = result.unwrap();
    assert!(legal(&pos).contains(&result.best));
    assert!(result.depth >= 1, "150 ms completes at least one iteration");
    // Generous bound for a loaded machine; without stopping it would run 2 minutes.
    assert!(returned.duration_since(set_at) < Duration::from_secs(2), "took {:?}", returned.duration_since(set_at));
}

#[test]
fn stays_within_the_time_budget() {
    let mut ab = AlphaBetaStrategy::new(4, 0);
    let mut pos = position_box(Mnk::new(7, 7, 4).after(&[24, 25]));
    let started = Instant::now();
    let limits = SearchLimits { time_ms: 300, ..SearchLimits::default() };
    let result = choose(&mut ab, &mut pos, limits).0.unwrap();
    let took = started.elapsed();
    assert!(legal(&pos).contains(&result.best));
    assert!(took < Duration::from_millis(600), "a 300 ms budget took {took:?}");
}

#[test]
fn no_limits_means_a_modest_default_budget() {
    let mut ab = AlphaBetaStrategy::new(4, 0);
    let mut pos = position_box(Mnk::new(7, 7, 4).after(&[24]));
    let started = Instant::now();
    let result = choose(&mut ab, &mut pos, SearchLimits::default()).0.unwrap();
    let took = started.elapsed();
    assert!(legal(&pos).contains(&result.best));
    assert!(took >= Duration::from_millis(300) && took < Duration::from_millis(2000), "took {took:?}");
}

#[test]
fn repetitions_on_the_line_score_as_draws() {
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let mut pos = position_box(Walk::new());
    let result = choose(&mut ab, &mut pos, depth(30)).0.unwrap();
    // Every line either loses or cycles, so the search sees the whole game
    // long before depth 30, and a cycle is worth 0, not the flat +300.
    assert_eq!(result.score, 0);
    assert!(result.depth < 30, "stopped at depth {}", result.depth);
    assert_eq!(result.best, Move::new(2, 3), "stepping back towards 0 only helps the opponent");
}

#[test]
fn a_panicking_position_aborts_the_search_with_its_error() {
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let mut pos = position_box(Faulty { inner: Mnk::tic_tac_toe(), makes_left: 40 });
    let err = choose(&mut ab, &mut pos, depth(9)).0.unwrap_err();
    assert_eq!(err.kind, ErrorKind::PANIC);
    assert!(err.message.contains("deliberate test panic"), "{err}");
}

#[test]
fn no_legal_move_is_an_error() {
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let mut pos = position_box(Mnk::tic_tac_toe().after(&[0, 3, 1, 4, 2]));
    let err = choose(&mut ab, &mut pos, depth(3)).0.unwrap_err();
    assert!(err.message.contains("no legal move") && err.message.contains("line"), "{err}");
}

#[test]
fn options_are_checked_by_name() {
    let good = [("hash_mb", "2"), ("seed", "7"), ("threads", "2"), ("strength", "5")];
    assert!(AlphaBetaStrategy::from_options(&options(&good)).is_ok());
    for (name, value) in
        [("hash_mb", "0"), ("hash_mb", "lots"), ("seed", "x"), ("threads", "0"), ("threads", "65"), ("strength", "21")]
    {
        let err = AlphaBetaStrategy::from_options(&options(&[(name, value)])).err().expect("refused");
        assert_eq!(err.kind, ErrorKind::BAD_OPTION);
        assert!(err.message.contains(name) && err.message.contains(value), "{err}");
    }
    let err = AlphaBetaStrategy::from_options(&options(&[("ponder", "2")])).err().expect("unknown");
    assert!(err.message.contains("'ponder'") && err.message.contains("threads"), "{err}");
}

#[test]
fn the_boundary_and_the_direct_path_search_the_same_tree() {
    let start = Mnk::new(5, 5, 4).after(&[12, 6]);
    let stop = AtomicBool::new(false);
    let mut boxed = position_box(start.clone());
    let mut direct = Direct(start);
    let a = Searcher::new(1, 0).search(&mut boxed, depth(4), &stop, &mut |_| {}).unwrap();
    let b = Searcher::new(1, 0).search(&mut direct, depth(4), &stop, &mut |_| {}).unwrap();
    assert_eq!((a.best, a.score, a.nodes, a.depth), (b.best, b.score, b.nodes, b.depth));
    assert_eq!(a.pv.as_slice(), b.pv.as_slice());
    assert_eq!(fingerprint(&boxed).1, direct.0.hash(), "both positions are back where they started");
}

/// Tic-tac-toe whose null move is refused as illegal (as chess refuses one
/// in a finished game) and whose evaluation invites null-move pruning.
#[derive(Clone)]
struct NoPass(Mnk);

impl PositionImpl for NoPass {
    fn side_to_move(&self) -> u8 {
        self.0.side_to_move()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        self.0.legal_moves(out)
    }
    fn make_move(&mut self, m: Move) -> Result<(), rules_api::PluginError> {
        self.0.make_move(m)
    }
    fn unmake_move(&mut self) -> Result<(), rules_api::PluginError> {
        self.0.unmake_move()
    }
    fn status(&self) -> rules_api::Status {
        self.0.status()
    }
    fn pieces(&self, out: &mut RVec<rules_api::Piece>) {
        self.0.pieces(out)
    }
    fn to_text(&self) -> String {
        self.0.to_text()
    }
    fn move_to_text(&self, m: Move, n: rules_api::Notation) -> Result<String, rules_api::PluginError> {
        self.0.move_to_text(m, n)
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn evaluate(&self) -> i32 {
        500
    }
    fn make_null_move(&mut self) -> Result<(), rules_api::PluginError> {
        Err(rules_api::PluginError::illegal_move("null move refused here"))
    }
}

#[test]
fn a_refused_null_move_is_no_error() {
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let mut pos = position_box(NoPass(Mnk::new(5, 5, 4)));
    let result = choose(&mut ab, &mut pos, depth(5)).0.expect("the search goes on without null moves");
    assert!(legal(&pos).contains(&result.best));
}
