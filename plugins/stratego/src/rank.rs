//! The ranks of the army: their counts, names, letters and numbers, and
//! what happens when two of them meet.
//!
//! A rank is also the piece type index the host sees (`Piece::kind`), so
//! [`UNKNOWN`] is type 0 and the spy (1) to the marshal (10) keep the
//! modern numbers, which is also their order of strength.

/// A piece whose rank the viewer does not know (drawn as a blank back).
pub const UNKNOWN: u8 = 0;
/// The spy: defeats the marshal when it attacks it, loses every other fight.
pub const SPY: u8 = 1;
/// The scout: moves any distance in a straight line.
pub const SCOUT: u8 = 2;
/// The miner: the only piece that defuses a bomb.
pub const MINER: u8 = 3;
/// The sergeant.
pub const SERGEANT: u8 = 4;
/// The lieutenant.
pub const LIEUTENANT: u8 = 5;
/// The captain.
pub const CAPTAIN: u8 = 6;
/// The major.
pub const MAJOR: u8 = 7;
/// The colonel.
pub const COLONEL: u8 = 8;
/// The general.
pub const GENERAL: u8 = 9;
/// The marshal, the strongest piece.
pub const MARSHAL: u8 = 10;
/// A bomb: never moves, defeats every attacker but a miner.
pub const BOMB: u8 = 11;
/// The flag: never moves; whoever captures it wins.
pub const FLAG: u8 = 12;
/// Number of piece types (the unknown one included).
pub const KINDS: usize = 13;

/// How many pieces of each rank an army has (40 in all).
pub const ARMY: [u8; KINDS] = [0, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6, 1];
/// The size of an army.
pub const ARMY_SIZE: u8 = 40;

/// The ranks from the strongest down, bombs and flag last: the order of
/// the reserve tray and of written lists of lost pieces.
pub const TRAY_ORDER: [u8; 12] =
    [MARSHAL, GENERAL, COLONEL, MAJOR, CAPTAIN, LIEUTENANT, SERGEANT, MINER, SCOUT, SPY, BOMB, FLAG];

/// Names, by rank.
pub const NAMES: [&str; KINDS] = [
    "unknown",
    "spy",
    "scout",
    "miner",
    "sergeant",
    "lieutenant",
    "captain",
    "major",
    "colonel",
    "general",
    "marshal",
    "bomb",
    "flag",
];

/// Letters of the position text and of placements (red's; blue's are the
/// lowercase ones): the first letter of the name that is still free.
pub const LETTERS: [char; KINDS] = ['X', 'S', 'O', 'N', 'T', 'L', 'P', 'J', 'C', 'G', 'M', 'B', 'F'];

/// Which numbers are printed on the pieces.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Numbering {
    /// The numbers of current Jumbo editions and the ISF: marshal 10 down
    /// to scout 2, spy 1 (printed `S`).
    #[default]
    Modern,
    /// The older numbers (Milton Bradley and early European editions):
    /// marshal 1 up to scout 9, spy `S`.
    Classic,
}

impl Numbering {
    /// The number printed on a piece of `rank` (`S`, `B` and `F` for the
    /// spy, bombs and flag; `?` for an unknown piece).
    pub fn label(self, rank: u8) -> &'static str {
        const MODERN: [&str; KINDS] = ["?", "S", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "F"];
        const CLASSIC: [&str; KINDS] = ["?", "S", "9", "8", "7", "6", "5", "4", "3", "2", "1", "B", "F"];
        match self {
            Numbering::Modern => MODERN[rank as usize],
            Numbering::Classic => CLASSIC[rank as usize],
        }
    }
}

/// Whether pieces of `rank` ever move.
pub fn movable(rank: u8) -> bool {
    (SPY..=MARSHAL).contains(&rank)
}

/// The rank a letter names (either case), if any; `X` is [`UNKNOWN`].
pub fn from_letter(letter: char) -> Option<u8> {
    let upper = letter.to_ascii_uppercase();
    LETTERS.iter().position(|&l| l == upper).map(|r| r as u8)
}

/// The rank named by a word: its letter, its name, or its number in
/// `numbering` (case ignored).
pub fn from_word(word: &str, numbering: Numbering) -> Option<u8> {
    let lower = word.to_ascii_lowercase();
    let mut chars = lower.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(rank) = from_letter(c).filter(|&r| r != UNKNOWN) {
            return Some(rank);
        }
    }
    if numbering == Numbering::Modern && lower == "1" {
        // The modern lists number the spy 1 though its piece shows an S.
        return Some(SPY);
    }
    (1..KINDS as u8).find(|&r| NAMES[r as usize] == lower || numbering.label(r).eq_ignore_ascii_case(&lower))
}

/// How a strike ends.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Strike {
    /// The defender is removed and the attacker takes its square.
    AttackerWins,
    /// The attacker is removed.
    DefenderWins,
    /// Equal ranks: both are removed.
    Both,
}

/// The outcome of `attacker` striking `defender` (both real ranks).
pub fn strike(attacker: u8, defender: u8) -> Strike {
    match (attacker, defender) {
        (_, FLAG) => Strike::AttackerWins,
        (MINER, BOMB) => Strike::AttackerWins,
        (_, BOMB) => Strike::DefenderWins,
        // The spy wins only when it is the one attacking the marshal.
        (SPY, MARSHAL) => Strike::AttackerWins,
        (a, d) if a == d => Strike::Both,
        (a, d) if a > d => Strike::AttackerWins,
        _ => Strike::DefenderWins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_has_forty_pieces_and_the_tray_lists_every_rank_once() {
        assert_eq!(ARMY.iter().map(|&n| n as u32).sum::<u32>(), ARMY_SIZE as u32);
        let mut seen = TRAY_ORDER.to_vec();
        seen.sort_unstable();
        assert_eq!(seen, (1..KINDS as u8).collect::<Vec<_>>());
    }

    #[test]
    fn letters_and_words_name_each_rank() {
        for rank in 1..KINDS as u8 {
            assert_eq!(from_letter(LETTERS[rank as usize]), Some(rank));
            assert_eq!(from_word(NAMES[rank as usize], Numbering::Modern), Some(rank));
            assert_eq!(from_word(Numbering::Classic.label(rank), Numbering::Classic), Some(rank));
        }
        assert_eq!(from_word("10", Numbering::Modern), Some(MARSHAL));
        assert_eq!(from_word("1", Numbering::Classic), Some(MARSHAL));
        assert_eq!(from_word("1", Numbering::Modern), Some(SPY));
        assert_eq!(from_word("x", Numbering::Modern), None);
    }
}
