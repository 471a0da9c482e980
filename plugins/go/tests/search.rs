//! The generic strategies play Go: every move they choose is legal, the
//! search takes a chain in atari, ends a won game by
//! passing, and alpha-beta beats random play.

use rules_api::plugin::{position_box, RulesImpl};
use rules_api::{Move, Notation, Options, PositionExt, RString, SearchLimits, StatusKind, Tuple2};
use tabula_alphabeta::AlphaBetaStrategy;
use tabula_go::{GoPosition, GoRules};
use tabula_greedy::GreedyStrategy;
use tabula_kit::testing::{choose, depth, play_game};
use tabula_random::RandomStrategy;

fn rules(size: &str) -> GoRules {
    let options: Options = vec![Tuple2(RString::from("size"), RString::from(size))].into();
    GoRules::from_options(&options).unwrap()
}

fn position(size: &str, text: &str) -> GoPosition {
    rules(size).position_from_text(text).unwrap()
}

fn best(text: &str, size: &str, plies: u32) -> String {
    let mut pos = position_box(position(size, text));
    let (result, _) = choose(&mut AlphaBetaStrategy::new(16, 1), &mut pos, depth(plies));
    pos.notate(result.unwrap().best, Notation::COORDINATE).unwrap()
}

#[test]
fn every_strategy_plays_legal_moves_to_the_end_or_the_limit() {
    let start = || rules("7").start_position().unwrap();
    let (status, plies) = play_game(
        &mut RandomStrategy::with_seed(3),
        &mut GreedyStrategy::with_seed(4),
        start(),
        SearchLimits::default(),
        400,
    );
    assert!(plies > 20, "{status:?} after {plies}");
    let (_, plies) =
        play_game(&mut AlphaBetaStrategy::new(8, 5), &mut RandomStrategy::with_seed(6), start(), depth(2), 60);
    assert!(plies > 10);
}

#[test]
fn alphabeta_sees_the_capture_of_a_chain_in_atari() {
    // White's two stones on the c-file have one liberty, C4.
    let text = "...../...../.xox./.xox./..x.. b 0 -";
    assert_eq!(best(text, "5", 1), "C4", "the capture is the best single move");
}

/// Played out, the chain in atari is taken. The evaluation once paid a
/// prisoner's bonus for an enemy chain left in atari, on top of its points:
/// the search then kept putting the capture off until the chain escaped.
#[test]
fn alphabeta_captures_a_chain_in_atari() {
    let text = "...../...../.xox./.xox./..x.. b 0 -";
    let mut pos = position_box(position("5", text));
    let (mut black, mut white) = (AlphaBetaStrategy::new(16, 1), AlphaBetaStrategy::new(16, 2));
    for ply in 0..8 {
        let strategy = if ply % 2 == 0 { &mut black } else { &mut white };
        let (result, _) = choose(strategy, &mut pos, depth(3));
        pos.play(result.unwrap().best).unwrap();
        let text = pos.text().unwrap();
        let rows: Vec<&str> = text.split(['/', ' ']).collect();
        if rows[2].as_bytes()[2] != b'o' && rows[3].as_bytes()[2] != b'o' {
            return;
        }
    }
    panic!("white's chain on C2-C3 still stands after eight plies: {}", pos.text().unwrap());
}

#[test]
fn alphabeta_passes_to_end_a_game_it_has_won() {
    // White passed; Black owns the board on the count, so passing wins.
    let text = "...../...../..x../...../..... b 1 -";
    assert_eq!(best(text, "5", 2), "pass");
}

#[test]
fn alphabeta_beats_random_play_on_a_small_board() {
    let mut wins = 0;
    for seed in 0..2 {
        let start = rules("5").start_position().unwrap();
        let (status, plies) = play_game(
            &mut AlphaBetaStrategy::new(8, seed),
            &mut RandomStrategy::with_seed(100 + seed),
            start,
            depth(2),
            300,
        );
        wins += (status.kind == StatusKind::WIN && status.winner == 0) as u32;
        assert!(plies < 300 || status.kind != StatusKind::ONGOING, "seed {seed}: {status:?}");
    }
    assert_eq!(wins, 2);
    let _ = Move::PASS;
}
