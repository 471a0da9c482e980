//! Snapshots of each player's view (and the spectator's) of characteristic
//! positions.

mod common;

use common::{after, view};
use rules_api::{PositionExt, SPECTATOR};

fn views(fen: &str, moves: &str) -> String {
    let p = after(fen, moves);
    format!("{}\n{}\n{}{}\n", view(&p, 0), view(&p, 1), view(&p, SPECTATOR), p.view_string(0).unwrap())
}

#[test]
fn the_start() {
    insta::assert_snapshot!(views("", ""));
}

#[test]
fn an_open_game() {
    insta::assert_snapshot!(views("", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"));
}

#[test]
fn en_passant_and_a_hidden_king() {
    insta::assert_snapshot!(views("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4"));
}
