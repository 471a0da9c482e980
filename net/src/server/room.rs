//! One room: its current game (a core [`Session`] judged by the rules
//! plugin), its seats and their tokens, the server-kept clocks, a pending
//! request, and everyone following it. Every change is written to the
//! store before anyone hears of it.

use std::sync::Arc;
use std::time::Instant;

use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::plugins::LoadedPlugin;
use tabula_core::records::{today, GameRecord};
use tabula_core::session::{Chance, Session, CHANCE_PLAYER};

use super::catalog::{Catalog, Refusal};
use super::dice::Dice;
use super::guard::Peer;
use super::limits::Limits;
use super::outbox::Outbox;
use super::views::{self, Seat};
use super::Bucket;
use crate::protocol::{
    Clock, ErrorCode, MoveInfo, OfferInfo, RequestKind, ResultInfo, RoomState, RoomSummary, SeatInfo, SeatSpec,
    ServerMsg, ViewInfo,
};
use crate::store::{Store, StoredClocks, StoredGame, StoredMove, StoredRoom};

fn internal(e: impl std::fmt::Display) -> Refusal {
    (ErrorCode::Internal, e.to_string())
}

/// A connection following a room, and the seat whose view it reads.
struct Follower {
    outbox: Outbox,
    seat: Seat,
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
    /// The rules plugin and its options (computer players are built from
    /// them for each search, so an idle room holds no search memory).
    plugin: LoadedPlugin,
    options: Vec<(String, String)>,
    /// Whether a computer's search runs or waits its turn.
    pub thinking: bool,
    /// Bumped by every change that makes a running search moot.
    pub epoch: u64,
    offer: Option<OfferInfo>,
    /// The seats that have accepted the pending request: it is granted
    /// once every other person has.
    consents: Vec<u8>,
    followers: Vec<Follower>,
    /// The game hides information: every follower gets lines of its own
    /// (docs/NETWORK.md, "Games with hidden information").
    hidden: bool,
    /// When the room last had a follower (for eviction).
    pub last_seen: Instant,
    /// Chat allowance per seat, whatever connections the seat uses.
    chat: Vec<Bucket>,
    /// Who created the room (counted against that address's rooms).
    pub creator: Option<Peer>,
    /// Where the current game's chance moves come from.
    dice: Dice,
    /// Whether the store lacks the dice's seed (a game stored before
    /// seeds were): it is stored with the next moves.
    seed_unsaved: bool,
    /// How many moves of the current game the store holds: the rolls at
    /// the start of a game are stored with its first move (a restored room
    /// draws them again from the seed, the same).
    stored_plies: usize,
}

impl Room {
    /// Builds a room from its stored form and its latest game, replaying
    /// the moves through the rules plugin.
    pub fn load(stored: StoredRoom, game: StoredGame, catalog: &Catalog, limits: &Limits) -> Result<Room, Refusal> {
        // Stored options came from a client: they are held to the same
        // rules as a new room's (a path stored by an older server is refused).
        let plugin = catalog.client_rules(&stored.rules, &stored.options)?;
        let options: Vec<(String, String)> = stored.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let rules = Arc::new(plugin.new_rules(&options).map_err(|e| (ErrorCode::Invalid, e.to_string()))?);
        let mut session = Session::with_chance(rules, &game.start, Chance::External)
            .map_err(|e| (ErrorCode::Invalid, e.to_string()))?;
        let (seed, seed_unsaved) = match game.seed {
            Some(seed) => (seed, false),
            None => (Dice::os_seed().map_err(internal)?, true),
        };
        let mut dice = Dice::new(seed);
        for (i, m) in game.moves.iter().enumerate() {
            let fail = |e: String| internal(format!("room {}, move {}: {e}", stored.id, i + 1));
            if m.player == CHANCE_PLAYER {
                dice.learn(&session).map_err(fail)?;
                session.play_chance_text(&m.coordinate).map_err(|e| fail(e.to_string()))?;
            } else {
                session.play_text(&m.coordinate).map_err(|e| fail(e.to_string()))?;
            }
        }
        let mut agreed = None;
        if !game.result.is_empty() && session.result().map_err(internal)?.is_none() {
            match GameResult::parse(&game.result, session.info()) {
                Ok(Some(GameResult::Forfeit { loser, cause, reason })) => session.forfeit(loser, cause, reason),
                Ok(Some(other)) => agreed = Some(other),
                _ => {}
            }
        }
        if agreed.is_none() && game.status == "playing" {
            // The rolls after the last stored move (the start's, or those a
            // stop interrupted): the same as before, from the same seed.
            dice.roll(&mut session).map_err(|e| internal(format!("room {}: rolling: {e}", stored.id)))?;
        }
        if stored.seats.len() != session.info().players.len() {
            let players = session.info().players.len();
            return Err(internal(format!("room {}: {} seats for a game of {players}", stored.id, stored.seats.len())));
        }
        for seat in stored.seats.iter().filter(|s| !s.spec.is_human()) {
            catalog.computer_kind(&seat.spec)?;
        }
        let n = stored.seats.len();
        let stored_clocks = game.clocks.filter(|c| c.ply as usize == game.moves.len() && c.clocks.len() == n);
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
            plugin,
            options,
            thinking: false,
            epoch: 0,
            offer: None,
            consents: Vec::new(),
            followers: Vec::new(),
            hidden: false,
            last_seen: Instant::now(),
            chat: vec![Bucket::new(limits.chat_rate, limits.chat_burst); n],
            creator: None,
            dice,
            seed_unsaved,
            stored_plies: game.moves.len(),
            stored,
        };
        room.hidden = tabula_core::hidden::is_hidden(room.session.start_position());
        room.recompute_clocks();
        if let (Some(c), Some(_)) = (stored_clocks, room.clock()) {
            room.remaining = c.clocks;
        }
        Ok(room)
    }

    /// The room's password, if any.
    pub fn password(&self) -> Option<&str> {
        self.stored.password.as_deref()
    }

    /// Whether the password `given` opens the room.
    pub fn password_opens(&self, given: Option<&str>) -> bool {
        match self.stored.password.as_deref() {
            None => true,
            Some(p) => given.is_some_and(|g| same(g.as_bytes(), p.as_bytes())),
        }
    }

    /// The seat a computer plays in, if `seat` is one.
    pub fn computer_seat(&self, seat: usize) -> Option<SeatSpec> {
        self.stored.seats.get(seat).filter(|s| !s.spec.is_human()).map(|s| s.spec.clone())
    }

    /// The rules plugin and its options (for building computer players).
    pub fn table(&self) -> (&LoadedPlugin, &[(String, String)]) {
        (&self.plugin, &self.options)
    }

    /// Whether a person holds a seat through a connection now.
    pub fn anyone_connected(&self) -> bool {
        self.holders.iter().any(Option::is_some)
    }

    /// The clocks to keep when the room leaves memory with its game going
    /// on (they stop while it is away, and go on when it is loaded again).
    pub fn clocks_to_keep(&self) -> Option<(i64, StoredClocks)> {
        let clocks = self.clocks_now()?;
        self.result()
            .is_none()
            .then(|| (self.game_id, StoredClocks { ply: self.session.history().len() as u32, clocks }))
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
        let n = self.stored.seats.len();
        Some(ResultInfo { text: r.describe(self.session.info()), winner: r.winner(n), places: r.places(n) })
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
            places: self.result().map(|r| r.places(self.stored.seats.len())).unwrap_or_default(),
        }
    }

    /// Everything about the room's current game.
    pub fn state(&self) -> RoomState {
        let moves = self
            .session
            .history()
            .iter()
            .map(|m| MoveInfo::new(m.coordinate.clone(), m.standard.clone(), m.player))
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
            view: None,
        }
    }

    /// Whether the game hides information from its players.
    pub fn hidden(&self) -> bool {
        self.hidden
    }

    /// The room's game as `seat` (none: a spectator) may read it: in a game
    /// with hidden information its view until the game ends, the whole
    /// truth after; in any other game, [`Room::state`].
    pub fn state_for(&self, seat: Seat) -> RoomState {
        let mut state = self.state();
        if !self.hidden {
            return state;
        }
        let full = self.result().is_some();
        state.view = Some(ViewInfo { seat, full });
        if full {
            return state;
        }
        let view = || -> Result<_, rules_api::PluginError> {
            let moves = views::moves_for(&self.session, &[seat])?.pop().unwrap_or_default();
            Ok((views::start_for(&self.session, seat)?, moves, views::view_text(self.session.position(), seat)?))
        };
        // On a failure of the rules nothing is sent rather than the truth.
        let (start, moves, position) = view().unwrap_or_else(|e| {
            eprintln!("tabula serve: room {}: writing a view: {e}", self.id);
            (String::new(), Vec::new(), String::new())
        });
        (state.start, state.moves, state.position) = (start, moves, position);
        state
    }

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

    fn broadcast_state(&self) {
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
    fn tell_moves_hidden(&self, from: usize, result: Option<ResultInfo>) {
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
                if self.result().is_some() {
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

    /// Ends the game as `result` now (a computer that cannot be seated).
    pub fn forfeit_now(&mut self, result: GameResult, store: &mut Store) -> Result<(), Refusal> {
        self.conclude(result, store)
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
        if let Some(f) = self.followers.iter_mut().find(|f| f.outbox.conn == outbox.conn) {
            f.seat = Some(seat);
        }
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
        if let Err(e) = self.session.play_text(text) {
            if self.dice.is_roll(text) {
                return Err((
                    ErrorCode::IllegalMove,
                    format!("'{}' is a roll of the dice: the server rolls every die, send your own move", text.trim()),
                ));
            }
            let why = if self.hidden { views::illegal_move(text) } else { e.to_string() };
            return Err((ErrorCode::IllegalMove, why));
        }
        self.record_move(store)
    }

    /// Rolls the dice after a move just made on the session (a person's
    /// or a computer's), then stores and announces the move and the rolls;
    /// on a failure the move is taken back.
    pub fn record_move(&mut self, store: &mut Store) -> Result<(), Refusal> {
        let rolled = self.dice.roll(&mut self.session);
        let from = self.stored_plies;
        let mut left = None;
        let mut moves = Vec::new();
        for m in &self.session.history()[from..] {
            let mut remaining_ms = 0;
            if let (Some(clock), false) = (self.clock(), m.is_chance()) {
                let used = self.turn_started.elapsed().as_millis() as u64;
                let side = m.player as usize;
                remaining_ms = self.remaining[side].saturating_sub(used) + clock.increment_ms;
                left = Some((side, remaining_ms));
            }
            let (coordinate, standard) = (m.coordinate.clone(), m.standard.clone());
            moves.push(StoredMove { coordinate, standard, player: m.player, remaining_ms });
        }
        let result = self.result_info();
        let seed = self.seed_unsaved.then(|| self.dice.seed());
        let saved = rolled.map_err(internal).and_then(|_| {
            store
                .add_moves(self.game_id, from as u32, &moves, result.as_ref().map(|r| r.text.as_str()), seed)
                .map_err(internal)
        });
        if let Err(e) = saved {
            let _ = self.session.undo();
            return Err(e);
        }
        self.seed_unsaved = false;
        if let Some((side, ms)) = left {
            self.remaining[side] = ms;
        }
        self.after_move.extend(moves.iter().map(|m| m.remaining_ms));
        self.stored_plies = self.session.history().len();
        self.turn_started = Instant::now();
        self.offer = None;
        self.epoch += 1;
        if self.hidden {
            self.tell_moves_hidden(from, result);
            return Ok(());
        }
        let last = moves.len().saturating_sub(1);
        for (i, m) in moves.into_iter().enumerate() {
            let mv = MoveInfo::new(m.coordinate, m.standard, m.player);
            let ply = (from + i) as u32;
            let result = if i == last { result.clone() } else { None };
            self.broadcast(&ServerMsg::Moved { room: self.id, ply, mv, clocks: self.clocks_now(), result, view: None });
        }
        Ok(())
    }

    /// Ends the game as `result` (stored first) and tells everyone.
    fn conclude(&mut self, result: GameResult, store: &mut Store) -> Result<(), Refusal> {
        let text = result.describe(self.session.info());
        // The clocks stop now: read them while the game still runs.
        let stopped = self.clocks_now();
        let kept = stopped.clone().map(|clocks| StoredClocks { ply: self.session.history().len() as u32, clocks });
        store.finish(self.game_id, &text, kept.as_ref()).map_err(internal)?;
        if let GameResult::Forfeit { loser, cause, reason } = result {
            self.session.forfeit(loser, cause, reason);
        } else {
            self.agreed = Some(result);
        }
        if let Some(r) = stopped {
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
        store.finish(self.game_id, &result.describe(self.session.info()), None).map_err(internal)?;
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
    pub fn request(&mut self, seat: u8, kind: RequestKind, store: &mut Store, limits: &Limits) -> Result<(), Refusal> {
        if self.offer.is_some() {
            return Err((ErrorCode::NoRequest, "a request is already waiting for an answer".into()));
        }
        let adds_game = self.result().is_some() || !self.session.history().is_empty();
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
        self.stored_plies = self.stored_plies.min(keep);
        self.after_move.truncate(self.stored_plies);
        self.recompute_clocks();
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// Abandons the current game (if still going) and starts the next.
    fn new_game(&mut self, store: &mut Store) -> Result<(), Refusal> {
        if self.result().is_none() && self.session.history().is_empty() {
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
        self.after_move.clear();
        self.recompute_clocks();
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
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

    /// Access for the computer-turn driver.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// A stored game of this room as `seat` (none: a spectator) may
    /// export it: the whole game, except in a game with hidden information
    /// while the room's current game goes on — then the current game, and
    /// an earlier one that began from the same start text of its own, as
    /// `seat`'s view (its moves as it may read them, its view of the start).
    pub fn record_for(&self, game: &StoredGame, seat: Seat) -> Result<GameRecord, Refusal> {
        let mut record = self.record_of(game)?;
        let current = game.number == self.game_number;
        if !self.hidden || self.result().is_some() || !(current || !game.start.is_empty()) {
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
    fn replay(&self, game: &StoredGame) -> Result<Session, Refusal> {
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
    fn record_of(&self, game: &StoredGame) -> Result<GameRecord, Refusal> {
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

/// Compares two secrets in time independent of where they differ.
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// 128 random bits from the operating system, as 32 hex digits.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
