//! The seats of a room and their tokens.

use std::time::Instant;

use super::super::catalog::Refusal;
use super::{internal, new_token, same, Room};
use crate::protocol::ErrorCode;
use crate::store::Store;

impl Room {
    /// The seat whose token this is.
    pub fn seat_of(&self, token: &str) -> Result<u8, Refusal> {
        let found =
            self.stored.seats.iter().position(|s| !s.token.is_empty() && same(s.token.as_bytes(), token.as_bytes()));
        found
            .map(|i| i as u8)
            .ok_or((ErrorCode::BadToken, format!("that is not the token of a seat of room {}", self.id)))
    }

    /// Gives seat `seat` (or the first free one) to `name`, with a fresh
    /// token, stored before it is returned.
    pub fn take_seat(&mut self, seat: Option<u8>, name: &str, store: &mut Store) -> Result<(u8, String), Refusal> {
        let free = |s: &crate::store::StoredSeat| s.spec.is_human() && s.token.is_empty();
        let index = match seat {
            Some(i) => {
                let s = self.stored.seats.get(i as usize).ok_or((ErrorCode::Invalid, format!("no seat {i}")))?;
                if !free(s) {
                    return Err((ErrorCode::SeatTaken, format!("seat {i} is taken")));
                }
                i as usize
            }
            None => {
                self.stored.seats.iter().position(free).ok_or((ErrorCode::SeatTaken, "no seat is free".to_string()))?
            }
        };
        let token = new_token().map_err(internal)?;
        store.set_seat(self.id, index as u8, name, &token).map_err(internal)?;
        let was_full = self.full();
        let s = &mut self.stored.seats[index];
        s.name = name.to_string();
        s.token = token.clone();
        if !was_full && self.full() {
            // The clocks start when the last player arrives, and so does
            // the grace of a player who left before the game began.
            self.turn_started = Instant::now();
            self.restart_grace();
        }
        Ok((index as u8, token))
    }
}
