//! What a click or a key can ask for, the clickable regions of the last
//! frame, and the button widget.

use rules_api::{Move, Rgba};
use sdl2::render::RenderTarget;

use super::fonts::Style;
use super::layout::Area;
use super::paint::{Anchor, Painter};
use super::seats::SeatChoice;
use super::theme;
use super::GuiError;
use tabula_core::source::Level;

/// Who plays in a new game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two people at one screen.
    HumanHuman,
    /// A person against the computer.
    HumanComputer,
    /// The computer against itself.
    ComputerComputer,
}

/// A command from a button, a key or a dialog.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Open the New game dialog.
    NewGameDialog,
    /// Take back.
    Undo,
    /// Replay.
    Redo,
    /// Ask for a suggestion.
    Hint,
    /// Give up.
    Resign,
    /// Save to `saves/`.
    Save,
    /// Open the list of saved games.
    LoadDialog,
    /// Hold or resume computer-vs-computer play.
    Pause,
    /// One computer move while held.
    Step,
    /// Sound on or off.
    Sound,
    /// The rules of the game.
    Help,
    /// Turn the board.
    Flip,
    /// Leave (asks first while a game is in progress).
    Quit,
    /// Show the position after this many plies, read-only.
    ReviewPly(usize),
    /// Back to the current position.
    LiveView,
    /// Close the open dialog.
    CloseDialog,
    /// New game form: choose the game.
    FormGame(usize),
    /// New game form: choose who plays.
    FormMode(Mode),
    /// New game form: the person's seat against the computer.
    FormSide(usize),
    /// New game form: a computer seat's strength.
    FormLevel(usize, Level),
    /// New game form: value `1` of the chosen game's offered option `0`.
    FormOption(usize, usize),
    /// Start the game set up in the form.
    StartGame,
    /// Open the Players dialog (change who plays, keep the game).
    PlayersDialog,
    /// Players dialog: what plays this seat.
    SeatChoose(usize, SeatChoice),
    /// Apply the Players dialog to the running game.
    ApplySeats,
    /// Load the saved game at this index of the list.
    LoadSave(usize),
    /// Play this move (the promotion chooser's answer).
    Promote(Move),
    /// Quit without asking again.
    ConfirmQuit,
    /// Save, then quit.
    SaveAndQuit,
    /// Close the game-over panel and review the game.
    Review,
    /// Scroll the move list by rows.
    ScrollMoves(i32),
    /// Play this move that names no cell (a pass, a swap).
    OffBoard(Move),
    /// The count: take back the last pass and play on.
    ResumePlay,
    /// The count: agree to it as marked.
    AcceptCount,
}

/// The clickable regions drawn this frame; later ones lie on top.
#[derive(Default)]
pub struct Hits {
    list: Vec<(Area, Action)>,
}

impl Hits {
    /// Forgets last frame's regions.
    pub fn clear(&mut self) {
        self.list.clear();
    }
    /// Adds a region.
    pub fn add(&mut self, area: Area, action: Action) {
        self.list.push((area, action));
    }
    /// The action of the topmost region under (x, y).
    pub fn at(&self, x: f32, y: f32) -> Option<Action> {
        self.list.iter().rev().find(|(a, _)| a.contains(x, y)).map(|(_, act)| act.clone())
    }
    /// The centre of the first region with this action (for the test layout dump).
    pub fn centre_of(&self, action: &Action) -> Option<(f32, f32)> {
        self.list.iter().find(|(_, a)| a == action).map(|(r, _)| (r.x + r.w / 2.0, r.y + r.h / 2.0))
    }
}

/// How a button looks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Look {
    /// Clickable.
    Normal,
    /// Clickable and currently chosen (a selected option).
    Chosen,
    /// Shown but not clickable now.
    Disabled,
}

/// Draws a button and registers it when enabled.
#[allow(clippy::too_many_arguments)]
pub fn button<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    area: Area,
    label: &str,
    action: Action,
    look: Look,
    hover: (f32, f32),
    px: f32,
) -> Result<(), GuiError> {
    let hot = look != Look::Disabled && area.contains(hover.0, hover.1);
    let fill = match look {
        Look::Chosen => Rgba { a: 255, ..theme::darker(theme::ACCENT, 0.62) },
        _ if hot => theme::BUTTON_HOT,
        _ => theme::BUTTON,
    };
    p.fill_rect(area.x, area.y, area.w, area.h, fill)?;
    if look == Look::Chosen {
        p.frame_rect(area.x, area.y, area.w, area.h, 1.0, theme::ACCENT)?;
    }
    let color = if look == Look::Disabled { theme::BUTTON_OFF } else { theme::TEXT };
    p.text(label, px, Style::Regular, color, area.x + area.w / 2.0, area.y + area.h / 2.0, Anchor::Center)?;
    if look != Look::Disabled {
        hits.add(area, action);
    }
    Ok(())
}
