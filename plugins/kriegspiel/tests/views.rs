//! Snapshots of what each player (and a spectator) sees and was told in
//! characteristic positions, with each player's view text.

mod common;

use common::{after, view};
use rules_api::{PositionExt, SPECTATOR};

fn views(fen: &str, tries: &str) -> String {
    let p = after(fen, tries);
    let texts: Vec<String> = [0, 1, SPECTATOR].iter().map(|&v| p.view_string(v).unwrap()).collect();
    format!("{}\n{}\n{}\n{}\n", view(&p, 0), view(&p, 1), view(&p, SPECTATOR), texts.join("\n"))
}

#[test]
fn the_start() {
    insta::assert_snapshot!(views("", ""));
}

#[test]
fn a_capture_with_check() {
    insta::assert_snapshot!(views("", "e2e4 d7d5 e4d5 d8d5 b1c3 d5e5 f1e2 e5e2"));
}

#[test]
fn a_refused_try_out_of_check() {
    insta::assert_snapshot!(views("", "e2e4 d7d5 e4d5 d8d5 b1c3 d5e5 f1e2 e5e2 d2d3"));
}

#[test]
fn en_passant_with_pawn_tries() {
    insta::assert_snapshot!(views("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", "e2e4 f4e3"));
}

#[test]
fn a_refused_castling_through_check() {
    insta::assert_snapshot!(views("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
}
