//! Turning clicks, drags and keys into moves and actions, with no game
//! knowledge: a move is found by matching cells against the legal moves.

use rules_api::{Move, CELL_NONE};
use sdl2::keyboard::Keycode;

use super::controls::Action;

/// Pixels the pointer must travel before a press becomes a drag.
pub const DRAG_THRESHOLD: f32 = 5.0;

/// A piece held under the pointer.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Drag {
    /// Where it was picked up.
    pub cell: u16,
    /// Where the press happened, pixels.
    pub start: (f32, f32),
    /// The pointer now.
    pub at: (f32, f32),
    /// Whether it moved far enough to count as a drag.
    pub moved: bool,
}

/// What a press or a drop on the board means.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardAction {
    /// Nothing to do.
    Nothing,
    /// Pick up the piece on this cell.
    Select(u16),
    /// Forget the selection (an illegal target: the piece snaps back).
    Deselect,
    /// Play this move.
    Play(Move),
    /// Several moves share the cells: the player chooses by `extra`.
    Choose(Vec<Move>),
}

/// The legal moves from `from` to `to`, one per distinct `extra`.
pub fn moves_between(legal: &[Move], from: u16, to: u16) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in legal.iter().filter(|m| m.from == from && m.to == to) {
        if !out.iter().any(|o| o.extra == m.extra) {
            out.push(*m);
        }
    }
    out
}

fn play_or_choose(moves: Vec<Move>) -> BoardAction {
    match moves.len() {
        0 => BoardAction::Deselect,
        1 => BoardAction::Play(moves[0]),
        _ => BoardAction::Choose(moves),
    }
}

/// A press on `cell` with `selected` already picked up.
pub fn press(legal: &[Move], selected: Option<u16>, cell: u16) -> BoardAction {
    let placements = moves_between(legal, CELL_NONE, cell);
    if !placements.is_empty() {
        return play_or_choose(placements);
    }
    let movable = legal.iter().any(|m| m.from == cell);
    if let Some(from) = selected {
        if from != cell {
            let moves = moves_between(legal, from, cell);
            if !moves.is_empty() {
                return play_or_choose(moves);
            }
        }
    }
    if movable {
        BoardAction::Select(cell)
    } else if selected.is_some() {
        BoardAction::Deselect
    } else {
        BoardAction::Nothing
    }
}

/// A drop of the piece from `from` on `cell` (`None`: off the board).
pub fn drop(legal: &[Move], from: u16, cell: Option<u16>) -> BoardAction {
    match cell {
        Some(to) if to != from => play_or_choose(moves_between(legal, from, to)),
        // Dropped back where it was: keep it selected for a second click.
        Some(_) => BoardAction::Select(from),
        None => BoardAction::Deselect,
    }
}

/// The keyboard shortcuts (with no text field focused).
pub fn key_action(key: Keycode, ctrl: bool, shift: bool) -> Option<Action> {
    Some(match (key, ctrl) {
        (Keycode::N, true) => Action::NewGameDialog,
        (Keycode::Z, true) | (Keycode::Backspace, _) => Action::Undo,
        (Keycode::Y, true) => Action::Redo,
        (Keycode::S, true) => Action::SaveDialog,
        (Keycode::O, true) | (Keycode::L, true) => Action::LoadDialog,
        (Keycode::Q, true) => Action::Quit,
        (Keycode::C, true) if shift => Action::CopyRecord,
        (Keycode::C, true) => Action::CopyPosition,
        (Keycode::V, true) => Action::PastePosition,
        (Keycode::G, true) => Action::NetworkDialog,
        (Keycode::H, false) => Action::Hint,
        (Keycode::F, false) => Action::Flip,
        (Keycode::P, false) => Action::Pause,
        (Keycode::R, false) => Action::Replay,
        (Keycode::Space, false) => Action::Step,
        (Keycode::M, false) => Action::Sound,
        (Keycode::F1, _) => Action::Help,
        (Keycode::Escape, _) => Action::CloseDialog,
        (Keycode::Left, false) => Action::ReviewStep(-1),
        (Keycode::Right, false) => Action::ReviewStep(1),
        (Keycode::Home, false) => Action::ReviewFirst,
        (Keycode::End, false) => Action::Review,
        (Keycode::Up, false) | (Keycode::PageUp, false) => Action::ScrollMoves(-3),
        (Keycode::Down, false) | (Keycode::PageDown, false) => Action::ScrollMoves(3),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: u16, to: u16, extra: u16) -> Move {
        Move { from, to, extra, tag: 0 }
    }

    #[test]
    fn click_click_and_reselect() {
        let legal = [mv(1, 2, 0), mv(1, 3, 0), mv(5, 6, 0)];
        assert_eq!(press(&legal, None, 1), BoardAction::Select(1));
        assert_eq!(press(&legal, Some(1), 3), BoardAction::Play(mv(1, 3, 0)));
        assert_eq!(press(&legal, Some(1), 5), BoardAction::Select(5));
        assert_eq!(press(&legal, Some(1), 9), BoardAction::Deselect);
        assert_eq!(press(&legal, None, 9), BoardAction::Nothing);
    }

    #[test]
    fn placement_takes_one_click_and_promotions_ask() {
        let legal = [Move::place(4), Move::place(7)];
        assert_eq!(press(&legal, None, 7), BoardAction::Play(Move::place(7)));
        let legal = [mv(8, 0, 2), mv(8, 0, 5), mv(8, 0, 5), mv(8, 1, 0)];
        match press(&legal, Some(8), 0) {
            BoardAction::Choose(m) => assert_eq!(m.iter().map(|m| m.extra).collect::<Vec<_>>(), vec![2, 5]),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn illegal_drop_snaps_back() {
        let legal = [mv(1, 2, 0)];
        assert_eq!(drop(&legal, 1, Some(2)), BoardAction::Play(mv(1, 2, 0)));
        assert_eq!(drop(&legal, 1, Some(4)), BoardAction::Deselect);
        assert_eq!(drop(&legal, 1, None), BoardAction::Deselect);
        assert_eq!(drop(&legal, 1, Some(1)), BoardAction::Select(1));
    }

    #[test]
    fn shortcuts_need_ctrl_where_letters_would_be_typed() {
        assert_eq!(key_action(Keycode::S, true, false), Some(Action::SaveDialog));
        assert_eq!(key_action(Keycode::S, false, false), None);
        assert_eq!(key_action(Keycode::H, false, false), Some(Action::Hint));
        assert_eq!(key_action(Keycode::C, true, true), Some(Action::CopyRecord));
        assert_eq!(key_action(Keycode::Left, false, false), Some(Action::ReviewStep(-1)));
        assert_eq!(key_action(Keycode::Home, false, false), Some(Action::ReviewFirst));
    }
}
