//! The true state of a phantom tic-tac-toe game and its rules.

use rules_api::plugin::PositionImpl;
use rules_api::{Highlight, HighlightKind, Move, Notation, Piece, PluginError, PositionFlags, RVec, Status, CELL_NONE};

use crate::view::{self, View};

/// The eight lines of three, as cell numbers (a1 = 0 … c3 = 8).
pub(crate) const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The marks in text, by owner.
pub(crate) const MARKS: [char; 2] = ['x', 'o'];

/// What a move did, kept for unmake and for the announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The mover's mark went on the empty cell.
    Placed(u8),
    /// The cell held an opponent's mark the mover had not seen: the move
    /// was refused, the mover now sees that mark and moves again.
    Refused(u8),
}

/// A position: the true board, which marks each owner's opponent has
/// discovered, and the moves made (for unmake and announcements).
#[derive(Clone, Default, Debug)]
pub struct Board {
    /// `None` empty, `Some(p)` player `p`'s mark.
    pub(crate) cells: [Option<u8>; 9],
    /// Whether the mark on the cell is known to its owner's opponent.
    pub(crate) seen: [bool; 9],
    history: Vec<Step>,
}

impl Board {
    /// The player to move: refused tries do not pass the turn, so x (who
    /// starts) moves exactly when both have as many marks.
    pub(crate) fn side(&self) -> u8 {
        let (x, o) = (self.count(0), self.count(1));
        u8::from(x > o)
    }

    pub(crate) fn count(&self, player: u8) -> usize {
        self.cells.iter().filter(|&&c| c == Some(player)).count()
    }

    fn line_of(&self) -> Option<&'static [usize; 3]> {
        LINES.iter().find(|l| self.cells[l[0]].is_some() && l.iter().all(|&c| self.cells[c] == self.cells[l[0]]))
    }

    /// Whether `player` has three in a row.
    pub(crate) fn has_line(cells: &[Option<u8>; 9], player: u8) -> bool {
        LINES.iter().any(|l| l.iter().all(|&c| cells[c] == Some(player)))
    }

    /// What `viewer` sees on `cell`: their own marks and the marks of
    /// others they have discovered; a spectator (or anyone not seated) sees
    /// no mark.
    pub(crate) fn visible(&self, cell: usize, viewer: u8) -> Option<u8> {
        let owner = self.cells[cell]?;
        (viewer < 2 && (owner == viewer || self.seen[cell])).then_some(owner)
    }

    /// The board as `viewer` sees it.
    pub(crate) fn view_cells(&self, viewer: u8) -> [Option<u8>; 9] {
        std::array::from_fn(|c| self.visible(c, viewer))
    }

    /// Builds a board from its parts, checking that the counts and lines
    /// could arise in a game.
    pub(crate) fn from_parts(cells: [Option<u8>; 9], seen: [bool; 9]) -> Result<Board, String> {
        let count = |p| cells.iter().filter(|&&c| c == Some(p)).count();
        if !(count(1)..=count(1) + 1).contains(&count(0)) {
            return Err("x moves first, so x has as many marks as o or one more".into());
        }
        let board = Board { cells, seen: std::array::from_fn(|c| seen[c] && cells[c].is_some()), history: Vec::new() };
        let (x_line, o_line) = (Board::has_line(&cells, 0), Board::has_line(&cells, 1));
        if (x_line && (o_line || board.side() != 1)) || (o_line && board.side() != 0) {
            return Err("the game went on after a win".into());
        }
        Ok(board)
    }

    fn name(cell: u16) -> String {
        crate::grid().name(cell % 3, cell / 3)
    }
}

impl PositionImpl for Board {
    fn side_to_move(&self) -> u8 {
        self.side()
    }

    /// Every cell that is empty as the mover sees it: the truly empty ones
    /// and those holding an opponent's mark the mover has not discovered.
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.status().is_ongoing() {
            let side = self.side();
            out.extend((0..9).filter(|&c| self.visible(c, side).is_none()).map(|c| Move::place(c as u16)));
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let cell = m.to as usize;
        let side = self.side();
        if m.from != CELL_NONE || m.extra != 0 || cell >= 9 || self.visible(cell, side).is_some() {
            return Err(PluginError::illegal_move(format!("placing on cell {} is not legal here", m.to)));
        }
        if !self.status().is_ongoing() {
            return Err(PluginError::illegal_move("the game is over"));
        }
        if self.cells[cell].is_some() {
            self.seen[cell] = true;
            self.history.push(Step::Refused(cell as u8));
        } else {
            self.cells[cell] = Some(side);
            self.history.push(Step::Placed(cell as u8));
        }
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        match self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))? {
            Step::Placed(cell) => self.cells[cell as usize] = None,
            Step::Refused(cell) => self.seen[cell as usize] = false,
        }
        Ok(())
    }

    fn status(&self) -> Status {
        match self.line_of() {
            Some(l) => Status::win(self.cells[l[0]].unwrap_or(0), "three in a row"),
            None if self.cells.iter().all(Option::is_some) => Status::draw("board full"),
            None => Status::ONGOING,
        }
    }

    /// Two bits of owner and one of discovery per cell: the whole state.
    fn hash(&self) -> u64 {
        let packed = self.cells.iter().zip(self.seen).enumerate().fold(0u64, |h, (i, (c, s))| {
            let cell = c.map_or(0, |p| u64::from(p) + 1) | (u64::from(s) << 2);
            h | (cell << (3 * i))
        });
        // SplitMix64's finaliser spreads the 27 bits over the word.
        let mut z = packed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        let owned = self.cells.iter().enumerate().filter_map(|(c, p)| p.map(|p| (c, p)));
        out.extend(owned.map(|(c, owner)| Piece { cell: c as u16, owner, kind: 0 }));
    }

    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(line) = self.line_of() {
            out.extend(line.iter().map(|&c| Highlight::new(c as u16, HighlightKind::WIN)));
        }
    }

    fn flags(&self) -> PositionFlags {
        PositionFlags::HIDDEN
    }

    /// Rows from the top, `/` between rows: `x`/`o` for a mark its owner's
    /// opponent has not discovered, `X`/`O` for one they have, `.` empty.
    fn to_text(&self) -> String {
        let cell = |c: usize| match self.cells[c] {
            None => '.',
            Some(p) if self.seen[c] => MARKS[p as usize].to_ascii_uppercase(),
            Some(p) => MARKS[p as usize],
        };
        view::rows(cell)
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        if m.to >= 9 || m.from != CELL_NONE {
            return Err(PluginError::invalid_input(format!("cell {} is not on the board", m.to)));
        }
        Ok(Board::name(m.to))
    }

    fn view_pieces(&self, viewer: u8, out: &mut RVec<Piece>) {
        let seen = (0..9).filter_map(|c| self.visible(c, viewer).map(|p| (c, p)));
        out.extend(seen.map(|(c, owner)| Piece { cell: c as u16, owner, kind: 0 }));
    }

    /// The winning line, for a viewer who sees all three of its marks.
    fn view_highlights(&self, viewer: u8, out: &mut RVec<Highlight>) {
        if let Some(line) = self.line_of().filter(|l| l.iter().all(|&c| self.visible(c, viewer).is_some())) {
            out.extend(line.iter().map(|&c| Highlight::new(c as u16, HighlightKind::WIN)));
        }
    }

    fn view_text(&self, viewer: u8) -> String {
        View::of(self, viewer).to_text()
    }

    /// The mover's own try is theirs to read; everyone else learns only
    /// that a move was made.
    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> Result<String, PluginError> {
        let text = self.move_to_text(m, notation)?;
        Ok(if viewer == self.side() { text } else { "?".into() })
    }

    fn announcement(&self, viewer: u8) -> String {
        match self.history.last() {
            Some(&Step::Refused(cell)) if viewer == self.side() => {
                format!("{} is taken by {}: move again", Board::name(u16::from(cell)), MARKS[1 - viewer as usize])
            }
            _ => String::new(),
        }
    }

    fn sample(&self, viewer: u8, seed: u64) -> Result<Board, PluginError> {
        View::of(self, viewer).sample(seed).map_err(PluginError::internal)
    }
}
