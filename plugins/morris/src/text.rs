//! The position text.
//!
//! ```text
//! w../.b./.../....../.../.../..w b 7 8 0
//! ```
//!
//! Five fields: the board, the side to move (`w` or `b`), White's and
//! Black's men in hand, and the plies played since the last placement or
//! removal (the draw counter, 0 to 100). The board lists the points row by
//! row from the top, rows separated by `/`, each row from the left:
//! `a7 d7 g7 / b6 d6 f6 / c5 d5 e5 / a4 b4 c4 e4 f4 g4 / c3 d3 e3 /
//! b2 d2 f2 / a1 d1 g1`, each `w` (a white man), `b` (black) or `.`.

use rules_api::PluginError;

use crate::layout::{bit, COORDS, POINTS};
use crate::position::{Morris, MEN, QUIET_LIMIT};

/// The points of each row of the text, from the top.
fn rows() -> [Vec<usize>; 7] {
    std::array::from_fn(|i| {
        let rank = 6 - i as u8;
        let mut row: Vec<usize> = (0..POINTS).filter(|&p| COORDS[p].1 == rank).collect();
        row.sort_by_key(|&p| COORDS[p].0);
        row
    })
}

const SIDES: [&str; 2] = ["w", "b"];

/// Writes a position.
pub fn write(p: &Morris) -> String {
    let board: Vec<String> = rows()
        .iter()
        .map(|row| {
            row.iter()
                .map(|&point| {
                    if p.men_of(0) & bit(point) != 0 {
                        'w'
                    } else if p.men_of(1) & bit(point) != 0 {
                        'b'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    format!("{} {} {} {} {}", board.join("/"), SIDES[p.side as usize], p.in_hand(0), p.in_hand(1), p.quiet)
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("morris position '{}': {why}", text.trim()))
}

/// Reads a position and checks that it can occur.
pub fn read(text: &str) -> Result<Morris, PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(bad(
            text,
            format!("it has {} fields; write the board, the side to move, the men in hand of White and of Black and the plies since the last mill (.../.../.../....../.../.../... w 9 9 0)", fields.len()),
        ));
    }
    let men = read_board(text, fields[0])?;
    let side = match fields[1] {
        "w" => 0,
        "b" => 1,
        other => return Err(bad(text, format!("the side to move is '{other}'; write w or b"))),
    };
    let number = |i: usize, what: &str, max: u32| {
        fields[i]
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| bad(text, format!("{what} is '{}'; write a number from 0 to {max}", fields[i])))
    };
    let hand =
        [number(2, "White's men in hand", MEN as u32)? as u8, number(3, "Black's men in hand", MEN as u32)? as u8];
    let quiet = number(4, "the plies since the last mill", QUIET_LIMIT as u32)? as u16;
    check(text, men, hand, side, quiet)?;
    Ok(Morris::from_parts(men, hand, side, quiet))
}

fn read_board(text: &str, board: &str) -> Result<[u32; 2], PluginError> {
    let parts: Vec<&str> = board.split('/').collect();
    if parts.len() != 7 {
        return Err(bad(text, format!("the board has {} rows; it has 7 (a7 d7 g7 / ... / a1 d1 g1)", parts.len())));
    }
    let mut men = [0u32; 2];
    for (row, (part, points)) in parts.iter().zip(rows().iter()).enumerate() {
        if part.chars().count() != points.len() {
            return Err(bad(
                text,
                format!("row {} ('{part}') has {} points; it has {}", 7 - row, part.chars().count(), points.len()),
            ));
        }
        for (ch, &point) in part.chars().zip(points.iter()) {
            match ch {
                'w' => men[0] |= bit(point),
                'b' => men[1] |= bit(point),
                '.' => {}
                _ => return Err(bad(text, format!("row {}: '{ch}' is not w, b or .", 7 - row))),
            }
        }
    }
    Ok(men)
}

/// Refuses what no game reaches: more than nine men, placements out of
/// turn, a counter running while men are placed, a finished game going on.
fn check(text: &str, men: [u32; 2], hand: [u8; 2], side: u8, quiet: u16) -> Result<(), PluginError> {
    let names = ["White", "Black"];
    for player in 0..2 {
        let total = men[player].count_ones() + hand[player] as u32;
        if total > MEN as u32 {
            return Err(bad(
                text,
                format!("{} has {total} men on the board and in hand; each player has nine", names[player]),
            ));
        }
    }
    // White places first and Black last, so until Black's last placement
    // White has placed as many men as Black, or one more.
    let placed = [MEN - hand[0], MEN - hand[1]];
    let in_turn = if hand[1] == 0 { hand[0] == 0 } else { placed[0] == placed[1] + side };
    if !in_turn {
        return Err(bad(
            text,
            format!(
                "with {} and {} men in hand it cannot be {}'s move: the players place in turn, White first",
                hand[0], hand[1], names[side as usize]
            ),
        ));
    }
    if hand[1] > 0 && quiet > 0 {
        return Err(bad(text, "the draw counter runs only once every man is placed; it is 0 while placing"));
    }
    let waiting = side as usize ^ 1;
    if men[waiting].count_ones() + hand[waiting] as u32 <= 2 {
        return Err(bad(text, format!("{} has two men or fewer, so the game ended before this move", names[waiting])));
    }
    Ok(())
}
