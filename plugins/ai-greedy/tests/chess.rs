//! The greedy player on chess positions.

use rules_api::plugin::{position_box, PositionImpl};
use rules_api::{Notation, SearchLimits, StatusKind};
use tabula_chess::ChessPosition;
use tabula_greedy::GreedyStrategy;
use tabula_kit::testing::{choose, play_game, RandomMover};

fn greedy_move(fen: &str) -> String {
    let position = ChessPosition::from_fen(fen).expect("test FEN is valid");
    let mut greedy = GreedyStrategy::with_seed(1);
    let mut pos = position_box(position.clone());
    let best = choose(&mut greedy, &mut pos, SearchLimits::default()).0.expect("greedy finds a move").best;
    position.move_to_text(best, Notation::COORDINATE).expect("the move prints")
}

#[test]
fn takes_a_hanging_queen() {
    assert_eq!(greedy_move("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"), "d2d5");
}

#[test]
fn takes_the_queen_rather_than_a_pawn() {
    // The rook can also take the pawn on a2.
    assert_eq!(greedy_move("4k3/8/8/3q4/8/8/p2R4/4K3 w - - 0 1"), "d2d5");
}

#[test]
fn delivers_mate_in_one_over_winning_material() {
    // Re8 mates (Ra8+ would be met by ...Bd8); taking the loose bishop on
    // a5 wins material but scores below a win.
    assert_eq!(greedy_move("6k1/5ppp/8/b7/8/8/5PPP/R3R1K1 w - - 0 1").as_str(), "e1e8");
}

#[test]
fn greedy_finishes_chess_games_against_random_without_losing() {
    let mut greedy = GreedyStrategy::with_seed(4);
    for seed in 0..2 {
        let mut random = RandomMover::new(seed);
        let (status, plies) =
            play_game(&mut greedy, &mut random, ChessPosition::start(), SearchLimits::default(), 6000);
        assert!(!status.is_ongoing(), "game still going after {plies} plies");
        assert!(status.kind != StatusKind::WIN || status.winner == 0, "greedy lost: {status:?} after {plies} plies");
    }
}
