//! The position contract of phantom tic-tac-toe: the true board's moves,
//! and each player's view of it (from `view.rs`).

use rules_api::plugin::PositionImpl;
use rules_api::{Highlight, HighlightKind, Move, Notation, Piece, PluginError, PositionFlags, RVec, Status, CELL_NONE};

use crate::board::{Board, Step, MARKS};
use crate::view::{self, View};

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
