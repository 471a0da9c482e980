//! The kit's contract checks for every player count and ending, perft from
//! the data files, and the 0.2.1 additions the kit does not check yet:
//! chance nodes, payoffs, per-player evaluations and click paths, over
//! seeded random games.

mod common;

use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{PositionFlags, RVec, StatusKind};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;
use tabula_ludo::{Finish, LudoPosition};

#[test]
fn keeps_the_position_contract_for_every_player_count_and_ending() {
    for players in [2, 3, 4] {
        for finish in [Finish::First, Finish::All] {
            let budget = Budget { playouts: 3, max_plies: 1500, deep_checks: 20, ..Budget::default() };
            let report = run(&common::rules(players, finish), &budget);
            report.assert_ok();
            assert!(report.games_finished >= 1, "random games reach the end: {report}");
        }
    }
}

#[test]
fn perft_matches_openspiel_for_every_player_count() {
    for players in [2, 3, 4] {
        let data = format!("{}/tests/data/perft{players}.epd", env!("CARGO_MANIFEST_DIR"));
        tabula_kit::perft::check_file(&common::rules(players, Finish::First), &data, u64::MAX).unwrap();
    }
}

/// Every position of a seeded random game to its end, rolls drawn by
/// their probabilities.
fn game_positions(players: u8, finish: Finish, seed: u64) -> Vec<LudoPosition> {
    let mut rng = tabula_kit::rng_from_seed(seed);
    let mut p = common::game(players, finish).start_position().unwrap();
    let mut seen = vec![p.clone()];
    let mut moves = RVec::new();
    while !p.is_over() {
        moves.clear();
        p.legal_moves(&mut moves);
        p.make_move(moves[rng.random_range(0..moves.len())]).unwrap();
        seen.push(p.clone());
        assert!(seen.len() < 20_000, "a random game ends");
    }
    seen
}

#[test]
fn chance_nodes_list_exactly_the_rolls_for_the_player_to_move() {
    for p in game_positions(4, Finish::All, 11) {
        let mut moves = RVec::new();
        p.legal_moves(&mut moves);
        let mut outcomes = RVec::new();
        p.chance_outcomes(&mut outcomes);
        if p.flags().contains(PositionFlags::CHANCE) {
            let drawn: Vec<_> = outcomes.iter().map(|o| o.mv).collect();
            assert_eq!(drawn, moves.to_vec());
            let total: f64 = outcomes.iter().map(|o| o.probability).sum();
            assert!((total - 1.0).abs() < 1e-12 && outcomes.iter().all(|o| o.probability > 0.0));
            assert!(!p.has_finished(p.side()), "a finished player never rolls");
        } else {
            assert!(outcomes.is_empty());
            assert!(p.is_over() || p.die().is_some());
        }
    }
}

#[test]
fn places_and_payoffs_for_every_ending() {
    for players in [2, 3, 4] {
        for finish in [Finish::First, Finish::All] {
            for seed in 0..2 {
                let end = game_positions(players, finish, seed).pop().unwrap();
                let outcome = end.result();
                assert_eq!(outcome.status.kind, StatusKind::WIN);
                let n = players as usize;
                assert_eq!(outcome.payoffs.len(), n);
                assert!(outcome.payoffs.iter().sum::<f64>().abs() < 1e-9, "zero-sum: {:?}", outcome.payoffs);
                let places = outcome.places(players);
                assert_eq!(places[outcome.status.winner as usize], 1, "the winner is first");
                let distinct = {
                    let mut p = places.clone();
                    p.sort();
                    p.dedup();
                    p.len()
                };
                match finish {
                    Finish::First => assert_eq!(distinct, 2, "the winner, then everyone else: {places:?}"),
                    Finish::All => assert_eq!(distinct, n, "everyone has a place: {places:?}"),
                }
            }
        }
    }
}

#[test]
fn every_player_has_an_evaluation_and_they_sum_to_zero() {
    for p in game_positions(4, Finish::First, 5).iter().step_by(13) {
        if p.is_over() {
            continue;
        }
        let mut all = RVec::new();
        p.evaluate_all(&mut all);
        assert_eq!(all.len(), 4);
        assert_eq!(all[p.side() as usize], p.evaluate());
        assert!(all.iter().sum::<i32>().abs() <= 4, "{all:?}");
    }
}

#[test]
fn click_paths_choose_exactly_the_legal_moves() {
    for p in game_positions(3, Finish::First, 2) {
        let mut moves = RVec::new();
        p.legal_moves(&mut moves);
        let mut paths = RVec::new();
        p.click_paths(&mut paths);
        if p.flags().contains(PositionFlags::CHANCE) {
            assert!(paths.is_empty());
            continue;
        }
        let cell_moves: Vec<_> = moves.iter().filter(|m| !m.is_off_board()).collect();
        assert_eq!(paths.len(), cell_moves.len(), "one path per move in {}", p.to_text());
        for c in paths.iter() {
            assert!(moves.contains(&c.mv));
            assert_eq!(c.steps.len(), 2, "the piece, then where it lands");
            assert!(c.steps[0].contains(&c.mv.from) && c.steps[1].as_slice() == [c.mv.to]);
        }
    }
}
