//! The board: the cross of 40 track fields, each colour's four goal fields
//! (a–d) and four waiting fields (the B fields), and the die in the
//! middle.
//!
//! Fields are laid out on an 11×11 grid (x right, y down). Track field 1
//! is red's start field (the A field) at the foot of the bottom arm; play
//! runs clockwise (up the bottom arm, along the left arm, up the left…),
//! and the colours' start fields are 1 (red), 11 (blue), 21 (green) and 31
//! (yellow). A piece runs 40 fields from its start field (the last is the
//! field before it) and turns into its goal fields a, b, c, d.
//!
//! Cell numbers: 0–39 the track (field 1 is cell 0), 40 + 4·colour + j
//! the goal fields (j = 0 is `a`, nearest the track), 56 + 4·colour + j
//! the waiting fields, 72 the die.
//!
//! Names: track fields `1`–`40`; goal fields the colour's letter and
//! `a`–`d` (`ra`, `gd`); waiting fields the colour's letter and `1`–`4`
//! (`r1`, `y4`); the die `die`.

use rules_api::Rgba;

/// Fields on the track.
pub const TRACK: usize = 40;
/// Goal (and waiting) fields per colour.
pub const HOME: usize = 4;
/// The first goal cell.
pub const GOAL_BASE: usize = TRACK;
/// The first waiting cell.
pub const WAIT_BASE: usize = TRACK + 4 * HOME;
/// The die's cell.
pub const DIE_CELL: usize = WAIT_BASE + 4 * HOME;
/// Number of cells.
pub const CELLS: usize = DIE_CELL + 1;
/// Fields between two colours' start fields.
pub const ARM: usize = TRACK / 4;

/// The four colours in board order (clockwise from the bottom left): name,
/// letter, piece colour, the pale tint of their fields.
pub const COLOURS: [(&str, char, Rgba, Rgba); 4] = [
    ("red", 'r', Rgba::rgb(206, 36, 36), Rgba::rgb(240, 176, 168)),
    ("blue", 'b', Rgba::rgb(36, 84, 200), Rgba::rgb(172, 194, 240)),
    ("green", 'g', Rgba::rgb(28, 140, 56), Rgba::rgb(170, 220, 176)),
    ("yellow", 'y', Rgba::rgb(232, 188, 16), Rgba::rgb(246, 228, 150)),
];

/// The grid square of each track field, from red's start field.
const TRACK_XY: [(u8, u8); TRACK] = [
    (4, 10),
    (4, 9),
    (4, 8),
    (4, 7),
    (4, 6),
    (3, 6),
    (2, 6),
    (1, 6),
    (0, 6),
    (0, 5),
    (0, 4),
    (1, 4),
    (2, 4),
    (3, 4),
    (4, 4),
    (4, 3),
    (4, 2),
    (4, 1),
    (4, 0),
    (5, 0),
    (6, 0),
    (6, 1),
    (6, 2),
    (6, 3),
    (6, 4),
    (7, 4),
    (8, 4),
    (9, 4),
    (10, 4),
    (10, 5),
    (10, 6),
    (9, 6),
    (8, 6),
    (7, 6),
    (6, 6),
    (6, 7),
    (6, 8),
    (6, 9),
    (6, 10),
    (5, 10),
];

/// The goal fields a–d of each colour (a nearest the track).
const GOAL_XY: [[(u8, u8); HOME]; 4] = [
    [(5, 9), (5, 8), (5, 7), (5, 6)],
    [(1, 5), (2, 5), (3, 5), (4, 5)],
    [(5, 1), (5, 2), (5, 3), (5, 4)],
    [(9, 5), (8, 5), (7, 5), (6, 5)],
];

/// The waiting fields of each colour, in the board's corners.
const WAIT_XY: [[(u8, u8); HOME]; 4] = [
    [(0, 9), (1, 9), (0, 10), (1, 10)],
    [(0, 0), (1, 0), (0, 1), (1, 1)],
    [(9, 0), (10, 0), (9, 1), (10, 1)],
    [(9, 9), (10, 9), (9, 10), (10, 10)],
];

/// The die's square.
const DIE_XY: (u8, u8) = (5, 5);

/// The grid square of a cell.
pub fn square(cell: usize) -> (u8, u8) {
    match cell {
        c if c < TRACK => TRACK_XY[c],
        c if c < WAIT_BASE => GOAL_XY[(c - GOAL_BASE) / HOME][(c - GOAL_BASE) % HOME],
        c if c < DIE_CELL => WAIT_XY[(c - WAIT_BASE) / HOME][(c - WAIT_BASE) % HOME],
        _ => DIE_XY,
    }
}

/// The track cell of `colour`'s start field (its A field).
pub const fn start_cell(colour: u8) -> usize {
    colour as usize * ARM
}

/// The goal cell `j` (0 = a) of `colour`.
pub const fn goal_cell(colour: u8, j: usize) -> usize {
    GOAL_BASE + colour as usize * HOME + j
}

/// The waiting cell `j` of `colour`.
pub const fn wait_cell(colour: u8, j: usize) -> usize {
    WAIT_BASE + colour as usize * HOME + j
}

/// The track cell `steps` fields on from `colour`'s start field.
pub const fn track_cell(colour: u8, steps: usize) -> usize {
    (start_cell(colour) + steps) % TRACK
}

/// How far a track cell lies from `colour`'s start field, 0–39.
pub const fn steps_from_start(colour: u8, cell: usize) -> usize {
    (cell + TRACK - start_cell(colour)) % TRACK
}

/// The name of a cell.
pub fn name(cell: usize) -> String {
    match cell {
        c if c < TRACK => (c + 1).to_string(),
        c if c < WAIT_BASE => {
            let (colour, j) = ((c - GOAL_BASE) / HOME, (c - GOAL_BASE) % HOME);
            format!("{}{}", COLOURS[colour].1, (b'a' + j as u8) as char)
        }
        c if c < DIE_CELL => {
            let (colour, j) = ((c - WAIT_BASE) / HOME, (c - WAIT_BASE) % HOME);
            format!("{}{}", COLOURS[colour].1, j + 1)
        }
        _ => "die".into(),
    }
}

/// The cell a name denotes (any case); the die is not a field.
pub fn parse(text: &str) -> Option<usize> {
    let t = text.to_ascii_lowercase();
    if let Ok(n) = t.parse::<usize>() {
        return (!t.starts_with('0') && (1..=TRACK).contains(&n)).then(|| n - 1);
    }
    let mut chars = t.chars();
    let first = chars.next()?;
    let colour = COLOURS.iter().position(|c| c.1 == first)?;
    let rest: Vec<char> = chars.collect();
    match rest[..] {
        [j @ 'a'..='d'] => Some(goal_cell(colour as u8, j as usize - 'a' as usize)),
        [j @ '1'..='4'] => Some(wait_cell(colour as u8, j as usize - '1' as usize)),
        _ => None,
    }
}

/// The colour seated as each player, by number of players: two sit
/// opposite (red and green), three take red, blue and green.
pub fn seats(players: usize) -> &'static [u8] {
    match players {
        2 => &[0, 2],
        3 => &[0, 1, 2],
        _ => &[0, 1, 2, 3],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_squares_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for cell in 0..CELLS {
            assert!(seen.insert(square(cell)), "two cells on {:?}", square(cell));
            if cell != DIE_CELL {
                assert_eq!(parse(&name(cell)), Some(cell), "{}", name(cell));
            }
        }
        assert_eq!(name(0), "1");
        assert_eq!(name(goal_cell(2, 3)), "gd");
        assert_eq!(name(wait_cell(3, 0)), "y1");
        assert_eq!(parse("01"), None);
        assert_eq!(parse("41"), None);
        assert_eq!(parse("re"), None);
    }

    #[test]
    fn the_track_is_a_closed_walk_into_each_goal() {
        let step = |a: (u8, u8), b: (u8, u8)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
        for i in 0..TRACK {
            assert!(step(square(i), square((i + 1) % TRACK)), "field {} to {}", i + 1, (i + 1) % TRACK + 1);
        }
        for colour in 0..4u8 {
            let last = track_cell(colour, TRACK - 1);
            assert!(step(square(last), square(goal_cell(colour, 0))), "colour {colour} turns into its goal");
            for j in 1..HOME {
                assert!(step(square(goal_cell(colour, j - 1)), square(goal_cell(colour, j))));
            }
        }
    }
}
