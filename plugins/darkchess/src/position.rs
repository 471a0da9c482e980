//! The dark chess position: the board, its history (for take-backs and
//! repetitions) and what each player has captured (which they saw).

use cozy_chess::{Color, Piece, Square};
use rules_api::{Move, PluginError, Status};

use crate::board::{DarkBoard, DarkMove};

/// Plies after which a game with no capture or pawn move is drawn (the
/// fifty-move rule, automatic as no player can claim what they cannot see).
pub const FIFTY_MOVES: u16 = 100;

/// Why a game ended.
pub mod reason {
    /// A king was taken.
    pub const KING_CAPTURED: &str = "king captured";
    /// The same position for the third time.
    pub const REPETITION: &str = "threefold repetition";
    /// Fifty moves each without a capture or pawn move.
    pub const FIFTY: &str = "fifty-move rule";
    /// The side to move has no move at all.
    pub const NO_MOVE: &str = "no legal move";
}

/// One ply of history: the board after it and what follows from it.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub board: DarkBoard,
    pub key: u64,
    /// Earlier positions in the reversible window with this key.
    pub repeats: u8,
    /// Pieces each player (by index) has captured, by cozy piece index.
    pub captured: [[u8; 6]; 2],
}

/// A dark chess position with its history.
#[derive(Clone, Debug)]
pub struct DarkChessPosition {
    pub(crate) stack: Vec<Entry>,
    /// Each side's material when this position's history began, which both
    /// players know (the start position, or the position set up).
    pub(crate) origin: [[u8; 6]; 2],
}

/// The player index of a colour.
pub fn player(color: Color) -> u8 {
    color as u8
}

/// The colour of a player index.
pub fn color_of(player: u8) -> Color {
    if player == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// How many pieces of each type `color` has on `board`.
pub fn material(board: &DarkBoard, color: Color) -> [u8; 6] {
    Piece::ALL.map(|p| board.of(color, p).len() as u8)
}

impl DarkChessPosition {
    /// A position whose history starts at `board`.
    pub fn from_board(board: DarkBoard) -> Self {
        let mut stack = Vec::with_capacity(256);
        let origin = [material(&board, Color::White), material(&board, Color::Black)];
        stack.push(Entry { key: board.key(), board, repeats: 0, captured: [[0; 6]; 2] });
        DarkChessPosition { stack, origin }
    }

    /// The standard start position.
    pub fn start() -> Self {
        Self::from_board(DarkBoard::start())
    }

    /// The current board.
    pub fn board(&self) -> &DarkBoard {
        &self.top().board
    }

    pub(crate) fn top(&self) -> &Entry {
        self.stack.last().expect("the history always holds its first position")
    }

    /// The material `player` has captured, by cozy piece index.
    pub(crate) fn captured_by(&self, player: u8) -> [u8; 6] {
        self.top().captured[player as usize]
    }

    /// The result, from the board and the repetition count; `has_moves`
    /// says whether the side to move has any move.
    pub fn status_with(&self, has_moves: bool) -> Status {
        let e = self.top();
        let side = e.board.side;
        if !e.board.has_king(side) {
            return Status::win(player(!side), reason::KING_CAPTURED);
        }
        if !e.board.has_king(!side) {
            return Status::win(player(side), reason::KING_CAPTURED);
        }
        if e.repeats >= 2 {
            return Status::draw(reason::REPETITION);
        }
        if !has_moves {
            return Status::draw(reason::NO_MOVE);
        }
        if e.board.halfmove >= FIFTY_MOVES {
            return Status::draw(reason::FIFTY);
        }
        Status::ONGOING
    }

    /// Whether the side to move has any pseudo-legal move.
    pub fn has_moves(&self) -> bool {
        let b = self.board();
        let mut any = false;
        b.generate(b.side, |_| any = true);
        any
    }

    /// The result.
    pub fn status(&self) -> Status {
        self.status_with(self.has_moves())
    }

    /// The legal move a plugin move names, if it is one.
    pub(crate) fn decode(&self, m: Move) -> Option<DarkMove> {
        if m.from >= 64 || m.to >= 64 || !self.status().is_ongoing() {
            return None;
        }
        let promotion = match m.extra {
            0 => None,
            k => Some(*Piece::ALL.get(k as usize - 1)?),
        };
        let board = self.board();
        board.find(Square::index(m.from as usize), Square::index(m.to as usize), promotion)
    }

    /// The boundary form of a board move.
    pub fn encode(m: DarkMove) -> Move {
        Move { from: m.from as u16, to: m.to as u16, extra: m.promotion.map_or(0, |p| p as u16 + 1), tag: m.kind.tag() }
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: Move) -> Result<(), PluginError> {
        let Some(dm) = self.decode(m) else {
            return Err(PluginError::illegal_move(format!(
                "{} is not a legal move here",
                crate::board::uci(m.from, m.to, m.extra)
            )));
        };
        let top = self.top();
        let mut board = top.board;
        let mut captured = top.captured;
        let mover = player(board.side);
        if let Some(victim) = board.play(dm) {
            captured[mover as usize][victim as usize] += 1;
        }
        let key = board.key();
        let window = board.halfmove as usize;
        let repeats = self.stack.iter().rev().take(window).filter(|e| e.key == key).count() as u8;
        self.stack.push(Entry { board, key, repeats, captured });
        Ok(())
    }

    /// Takes the last move back.
    pub fn take_back(&mut self) -> Result<(), PluginError> {
        if self.stack.len() < 2 {
            return Err(PluginError::unsupported("no move to take back"));
        }
        self.stack.pop();
        Ok(())
    }
}
