//! The kit's contract checks on every player count, and the 0.2.1
//! additions the kit does not check yet: payoffs, per-player evaluations
//! and click paths.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{Move, PositionExt, RVec, RulesExt, StatusKind};
use tabula_chinese_checkers::{ChineseCheckers, Config};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::Rng as _;

fn game(players: u8, limit: u32) -> ChineseCheckers {
    ChineseCheckers::with(Config { players, limit })
}

#[test]
fn keeps_the_position_contract_for_every_player_count() {
    for players in [2, 3, 4, 6] {
        let budget = Budget { playouts: 4, max_plies: 300, deep_checks: 6, ..Budget::default() };
        let report = run(&rules_box(game(players, 120)), &budget);
        report.assert_ok();
        assert_eq!(report.games_finished, budget.playouts as u64, "the move limit ends every game: {report}");
    }
}
