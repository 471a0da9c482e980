//! Helpers for the dark chess tests: positions through the boundary and a
//! text drawing of one player's view.
#![allow(dead_code)]

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_darkchess::DarkChessRules;

pub fn rules() -> RulesBox {
    rules_box(DarkChessRules)
}

/// The position `fen` after `moves` (any notation, space separated).
pub fn after(fen: &str, moves: &str) -> PositionBox {
    let rules = rules();
    let mut p = if fen.is_empty() { rules.start().unwrap() } else { rules.position(fen).unwrap() };
    for text in moves.split_whitespace() {
        let m = p.parse_move(text.into(), Notation::COORDINATE).into_result().unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap();
    }
    p
}

/// The legal moves in coordinates, sorted.
pub fn moves(p: &PositionBox) -> Vec<String> {
    let mut v: Vec<String> =
        p.moves().unwrap().iter().map(|&m| p.move_to_text(m, Notation::COORDINATE).unwrap().to_string()).collect();
    v.sort();
    v
}

/// One player's view drawn from rank 8 down: `?` fog, `.` an empty square
/// in sight, a piece letter.
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
    format!("{who}:\n{}\n", rows.join("\n"))
}
