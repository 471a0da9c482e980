//! The game state: the board, the side to move, the incremental hash and
//! evaluation, and the history make/unmake and the draw rules need.

use rules_api::plugin::PositionImpl;
use rules_api::{
    Highlight, HighlightKind, Move, MoveFlags, MoveInfo, Notation, Piece, PluginError, PositionFlags, RVec, Status,
};

use crate::board::{kind_of, owner_of, Board, MoveList, Mv, CELLS, NO_PROMOTION, PAWN, WHITE};
use crate::eval::{signed_value, KEYS, VALUE};
use crate::notation::{self, from_move};
use crate::text;

pub use crate::notation::to_move;

/// The options a position obeys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// Plies without a capture or a pawn move after which the game is drawn.
    pub no_progress_plies: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config { no_progress_plies: 100 }
    }
}

/// What `unmake_move` needs; a null move has `m.from == m.to`.
#[derive(Clone, Copy, Debug)]
struct Undo {
    m: Mv,
    captured: u8,
    hash: u64,
    white_sum: i32,
    halfmove: u32,
}

/// One position of the game so far, for the repetition rule.
#[derive(Clone, Copy, Debug)]
struct Seen {
    hash: u64,
    /// Plies since the last null move (saturating): positions before a null
    /// move belong to another line of play and never count as repeated.
    since_null: u32,
}

/// A Raumschach position with its own move history.
#[derive(Clone, Debug)]
pub struct RaumPosition {
    pub(crate) board: Board,
    pub(crate) side: u8,
    hash: u64,
    white_sum: i32,
    pub(crate) halfmove: u32,
    pub(crate) start_fullmove: u32,
    start_side: u8,
    undo: Vec<Undo>,
    history: Vec<Seen>,
    config: Config,
}

impl RaumPosition {
    /// A position read from its text (the `text` module's format).
    pub fn from_text(text: &str, config: Config) -> Result<Self, PluginError> {
        let parts = text::read(text)?;
        Ok(RaumPosition::from_parts(parts.board, parts.side, parts.halfmove, parts.fullmove, config))
    }

    /// A position from its parts; the caller has checked that they can
    /// occur (one king each, the side not to move not in check).
    pub(crate) fn from_parts(board: Board, side: u8, halfmove: u32, fullmove: u32, config: Config) -> Self {
        let mut hash = if side == WHITE { 0 } else { KEYS.black };
        let mut white_sum = 0;
        for c in 0..CELLS as u8 {
            let p = board.cells[c as usize];
            if p != 0 {
                hash ^= KEYS.piece(p, c);
                white_sum += signed_value(p, c);
            }
        }
        let mut history = Vec::with_capacity(256);
        history.push(Seen { hash, since_null: u32::MAX });
        RaumPosition {
            board,
            side,
            hash,
            white_sum,
            halfmove,
            start_fullmove: fullmove.max(1),
            start_side: side,
            undo: Vec::with_capacity(256),
            history,
            config,
        }
    }

    /// The move number of the current position, as the text writes it.
    pub fn fullmove_number(&self) -> u32 {
        self.start_fullmove + (self.undo.len() as u32 + self.start_side as u32) / 2
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.board.in_check(self.side)
    }

    /// The legal moves, draw rules aside.
    pub(crate) fn board_moves(&self) -> MoveList {
        let mut board = self.board;
        let mut list = MoveList::new();
        board.legal_moves(self.side, &mut list);
        list
    }

    /// A draw decided by the history or the material, if any.
    fn draw_status(&self) -> Option<Status> {
        if self.repeated_three_times() {
            return Some(Status::draw("threefold repetition"));
        }
        if self.halfmove >= self.config.no_progress_plies {
            return Some(Status::draw("no capture or pawn move for too long"));
        }
        if self.board.kings_only() {
            return Some(Status::draw("only the kings are left"));
        }
        None
    }

    fn repeated_three_times(&self) -> bool {
        let p = self.history.len() - 1;
        let current = self.history[p].hash;
        let window = (self.halfmove as usize).min(p).min(self.history[p].since_null as usize);
        let mut count = 1;
        let mut q = p;
        while q >= 2 && p - (q - 2) <= window {
            q -= 2;
            if self.history[q].hash == current {
                count += 1;
                if count == 3 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `m` is legal here, draw rules included.
    pub(crate) fn is_legal(&self, m: Mv) -> bool {
        let mut board = self.board;
        self.draw_status().is_none() && board.is_legal(self.side, m)
    }

    fn push_history(&mut self, null: bool) {
        let since_null =
            if null { 0 } else { self.history.last().map_or(u32::MAX, |s| s.since_null).saturating_add(1) };
        self.history.push(Seen { hash: self.hash, since_null });
    }

    /// Plays a legal move, keeping hash and evaluation up to date.
    fn play(&mut self, m: Mv) {
        let piece = self.board.cells[m.from as usize];
        self.undo.push(Undo {
            m,
            captured: self.board.cells[m.to as usize],
            hash: self.hash,
            white_sum: self.white_sum,
            halfmove: self.halfmove,
        });
        let captured = self.board.play(m);
        let placed = self.board.cells[m.to as usize];
        self.hash ^= KEYS.piece(piece, m.from) ^ KEYS.piece(placed, m.to) ^ KEYS.black;
        self.white_sum += signed_value(placed, m.to) - signed_value(piece, m.from);
        if captured != 0 {
            self.hash ^= KEYS.piece(captured, m.to);
            self.white_sum -= signed_value(captured, m.to);
        }
        self.halfmove = if captured != 0 || kind_of(piece) == PAWN { 0 } else { self.halfmove + 1 };
        self.side ^= 1;
        self.push_history(false);
    }
}

impl PositionImpl for RaumPosition {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.draw_status().is_some() {
            return;
        }
        out.extend(self.board_moves().as_slice().iter().map(|&m| to_move(m)));
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        match from_move(m) {
            Some(mv) if self.is_legal(mv) => {
                self.play(mv);
                Ok(())
            }
            _ => Err(PluginError::illegal_move(format!(
                "move {} is not legal in {}",
                notation::describe(m),
                self.to_text()
            ))),
        }
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let Some(u) = self.undo.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        self.history.pop();
        if u.m.from != u.m.to {
            self.board.unplay(u.m, u.captured);
        }
        self.side ^= 1;
        self.hash = u.hash;
        self.white_sum = u.white_sum;
        self.halfmove = u.halfmove;
        Ok(())
    }

    fn status(&self) -> Status {
        let mut board = self.board;
        if !board.has_legal_move(self.side) {
            return if board.in_check(self.side) {
                Status::win(self.side ^ 1, "checkmate")
            } else {
                Status::draw("stalemate")
            };
        }
        self.draw_status().unwrap_or(Status::ONGOING)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// Material and placement from the mover's view, plus a small bonus
    /// for having the move.
    fn evaluate(&self) -> i32 {
        let sum = if self.side == WHITE { self.white_sum } else { -self.white_sum };
        sum + 10
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        let mut board = self.board;
        for &m in moves {
            let Some(mv) = from_move(m) else {
                out.push(MoveInfo::default());
                continue;
            };
            let piece = board.cells[mv.from as usize];
            let victim = board.cells[mv.to as usize];
            if piece == 0 {
                out.push(MoveInfo::default());
                continue;
            }
            let kind = kind_of(piece);
            let mut info = MoveInfo::default();
            if victim != 0 {
                // Most valuable victim first, then least valuable attacker;
                // every capture outranks every quiet move.
                info.hint = 100_000 + VALUE[kind_of(victim) as usize] * 16 - VALUE[kind as usize] / 16;
                info.flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
            } else {
                let side = owner_of(piece);
                info.hint = crate::eval::piece_value(side, kind, mv.to) - crate::eval::piece_value(side, kind, mv.from);
            }
            if mv.promo != NO_PROMOTION {
                info.hint += 50_000 + VALUE[mv.promo as usize];
                info.flags |= MoveFlags::PROMOTION | MoveFlags::TACTICAL;
            }
            // Pawns never go back and captures never come back.
            if victim != 0 || kind == PAWN {
                info.flags |= MoveFlags::IRREVERSIBLE;
            }
            let captured = board.play(mv);
            if board.in_check(self.side ^ 1) {
                info.flags |= MoveFlags::CHECK | MoveFlags::TACTICAL;
                info.hint += 20_000;
            }
            board.unplay(mv, captured);
            out.push(info);
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for c in 0..CELLS as u8 {
            let p = self.board.cells[c as usize];
            if p != 0 {
                out.push(Piece { cell: c as u16, owner: owner_of(p), kind: kind_of(p) as u16 });
            }
        }
    }

    fn highlights(&self, out: &mut RVec<Highlight>) {
        let king = self.board.kings[self.side as usize];
        if king == u8::MAX || !self.in_check() {
            return;
        }
        out.push(Highlight::new(king as u16, HighlightKind::CHECK).of(self.side));
        let status = PositionImpl::status(self);
        if status.reason.as_str() == "checkmate" {
            // The mating pieces: every enemy piece that could take the king.
            let mut attacks = MoveList::new();
            self.board.pseudo_moves(self.side ^ 1, &mut attacks);
            for m in attacks.as_slice().iter().filter(|m| m.to == king) {
                // A pawn taking on its promotion row is listed once per choice.
                if !out.iter().any(|h| h.cell == m.from as u16) {
                    out.push(Highlight::new(m.from as u16, HighlightKind::WIN).of(self.side ^ 1));
                }
            }
        }
    }

    fn to_text(&self) -> String {
        text::write(&self.board, self.side, self.halfmove, self.fullmove_number())
    }

    fn move_to_text(&self, m: Move, style: Notation) -> Result<String, PluginError> {
        let mv = from_move(m).filter(|&mv| self.board_moves().as_slice().contains(&mv)).ok_or_else(|| {
            PluginError::illegal_move(format!("move {} is not legal in {}", notation::describe(m), self.to_text()))
        })?;
        if style == Notation::COORDINATE {
            return Ok(notation::coordinate(mv));
        }
        let mut after = self.clone();
        after.make_move(m)?;
        let check = after.in_check().then(|| !PositionImpl::status(&after).is_ongoing());
        Ok(notation::standard(&self.board, mv, check))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let legal = if PositionImpl::status(self).is_ongoing() { self.board_moves() } else { MoveList::new() };
        notation::parse_move(&self.board, legal.as_slice(), text)
    }

    /// In check; zugzwang risk when the mover has only king and pawns.
    fn flags(&self) -> PositionFlags {
        let mut flags = PositionFlags::NONE;
        if self.in_check() {
            flags |= PositionFlags::IN_CHECK;
        }
        if self.board.only_king_and_pawns(self.side) {
            flags |= PositionFlags::ZUGZWANG_RISK;
        }
        flags
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if self.draw_status().is_some() {
            return 0;
        }
        let mut board = self.board;
        board.count_legal_moves(self.side) as u64
    }

    /// Passes the turn: refused in check and when the game is over. It
    /// counts as a ply without progress, and repetitions are only looked
    /// for among the positions after it.
    fn make_null_move(&mut self) -> Result<(), PluginError> {
        if self.in_check() {
            return Err(PluginError::illegal_move(format!(
                "null move refused: the side to move is in check in {}",
                self.to_text()
            )));
        }
        let status = PositionImpl::status(self);
        if !status.is_ongoing() {
            return Err(PluginError::illegal_move(format!(
                "null move refused: the game is over ({})",
                status.reason.as_str()
            )));
        }
        self.undo.push(Undo {
            m: Mv { from: 0, to: 0, promo: NO_PROMOTION },
            captured: 0,
            hash: self.hash,
            white_sum: self.white_sum,
            halfmove: self.halfmove,
        });
        self.hash ^= KEYS.black;
        self.halfmove += 1;
        self.side ^= 1;
        self.push_history(true);
        Ok(())
    }
}
