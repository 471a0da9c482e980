//! The game state: the mailbox, where each player's four amazons stand,
//! the side to move, the Zobrist hash and the moves played. The
//! boundary's view of it is in [`crate::play`].

use std::sync::LazyLock;

use rules_api::Move;

use crate::board::{self, cell, square, ARROW, CELLS, EMPTY, MAILBOX};

/// Amazons per player.
pub const AMAZONS: usize = 4;
/// Piece type of an amazon ([`rules_api::Piece::kind`]).
pub const AMAZON_KIND: u16 = 0;
/// Piece type of an arrow.
pub const ARROW_KIND: u16 = 1;

/// Zobrist keys: a white amazon, a black amazon and an arrow on each
/// cell, then Black to move.
static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x414D_415A, 3 * CELLS + 1));

/// The key of what stands on a cell (an amazon of a player, or an arrow).
fn key(what: u8, c: usize) -> u64 {
    KEYS[(what as usize - 1) * CELLS + c]
}

fn black_key() -> u64 {
    KEYS[3 * CELLS]
}

/// An amazons position with its own move history.
#[derive(Clone, Debug)]
pub struct Amazons {
    pub(crate) squares: [u8; MAILBOX],
    /// Each player's amazons, as mailbox squares.
    queens: [[u8; AMAZONS]; 2],
    pub(crate) side: u8,
    hash: u64,
    played: Vec<Move>,
}

/// Where the amazons start: White on a4, d1, g1, j4; Black on a7, d10,
/// g10, j7.
pub const START: [[&str; AMAZONS]; 2] = [["a4", "d1", "g1", "j4"], ["a7", "d10", "g10", "j7"]];

impl Amazons {
    /// The start position.
    pub fn start() -> Self {
        let mut squares = board::empty_board();
        for (player, names) in START.iter().enumerate() {
            for name in names {
                squares[square(board::parse_cell(name).expect("a start cell"))] = board::amazon(player as u8);
            }
        }
        Amazons::from_squares(squares, 0)
    }

    /// A position from its squares (four amazons each, checked by the
    /// caller) and the side to move.
    pub(crate) fn from_squares(squares: [u8; MAILBOX], side: u8) -> Self {
        let mut queens = [[0u8; AMAZONS]; 2];
        let mut found = [0usize; 2];
        let mut hash = if side == 1 { black_key() } else { 0 };
        for c in 0..CELLS {
            let what = squares[square(c)];
            if what == EMPTY {
                continue;
            }
            hash ^= key(what, c);
            if what != ARROW {
                let player = (what - board::WHITE) as usize;
                queens[player][found[player]] = square(c) as u8;
                found[player] += 1;
            }
        }
        Amazons { squares, queens, side, hash, played: Vec::with_capacity(CELLS) }
    }

    /// A player's amazons, as mailbox squares.
    pub fn amazons(&self, player: u8) -> &[u8; AMAZONS] {
        &self.queens[player as usize]
    }

    /// What stands on a cell: [`board::EMPTY`], an amazon or an arrow.
    pub fn at(&self, c: usize) -> u8 {
        self.squares[square(c)]
    }

    /// Arrows shot so far (one per move).
    pub fn arrows(&self) -> usize {
        (0..CELLS).filter(|&c| self.at(c) == ARROW).count()
    }

    /// The Zobrist hash of the amazons, the arrows and the side to move.
    pub fn key(&self) -> u64 {
        self.hash
    }

    /// Plays a legal move.
    pub(crate) fn apply(&mut self, m: Move) {
        self.relocate(self.side, square(m.from as usize), square(m.to as usize));
        self.burn(square(m.tag as usize), true);
        self.side ^= 1;
        self.hash ^= black_key();
        self.played.push(m);
    }

    /// Takes the last move back; `false` when no move was made here.
    pub(crate) fn take_back(&mut self) -> bool {
        let Some(m) = self.played.pop() else { return false };
        self.side ^= 1;
        self.hash ^= black_key();
        self.burn(square(m.tag as usize), false);
        self.relocate(self.side, square(m.to as usize), square(m.from as usize));
        true
    }

    fn relocate(&mut self, player: u8, from: usize, to: usize) {
        let what = board::amazon(player);
        self.squares[from] = EMPTY;
        self.squares[to] = what;
        self.hash ^= key(what, cell(from)) ^ key(what, cell(to));
        if let Some(q) = self.queens[player as usize].iter_mut().find(|q| **q as usize == from) {
            *q = to as u8;
        }
    }

    fn burn(&mut self, s: usize, on: bool) {
        self.squares[s] = if on { ARROW } else { EMPTY };
        self.hash ^= key(ARROW, cell(s));
    }
}
