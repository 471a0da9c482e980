//! The position as the plugin interface sees it: [`PositionImpl`] for
//! [`XiangqiPosition`] (whose state and make/unmake live in
//! [`crate::state`]), read from and written as FEN, its moves in notation.

use abi_stable::std_types::RVec;
use rules_api::plugin::PositionImpl;
use rules_api::{
    Highlight, HighlightKind, Move, MoveFlags, MoveInfo, Notation, Piece, PluginError, PositionFlags, Status,
};

use crate::board::{cell_of, rank_of, square_of_cell, SOLDIER};
use crate::eval::{self, piece_value, VALUE};
use crate::fen;
use crate::notation::{self, iccs_or_cells};
use crate::state::{Config, XiangqiPosition};

impl XiangqiPosition {
    /// The standard start position.
    pub fn start() -> Self {
        Self::from_fen(fen::START_FEN).expect("the start FEN is valid")
    }

    /// Reads a FEN (see the crate docs for the accepted forms); the error
    /// names what is wrong and where.
    pub fn from_fen(text: &str) -> Result<Self, PluginError> {
        Self::from_fen_with(text, Config::default())
    }

    /// Reads a FEN and applies the given options.
    pub fn from_fen_with(text: &str, config: Config) -> Result<Self, PluginError> {
        let parsed = fen::parse(text)?;
        Ok(Self::from_parts(parsed.board, parsed.side, parsed.halfmove, parsed.fullmove, config))
    }
}

impl PositionImpl for XiangqiPosition {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if !self.history_status().is_ongoing() {
            return;
        }
        for &(from, to) in self.legal_squares().as_slice() {
            out.push(Move::new(cell_of(from), cell_of(to)));
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.is_legal(m) {
            return Err(PluginError::illegal_move(format!(
                "move {} (from cell {} to cell {}) is not legal in {}",
                iccs_or_cells(m),
                m.from,
                m.to,
                fen::write(self)
            )));
        }
        self.play(m);
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.take_back()
    }

    fn status(&self) -> Status {
        let mut board = self.board;
        if !board.has_legal_move(self.side) {
            let reason = if self.in_check() { "checkmate" } else { "stalemate" };
            return Status::win(self.side ^ 1, reason);
        }
        self.history_status()
    }

    fn hash(&self) -> u64 {
        self.hash_key()
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(&self.board, self.side, self.red_sum())
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        let mut board = self.board;
        for &m in moves {
            let Some((from, to)) = Self::squares(m) else {
                out.push(MoveInfo::default());
                continue;
            };
            let mover = board.kind_at(from);
            let mut info = MoveInfo::default();
            if board.sq[to as usize] != 0 {
                let victim = board.kind_at(to);
                // Most valuable victim first, then least valuable attacker;
                // every capture outranks every quiet move.
                info.hint = 100_000 + VALUE[victim as usize] * 16 - VALUE[mover as usize] / 16;
                info.flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
            } else {
                info.hint = piece_value(self.side, mover, m.to) - piece_value(self.side, mover, m.from);
            }
            // Captures cannot be undone, nor can a soldier's step forward
            // (soldiers never move back). A sideways step across the river
            // can be stepped back, so it stays reversible.
            if board.sq[to as usize] != 0 || (mover == SOLDIER && rank_of(from) != rank_of(to)) {
                info.flags |= MoveFlags::IRREVERSIBLE;
            }
            let captured = board.move_piece(from, to);
            if board.in_check(self.side ^ 1) {
                info.flags |= MoveFlags::CHECK | MoveFlags::TACTICAL;
                info.hint += 20_000;
            }
            board.unmove_piece(from, to, captured);
            out.push(info);
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for cell in 0..90u16 {
            let sq = square_of_cell(cell).unwrap_or(0);
            if self.board.sq[sq as usize] != 0 {
                out.push(Piece { cell, owner: self.board.owner_at(sq), kind: self.board.kind_at(sq) as u16 });
            }
        }
    }

    fn highlights(&self, out: &mut RVec<Highlight>) {
        if self.in_check() {
            out.push(Highlight::new(cell_of(self.board.king(self.side)), HighlightKind::CHECK).of(self.side));
        }
    }

    fn to_text(&self) -> String {
        fen::write(self)
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        notation::move_to_text(self, m, notation)
    }

    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError> {
        notation::parse_move(self, text, notation)
    }

    /// In check; zugzwang risk when the mover has no chariot, horse or
    /// cannon left (only general, advisors, elephants and soldiers): those
    /// endgames are decided by tempo moves, where passing would often be
    /// the best move if it were allowed.
    fn flags(&self) -> PositionFlags {
        let mut flags = PositionFlags::NONE;
        if self.in_check() {
            flags |= PositionFlags::IN_CHECK;
        }
        if !self.board.has_attackers(self.side) {
            flags |= PositionFlags::ZUGZWANG_RISK;
        }
        flags
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if !self.history_status().is_ongoing() {
            return 0;
        }
        let mut board = self.board;
        board.count_legal_moves(self.side) as u64
    }

    /// Passes the turn: refused in check and when the game is over. It
    /// counts as a ply without a capture (the no-capture count goes on) and
    /// repetitions are only looked for among the positions after it.
    fn make_null_move(&mut self) -> Result<(), PluginError> {
        if self.in_check() {
            return Err(PluginError::illegal_move(format!(
                "null move refused: the side to move is in check in {}",
                fen::write(self)
            )));
        }
        let status = PositionImpl::status(self);
        if !status.is_ongoing() {
            return Err(PluginError::illegal_move(format!(
                "null move refused: the game is over ({})",
                status.reason.as_str()
            )));
        }
        self.pass();
        Ok(())
    }
}
