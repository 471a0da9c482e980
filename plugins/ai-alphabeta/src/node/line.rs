//! The line from the root to the current node: each position's hash (for
//! the table and repetitions), how far back a repetition could reach, and
//! the player to move, which decides whether a move hands the turn to the
//! other side of the search.

use std::sync::atomic::Ordering;

use rules_api::{Move, MoveFlags, PluginError};

use super::Run;
use crate::state::SearchState;

impl<S: SearchState> Run<'_, S> {
    /// Plays `mv` (with its flags) and pushes the new position on the path.
    pub(super) fn make(&mut self, mv: Move, flags: MoveFlags) -> Result<(), PluginError> {
        self.pos.make(mv)?;
        let floor = if flags.contains(MoveFlags::IRREVERSIBLE) {
            self.w.path.len()
        } else {
            *self.w.floors.last().expect("the path holds the root")
        };
        self.w.path.push(self.pos.hash() ^ self.view.key_mix);
        self.w.floors.push(floor);
        self.push_side();
        Ok(())
    }

    /// Records the player to move in the position just reached, noting
    /// what it says about the game (more players, a side moving twice).
    pub(super) fn push_side(&mut self) {
        let side = self.pos.side_to_move();
        let before = *self.w.sides.last().expect("the path holds the root");
        if side > 1 || side == before {
            self.irregular_side(side, before);
        }
        self.w.sides.push(side);
    }

    #[cold]
    fn irregular_side(&mut self, side: u8, before: u8) {
        self.regular = false;
        let common = self.shared.common;
        common.players_seen.fetch_max(side.saturating_add(1), Ordering::Relaxed);
        if side == before {
            common.side_repeated.store(true, Ordering::Relaxed);
        }
    }

    pub(super) fn unmake(&mut self) -> Result<(), PluginError> {
        self.w.path.pop();
        self.w.floors.pop();
        self.w.sides.pop();
        self.pos.unmake()
    }

    /// The player to move in the current position.
    pub(super) fn side(&self) -> u8 {
        *self.w.sides.last().expect("the path holds the current position")
    }

    /// Whether the move just made handed the turn to the other side of
    /// the search (then its score is negated).
    pub(super) fn flipped(&self) -> bool {
        let n = self.w.sides.len();
        !self.view.same_side(self.w.sides[n - 2], self.w.sides[n - 1])
    }
}
