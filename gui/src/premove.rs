//! Premoves: while the opponent (a computer, or a player across the
//! network) is to move, the person clicks their next move; it is played
//! the moment their turn comes if it is legal then, and dropped if not.
//!
//! The host knows no game, so a premove is the cells clicked, checked by
//! the plugin's click paths twice:
//!
//! * while it is made, against the paths the person could have after any
//!   reply of the mover ([`next_turn_paths`]: the union over the mover's
//!   legal moves, and over the rolls after them in a game of chance), so
//!   only a path that can ever be a move is taken, its cells shown as
//!   usual;
//! * when the turn comes, the same clicks are replayed on the live
//!   position's own paths ([`replay`]): they play a move or nothing.

use std::collections::HashSet;

use rules_api::{ClickPath, Move, PositionBox, PositionFlags, RVec};
use tabula_core::boundary::Shape;

use crate::clicks::{ClickOutcome, ClickState};
use crate::shown::click_paths;

/// At most this many replies of the mover are looked through: the union
/// over the first of them already names every cell a path can start from
/// on the boards of this size, and a click stays quick.
const MAX_REPLIES: usize = 400;

/// The click paths `person` may have at their next turn, after any reply
/// of the side to move in `position` (one path per distinct sequence of
/// steps; the moves in them are the hypothetical position's).
pub fn next_turn_paths(position: &PositionBox, person: u8, shape: &Shape) -> Vec<ClickPath> {
    let mut replies = RVec::new();
    if position.legal_moves(&mut replies).into_result().is_err() {
        return Vec::new();
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for &reply in replies.iter().take(MAX_REPLIES) {
        let mut after = position.clone();
        if after.make_move(reply).into_result().is_err() {
            continue;
        }
        for turn in after_chance(after) {
            if turn.side_to_move() != person {
                continue;
            }
            let mut legal = RVec::new();
            if turn.legal_moves(&mut legal).into_result().is_err() {
                continue;
            }
            for path in click_paths(&turn, &legal, shape).unwrap_or_default() {
                let steps: Vec<Vec<u16>> = path.steps.iter().map(|s| s.to_vec()).collect();
                if seen.insert(steps) {
                    out.push(path);
                }
            }
        }
    }
    out
}

/// `position`, or when it waits for a roll of the dice, the positions
/// after each roll.
fn after_chance(position: PositionBox) -> Vec<PositionBox> {
    if !position.flags().contains(PositionFlags::CHANCE) {
        return vec![position];
    }
    let mut outcomes = RVec::new();
    if position.chance_outcomes(&mut outcomes).into_result().is_err() {
        return Vec::new();
    }
    outcomes
        .iter()
        .filter_map(|o| {
            let mut after = position.clone();
            after.make_move(o.mv).into_result().ok().map(|_| after)
        })
        .collect()
}

/// What a click on a premove led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PremoveClick {
    /// More clicks are needed.
    Wait,
    /// The premove is complete: it waits for the turn.
    Ready,
    /// No path the person could have goes through the cell: the premove
    /// is forgotten.
    Refused,
}

/// A premove being made or waiting for the person's turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Premove {
    /// The paths the person may have next turn.
    state: ClickState,
    /// Every click of a complete premove, in order (a cell clicked again
    /// to end a move there is in it twice).
    cells: Vec<u16>,
    /// The clicks make a whole move.
    ready: bool,
}

impl Premove {
    /// A premove to be clicked among `paths`.
    pub fn new(paths: Vec<ClickPath>) -> Premove {
        Premove { state: ClickState::new(paths), cells: Vec::new(), ready: false }
    }

    /// Whether the clicks make a whole move.
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// The cells clicked, in order.
    pub fn cells(&self) -> &[u16] {
        if self.ready {
            &self.cells
        } else {
            self.state.clicked()
        }
    }

    /// Where the next click of an unfinished premove may go.
    pub fn targets(&self) -> Vec<u16> {
        if self.ready {
            Vec::new()
        } else {
            self.state.targets()
        }
    }

    /// A click on `cell`; a complete premove is replaced by a new one.
    pub fn click(&mut self, cell: u16) -> PremoveClick {
        if self.ready {
            self.ready = false;
            self.cells.clear();
            self.state.clear();
        }
        let before = self.state.clicked().to_vec();
        let goes_on = (before.last() == Some(&cell) && self.state.can_end_here())
            || self.state.next_cells(&before).contains(&cell);
        match self.state.click(cell) {
            ClickOutcome::Wait => PremoveClick::Wait,
            ClickOutcome::Refused => PremoveClick::Refused,
            ClickOutcome::Play(_) | ClickOutcome::Choose(_) => {
                // A click that started over is the premove's first.
                self.cells = if goes_on { before.into_iter().chain([cell]).collect() } else { vec![cell] };
                self.state.clear();
                self.ready = true;
                PremoveClick::Ready
            }
        }
    }
}

/// The premove's clicks replayed on the live position's paths: the move
/// they play, or the moves they share (a promotion: the caller picks).
/// `None` when they make no move now (or a move before the last click
/// that is not the end of a jump clicked again).
pub fn replay(cells: &[u16], live: &mut ClickState) -> Option<Vec<Move>> {
    live.clear();
    for (i, &cell) in cells.iter().enumerate() {
        match live.click(cell) {
            ClickOutcome::Wait => {}
            ClickOutcome::Refused => return None,
            // The rest may only repeat the last cell (ending a jump that
            // could go on, which now ends by itself).
            ClickOutcome::Play(m) if cells[i + 1..].iter().all(|&c| c == cell) => return Some(vec![m]),
            ClickOutcome::Choose(moves) if i + 1 == cells.len() => return Some(moves),
            _ => return None,
        }
    }
    live.clear();
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: u16, to: u16) -> Move {
        Move { from, to, extra: 0, tag: 0 }
    }

    #[test]
    fn clicks_are_kept_and_replayed_on_the_position_of_the_turn() {
        let mut pre = Premove::new(vec![ClickPath::through(mv(1, 2), &[1, 2]), ClickPath::through(mv(5, 6), &[5, 6])]);
        assert_eq!(pre.click(1), PremoveClick::Wait);
        assert_eq!(pre.targets(), vec![2]);
        assert_eq!(pre.click(5), PremoveClick::Wait, "another piece starts over");
        assert_eq!(pre.click(6), PremoveClick::Ready);
        assert_eq!(pre.cells(), &[5, 6]);
        let mut live = ClickState::new(vec![ClickPath::through(mv(5, 6), &[5, 6])]);
        assert_eq!(replay(pre.cells(), &mut live), Some(vec![mv(5, 6)]));
        let mut gone = ClickState::new(vec![ClickPath::through(mv(5, 7), &[5, 7])]);
        assert_eq!(replay(pre.cells(), &mut gone), None, "not legal now: dropped");
        assert_eq!(pre.click(9), PremoveClick::Refused);
    }

    #[test]
    fn a_jump_ended_early_still_plays_when_it_cannot_go_on_now() {
        let mut pre = Premove::new(vec![
            ClickPath::through(mv(10, 12), &[10, 12]),
            ClickPath::through(mv(10, 14), &[10, 12, 14]),
        ]);
        pre.click(10);
        assert_eq!(pre.click(12), PremoveClick::Wait);
        assert_eq!(pre.click(12), PremoveClick::Ready, "clicked again: it ends there");
        assert_eq!(pre.cells(), &[10, 12, 12]);
        let mut live = ClickState::new(vec![ClickPath::through(mv(10, 12), &[10, 12])]);
        assert_eq!(replay(pre.cells(), &mut live), Some(vec![mv(10, 12)]));
    }
}
