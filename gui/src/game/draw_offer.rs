//! A draw offered to the computer.
//!
//! The computer answers from its own evaluation: a second instance of the
//! very player in its seat (same strategy or engine, options and limits)
//! searches the position as it stands, the person to move. The score of
//! that search is from the person's view; the computer's is its negation.
//! It accepts when its score is at most [`ACCEPT_AT_MOST`] (about equal,
//! or worse for it), else declines. An accepted draw ends the game as a
//! draw by agreement (an undo takes it back, like a resignation).

use tabula_core::outcome::GameResult;
use tabula_core::players::{ComputerPlayer, Search, SearchOutcome};

use super::open::Seater;
use super::{Event, Game};

/// The highest score (the computer's view, in the strategy's units: a
/// hundredth of a pawn in chess) at which the computer accepts a draw: a
/// third of a pawn is "about equal".
pub const ACCEPT_AT_MOST: i32 = 30;

/// What the game reports when the computer has answered.
pub const AGREED: &str = "draw by agreement";

/// A draw offer the computer is thinking about.
pub struct DrawOffer {
    search: Search,
    player: Box<dyn ComputerPlayer>,
    /// The ply it was offered at (a move or an undo since voids it).
    ply: usize,
}

impl Game {
    /// The seat of the computer a draw can be offered to: two players,
    /// one a person whose turn it is, the other a computer.
    pub fn draw_offer_seat(&self) -> Option<usize> {
        if self.seats.len() != 2 || !self.human_to_move() || self.outside_clock {
            return None;
        }
        let side = self.session.side_to_move() as usize;
        Some(1 - side).filter(|&c| self.is_computer(c))
    }

    /// Whether the computer is weighing a draw offer.
    pub fn draw_offer_pending(&self) -> bool {
        self.draw_offer.is_some()
    }

    /// Offers the computer a draw; its answer comes from [`Game::tick`].
    pub fn offer_draw(&mut self) -> Result<(), String> {
        let side = self.draw_offer_seat().ok_or("a draw can be offered to the computer on your turn")?;
        let config = self.config.players.get(side).ok_or("no such seat")?.clone();
        let seat = Seater::new(&self.config, &self.extra_dirs)?.seat(&config)?;
        let mut player = seat.player.ok_or("that seat is not a computer")?;
        let search = player.start_turn(&self.session);
        self.draw_offer = Some(DrawOffer { search, player, ply: self.session.history().len() });
        Ok(())
    }

    /// The computer's answer, once its search is done: the game ends in a
    /// draw by agreement, or it declines (with its score).
    pub(super) fn tick_draw_offer(&mut self, events: &mut Vec<Event>) {
        let Some(offer) = self.draw_offer.as_mut() else { return };
        let Some(outcome) = offer.search.poll(|_| {}).cloned() else { return };
        let Some(mut offer) = self.draw_offer.take() else { return };
        offer.player.end_turn(&outcome);
        if offer.ply != self.session.history().len() || self.is_over() {
            return;
        }
        let SearchOutcome::Answered(result) = outcome else {
            events.push(Event::DrawAnswer { accepted: false, score: None });
            return;
        };
        let score = result.score.saturating_neg();
        let accepted = score <= ACCEPT_AT_MOST;
        events.push(Event::DrawAnswer { accepted, score: Some(score) });
        if accepted {
            self.close_turn();
            self.session.conclude(GameResult::Draw { reason: AGREED.into() });
            self.after_change(events);
        }
    }
}
