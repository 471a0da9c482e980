//! The game position: the state, its incremental hash and evaluation, and
//! the history that make/unmake and the draw rules need.

use rules_api::plugin::PositionImpl;
use rules_api::{
    CellChange, Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PluginError, PositionFlags, RVec, Status,
};

use crate::board::{kind, kind_of, owner_of, to_move, MoveList, Mv, KING, PAWN, WHITE};
use crate::eval::{signed_board, signed_value, KEYS};
use crate::game::{Applied, Game, NO_CELL};
use crate::squares::{CELLS, PLACES};

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

/// What `unmake_move` restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    game: Game,
    hash: u64,
    white_sum: i32,
    halfmove: u32,
}

/// One position of the game so far, for the repetition rule.
#[derive(Clone, Copy, Debug)]
struct Seen {
    hash: u64,
    /// Plies since the last null move: positions before one belong to
    /// another line of play and never count as repeated.
    since_null: u32,
}

/// A tri-dimensional chess position with its own move history.
#[derive(Clone, Debug)]
pub struct TridPosition {
    pub(crate) game: Game,
    hash: u64,
    white_sum: i32,
    pub(crate) halfmove: u32,
    start_fullmove: u32,
    start_side: u8,
    undo: Vec<Undo>,
    history: Vec<Seen>,
    config: Config,
}

impl TridPosition {
    /// A position from a state the caller has checked can occur.
    pub(crate) fn new(game: Game, halfmove: u32, fullmove: u32, config: Config) -> Self {
        let hash = KEYS.of(&game);
        let mut history = Vec::with_capacity(256);
        history.push(Seen { hash, since_null: u32::MAX });
        TridPosition {
            white_sum: crate::eval::white_sum(&game),
            game,
            hash,
            halfmove,
            start_fullmove: fullmove.max(1),
            start_side: game.side,
            undo: Vec::with_capacity(256),
            history,
            config,
        }
    }

    /// The state.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The move number of the current position, as the text writes it.
    pub fn fullmove_number(&self) -> u32 {
        self.start_fullmove + (self.undo.len() as u32 + self.start_side as u32) / 2
    }

    /// The legal moves: none once the game is over.
    fn legal(&self, out: &mut MoveList) {
        out.clear();
        if self.draw_status().is_none() {
            self.game.legal_moves(out);
        }
    }

    /// The internal move of a boundary move, if it is legal here.
    pub(crate) fn find(&self, m: Move) -> Option<Mv> {
        if self.draw_status().is_some() {
            return None;
        }
        let mut list = MoveList::default();
        self.game.pseudo_moves(&mut list);
        let mv = list.as_slice().iter().copied().find(|&mv| to_move(mv) == m)?;
        self.game.is_safe(mv, self.game.in_check()).then_some(mv)
    }

    /// A draw decided by the history or the material, if any.
    fn draw_status(&self) -> Option<Status> {
        if self.repeated_three_times() {
            return Some(Status::draw("threefold repetition"));
        }
        if self.halfmove >= self.config.no_progress_plies {
            return Some(Status::draw("no capture or pawn move for too long"));
        }
        if (0..CELLS).all(|c| self.game.board.cells[c] == 0 || kind_of(self.game.board.cells[c]) == KING) {
            return Some(Status::draw("only the kings are left"));
        }
        None
    }

    fn repeated_three_times(&self) -> bool {
        let p = self.history.len() - 1;
        let current = self.history[p].hash;
        // The whole game, not just since the last pawn move: an attack
        // board can carry a pawn back, so a pawn move does not rule out a
        // repetition here.
        let window = p.min(self.history[p].since_null as usize);
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

    fn push_history(&mut self, null: bool) {
        let since_null =
            if null { 0 } else { self.history.last().map_or(u32::MAX, |s| s.since_null).saturating_add(1) };
        self.history.push(Seen { hash: self.hash, since_null });
    }

    /// Plays a legal move, keeping hash and evaluation up to date.
    fn play(&mut self, m: Mv) {
        let before = self.game;
        self.undo.push(Undo { game: before, hash: self.hash, white_sum: self.white_sum, halfmove: self.halfmove });
        let done: Applied = self.game.apply(m);
        let after = self.game;
        for &c in done.touched.as_slice() {
            self.hash ^= KEYS.piece(before.at(c), c) ^ KEYS.piece(after.at(c), c);
            self.white_sum += signed_value(after.at(c), c) - signed_value(before.at(c), c);
        }
        for place in 0..PLACES {
            let (old, new) = (before.board.boards[place], after.board.boards[place]);
            if old != new {
                self.hash ^= KEYS.board(old, place) ^ KEYS.board(new, place);
                self.white_sum += signed_board(new) - signed_board(old);
            }
        }
        self.hash ^= KEYS.castling(before.castling) ^ KEYS.castling(after.castling);
        self.hash ^= KEYS.ep(before.ep) ^ KEYS.ep(after.ep);
        self.hash ^= KEYS.fresh(before.fresh) ^ KEYS.fresh(after.fresh) ^ KEYS.black;
        self.halfmove = if done.capture || done.pawn { 0 } else { self.halfmove + 1 };
        self.push_history(false);
    }

    /// The enemy pieces that attack the king of the side to move.
    fn checkers(&self) -> Vec<u8> {
        let king = self.game.kings[self.game.side as usize];
        // The enemy's own moves, as if it were to move, that land on the king.
        let mut probe = self.game;
        probe.side ^= 1;
        probe.ep = [NO_CELL; 2];
        let mut list = MoveList::default();
        probe.pseudo_moves(&mut list);
        let mut out: Vec<u8> =
            list.as_slice().iter().filter(|m| m.kind == kind::NORMAL && m.to == king).map(|m| m.from).collect();
        out.dedup();
        out
    }
}

impl PositionImpl for TridPosition {
    fn side_to_move(&self) -> u8 {
        self.game.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        let mut list = MoveList::default();
        self.legal(&mut list);
        out.extend(list.as_slice().iter().map(|&m| to_move(m)));
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        match self.find(m) {
            Some(mv) => {
                self.play(mv);
                Ok(())
            }
            None => Err(PluginError::illegal_move(format!(
                "move {} is not legal in {}",
                crate::notation::describe(m),
                crate::text::write(&self.game, self.halfmove, self.fullmove_number())
            ))),
        }
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let Some(u) = self.undo.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        self.history.pop();
        self.game = u.game;
        self.hash = u.hash;
        self.white_sum = u.white_sum;
        self.halfmove = u.halfmove;
        Ok(())
    }

    fn status(&self) -> Status {
        if !self.game.has_legal_move() {
            return if self.game.in_check() {
                Status::win(self.game.side ^ 1, "checkmate")
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
        let sum = if self.game.side == WHITE { self.white_sum } else { -self.white_sum };
        sum + 10
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        let mut list = MoveList::default();
        self.game.pseudo_moves(&mut list);
        for &m in moves {
            let Some(mv) = list.as_slice().iter().copied().find(|&mv| to_move(mv) == m) else {
                out.push(MoveInfo::default());
                continue;
            };
            out.push(crate::ordering::move_info(&self.game, mv));
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for c in 0..CELLS as u8 {
            let p = self.game.at(c);
            if p != 0 {
                out.push(Piece { cell: c as u16, owner: owner_of(p), kind: kind_of(p) as u16 });
            }
        }
    }

    fn highlights(&self, out: &mut RVec<Highlight>) {
        if !self.game.in_check() {
            return;
        }
        let king = self.game.kings[self.game.side as usize];
        out.push(Highlight::new(king as u16, HighlightKind::CHECK).of(self.game.side));
        if !self.game.has_legal_move() {
            for c in self.checkers() {
                out.push(Highlight::new(c as u16, HighlightKind::WIN).of(self.game.side ^ 1));
            }
        }
    }

    fn to_text(&self) -> String {
        crate::text::write(&self.game, self.halfmove, self.fullmove_number())
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        let mut list = MoveList::default();
        self.legal(&mut list);
        crate::notation::move_to_text(&self.game, list.as_slice(), m, notation)
            .map_err(|e| PluginError::illegal_move(format!("{e} in {}", PositionImpl::to_text(self))))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let mut list = MoveList::default();
        self.legal(&mut list);
        crate::notation::parse_move(&self.game, list.as_slice(), text)
            .map_err(|e| PluginError::illegal_move(format!("{e} in {}", PositionImpl::to_text(self))))
    }

    /// In check; zugzwang risk when the mover has only king and pawns.
    fn flags(&self) -> PositionFlags {
        let mut flags = PositionFlags::NONE;
        if self.game.in_check() {
            flags |= PositionFlags::IN_CHECK;
        }
        let side = self.game.side;
        let only_pawns = self
            .game
            .board
            .cells
            .iter()
            .all(|&p| p == 0 || owner_of(p) != side || kind_of(p) == KING || kind_of(p) == PAWN);
        if only_pawns {
            flags |= PositionFlags::ZUGZWANG_RISK;
        }
        flags
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        let mut list = MoveList::default();
        self.legal(&mut list);
        list.as_slice().len() as u64
    }

    /// Passes the turn: refused in check and when the game is over. It
    /// counts as a ply without progress, and repetitions are only looked
    /// for among the positions after it.
    fn make_null_move(&mut self) -> Result<(), PluginError> {
        if self.game.in_check() {
            return Err(PluginError::illegal_move("null move refused: the side to move is in check"));
        }
        let status = PositionImpl::status(self);
        if !status.is_ongoing() {
            return Err(PluginError::illegal_move(format!(
                "null move refused: the game is over ({})",
                status.reason.as_str()
            )));
        }
        self.undo.push(Undo { game: self.game, hash: self.hash, white_sum: self.white_sum, halfmove: self.halfmove });
        self.hash ^= KEYS.ep(self.game.ep) ^ KEYS.black;
        self.game.ep = [NO_CELL; 2];
        self.game.side ^= 1;
        self.halfmove += 1;
        self.push_history(true);
        Ok(())
    }

    /// The squares of the places no attack board stands on are hidden.
    fn cell_changes(&self, out: &mut RVec<CellChange>) {
        for place in 0..PLACES as u8 {
            if self.game.board.boards[place as usize] != 0 {
                continue;
            }
            for cell in crate::board::Board::board_cells(place) {
                let (x, y, layer) = crate::layout::cell_position(cell);
                out.push(CellChange { cell: cell as u16, shown: false, x, y, layer, name: "".into() });
            }
        }
    }
}
