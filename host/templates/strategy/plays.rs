//! The player against the kit's test games: it always answers with a legal
//! move and takes a win in one when it has one.

use rules_api::plugin::position_box;
use rules_api::{Move, PositionExt, StatusKind};
use tabula_kit::testing::{choose, depth};
use tabula_kit::testgames::Mnk;

#[test]
fn plays_legal_moves_to_the_end_of_a_game() {
    let mut player = {{lib}}::{{Type}}::new(&Default::default()).unwrap();
    let mut position = position_box(Mnk::tic_tac_toe());
    while position.outcome().unwrap().kind == StatusKind::ONGOING {
        let legal = position.moves().unwrap();
        let chosen = choose(&mut player, &mut position, depth(1)).0.unwrap().best;
        assert!(legal.contains(&chosen), "{chosen:?} is not legal");
        position.play(chosen).unwrap();
    }
}

#[test]
fn takes_a_win_in_one() {
    let mut player = {{lib}}::{{Type}}::new(&Default::default()).unwrap();
    // x on cells 0 and 1 (the first row), o on 6 and 7: cell 2 wins at once.
    let mut position = position_box(Mnk::tic_tac_toe().after(&[0, 6, 1, 7]));
    let chosen = choose(&mut player, &mut position, depth(1)).0.unwrap().best;
    assert_eq!(chosen, Move::place(2));
}
