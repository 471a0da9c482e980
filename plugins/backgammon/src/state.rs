//! Everything about a position but the checkers: whose turn it is and what
//! happens next (the opening roll, the cube decision, the roll, the play,
//! the answer to a double, the end), the dice and the cube; and the
//! off-board moves that drive them.

use rules_api::Move;

/// The rule options of one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Config {
    /// The doubling cube is in play.
    pub cube: bool,
    /// The Jacoby rule: with the cube never turned, a gammon or a
    /// backgammon counts as a single game.
    pub jacoby: bool,
}

/// The cube never goes beyond 64, the highest face of a doubling cube
/// (2^6).
pub const MAX_CUBE_LOG: u8 = 6;

/// What happens next.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Phase {
    /// Each player rolls one die; the higher starts with both numbers.
    Opening,
    /// The player on turn may double before rolling, or roll.
    Decide,
    /// The player on turn rolls (a chance node).
    Dice,
    /// The player on turn plays the dice.
    Play,
    /// The player on turn has doubled; the opponent takes or drops.
    Doubled,
    /// The game is over; `State::turn` is the winner.
    Over,
}

impl Phase {
    /// Index for the hash tables.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Whose turn, the dice, the cube and how the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct State {
    /// What happens next.
    pub phase: Phase,
    /// The player on roll (or who doubled; the winner when over).
    pub turn: u8,
    /// The dice to play, higher first (in [`Phase::Play`]; otherwise 0).
    pub dice: [u8; 2],
    /// The cube's value as a power of two (0: 1, nobody has doubled).
    pub cube: u8,
    /// Who owns the cube (`None`: it is in the middle).
    pub owner: Option<u8>,
    /// The game ended because a double was dropped.
    pub dropped: bool,
}

impl State {
    /// Before the opening roll.
    pub const OPENING: State =
        State { phase: Phase::Opening, turn: 0, dice: [0, 0], cube: 0, owner: None, dropped: false };

    /// The cube's value.
    pub fn cube_value(&self) -> u32 {
        1 << self.cube
    }

    /// Whether `side` may double now, if the cube is in play: the cube is
    /// in the middle or `side` owns it, and it is below 64.
    pub fn may_double(&self, side: u8) -> bool {
        self.cube < MAX_CUBE_LOG && self.owner.map_or(true, |o| o == side)
    }

    /// Whether the next move is drawn, not chosen.
    pub fn is_chance(&self) -> bool {
        matches!(self.phase, Phase::Opening | Phase::Dice)
    }
}

/// Off-board move codes (`Move::extra`), away from [`Move::PASS`]'s 1.
const DOUBLE_CODE: u16 = 0x10;
const ROLL_CODE: u16 = 0x11;
const TAKE_CODE: u16 = 0x12;
const DROP_CODE: u16 = 0x13;
const DICE_BASE: u16 = 0x100;
const OPENING_BASE: u16 = 0x200;

/// Offer a double (before rolling).
pub const DOUBLE: Move = Move::off_board(DOUBLE_CODE);
/// Roll without doubling.
pub const ROLL: Move = Move::off_board(ROLL_CODE);
/// Accept a double.
pub const TAKE: Move = Move::off_board(TAKE_CODE);
/// Refuse a double and lose the game at the cube's value.
pub const DROP: Move = Move::off_board(DROP_CODE);

/// The roll of `a` and `b` (either order), as a chance outcome.
pub fn dice_move(a: u8, b: u8) -> Move {
    let (high, low) = (a.max(b), a.min(b));
    Move::off_board(DICE_BASE | (high as u16) << 4 | low as u16)
}

/// The opening roll: white's die and black's die (never equal).
pub fn opening_move(white: u8, black: u8) -> Move {
    Move::off_board(OPENING_BASE | (white as u16) << 4 | black as u16)
}

fn two_dice(m: Move, base: u16) -> Option<(u8, u8)> {
    if m.from != rules_api::CELL_NONE || m.to != rules_api::CELL_NONE || m.tag != 0 || m.extra & 0xF00 != base {
        return None;
    }
    let (a, b) = ((m.extra >> 4 & 0xF) as u8, (m.extra & 0xF) as u8);
    ((1..=6).contains(&a) && (1..=6).contains(&b)).then_some((a, b))
}

/// The dice of a roll move, higher first.
pub fn decode_dice(m: Move) -> Option<(u8, u8)> {
    two_dice(m, DICE_BASE).filter(|(high, low)| high >= low)
}

/// White's and black's dice of an opening move.
pub fn decode_opening(m: Move) -> Option<(u8, u8)> {
    two_dice(m, OPENING_BASE).filter(|(white, black)| white != black)
}

/// The 21 rolls in a fixed order (1-1, 2-1, 2-2, …, 6-6) with their
/// chances: 1/36 for a double, 2/36 for two different numbers.
pub fn rolls() -> impl Iterator<Item = (u8, u8, f64)> {
    (1..=6u8).flat_map(|high| (1..=high).map(move |low| (high, low, if high == low { 1.0 } else { 2.0 } / 36.0)))
}

/// The 30 opening rolls (white's die, black's die), each 1/30: the 36
/// throws less the six ties, which are thrown again.
pub fn opening_rolls() -> impl Iterator<Item = (u8, u8)> {
    (1..=6u8).flat_map(|white| (1..=6u8).filter(move |&black| black != white).map(move |black| (white, black)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_outcomes_cover_the_dice_with_the_right_weights() {
        let rolls: Vec<_> = rolls().collect();
        assert_eq!(rolls.len(), 21);
        let total: f64 = rolls.iter().map(|r| r.2).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(opening_rolls().count(), 30);
        for (h, l, _) in rolls {
            assert_eq!(decode_dice(dice_move(h, l)), Some((h, l)));
            assert_eq!(decode_dice(dice_move(l, h)), Some((h, l)));
        }
        for (w, b) in opening_rolls() {
            assert_eq!(decode_opening(opening_move(w, b)), Some((w, b)));
            assert_eq!(decode_dice(opening_move(w, b)), None);
        }
        for m in [DOUBLE, ROLL, TAKE, DROP] {
            assert_eq!((decode_dice(m), decode_opening(m)), (None, None));
            assert_ne!(m, Move::PASS);
        }
    }
}
