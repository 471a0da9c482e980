//! The board as drawn and clicked: snapshots of characteristic positions,
//! counts on tall stacks, the dice and the cube, and the click paths that
//! choose a play checker by checker.

use std::collections::HashMap;

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RVec, RulesBox, RulesExt};
use tabula_backgammon::draw::{CHECKER, CUBE_TWO, DIE_ONE};
use tabula_backgammon::layout::{cells_of, checker_cell, cube_cell, DIE_CELLS};
use tabula_backgammon::{Backgammon, Config};
use tabula_kit::diagram;

fn rules(cube: bool) -> RulesBox {
    rules_box(Backgammon::with(Config { cube, jacoby: false }))
}

/// The diagram, then the position text and the counts drawn on cells.
fn picture(rules: &RulesBox, start: &str, moves: &str) -> String {
    let mut out = diagram::diagram_after(rules, start, moves).unwrap();
    let mut p = if start.is_empty() { rules.start().unwrap() } else { rules.position(start).unwrap() };
    for m in moves.split_whitespace() {
        p.play(p.read_move(m, Notation::COORDINATE).unwrap()).unwrap();
    }
    out.push_str(&format!("text: {}\n", p.text().unwrap()));
    let mut texts = RVec::new();
    p.cell_texts(&mut texts).into_result().unwrap();
    let geometry = rules.board().unwrap();
    for t in texts.iter() {
        out.push_str(&format!("count on {}: {}\n", geometry.cells[t.cell as usize].name, t.text));
    }
    out
}

#[test]
fn snapshots_of_the_start_a_game_under_way_and_the_cube() {
    insta::assert_snapshot!("start", picture(&rules(false), "", ""));
    insta::assert_snapshot!("after_opening", picture(&rules(false), "", "white:6-3 24/18,18/15 5-2"));
    let crowded = "white bar:2 14:13 | black bar:1 24:1 12:2 6:2 off:9 | black to play 5-2 | cube 4 white";
    insta::assert_snapshot!("bar_tray_cube", picture(&rules(true), crowded, ""));
}

fn pieces(p: &PositionBox) -> Vec<(u16, u8, u16)> {
    p.piece_list().unwrap().iter().map(|pc| (pc.cell, pc.owner, pc.kind)).collect()
}

#[test]
fn stacks_taller_than_their_cells_show_their_count() {
    let r = rules(true);
    let p = r.position("white 6:15 | black bar:6 1:9 | white to play 6-1 | cube 1").unwrap();
    let shown = pieces(&p);
    let on = |cell| shown.iter().filter(|(c, _, _)| *c == cell).count();
    assert_eq!((0..5).map(|s| on(checker_cell(0, 6, s))).sum::<usize>(), 5, "five of the fifteen");
    assert_eq!((0..4).map(|s| on(checker_cell(1, 25, s))).sum::<usize>(), 4, "four on the bar");
    let mut texts = RVec::new();
    p.cell_texts(&mut texts).into_result().unwrap();
    let texts: HashMap<u16, String> = texts.iter().map(|t| (t.cell, t.text.to_string())).collect();
    assert_eq!(texts.get(&checker_cell(0, 6, 4)).map(String::as_str), Some("15"));
    assert_eq!(texts.get(&checker_cell(1, 25, 3)).map(String::as_str), Some("6"));
    assert_eq!(texts.get(&checker_cell(1, 1, 4)).map(String::as_str), Some("9"));
    assert_eq!(texts.len(), 3);
    // The dice of the player to play, and the cube in the middle showing 64.
    assert!(shown.contains(&(DIE_CELLS[0], 0, DIE_ONE + 5)) && shown.contains(&(DIE_CELLS[1], 0, DIE_ONE)));
    assert!(shown.contains(&(cube_cell(None), 0, CUBE_TWO + 5)));
    assert!(shown.iter().all(|&(_, _, kind)| kind == CHECKER || kind >= DIE_ONE));
}

/// Every click path of `p`: the move's standard text and the point (from
/// the mover's view) each step accepts.
fn paths(p: &PositionBox, side: usize) -> Vec<(String, Vec<usize>)> {
    let mut out = RVec::new();
    p.click_paths(&mut out).into_result().unwrap();
    out.iter()
        .map(|path| {
            let points = path
                .steps
                .iter()
                .map(|step| (0..=25).find(|&i| cells_of(side, i).eq(step.iter().copied())).expect("a whole point"))
                .collect();
            (p.notate(path.mv, Notation::STANDARD).unwrap(), points)
        })
        .collect()
}

#[test]
fn a_play_is_clicked_checker_by_checker_in_any_order() {
    let r = rules(false);
    let mut p = r.start().unwrap();
    p.play(p.read_move("white:6-5", Notation::COORDINATE).unwrap()).unwrap();
    let all = paths(&p, 0);
    let of = |name: &str| all.iter().filter(|(m, _)| m == name).map(|(_, s)| s.clone()).collect::<Vec<_>>();
    // The lover's leap: one checker 24/18/13 (24/19 is closed), clicked die
    // by die or start and end at once.
    assert_eq!(of("24/13"), vec![vec![24, 18, 18, 13], vec![24, 13]]);
    // Two checkers: either one first.
    let mut two = of("24/18,13/8");
    two.sort();
    assert_eq!(two, vec![vec![13, 8, 24, 18], vec![24, 18, 13, 8]]);
    // Every play has a path, and no path names two plays.
    let moves = p.moves().unwrap();
    for m in &moves {
        let name = p.notate(*m, Notation::STANDARD).unwrap();
        assert!(all.iter().any(|(n, _)| *n == name), "{name} has no path");
    }
    let mut seen = HashMap::new();
    for (name, steps) in &all {
        if let Some(other) = seen.insert(steps.clone(), name.clone()) {
            assert_eq!(&other, name, "{steps:?} names two plays");
        }
    }
}

#[test]
fn clicks_that_two_plays_share_are_left_out() {
    // 13/5 with 6-2 hits on 7 or on 11: start and end alone say neither.
    let r = rules(false);
    let p = r.position("white 13:1 6:14 | black 18:1 14:1 24:13 | white to play 6-2").unwrap();
    let all = paths(&p, 0);
    assert!(all.iter().all(|(_, s)| s != &vec![13, 5]), "{all:?}");
    assert!(all.contains(&("13/7*/5".to_string(), vec![13, 7, 7, 5])));
    assert!(all.contains(&("13/11*/5".to_string(), vec![13, 11, 11, 5])));
    // No paths where nobody clicks the board: the roll, the cube.
    let roll = r.position("white 13:1 6:14 | black 18:1 14:1 24:13 | white to roll").unwrap();
    assert!(paths(&roll, 0).is_empty());
    let cube = rules(true).position("white 6:15 | black 6:15 | white may double | cube 1").unwrap();
    assert!(paths(&cube, 0).is_empty());
}
