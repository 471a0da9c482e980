//! Helpers for the Stratego tests: battle positions written sparsely, and
//! a player's view drawn as text.

#![allow(dead_code)]

use rules_api::plugin::rules_box;
use rules_api::{Move, Notation, PositionBox, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_stratego::board::{is_lake, tray_position, CELLS, SQUARES, TRAY};
use tabula_stratego::rank::{from_letter, ARMY, KINDS, LETTERS, TRAY_ORDER};
use tabula_stratego::{Config, Stratego};

/// The rules with `config`.
pub fn rules(config: Config) -> RulesBox {
    rules_box(Stratego::with(config))
}

/// A battle position text from the pieces on the board (`"M+*a1"`: letter,
/// marks, square; red upper case), the side to move and the `last=`
/// field; every piece not on the board is counted lost.
pub fn battle(pieces: &[&str], side: &str, last: &str) -> String {
    let mut squares = vec![String::from("."); SQUARES];
    let mut on_board = [[0u8; KINDS]; 2];
    for p in pieces {
        let split = p.char_indices().filter(|(_, c)| c.is_ascii_alphabetic()).nth(1).map(|(i, _)| i).unwrap();
        let (token, square) = p.split_at(split);
        let square = tabula_stratego::board::parse_square(square).unwrap_or_else(|| panic!("square in {p}"));
        let letter = token.chars().next().unwrap();
        on_board[letter.is_ascii_lowercase() as usize][from_letter(letter).unwrap() as usize] += 1;
        squares[square as usize] = token.to_string();
    }
    let mut rows = Vec::new();
    for r in (0..10u16).rev() {
        let row: String = (0..10u16)
            .map(|f| if is_lake(r * 10 + f) { "~".to_string() } else { squares[(r * 10 + f) as usize].clone() })
            .collect();
        rows.push(row);
    }
    let lost: Vec<String> = (0..2)
        .map(|p| {
            let mut s = String::new();
            for rank in TRAY_ORDER {
                for _ in on_board[p][rank as usize]..ARMY[rank as usize] {
                    let l = LETTERS[rank as usize];
                    s.push(if p == 0 { l } else { l.to_ascii_lowercase() });
                }
            }
            if s.is_empty() {
                "-".to_string()
            } else {
                s
            }
        })
        .collect();
    format!("{} {side} lost={}/{} last={last}", rows.join("/"), lost[0], lost[1])
}

/// Plays space-separated moves (either notation), panicking with the move
/// that was refused.
pub fn play(position: &mut PositionBox, moves: &str) {
    for text in moves.split_whitespace() {
        let m = position.read_move(text, Notation::COORDINATE).unwrap_or_else(|e| panic!("{text}: {e}"));
        position.play(m).unwrap();
    }
}

/// The legal moves in coordinate notation, sorted.
pub fn moves(position: &PositionBox) -> Vec<String> {
    let mut v: Vec<String> =
        position.moves().unwrap().iter().map(|&m| position.notate(m, Notation::COORDINATE).unwrap()).collect();
    v.sort();
    v
}

/// Plays the chance deals until the position is no chance node.
pub fn deal(position: &mut PositionBox) {
    while position.is_chance() {
        let m: Move = position.moves().unwrap()[0];
        position.play(m).unwrap();
    }
}

/// Both players take presets (red `red`, blue `blue`), dealt out.
pub fn after_presets(rules: &RulesBox, red: u8, blue: u8) -> PositionBox {
    let mut p = rules.start().unwrap();
    play(&mut p, &format!("preset-{red}"));
    deal(&mut p);
    play(&mut p, &format!("preset-{blue}"));
    deal(&mut p);
    p
}

/// What `viewer` sees (a player, or `SPECTATOR`), drawn from the view's
/// pieces and hidden cells alone: ranks 10 down to 1, then the tray;
/// `#` a cell out of sight, `~` lake, `X`/`x` a piece of unknown rank.
pub fn view_diagram(position: &PositionBox, viewer: u8) -> String {
    let rules_info = rules(Config::default()).game_info().unwrap();
    let pieces = position.view_piece_list(viewer).unwrap();
    let hidden = position.hidden_cell_list(viewer).unwrap();
    let mut cells: Vec<char> =
        (0..CELLS as u16).map(|c| if (c as usize) < SQUARES && is_lake(c) { '~' } else { '.' }).collect();
    for &h in &hidden {
        cells[h as usize] = '#';
    }
    for p in &pieces {
        let letter = rules_info.piece_types[p.kind as usize].letters[p.owner as usize].chars().next().unwrap();
        cells[p.cell as usize] = letter;
    }
    let who = if viewer == SPECTATOR { "spectator".to_string() } else { ["red", "blue"][viewer as usize].to_string() };
    let mut out = format!("view of {who}\n");
    for r in (0..10u16).rev() {
        let row: String = (0..10u16).map(|f| format!(" {}", cells[(r * 10 + f) as usize])).collect();
        let tray: String = (TRAY..CELLS as u16)
            .filter(|&c| tray_position(c - TRAY).1 as u16 == 9 - r)
            .map(|c| format!(" {}", cells[c as usize]))
            .collect();
        out.push_str(&format!("{:>2}{row}  |{tray}\n", r + 1));
    }
    out.push_str("   a b c d e f g h i j\n");
    let text = position.view_string(viewer).unwrap();
    out.push_str(&format!("text: {text}\n"));
    out
}
