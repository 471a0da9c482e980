//! The random player plays whole games of chess.

use rules_api::SearchLimits;
use tabula_chess::ChessPosition;
use tabula_kit::testing::play_game;
use tabula_random::RandomStrategy;

#[test]
fn random_chess_games_reach_a_result() {
    for seed in 0..3 {
        let mut white = RandomStrategy::with_seed(seed);
        let mut black = RandomStrategy::with_seed(seed + 100);
        // The fifty-move rule ends any game within a few thousand plies;
        // random games usually end far sooner.
        let (status, plies) = play_game(&mut white, &mut black, ChessPosition::start(), SearchLimits::default(), 6000);
        assert!(!status.is_ongoing(), "game {seed} still going after {plies} plies");
        assert!(!status.reason.is_empty());
    }
}
