//! The greedy player on the shared test games.

use std::collections::HashSet;

use rules_api::plugin::position_box;
use rules_api::score::WIN;
use rules_api::{ErrorKind, Move, RString, SearchLimits, Tuple2};
use tabula_greedy::GreedyStrategy;
use tabula_kit::testgames::{Coins, Mnk, TakeAway};
use tabula_kit::testing::{choose, play_game, RandomMover};

fn options(pairs: &[(&str, &str)]) -> rules_api::Options {
    pairs.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect()
}

#[test]
fn takes_the_bigger_coin() {
    for seed in 0..10 {
        let mut greedy = GreedyStrategy::with_seed(seed);
        let mut pos = position_box(Coins::new(&[2, 9, 1, 3]));
        let result = choose(&mut greedy, &mut pos, SearchLimits::default()).0.unwrap();
        assert_eq!(result.best, Move::place(3), "3 beats 2");
        assert_eq!(result.score, 3, "the mover leads by the coin taken");
        let mut pos = position_box(Coins::new(&[7, 1, 1, 3]));
        assert_eq!(choose(&mut greedy, &mut pos, SearchLimits::default()).0.unwrap().best, Move::place(0));
    }
}

#[test]
fn equal_gains_go_to_the_plugins_preferred_move() {
    // Both ends are worth 5; the coins game hints the right-hand end first.
    for seed in 0..20 {
        let mut greedy = GreedyStrategy::with_seed(seed);
        let mut pos = position_box(Coins::new(&[5, 1, 1, 5]));
        assert_eq!(choose(&mut greedy, &mut pos, SearchLimits::default()).0.unwrap().best, Move::place(3));
    }
}

#[test]
fn a_win_beats_every_evaluation() {
    let mut greedy = GreedyStrategy::with_seed(1);
    // x on a1 b1, o on a2 b2: x completes the bottom row with c1 (cell 2).
    let mut pos = position_box(Mnk::tic_tac_toe().after(&[0, 3, 1, 4]));
    let result = choose(&mut greedy, &mut pos, SearchLimits::default()).0.unwrap();
    assert_eq!(result.best, Move::place(2));
    assert_eq!(result.score, WIN - 1);
    let mut pos = position_box(TakeAway::new(3, 3));
    assert_eq!(choose(&mut greedy, &mut pos, SearchLimits::default()).0.unwrap().best, Move::new(0, 3));
}

#[test]
fn ties_without_a_preference_are_broken_by_the_seed() {
    let picks = |seed: u64| {
        let mut greedy = GreedyStrategy::with_seed(seed);
        let mut pos = position_box(TakeAway::new(10, 3));
        (0..20).map(|_| choose(&mut greedy, &mut pos, SearchLimits::default()).0.unwrap().best).collect::<Vec<_>>()
    };
    assert_eq!(picks(5), picks(5), "the same seed gives the same tie-breaks");
    let distinct: HashSet<Move> = picks(5).into_iter().collect();
    assert_eq!(distinct.len(), 3, "all three equal moves get chosen over 20 tries");
}

#[test]
fn errors_name_their_cause() {
    let mut greedy = GreedyStrategy::with_seed(1);
    let mut over = position_box(TakeAway::new(0, 3));
    let err = choose(&mut greedy, &mut over, SearchLimits::default()).0.unwrap_err();
    assert_eq!(err.kind, ErrorKind::UNSUPPORTED);
    assert!(err.message.contains("no legal move"), "{err}");
    let err = GreedyStrategy::from_options(&options(&[("hash_mb", "4")])).err().expect("unknown option");
    assert!(err.message.contains("'hash_mb'"), "{err}");
    assert!(GreedyStrategy::from_options(&options(&[("seed", "9")])).is_ok());
}

#[test]
fn greedy_beats_or_holds_random_at_tic_tac_toe() {
    let mut greedy = GreedyStrategy::with_seed(2);
    let mut random = RandomMover::new(3);
    let mut wins = 0;
    for _ in 0..40 {
        let (status, _) = play_game(&mut greedy, &mut random, Mnk::tic_tac_toe(), SearchLimits::default(), 9);
        assert!(!status.is_ongoing());
        wins += (status.kind == rules_api::StatusKind::WIN && status.winner == 0) as u32;
    }
    // Taking every immediate win against a random blocker wins most games.
    assert!(wins >= 20, "greedy won only {wins} of 40");
}
