//! One client connection: reads bounded lines within deadlines, enforces
//! the rate limit and the `hello` handshake, validates each message and
//! acts on its room. Anything malformed ends this connection (after a
//! fatal `error` line) and touches nothing else.

use std::collections::{BTreeMap, HashSet};
use std::io::BufReader;
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Instant;

use tabula_core::records::{pgn, text, today};
use tabula_core::session::Session;

use super::catalog::Refusal;
use super::guard::Peer;
use super::outbox::{write_out, Outbox};
use super::room::{new_token, Room};
use super::{drive_computers, lock, Bucket, Shared};
use crate::link::Link;
use crate::protocol::{
    common_version, read_frame, ClientMsg, ErrorCode, ExportFormat, Frame, SeatSpec, ServerMsg, MAX_CHAT, MAX_LINE,
    MAX_NAME, PROTOCOL_VERSION, PROTOCOL_VERSIONS, VIEWS_VERSION,
};
use crate::store::{StoredGame, StoredRoom, StoredSeat};
use crate::text::check_shown;

/// The server's name in `welcome`.
const SERVER_NAME: &str = concat!("tabula ", env!("CARGO_PKG_VERSION"));
/// Rooms one `list_rooms` answer names at most.
const MAX_LISTED: usize = 500;
/// The first byte of a TLS handshake record.
const TLS_HANDSHAKE: u8 = 0x16;

/// Waits (within the hello deadline) for the first byte and wraps the
/// socket in TLS when it opens a TLS handshake and the server has a
/// certificate; `None` when the connection must be refused.
fn open_link(stream: TcpStream, shared: &Shared) -> Option<Arc<Link>> {
    let _ = stream.set_read_timeout(Some(shared.limits.hello_timeout));
    let mut first = [0u8; 1];
    let tls_hello = matches!(stream.peek(&mut first), Ok(1) if first[0] == TLS_HANDSHAKE);
    match &shared.tls {
        Some(tls) if tls_hello => {
            let session = rustls::ServerConnection::new(Arc::clone(&tls.config)).ok()?;
            Some(Link::tls(stream, rustls::Connection::Server(session)))
        }
        Some(_) if shared.tls_only => {
            let msg =
                ServerMsg::error(ErrorCode::Version, "this server takes TLS connections only (tls://HOST:PORT)", None);
            let _ = std::io::Write::write_all(&mut &stream, msg.to_line().as_bytes());
            None
        }
        _ => Some(Link::plain(stream)),
    }
}

/// Serves one connection until it closes.
pub(crate) fn serve(stream: TcpStream, shared: &Arc<Shared>, conn: u64, peer: Peer) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(shared.limits.write_timeout));
    let Some(link) = open_link(stream, shared) else { return };
    let (outbox, drain) = Outbox::new(conn, Arc::clone(&link), shared.limits.outbox_bytes);
    let writer_link = Arc::clone(&link);
    let writer = thread::Builder::new()
        .name(format!("conn {conn} writer"))
        .stack_size(256 * 1024)
        .spawn(move || write_out(drain, &writer_link));
    let Ok(writer) = writer else { return };
    let limits = &shared.limits;
    let mut client = Client { shared, outbox, peer, hello: false, version: 0, rooms: HashSet::new() };
    let mut bucket = Bucket::new(limits.rate, limits.burst);
    let mut reader = BufReader::new(link.reader());
    let mut buf = Vec::new();
    loop {
        // A whole message must arrive in time: a deadline per message, so
        // a byte now and then (slowloris) does not keep the connection.
        let wait = if client.hello { limits.idle_timeout } else { limits.hello_timeout };
        reader.get_mut().set_deadline(Some(Instant::now() + wait));
        let fatal = match read_frame(&mut reader, MAX_LINE, &mut buf) {
            Err(_) | Ok(Frame::Closed) => break,
            Ok(Frame::TooLarge) => (ErrorCode::TooLarge, format!("a line is limited to {MAX_LINE} bytes")),
            Ok(Frame::NotText) => (ErrorCode::BadMessage, "a line is not UTF-8 text".into()),
            Ok(Frame::Line(_)) if !bucket.take() => {
                (ErrorCode::RateLimit, format!("more than {} messages a second", limits.rate))
            }
            Ok(Frame::Line(line)) if line.trim().is_empty() => continue,
            Ok(Frame::Line(line)) => match serde_json::from_str::<ClientMsg>(&line) {
                Err(e) => (ErrorCode::BadMessage, format!("not a message of protocol {PROTOCOL_VERSION}: {e}")),
                Ok(msg) => match client.handle(msg) {
                    Ok(()) => continue,
                    Err(fatal) => fatal,
                },
            },
        };
        client.outbox.send(&ServerMsg::error(fatal.0, fatal.1, None));
        break;
    }
    client.close();
    drop(client);
    // The writer sends what is queued (a fatal error's line), then closes.
    let _ = writer.join();
    link.shutdown();
}

/// The state of one connection.
struct Client<'a> {
    shared: &'a Arc<Shared>,
    outbox: Outbox,
    peer: Peer,
    hello: bool,
    /// The protocol version agreed in `welcome`.
    version: u32,
    rooms: HashSet<u64>,
}

/// Refuses text others will see that is empty, too long or has invisible
/// characters, naming the field.
fn check_text(field: &str, value: &str, max: usize, empty_ok: bool) -> Result<(), Refusal> {
    check_shown(value, max, empty_ok).map_err(|e| (ErrorCode::Invalid, format!("{field}: {e}")))
}

impl Client<'_> {
    /// Acts on one message; `Err` is a fatal error that ends the connection.
    fn handle(&mut self, msg: ClientMsg) -> Result<(), Refusal> {
        if let ClientMsg::Hello { versions, .. } = &msg {
            let Some(version) = common_version(versions) else {
                return Err((
                    ErrorCode::Version,
                    format!(
                        "this server speaks protocol versions {PROTOCOL_VERSIONS:?}; the client offered {versions:?}"
                    ),
                ));
            };
            self.hello = true;
            self.version = version;
            self.outbox.version = version;
            self.outbox.send(&ServerMsg::Welcome {
                version,
                server: SERVER_NAME.into(),
                idle_timeout_ms: self.shared.limits.idle_timeout.as_millis() as u64,
            });
            return Ok(());
        }
        if !self.hello {
            return Err((ErrorCode::Version, "the first message must be hello".into()));
        }
        let room = room_of(&msg);
        if let Err((code, message)) = self.act(msg) {
            self.outbox.send(&ServerMsg::error(code, message, room));
        }
        Ok(())
    }

    fn act(&mut self, msg: ClientMsg) -> Result<(), Refusal> {
        match msg {
            ClientMsg::Hello { .. } => Ok(()),
            ClientMsg::Ping { id } => {
                self.outbox.send(&ServerMsg::Pong { id });
                Ok(())
            }
            ClientMsg::ListGames => {
                self.outbox.send(&ServerMsg::Games { games: self.shared.catalog.games().to_vec() });
                Ok(())
            }
            ClientMsg::ListRooms => {
                self.outbox.send(&ServerMsg::Rooms { rooms: self.shared.open_rooms(MAX_LISTED) });
                Ok(())
            }
            ClientMsg::Create { rules, options, seats, seat, name, clock, password, start } => {
                self.create(Create { rules, options, seats, seat, name, clock, password, start })
            }
            ClientMsg::Join { room, seat, name, password } => {
                check_text("name", &name, MAX_NAME, false)?;
                self.may_follow(room)?;
                let arc = self.shared.room(room, Some(password.as_deref()), Some(self.peer))?;
                let mut r = lock(&arc);
                self.may_see(&r)?;
                let (seat, token) = r.take_seat(seat, name.trim(), &mut lock(&self.shared.store))?;
                self.outbox.send(&ServerMsg::Joined { room, seat: Some(seat), token: Some(token) });
                r.attach(seat, &self.outbox);
                r.announce();
                r.tell_departures(&self.outbox);
                drop(r);
                self.rooms.insert(room);
                drive_computers(self.shared, &arc);
                Ok(())
            }
            ClientMsg::Resume { room, token } => {
                self.may_follow(room)?;
                let arc = self.shared.room(room, None, Some(self.peer))?;
                let mut r = lock(&arc);
                self.may_see(&r)?;
                let seat = r.seat_of(&token)?;
                self.outbox.send(&ServerMsg::Joined { room, seat: Some(seat), token: Some(token) });
                r.attach(seat, &self.outbox);
                self.outbox.send(&ServerMsg::State { state: r.state_for(Some(seat)) });
                r.tell_departures(&self.outbox);
                drop(r);
                self.rooms.insert(room);
                // A room loaded again from the database may wait for a
                // computer's move.
                drive_computers(self.shared, &arc);
                Ok(())
            }
            ClientMsg::Watch { room, password } => {
                self.may_follow(room)?;
                let arc = self.shared.room(room, Some(password.as_deref()), Some(self.peer))?;
                let mut r = lock(&arc);
                self.may_see(&r)?;
                self.outbox.send(&ServerMsg::Joined { room, seat: None, token: None });
                r.follow(&self.outbox);
                // A connection that holds a seat keeps reading its view.
                let seat = r.seat_of_conn(self.outbox.conn);
                self.outbox.send(&ServerMsg::State { state: r.state_for(seat) });
                self.rooms.insert(room);
                Ok(())
            }
            ClientMsg::Leave { room } => {
                if self.rooms.remove(&room) {
                    let arc = lock(&self.shared.rooms).get(&room).cloned();
                    if let Some(arc) = arc {
                        lock(&arc).leave(self.outbox.conn);
                    }
                }
                Ok(())
            }
            ClientMsg::Move { room, token, mv, ply } => {
                check_text("move", &mv, 64, false)?;
                self.seated(room, &token, |r, seat, store| r.play(seat, &mv, ply, store))
            }
            ClientMsg::Request { room, token, kind } => {
                if kind == crate::protocol::RequestKind::NewGame {
                    self.shared.disk_ok()?;
                }
                let limits = &self.shared.limits;
                self.seated(room, &token, |r, seat, store| r.request(seat, kind, store, limits))
            }
            ClientMsg::Answer { room, token, kind, accept } => {
                self.seated(room, &token, |r, seat, store| r.answer(seat, kind, accept, store))
            }
            ClientMsg::Resign { room, token } => self.seated(room, &token, |r, seat, store| r.resign(seat, store)),
            ClientMsg::Claim { room, token, ply } => {
                self.seated(room, &token, |r, seat, store| r.claim(seat, ply, store))
            }
            ClientMsg::Chat { room, token, text } => {
                check_text("text", &text, MAX_CHAT, false)?;
                self.seated(room, &token, |r, seat, _| r.chat(seat, text.trim()))
            }
            ClientMsg::Export { room, game, format, password } => self.export(room, game, format, password),
            ClientMsg::ClaimWin { room, token } => self.seated(room, &token, |r, seat, store| r.claim_win(seat, store)),
            ClientMsg::Abort { room, token } => self.seated(room, &token, |r, seat, store| r.abort(seat, store)),
        }
    }

    /// Runs `action` for the seat whose token is given (the connection
    /// follows the room as that seat's holder from then on), then lets a
    /// computer whose turn it now is move.
    fn seated(
        &mut self,
        room: u64,
        token: &str,
        action: impl FnOnce(&mut Room, u8, &mut crate::store::Store) -> Result<(), Refusal>,
    ) -> Result<(), Refusal> {
        if !self.rooms.contains(&room) {
            self.may_follow(room)?;
        }
        let arc = self.shared.room(room, None, Some(self.peer))?;
        let mut r = lock(&arc);
        self.may_see(&r)?;
        let seat = r.seat_of(token)?;
        if self.rooms.insert(room) || r.seat_of_conn(self.outbox.conn) != Some(seat) {
            r.attach(seat, &self.outbox);
            r.tell_departures(&self.outbox);
        }
        action(&mut r, seat, &mut lock(&self.shared.store))?;
        drop(r);
        drive_computers(self.shared, &arc);
        Ok(())
    }

    fn create(&mut self, c: Create) -> Result<(), Refusal> {
        let invalid = |m: String| (ErrorCode::Invalid, m);
        check_text("name", &c.name, MAX_NAME, false)?;
        if let Some(p) = &c.password {
            check_text("password", p, 64, false)?;
        }
        if c.start.chars().count() > 4096 || c.start.chars().any(|ch| ch.is_control() && ch != '\n') {
            return Err(invalid("start: at most 4096 characters, no control characters but line breaks".into()));
        }
        if c.options.len() > 32 {
            return Err(invalid("options: more than 32".into()));
        }
        for (k, v) in &c.options {
            check_text("option name", k, 64, false)?;
            check_text("option value", v, 64, true)?;
        }
        let shared = self.shared;
        self.may_follow(0)?;
        shared
            .guard
            .may_create(self.peer, &shared.limits, |id| shared.open(id))
            .map_err(|m| (ErrorCode::ServerFull, m))?;
        if lock(&shared.rooms).len() >= shared.limits.max_rooms {
            return Err((ErrorCode::ServerFull, "the server has no room for more rooms".into()));
        }
        shared.disk_ok()?;
        let plugin = shared.catalog.client_rules(&c.rules, &c.options)?;
        let options: Vec<(String, String)> = c.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let rules = Arc::new(plugin.new_rules(&options).map_err(|e| invalid(e.to_string()))?);
        let session = Session::new(rules, &c.start).map_err(|e| invalid(e.to_string()))?;
        if tabula_core::hidden::is_hidden(session.start_position()) {
            self.views_spoken(session.info().name.as_str())?;
        }
        let players = session.info().players.len();
        let specs = if c.seats.is_empty() { vec![SeatSpec::human(); players] } else { c.seats };
        if specs.len() != players {
            return Err(invalid(format!("{} has {players} seats, the request lists {}", c.rules, specs.len())));
        }
        for spec in specs.iter().filter(|s| !s.is_human()) {
            check_text("seat player", &spec.player, 200, false)?;
            if spec.options.len() > 16 {
                return Err(invalid("seat options: more than 16".into()));
            }
            self.shared.catalog.check_computer(spec, self.shared.limits.seat)?;
        }
        let seat = match c.seat {
            Some(s) => s as usize,
            None => specs.iter().position(SeatSpec::is_human).ok_or_else(|| invalid("no seat for a person".into()))?,
        };
        if !specs.get(seat).is_some_and(SeatSpec::is_human) {
            return Err(invalid(format!("seat {seat} is not a seat for a person")));
        }
        if c.clock.is_some_and(|k| k.initial_ms == 0 || k.initial_ms > 86_400_000 || k.increment_ms > 3_600_000) {
            return Err(invalid("clock: initial_ms from 1 to 86400000, increment_ms at most 3600000".into()));
        }
        let token = new_token().map_err(|e| (ErrorCode::Internal, e.to_string()))?;
        let seats = specs
            .into_iter()
            .enumerate()
            .map(|(i, spec)| {
                let mine = i == seat;
                StoredSeat {
                    spec,
                    name: if mine { c.name.trim().to_string() } else { String::new() },
                    token: if mine { token.clone() } else { String::new() },
                }
            })
            .collect();
        let mut stored =
            StoredRoom { id: 0, rules: c.rules, options: c.options, password: c.password, clock: c.clock, seats };
        let date = today();
        let start = session.start_text().to_string();
        let seed = super::dice::Dice::os_seed().map_err(|e| (ErrorCode::Internal, e.to_string()))?;
        let (id, game) = lock(&self.shared.store)
            .create_room(&stored, &start, &date, seed)
            .map_err(|e| (ErrorCode::Internal, e.to_string()))?;
        stored.id = id;
        let game = StoredGame {
            id: game,
            number: 1,
            start,
            result: String::new(),
            status: "playing".into(),
            date,
            moves: Vec::new(),
            clocks: None,
            seed: Some(seed),
        };
        let mut loaded = Room::load(stored, game, &self.shared.catalog, &self.shared.limits)?;
        loaded.creator = Some(self.peer);
        let room = Arc::new(Mutex::new(loaded));
        lock(&self.shared.rooms).insert(id, Arc::clone(&room));
        self.shared.guard.created(self.peer, id);
        self.rooms.insert(id);
        {
            let mut r = lock(&room);
            self.outbox.send(&ServerMsg::Joined { room: id, seat: Some(seat as u8), token: Some(token) });
            r.attach(seat as u8, &self.outbox);
            self.outbox.send(&ServerMsg::State { state: r.state_for(Some(seat as u8)) });
        }
        drive_computers(self.shared, &room);
        Ok(())
    }

    fn export(
        &mut self,
        room: u64,
        game: Option<u32>,
        format: ExportFormat,
        password: Option<String>,
    ) -> Result<(), Refusal> {
        let arc = self.shared.room(room, Some(password.as_deref()), Some(self.peer))?;
        let r = lock(&arc);
        let stored = lock(&self.shared.store).game(room, game).map_err(|e| (ErrorCode::Internal, e.to_string()))?;
        let stored = stored.ok_or_else(|| (ErrorCode::NoSuchGame, format!("room {room} has no game {game:?}")))?;
        let record = r.record_for(&stored, r.seat_of_conn(self.outbox.conn))?;
        let text = match format {
            ExportFormat::Pgn => pgn::write_game(&record),
            ExportFormat::Toml => text::write_game(&record),
        };
        self.outbox.send(&ServerMsg::Exported { room, game: stored.number, format, text });
        Ok(())
    }

    /// Refuses a room whose game hides information to a connection whose
    /// protocol version cannot carry views.
    fn may_see(&self, room: &Room) -> Result<(), Refusal> {
        if room.hidden() {
            self.views_spoken(&room.summary().title)?;
        }
        Ok(())
    }

    fn views_spoken(&self, title: &str) -> Result<(), Refusal> {
        if self.version >= VIEWS_VERSION {
            return Ok(());
        }
        Err((
            ErrorCode::Invalid,
            format!(
                "{title} hides information from its players: its rooms need protocol version {VIEWS_VERSION}, \
                 this connection speaks {}",
                self.version
            ),
        ))
    }

    /// Refuses to follow one more room than a connection may.
    fn may_follow(&self, room: u64) -> Result<(), Refusal> {
        if self.rooms.len() >= self.shared.limits.follows_per_connection && !self.rooms.contains(&room) {
            return Err((
                ErrorCode::ServerFull,
                format!("this connection follows {} rooms, as many as it may: leave one first", self.rooms.len()),
            ));
        }
        Ok(())
    }

    /// Leaves every room this connection followed.
    fn close(&mut self) {
        for id in std::mem::take(&mut self.rooms) {
            let room = lock(&self.shared.rooms).get(&id).cloned();
            if let Some(room) = room {
                lock(&room).leave(self.outbox.conn);
            }
        }
    }
}

/// The fields of a `create` message.
struct Create {
    rules: String,
    options: BTreeMap<String, String>,
    seats: Vec<SeatSpec>,
    seat: Option<u8>,
    name: String,
    clock: Option<crate::protocol::Clock>,
    password: Option<String>,
    start: String,
}

fn room_of(msg: &ClientMsg) -> Option<u64> {
    match msg {
        ClientMsg::Join { room, .. }
        | ClientMsg::Resume { room, .. }
        | ClientMsg::Watch { room, .. }
        | ClientMsg::Leave { room }
        | ClientMsg::Move { room, .. }
        | ClientMsg::Request { room, .. }
        | ClientMsg::Answer { room, .. }
        | ClientMsg::Resign { room, .. }
        | ClientMsg::Chat { room, .. }
        | ClientMsg::Export { room, .. }
        | ClientMsg::ClaimWin { room, .. }
        | ClientMsg::Abort { room, .. }
        | ClientMsg::Claim { room, .. } => Some(*room),
        _ => None,
    }
}
