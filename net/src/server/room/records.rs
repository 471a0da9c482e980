//! A room's stored games as match records, for `export`.

use std::sync::Arc;

use tabula_core::outcome::GameResult;
use tabula_core::records::GameRecord;
use tabula_core::session::{Chance, Session, CHANCE_PLAYER};

use super::super::catalog::Refusal;
use super::super::views::{self, Seat};
use super::{internal, Room};
use crate::store::StoredGame;

impl Room {
    /// A stored game of this room as `seat` (none: a spectator) may
    /// export it: the whole game, except in a game with hidden information
    /// while the room's current game goes on — then the current game, and
    /// an earlier one that began from the same start text of its own, as
    /// `seat`'s view (its moves as it may read them, its view of the start).
    pub fn record_for(&self, game: &StoredGame, seat: Seat) -> Result<GameRecord, Refusal> {
        let mut record = self.record_of(game)?;
        // An earlier game from the usual start shares nothing with this one.
        let earlier_usual = game.number != self.game_number && game.start.is_empty();
        if !self.hidden || self.ended() || earlier_usual {
            return Ok(record);
        }
        let session = self.replay(game)?;
        let moves = views::moves_for(&session, &[seat]).map_err(internal)?.pop().unwrap_or_default();
        record.standard = moves.iter().map(|m| m.standard.clone()).collect();
        record.coordinate = moves.iter().map(|m| m.coordinate.clone()).collect();
        record.start = views::start_for(&session, seat).map_err(internal)?;
        record.start_text = views::view_text(session.start_position(), seat).map_err(internal)?;
        let whose = match seat {
            Some(s) => session.info().players.get(s as usize).map(|p| p.name.to_string()).unwrap_or_default(),
            None => "a spectator".into(),
        };
        record.event = format!("{}, {whose}'s view", record.event);
        // Not the whole game: the record must not say it is.
        record.hidden = false;
        Ok(record)
    }

    /// The moves of a stored game played again, as given.
    pub(super) fn replay(&self, game: &StoredGame) -> Result<Session, Refusal> {
        let rules = Arc::clone(self.session.rules());
        // Replayed as given: the record carries the rolls, never the seed.
        let mut session = Session::with_chance(rules, &game.start, Chance::External).map_err(internal)?;
        for m in &game.moves {
            if m.player == CHANCE_PLAYER {
                session.play_chance_text(&m.coordinate).map_err(internal)?;
            } else {
                session.play_text(&m.coordinate).map_err(internal)?;
            }
        }
        Ok(session)
    }

    /// A stored game of this room as a whole match record.
    pub(super) fn record_of(&self, game: &StoredGame) -> Result<GameRecord, Refusal> {
        let session = self.replay(game)?;
        let info = session.info().clone();
        let result = match GameResult::parse(&game.result, &info) {
            Ok(Some(r)) => r,
            _ => session.result().map_err(internal)?.unwrap_or(GameResult::Draw { reason: "unfinished".into() }),
        };
        Ok(GameRecord {
            event: format!("Tabula room {}", self.id),
            site: "tabula serve".into(),
            date: game.date.clone(),
            round: game.number,
            game: info.name.to_string(),
            players: (0..self.stored.seats.len() as u8).map(|s| self.seat_name(s)).collect(),
            start: game.start.clone(),
            start_text: session.start_position().to_text().into_result().map(|t| t.to_string()).unwrap_or_default(),
            first_mover: session.start_position().side_to_move(),
            standard: session.history().iter().map(|m| m.standard.clone()).collect(),
            coordinate: session.history().iter().map(|m| m.coordinate.clone()).collect(),
            result_text: result.describe(&info),
            result,
            time_ms: 0,
            movers: session.history().iter().map(|m| m.player).collect(),
            seed: None,
            hidden: tabula_core::hidden::is_hidden(session.position()),
        })
    }
}
