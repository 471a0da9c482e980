//! The true state of a phantom tic-tac-toe game and its rules.

/// The eight lines of three, as cell numbers (a1 = 0 … c3 = 8).
pub(crate) const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The marks in text, by owner.
pub(crate) const MARKS: [char; 2] = ['x', 'o'];

/// What a move did, kept for unmake and for the announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
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
    pub(crate) history: Vec<Step>,
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

    pub(crate) fn line_of(&self) -> Option<&'static [usize; 3]> {
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

    pub(crate) fn name(cell: u16) -> String {
        crate::grid().name(cell % 3, cell / 3)
    }
}
