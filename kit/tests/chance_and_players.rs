//! The test games of rules-api 0.2.1: Bust (dice, chance nodes, two to six
//! players) and Last stone (take-away with places for two to six players):
//! their rules, their solvers against independent arithmetic, their text,
//! and the conformance suite.

use rules_api::plugin::{position_box, PositionImpl};
use rules_api::{ChanceOutcome, Move, PositionExt, PositionFlags, RVec, StatusKind};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::testgames::{bust_values, face, last_stone_values, rules, Bust, LastStone, TestGame, ROLL, STOP};
use tabula_kit::value::{win_probability, Expectation};

fn quick() -> Budget {
    Budget { playouts: 8, max_plies: 80, deep_checks: 8, transposition_tries: 60, seed: 3 }
}

fn value_of(values: &[(Move, f64)], m: Move) -> f64 {
    values.iter().find(|(mv, _)| *mv == m).expect("the move is valued").1
}

#[test]
fn bust_and_last_stone_pass_the_conformance_suite() {
    for game in [
        rules(Bust::classic()),
        rules(Bust::new(3, 6, 12)),
        rules(Bust::new(6, 4, 8)),
        rules(Bust::new(2, 60, 90)),
        rules(LastStone::new(3, 14, 2)),
        rules(LastStone::new(5, 30, 4)),
        rules(LastStone::new(2, 9, 3)),
    ] {
        run(&game, &quick()).assert_ok();
    }
}

#[test]
fn a_roll_is_a_chance_node_of_equally_likely_faces() {
    let start = Bust::classic();
    assert_eq!(start.flags(), PositionFlags::NONE);
    let rolling = start.clone().after("roll");
    assert!(rolling.flags().contains(PositionFlags::CHANCE));
    let mut outcomes = RVec::new();
    rolling.chance_outcomes(&mut outcomes);
    let faces: Vec<Move> = outcomes.iter().map(|o: &ChanceOutcome| o.mv).collect();
    assert_eq!(faces, (1..=6).map(face).collect::<Vec<_>>());
    assert!(outcomes.iter().all(|o| (o.probability - 1.0 / 6.0).abs() < 1e-12));
    let mut moves = RVec::new();
    rolling.legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), faces.as_slice(), "a chance node's moves are its outcomes");
    assert_eq!(rolling.side_to_move(), 0, "the roll is for the player on turn");
}

#[test]
fn bust_plays_by_its_rules() {
    // Over the limit is a bust, and the second player then wins at once.
    let busted = Bust::classic().after("roll 6 roll 5");
    assert!(busted.is_busted(0));
    let outcome = position_box(busted).full_result().unwrap();
    assert_eq!((outcome.status.kind, outcome.status.winner), (StatusKind::WIN, 1));
    assert_eq!(outcome.payoffs.as_slice(), [-1.0, 1.0]);
    // Passing the first player's total ends the game in the second's favour.
    let passed = Bust::classic().after("roll 6 stop roll 4 roll 3");
    assert_eq!(position_box(passed).full_result().unwrap().status.winner, 1);
    // Stopping below the first player's total loses; on it draws.
    let short = Bust::classic().after("roll 6 stop roll 5 stop");
    assert_eq!(position_box(short).outcome().unwrap().winner, 0);
    let level = position_box(Bust::classic().after("roll 6 stop roll 6 stop"));
    assert_eq!(level.outcome().unwrap().kind, StatusKind::DRAW);
    assert_eq!(level.full_result().unwrap().payoffs.as_slice(), [0.0, 0.0]);
    // Three players: places by total, the busted below everyone.
    let three = position_box(Bust::new(3, 6, 12).after("roll 6 roll 6 stop roll 6 roll 6 roll 1 roll 4 stop"));
    let outcome = three.full_result().unwrap();
    assert_eq!(outcome.payoffs.as_slice(), [2.0, -2.0, 0.0]);
    assert_eq!((outcome.status.winner, outcome.reason()), (0, "red wins with 12"));
    let tied = position_box(Bust::new(3, 6, 12).after("roll 6 roll 6 stop roll 6 roll 6 roll 1 roll 6 roll 6 stop"));
    let outcome = tied.full_result().unwrap();
    assert_eq!(outcome.payoffs.as_slice(), [1.0, -2.0, 1.0]);
    assert_eq!((outcome.status.kind, outcome.reason()), (StatusKind::DRAW, "equal totals"));
}

#[test]
fn the_solver_agrees_with_arithmetic_done_by_hand() {
    // With 10 against the second player (d6 to 10), they win only by
    // rolling exactly 10 without passing 10 on the way; standing on 10
    // against 10 draws. Each roll from s reaches 10 by a path of faces; the
    // chance of hitting 10 exactly from 0 is the classic renewal sum.
    let mut hit = [0.0f64; 11];
    hit[0] = 1.0;
    for t in 1..=10 {
        hit[t] = (1..=6).filter(|d| *d <= t).map(|d| hit[t - d] / 6.0).sum();
    }
    let ten = Bust::classic().after("roll 4 roll 6");
    let values = bust_values(&ten);
    // Rolling from 10 always busts; stopping wins unless the other player
    // then reaches 10 exactly (a draw: they stop on it).
    assert!((value_of(&values, ROLL) + 1.0).abs() < 1e-12);
    assert!((value_of(&values, STOP) - (1.0 - hit[10])).abs() < 1e-12);
}

#[test]
fn in_bust_the_expectation_not_the_best_case_decides() {
    // The first player's choice with each total, d6 to 10: roll on up to
    // 7, stop from 8, as the documentation says.
    for total in 0..=10u8 {
        let mut position = Bust::classic();
        let mut remaining = total;
        while remaining > 0 {
            let pips = remaining.min(6);
            position = position.after(&format!("roll {pips}"));
            remaining -= pips;
        }
        assert_eq!(position.total(0), total);
        let values = bust_values(&position);
        let rolls = value_of(&values, ROLL) > value_of(&values, STOP);
        assert_eq!(rolls, total <= 7, "with {total}: {values:?}");
    }
    let eight = bust_values(&Bust::classic().after("roll 4 roll 4"));
    assert!((value_of(&eight, STOP) - -0.135).abs() < 5e-4 && (value_of(&eight, ROLL) - -0.509).abs() < 5e-4);
}

#[test]
fn bust_evaluations_are_chances_of_coming_first() {
    // Standing on 9 (d6 to 10): the other player must reach exactly 10.
    let nine = position_box(Bust::classic().after("roll 4 roll 5"));
    let mine = win_probability(nine.evaluation_of(0));
    let theirs = win_probability(nine.evaluation_of(1));
    assert!((mine + theirs - 1.0).abs() < 0.01, "two players' chances add up: {mine} {theirs}");
    assert!(mine > 0.6, "standing on 9 is good: {mine}");
    assert_eq!(nine.evaluation_of(0), nine.evaluate(), "the mover's evaluation is their own");
    // A chance node is valued by the mean over its faces.
    let rolling = position_box(Bust::classic().after("roll 4 roll 5 roll"));
    let mut mean = Expectation::new();
    let mut after = Bust::classic().after("roll 4 roll 5 roll");
    for pips in 1..=6 {
        after.make_move(face(pips)).unwrap();
        mean.add(1.0 / 6.0, position_box(after.clone()).evaluation_of(0));
        after.unmake_move().unwrap();
    }
    let expected = win_probability(mean.value().unwrap());
    assert!((win_probability(rolling.evaluation_of(0)) - expected).abs() < 0.002);
}

#[test]
fn bust_text_round_trips_and_bad_text_is_refused_with_the_reason() {
    let game = Bust::new(3, 6, 12);
    for moves in ["", "roll", "roll 6 stop", "roll 6 roll 6 roll 1", "roll 6 stop roll 3 roll"] {
        let position = game.clone().after(moves);
        let back = game.read_text(&position.to_text()).unwrap();
        assert_eq!((back.to_text(), back.hash()), (position.to_text(), position.hash()), "after '{moves}'");
    }
    assert_eq!(game.clone().after("roll 6 roll 6 roll 1").to_text(), "x 0 0 1 d");
    for (text, why) in [
        ("1 2", "expected 3 totals"),
        ("13 0 0 0 d", "'13' is not a total"),
        ("0 4 0 0 d", "still to play"),
        ("x 0 0 0 d", "gone bust"),
        ("4 0 0 1 q", "the phase is d or r"),
        ("9 0 0 5 d", "'5' is not a player"),
    ] {
        let err = game.read_text(text).err().unwrap_or_else(|| panic!("'{text}' was accepted"));
        assert!(err.message.contains(why) && err.message.contains(text), "{text}: {err}");
    }
    let err = Bust::classic().read_text("4 5 1 d").unwrap_err();
    assert!(err.message.contains("already leads"), "{err}");
}

#[test]
fn last_stone_ranks_the_taker_first_and_the_one_before_last() {
    let mut three = position_box(LastStone::new(3, 4, 2));
    for m in [Move::new(0, 1), Move::new(0, 1), Move::new(0, 2)] {
        three.play(m).unwrap();
    }
    // Player 2 took the last two stones left by player 1.
    let outcome = three.full_result().unwrap();
    assert_eq!((outcome.status.kind, outcome.status.winner), (StatusKind::WIN, 2));
    assert_eq!(outcome.payoffs.as_slice(), [0.0, -1.0, 1.0]);
    assert_eq!(outcome.places(3), [2, 3, 1]);
    // Two players: plain take-away.
    let mut two = position_box(LastStone::new(2, 2, 3));
    two.play(Move::new(0, 2)).unwrap();
    assert_eq!(two.full_result().unwrap().payoffs.as_slice(), [1.0, -1.0]);
}

#[test]
fn three_player_last_stone_follows_its_closed_form() {
    for max_take in 1..=4u16 {
        let period = max_take + 2;
        for pile in 1..=30u16 {
            let values = last_stone_values(&LastStone::new(3, pile, max_take));
            let best = values.iter().map(|(_, v)| v[0]).fold(f64::MIN, f64::max);
            let best_moves: Vec<u16> = values.iter().filter(|(_, v)| v[0] == best).map(|(m, _)| m.to).collect();
            let r = pile % period;
            let (value, moves): (f64, Vec<u16>) = if (1..=max_take).contains(&r) {
                (1.0, vec![r])
            } else if r == max_take + 1 {
                (-1.0, (1..=max_take.min(pile)).collect())
            } else {
                (0.0, vec![1])
            };
            assert_eq!((best, best_moves), (value, moves), "pile {pile}, take 1 to {max_take}");
        }
    }
}

#[test]
fn last_stone_evaluations_see_one_move_ahead_for_every_player() {
    let near = position_box(LastStone::new(3, 10, 3).read_text("2 1").unwrap());
    assert_eq!([0, 1, 2].map(|p| near.evaluation_of(p)), [-800, 800, 0]);
    let far = position_box(LastStone::new(3, 10, 3));
    assert_eq!([0, 1, 2].map(|p| far.evaluation_of(p)), [0, 0, 0]);
    let err = LastStone::new(3, 10, 3).read_text("5 3").unwrap_err();
    assert!(err.message.contains("0 to 2"), "{err}");
}
