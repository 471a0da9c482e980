//! What a click or a key can ask for, and the clickable regions of the
//! last frame.

use rules_api::Move;

use super::layout::Area;
use super::seats::SeatChoice;

/// A row of the New game form.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FormKey {
    /// The rules plugin's option at this index of its specs.
    Option(usize),
    /// Who plays this seat: a person (0) or the computer (1).
    Seat(usize),
    /// The strength of the computer in this seat.
    Level(usize),
    /// The time control.
    Clock,
    /// The start position text.
    Start,
    /// The New game list: a group's header (opens or closes it).
    Group(usize),
    /// The New game list: the text typed to find a game.
    Find,
    /// The Settings dialog: the language.
    Language,
    /// The Settings dialog: turning the board for the second player.
    AutoFlip,
    /// The Settings dialog: sliding pieces.
    Animate,
    /// The Settings dialog: the replay speed.
    ReplaySpeed,
    /// The Settings dialog: the board's coordinates.
    Coordinates,
    /// The Settings dialog: the board theme.
    BoardTheme,
    /// The Settings dialog: the piece set.
    PieceSet,
}

/// Where typed text goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The move entry under the buttons.
    MoveEntry,
    /// A text field of the New game form.
    Form(FormKey),
    /// The name in the Save dialog.
    SaveName,
    /// The path in the Load dialog.
    LoadPath,
    /// The filter of the PGN game browser.
    PgnFilter,
}

/// A command from a button, a key or a dialog.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Open the New game dialog.
    NewGameDialog,
    /// Take back.
    Undo,
    /// Replay an undone move.
    Redo,
    /// Ask for a suggestion.
    Hint,
    /// Ask before giving up.
    ResignDialog,
    /// Give up (confirmed).
    Resign,
    /// Open the Save dialog.
    SaveDialog,
    /// Save under the name in the Save dialog.
    SaveNamed,
    /// Open the list of saved games.
    LoadDialog,
    /// Load the file named in the Load dialog's path field.
    LoadPath,
    /// Hold or resume computer-vs-computer play.
    Pause,
    /// One computer move while held.
    Step,
    /// Sound on or off.
    Sound,
    /// The Settings dialog.
    SettingsDialog,
    /// The rules of the game.
    Help,
    /// Turn the board.
    Flip,
    /// Leave (asks first while a game is in progress).
    Quit,
    /// Show the position after this many plies, read-only.
    ReviewPly(usize),
    /// Step the reviewed position by this many plies.
    ReviewStep(i32),
    /// Review from the start.
    ReviewFirst,
    /// Back to the current position.
    LiveView,
    /// Play the game back from the start, one move at a time.
    Replay,
    /// Close the open dialog (or leave the review).
    CloseDialog,
    /// Click outside a dialog: nothing happens.
    Swallow,
    /// New game form: choose the game.
    FormGame(usize),
    /// A form row: choose item `usize` of it.
    FormPick(FormKey, usize),
    /// A form row: open its list of choices.
    FormOpen(FormKey),
    /// Start the game set up in the form.
    StartGame,
    /// Open the Players dialog (change who plays, keep the game).
    PlayersDialog,
    /// Players dialog: what plays this seat.
    SeatChoose(usize, SeatChoice),
    /// Players dialog: open (or close) the list of levels of this seat.
    SeatLevels(usize),
    /// Apply the Players dialog to the running game.
    ApplySeats,
    /// Load the saved game at this index of the list.
    LoadSave(usize),
    /// Load game N (an index) of the PGN game browser.
    PickGame(usize),
    /// Play this move (the move chooser's answer).
    ChooseMove(Move),
    /// Pick up a piece of this type from the mover's hand, to drop it.
    PickHand(u16),
    /// Quit without asking again.
    ConfirmQuit,
    /// Save, then quit.
    SaveAndQuit,
    /// Close the game-over panel and review the game.
    Review,
    /// Scroll the move list (or the open dialog) by rows.
    ScrollMoves(i32),
    /// Play this move that names no cell (a pass, a swap).
    OffBoard(Move),
    /// Open (or close) the list of the moves that name no cell and did
    /// not fit under the board.
    MoreMoves,
    /// The count: take back the last pass and play on.
    ResumePlay,
    /// The count: agree to it as marked.
    AcceptCount,
    /// Type into this field.
    Focus(Focus),
    /// Play the move typed in the move entry.
    EnterMove,
    /// Copy the position text.
    CopyPosition,
    /// Copy the game record (PGN for FEN games).
    CopyRecord,
    /// Start from the position text on the clipboard.
    PastePosition,
    /// Show or hide the search details.
    ToggleDetails,
    /// Resume the game saved when Tabula last closed.
    Resume,
    /// Forget that game and keep the one shown.
    DiscardResume,
    /// The person the window was handed over to is there: show their view.
    HandOver,
    /// Network game: accept (true) or decline the opponent's request.
    NetAnswer(bool),
    /// Network game: offer a draw.
    NetDraw,
    /// Offer the computer a draw.
    OfferDraw,
    /// Network game: start or send a chat line.
    NetChat,
    /// Network game: claim the win over an opponent who left.
    NetClaimWin,
    /// Network game: end it with no result after an opponent left.
    NetAbort,
    /// Open the Network dialog (join or host a game).
    NetworkDialog,
    /// A click in the Network dialog.
    Lobby(super::lobby_action::LobbyAction),
    /// Open the board editor on the position shown.
    OpenEditor,
    /// A click in the board editor.
    Editor(EditorAction),
    /// Analysis mode: its strip, graph and Add engine dialog.
    Analysis(crate::analysis_action::AnalysisAction),
    /// Claim the draw the rules allow the person to move.
    ClaimDraw,
}

/// What a click on the board does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Puts a piece of this owner and kind on the cell.
    Place(u8, u16),
    /// Empties the cell.
    Erase,
}

/// A command of the editor's panel.
#[derive(Clone, Debug, PartialEq)]
pub enum EditorAction {
    /// Choose what a click on the board does.
    Tool(Tool),
    /// Empty the board (and the hands).
    Clear,
    /// Back to the game's usual start position.
    Start,
    /// This player moves first.
    Side(u8),
    /// One more (+1) or one fewer (−1) of the chosen piece in its owner's hand.
    Hand(i32),
    /// Type into the position text.
    FocusText,
    /// Copy the position text to the clipboard.
    Copy,
    /// Replace the position text with the clipboard's.
    Paste,
    /// Start a game from the position (the New game dialog, its start filled in).
    Play,
    /// Leave the editor.
    Close,
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
    /// The index of the topmost region under (x, y) (to notice hover changes).
    pub fn index_at(&self, x: f32, y: f32) -> Option<usize> {
        self.list.iter().rposition(|(a, _)| a.contains(x, y))
    }
    /// The centre of the first region with this action (for the test layout dump).
    pub fn centre_of(&self, action: &Action) -> Option<(f32, f32)> {
        self.list.iter().find(|(_, a)| a == action).map(|(r, _)| (r.x + r.w / 2.0, r.y + r.h / 2.0))
    }
    /// Every region with its action, bottom first.
    pub fn regions(&self) -> impl Iterator<Item = &(Area, Action)> {
        self.list.iter()
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

/// A button of the panel's grid: the grid always holds the same buttons
/// in the same places (disabled ones are drawn dim), so nothing moves
/// under the pointer when the game changes.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelButton {
    /// A stable name (for tests and the layout dump).
    pub id: &'static str,
    /// The label, in the interface's language.
    pub label: String,
    /// What a click does.
    pub action: Action,
    /// Whether it can be clicked now.
    pub enabled: bool,
    /// Whether it shows a state that is on (pause held, sound on).
    pub on: bool,
}
