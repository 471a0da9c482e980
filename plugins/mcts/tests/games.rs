//! The Monte Carlo player on every shipped game and on the kit's small
//! games: whole games to the end, proven wins, limits, threads, tree
//! reuse and options.

use std::time::{Duration, Instant};

use rules_api::plugin::{position_box, PositionImpl, RulesImpl};
use rules_api::score::WIN_THRESHOLD;
use rules_api::{ErrorKind, Notation, Options, RString, SearchLimits, StatusKind, Tuple2};
use tabula_kit::testgames::Mnk;
use tabula_kit::testing::{choose, legal, play_game, RandomMover};
use tabula_mcts::{Leaf, MctsStrategy, Playout, Settings};

fn options(pairs: &[(&str, &str)]) -> Options {
    pairs.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect()
}

fn mcts(seed: u64, threads: usize) -> MctsStrategy {
    MctsStrategy::new(Settings { seed, threads, ..Settings::default() })
}

/// A 15×15 gomoku position text with Black to move.
fn gomoku_text(black: &[&str], white: &[&str]) -> String {
    let mut rows = vec![vec!['.'; 15]; 15];
    for (stones, c) in [(black, 'x'), (white, 'o')] {
        for name in stones {
            let col = (name.as_bytes()[0] - b'a') as usize;
            let row: usize = name[1..].parse().unwrap();
            rows[15 - row][col] = c;
        }
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    format!("{} x", rows.join("/"))
}

/// Plays mcts against random from `start` to the end, both colours.
fn finishes<P: PositionImpl>(start: impl Fn() -> P, limits: SearchLimits, max_plies: usize, what: &str) {
    for seed in 0..2 {
        let (mut m, mut r) = (mcts(seed, 1), RandomMover::new(seed));
        let (status, plies) = play_game(&mut m, &mut r, start(), limits, max_plies);
        assert!(!status.is_ongoing(), "{what}: no result after {plies} plies");
        assert!(status.kind != StatusKind::WIN || status.winner == 0, "{what}: mcts lost to random as first");
        let (status, plies) = play_game(&mut r, &mut m, start(), limits, max_plies);
        assert!(!status.is_ongoing(), "{what}: no result after {plies} plies");
        assert!(status.kind != StatusKind::WIN || status.winner == 1, "{what}: mcts lost to random as second");
    }
}

#[test]
fn completes_chess_games() {
    let limits = SearchLimits { nodes: 300, ..SearchLimits::default() };
    finishes(tabula_chess::ChessPosition::start, limits, 2000, "chess");
}

#[test]
fn completes_xiangqi_games() {
    let rules = tabula_xiangqi::XiangqiRules::new();
    let limits = SearchLimits { nodes: 300, ..SearchLimits::default() };
    finishes(|| rules.start_position().unwrap(), limits, 2000, "xiangqi");
}

#[test]
fn completes_gomoku_games_with_playouts() {
    let rules = tabula_gomoku::GomokuRules::from_options(&options(&[("size", "9")])).unwrap();
    let limits = SearchLimits { nodes: 300, ..SearchLimits::default() };
    finishes(|| rules.start_position().unwrap(), limits, 100, "gomoku");
}

#[test]
fn completes_tictactoe_and_never_loses_it() {
    let rules = tabula_tictactoe::TicTacToe::new(&Options::new()).unwrap();
    for seed in 0..6 {
        let mut m = MctsStrategy::new(Settings { seed, leaf: Some(Leaf::Playout), ..Settings::default() });
        let limits = SearchLimits { nodes: 3000, ..SearchLimits::default() };
        let mut r = RandomMover::new(seed);
        let (status, _) = play_game(&mut r, &mut m, rules.start_position().unwrap(), limits, 9);
        assert!(!status.is_ongoing());
        assert!(status.kind != StatusKind::WIN || status.winner == 1, "seed {seed}: lost as o");
    }
}

#[test]
fn proves_a_mate_in_one_and_a_five() {
    let mate = tabula_chess::ChessPosition::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    let mut pos = position_box(mate);
    let result = choose(&mut mcts(1, 1), &mut pos, SearchLimits::time(5000)).0.unwrap();
    assert_eq!(pos.move_to_text(result.best, Notation::COORDINATE).unwrap().as_str(), "d1d8");
    assert!(result.score >= WIN_THRESHOLD, "a proven win reports a decided score: {}", result.score);
    // Gomoku, playouts only: Black's four d8-g8 completes at c8 or h8.
    let rules = tabula_gomoku::GomokuRules::from_options(&Options::new()).unwrap();
    let start =
        rules.position_from_text(&gomoku_text(&["d8", "e8", "f8", "g8"], &["c10", "c11", "c12", "m2"])).unwrap();
    let mut pos = position_box(start);
    let mut m = MctsStrategy::new(Settings {
        seed: 2,
        leaf: Some(Leaf::Playout),
        playout: Playout::Random,
        ..Settings::default()
    });
    let result = choose(&mut m, &mut pos, SearchLimits::time(5000)).0.unwrap();
    let name = pos.move_to_text(result.best, Notation::COORDINATE).unwrap();
    assert!(["c8", "h8"].contains(&name.as_str()), "played {name}");
    assert!(result.score >= WIN_THRESHOLD);
}

#[test]
fn honours_playout_and_time_limits_and_reports_progress() {
    let mut pos = position_box(tabula_chess::ChessPosition::start());
    let (result, infos) = choose(&mut mcts(3, 1), &mut pos, SearchLimits { nodes: 500, ..SearchLimits::default() });
    let result = result.unwrap();
    assert_eq!(result.nodes, 500, "nodes count playouts");
    let last = infos.last().expect("a final report");
    assert!(last.note.as_str().contains("win rate") && last.note.as_str().contains("playouts"), "{}", last.note);
    assert_eq!(last.pv.first(), Some(&result.best));
    let mut m = mcts(4, 2);
    let started = Instant::now();
    let result = choose(&mut m, &mut pos, SearchLimits::time(300)).0.unwrap();
    assert!(legal(&pos).contains(&result.best));
    assert!(started.elapsed() < Duration::from_millis(1500), "took {:?}", started.elapsed());
    let opts = options(&[("playouts", "200"), ("threads", "2"), ("seed", "5")]);
    let mut m = MctsStrategy::from_options(&opts).unwrap();
    let result = choose(&mut m, &mut pos, SearchLimits::time(60_000)).0.unwrap();
    assert!(result.nodes >= 200 && result.nodes <= 202, "{} playouts for a limit of 200", result.nodes);
}

#[test]
fn keeps_the_subtree_of_the_move_played() {
    let mut m = mcts(6, 1);
    let mut board = Mnk::new(5, 5, 4);
    let limits = SearchLimits { nodes: 2000, ..SearchLimits::default() };
    let first = choose(&mut m, &mut position_box(board.clone()), limits).0.unwrap();
    assert!(!m.searcher().reused_tree(), "nothing to reuse at first");
    board.make_move(first.best).unwrap();
    let reply = first.pv.get(1).copied().unwrap_or_else(|| legal(&position_box(board.clone()))[0]);
    board.make_move(reply).unwrap();
    choose(&mut m, &mut position_box(board.clone()), limits).0.unwrap();
    assert!(m.searcher().reused_tree(), "the reply was in the tree");
    // An unrelated position starts afresh.
    choose(&mut m, &mut position_box(Mnk::new(5, 5, 4).after(&[0, 24])), limits).0.unwrap();
    assert!(!m.searcher().reused_tree());
}

#[test]
fn options_are_checked() {
    let good = [("threads", "2"), ("leaf", "playout"), ("playout", "random"), ("exploration", "0.8")];
    assert!(MctsStrategy::from_options(&options(&good)).is_ok());
    for (name, value) in [("threads", "0"), ("leaf", "maybe"), ("exploration", "-1"), ("tree_mb", "0")] {
        let err = MctsStrategy::from_options(&options(&[(name, value)])).err().expect("refused");
        assert_eq!(err.kind, ErrorKind::BAD_OPTION);
        assert!(err.message.contains(name) && err.message.contains(value), "{err}");
    }
}
