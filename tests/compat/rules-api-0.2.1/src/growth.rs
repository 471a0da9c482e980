//! The types of rules-api 0.2.1: chance, results for any number of
//! players, moves chosen by several clicks, and boards that change with the
//! position.
//!
//! Each is returned by a [`crate::Position`] method appended after the
//! 0.2.0 methods. A plugin built against 0.2.0 has none of them; the host
//! then runs the method's default, which keeps that plugin's meaning:
//! deterministic, the players of [`crate::GameInfo::players`], one click
//! for a placement and two for a move, the board as [`crate::Geometry`]
//! draws it.

use abi_stable::std_types::{RString, RVec};
use abi_stable::StableAbi;

use crate::moves::{Move, CELL_NONE};
use crate::status::{Status, StatusKind};

/// One outcome of a chance event (a roll of the dice, a card drawn), as a
/// move of nobody's.
///
/// In a chance node (a position whose flags hold
/// [`crate::PositionFlags::CHANCE`]) the legal moves are exactly the
/// outcomes, so make/unmake, perft and records treat a roll like any move;
/// but no player ever chooses one: the host draws it with its recorded
/// generator.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Debug)]
pub struct ChanceOutcome {
    /// The move that plays this outcome (written like any move: `6-3`).
    pub mv: Move,
    /// Its probability, greater than 0; the outcomes of a node sum to 1.
    pub probability: f64,
}

/// How a game ended, in full: the status, a reason that may be composed at
/// run time, and what each player scored.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct Outcome {
    /// Ongoing, win or draw, with the short static reason.
    pub status: Status,
    /// The reason for people when it says more than `status.reason` does
    /// (`white wins 33–31`, `gammon`); empty means `status.reason`.
    pub reason: RString,
    /// One value per player when the game is over, higher is better
    /// (a backgammon gammon is `[2, -2]`; four ludo players finishing in
    /// order `[3, 2, 1, 0]`); players with equal values share a place.
    /// Empty while ongoing, or to mean what `status` says: the winner 1 and
    /// everyone else -1, or 0 for all in a draw ([`Outcome::payoff`]).
    pub payoffs: RVec<f64>,
}

impl Outcome {
    /// The outcome `status` alone describes.
    pub fn from_status(status: Status) -> Self {
        Outcome { status, reason: RString::new(), payoffs: RVec::new() }
    }

    /// The reason for people.
    pub fn reason(&self) -> &str {
        if self.reason.is_empty() {
            self.status.reason.as_str()
        } else {
            self.reason.as_str()
        }
    }

    /// What `player` scored (0 while the game goes on).
    pub fn payoff(&self, player: u8) -> f64 {
        if let Some(&value) = self.payoffs.get(player as usize) {
            return value;
        }
        match self.status.kind {
            StatusKind::WIN if self.status.winner == player => 1.0,
            StatusKind::WIN => -1.0,
            _ => 0.0,
        }
    }

    /// The place of each of `players` players, 1 for the best; players with
    /// equal payoffs share a place (two winners are both 1st, the next 3rd).
    pub fn places(&self, players: u8) -> Vec<u8> {
        let payoffs: Vec<f64> = (0..players).map(|p| self.payoff(p)).collect();
        payoffs.iter().map(|&mine| 1 + payoffs.iter().filter(|&&other| other > mine).count() as u8).collect()
    }
}

/// One way of choosing a legal move on the board: the cells clicked, step
/// by step.
///
/// Each step accepts any one of its cells: clicking any cell of a column
/// drops a stone into it; a draughts capture is its start and then each
/// landing; a backgammon move each checker's point and then where it lands;
/// amazons' the queen, her target and the arrow's. A move may have several
/// paths (backgammon's checkers moved in either order); two moves may share
/// a path only when the window has to ask which one was meant (a promotion
/// piece). A path that is a beginning of a longer one (a hop that may stop
/// or go on) ends when its last cell is clicked again.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Eq, Debug)]
pub struct ClickPath {
    /// The legal move chosen.
    pub mv: Move,
    /// The cells accepted at each step, in order; none is empty.
    pub steps: RVec<RVec<u16>>,
}

impl ClickPath {
    /// The two-click path (or one click for a placement) that a 0.2.0
    /// window used for `mv`; `None` for a move with no cell (a pass).
    pub fn from_cells(mv: Move) -> Option<ClickPath> {
        let mut steps = RVec::new();
        if mv.from != CELL_NONE {
            steps.push(RVec::from(vec![mv.from]));
        }
        if mv.to != CELL_NONE {
            steps.push(RVec::from(vec![mv.to]));
        }
        (!steps.is_empty()).then_some(ClickPath { mv, steps })
    }

    /// A path of single cells.
    pub fn through(mv: Move, cells: &[u16]) -> ClickPath {
        ClickPath { mv, steps: cells.iter().map(|&c| RVec::from(vec![c])).collect() }
    }

    /// Whether the clicks so far (`clicked`) are accepted by the first
    /// steps of this path.
    pub fn accepts(&self, clicked: &[u16]) -> bool {
        clicked.len() <= self.steps.len() && clicked.iter().zip(self.steps.iter()).all(|(c, step)| step.contains(c))
    }
}

/// A cell of [`crate::Geometry`] drawn differently in one position: moved,
/// renamed or hidden (the attack boards of tri-dimensional chess).
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct CellChange {
    /// The cell, an index into [`crate::Geometry::cells`].
    pub cell: u16,
    /// Whether the cell is on the board at all in this position; a hidden
    /// cell is neither drawn nor clickable and holds no piece.
    pub shown: bool,
    /// Its centre, board units.
    pub x: f32,
    /// Its centre, board units (downwards).
    pub y: f32,
    /// Its layer.
    pub layer: u16,
    /// Its name in this position; empty keeps the geometry's.
    pub name: RString,
}

/// A short text drawn on a cell in one position (the seeds in an oware
/// pit, the height of a stack, the pips of a die).
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Eq, Debug)]
pub struct CellText {
    /// The cell.
    pub cell: u16,
    /// A few characters.
    pub text: RString,
}
