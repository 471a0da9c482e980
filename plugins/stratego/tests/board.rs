//! The board as the window draws it: lakes, the tray and its click paths,
//! the tray put away for the battle; and the whole truth as a diagram.

mod common;

use common::{after_presets, play, rules};
use rules_api::{PositionExt, RulesExt};
use tabula_stratego::board::{parse_square, CELLS, TRAY};
use tabula_stratego::Config;

#[test]
fn the_board_has_a_hundred_squares_two_lakes_and_a_tray_of_forty() {
    let geometry = rules(Config::default()).board().unwrap();
    assert_eq!(geometry.cells.len(), CELLS);
    let lake = &geometry.cells[parse_square("c5").unwrap() as usize];
    let land = &geometry.cells[parse_square("e5").unwrap() as usize];
    assert_ne!(lake.color, land.color);
    assert!(geometry.cells[TRAY as usize..].iter().all(|c| c.x > 10.0));
}

#[test]
fn a_placement_is_dragged_from_its_ranks_block_of_the_tray() {
    let mut p = rules(Config::default()).start().unwrap();
    play(&mut p, "O@a1");
    let paths = p.click_path_list().unwrap();
    let scout = p.read_move("O@b1", rules_api::Notation::COORDINATE).unwrap();
    let path = paths.iter().find(|c| c.mv == scout).unwrap();
    assert_eq!(path.steps.len(), 2);
    assert_eq!(path.steps[0].len(), 7, "seven scouts left in the tray");
    assert_eq!(path.steps[1].as_slice(), &[parse_square("b1").unwrap()]);
    assert_eq!(paths.len(), p.moves().unwrap().len() - 5, "the buttons random and preset-N have no path");
    assert!(p.cell_change_list().unwrap().is_empty(), "the tray is out during the setup");
}

#[test]
fn the_tray_is_put_away_for_the_battle() {
    let rules = rules(Config::default());
    let p = after_presets(&rules, 1, 2);
    let changes = p.cell_change_list().unwrap();
    assert_eq!(changes.len(), 40);
    assert!(changes.iter().all(|c| !c.shown && c.cell >= TRAY));
}

#[test]
fn the_whole_truth_after_two_presets() {
    let rules = rules(Config::default());
    let p = after_presets(&rules, 3, 4);
    insta::assert_snapshot!(tabula_kit::diagram::render_position(&rules, &p).unwrap());
}
