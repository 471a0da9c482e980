//! The board as a 12×12 mailbox: the 10×10 squares inside a frame of
//! border squares, so that a queen line stops at the edge without any
//! bounds test. Geometry cells are numbered `rank * 10 + file` from `a1`.

/// Squares per side of the playing area.
pub const SIDE: usize = 10;
/// Squares on the board.
pub const CELLS: usize = SIDE * SIDE;
/// Mailbox width: the side and a border square on either end.
pub const WIDTH: usize = SIDE + 2;
/// Mailbox size.
pub const MAILBOX: usize = WIDTH * WIDTH;

/// What stands on a mailbox square.
pub const EMPTY: u8 = 0;
/// A white amazon (player 0).
pub const WHITE: u8 = 1;
/// A black amazon (player 1).
pub const BLACK: u8 = 2;
/// A burnt square.
pub const ARROW: u8 = 3;
/// Outside the board.
pub const BORDER: u8 = 4;

/// The eight queen directions as mailbox steps.
pub const DIRECTIONS: [isize; 8] = [
    1,
    -1,
    WIDTH as isize,
    -(WIDTH as isize),
    WIDTH as isize + 1,
    -(WIDTH as isize) - 1,
    WIDTH as isize - 1,
    -(WIDTH as isize) + 1,
];

/// The amazon of a player.
pub const fn amazon(player: u8) -> u8 {
    WHITE + player
}

/// The mailbox square of a geometry cell.
pub const fn square(cell: usize) -> usize {
    (cell / SIDE + 1) * WIDTH + cell % SIDE + 1
}

/// The geometry cell of a mailbox square on the board.
pub const fn cell(square: usize) -> usize {
    (square / WIDTH - 1) * SIDE + square % WIDTH - 1
}

/// One step from a square (on the board or its border).
pub const fn step(square: usize, direction: isize) -> usize {
    square.wrapping_add_signed(direction)
}

/// The empty mailbox: the board empty, the frame border.
pub fn empty_board() -> [u8; MAILBOX] {
    let mut squares = [BORDER; MAILBOX];
    for c in 0..CELLS {
        squares[square(c)] = EMPTY;
    }
    squares
}

/// The name of a cell (`a1` to `j10`).
pub fn name(cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % SIDE) as u8) as char, cell / SIDE + 1)
}

/// The cell a name denotes (the letter in either case), if any.
pub fn parse_cell(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    if !('a'..='j').contains(&file) {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    (1..=SIDE).contains(&rank).then(|| (rank - 1) * SIDE + (file as u8 - b'a') as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_cells_convert_both_ways_inside_the_border() {
        let board = empty_board();
        for c in 0..CELLS {
            assert_eq!(cell(square(c)), c);
            assert_eq!(parse_cell(&name(c)), Some(c));
            let neighbours = DIRECTIONS.iter().filter(|&&d| board[step(square(c), d)] == EMPTY).count();
            let (file, rank) = (c % SIDE, c / SIDE);
            let edge = |x: usize| x == 0 || x == SIDE - 1;
            let expected = match (edge(file), edge(rank)) {
                (true, true) => 3,
                (true, false) | (false, true) => 5,
                _ => 8,
            };
            assert_eq!(neighbours, expected, "{}", name(c));
        }
        assert_eq!(board.iter().filter(|&&s| s == BORDER).count(), MAILBOX - CELLS);
        assert_eq!(parse_cell("J10"), Some(99));
        assert_eq!(parse_cell("k1"), None);
        assert_eq!(parse_cell("a11"), None);
        assert_eq!(parse_cell("a01"), None);
    }
}
