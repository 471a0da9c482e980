//! Tic-tac-toe as a Tabula rules plugin: the tutorial of
//! `docs/WRITING-PLUGINS.md`. Cells are numbered 0..9 from a1 (bottom left)
//! row by row to c3; a move places the mover's mark on an empty cell.

use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Move, Notation, Options, Piece, PieceType, PlayerInfo, PluginError, RVec, Rgba, Status,
};
use tabula_kit::grid::Grid;

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const MARKS: [char; 2] = ['x', 'o'];

/// The game (it has no options).
pub struct TicTacToe;

impl TicTacToe {
    /// Builds the game; any option is refused by name.
    pub fn new(options: &Options) -> Result<Self, PluginError> {
        rules_api::plugin::check_options("tictactoe", options, &[])?;
        Ok(TicTacToe)
    }
}

/// A position: who holds each cell, and the cells played in order (for unmake).
#[derive(Clone, Default)]
pub struct Board {
    cells: [Option<u8>; 9],
    history: Vec<usize>,
}

impl Board {
    fn side(&self) -> u8 {
        (self.cells.iter().flatten().count() % 2) as u8
    }
    fn winner(&self) -> Option<u8> {
        LINES.iter().find_map(|l| self.cells[l[0]].filter(|&p| l.iter().all(|&c| self.cells[c] == Some(p))))
    }
}

/// Three by three squares named a1 (bottom left) to c3, numbered row by row.
fn grid() -> Grid {
    let (paper, ink) = (Rgba::rgb(240, 230, 200), Rgba::rgb(60, 60, 60));
    // Squares of one colour touch: the borders are the game's grid.
    Grid::squares(3, 3, paper, paper).borders(0.06, ink).background(ink)
}

impl PositionImpl for Board {
    fn side_to_move(&self) -> u8 {
        self.side()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.status().is_ongoing() {
            out.extend((0..9).filter(|&c| self.cells[c].is_none()).map(|c| Move::place(c as u16)));
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let cell = m.to as usize;
        if m.from != rules_api::CELL_NONE || cell >= 9 || self.cells[cell].is_some() || !self.status().is_ongoing() {
            return Err(PluginError::illegal_move(format!("placing on cell {} is not legal here", m.to)));
        }
        self.cells[cell] = Some(self.side());
        self.history.push(cell);
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let cell = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.cells[cell] = None;
        Ok(())
    }
    fn status(&self) -> Status {
        match self.winner() {
            Some(p) => Status::win(p, "three in a row"),
            None if self.cells.iter().all(Option::is_some) => Status::draw("board full"),
            None => Status::ONGOING,
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        let owned = self.cells.iter().enumerate().filter_map(|(c, p)| p.map(|p| (c, p)));
        out.extend(owned.map(|(c, owner)| Piece { cell: c as u16, owner, kind: 0 }));
    }
    /// Rows from the top, `/` between rows, `x`, `o` or `.` per cell: `x.o/.x./...`.
    fn to_text(&self) -> String {
        let row =
            |r: usize| (0..3).map(|f| self.cells[r * 3 + f].map_or('.', |p| MARKS[p as usize])).collect::<String>();
        [2, 1, 0].map(row).join("/")
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        let (file, rank) = grid().file_rank(m.to);
        Ok(grid().name(file, rank))
    }
}

impl RulesImpl for TicTacToe {
    type Position = Board;

    fn info(&self) -> GameInfo {
        let player = |name: &str, ink| PlayerInfo { name: name.into(), color: Rgba::TRANSPARENT, ink };
        GameInfo {
            name: "Tic-tac-toe".into(),
            players: vec![player("x", Rgba::rgb(200, 40, 40)), player("o", Rgba::rgb(30, 60, 200))].into(),
            piece_types: vec![PieceType::new("mark", &["X", "O"], &["X", "O"], 0)].into(),
            position_format: "rows from the top, x/o/. per cell (x.o/.x./...)".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        grid().build()
    }
    fn start_position(&self) -> Result<Board, PluginError> {
        Ok(Board::default())
    }
    fn position_from_text(&self, text: &str) -> Result<Board, PluginError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
            return Err(PluginError::invalid_input(format!("'{text}': expected three rows of three cells")));
        }
        let mut board = Board::default();
        for (i, ch) in rows.iter().rev().flat_map(|r| r.chars()).enumerate() {
            let owner = MARKS.iter().position(|&m| m == ch).map(|p| p as u8);
            if owner.is_none() && ch != '.' {
                return Err(PluginError::invalid_input(format!("'{text}': '{ch}' is not x, o or .")));
            }
            board.cells[i] = owner;
        }
        let count = |p| board.cells.iter().filter(|&&c| c == Some(p)).count();
        if !(count(1)..=count(1) + 1).contains(&count(0)) {
            return Err(PluginError::invalid_input(format!(
                "'{text}': x moves first, so x has as many marks as o or one more"
            )));
        }
        // The winner made the last move (and nobody played on after a win).
        let wins = |p: u8| LINES.iter().any(|l| l.iter().all(|&c| board.cells[c] == Some(p)));
        if (wins(0) && board.side() != 1) || (wins(1) && board.side() != 0) {
            return Err(PluginError::invalid_input(format!("'{text}': the game went on after a win")));
        }
        Ok(board)
    }
    fn help_text(&self) -> String {
        "TIC-TAC-TOE\n\nX and O take turns marking an empty cell; X starts. Three marks in a row, column or \
         diagonal win; a full board without one is a draw.\n"
            .into()
    }
}
