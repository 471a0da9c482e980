//! The game state and make/unmake.
//!
//! Nothing secret is stored: a face-down piece is only "face down", and
//! what it is gets decided by chance when it is flipped, drawn from the
//! face-down pieces left ([`Game::pool`]). Dealing the shuffled pieces one
//! at a time like this gives every face-down piece the same chances as a
//! shuffle made at the start, and no player, host or strategy can learn
//! what is still hidden, because it is nowhere.

use std::sync::OnceLock;

use rules_api::{Move, PluginError, CELL_NONE};

use crate::board::SQUARES;
use crate::piece::{self, SET, TYPES};

/// What a square holds: [`EMPTY`], [`DOWN`], or a face-up piece code (1-14).
pub type Cell = u8;
/// An empty square.
pub const EMPTY: Cell = 0xFF;
/// A face-down piece.
pub const DOWN: Cell = piece::FACE_DOWN;

/// The rules that an option changes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Config {
    /// Plies in a row without a flip or a capture that draw the game (0: never).
    pub no_progress: u16,
}

impl Default for Config {
    fn default() -> Self {
        Config { no_progress: 50 }
    }
}

/// What make_move changed, to put back.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    pub taken: Cell,
    pub side: u8,
    pub flip: Option<u16>,
    pub first_colour: Option<u8>,
    pub quiet: u16,
}

/// A game of banqi.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) config: Config,
    pub(crate) board: [Cell; SQUARES],
    /// Face-down pieces left, by code (index 0 unused).
    pub(crate) pool: [u8; TYPES],
    /// Pieces captured, by code.
    pub(crate) captured: [u8; TYPES],
    /// The seat to move; at a chance node, the seat that flipped.
    pub(crate) side: u8,
    /// The square just flipped, whose piece chance is about to show.
    pub(crate) flip: Option<u16>,
    /// The colour of the first seat (decided by the first flip).
    pub(crate) first_colour: Option<u8>,
    /// Plies since the last flip or capture.
    pub(crate) quiet: u16,
    board_hash: u64,
    pub(crate) history: Vec<Undo>,
}

struct Keys {
    cells: Vec<u64>,
    meta: Vec<u64>,
}

const CODES: usize = 16;
const META_SIDE: usize = 0;
const META_FIRST: usize = 1;
const META_FLIP: usize = 3;
const META_CAPTURED: usize = META_FLIP + SQUARES;
const META_QUIET: usize = META_CAPTURED + TYPES * 8;
const META_LEN: usize = META_QUIET + 1;

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let all = tabula_kit::rng::zobrist_keys(0xBA9_0123, SQUARES * CODES + META_LEN);
        let (cells, meta) = all.split_at(SQUARES * CODES);
        Keys { cells: cells.to_vec(), meta: meta.to_vec() }
    })
}

fn cell_key(square: usize, cell: Cell) -> u64 {
    if cell == EMPTY {
        0
    } else {
        keys().cells[square * CODES + cell as usize]
    }
}

impl Game {
    /// The start: 32 pieces face down, the first seat to flip.
    pub fn new(config: Config) -> Game {
        let mut pool = [0u8; TYPES];
        for colour in 0..2 {
            for (k, &n) in SET.iter().enumerate() {
                pool[piece::code(colour, k as u8) as usize] = n;
            }
        }
        let mut game = Game {
            config,
            board: [DOWN; SQUARES],
            pool,
            captured: [0; TYPES],
            side: 0,
            flip: None,
            first_colour: None,
            quiet: 0,
            board_hash: 0,
            history: Vec::with_capacity(256),
        };
        game.rehash();
        game
    }

    /// Recomputes the board hash (after a state was assembled by hand).
    pub(crate) fn rehash(&mut self) {
        self.board_hash = self.board.iter().enumerate().fold(0, |h, (s, &c)| h ^ cell_key(s, c));
    }

    /// The rules in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// What stands on `square`.
    pub fn at(&self, square: u16) -> Cell {
        self.board[square as usize]
    }

    /// The seat to move (at a chance node, the seat that flipped).
    pub fn side(&self) -> u8 {
        self.side
    }

    /// The square being flipped, at a chance node.
    pub fn flipping(&self) -> Option<u16> {
        self.flip
    }

    /// The colour `seat` plays, once the first flip has decided it.
    pub fn colour_of(&self, seat: u8) -> Option<u8> {
        self.first_colour.map(|c| c ^ seat)
    }

    /// The seat that plays `colour`, once decided.
    pub fn seat_of(&self, colour: u8) -> Option<u8> {
        self.first_colour.map(|c| c ^ colour)
    }

    /// Face-down pieces left of each code.
    pub fn pool(&self) -> &[u8; TYPES] {
        &self.pool
    }

    /// How many pieces lie face down.
    pub fn face_down(&self) -> u32 {
        self.pool.iter().map(|&n| n as u32).sum()
    }

    /// Plies since the last flip or capture.
    pub fn quiet(&self) -> u16 {
        self.quiet
    }

    pub(crate) fn set(&mut self, square: u16, cell: Cell) {
        let s = square as usize;
        self.board_hash ^= cell_key(s, self.board[s]) ^ cell_key(s, cell);
        self.board[s] = cell;
    }

    /// The hash of everything that decides the moves and the result.
    pub fn hash(&self) -> u64 {
        let k = &keys().meta;
        let mut h = self.board_hash;
        if self.side == 1 {
            h ^= k[META_SIDE];
        }
        if let Some(c) = self.first_colour {
            h ^= k[META_FIRST + c as usize];
        }
        if let Some(s) = self.flip {
            h ^= k[META_FLIP + s as usize];
        }
        for (code, &n) in self.captured.iter().enumerate() {
            if n > 0 {
                h ^= k[META_CAPTURED + code * 8 + (n as usize).min(7)];
            }
        }
        if self.config.no_progress > 0 {
            h ^= k[META_QUIET].wrapping_mul(self.quiet as u64 * 2 + 1).rotate_left(23);
        }
        h
    }

    /// Plays `m`, refusing it unless it is legal here.
    pub fn make(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.is_legal(m) {
            return Err(PluginError::illegal_move(format!(
                "{m:?} is not a legal move here (see the legal moves of this position)"
            )));
        }
        let mut undo = Undo {
            mv: m,
            taken: EMPTY,
            side: self.side,
            flip: self.flip,
            first_colour: self.first_colour,
            quiet: self.quiet,
        };
        if let Some(square) = self.flip {
            // Chance shows the flipped piece; the first flip gives its
            // colour to the seat that flipped it.
            let code = (m.extra - 1) as u8;
            self.pool[code as usize] -= 1;
            self.set(square, code);
            if self.first_colour.is_none() {
                self.first_colour = Some(piece::colour(code) ^ self.side);
            }
            self.flip = None;
            self.side = 1 - self.side;
        } else if m.from == CELL_NONE {
            self.flip = Some(m.to);
            self.quiet = 0;
        } else {
            let (mover, target) = (self.at(m.from), self.at(m.to));
            self.set(m.from, EMPTY);
            self.set(m.to, mover);
            if target == EMPTY {
                self.quiet = self.quiet.saturating_add(1);
            } else {
                undo.taken = target;
                self.captured[target as usize] += 1;
                self.quiet = 0;
            }
            self.side = 1 - self.side;
        }
        self.history.push(undo);
        Ok(())
    }

    /// Takes the last move back.
    pub fn unmake(&mut self) -> Result<(), PluginError> {
        let undo = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        let m = undo.mv;
        if let Some(square) = undo.flip {
            self.pool[(m.extra - 1) as usize] += 1;
            self.set(square, DOWN);
        } else if m.from != CELL_NONE {
            let mover = self.at(m.to);
            self.set(m.to, undo.taken);
            self.set(m.from, mover);
            if undo.taken != EMPTY {
                self.captured[undo.taken as usize] -= 1;
            }
        }
        self.side = undo.side;
        self.flip = undo.flip;
        self.first_colour = undo.first_colour;
        self.quiet = undo.quiet;
        Ok(())
    }
}
