//! Everyone following a room, and what they are told: each follower reads
//! its seat's view of a game with hidden information, everyone the same
//! lines in any other game.

use std::sync::Arc;
use std::time::Instant;

use super::super::catalog::Refusal;
use super::super::outbox::Outbox;
use super::super::views::{self, Seat};
use super::super::Bucket;
use super::{Follower, Room};
use crate::protocol::{ErrorCode, ResultInfo, ServerMsg};

impl Room {
    /// The seat whose view connection `conn` reads in this room.
    pub fn seat_of_conn(&self, conn: u64) -> Seat {
        self.followers.iter().find(|f| f.outbox.conn == conn).and_then(|f| f.seat)
    }

    /// Sends a message to everyone following the room (a message that
    /// holds nothing hidden: presence, offers, answers, chat).
    pub fn broadcast(&self, msg: &ServerMsg) {
        let line: Arc<str> = msg.to_line().into();
        for f in &self.followers {
            f.outbox.send_line(Arc::clone(&line));
        }
    }

    /// Sends a message to everyone following the room whose connection
    /// speaks protocol `version` or later.
    pub(super) fn broadcast_from(&self, version: u32, msg: &ServerMsg) {
        let line: Arc<str> = msg.to_line().into();
        for f in self.followers.iter().filter(|f| f.outbox.version >= version) {
            f.outbox.send_line(Arc::clone(&line));
        }
    }

    pub(super) fn broadcast_state(&self) {
        if !self.hidden {
            return self.broadcast(&ServerMsg::State { state: self.state() });
        }
        for f in &self.followers {
            f.outbox.send(&ServerMsg::State { state: self.state_for(f.seat) });
        }
    }

    /// Tells each follower of a game with hidden information the moves
    /// from ply `from` on as its seat may read them, each with its view of
    /// the position after it; once the game has ended, the whole truth.
    pub(super) fn tell_moves_hidden(&self, from: usize, result: Option<ResultInfo>) {
        let seats: Vec<Seat> = self.followers.iter().map(|f| f.seat).collect();
        let lines = || -> Result<Vec<Vec<ServerMsg>>, rules_api::PluginError> {
            let mut out = vec![Vec::new(); seats.len()];
            let mut position = views::position_at(&self.session, from)?;
            let history = &self.session.history()[from..];
            for (i, played) in history.iter().enumerate() {
                let before = position.clone();
                let mv = played.mv;
                tabula_core::watchdog::watch("make_move", || rules_api::PositionExt::play(&mut position, mv))?;
                let result = if i + 1 == history.len() { result.clone() } else { None };
                for (lines, &seat) in out.iter_mut().zip(&seats) {
                    lines.push(ServerMsg::Moved {
                        room: self.id,
                        ply: (from + i) as u32,
                        mv: views::move_for(&before, &position, played, seat)?,
                        clocks: self.clocks_now(),
                        result: result.clone(),
                        view: Some(views::view_text(&position, seat)?),
                    });
                }
            }
            Ok(out)
        };
        match lines() {
            Ok(lines) => {
                for (f, lines) in self.followers.iter().zip(lines) {
                    lines.iter().for_each(|line| f.outbox.send(line));
                }
                if self.ended() {
                    self.broadcast_state();
                }
            }
            Err(e) => {
                eprintln!("tabula serve: room {}: writing the views of a move: {e}", self.id);
                self.broadcast_state();
            }
        }
    }

    /// Adds a follower (once per connection); a new one reads the
    /// spectator's view until it acts for a seat.
    pub fn follow(&mut self, outbox: &Outbox) {
        if !self.followers.iter().any(|f| f.outbox.conn == outbox.conn) {
            self.followers.push(Follower { outbox: outbox.clone(), seat: None });
        }
        self.last_seen = Instant::now();
    }

    /// Forgets every follower (the room leaves memory).
    pub fn leave_all(&mut self) {
        self.followers.clear();
        self.holders.iter_mut().for_each(|h| *h = None);
    }

    /// Removes a connection: it stops following, and the seats it held
    /// show as disconnected.
    pub fn leave(&mut self, conn: u64) {
        self.followers.retain(|f| f.outbox.conn != conn);
        for seat in 0..self.holders.len() {
            if self.holders[seat] == Some(conn) {
                self.holders[seat] = None;
                self.broadcast(&ServerMsg::Presence { room: self.id, seat: seat as u8, connected: false });
                self.departed(seat);
            }
        }
        self.last_seen = Instant::now();
    }

    /// Marks `seat` as held by connection `conn`, which follows the room.
    pub fn attach(&mut self, seat: u8, outbox: &Outbox) {
        self.follow(outbox);
        if let Some(f) = self.followers.iter_mut().find(|f| f.outbox.conn == outbox.conn) {
            f.seat = Some(seat);
        }
        if let Some(h) = self.holders.get_mut(seat as usize) {
            *h = Some(outbox.conn);
        }
        self.returned(seat as usize);
        self.broadcast(&ServerMsg::Presence { room: self.id, seat, connected: true });
    }

    /// Sends the whole state to everyone (after a seat was taken, say).
    pub fn announce(&self) {
        self.broadcast_state();
    }

    /// A chat line from `seat`, within the seat's allowance (shared by
    /// every connection that uses the seat's token).
    pub fn chat(&mut self, seat: u8, text: &str) -> Result<(), Refusal> {
        if !self.chat.get_mut(seat as usize).is_some_and(Bucket::take) {
            return Err((ErrorCode::Invalid, "chat: this seat is saying too much too fast; wait a moment".into()));
        }
        self.broadcast(&ServerMsg::Chat { room: self.id, seat, name: self.seat_name(seat), text: text.to_string() });
        Ok(())
    }
}
