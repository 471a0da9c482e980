//! Building test positions by naming the holes of each player's marbles.

#![allow(dead_code)]

use rules_api::plugin::{rules_box, RulesImpl};
use rules_api::RulesBox;
use tabula_chinese_checkers::board::STAR;
use tabula_chinese_checkers::{CcPosition, ChineseCheckers, Config};

/// The game for `players` with the move limit `limit`.
pub fn game(players: u8, limit: u32) -> ChineseCheckers {
    ChineseCheckers::with(Config { players, limit })
}

/// The boundary object of that game.
pub fn rules(players: u8, limit: u32) -> RulesBox {
    rules_box(game(players, limit))
}

/// The position text with each player's marbles on the named holes (ten
/// each) after `turns` turns.
pub fn text(players: u8, turns: u32, marbles: &[&[&str]]) -> String {
    let mut owner = [b'.'; 121];
    for (player, holes) in marbles.iter().enumerate() {
        assert_eq!(holes.len(), 10, "player {} has ten marbles", player + 1);
        for hole in holes.iter() {
            let cell = STAR.parse(hole).unwrap_or_else(|| panic!("{hole} is not a hole")) as usize;
            assert_eq!(owner[cell], b'.', "{hole} is taken twice");
            owner[cell] = b'1' + player as u8;
        }
    }
    let rows: Vec<String> = STAR
        .rows
        .iter()
        .map(|&(first, len)| String::from_utf8(owner[first as usize..(first + len) as usize].to_vec()).expect("ascii"))
        .collect();
    format!("{} {} {turns}", rows.join("/"), turns % players as u32 + 1)
}

/// The position those marbles make, read by the game.
pub fn position(players: u8, turns: u32, marbles: &[&[&str]]) -> CcPosition {
    let t = text(players, turns, marbles);
    game(players, 1000).position_from_text(&t).unwrap_or_else(|e| panic!("{t}: {e}"))
}

/// The top corner (red's destination, green's home), point first.
pub const TOP: [&str; 10] = ["e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14", "h14"];
/// The bottom corner (red's home, green's destination), point first.
pub const BOTTOM: [&str; 10] = ["m1", "l2", "m2", "k3", "l3", "m3", "j4", "k4", "l4", "m4"];
