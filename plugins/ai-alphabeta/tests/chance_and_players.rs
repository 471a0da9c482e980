//! The alpha-beta player in games with dice (expectimax with Star1) and
//! with more than two players (paranoid search): exact values against the
//! kit's solvers, the table across root players, threads, weak levels,
//! sampling, and whole games.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use rules_api::plugin::{position_box, PositionImpl, StrategyImpl};
use rules_api::score::{is_decided, WIN};
use rules_api::{ErrorKind, Move, PositionExt, RVec, SearchLimits};
use tabula_alphabeta::{AlphaBetaStrategy, Direct, Searcher, Settings, Strength};
use tabula_kit::arena::play;
use tabula_kit::testgames::{bust_values, last_stone_values, Bust, LastStone, Misjudged, ROLL, STOP};
use tabula_kit::testing::{choose, depth, legal, RandomMover};
use tabula_kit::value::{score_of_probability, win_probability};

/// Deep enough to reach the end of every game of Bust d6 to 10.
const TO_THE_END: u32 = 30;

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

/// The best move of a Bust decision and its exact expected payoff.
fn exact_best(position: &Bust) -> (Move, f64) {
    let values = bust_values(position);
    values.into_iter().max_by(|a, b| a.1.total_cmp(&b.1)).expect("a decision has moves")
}

#[test]
fn bust_is_played_by_expectation_and_scored_exactly() {
    let mut ab = AlphaBetaStrategy::new(4, 0);
    for total in 0..=10 {
        let position = first_player_on(total);
        let (best, value) = exact_best(&position);
        let result = choose(&mut ab, &mut position_box(position), depth(TO_THE_END)).0.unwrap();
        assert_eq!(result.best, best, "with {total}");
        // The expected payoff v in -1..1 is a chance of (1 + v) / 2.
        let expected = score_of_probability((1.0 + value) / 2.0);
        assert!((result.score - expected).abs() <= 2, "with {total}: {} against {expected}", result.score);
    }
}

#[test]
fn the_better_expectation_beats_the_better_best_case_and_the_safer_worst_case() {
    // On 9, a roll can reach 10, better than anything stopping gives; on 6
    // a roll can bust, worse than anything stopping gives. Expectation says
    // stop on 9 and roll on 6.
    let mut ab = AlphaBetaStrategy::new(4, 1);
    let nine = choose(&mut ab, &mut position_box(first_player_on(9)), depth(TO_THE_END)).0.unwrap();
    let six = choose(&mut ab, &mut position_box(first_player_on(6)), depth(TO_THE_END)).0.unwrap();
    assert_eq!((nine.best, six.best), (STOP, ROLL));
    // The second player, behind on 4 against 8, rolls; level on 8, stops.
    let behind = Bust::classic().after("roll 4 roll 4 stop roll 4");
    let level = Bust::classic().after("roll 4 roll 4 stop roll 4 roll 4");
    for (position, want) in [(behind, ROLL), (level, STOP)] {
        assert_eq!(exact_best(&position).0, want);
        let result = choose(&mut ab, &mut position_box(position), depth(TO_THE_END)).0.unwrap();
        assert_eq!(result.best, want);
    }
}

#[test]
fn shallow_searches_of_dice_are_sound_and_deepen_to_the_exact_value() {
    // Every depth gives a legal move and an ordinary (never decided)
    // score; the depth that reaches the end gives the exact one.
    let position = first_player_on(7);
    let (_, value) = exact_best(&position);
    let mut last = None;
    for d in 1..=TO_THE_END {
        let mut ab = AlphaBetaStrategy::new(1, 0);
        let result = choose(&mut ab, &mut position_box(position.clone()), depth(d)).0.unwrap();
        assert!(!is_decided(result.score), "depth {d}: {}", result.score);
        last = Some(result.score);
    }
    let expected = score_of_probability((1.0 + value) / 2.0);
    assert!((last.unwrap() - expected).abs() <= 2);
}

#[test]
fn a_chance_node_is_refused_never_chosen() {
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let err = choose(&mut ab, &mut position_box(Bust::classic().after("roll")), depth(3)).0.unwrap_err();
    assert_eq!(err.kind, ErrorKind::UNSUPPORTED);
    assert!(err.message.contains("chance node"), "{err}");
}

#[test]
fn the_boundary_and_the_direct_path_search_the_same_dice() {
    let start = first_player_on(5);
    let stop = AtomicBool::new(false);
    let a = Searcher::new(1, 0).search(&mut position_box(start.clone()), depth(8), &stop, &mut |_| {}).unwrap();
    let b = Searcher::new(1, 0).search(&mut Direct(start), depth(8), &stop, &mut |_| {}).unwrap();
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}

#[test]
fn a_die_with_many_faces_is_sampled_and_still_played_sensibly() {
    // 60 faces, more than are searched in full: near the limit stopping is
    // plainly right, far from it rolling.
    let game = Bust::new(2, 60, 90);
    let near = game.clone().after("roll 60 roll 25");
    let far = game.clone().after("roll 10");
    for (position, want) in [(near, STOP), (far, ROLL)] {
        assert_eq!(exact_best(&position).0, want);
        let mut ab = AlphaBetaStrategy::new(4, 0);
        let first = choose(&mut ab, &mut position_box(position.clone()), depth(4)).0.unwrap();
        assert_eq!(first.best, want, "{}", position.to_text());
        // The sample follows the position: the same search again agrees.
        let again = choose(&mut AlphaBetaStrategy::new(4, 0), &mut position_box(position), depth(4)).0.unwrap();
        assert_eq!((first.score, first.nodes), (again.score, again.nodes));
    }
}

/// The root player's payoff in Last stone when every other player plays
/// against them: the value a paranoid search must find, per move.
fn paranoid(pos: &mut LastStone, root: u8, memo: &mut HashMap<(u16, u8), f64>) -> f64 {
    let status = pos.status();
    if !status.is_ongoing() {
        return position_box(pos.clone()).full_result().unwrap().payoff(root);
    }
    if let Some(&v) = memo.get(&(pos.pile(), pos.side_to_move())) {
        return v;
    }
    let mover = pos.side_to_move();
    let mut moves = RVec::new();
    pos.legal_moves(&mut moves);
    let values = moves.into_iter().map(|m| {
        pos.make_move(m).unwrap();
        let v = paranoid(pos, root, memo);
        pos.unmake_move().unwrap();
        v
    });
    let v = if mover == root { values.fold(f64::MIN, f64::max) } else { values.fold(f64::MAX, f64::min) };
    memo.insert((pos.pile(), mover), v);
    v
}

fn paranoid_after(pos: &LastStone, m: Move) -> f64 {
    let mut p = pos.clone();
    p.make_move(m).unwrap();
    paranoid(&mut p, pos.side_to_move(), &mut HashMap::new())
}

/// The score category of a payoff of -1, 0 or 1 for the root player.
fn category(score: i32) -> f64 {
    if score >= rules_api::score::WIN_THRESHOLD {
        1.0
    } else if score <= -rules_api::score::WIN_THRESHOLD {
        -1.0
    } else {
        assert_eq!(score, 0, "a middle place is an even score");
        0.0
    }
}

#[test]
fn three_players_are_searched_as_the_root_against_the_rest() {
    for max_take in [2, 3] {
        for pile in 1..=18u16 {
            let position = LastStone::new(3, pile, max_take);
            let mut ab = AlphaBetaStrategy::new(1, 0);
            let result = choose(&mut ab, &mut position_box(position.clone()), depth(24)).0.unwrap();
            let best = legal(&position_box(position.clone())).into_iter().map(|m| paranoid_after(&position, m));
            let best = best.fold(f64::MIN, f64::max);
            assert_eq!(category(result.score), best, "pile {pile}, take 1 to {max_take}");
            assert_eq!(paranoid_after(&position, result.best), best, "pile {pile}: {:?} does not get it", result.best);
            // Where every player playing for themselves (max^n) and the
            // paranoid view agree on a single best move, that is the move.
            let maxn = last_stone_values(&position);
            let top = maxn.iter().map(|(_, v)| v[0]).fold(f64::MIN, f64::max);
            let tops: Vec<Move> = maxn.iter().filter(|(_, v)| v[0] == top).map(|(m, _)| *m).collect();
            let paranoid_best: Vec<Move> =
                maxn.iter().map(|(m, _)| *m).filter(|&m| paranoid_after(&position, m) == best).collect();
            if tops.len() == 1 && paranoid_best == tops {
                assert_eq!(result.best, tops[0], "pile {pile}, take 1 to {max_take}");
            }
        }
    }
}

#[test]
fn one_table_serves_every_seat_of_a_three_player_game() {
    // The same player moves for all three seats, keeping its table: each
    // search must still see the game from its own root player.
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let mut position = LastStone::new(3, 17, 3);
    while position.status().is_ongoing() {
        let result = choose(&mut ab, &mut position_box(position.clone()), depth(24)).0.unwrap();
        let moves = legal(&position_box(position.clone()));
        let best = moves.iter().map(|&m| paranoid_after(&position, m)).fold(f64::MIN, f64::max);
        assert_eq!(category(result.score), best, "pile {} side {}", position.pile(), position.side_to_move());
        position.make_move(result.best).unwrap();
    }
}

#[test]
fn the_horizon_is_valued_by_the_root_player_s_own_evaluation() {
    // With one ply, Last stone from 4 (take 1 to 2): taking 2 leaves the
    // next player the rest, which the evaluation of every player sees
    // (-800 for this one) and the lying single evaluation, negated, would
    // call +800.
    for threads in [1, 2] {
        let settings = Settings { hash_mb: 1, seed: 0, threads, strength: Strength::default() };
        let mut ab = AlphaBetaStrategy::with_settings(settings);
        let mut pos = position_box(Misjudged { inner: LastStone::new(3, 4, 2) });
        let result = choose(&mut ab, &mut pos, depth(1)).0.unwrap();
        assert_eq!((result.best, result.score), (Move::new(0, 1), 0), "{threads} threads");
    }
}

#[test]
fn helper_threads_and_weak_levels_play_dice_and_three_players() {
    let settings = |threads, level| Settings { hash_mb: 4, seed: 3, threads, strength: Strength::new(level) };
    let mut three = AlphaBetaStrategy::with_settings(settings(3, 20));
    for total in [3, 8] {
        let position = first_player_on(total);
        let result = choose(&mut three, &mut position_box(position.clone()), depth(TO_THE_END)).0.unwrap();
        assert_eq!(result.best, exact_best(&position).0, "three threads with {total}");
    }
    let mut weak = AlphaBetaStrategy::with_settings(settings(1, 3));
    let mut random = RandomMover::new(5);
    for seed in 0..6 {
        let mut players: [&mut dyn StrategyImpl; 3] = [&mut weak, &mut random, &mut three];
        let played = play(&mut players, Bust::new(3, 6, 15), SearchLimits { nodes: 4000, ..depth(8) }, 400, seed);
        assert!(!played.outcome.status.is_ongoing());
    }
}

#[test]
fn alpha_beta_beats_random_players_in_three_player_games() {
    let mut ab = AlphaBetaStrategy::new(2, 0);
    let (mut r1, mut r2) = (RandomMover::new(1), RandomMover::new(2));
    let (mut last_stone, mut bust) = (0.0, 0.0);
    for seed in 0..30 {
        // Seat the player in each of the three seats in turn.
        let seat = (seed % 3) as usize;
        let played = {
            let mut players: Vec<&mut dyn StrategyImpl> = vec![&mut r1, &mut r2];
            players.insert(seat, &mut ab);
            play(&mut players, LastStone::new(3, 20 + seed as u16 % 7, 3), depth(12), 100, seed)
        };
        last_stone += played.outcome.payoff(seat as u8);
        let played = {
            let mut players: Vec<&mut dyn StrategyImpl> = vec![&mut r1, &mut r2];
            players.insert(seat, &mut ab);
            play(&mut players, Bust::new(3, 6, 12), depth(6), 400, seed)
        };
        bust += played.outcome.payoff(seat as u8);
    }
    // A random player's payoff averages 0 in both games.
    assert!(last_stone > 10.0, "alpha-beta's payoffs at last stone: {last_stone} in 30 games");
    assert!(bust > 10.0, "alpha-beta's payoffs at bust: {bust} in 30 games");
}

#[test]
fn results_by_payoff_rank_the_root_player_among_three() {
    // Last stone, 3 players, take 1 to 2, pile 4: taking one leaves the
    // next player last and this one second (payoff 0, an even score);
    // taking two hands the next player the win (payoff -1, a loss in 2).
    let position = LastStone::new(3, 4, 2);
    let mut ab = AlphaBetaStrategy::new(1, 0);
    let result = choose(&mut ab, &mut position_box(position), depth(8)).0.unwrap();
    assert_eq!((result.best, result.score), (Move::new(0, 1), 0));
    let lost = LastStone::new(3, 3, 2);
    let result = choose(&mut ab, &mut position_box(lost), depth(8)).0.unwrap();
    assert_eq!(result.score, -(WIN - 2), "the next player takes the rest at once");
    assert!(win_probability(result.score) == 0.0);
}
