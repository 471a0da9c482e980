//! The greedy player in games with dice and with more than two players:
//! expectations over the roll that follows a move, the mover's own
//! evaluation among several players, and whole games to the end.

use rules_api::plugin::{position_box, PositionImpl, StrategyImpl};
use rules_api::{ErrorKind, Move, PositionExt, SearchLimits};
use tabula_greedy::GreedyStrategy;
use tabula_kit::arena::play;
use tabula_kit::testgames::{face, Bust, LastStone, Misjudged, ROLL, STOP};
use tabula_kit::testing::{choose, RandomMover};
use tabula_kit::value::win_probability;

/// The first player's position with `total` (d6 to 10), rolled in sixes.
fn first_player_on(total: u8) -> Bust {
    let mut moves = String::new();
    let mut left = total;
    while left > 0 {
        moves += &format!("roll {} ", left.min(6));
        left -= left.min(6);
    }
    Bust::classic().after(&moves)
}

/// The evaluation of the first player, as a chance, after `moves`.
fn chance_after(position: &Bust, moves: &[Move]) -> f64 {
    let mut p = position.clone();
    for &m in moves {
        p.make_move(m).unwrap();
    }
    let outcome = position_box(p.clone()).full_result().unwrap();
    if !outcome.status.is_ongoing() {
        return tabula_kit::value::reward(&outcome, 0);
    }
    win_probability(position_box(p).evaluation_of(0))
}

#[test]
fn a_roll_is_valued_by_its_expectation_not_its_best_case() {
    let mut greedy = GreedyStrategy::with_seed(1);
    // On 9 stopping is worth more than the mean of the six rolls, although
    // one roll (a 1, to 10) would be better than stopping.
    let nine = first_player_on(9);
    let stop = chance_after(&nine, &[STOP]);
    let rolls: Vec<f64> = (1..=6).map(|d| chance_after(&nine, &[ROLL, face(d)])).collect();
    let mean = rolls.iter().sum::<f64>() / 6.0;
    assert!(rolls.iter().cloned().fold(0.0, f64::max) > stop && mean < stop, "{stop} {rolls:?}");
    let result = choose(&mut greedy, &mut position_box(nine), SearchLimits::default()).0.unwrap();
    assert_eq!(result.best, STOP);
    assert!((win_probability(result.score) - stop).abs() < 0.01, "the score is the value of stopping");
    // On 5 the mean of the rolls is worth more than stopping, although one
    // roll (a 6) busts.
    let five = first_player_on(5);
    let stop = chance_after(&five, &[STOP]);
    let rolls: Vec<f64> = (1..=6).map(|d| chance_after(&five, &[ROLL, face(d)])).collect();
    assert!(rolls.iter().cloned().fold(1.0, f64::min) < stop && rolls.iter().sum::<f64>() / 6.0 > stop);
    let result = choose(&mut greedy, &mut position_box(five), SearchLimits::default()).0.unwrap();
    assert_eq!(result.best, ROLL);
    assert!((win_probability(result.score) - rolls.iter().sum::<f64>() / 6.0).abs() < 0.01);
}

#[test]
fn a_chance_node_is_refused_never_chosen() {
    let mut greedy = GreedyStrategy::with_seed(1);
    let mut rolling = position_box(Bust::classic().after("roll"));
    let err = choose(&mut greedy, &mut rolling, SearchLimits::default()).0.unwrap_err();
    assert_eq!(err.kind, ErrorKind::UNSUPPORTED);
    assert!(err.message.contains("chance node"), "{err}");
}

#[test]
fn among_three_players_it_takes_the_win_and_does_not_hand_one_over() {
    let mut greedy = GreedyStrategy::with_seed(4);
    let mut pile = position_box(LastStone::new(3, 3, 3));
    assert_eq!(choose(&mut greedy, &mut pile, SearchLimits::default()).0.unwrap().best, Move::new(0, 3));
    // From 5, taking 2 or 3 leaves the next player the rest (and this
    // player last); taking 1 does not.
    for seed in 0..10 {
        let mut greedy = GreedyStrategy::with_seed(seed);
        let mut pile = position_box(LastStone::new(3, 5, 3));
        assert_eq!(choose(&mut greedy, &mut pile, SearchLimits::default()).0.unwrap().best, Move::new(0, 1));
    }
}

#[test]
fn the_mover_s_own_evaluation_decides_not_the_next_player_s_negated() {
    // From 4 (take 1 to 2), taking 2 leaves the next player the rest: the
    // evaluation of every player says so (-800 for this one), while the
    // lying single evaluation, negated, would call it +800.
    let mut greedy = GreedyStrategy::with_seed(0);
    let mut pos = position_box(Misjudged { inner: LastStone::new(3, 4, 2) });
    let result = choose(&mut greedy, &mut pos, SearchLimits::default()).0.unwrap();
    assert_eq!((result.best, result.score), (Move::new(0, 1), 0));
}

#[test]
fn greedy_finishes_dice_and_three_player_games() {
    for seed in 0..20u64 {
        let (mut a, mut b, mut c) =
            (GreedyStrategy::with_seed(seed), RandomMover::new(seed), GreedyStrategy::with_seed(seed + 1));
        let mut players: [&mut dyn StrategyImpl; 3] = [&mut a, &mut b, &mut c];
        let played = play(&mut players, Bust::new(3, 6, 15), SearchLimits::default(), 400, seed);
        assert!(!played.outcome.status.is_ongoing() && played.chance_moves > 0, "{played:?}");
        let played = play(&mut players, LastStone::new(3, 25, 3), SearchLimits::default(), 100, seed);
        assert!(!played.outcome.status.is_ongoing());
    }
}

#[test]
fn greedy_beats_random_at_two_player_bust() {
    let (mut greedy, mut random) = (GreedyStrategy::with_seed(9), RandomMover::new(9));
    let mut score = 0.0;
    for seed in 0..200u64 {
        let mut players: [&mut dyn StrategyImpl; 2] = [&mut greedy, &mut random];
        let first = play(&mut players, Bust::classic(), SearchLimits::default(), 100, seed);
        let mut players: [&mut dyn StrategyImpl; 2] = [&mut random, &mut greedy];
        let second = play(&mut players, Bust::classic(), SearchLimits::default(), 100, seed + 1000);
        score += first.outcome.payoff(0) + second.outcome.payoff(1);
    }
    // Random stops half the time at every total; greedy only when it pays.
    assert!(score > 100.0, "greedy's net score over 400 games: {score}");
}
