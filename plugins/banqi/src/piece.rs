//! The pieces: seven kinds in two colours, their letters and characters,
//! and which may take which.
//!
//! A piece code is also the piece type index the host sees
//! (`Piece::kind`): [`FACE_DOWN`] is 0, red's general to soldier 1 to 7,
//! black's 8 to 14.

/// A piece lying face down (its identity unknown to everyone).
pub const FACE_DOWN: u8 = 0;
/// Number of piece types (face-down included).
pub const TYPES: usize = 15;
/// Kinds per colour, strongest first: general, advisor, elephant,
/// chariot, horse, cannon, soldier.
pub const KINDS: usize = 7;
/// The general's kind.
pub const GENERAL: u8 = 0;
/// The cannon's kind.
pub const CANNON: u8 = 5;
/// The soldier's kind.
pub const SOLDIER: u8 = 6;
/// How many of each kind a colour has (16 in all).
pub const SET: [u8; KINDS] = [1, 2, 2, 2, 2, 2, 5];
/// The colours' names (red is colour 0).
pub const COLOURS: [&str; 2] = ["red", "black"];
/// Letters of the position text and the notation (red's; black's are
/// lower case), as OpenSpiel's banqi writes them.
pub const LETTERS: [char; KINDS] = ['G', 'A', 'E', 'R', 'H', 'C', 'S'];
/// The kinds' names.
pub const NAMES: [&str; KINDS] = ["general", "advisor", "elephant", "chariot", "horse", "cannon", "soldier"];
/// The characters on red's pieces.
pub const RED_GLYPHS: [&str; KINDS] = ["帥", "仕", "相", "俥", "傌", "炮", "兵"];
/// The characters on black's pieces.
pub const BLACK_GLYPHS: [&str; KINDS] = ["將", "士", "象", "車", "馬", "砲", "卒"];

/// The code of a face-up piece of `colour` and `kind`.
pub const fn code(colour: u8, kind: u8) -> u8 {
    1 + colour * KINDS as u8 + kind
}

/// The colour of a face-up piece's code.
pub const fn colour(code: u8) -> u8 {
    (code - 1) / KINDS as u8
}

/// The kind of a face-up piece's code.
pub const fn kind(code: u8) -> u8 {
    (code - 1) % KINDS as u8
}

/// The letter of a face-up piece's code (red upper case).
pub fn letter(code: u8) -> char {
    let l = LETTERS[kind(code) as usize];
    if colour(code) == 0 {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

/// The face-up piece a letter names.
pub fn from_letter(c: char) -> Option<u8> {
    let k = LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())? as u8;
    Some(code(c.is_ascii_lowercase() as u8, k))
}

/// Whether a piece of `attacker`'s kind may take one of `defender`'s kind
/// by stepping onto it: rank by rank (a piece takes its equals and
/// weaker kinds), except that the general cannot take a soldier while the
/// soldier takes the general. The cannon takes only by jumping (any kind),
/// never by a step.
pub fn steps_onto(attacker: u8, defender: u8) -> bool {
    match (attacker, defender) {
        (CANNON, _) => false,
        (GENERAL, SOLDIER) => false,
        (SOLDIER, GENERAL) => true,
        (a, d) => a <= d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_letters_and_the_set() {
        assert_eq!(SET.iter().map(|&n| n as u32).sum::<u32>(), 16);
        for c in 1..TYPES as u8 {
            assert_eq!(from_letter(letter(c)), Some(c));
            assert_eq!(code(colour(c), kind(c)), c);
        }
        assert_eq!(letter(code(1, SOLDIER)), 's');
        assert_eq!(from_letter('x'), None);
    }
}
