//! Requests to the other players (undo, draw, a new game) and their answers.

use std::sync::Arc;

use tabula_core::outcome::GameResult;
use tabula_core::records::today;
use tabula_core::session::{Chance, Session};

use super::super::catalog::Refusal;
use super::super::dice::Dice;
use super::super::limits::Limits;
use super::{internal, Room};
use crate::protocol::{ErrorCode, OfferInfo, RequestKind, ServerMsg};
use crate::store::Store;

impl Room {
    /// `seat` asks the others for `kind`. Computer seats answer at once:
    /// yes to an undo or a new game, no to a draw.
    pub fn request(&mut self, seat: u8, kind: RequestKind, store: &mut Store, limits: &Limits) -> Result<(), Refusal> {
        if self.offer.is_some() {
            return Err((ErrorCode::NoRequest, "a request is already waiting for an answer".into()));
        }
        let adds_game = self.ended() || !self.session.history().is_empty();
        if kind == RequestKind::NewGame && adds_game && self.game_number >= limits.games_per_room {
            return Err((
                ErrorCode::Invalid,
                format!("room {} has had {} games, as many as a room may: open a new room", self.id, self.game_number),
            ));
        }
        match kind {
            RequestKind::Draw => self.check_ongoing()?,
            RequestKind::Undo => {
                self.check_ongoing()?;
                if !self.session.history().iter().any(|m| m.player == seat) {
                    return Err((ErrorCode::Invalid, "you have no move to take back".into()));
                }
            }
            RequestKind::NewGame => {}
        }
        let others_human = self.stored.seats.iter().enumerate().any(|(i, s)| i != seat as usize && s.spec.is_human());
        if !others_human {
            return self.settle(seat, kind, kind != RequestKind::Draw, seat, store);
        }
        self.offer = Some(OfferInfo { seat, kind });
        self.consents.clear();
        self.broadcast(&ServerMsg::Offer { room: self.id, seat, kind });
        Ok(())
    }

    /// `seat` answers the pending request.
    pub fn answer(&mut self, seat: u8, kind: RequestKind, accept: bool, store: &mut Store) -> Result<(), Refusal> {
        let Some(offer) = self.offer else { return Err((ErrorCode::NoRequest, "no request is waiting".into())) };
        if offer.kind != kind {
            return Err((ErrorCode::NoRequest, format!("the waiting request is {}", offer.kind.word())));
        }
        if offer.seat == seat {
            return Err((ErrorCode::Invalid, "a request is answered by the other players".into()));
        }
        if accept {
            if !self.consents.contains(&seat) {
                self.consents.push(seat);
            }
            let asker = offer.seat as usize;
            let waiting = self
                .stored
                .seats
                .iter()
                .enumerate()
                .any(|(i, s)| i != asker && s.spec.is_human() && !self.consents.contains(&(i as u8)));
            if waiting {
                // With more than two players every other person must agree.
                self.broadcast(&ServerMsg::Answered { room: self.id, seat, kind, accept });
                return Ok(());
            }
        }
        self.offer = None;
        self.settle(offer.seat, kind, accept, seat, store)
    }

    pub(super) fn settle(
        &mut self,
        asker: u8,
        kind: RequestKind,
        accept: bool,
        by: u8,
        store: &mut Store,
    ) -> Result<(), Refusal> {
        self.broadcast(&ServerMsg::Answered { room: self.id, seat: by, kind, accept });
        if !accept {
            return Ok(());
        }
        match kind {
            RequestKind::Draw => self.conclude(GameResult::Draw { reason: "agreed".into() }, store),
            RequestKind::Undo => self.undo_for(asker, store),
            RequestKind::NewGame => self.new_game(store),
        }
    }

    /// Takes moves back until `seat` is to move again (at least one).
    pub(super) fn undo_for(&mut self, seat: u8, store: &mut Store) -> Result<(), Refusal> {
        let before = self.session.history().len();
        while self.session.undo().map_err(internal)? {
            if self.session.side_to_move() == seat {
                break;
            }
        }
        let keep = self.session.history().len();
        if let Err(e) = store.truncate(self.game_id, keep as u32) {
            // Put the moves back: the store still has them.
            while self.session.history().len() < before && self.session.redo().unwrap_or(false) {}
            return Err(internal(e));
        }
        self.stored_plies = self.stored_plies.min(keep);
        self.after_move.truncate(self.stored_plies);
        self.recompute_clocks();
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// Abandons the current game (if still going) and starts the next.
    pub(super) fn new_game(&mut self, store: &mut Store) -> Result<(), Refusal> {
        if !self.ended() && self.session.history().is_empty() {
            // Nothing to abandon: the game that would start is this one.
            self.broadcast_state();
            return Ok(());
        }
        let start = self.session.start_text().to_string();
        let mut fresh =
            Session::with_chance(Arc::clone(self.session.rules()), &start, Chance::External).map_err(internal)?;
        let mut dice = Dice::new(Dice::os_seed().map_err(internal)?);
        dice.roll(&mut fresh).map_err(internal)?;
        let date = today();
        let (id, number) = store.new_game(self.id, self.game_id, &start, &date, dice.seed()).map_err(internal)?;
        self.session = fresh;
        self.dice = dice;
        self.seed_unsaved = false;
        self.stored_plies = 0;
        self.game_id = id;
        self.game_number = number;
        self.agreed = None;
        self.aborted = None;
        self.away.iter_mut().flatten().for_each(|a| a.told = false);
        self.after_move.clear();
        self.recompute_clocks();
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }
}
