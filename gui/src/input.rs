//! Drags and keys: a piece held under the pointer, and the keyboard
//! shortcuts. Clicks on the board choose moves in [`crate::clicks`].

use sdl2::keyboard::Keycode;

use super::controls::Action;

/// Pixels the pointer must travel before a press becomes a drag.
pub const DRAG_THRESHOLD: f32 = 5.0;

/// A piece held under the pointer.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    /// Where it was picked up.
    pub cell: u16,
    /// Where the press happened, pixels.
    pub start: (f32, f32),
    /// The pointer now.
    pub at: (f32, f32),
    /// Whether it moved far enough to count as a drag.
    pub moved: bool,
    /// The clicks before the press, put back when the piece is dropped
    /// off the board or where it cannot go.
    pub before: Vec<u16>,
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
        (Keycode::E, true) => Action::OpenEditor,
        (Keycode::H, false) => Action::Hint,
        (Keycode::A, false) => Action::Analysis(crate::analysis_action::AnalysisAction::Toggle),
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
