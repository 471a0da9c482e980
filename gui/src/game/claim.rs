//! Draws the player to move may claim (chess's threefold repetition and
//! fifty-move rule under FIDE's Laws): a person claims with the panel's
//! button, a computer claims at once, as in every driver of the core.

use tabula_core::turn::claim_for_computer;

use super::{err, Event, Game};

impl Game {
    /// The draw the person to move may claim now (the rules' reason:
    /// `threefold repetition`), if any.
    pub fn human_draw_claim(&self) -> Option<String> {
        if !self.human_to_move() {
            return None;
        }
        self.session.draw_claim().ok().flatten()
    }

    /// The person to move claims the draw the rules allow: the game ends
    /// as `draw claimed: <reason>` (an undo takes it back with the last
    /// move).
    pub fn claim_draw(&mut self) -> Result<Vec<Event>, String> {
        if !self.human_to_move() {
            return Err("only the player to move may claim a draw".into());
        }
        self.cancel_search();
        self.close_turn();
        self.session.claim_draw().map_err(err)?;
        let mut events = Vec::new();
        self.after_change(&mut events);
        Ok(events)
    }

    /// The computer to move claims the draw the rules allow it, unless
    /// play is paused; true when it did. A rules plugin that fails here
    /// fails the turn that follows, which reports it.
    /// The seats of a network game are the server's to claim for.
    pub(super) fn computer_claims(&mut self, events: &mut Vec<Event>) -> bool {
        if (self.paused && !self.step) || self.outside_clock {
            return false;
        }
        match claim_for_computer(&mut self.session) {
            Ok(Some(_)) => {
                self.close_turn();
                self.after_change(events);
                true
            }
            Ok(None) | Err(_) => false,
        }
    }
}
