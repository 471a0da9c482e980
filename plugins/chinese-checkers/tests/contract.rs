//! The kit's contract checks on every player count, perft from the data
//! files, and the 0.2.1 additions the kit does not check yet: payoffs,
//! per-player evaluations and click paths, over seeded random games.

mod common;

use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{Move, RVec, StatusKind};
use tabula_chinese_checkers::board::STAR;
use tabula_chinese_checkers::CcPosition;
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;

#[test]
fn keeps_the_position_contract_for_every_player_count() {
    for players in [2, 3, 4, 6] {
        let budget = Budget { playouts: 4, max_plies: 300, deep_checks: 6, ..Budget::default() };
        let report = run(&common::rules(players, 120), &budget);
        report.assert_ok();
        assert_eq!(report.games_finished, budget.playouts as u64, "the move limit ends every game: {report}");
    }
}

#[test]
fn perft_matches_openspiel_for_every_player_count() {
    for players in [2, 3, 4, 6] {
        let data = format!("{}/tests/data/perft{players}.epd", env!("CARGO_MANIFEST_DIR"));
        tabula_kit::perft::check_file(&common::rules(players, 1000), &data, u64::MAX).unwrap();
    }
}

/// The positions of a seeded random game, biased forward so that it
/// reaches the corners.
fn game_positions(players: u8, seed: u64) -> Vec<CcPosition> {
    let mut rng = tabula_kit::rng_from_seed(seed);
    let mut p = common::game(players, 400).start_position().unwrap();
    let mut seen = vec![p.clone()];
    let mut moves = RVec::new();
    let mut infos = RVec::new();
    while !p.is_over() {
        moves.clear();
        p.legal_moves(&mut moves);
        infos.clear();
        p.move_infos(&moves, &mut infos);
        let best = infos.iter().map(|i| i.hint).max().unwrap_or(0);
        let pick = if rng.random_range(0..4) > 0 {
            let forward: Vec<usize> = (0..moves.len()).filter(|&i| infos[i].hint == best).collect();
            forward[rng.random_range(0..forward.len())]
        } else {
            rng.random_range(0..moves.len())
        };
        p.make_move(moves[pick]).unwrap();
        seen.push(p.clone());
    }
    seen
}

#[test]
fn payoffs_name_the_winner_best_and_sum_to_zero() {
    let mut wins = 0;
    for players in [2, 3, 4, 6] {
        for seed in 0..3 {
            let end = game_positions(players, seed).pop().unwrap();
            let outcome = end.result();
            let n = players as usize;
            assert_eq!(outcome.payoffs.len(), n);
            assert!(outcome.payoffs.iter().sum::<f64>().abs() < 1e-9, "zero-sum: {:?}", outcome.payoffs);
            if outcome.status.kind == StatusKind::WIN {
                wins += 1;
                let w = outcome.status.winner as usize;
                assert_eq!(outcome.places(players)[w], 1);
                assert!(outcome.payoffs.iter().enumerate().all(|(p, &v)| p == w || v < outcome.payoffs[w]));
            } else {
                assert_eq!(outcome.status.kind, StatusKind::DRAW);
                assert!(outcome.payoffs.iter().all(|&v| v == 0.0));
            }
        }
    }
    assert!(wins >= 4, "forward-biased games reach a win ({wins})");
}

#[test]
fn every_player_has_an_evaluation_and_they_sum_to_zero() {
    for players in [2, 3, 4, 6] {
        for p in game_positions(players, 7).iter().step_by(17) {
            if p.is_over() {
                continue;
            }
            let mut all = RVec::new();
            p.evaluate_all(&mut all);
            assert_eq!(all.len(), players as usize);
            assert_eq!(all[p.side() as usize], p.evaluate(), "the mover's value is its evaluation");
            let sum: i32 = all.iter().sum();
            assert!(sum.abs() <= players as i32, "values sum to zero up to rounding: {all:?}");
        }
    }
    // At the start everyone is even; a marble moved forward is worth more.
    let mut p = common::game(3, 1000).start_position().unwrap();
    assert_eq!(p.evaluate(), 0);
    p.make_move(Move::new(STAR.parse("m3").unwrap() as u16, STAR.parse("m5").unwrap() as u16)).unwrap();
    let mut all = RVec::new();
    p.evaluate_all(&mut all);
    assert!(all[0] > 0 && all[1] < 0 && all[2] < 0, "{all:?}");
}

#[test]
fn click_paths_choose_exactly_the_legal_moves() {
    for players in [2, 4, 6] {
        for p in game_positions(players, 3).iter().step_by(5) {
            let mut moves = RVec::new();
            p.legal_moves(&mut moves);
            let mut paths = RVec::new();
            p.click_paths(&mut paths);
            for m in moves.iter().filter(|m| !m.is_off_board()) {
                assert!(paths.iter().any(|c| c.mv == *m), "{m:?} has no click path in {}", p.to_text());
            }
            for c in paths.iter() {
                assert!(moves.contains(&c.mv), "a path for an illegal move {:?}", c.mv);
                let cells: Vec<u16> = c.steps.iter().map(|s| s[0]).collect();
                assert!(c.steps.iter().all(|s| s.len() == 1));
                assert_eq!((cells[0], *cells.last().unwrap()), (c.mv.from, c.mv.to));
                // Each click after the marble is a step or a hop's landing.
                for leg in cells.windows(2) {
                    let (a, b) = (leg[0] as usize, leg[1] as u8);
                    let near = STAR.neighbours[a].contains(&b) && cells.len() == 2;
                    assert!(near || STAR.hops[a].contains(&b), "{cells:?} in {}", p.to_text());
                }
            }
            // Only one move has any given path.
            let mut keyed: Vec<(Vec<u16>, Move)> =
                paths.iter().map(|c| (c.steps.iter().map(|s| s[0]).collect(), c.mv)).collect();
            keyed.sort_by(|a, b| a.0.cmp(&b.0));
            assert!(keyed.windows(2).all(|w| w[0].0 != w[1].0 || w[0].1 == w[1].1));
        }
    }
}
