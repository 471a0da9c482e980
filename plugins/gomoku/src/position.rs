//! The gomoku position: board, side to move, history and result.

use abi_stable::std_types::RVec;
use rules_api::plugin::PositionImpl;
use rules_api::{
    Highlight, HighlightKind, Move, MoveFlags, MoveInfo, Notation, Piece, PluginError, PositionFlags, Status, CELL_NONE,
};

use crate::board::{side_key, Board, EMPTY};
use crate::config::Rule;
use crate::eval::{self, Level};
use crate::layout::DIRECTIONS;
use crate::pattern;
use crate::text;

/// Why a game was won.
const FIVE_IN_A_ROW: &str = "five in a row";
/// Why White won under renju with six or more.
const OVERLINE: &str = "overline";

/// A gomoku position (any size, any rule variant), with its move history.
#[derive(Clone)]
pub struct GomokuPosition {
    board: Board,
    side: usize,
    history: Vec<u16>,
    status: Status,
    /// A stone of the winning row, once the game is won.
    win_cell: Option<usize>,
}

impl GomokuPosition {
    /// A position with the given stones (`EMPTY` or owner + 1 per point) and side to move.
    pub(crate) fn from_cells(mut board: Board, cells: &[u8], side: usize) -> Result<Self, PluginError> {
        board.set_stones(cells);
        let mut history = Vec::new();
        history.reserve_exact(board.layout.cells);
        let mut pos = GomokuPosition { board, side, history, status: Status::ONGOING, win_cell: None };
        pos.status_from_scratch()?;
        Ok(pos)
    }

    /// Works out the result of a position read from text, refusing boards no
    /// game could reach.
    fn status_from_scratch(&mut self) -> Result<(), PluginError> {
        let mut winners: [Option<(usize, &'static str)>; 2] = [None, None];
        for cell in 0..self.board.layout.cells {
            let Some(player) = self.board.owner(cell) else {
                continue;
            };
            if winners[player].is_none() {
                winners[player] = self.win_at(cell, player).map(|reason| (cell, reason));
            }
        }
        let last_mover = 1 - self.side;
        if let Some((cell, _)) = winners[self.side] {
            let who = if self.side == 0 { "black" } else { "white" };
            return Err(PluginError::invalid_input(format!(
                "gomoku position: {who} is to move but already has a winning row through {}, so the game \
                 would have ended on {who}'s previous move",
                self.board.layout.name(cell)
            )));
        }
        if let Some((cell, reason)) = winners[last_mover] {
            self.status = Status::win(last_mover as u8, reason);
            self.win_cell = Some(cell);
        } else {
            self.status = self.no_win_status();
        }
        Ok(())
    }

    /// The winning reason if `player`'s stone on `cell` is part of a winning row.
    fn win_at(&self, cell: usize, player: usize) -> Option<&'static str> {
        let exact = self.board.rule.exact_five(player);
        (0..DIRECTIONS).find_map(|dir| {
            let run = self.board.run_length(cell, dir, player);
            match run {
                5 => Some(FIVE_IN_A_ROW),
                r if r > 5 && !exact => Some(if self.board.rule == Rule::Renju { OVERLINE } else { FIVE_IN_A_ROW }),
                _ => None,
            }
        })
    }

    /// The status of a position without a winning row.
    fn no_win_status(&self) -> Status {
        if self.board.stones == self.board.layout.cells {
            Status::draw("board full")
        } else if self.side == 0 && self.board.rule == Rule::Renju && !self.board.black_can_move() {
            Status::draw("no legal move for black")
        } else {
            Status::ONGOING
        }
    }

    /// Checks that `m` is a legal move here and returns its point.
    fn check_move(&self, m: Move) -> Result<usize, PluginError> {
        let layout = &self.board.layout;
        if !self.status.is_ongoing() {
            return Err(PluginError::illegal_move(format!(
                "the game is over ({}), so no move can be played",
                self.status.reason
            )));
        }
        if m.from != CELL_NONE || m.extra != 0 || m.tag != 0 || m.to as usize >= layout.cells {
            return Err(PluginError::illegal_move(format!(
                "{m:?} is not a gomoku move: a move places a stone on one of the {} points",
                layout.cells
            )));
        }
        let cell = m.to as usize;
        if self.board.cells[cell] != EMPTY {
            return Err(PluginError::illegal_move(format!("{} is already occupied", layout.name(cell))));
        }
        if self.side == 0 {
            if let Some(foul) = self.board.foul(cell) {
                return Err(PluginError::illegal_move(format!(
                    "{} is forbidden to black under renju rules ({})",
                    layout.name(cell),
                    foul.name()
                )));
            }
        }
        Ok(cell)
    }

    /// Whether `cell` is an empty point the side to move may play.
    #[inline]
    fn playable(&self, cell: usize) -> bool {
        self.board.cells[cell] == EMPTY && (self.side == 1 || self.board.foul(cell).is_none())
    }
}

impl PositionImpl for GomokuPosition {
    fn side_to_move(&self) -> u8 {
        self.side as u8
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if !self.status.is_ongoing() {
            return;
        }
        for cell in 0..self.board.layout.cells {
            if self.playable(cell) {
                out.push(Move::place(cell as u16));
            }
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let cell = self.check_move(m)?;
        let player = self.side;
        self.board.place(cell, player);
        self.history.push(cell as u16);
        self.side = 1 - player;
        if let Some(reason) = self.win_at(cell, player) {
            self.status = Status::win(player as u8, reason);
            self.win_cell = Some(cell);
        } else {
            self.status = self.no_win_status();
        }
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let cell =
            self.history.pop().ok_or_else(|| PluginError::unsupported("there is no move to take back"))? as usize;
        self.board.remove(cell);
        self.side = 1 - self.side;
        // Moves are only made in ongoing positions.
        self.status = Status::ONGOING;
        self.win_cell = None;
        Ok(())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn hash(&self) -> u64 {
        self.board.hash ^ if self.side == 1 { side_key() } else { 0 }
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(&self.board.totals, self.side)
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        let me = self.side;
        let empty_board = self.board.stones == 0;
        let size = self.board.layout.size;
        let centre = (size / 2) * size + size / 2;
        let threatened = self.board.totals[1 - me].wins > 0;
        let mut any_kept = false;
        for m in moves {
            let cell = m.to as usize;
            if cell >= self.board.layout.cells || self.board.cells[cell] != EMPTY {
                out.push(MoveInfo::default());
                continue;
            }
            let (mine, theirs) = (self.board.summary(me, cell), self.board.summary(1 - me, cell));
            // A stone is never taken back: every placement is irreversible.
            let mut flags = MoveFlags::IRREVERSIBLE;
            let makes_four = mine.level >= Level::Four && mine.level != Level::DoubleThree;
            if makes_four && mine.level != Level::Five {
                flags |= MoveFlags::CHECK;
            }
            let tactical =
                mine.level >= Level::Three || theirs.level >= Level::Win || (threatened && theirs.level == Level::Four);
            if tactical {
                flags |= MoveFlags::TACTICAL;
            }
            let quiet = |classes: &[u8; 4]| classes.iter().all(|&c| c <= pattern::ONE);
            let far = self.board.near[cell] == 0
                && quiet(&self.board.classes[me][cell])
                && quiet(&self.board.classes[1 - me][cell])
                && !(empty_board && cell == centre);
            if far {
                flags |= MoveFlags::PRUNABLE;
            } else {
                any_kept = true;
            }
            out.push(MoveInfo { hint: eval::hint(mine, theirs, self.board.near[cell]), flags });
        }
        // Never let a search skip every move.
        if !any_kept {
            for info in out.iter_mut() {
                info.flags = MoveFlags(info.flags.0 & !MoveFlags::PRUNABLE.0);
            }
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for cell in 0..self.board.layout.cells {
            if let Some(owner) = self.board.owner(cell) {
                out.push(Piece { cell: cell as u16, owner: owner as u8, kind: 0 });
            }
        }
    }

    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(cell) = self.win_cell {
            let winner = self.status.winner as usize;
            let exact = self.board.rule.exact_five(winner);
            for dir in 0..DIRECTIONS {
                let run = self.board.run_length(cell, dir, winner);
                if run == 5 || (run > 5 && !exact) {
                    for c in self.board.run_cells(cell, dir, winner) {
                        out.push(Highlight::new(c as u16, HighlightKind::WIN).of(winner as u8));
                    }
                }
            }
        } else if self.status.is_ongoing() && self.side == 0 && self.board.rule == Rule::Renju {
            for cell in 0..self.board.layout.cells {
                if let Some(foul) = self.board.foul(cell) {
                    out.push(Highlight::new(cell as u16, HighlightKind::FORBIDDEN).because(foul.name()));
                }
            }
        }
    }

    fn to_text(&self) -> String {
        text::write(&self.board, self.side)
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        let cell = self.check_move(m)?;
        Ok(self.board.layout.name(cell))
    }

    /// In check when the opponent has a point that makes five (a four on
    /// the board): the mover must block it or win first. Read from the
    /// incrementally kept pattern sums, so it costs nothing.
    fn flags(&self) -> PositionFlags {
        if self.status.is_ongoing() && self.board.totals[1 - self.side].fives > 0 {
            PositionFlags::IN_CHECK
        } else {
            PositionFlags::NONE
        }
    }

    /// The empty points, less Black's renju fouls when Black is to move.
    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if !self.status.is_ongoing() {
            return 0;
        }
        let empty = (self.board.layout.cells - self.board.stones) as u64;
        if !self.board.rule.restricted(self.side) {
            return empty;
        }
        // `foul` answers from the stored classes for all but the few points
        // shaped like a foul.
        let fouls = (0..self.board.layout.cells).filter(|&c| self.board.foul(c).is_some()).count() as u64;
        empty - fouls
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let layout = &self.board.layout;
        let cell = layout.parse_name(text).ok_or_else(|| {
            PluginError::invalid_input(format!(
                "'{}' is not a point of the {size}×{size} board (write a column a–{} and a row 1–{size}, like h8)",
                text.trim(),
                layout.last_column(),
                size = layout.size
            ))
        })?;
        self.check_move(Move::place(cell as u16)).map(|c| Move::place(c as u16))
    }
}

#[cfg(test)]
impl GomokuPosition {
    /// Whether the incremental board state matches a recomputation.
    pub(crate) fn is_consistent(&self) -> bool {
        self.board.is_consistent()
    }
}
