//! FEN in and out, with the checks that refuse impossible positions.
//!
//! Rows run from Black's back rank (rank 9) down to Red's (rank 0). Red is
//! uppercase `K A B N R C P` (`E` and `H` are accepted for elephant and horse),
//! Black lowercase. The side field is `w` or `r` for Red and `b` for Black;
//! the castling and en-passant fields (`- -`) and the two counters are optional.

use rules_api::PluginError;

use crate::board::{square, tag, Board, ADVISOR, BLACK, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, RED, SOLDIER};
use crate::eval::{advisor_point, elephant_point};
use crate::state::XiangqiPosition;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Written letters per kind, in kind order.
const LETTERS: [char; 7] = ['k', 'a', 'b', 'n', 'r', 'c', 'p'];
/// English kind names for messages.
pub const KIND_NAMES: [&str; 7] = ["general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"];
/// How many of each kind a side starts with (and so can have at most).
const MAX_COUNT: [usize; 7] = [1, 2, 2, 2, 2, 2, 5];
const SIDE_NAMES: [&str; 2] = ["red", "black"];

/// What a FEN says.
pub struct Parsed {
    /// Placement.
    pub board: Board,
    /// Side to move.
    pub side: u8,
    /// Plies since the last capture.
    pub halfmove: u32,
    /// Move number.
    pub fullmove: u32,
}

fn kind_of_letter(c: char) -> Option<u8> {
    Some(match c.to_ascii_lowercase() {
        'k' => GENERAL,
        'a' => ADVISOR,
        'b' | 'e' => ELEPHANT,
        'n' | 'h' => HORSE,
        'r' => CHARIOT,
        'c' => CANNON,
        'p' => SOLDIER,
        _ => return None,
    })
}

/// ICCS name of a point (`e0`).
pub fn point_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank)
}

fn invalid(text: &str, why: String) -> PluginError {
    PluginError::invalid_input(format!("invalid xiangqi FEN '{text}': {why}"))
}

/// Reads a FEN, refusing malformed text and impossible positions.
pub fn parse(text: &str) -> Result<Parsed, PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let Some(&placement) = fields.first() else {
        return Err(invalid(text, "the text is empty".into()));
    };
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 10 {
        return Err(invalid(text, format!("expected 10 rows separated by '/', found {}", rows.len())));
    }
    let mut board = Board::empty();
    let mut counts = [[0usize; 7]; 2];
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0u32;
        let mut after_digit = false;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| *d > 0) {
                if after_digit {
                    return Err(invalid(
                        text,
                        format!("row {} (rank {rank}) '{row}' has two digits in a row; write one count per run", i + 1),
                    ));
                }
                after_digit = true;
                file += d;
                continue;
            }
            after_digit = false;
            let Some(kind) = kind_of_letter(c) else {
                return Err(invalid(text, format!("unknown piece letter '{c}' in row {} (rank {rank})", i + 1)));
            };
            if file >= 9 {
                return Err(invalid(text, format!("row {} (rank {rank}) '{row}' has more than 9 points", i + 1)));
            }
            let side = if c.is_ascii_uppercase() { RED } else { BLACK };
            counts[side as usize][kind as usize] += 1;
            if kind == GENERAL && counts[side as usize][0] > 1 {
                return Err(invalid(text, format!("there are two {} generals", SIDE_NAMES[side as usize])));
            }
            if counts[side as usize][kind as usize] > MAX_COUNT[kind as usize] {
                return Err(invalid(
                    text,
                    format!(
                        "{} has more than {} {}{}",
                        SIDE_NAMES[side as usize],
                        MAX_COUNT[kind as usize],
                        KIND_NAMES[kind as usize],
                        if MAX_COUNT[kind as usize] > 1 { "s" } else { "" }
                    ),
                ));
            }
            check_point(text, side, kind, file as u8, rank)?;
            board.add(square(file as u8, rank), side, kind);
            file += 1;
        }
        if file != 9 {
            return Err(invalid(text, format!("row {} (rank {rank}) '{row}' has {file} points, expected 9", i + 1)));
        }
    }
    for side in [RED, BLACK] {
        if counts[side as usize][GENERAL as usize] == 0 {
            return Err(invalid(text, format!("there is no {} general", SIDE_NAMES[side as usize])));
        }
    }
    let side = match fields.get(1).copied() {
        Some("w") | Some("r") | Some("W") | Some("R") => RED,
        Some("b") | Some("B") => BLACK,
        Some(other) => {
            return Err(invalid(text, format!("side to move must be 'w', 'r' or 'b', not '{other}'")));
        }
        None => return Err(invalid(text, "the side to move ('w' or 'b') is missing".into())),
    };
    if board.in_check(side ^ 1) {
        return Err(invalid(
            text,
            format!(
                "{} is in check although it is {} to move",
                SIDE_NAMES[(side ^ 1) as usize],
                SIDE_NAMES[side as usize]
            ),
        ));
    }
    let number = |index: usize, name: &str, default: u32| -> Result<u32, PluginError> {
        match fields.get(index) {
            None => Ok(default),
            Some(f) => f.parse().map_err(|_| invalid(text, format!("the {name} '{f}' is not a number"))),
        }
    };
    let halfmove = number(4, "no-capture ply count", 0)?;
    let fullmove = number(5, "move number", 1)?;
    if fields.len() > 6 {
        return Err(invalid(text, format!("unexpected text after the move number: '{}'", fields[6..].join(" "))));
    }
    Ok(Parsed { board, side, halfmove, fullmove })
}

/// Refuses a piece standing where its kind can never be.
fn check_point(text: &str, side: u8, kind: u8, file: u8, rank: u8) -> Result<(), PluginError> {
    // Black's points are Red's seen from the other side.
    let (f, r) = if side == RED { (file, rank) } else { (8 - file, 9 - rank) };
    let who = format!("{} {} on {}", SIDE_NAMES[side as usize], KIND_NAMES[kind as usize], point_name(file, rank));
    let in_palace = (3..=5).contains(&f) && r <= 2;
    match kind {
        GENERAL | ADVISOR if !in_palace => Err(invalid(text, format!("the {who} is outside its palace"))),
        ADVISOR if !advisor_point(f, r) => Err(invalid(text, format!("the {who} is off the palace diagonals"))),
        ELEPHANT if !elephant_point(f, r) => {
            Err(invalid(text, format!("the {who} is off the seven points an elephant can reach")))
        }
        SOLDIER if r < 3 => Err(invalid(text, format!("the {who} stands behind its start rank"))),
        _ => Ok(()),
    }
}

/// Writes the position in the standard form.
pub fn write(pos: &XiangqiPosition) -> String {
    let mut out = String::with_capacity(96);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            let sq = square(file, rank);
            let code = pos.board.sq[sq as usize];
            if code == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
                empty = 0;
            }
            let letter = LETTERS[pos.board.kind[code as usize] as usize];
            out.push(if code & tag(RED) != 0 { letter.to_ascii_uppercase() } else { letter });
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if pos.side == RED { 'w' } else { 'b' };
    out.push_str(&format!(" {side} - - {} {}", pos.halfmove_clock(), pos.fullmove_number()));
    out
}
