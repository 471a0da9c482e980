//! The Monte Carlo player in games with dice (outcomes drawn by their
//! probabilities, in the tree and in playouts) and with more than two
//! players (a reward per player from the payoffs, each node judged by the
//! player who moved into it).

use rules_api::plugin::{position_box, PositionImpl, StrategyImpl};
use rules_api::{ErrorKind, Move, SearchLimits};
use tabula_kit::arena::play;
use tabula_kit::testgames::{bust_values, last_stone_values, Bust, LastStone, ROLL, STOP};
use tabula_kit::testing::{choose, RandomMover};
use tabula_mcts::{Leaf, MctsStrategy, Playout, Settings};

fn mcts(seed: u64, leaf: Leaf) -> MctsStrategy {
    MctsStrategy::new(Settings { seed, leaf: Some(leaf), playout: Playout::Random, tree_mb: 8, ..Settings::default() })
}

fn playouts(n: u64) -> SearchLimits {
    SearchLimits { nodes: n, ..SearchLimits::default() }
}

/// The first player of Bust d6 to 10 on `total`, rolled in sixes.
fn first_player_on(total: u8) -> Bust {
    let mut moves = String::new();
    let mut left = total;
    while left > 0 {
        moves += &format!("roll {} ", left.min(6));
        left -= left.min(6);
    }
    Bust::classic().after(&moves)
}

#[test]
fn bust_is_played_by_expectation_with_either_kind_of_leaf() {
    // On 9 a roll has the better best case, on 5 and 6 stopping the safer
    // worst case; the expectation says stop, roll, roll.
    for (total, want) in [(9, STOP), (5, ROLL), (6, ROLL), (10, STOP)] {
        let position = first_player_on(total);
        let exact = bust_values(&position);
        let best = exact.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap().0;
        assert_eq!(best, want, "with {total}: {exact:?}");
        for (seed, leaf) in [(1, Leaf::Eval), (2, Leaf::Playout), (3, Leaf::Playout)] {
            let result = choose(&mut mcts(seed, leaf), &mut position_box(position.clone()), playouts(3000)).0.unwrap();
            assert_eq!(result.best, want, "with {total}, {leaf:?} leaves, seed {seed}");
        }
    }
}

#[test]
fn a_chance_node_is_refused_never_chosen() {
    let err = choose(&mut mcts(0, Leaf::Eval), &mut position_box(Bust::classic().after("roll")), playouts(100))
        .0
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::UNSUPPORTED);
    assert!(err.message.contains("chance node"), "{err}");
}

#[test]
fn three_players_find_the_move_that_is_best_for_the_mover() {
    // Last stone, every player for themselves (max^n): the known best move
    // wherever it is a single one.
    for max_take in [2u16, 3] {
        for pile in 2..=10u16 {
            let position = LastStone::new(3, pile, max_take);
            let values = last_stone_values(&position);
            let top = values.iter().map(|(_, v)| v[0]).fold(f64::MIN, f64::max);
            let tops: Vec<Move> = values.iter().filter(|(_, v)| v[0] == top).map(|(m, _)| *m).collect();
            if tops.len() > 1 {
                continue;
            }
            let result = choose(&mut mcts(5, Leaf::Playout), &mut position_box(position), playouts(4000)).0.unwrap();
            assert_eq!(result.best, tops[0], "pile {pile}, take 1 to {max_take}: {values:?}");
        }
    }
}

#[test]
fn the_tree_is_kept_across_rolls_and_other_players_moves() {
    // Bust: rolling on 5, the host rolls a 3 and the same player decides
    // again on 8.
    let mut m = mcts(7, Leaf::Eval);
    let five = first_player_on(5);
    let first = choose(&mut m, &mut position_box(five.clone()), playouts(2000)).0.unwrap();
    assert_eq!(first.best, ROLL);
    let eight = five.after("roll 3");
    choose(&mut m, &mut position_box(eight), playouts(500)).0.unwrap();
    assert!(m.searcher().reused_tree(), "the roll was in the tree");
    // Last stone among three: two other players move before the next turn.
    let mut m = mcts(8, Leaf::Playout);
    let mut pile = LastStone::new(3, 12, 3);
    let mine = choose(&mut m, &mut position_box(pile.clone()), playouts(3000)).0.unwrap();
    for mv in [mine.best, Move::new(0, 1), Move::new(0, 1)] {
        pile.make_move(mv).unwrap();
    }
    choose(&mut m, &mut position_box(pile), playouts(500)).0.unwrap();
    assert!(m.searcher().reused_tree(), "both replies were in the tree");
}

#[test]
fn mcts_beats_random_players_in_three_player_games_and_with_dice() {
    let (mut r1, mut r2) = (RandomMover::new(1), RandomMover::new(2));
    let mut m = MctsStrategy::new(Settings { seed: 4, threads: 2, tree_mb: 8, ..Settings::default() });
    let (mut last_stone, mut bust) = (0.0, 0.0);
    for seed in 0..24u64 {
        let seat = (seed % 3) as usize;
        let played = {
            let mut players: Vec<&mut dyn StrategyImpl> = vec![&mut r1, &mut r2];
            players.insert(seat, &mut m);
            play(&mut players, LastStone::new(3, 15 + seed as u16 % 5, 3), playouts(600), 100, seed)
        };
        last_stone += played.outcome.payoff(seat as u8);
        let played = {
            let mut players: Vec<&mut dyn StrategyImpl> = vec![&mut r1, &mut r2];
            players.insert(seat, &mut m);
            play(&mut players, Bust::new(3, 6, 12), playouts(600), 400, seed)
        };
        assert!(!played.outcome.status.is_ongoing());
        bust += played.outcome.payoff(seat as u8);
    }
    // A random player's payoff averages 0 in both games.
    assert!(last_stone > 6.0, "mcts's payoffs at last stone: {last_stone} in 24 games");
    assert!(bust > 6.0, "mcts's payoffs at bust: {bust} in 24 games");
}
