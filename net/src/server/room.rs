//! One room: its current game (a core [`Session`] judged by the rules
//! plugin), its seats and their tokens, the server-kept clocks, a pending
//! request, and everyone following it. Every change is written to the
//! store before anyone hears of it.

use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::Arc;
use std::time::Instant;

use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::players::ComputerPlayer;
use tabula_core::records::{today, GameRecord};
use tabula_core::session::{PlayedMove, Session};

use super::catalog::{Catalog, Refusal};
use crate::protocol::{
    Clock, ErrorCode, MoveInfo, OfferInfo, RequestKind, ResultInfo, RoomState, RoomSummary, SeatInfo, ServerMsg,
};
use crate::store::{Store, StoredGame, StoredMove, StoredRoom};

/// Where a connection's outgoing lines go: a bounded queue drained by its
/// writer thread. A client too slow to drain it is cut off rather than
/// allowed to hold the server's memory.
#[derive(Clone)]
pub struct Outbox {
    /// The connection's number.
    pub conn: u64,
    tx: SyncSender<Arc<str>>,
    stream: Arc<std::net::TcpStream>,
}

impl Outbox {
    /// An outbox feeding `tx`; `stream` is shut down when the queue overflows.
    pub fn new(conn: u64, tx: SyncSender<Arc<str>>, stream: Arc<std::net::TcpStream>) -> Outbox {
        Outbox { conn, tx, stream }
    }

    /// Queues a line (never blocks).
    pub fn send_line(&self, line: Arc<str>) {
        if let Err(TrySendError::Full(_)) = self.tx.try_send(line) {
            let _ = self.stream.shutdown(std::net::Shutdown::Both);
        }
    }

    /// Queues a message.
    pub fn send(&self, msg: &ServerMsg) {
        self.send_line(msg.to_line().into());
    }
}

fn internal(e: impl std::fmt::Display) -> Refusal {
    (ErrorCode::Internal, e.to_string())
}

/// A room in memory.
pub struct Room {
    /// Its number.
    pub id: u64,
    stored: StoredRoom,
    session: Session,
    game_id: i64,
    game_number: u32,
    /// A result the rules did not decide and the session cannot hold (a
    /// draw by agreement).
    agreed: Option<GameResult>,
    /// Time left per seat when the current turn began.
    remaining: Vec<u64>,
    /// The mover's time left after each move, by ply.
    after_move: Vec<u64>,
    turn_started: Instant,
    holders: Vec<Option<u64>>,
    /// Computer players, taken out while one of them searches.
    pub computers: Vec<Option<Box<dyn ComputerPlayer>>>,
    /// Whether a computer's search runs.
    pub thinking: bool,
    /// Bumped by every change that makes a running search moot.
    pub epoch: u64,
    offer: Option<OfferInfo>,
    followers: Vec<Outbox>,
    /// When the room last had a follower (for eviction).
    pub last_seen: Instant,
}

impl Room {
    /// Builds a room from its stored form and its latest game, replaying
    /// the moves through the rules plugin.
    pub fn load(stored: StoredRoom, game: StoredGame, catalog: &Catalog) -> Result<Room, Refusal> {
        let plugin = catalog.rules(&stored.rules)?;
        let options: Vec<(String, String)> = stored.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let rules = Arc::new(plugin.new_rules(&options).map_err(|e| (ErrorCode::Invalid, e.to_string()))?);
        let mut session = Session::new(rules, &game.start).map_err(|e| (ErrorCode::Invalid, e.to_string()))?;
        for (i, m) in game.moves.iter().enumerate() {
            session
                .play_text(&m.coordinate)
                .map_err(|e| internal(format!("room {}, move {}: {e}", stored.id, i + 1)))?;
        }
        let mut agreed = None;
        if !game.result.is_empty() && session.result().map_err(internal)?.is_none() {
            match GameResult::parse(&game.result, session.info()) {
                Ok(Some(GameResult::Forfeit { loser, cause, reason })) => session.forfeit(loser, cause, reason),
                Ok(Some(other)) => agreed = Some(other),
                _ => {}
            }
        }
        let mut computers = Vec::new();
        for seat in &stored.seats {
            computers.push(if seat.spec.is_human() {
                None
            } else {
                Some(catalog.computer(&seat.spec, &plugin, &options)?)
            });
        }
        let n = stored.seats.len();
        let mut room = Room {
            id: stored.id,
            session,
            game_id: game.id,
            game_number: game.number,
            agreed,
            remaining: Vec::new(),
            after_move: game.moves.iter().map(|m| m.remaining_ms).collect(),
            turn_started: Instant::now(),
            holders: vec![None; n],
            computers,
            thinking: false,
            epoch: 0,
            offer: None,
            followers: Vec::new(),
            last_seen: Instant::now(),
            stored,
        };
        room.recompute_clocks();
        Ok(room)
    }

    /// The room's password, if any.
    pub fn password(&self) -> Option<&str> {
        self.stored.password.as_deref()
    }

    /// Whether the password `given` opens the room.
    pub fn check_password(&self, given: Option<&str>) -> Result<(), Refusal> {
        match self.password() {
            Some(p) if Some(p) != given => Err((ErrorCode::Password, "this room needs its password".into())),
            _ => Ok(()),
        }
    }

    /// How the current game ended, if it has.
    pub fn result(&self) -> Option<GameResult> {
        self.agreed.clone().or_else(|| self.session.result().ok().flatten())
    }

    /// Whether every seat has a player (only then do clocks run and moves count).
    pub fn full(&self) -> bool {
        self.stored.seats.iter().all(|s| !s.spec.is_human() || !s.token.is_empty())
    }

    /// Whether nobody follows the room and no computer thinks in it.
    pub fn idle(&self) -> bool {
        self.followers.is_empty() && !self.thinking
    }

    /// Whether no clock runs in the room: it has none, or its seats wait
    /// for players.
    pub fn clock_stopped(&self) -> bool {
        self.stored.clock.is_none() || !self.full()
    }

    fn clock(&self) -> Option<Clock> {
        self.stored.clock
    }

    /// Sets each seat's time from the moves played: the time left after
    /// its last move, or the starting time.
    fn recompute_clocks(&mut self) {
        let Some(clock) = self.clock() else { return };
        self.remaining = vec![clock.initial_ms; self.stored.seats.len()];
        for (m, left) in self.session.history().iter().zip(&self.after_move) {
            if let Some(r) = self.remaining.get_mut(m.player as usize) {
                *r = *left;
            }
        }
        self.turn_started = Instant::now();
    }

    fn running(&self) -> bool {
        self.clock().is_some() && self.full() && self.result().is_none()
    }

    /// Time left per seat now.
    fn clocks_now(&self) -> Option<Vec<u64>> {
        self.clock()?;
        let mut out = self.remaining.clone();
        if self.running() {
            let side = self.session.side_to_move() as usize;
            let used = self.turn_started.elapsed().as_millis() as u64;
            if let Some(r) = out.get_mut(side) {
                *r = r.saturating_sub(used);
            }
        }
        Some(out)
    }

    fn result_info(&self) -> Option<ResultInfo> {
        let r = self.result()?;
        Some(ResultInfo { text: r.describe(self.session.info()), winner: r.winner(self.stored.seats.len()) })
    }

    /// The room as listed.
    pub fn summary(&self) -> RoomSummary {
        let seats = self
            .stored
            .seats
            .iter()
            .zip(&self.holders)
            .map(|(s, holder)| {
                let human = s.spec.is_human();
                SeatInfo {
                    name: if human { s.name.clone() } else { s.spec.player.clone() },
                    player: s.spec.player.clone(),
                    taken: !human || !s.token.is_empty(),
                    connected: !human || holder.is_some(),
                }
            })
            .collect();
        RoomSummary {
            room: self.id,
            rules: self.stored.rules.clone(),
            title: self.session.info().name.to_string(),
            options: self.stored.options.clone(),
            seats,
            ply: self.session.history().len() as u32,
            finished: self.result().is_some(),
            password: self.stored.password.is_some(),
            clock: self.clock(),
        }
    }

    /// Everything about the room's current game.
    pub fn state(&self) -> RoomState {
        let moves = self
            .session
            .history()
            .iter()
            .map(|m| MoveInfo { coordinate: m.coordinate.clone(), standard: m.standard.clone(), player: m.player })
            .collect();
        RoomState {
            summary: self.summary(),
            game: self.game_number,
            start: self.session.start_text().to_string(),
            moves,
            position: self.session.position().to_text().into_result().map(|t| t.to_string()).unwrap_or_default(),
            to_move: self.session.side_to_move(),
            clocks: self.clocks_now(),
            result: self.result_info(),
            offer: self.offer,
        }
    }

    /// Sends a message to everyone following the room.
    pub fn broadcast(&self, msg: &ServerMsg) {
        let line: Arc<str> = msg.to_line().into();
        for f in &self.followers {
            f.send_line(Arc::clone(&line));
        }
    }

    fn broadcast_state(&self) {
        self.broadcast(&ServerMsg::State { state: self.state() });
    }

    /// Adds a follower (once per connection).
    pub fn follow(&mut self, outbox: &Outbox) {
        if !self.followers.iter().any(|f| f.conn == outbox.conn) {
            self.followers.push(outbox.clone());
        }
        self.last_seen = Instant::now();
    }

    /// Removes a connection: it stops following, and the seats it held
    /// show as disconnected.
    pub fn leave(&mut self, conn: u64) {
        self.followers.retain(|f| f.conn != conn);
        for seat in 0..self.holders.len() {
            if self.holders[seat] == Some(conn) {
                self.holders[seat] = None;
                self.broadcast(&ServerMsg::Presence { room: self.id, seat: seat as u8, connected: false });
            }
        }
        self.last_seen = Instant::now();
    }

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
            // The clocks start when the last player arrives.
            self.turn_started = Instant::now();
        }
        Ok((index as u8, token))
    }

    /// Marks `seat` as held by connection `conn`, which follows the room.
    pub fn attach(&mut self, seat: u8, outbox: &Outbox) {
        self.follow(outbox);
        if let Some(h) = self.holders.get_mut(seat as usize) {
            *h = Some(outbox.conn);
        }
        self.broadcast(&ServerMsg::Presence { room: self.id, seat, connected: true });
    }

    /// Sends the whole state to everyone (after a seat was taken, say).
    pub fn announce(&self) {
        self.broadcast_state();
    }

    /// Plays a person's move given as text at ply `ply`.
    pub fn play(&mut self, seat: u8, text: &str, ply: u32, store: &mut Store) -> Result<(), Refusal> {
        self.check_ongoing()?;
        if !self.full() {
            return Err((ErrorCode::NotYourTurn, "the game starts when every seat is taken".into()));
        }
        if self.session.side_to_move() != seat {
            return Err((ErrorCode::NotYourTurn, format!("it is seat {}'s turn", self.session.side_to_move())));
        }
        let played = self.session.history().len() as u32;
        if ply != played {
            return Err((ErrorCode::Stale, format!("the game has {played} moves, the move was meant for {ply}")));
        }
        if self.flag_fell(store)? {
            return Err((ErrorCode::GameOver, "your time ran out".into()));
        }
        let m = self.session.play_text(text).map_err(|e| (ErrorCode::IllegalMove, e.to_string()))?.clone();
        self.record_move(m, store)
    }

    /// Stores and announces a move just made on the session (a person's
    /// or a computer's); on a storage failure the move is taken back.
    pub fn record_move(&mut self, m: PlayedMove, store: &mut Store) -> Result<(), Refusal> {
        let side = m.player as usize;
        let mut left = 0;
        if let Some(clock) = self.clock() {
            let used = self.turn_started.elapsed().as_millis() as u64;
            left = self.remaining[side].saturating_sub(used) + clock.increment_ms;
        }
        let ply = self.session.history().len() as u32 - 1;
        let stored = StoredMove {
            coordinate: m.coordinate.clone(),
            standard: m.standard.clone(),
            player: m.player,
            remaining_ms: left,
        };
        let result = self.result_info();
        let saved = match &result {
            Some(r) => store.add_final_move(self.game_id, ply, &stored, &r.text),
            None => store.add_move(self.game_id, ply, &stored),
        };
        if let Err(e) = saved {
            let _ = self.session.undo();
            return Err(internal(e));
        }
        if self.clock().is_some() {
            self.remaining[side] = left;
        }
        self.after_move.push(left);
        self.turn_started = Instant::now();
        self.offer = None;
        self.epoch += 1;
        let mv = MoveInfo { coordinate: m.coordinate, standard: m.standard, player: m.player };
        self.broadcast(&ServerMsg::Moved { room: self.id, ply, mv, clocks: self.clocks_now(), result });
        Ok(())
    }

    /// Ends the game as `result` (stored first) and tells everyone.
    fn conclude(&mut self, result: GameResult, store: &mut Store) -> Result<(), Refusal> {
        let text = result.describe(self.session.info());
        store.finish(self.game_id, &text).map_err(internal)?;
        if let GameResult::Forfeit { loser, cause, reason } = result {
            self.session.forfeit(loser, cause, reason);
        } else {
            self.agreed = Some(result);
        }
        if let (Some(_), Some(r)) = (self.clock(), self.clocks_now()) {
            self.remaining = r;
        }
        self.offer = None;
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// Whether the mover's time is up (cheap: no storage).
    pub fn flag_due(&self) -> bool {
        self.running()
            && self.clocks_now().and_then(|c| c.get(self.session.side_to_move() as usize).copied()) == Some(0)
    }

    /// Stores a forfeit the turn driver has already recorded on the
    /// session (a computer that failed) and tells everyone.
    pub fn store_forfeit(&mut self, result: GameResult, store: &mut Store) -> Result<(), Refusal> {
        store.finish(self.game_id, &result.describe(self.session.info())).map_err(internal)?;
        self.offer = None;
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// Ends the game on time if the mover's flag has fallen; true if so.
    pub fn flag_fell(&mut self, store: &mut Store) -> Result<bool, Refusal> {
        if !self.flag_due() {
            return Ok(false);
        }
        let side = self.session.side_to_move();
        let reason = format!("{} ran out of time", self.seat_name(side));
        self.conclude(GameResult::Forfeit { loser: side, cause: ForfeitCause::Time, reason }, store)?;
        Ok(true)
    }

    fn seat_name(&self, seat: u8) -> String {
        let s = &self.stored.seats[seat as usize];
        if s.spec.is_human() {
            s.name.clone()
        } else {
            s.spec.player.clone()
        }
    }

    fn check_ongoing(&self) -> Result<(), Refusal> {
        match self.result() {
            Some(r) => Err((ErrorCode::GameOver, format!("the game is over: {}", r.describe(self.session.info())))),
            None => Ok(()),
        }
    }

    /// `seat` gives up.
    pub fn resign(&mut self, seat: u8, store: &mut Store) -> Result<(), Refusal> {
        self.check_ongoing()?;
        let reason = format!("{} resigned", self.seat_name(seat));
        self.conclude(GameResult::Forfeit { loser: seat, cause: ForfeitCause::Resignation, reason }, store)
    }

    /// `seat` asks the others for `kind`. Computer seats answer at once:
    /// yes to an undo or a new game, no to a draw.
    pub fn request(&mut self, seat: u8, kind: RequestKind, store: &mut Store) -> Result<(), Refusal> {
        if self.offer.is_some() {
            return Err((ErrorCode::NoRequest, "a request is already waiting for an answer".into()));
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
        self.offer = None;
        self.settle(offer.seat, kind, accept, seat, store)
    }

    fn settle(&mut self, asker: u8, kind: RequestKind, accept: bool, by: u8, store: &mut Store) -> Result<(), Refusal> {
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
    fn undo_for(&mut self, seat: u8, store: &mut Store) -> Result<(), Refusal> {
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
        self.after_move.truncate(keep);
        self.recompute_clocks();
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// Abandons the current game (if still going) and starts the next.
    fn new_game(&mut self, store: &mut Store) -> Result<(), Refusal> {
        let start = self.session.start_text().to_string();
        let fresh = Session::new(Arc::clone(self.session.rules()), &start).map_err(internal)?;
        let date = today();
        let (id, number) = store.new_game(self.id, self.game_id, &start, &date).map_err(internal)?;
        self.session = fresh;
        self.game_id = id;
        self.game_number = number;
        self.agreed = None;
        self.after_move.clear();
        self.recompute_clocks();
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// A chat line from `seat`.
    pub fn chat(&self, seat: u8, text: &str) {
        self.broadcast(&ServerMsg::Chat { room: self.id, seat, name: self.seat_name(seat), text: text.to_string() });
    }

    /// Access for the computer-turn driver.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// A stored game of this room as a match record, for export.
    pub fn record_of(&self, game: &StoredGame) -> Result<GameRecord, Refusal> {
        let rules = Arc::clone(self.session.rules());
        let mut session = Session::new(rules, &game.start).map_err(internal)?;
        for m in &game.moves {
            session.play_text(&m.coordinate).map_err(internal)?;
        }
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

/// Compares two tokens in time independent of where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// 128 random bits from the operating system, as 32 hex digits.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
