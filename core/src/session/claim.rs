//! Draws a player claims (chess's threefold repetition and fifty-move
//! rule under FIDE's Laws): the rules say what may be claimed
//! ([`rules_api::Position::draw_claim`]), the player to move decides.

use super::{Session, SessionError};
use crate::boundary;
use crate::outcome::GameResult;

/// What the reason of a claimed draw starts with, before the rules' reason
/// (`draw claimed: threefold repetition`).
pub const CLAIMED: &str = "draw claimed: ";

impl Session {
    /// The draw the player to move may claim now (`threefold repetition`),
    /// or `None`: none allowed, or the game is over or waits for chance.
    pub fn draw_claim(&self) -> Result<Option<String>, SessionError> {
        if self.forfeit.is_some() || self.settled.is_some() || self.awaits_chance() {
            return Ok(None);
        }
        if !self.status()?.is_ongoing() {
            return Ok(None);
        }
        boundary::draw_claim(&self.position).map_err(|e| SessionError::from_call("reading the draw claim", e))
    }

    /// Ends the game as a draw claimed by the player to move, with the
    /// reason `draw claimed: ` and the rules' reason; refused when nothing
    /// may be claimed. Taken back, like a resignation, by an undo.
    pub fn claim_draw(&mut self) -> Result<GameResult, SessionError> {
        if let Some(result) = self.result()? {
            return Err(SessionError::GameOver(result.describe(self.info())));
        }
        let Some(reason) = self.draw_claim()? else {
            let who = self.player_name(self.side_to_move());
            return Err(SessionError::NoClaim(format!(
                "the rules allow {who} no draw claim in this position (a threefold repetition or fifty moves \
                 without a capture or pawn move in chess)"
            )));
        };
        let result = GameResult::Draw { reason: format!("{CLAIMED}{reason}") };
        self.forfeit = Some(result.clone());
        Ok(result)
    }
}
