//! The text client's board in a game with hidden information: the server
//! sends the seat's view as text (protocol 2), never the whole position,
//! so the client cannot replay the moves; it reads the view with the rules
//! plugin installed here (`position_from_view`) and draws the pieces as its
//! seat sees them (`view_pieces`), saying how many cells it cannot see.

use std::sync::Arc;

use rules_api::{PositionBox, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_kit::diagram::render;

/// The position a seat (or a spectator) knows, ready to draw.
pub struct ViewBoard {
    rules: Arc<RulesBox>,
    position: PositionBox,
    viewer: u8,
}

impl ViewBoard {
    /// Reads `view` (the server's view text for `seat`; none: a spectator).
    pub fn read(rules: Arc<RulesBox>, view: &str, seat: Option<u8>) -> Option<ViewBoard> {
        // Any seed: the parts drawn from it are the ones never drawn.
        let position = rules.position_for_view(view, 0).ok()?;
        Some(ViewBoard { rules, position, viewer: seat.unwrap_or(SPECTATOR) })
    }

    /// A new view after a move, with the same rules and viewer.
    pub fn update(&self, view: &str) -> Option<ViewBoard> {
        ViewBoard::read(Arc::clone(&self.rules), view, (self.viewer != SPECTATOR).then_some(self.viewer))
    }

    /// The player to move.
    pub fn side_to_move(&self) -> u8 {
        self.position.side_to_move()
    }

    /// The board as the viewer sees it, and how many cells it cannot see.
    pub fn draw(&self) -> Option<String> {
        let info = self.rules.game_info().ok()?;
        let geometry = self.rules.board().ok()?;
        let pieces = self.position.view_piece_list(self.viewer).ok()?;
        let hidden = self.position.hidden_cell_list(self.viewer).ok()?;
        let mut board = render(&geometry, &info, &pieces, &[]);
        if !hidden.is_empty() {
            board.push_str(&format!("{} cell(s) out of sight\n", hidden.len()));
        }
        Some(board)
    }
}
