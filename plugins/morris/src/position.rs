//! The game state: each player's men on the board and in hand, the side
//! to move, the plies since the last placement or removal (for the draw
//! rule), the Zobrist hash and the moves played.
//!
//! The boundary's view of it is in [`crate::play`].
//!
//! A move is one [`Move`]: a placement has `from` = [`CELL_NONE`], a move
//! on the board `from` and `to`; when it closes a mill, `tag` is the point
//! of the man removed plus one (0: no removal). Cells are points in the
//! order of [`crate::layout`].

use std::sync::LazyLock;

use rules_api::{Move, CELL_NONE};

use crate::layout::{bit, POINTS};

/// Men each player starts with, all in hand.
pub const MEN: u8 = 9;
/// Plies in a row with neither a placement nor a removal that draw the
/// game: fifty moves by each player without a mill.
pub const QUIET_LIMIT: u16 = 100;

/// Zobrist keys: a man of each player on each point, the black side to
/// move, and each count of men in hand for each player.
static KEYS: LazyLock<Vec<u64>> =
    LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x4D4F_5252, 2 * POINTS + 1 + 2 * (MEN as usize + 1)));

fn man_key(player: usize, point: usize) -> u64 {
    KEYS[player * POINTS + point]
}

fn black_key() -> u64 {
    KEYS[2 * POINTS]
}

fn hand_key(player: usize, count: u8) -> u64 {
    KEYS[2 * POINTS + 1 + player * (MEN as usize + 1) + count as usize]
}

/// What make_move needs to take a move back.
#[derive(Clone, Copy, Debug)]
struct Played {
    mv: Move,
    quiet: u16,
    /// The hash before the move (also the repetition history).
    hash: u64,
}

/// A nine men's morris position with its own move history.
#[derive(Clone, Debug)]
pub struct Morris {
    pub(crate) men: [u32; 2],
    pub(crate) hand: [u8; 2],
    pub(crate) side: u8,
    pub(crate) quiet: u16,
    hash: u64,
    played: Vec<Played>,
}

impl Default for Morris {
    fn default() -> Self {
        Morris::from_parts([0, 0], [MEN, MEN], 0, 0)
    }
}

impl Morris {
    /// A position from its parts; the caller has checked it can occur.
    pub(crate) fn from_parts(men: [u32; 2], hand: [u8; 2], side: u8, quiet: u16) -> Self {
        let mut hash = if side == 1 { black_key() } else { 0 };
        for (player, &set) in men.iter().enumerate() {
            hash ^= hand_key(player, hand[player]);
            for point in 0..POINTS {
                if set & bit(point) != 0 {
                    hash ^= man_key(player, point);
                }
            }
        }
        Morris { men, hand, side, quiet, hash, played: Vec::with_capacity(256) }
    }

    /// Every occupied point.
    pub fn occupied(&self) -> u32 {
        self.men[0] | self.men[1]
    }

    /// A player's men on the board and in hand.
    pub fn men_left(&self, player: u8) -> u32 {
        self.men[player as usize].count_ones() + self.hand[player as usize] as u32
    }

    /// A player's men on the board (as points).
    pub fn men_of(&self, player: u8) -> u32 {
        self.men[player as usize]
    }

    /// A player's men still to be placed.
    pub fn in_hand(&self, player: u8) -> u8 {
        self.hand[player as usize]
    }

    /// How many times the current position has occurred in this game,
    /// this time included (as far as the history reaches).
    pub fn occurrences(&self) -> u32 {
        let mut count = 1;
        let n = self.played.len();
        let mut back = 2;
        while back <= self.quiet as usize && back <= n {
            if self.played[n - back].hash == self.hash {
                count += 1;
            }
            back += 2;
        }
        count
    }

    /// The point removed by `m`, if it removes one.
    pub fn removed(m: Move) -> Option<usize> {
        (m.tag != 0).then(|| m.tag as usize - 1)
    }

    fn toggle_man(&mut self, player: usize, point: usize) {
        self.men[player] ^= bit(point);
        self.hash ^= man_key(player, point);
    }

    fn set_hand(&mut self, player: usize, count: u8) {
        self.hash ^= hand_key(player, self.hand[player]) ^ hand_key(player, count);
        self.hand[player] = count;
    }

    /// The Zobrist hash: men, men in hand and the side to move (not the
    /// draw counter or the history, which only end the game).
    pub fn key(&self) -> u64 {
        self.hash
    }

    /// Takes the last move back; `false` when no move was made here.
    pub(crate) fn take_back(&mut self) -> bool {
        let Some(played) = self.played.pop() else { return false };
        let m = played.mv;
        self.side ^= 1;
        let (me, them) = (self.side as usize, self.side as usize ^ 1);
        if let Some(point) = Morris::removed(m) {
            self.toggle_man(them, point);
        }
        self.toggle_man(me, m.to as usize);
        if m.from == CELL_NONE {
            self.set_hand(me, self.hand[me] + 1);
        } else {
            self.toggle_man(me, m.from as usize);
        }
        self.quiet = played.quiet;
        self.hash = played.hash;
        true
    }

    /// Plays a legal move.
    pub(crate) fn apply(&mut self, m: Move) {
        let (me, them) = (self.side as usize, self.side as usize ^ 1);
        self.played.push(Played { mv: m, quiet: self.quiet, hash: self.hash });
        if m.from == CELL_NONE {
            self.set_hand(me, self.hand[me] - 1);
            self.quiet = 0;
        } else {
            self.toggle_man(me, m.from as usize);
            self.quiet += 1;
        }
        self.toggle_man(me, m.to as usize);
        if let Some(point) = Morris::removed(m) {
            self.toggle_man(them, point);
            self.quiet = 0;
        }
        self.side ^= 1;
        self.hash ^= black_key();
    }
}
