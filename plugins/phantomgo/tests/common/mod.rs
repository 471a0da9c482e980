//! Helpers for the phantom Go tests: games through the boundary on the 9×9
//! board (komi 7.5) and a text drawing of what one player sees.
#![allow(dead_code)]

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RString, RulesBox, RulesExt, Tuple2, SPECTATOR};
use tabula_phantomgo::PhantomGoRules;

pub const SIZE: usize = 9;

pub fn rules() -> RulesBox {
    let options = vec![Tuple2(RString::from("size"), RString::from("9"))].into();
    rules_box(PhantomGoRules::from_options(&options).expect("valid options"))
}

/// The position `text` (empty: the start) after `tries` (GTP points or
/// `pass`), refused ones included.
pub fn after(text: &str, tries: &str) -> PositionBox {
    let rules = rules();
    let mut p = if text.is_empty() { rules.start().unwrap() } else { rules.position(text).unwrap() };
    for t in tries.split_whitespace() {
        let m = p.read_move(t, Notation::STANDARD).unwrap_or_else(|e| panic!("{t}: {e}"));
        p.play(m).unwrap();
    }
    p
}

/// The tries, as GTP points and `pass`.
pub fn tries(p: &PositionBox) -> Vec<String> {
    p.moves().unwrap().iter().map(|&m| p.notate(m, Notation::STANDARD).unwrap()).collect()
}

/// Whether `point` may be tried.
pub fn offers(p: &PositionBox, point: &str) -> bool {
    tries(p).iter().any(|t| t == point)
}

/// What the referee told `viewer` about the last try.
pub fn told(p: &PositionBox, viewer: u8) -> String {
    p.announcement_for(viewer).unwrap()
}

/// The stones `viewer` sees, as GTP points with `x` (black) or `o`.
pub fn seen(p: &PositionBox, viewer: u8) -> Vec<String> {
    let mut v: Vec<String> = p
        .view_piece_list(viewer)
        .unwrap()
        .iter()
        .map(|s| format!("{}{}", name(s.cell as usize), if s.owner == 0 { 'x' } else { 'o' }))
        .collect();
    v.sort();
    v
}

/// The GTP name of a point.
pub fn name(p: usize) -> String {
    let file = b"ABCDEFGHJ"[p % SIZE] as char;
    format!("{file}{}", p / SIZE + 1)
}

/// One player's board drawn from the top row (`x` black, `o` white, `.`
/// nothing seen), with what the referee told them.
pub fn view(p: &PositionBox, viewer: u8) -> String {
    let mut grid = vec![['.'; SIZE]; SIZE];
    for s in p.view_piece_list(viewer).unwrap() {
        grid[SIZE - 1 - s.cell as usize / SIZE][s.cell as usize % SIZE] = if s.owner == 0 { 'x' } else { 'o' };
    }
    let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
    let who = match viewer {
        0 => "black",
        1 => "white",
        SPECTATOR => "spectator",
        _ => "?",
    };
    format!("{who}: {}\n{}\n", told(p, viewer), rows.join("\n"))
}
