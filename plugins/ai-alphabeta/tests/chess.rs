//! The alpha-beta player on chess positions, through the boundary object.

use rules_api::plugin::{position_box, PositionImpl};
use rules_api::score::WIN;
use rules_api::{Move, Notation, RVec, SearchLimits, StatusKind};
use tabula_alphabeta::AlphaBetaStrategy;
use tabula_chess::ChessPosition;
use tabula_kit::testing::{choose, legal, play_game, RandomMover};

fn moves_of(pos: &ChessPosition) -> Vec<Move> {
    let mut out = RVec::new();
    pos.legal_moves(&mut out);
    out.into_vec()
}

/// Whether the side to move has a move that checkmates.
fn has_mate_in_one(pos: &mut ChessPosition) -> bool {
    let mover = pos.side_to_move();
    moves_of(pos).into_iter().any(|m| {
        pos.make_move(m).unwrap();
        let status = pos.status();
        pos.unmake_move().unwrap();
        status.kind == StatusKind::WIN && status.winner == mover
    })
}

fn search(fen: &str, limits: SearchLimits) -> (ChessPosition, rules_api::SearchResult) {
    let position = ChessPosition::from_fen(fen).expect("test FEN is valid");
    let mut ab = AlphaBetaStrategy::new(8, 0);
    let mut pos = position_box(position.clone());
    let result = choose(&mut ab, &mut pos, limits).0.expect("alphabeta finds a move");
    assert!(legal(&pos).contains(&result.best));
    (position, result)
}

#[test]
fn finds_the_rook_roller_mate_in_two() {
    // White Rb1 and Ra1 against a bare king on e8: 1.Rb7 (or 1.Ra7) cuts
    // the king off on the back rank, it can only step to d8 or f8, and the
    // other rook mates on the 8th. No check mates at once: after Ra8+ or
    // Rb8+ the king walks up to the 7th rank.
    let (mut position, result) =
        search("4k3/8/8/8/8/8/8/RR4K1 w - - 0 1", SearchLimits { depth: 6, ..Default::default() });
    assert_eq!(result.score, WIN - 3, "mate in two is three plies");
    assert!(!has_mate_in_one(&mut position), "the problem has no shorter solution");
    // Whatever black answers, white then has a mate in one.
    position.make_move(result.best).unwrap();
    for reply in moves_of(&position) {
        position.make_move(reply).unwrap();
        assert!(has_mate_in_one(&mut position), "{:?} escapes the mate", reply);
        position.unmake_move().unwrap();
    }
    assert!(result.depth <= 4, "the search stops once the mate is proven (depth {})", result.depth);
}

#[test]
fn avoids_a_back_rank_mate_in_one() {
    // Black to move, with Re8# threatened. Grabbing the f2 pawn with the
    // rook allows it; a flight square, ...Rb8 or ...Rxe... do not.
    let fen = "6k1/5ppp/8/8/8/8/1r3PPP/4R1K1 b - - 0 1";
    let (mut position, result) = search(fen, SearchLimits { depth: 4, ..Default::default() });
    let greedy_grab = position.parse_move("b2f2", Notation::COORDINATE).unwrap();
    position.make_move(greedy_grab).unwrap();
    assert!(has_mate_in_one(&mut position), "the test position does threaten mate");
    position.unmake_move().unwrap();
    position.make_move(result.best).unwrap();
    assert!(!has_mate_in_one(&mut position), "{:?} walks into Re8#", result.best);
    assert!(result.score > -(WIN / 2), "black is not lost: {}", result.score);
}

#[test]
fn wins_or_holds_whole_chess_games_against_random() {
    let mut ab = AlphaBetaStrategy::new(8, 0);
    let limits = SearchLimits { depth: 3, time_ms: 200, nodes: 0, max_time_ms: 0 };
    for seed in 0..2 {
        let mut random = RandomMover::new(seed);
        let (status, plies) = play_game(&mut ab, &mut random, ChessPosition::start(), limits, 2000);
        assert!(!status.is_ongoing(), "game still going after {plies} plies");
        assert!(status.kind != StatusKind::WIN || status.winner == 0, "alphabeta lost as white: {status:?}");
        let (status, plies) = play_game(&mut random, &mut ab, ChessPosition::start(), limits, 2000);
        assert!(!status.is_ongoing(), "game still going after {plies} plies");
        assert!(status.kind != StatusKind::WIN || status.winner == 1, "alphabeta lost as black: {status:?}");
    }
}
