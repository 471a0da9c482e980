//! The board editor, for every game from its geometry and piece types:
//! pieces placed and removed by clicks, the side to move, pieces in hand,
//! and the position's text beside the board, every change read by the
//! rules plugin, whose refusal is shown as it words it.
//!
//! The boundary reads position texts but never writes one from pieces,
//! so the edited position *is* its text: a click changes the board model
//! and the text is rewritten in the game's own format as learned from the
//! plugin's texts (`codec`); typed text is read by the plugin and the
//! board redrawn from its reading. Rights such as castling live in the
//! text and are edited there. A game whose format cannot be learned is
//! edited as text only, the board drawn from the plugin's reading.

mod codec;
mod draw;
mod model;
mod text;

use std::sync::Arc;

use rules_api::{GameInfo, Geometry, Highlight, Piece, PositionBox, RulesBox};
use tabula_core::boundary::{self, Shape};

pub use crate::controls::{EditorAction, Tool};
pub use codec::Codec;
pub use draw::draw_editor;
pub use model::{samples, Board, Sample};
pub use text::{EditKey, TextEdit};

use crate::layout::BoardLayout;
use crate::shown::ShownBoard;
use crate::tr;

/// The editor's state: the game, the board as edited, its text and what
/// the plugin made of that text.
pub struct Editor {
    rules: Arc<RulesBox>,
    info: GameInfo,
    geometry: Geometry,
    shape: Shape,
    codec: Option<Codec>,
    start_text: String,
    board: Board,
    side: u8,
    /// The position text and its caret.
    pub text: TextEdit,
    /// The plugin's reading of the text, or its refusal.
    reading: Result<PositionBox, String>,
    /// The board as the last accepted position shows it.
    shown: ShownBoard,
    /// What a click on the board does.
    pub tool: Tool,
    /// A remark on the last edit (a click the text format cannot hold).
    pub note: Option<String>,
    /// The position text field has the keyboard.
    pub typing: bool,
    /// Where the board was last drawn, for clicks.
    pub layout: Option<BoardLayout>,
}

impl Editor {
    /// The editor on `rules`' game, starting from the position `text`.
    pub fn open(rules: Arc<RulesBox>, text: &str) -> Result<Editor, String> {
        let (info, geometry, shape) = boundary::describe(&rules).map_err(|e| e.to_string())?;
        let start = rules.start_position().into_result().map_err(|e| e.to_string())?;
        let start_text = start.to_text().into_result().map_err(|e| e.to_string())?.to_string();
        let cells: Vec<(f32, f32, u16)> = geometry.cells.iter().map(|c| (c.x, c.y, c.layer)).collect();
        let letters = info.piece_types.iter().map(|t| t.letters.iter().map(|l| l.to_string()).collect()).collect();
        let codec = Codec::learn(&model::samples(&start, &shape), &cells, letters);
        let shown = ShownBoard::of(&geometry, &start, &shape).unwrap_or_else(|_| ShownBoard::plain(&geometry));
        let mut editor = Editor {
            board: Board::empty(shape.cells),
            rules,
            info,
            geometry,
            shape,
            codec,
            start_text,
            side: 0,
            text: TextEdit::default(),
            reading: Err(String::new()),
            shown,
            tool: Tool::Erase,
            note: None,
            typing: false,
            layout: None,
        };
        if let Some(&(owner, kind)) = editor.palette().first() {
            editor.tool = Tool::Place(owner, kind);
        }
        editor.set_text(text);
        Ok(editor)
    }

    /// The game's description.
    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    /// The board's cells as the position shows them.
    pub fn shown(&self) -> &ShownBoard {
        &self.shown
    }

    /// The board as the geometry describes it.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Whether clicks can edit this game's board (its text format was learned).
    pub fn clickable(&self) -> bool {
        self.codec.is_some()
    }

    /// The pieces offered for placing, (owner, kind): those the text
    /// tells apart (every owner's every kind when clicks cannot edit).
    pub fn palette(&self) -> Vec<(u8, u16)> {
        match &self.codec {
            Some(codec) => codec.palette(),
            None => (0..self.shape.players as u8)
                .flat_map(|o| (0..self.shape.piece_types as u16).map(move |k| (o, k)))
                .collect(),
        }
    }

    /// Whether the game's text holds pieces in hand the editor can change.
    pub fn has_hands(&self) -> bool {
        self.codec.as_ref().is_some_and(Codec::has_hands)
    }

    /// Whether the chosen piece can be put in (or taken from) a hand.
    pub fn can_hold(&self) -> bool {
        match (self.tool, &self.codec) {
            (Tool::Place(owner, kind), Some(codec)) => codec.holds(owner, kind),
            _ => false,
        }
    }

    /// Whether the side to move can be chosen (the text names it).
    pub fn side_choosable(&self) -> bool {
        self.codec.as_ref().is_some_and(Codec::has_side)
    }

    /// The side to move: the plugin's reading, else the one chosen.
    pub fn side(&self) -> u8 {
        self.reading.as_ref().map_or(self.side, |p| p.side_to_move())
    }

    /// The board as edited.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces to draw.
    pub fn pieces(&self) -> Vec<Piece> {
        self.board.pieces()
    }

    /// The marks of the accepted position (a king in check).
    pub fn highlights(&self) -> Vec<Highlight> {
        match &self.reading {
            Ok(p) => boundary::highlights(p, &self.shape).unwrap_or_default(),
            Err(_) => Vec::new(),
        }
    }

    /// The plugin's reason for refusing the text, if it does.
    pub fn error(&self) -> Option<&str> {
        self.reading.as_ref().err().map(String::as_str)
    }

    /// The text of a position the plugin accepts, to play from.
    pub fn accepted_text(&self) -> Option<&str> {
        self.reading.as_ref().ok().map(|_| self.text.text())
    }

    /// Replaces the position text (typed, pasted, or the start) and reads it.
    pub fn set_text(&mut self, text: &str) {
        self.text.set(text.trim());
        self.reread();
    }

    /// After the text changed: the plugin reads it; the board follows its
    /// reading, or the text's own board where the plugin refuses it.
    pub fn reread(&mut self) {
        self.note = None;
        self.reading = match self.rules.position_from_text(self.text.text().into()).into_result() {
            Ok(position) => Ok(position),
            Err(e) => Err(e.to_string()),
        };
        match &self.reading {
            Ok(position) => {
                if let Ok(board) = Board::of(position, &self.shape) {
                    self.board = board;
                }
                self.side = position.side_to_move();
                if let Ok(shown) = ShownBoard::of(&self.geometry, position, &self.shape) {
                    self.shown = shown;
                }
            }
            Err(_) => {
                if let Some(codec) = &self.codec {
                    if let Some(board) = codec.read(self.text.text()) {
                        self.board = board;
                    }
                    self.side = codec.side_of(self.text.text()).unwrap_or(self.side);
                }
            }
        }
    }

    /// The cell of the board under pixel (x, y).
    pub fn cell_at(&self, x: f32, y: f32) -> Option<u16> {
        self.layout.as_ref()?.cell_at(&self.shown.geometry, &self.shown.hidden, x, y)
    }

    /// A click on `cell`: the chosen tool, or `erase` (a right click).
    pub fn click(&mut self, cell: u16, erase: bool) {
        let tool = if erase { Tool::Erase } else { self.tool };
        let Some(slot) = self.board.cells.get_mut(cell as usize) else { return };
        *slot = match tool {
            Tool::Place(owner, kind) => Some((owner, kind)),
            Tool::Erase => None,
        };
        self.rewrite();
    }

    /// Carries out a panel command that needs no window (copying, pasting,
    /// playing and closing are the window's).
    pub fn act(&mut self, action: &EditorAction) {
        match *action {
            EditorAction::Tool(tool) => self.tool = tool,
            EditorAction::Clear => {
                self.board = Board::empty(self.shape.cells);
                self.rewrite();
            }
            EditorAction::Start => {
                let start = self.start_text.clone();
                self.set_text(&start);
            }
            EditorAction::Side(side) => {
                self.side = side;
                self.rewrite();
            }
            EditorAction::Hand(delta) => {
                if let (Tool::Place(owner, kind), true) = (self.tool, self.can_hold()) {
                    self.board.change_hand(owner, kind, delta);
                    self.rewrite();
                }
            }
            EditorAction::FocusText => self.typing = true,
            EditorAction::Copy | EditorAction::Paste | EditorAction::Play | EditorAction::Close => {}
        }
    }

    /// The text written again from the board model, then read by the
    /// plugin; a reading that disagrees with the model is pointed out.
    fn rewrite(&mut self) {
        let Some(codec) = &self.codec else {
            self.note = Some(tr!("editor-text-only"));
            return;
        };
        let wanted = self.board.clone();
        let text = codec.write(&wanted, self.side, self.text.text());
        self.text.set(&text);
        let side = self.side;
        self.reread();
        if self.reading.is_err() {
            // Keep the board as clicked (the refused text holds it too).
            self.board = wanted;
            self.side = side;
        } else if self.board != wanted {
            self.note = Some(tr!("editor-read-differently"));
        }
    }
}
