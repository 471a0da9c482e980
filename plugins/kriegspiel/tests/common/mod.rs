//! Helpers for the kriegspiel tests: games through the boundary and a text
//! drawing of what one player knows.
#![allow(dead_code)]

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_kriegspiel::KriegspielRules;

pub fn rules() -> RulesBox {
    rules_box(KriegspielRules)
}

/// The position `fen` (empty: the start) after `tries` in coordinates,
/// refused ones included.
pub fn after(fen: &str, tries: &str) -> PositionBox {
    let rules = rules();
    let mut p = if fen.is_empty() { rules.start().unwrap() } else { rules.position(fen).unwrap() };
    for text in tries.split_whitespace() {
        let m = p.read_move(text, Notation::COORDINATE).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap();
    }
    p
}

/// The tries in coordinates, sorted.
pub fn tries(p: &PositionBox) -> Vec<String> {
    let mut v: Vec<String> = p.moves().unwrap().iter().map(|&m| p.notate(m, Notation::COORDINATE).unwrap()).collect();
    v.sort();
    v
}

/// Whether `try_` is among the tries.
pub fn offers(p: &PositionBox, try_: &str) -> bool {
    tries(p).iter().any(|t| t == try_)
}

/// What the umpire told `viewer` after the last try.
pub fn told(p: &PositionBox, viewer: u8) -> String {
    p.announcement_for(viewer).unwrap()
}

/// One player's board drawn from rank 8 down (`.` for every square they
/// cannot see into or that is empty), with what the umpire told them.
pub fn view(p: &PositionBox, viewer: u8) -> String {
    let info = rules().game_info().unwrap();
    let mut grid = [['.'; 8]; 8];
    for cell in p.hidden_cell_list(viewer).unwrap() {
        grid[7 - cell as usize / 8][cell as usize % 8] = '?';
    }
    for piece in p.view_piece_list(viewer).unwrap() {
        let letter = info.piece_types[piece.kind as usize].letters[piece.owner as usize].chars().next().unwrap();
        grid[7 - piece.cell as usize / 8][piece.cell as usize % 8] = letter;
    }
    let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
    let who = match viewer {
        0 => "white",
        1 => "black",
        SPECTATOR => "spectator",
        _ => "?",
    };
    format!("{who}: {}\n{}\n", told(p, viewer), rows.join("\n"))
}
