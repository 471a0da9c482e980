//! The position text.
//!
//! ```text
//! 2/22/222/2222/........./../1111/111/11/1 1 0
//! ```
//!
//! (shortened). The seventeen rows of the star from the top point (rank
//! 17) down to the bottom point (rank 1), separated by `/`, each row's holes
//! from left to right: `.` an empty hole, `1`–`6` a marble of that player
//! (player 1 moves first and starts in the bottom corner). The rows have
//! 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2 and 1 holes.
//! Then the player to move (`1`–`6`) and the number of turns played so far
//! by all players together (the move limit counts them); as every turn
//! hands the move on, the player to move is always the number of turns
//! modulo the number of players, plus one.

use rules_api::PluginError;

use crate::board::{CELLS, NONE, ROWS, STAR};
use crate::position::{CcPosition, Config};

/// Writes a position.
pub fn write(p: &CcPosition) -> String {
    let rows: Vec<String> = STAR
        .rows
        .iter()
        .map(|&(first, len)| {
            (first..first + len).map(|c| p.owner(c as usize).map_or('.', |o| (b'1' + o) as char)).collect::<String>()
        })
        .collect();
    format!("{} {} {}", rows.join("/"), p.side() + 1, p.turns())
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("Chinese checkers position '{}': {why}", text.trim()))
}

/// Reads a position and checks that it can occur in a game with `config`.
pub fn read(text: &str, config: Config) -> Result<CcPosition, PluginError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or_else(|| bad(text, "the text is empty"))?;
    let cells = read_board(text, board, config)?;
    let n = config.players;
    let side = match fields.next() {
        None => return Err(bad(text, "the player to move is missing after the rows")),
        Some(s) => match s.parse::<u8>() {
            Ok(v) if (1..=n).contains(&v) => v - 1,
            _ => return Err(bad(text, format!("the player to move is '{s}'; write a number from 1 to {n}"))),
        },
    };
    let turns = match fields.next() {
        None => return Err(bad(text, "the number of turns played is missing after the player to move")),
        Some(t) => t.parse::<u32>().map_err(|_| bad(text, format!("the number of turns played is '{t}'")))?,
    };
    if turns > config.limit {
        return Err(bad(text, format!("{turns} turns played, but this game ends after {}", config.limit)));
    }
    // Every turn, a pass too, hands the move to the next player.
    let due = (turns % n as u32) as u8;
    if due != side {
        return Err(bad(
            text,
            format!("after {turns} turns it is player {}'s move, not player {}'s", due + 1, side + 1),
        ));
    }
    if let Some(extra) = fields.next() {
        return Err(bad(text, format!("unexpected '{extra}' after the number of turns")));
    }
    let position = CcPosition::from_parts(cells, side, turns, config);
    let winners: Vec<u8> = (0..n).filter(|&p| position.fills_target(p)).collect();
    if winners.len() > 1 {
        let names: Vec<String> = winners.iter().map(|w| (w + 1).to_string()).collect();
        return Err(bad(text, format!("players {} have all filled their corners", names.join(" and "))));
    }
    Ok(position)
}

fn read_board(text: &str, board: &str, config: Config) -> Result<[u8; CELLS], PluginError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ROWS {
        return Err(bad(text, format!("it has {} rows; the star has {ROWS}", rows.len())));
    }
    let n = config.players;
    let mut cells = [NONE; CELLS];
    for (r, (row, &(first, len))) in rows.iter().zip(STAR.rows.iter()).enumerate() {
        let rank = ROWS - r;
        if row.chars().count() != len as usize {
            return Err(bad(
                text,
                format!("rank {rank} ('{row}') has {} holes; it should have {len}", row.chars().count()),
            ));
        }
        for (i, ch) in row.chars().enumerate() {
            cells[first as usize + i] = match ch {
                '.' => NONE,
                '1'..='6' if (ch as u8 - b'0') <= n => ch as u8 - b'1',
                _ => {
                    let hole = STAR.name(first as usize + i);
                    return Err(bad(text, format!("hole {hole}: '{ch}' is not '.' or a player from 1 to {n}")));
                }
            };
        }
    }
    for player in 0..n {
        let count = cells.iter().filter(|&&o| o == player).count();
        if count != CcPosition::MARBLES {
            return Err(bad(
                text,
                format!("player {} has {count} marbles; each has {}", player + 1, CcPosition::MARBLES),
            ));
        }
    }
    Ok(cells)
}
