//! Snapshots of what each player (and a spectator) sees and was told in
//! characteristic positions, with each player's view text.

mod common;

use common::{after, view};
use rules_api::{PositionExt, SPECTATOR};

fn views(text: &str, tries: &str) -> String {
    let p = after(text, tries);
    let texts: Vec<String> = [0, 1, SPECTATOR].iter().map(|&v| p.view_string(v).unwrap()).collect();
    format!("{}\n{}\n{}\n{}\n", view(&p, 0), view(&p, 1), view(&p, SPECTATOR), texts.join("\n"))
}

#[test]
fn an_opening() {
    insta::assert_snapshot!(views("", "E5 C3 G7 E3"));
}

#[test]
fn a_try_on_a_stone_is_refused_and_the_stone_found() {
    insta::assert_snapshot!(views("", "E5 C3 G7 E5"));
}

#[test]
fn a_capture() {
    insta::assert_snapshot!(views("", "E5 D5 D4 J9 D6 J8 C5"));
}
