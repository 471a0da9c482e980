//! The random player in games with dice and with more than two players.

use rules_api::plugin::{position_box, StrategyImpl};
use rules_api::{ErrorKind, SearchLimits};
use tabula_kit::arena::play;
use tabula_kit::testgames::{Bust, LastStone, STOP};
use tabula_kit::testing::choose;
use tabula_kit::value::win_probability;
use tabula_random::RandomStrategy;

#[test]
fn a_chance_node_is_refused_never_chosen() {
    let mut random = RandomStrategy::with_seed(1);
    let mut rolling = position_box(Bust::classic().after("roll"));
    let err = choose(&mut random, &mut rolling, SearchLimits::default()).0.unwrap_err();
    assert_eq!(err.kind, ErrorKind::UNSUPPORTED);
    assert!(err.message.contains("chance node"), "{err}");
}

#[test]
fn the_reported_score_is_the_chosen_move_s_worth_to_the_mover() {
    let mut random = RandomStrategy::with_seed(2);
    let mut nine = position_box(Bust::classic().after("roll 4 roll 5"));
    for _ in 0..20 {
        let result = choose(&mut random, &mut nine, SearchLimits::default()).0.unwrap();
        let chance = win_probability(result.score);
        // Stopping on 9 is worth about 0.71; rolling, one good face in six.
        let expected = if result.best == STOP { 0.71 } else { 0.17 };
        assert!((chance - expected).abs() < 0.03, "{:?} scored {chance}", result.best);
    }
}

#[test]
fn random_games_with_dice_and_three_players_finish() {
    let mut rolls = 0;
    for seed in 0..30u64 {
        let (mut a, mut b, mut c) = (
            RandomStrategy::with_seed(seed),
            RandomStrategy::with_seed(seed + 100),
            RandomStrategy::with_seed(seed + 200),
        );
        let mut players: [&mut dyn StrategyImpl; 3] = [&mut a, &mut b, &mut c];
        let played = play(&mut players, Bust::new(3, 6, 12), SearchLimits::default(), 400, seed);
        assert!(!played.outcome.status.is_ongoing());
        rolls += played.chance_moves;
        let played = play(&mut players, LastStone::new(3, 21, 3), SearchLimits::default(), 100, seed);
        assert_eq!(played.outcome.places(3).iter().filter(|&&p| p == 1).count(), 1, "one player takes the last stone");
    }
    assert!(rolls > 30, "the host rolled the dice {rolls} times in 30 games");
}
