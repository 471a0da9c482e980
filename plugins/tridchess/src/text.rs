//! The position text, a FEN for three levels and four attack boards.
//!
//! ```text
//! 4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 QL1w:PP/RQ,QL6b:rq/pp,KL1w:PP/KR,KL6b:kr/pp w KQkq - - 0 1
//! ```
//!
//! Space-separated fields:
//!
//! 1. The fixed levels `W|N|B`, each as four ranks from its highest down
//!    (`W` has ranks 4 to 1, `N` 6 to 3, `B` 8 to 5), separated by `/`,
//!    each rank from file `a` to `d` as in chess FEN: `K Q R B N P` for
//!    White, lowercase for Black, a digit for a run of empty squares.
//! 2. The attack boards, separated by `,`: the place (`QL1`, `KL3i`, see
//!    [`crate::squares`]), its owner `w` or `b`, `:`, and its two ranks,
//!    the higher first, each from the lower file (`z` or `d`). Exactly two
//!    on each side, in the order of their places.
//! 3. The side to move, `w` or `b`.
//! 4. Castling rights: `K`/`Q` for White's king's and queen's side, `k`/`q`
//!    for Black's, or `-`.
//! 5. En passant: `-`, or the square a capture would land on, `:`, and the
//!    pawn it would take (`b3W:b4W`); written only when an enemy pawn
//!    stands beside that pawn.
//! 6. Pawns that stand on a start square of their side but have moved (a
//!    capture brought them there, or an attack board carried them), as
//!    squares separated by `,`, or `-`. Every other pawn on its side's
//!    start square may still step two ranks.
//! 7. Optionally, plies since the last capture or pawn move (default 0)
//!    and the move number (default 1).

use rules_api::PluginError;

use crate::board::{code, forward, kind_of, owner_of, promotes_on, Board, BLACK, KINDS, KING, PAWN, WHITE};
use crate::game::{Game, HOMES, NO_CELL};
use crate::squares::{
    cell_name, main_cell, parse_cell, parse_place, place_king_side, place_name, square, CELLS, PLACES,
};

/// The start position.
pub const START: &str =
    "4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 QL1w:PP/RQ,QL6b:rq/pp,KL1w:PP/KR,KL6b:kr/pp w KQkq - - 0 1";

/// Piece letters by kind (White's; Black's are lowercase).
pub const LETTERS: [char; KINDS] = ['K', 'Q', 'R', 'B', 'N', 'P'];

/// The kind an uppercase or lowercase letter names.
pub fn kind_of_letter(letter: char) -> Option<u8> {
    LETTERS.iter().position(|&l| l == letter.to_ascii_uppercase()).map(|k| k as u8)
}

/// A position as text fields plus its counters.
pub struct Parsed {
    /// The state.
    pub game: Game,
    /// Plies since the last capture or pawn move.
    pub halfmove: u32,
    /// The move number.
    pub fullmove: u32,
}

fn letter(piece: u8) -> char {
    let l = LETTERS[kind_of(piece) as usize];
    if owner_of(piece) == WHITE {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// A row of cells in FEN style.
fn row(game: &Game, cells: impl Iterator<Item = u8>) -> String {
    let (mut out, mut empty) = (String::new(), 0);
    for c in cells {
        match game.at(c) {
            0 => empty += 1,
            p => {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(letter(p));
            }
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// Writes a position.
pub fn write(game: &Game, halfmove: u32, fullmove: u32) -> String {
    let levels: Vec<String> = (0..3u8)
        .map(|main| {
            let base = 1 + 2 * main;
            let ranks: Vec<String> =
                (base..base + 4).rev().map(|r| row(game, (1..=4).filter_map(|f| main_cell(main, f, r)))).collect();
            ranks.join("/")
        })
        .collect();
    let boards: Vec<String> = (0..PLACES as u8)
        .filter(|&p| game.board.boards[p as usize] != 0)
        .map(|p| {
            let owner = if game.board.boards[p as usize] == 1 { 'w' } else { 'b' };
            let cells = Board::board_cells(p);
            format!(
                "{}{owner}:{}/{}",
                place_name(p),
                row(game, cells[2..].iter().copied()),
                row(game, cells[..2].iter().copied())
            )
        })
        .collect();
    let side = if game.side == WHITE { 'w' } else { 'b' };
    let rights: String = ['K', 'Q', 'k', 'q']
        .iter()
        .enumerate()
        .filter(|(i, _)| game.castling & (1 << i) != 0)
        .map(|(_, c)| *c)
        .collect();
    let rights = if rights.is_empty() { "-".to_string() } else { rights };
    let ep = if game.ep[0] == NO_CELL {
        "-".to_string()
    } else {
        format!("{}:{}", cell_name(game.ep[0]), cell_name(game.ep[1]))
    };
    let moved: Vec<String> = HOMES
        .pawns
        .iter()
        .enumerate()
        .filter(|&(i, &c)| game.fresh & (1 << i) == 0 && game.at(c) == code((i / 8) as u8, PAWN))
        .map(|(_, &c)| cell_name(c))
        .collect();
    let moved = if moved.is_empty() { "-".to_string() } else { moved.join(",") };
    format!("{} {} {side} {rights} {ep} {moved} {halfmove} {fullmove}", levels.join("|"), boards.join(","))
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("tri-dimensional chess position '{}': {why}", text.trim()))
}

/// Reads a row of `cells` from FEN-style text.
fn read_row(text: &str, game: &mut Game, cells: &[u8], what: &str) -> Result<(), PluginError> {
    let mut i = 0;
    for ch in what.chars() {
        if let Some(run) = ch.to_digit(10) {
            if run == 0 || i + run as usize > cells.len() {
                return Err(bad(text, format!("'{what}' does not fit {} squares", cells.len())));
            }
            i += run as usize;
            continue;
        }
        let kind = kind_of_letter(ch)
            .ok_or_else(|| bad(text, format!("'{ch}' in '{what}' is not a piece letter (K Q R B N P)")))?;
        let Some(&cell) = cells.get(i) else {
            return Err(bad(text, format!("'{what}' has more than {} squares", cells.len())));
        };
        let owner = if ch.is_ascii_uppercase() { WHITE } else { BLACK };
        game.board.cells[cell as usize] = code(owner, kind);
        i += 1;
    }
    if i != cells.len() {
        return Err(bad(text, format!("'{what}' covers {i} of its {} squares", cells.len())));
    }
    Ok(())
}

fn read_levels(text: &str, field: &str, game: &mut Game) -> Result<(), PluginError> {
    let levels: Vec<&str> = field.split('|').collect();
    if levels.len() != 3 {
        return Err(bad(text, format!("the first field '{field}' needs the three levels W|N|B, not {}", levels.len())));
    }
    for (main, level) in levels.iter().enumerate() {
        let ranks: Vec<&str> = level.split('/').collect();
        if ranks.len() != 4 {
            return Err(bad(
                text,
                format!("level {} ('{level}') has {} ranks; each has 4", crate::squares::MAIN_NAMES[main], ranks.len()),
            ));
        }
        let base = 1 + 2 * main as u8;
        for (i, r) in ranks.iter().enumerate() {
            let rank = base + 3 - i as u8;
            let cells: Vec<u8> = (1..=4).filter_map(|f| main_cell(main as u8, f, rank)).collect();
            read_row(text, game, &cells, r)?;
        }
    }
    Ok(())
}

fn read_boards(text: &str, field: &str, game: &mut Game) -> Result<(), PluginError> {
    for item in field.split(',') {
        let (head, rows) = item
            .split_once(':')
            .ok_or_else(|| bad(text, format!("attack board '{item}' needs ':' before its squares (QL1w:PP/RQ)")))?;
        let owner = match head.chars().last() {
            Some('w') => 1,
            Some('b') => 2,
            _ => return Err(bad(text, format!("attack board '{item}': the place is followed by its owner, w or b"))),
        };
        let place = parse_place(&head[..head.len() - 1]).ok_or_else(|| {
            bad(
                text,
                format!(
                    "attack board '{item}': '{}' is not a place (QL1 to QL6, KL1 to KL6, with i when inverted)",
                    &head[..head.len() - 1]
                ),
            )
        })?;
        if game.board.boards[place as usize] != 0 {
            return Err(bad(text, format!("two attack boards at {}", place_name(place))));
        }
        game.board.boards[place as usize] = owner;
        let (high, low) = rows
            .split_once('/')
            .ok_or_else(|| bad(text, format!("attack board '{item}' needs its two ranks separated by '/'")))?;
        let cells = Board::board_cells(place);
        read_row(text, game, &cells[2..], high)?;
        read_row(text, game, &cells[..2], low)?;
    }
    for king_side in [false, true] {
        let n = (0..PLACES as u8)
            .filter(|&p| game.board.boards[p as usize] != 0 && place_king_side(p) == king_side)
            .count();
        if n != 2 {
            let side = if king_side { "king's" } else { "queen's" };
            return Err(bad(text, format!("the {side} side has {n} attack boards; it has two")));
        }
    }
    Ok(())
}

fn read_castling(text: &str, field: &str, game: &mut Game) -> Result<(), PluginError> {
    if field == "-" {
        return Ok(());
    }
    for ch in field.chars() {
        let i = ['K', 'Q', 'k', 'q']
            .iter()
            .position(|&c| c == ch)
            .ok_or_else(|| bad(text, format!("castling field '{field}': '{ch}' is not one of K Q k q")))?;
        let c = HOMES.castling[i];
        if game.at(c.king) != code(c.side, KING) || game.at(c.rook) != code(c.side, crate::board::ROOK) {
            return Err(bad(
                text,
                format!(
                    "castling right '{ch}' needs the king on {} and the rook on {}",
                    cell_name(c.king),
                    cell_name(c.rook)
                ),
            ));
        }
        game.castling |= c.bit;
    }
    Ok(())
}

fn read_ep(text: &str, field: &str, game: &mut Game) -> Result<(), PluginError> {
    if field == "-" {
        return Ok(());
    }
    let (land, victim) = field.split_once(':').ok_or_else(|| {
        bad(text, format!("en-passant field '{field}' is '-' or the landing square ':' the pawn taken (b3W:b4W)"))
    })?;
    let (Some(l), Some(v)) = (parse_cell(land), parse_cell(victim)) else {
        return Err(bad(text, format!("en-passant field '{field}' does not name two squares")));
    };
    let mover = game.side ^ 1;
    let (ls, vs) = (square(l), square(v));
    let in_line = ls.file == vs.file && vs.rank as i8 == ls.rank as i8 + forward(mover);
    if game.at(v) != code(mover, PAWN) || !in_line || !game.board.exists(l) || game.at(l) != 0 || !game.board.exists(v)
    {
        return Err(bad(text, format!("en-passant field '{field}': the side that just moved needs a pawn on {victim} just past an empty {land}")));
    }
    let beside = (0..CELLS as u8).any(|c| {
        let s = square(c);
        game.at(c) == code(game.side, PAWN)
            && game.board.exists(c)
            && s.rank == vs.rank
            && s.file.abs_diff(vs.file) == 1
    });
    if !beside {
        return Err(bad(
            text,
            format!("en-passant field '{field}': no pawn stands beside {victim} to take it (write '-')"),
        ));
    }
    game.ep = [l, v];
    Ok(())
}

fn read_moved(text: &str, field: &str, game: &mut Game) -> Result<(), PluginError> {
    for (i, &c) in HOMES.pawns.iter().enumerate() {
        if game.at(c) == code((i / 8) as u8, PAWN) {
            game.fresh |= 1 << i;
        }
    }
    if field == "-" {
        return Ok(());
    }
    for name in field.split(',') {
        let cell = parse_cell(name).ok_or_else(|| bad(text, format!("moved pawns: '{name}' is not a square")))?;
        let i = HOMES.pawns.iter().position(|&c| c == cell).filter(|&i| game.fresh & (1 << i) != 0);
        let Some(i) = i else {
            return Err(bad(text, format!("moved pawns: {name} is not a start square holding a pawn of its side")));
        };
        game.fresh &= !(1 << i);
    }
    Ok(())
}

fn read_number(text: &str, field: Option<&str>, default: u32, what: &str) -> Result<u32, PluginError> {
    match field {
        None => Ok(default),
        Some(f) => f.parse::<u32>().map_err(|_| bad(text, format!("{what} '{f}' is not a whole number"))),
    }
}

/// Checks what no game can reach: kings, pawns past promotion, the side
/// not to move in check.
fn validate(text: &str, game: &mut Game) -> Result<(), PluginError> {
    for side in [WHITE, BLACK] {
        let kings: Vec<u8> = (0..CELLS as u8).filter(|&c| game.at(c) == code(side, KING)).collect();
        let name = if side == WHITE { "White" } else { "Black" };
        if kings.len() != 1 {
            return Err(bad(text, format!("{name} has {} kings; each side has one", kings.len())));
        }
        game.kings[side as usize] = kings[0];
    }
    for c in 0..CELLS as u8 {
        let p = game.at(c);
        if p != 0 && kind_of(p) == PAWN && promotes_on(owner_of(p), square(c).rank) {
            return Err(bad(text, format!("a pawn on {} would have promoted", cell_name(c))));
        }
    }
    if game.board.attacked(game.kings[(game.side ^ 1) as usize], game.side) {
        return Err(bad(text, "the side that just moved is in check"));
    }
    Ok(())
}

/// Reads a position.
pub fn read(text: &str) -> Result<Parsed, PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(6..=8).contains(&fields.len()) {
        return Err(bad(text, format!("{} fields; a position has 6 to 8 (levels, attack boards, side, castling, en passant, moved pawns[, plies, move])", fields.len())));
    }
    let mut game =
        Game { board: Board::default(), side: WHITE, castling: 0, ep: [NO_CELL; 2], fresh: 0, kings: [0; 2] };
    read_levels(text, fields[0], &mut game)?;
    read_boards(text, fields[1], &mut game)?;
    game.side = match fields[2] {
        "w" => WHITE,
        "b" => BLACK,
        other => return Err(bad(text, format!("side to move '{other}' is 'w' or 'b'"))),
    };
    validate(text, &mut game)?;
    read_castling(text, fields[3], &mut game)?;
    read_ep(text, fields[4], &mut game)?;
    read_moved(text, fields[5], &mut game)?;
    let halfmove = read_number(text, fields.get(6).copied(), 0, "the plies since a capture or pawn move")?;
    let fullmove = read_number(text, fields.get(7).copied(), 1, "the move number")?.max(1);
    Ok(Parsed { game, halfmove, fullmove })
}
