//! The random player on the shared test games.

use std::collections::HashSet;

use rules_api::plugin::position_box;
use rules_api::{ErrorKind, RString, SearchLimits, Tuple2};
use tabula_kit::testgames::{Mnk, TakeAway};
use tabula_kit::testing::{choose, legal, play_game};
use tabula_random::RandomStrategy;

fn options(pairs: &[(&str, &str)]) -> rules_api::Options {
    pairs.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect()
}

#[test]
fn only_legal_moves_and_every_one_of_them_in_time() {
    let mut random = RandomStrategy::with_seed(3);
    let mut pos = position_box(Mnk::tic_tac_toe().after(&[4, 0]));
    let moves = legal(&pos);
    let mut seen = HashSet::new();
    for _ in 0..400 {
        let (result, infos) = choose(&mut random, &mut pos, SearchLimits::default());
        let best = result.expect("random always finds a move here").best;
        assert!(moves.contains(&best), "{best:?} is not legal");
        assert_eq!(infos.len(), 1, "one progress report per move");
        seen.insert(best);
    }
    assert_eq!(seen.len(), moves.len(), "400 draws should reach all 7 moves");
}

#[test]
fn the_same_seed_gives_the_same_choices() {
    let picks = |seed: &str| {
        let mut random = RandomStrategy::from_options(&options(&[("seed", seed)])).unwrap();
        let mut pos = position_box(Mnk::new(5, 5, 4));
        (0..30).map(|_| choose(&mut random, &mut pos, SearchLimits::default()).0.unwrap().best).collect::<Vec<_>>()
    };
    assert_eq!(picks("12345"), picks("12345"));
    assert_ne!(picks("12345"), picks("54321"));
}

#[test]
fn no_legal_move_is_an_error_that_says_why() {
    let mut random = RandomStrategy::with_seed(1);
    let mut pos = position_box(TakeAway::new(0, 3));
    let err = choose(&mut random, &mut pos, SearchLimits::default()).0.unwrap_err();
    assert_eq!(err.kind, ErrorKind::UNSUPPORTED);
    assert!(err.message.contains("no legal move") && err.message.contains("took the last stone"), "{err}");
}

#[test]
fn unknown_options_and_bad_seeds_are_refused_by_name() {
    let err = RandomStrategy::from_options(&options(&[("depth", "3")])).err().expect("unknown option");
    assert!(err.message.contains("'depth'"), "{err}");
    let err = RandomStrategy::from_options(&options(&[("seed", "-1")])).err().expect("bad seed");
    assert!(err.message.contains("'seed'") && err.message.contains("-1"), "{err}");
    assert!(RandomStrategy::from_options(&options(&[])).is_ok(), "the clock seed is the default");
}

#[test]
fn random_games_of_tic_tac_toe_finish() {
    let mut a = RandomStrategy::with_seed(10);
    let mut b = RandomStrategy::with_seed(11);
    for _ in 0..50 {
        let (status, plies) = play_game(&mut a, &mut b, Mnk::tic_tac_toe(), SearchLimits::default(), 9);
        assert!(!status.is_ongoing(), "tic-tac-toe ends within 9 plies, got {plies}");
    }
}
