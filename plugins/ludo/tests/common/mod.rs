//! Building test positions of Mensch ärgere Dich nicht.

#![allow(dead_code)]

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{Move, Notation, RVec, RulesBox};
use tabula_ludo::{Config, Finish, Ludo, LudoPosition};

/// The game for `players`, ending as `finish` says.
pub fn game(players: u8, finish: Finish) -> Ludo {
    Ludo::with(Config { players, finish })
}

/// Its boundary object.
pub fn rules(players: u8, finish: Finish) -> RulesBox {
    rules_box(game(players, finish))
}

/// The track text with pieces on the given fields (1-40).
pub fn track(pieces: &[(usize, char)]) -> String {
    let mut t = vec!['.'; 40];
    for &(field, colour) in pieces {
        t[field - 1] = colour;
    }
    t.into_iter().collect()
}

/// The position a text describes.
pub fn position(players: u8, finish: Finish, text: &str) -> LudoPosition {
    game(players, finish).position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in coordinate notation, sorted.
pub fn moves(p: &LudoPosition) -> Vec<String> {
    let mut out = RVec::new();
    p.legal_moves(&mut out);
    let mut names: Vec<String> = out.iter().map(|&m| p.move_to_text(m, Notation::COORDINATE).unwrap()).collect();
    names.sort();
    names
}

/// Plays a move given in either notation.
pub fn play(p: &mut LudoPosition, text: &str) {
    let m: Move = p.parse_move(text, Notation::STANDARD).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make_move(m).unwrap_or_else(|e| panic!("{text}: {e}"));
}
