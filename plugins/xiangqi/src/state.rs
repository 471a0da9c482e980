//! The game state: placement plus side to move, hash, evaluation sum and the
//! history needed for make/unmake and the repetition rules.
//!
//! FEN ([`crate::fen`]) and move notation ([`crate::notation`]) read this
//! state; the plugin interface on top of all three is [`crate::position`].

use rules_api::{Move, PluginError, Status};

use crate::board::{square_of_cell, Board, MoveList, RED};
use crate::eval::{piece_value, ZOBRIST, ZOBRIST_BLACK};

/// How moves are written for people.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// World Xiangqi Federation notation (`C2=5`).
    Wxf,
    /// Traditional Chinese notation (`炮二平五`).
    Chinese,
}

/// The options a position needs to know about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// Display notation.
    pub style: Style,
    /// Plies without a capture after which the game is drawn.
    pub no_capture_plies: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config { style: Style::Wxf, no_capture_plies: 120 }
    }
}

/// What `unmake_move` needs to take a move back. A null move has `from`
/// and `to` both [`NULL_SQUARE`].
#[derive(Clone, Copy, Debug)]
struct Undo {
    from: u8,
    to: u8,
    captured: u8,
    red_sum: i32,
    halfmove: u32,
    hash: u64,
}

/// The `from` and `to` of a null move in the undo stack (no real point).
const NULL_SQUARE: u8 = 0;

/// One position of the game so far, for the repetition rules.
#[derive(Clone, Copy, Debug)]
struct Seen {
    hash: u64,
    /// The side to move is in check here, i.e. the move that led here checked.
    in_check: bool,
    /// Plies since the last null move (saturating; `u32::MAX` when there
    /// was none): repetitions are only looked for after it, since the
    /// positions before a null move belong to another line of play.
    since_null: u32,
}

/// Room for a long game before the undo and history stacks have to grow.
const STACK_CAPACITY: usize = 512;

/// A xiangqi position with its own move history.
#[derive(Clone, Debug)]
pub struct XiangqiPosition {
    pub(crate) board: Board,
    pub(crate) side: u8,
    hash: u64,
    red_sum: i32,
    halfmove: u32,
    start_fullmove: u32,
    start_side: u8,
    undo: Vec<Undo>,
    history: Vec<Seen>,
    pub(crate) config: Config,
}

impl XiangqiPosition {
    /// The position with `board` and `side` to move, its counters as a FEN
    /// gives them, and no history before it.
    pub(crate) fn from_parts(board: Board, side: u8, halfmove: u32, fullmove: u32, config: Config) -> Self {
        let mut hash = if side == RED { 0 } else { *ZOBRIST_BLACK };
        let mut red_sum = 0;
        for cell in 0..90u16 {
            let sq = square_of_cell(cell).unwrap_or(0);
            if board.sq[sq as usize] != 0 {
                let (owner, kind) = (board.owner_at(sq), board.kind_at(sq));
                hash ^= ZOBRIST[owner as usize][kind as usize][cell as usize];
                let v = piece_value(owner, kind, cell);
                red_sum += if owner == RED { v } else { -v };
            }
        }
        let mut history = Vec::with_capacity(STACK_CAPACITY);
        history.push(Seen { hash, in_check: board.in_check(side), since_null: u32::MAX });
        XiangqiPosition {
            board,
            side,
            hash,
            red_sum,
            halfmove,
            start_fullmove: fullmove.max(1),
            start_side: side,
            undo: Vec::with_capacity(STACK_CAPACITY),
            history,
            config,
        }
    }

    /// Plies since the last capture (as the FEN counted them plus moves made).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The FEN move number of the current position.
    pub fn fullmove_number(&self) -> u32 {
        self.start_fullmove + (self.undo.len() as u32 + self.start_side as u32) / 2
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.history.last().is_some_and(|s| s.in_check)
    }

    /// The legal moves as squares, ignoring the history rules.
    pub(crate) fn legal_squares(&self) -> MoveList {
        let mut board = self.board;
        let mut list = MoveList::new();
        board.legal_moves(self.side, &mut list);
        list
    }

    /// The result decided by the history alone (repetition or the
    /// no-capture limit), or ongoing.
    pub(crate) fn history_status(&self) -> Status {
        if let Some(status) = self.repetition_status() {
            return status;
        }
        if self.halfmove >= self.config.no_capture_plies {
            return Status::draw("no-capture limit");
        }
        Status::ONGOING
    }

    /// Judges a third occurrence of the current position. The cycle judged
    /// runs from the first occurrence to now: a side whose every move in it
    /// gave check loses unless the other side also checked throughout.
    fn repetition_status(&self) -> Option<Status> {
        let p = self.history.len() - 1;
        let current = self.history[p].hash;
        // Positions before the last capture cannot recur, and those before
        // a null move do not count.
        let window = (self.halfmove as usize).min(p).min(self.history[p].since_null as usize);
        let mut count = 1;
        let mut q = p;
        while q >= 2 && p - (q - 2) <= window {
            q -= 2;
            if self.history[q].hash == current {
                count += 1;
                if count == 3 {
                    break;
                }
            }
        }
        if count < 3 {
            return None;
        }
        let (mut opponent_always, mut mover_always) = (true, true);
        for j in q + 1..=p {
            let checked = self.history[j].in_check;
            if (p - j) % 2 == 0 {
                opponent_always &= checked;
            } else {
                mover_always &= checked;
            }
        }
        Some(match (opponent_always, mover_always) {
            (true, false) => Status::win(self.side, "perpetual check"),
            (false, true) => Status::win(self.side ^ 1, "perpetual check"),
            _ => Status::draw("repetition"),
        })
    }

    /// Squares of a move, if both are real points.
    pub(crate) fn squares(m: Move) -> Option<(u8, u8)> {
        Some((square_of_cell(m.from)?, square_of_cell(m.to)?))
    }

    /// Whether `m` is legal here, history rules included.
    pub(crate) fn is_legal(&self, m: Move) -> bool {
        let Some((from, to)) = Self::squares(m) else {
            return false;
        };
        let mut board = self.board;
        m.extra == 0 && board.is_legal(self.side, from, to) && self.history_status().is_ongoing()
    }

    /// The Zobrist hash of the placement and side to move.
    pub(crate) fn hash_key(&self) -> u64 {
        self.hash
    }

    /// Red's material and placement score minus Black's, kept up to date
    /// by every move.
    pub(crate) fn red_sum(&self) -> i32 {
        self.red_sum
    }

    /// Plays `m`, which the caller has checked with [`Self::is_legal`].
    pub(crate) fn play(&mut self, m: Move) {
        let (from, to) = Self::squares(m).unwrap_or((0, 0));
        let (side, kind) = (self.side, self.board.kind_at(from));
        let (from_cell, to_cell) = (m.from, m.to);
        self.undo.push(Undo {
            from,
            to,
            captured: self.board.sq[to as usize],
            red_sum: self.red_sum,
            halfmove: self.halfmove,
            hash: self.hash,
        });
        let captured = self.board.move_piece(from, to);
        let sign = if side == RED { 1 } else { -1 };
        let keys = &ZOBRIST[side as usize][kind as usize];
        self.hash ^= keys[from_cell as usize] ^ keys[to_cell as usize] ^ *ZOBRIST_BLACK;
        self.red_sum += sign * (piece_value(side, kind, to_cell) - piece_value(side, kind, from_cell));
        if captured != 0 {
            let victim = self.board.kind[captured as usize];
            self.hash ^= ZOBRIST[(side ^ 1) as usize][victim as usize][to_cell as usize];
            self.red_sum += sign * piece_value(side ^ 1, victim, to_cell);
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.side ^= 1;
        let since_null = self.history.last().map_or(u32::MAX, |s| s.since_null).saturating_add(1);
        self.history.push(Seen { hash: self.hash, in_check: self.board.in_check(self.side), since_null });
    }

    /// Takes back the last move or null move.
    pub(crate) fn take_back(&mut self) -> Result<(), PluginError> {
        let Some(u) = self.undo.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        self.history.pop();
        if u.from != NULL_SQUARE {
            self.board.unmove_piece(u.from, u.to, u.captured);
        }
        self.side ^= 1;
        self.red_sum = u.red_sum;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
        Ok(())
    }

    /// Passes the turn, which the caller has checked is allowed: a ply
    /// without a capture, after which repetitions are looked for afresh.
    pub(crate) fn pass(&mut self) {
        self.undo.push(Undo {
            from: NULL_SQUARE,
            to: NULL_SQUARE,
            captured: 0,
            red_sum: self.red_sum,
            halfmove: self.halfmove,
            hash: self.hash,
        });
        self.hash ^= *ZOBRIST_BLACK;
        self.halfmove += 1;
        self.side ^= 1;
        let in_check = self.board.in_check(self.side);
        self.history.push(Seen { hash: self.hash, in_check, since_null: 0 });
    }
}
