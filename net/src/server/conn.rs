//! One client connection: reads bounded lines, enforces the rate limit and
//! the `hello` handshake, validates each message and acts on its room.
//! Anything malformed ends this connection (after a fatal `error` line)
//! and touches nothing else.

use std::collections::{BTreeMap, HashSet};
use std::io::{BufReader, BufWriter, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Instant;

use tabula_core::records::{pgn, text, today};
use tabula_core::session::Session;

use super::catalog::{Refusal, MAX_COMPUTER_MS};
use super::room::{new_token, Outbox, Room};
use super::{drive_computers, lock, Shared};
use crate::protocol::{
    read_frame, ClientMsg, ErrorCode, ExportFormat, Frame, SeatSpec, ServerMsg, MAX_CHAT, MAX_LINE, MAX_NAME,
    PROTOCOL_VERSION,
};
use crate::store::{StoredGame, StoredRoom, StoredSeat};

/// The server's name in `welcome`.
const SERVER_NAME: &str = concat!("tabula ", env!("CARGO_PKG_VERSION"));
/// Rooms one `list_rooms` answer names at most.
const MAX_LISTED: usize = 500;

/// Token bucket: `rate` messages per second, `burst` at once.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Serves one connection until it closes.
pub(crate) fn serve(stream: TcpStream, shared: &Arc<Shared>, conn: u64) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_read_timeout(Some(shared.limits.idle_timeout));
    let stream = Arc::new(stream);
    let (tx, rx) = sync_channel::<Arc<str>>(shared.limits.outbox);
    let writer_stream = Arc::clone(&stream);
    let writer = thread::Builder::new().name(format!("conn {conn} writer")).spawn(move || {
        let mut out = BufWriter::new(&*writer_stream);
        'lines: while let Ok(line) = rx.recv() {
            if out.write_all(line.as_bytes()).is_err() {
                break;
            }
            while let Ok(more) = rx.try_recv() {
                if out.write_all(more.as_bytes()).is_err() {
                    break 'lines;
                }
            }
            if out.flush().is_err() {
                break;
            }
        }
        let _ = out.flush();
        let _ = writer_stream.shutdown(Shutdown::Both);
    });
    let Ok(writer) = writer else { return };
    let limits = &shared.limits;
    let mut client = Client {
        shared,
        outbox: Outbox::new(conn, tx, Arc::clone(&stream)),
        hello: false,
        rooms: HashSet::new(),
        created: 0,
    };
    let mut bucket = Bucket { tokens: limits.burst, last: Instant::now(), rate: limits.rate, burst: limits.burst };
    let mut reader = BufReader::new(&*stream);
    let mut buf = Vec::new();
    loop {
        let fatal = match read_frame(&mut reader, MAX_LINE, &mut buf) {
            Err(_) | Ok(Frame::Closed) => break,
            Ok(Frame::TooLarge) => (ErrorCode::TooLarge, format!("a line is limited to {MAX_LINE} bytes")),
            Ok(Frame::NotText) => (ErrorCode::BadMessage, "a line is not UTF-8 text".into()),
            Ok(Frame::Line(line)) if !bucket.take() => {
                let _ = line;
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
    let _ = writer.join();
}

/// The state of one connection.
struct Client<'a> {
    shared: &'a Arc<Shared>,
    outbox: Outbox,
    hello: bool,
    rooms: HashSet<u64>,
    created: usize,
}

/// Refuses text with control characters or over `max` characters.
fn check_text(field: &str, value: &str, max: usize, empty_ok: bool) -> Result<(), Refusal> {
    let invalid = |why: &str| Err((ErrorCode::Invalid, format!("{field}: {why}")));
    if !empty_ok && value.trim().is_empty() {
        return invalid("empty");
    }
    if value.chars().count() > max {
        return invalid(&format!("longer than {max} characters"));
    }
    if value.chars().any(char::is_control) {
        return invalid("control characters");
    }
    Ok(())
}

impl Client<'_> {
    /// Acts on one message; `Err` is a fatal error that ends the connection.
    fn handle(&mut self, msg: ClientMsg) -> Result<(), Refusal> {
        if let ClientMsg::Hello { versions, .. } = &msg {
            if !versions.contains(&PROTOCOL_VERSION) {
                return Err((
                    ErrorCode::Version,
                    format!("this server speaks protocol version {PROTOCOL_VERSION}; the client offered {versions:?}"),
                ));
            }
            self.hello = true;
            self.outbox.send(&ServerMsg::Welcome {
                version: PROTOCOL_VERSION,
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
                let arc = self.shared.room(room)?;
                let mut r = lock(&arc);
                r.check_password(password.as_deref())?;
                let (seat, token) = r.take_seat(seat, name.trim(), &mut lock(&self.shared.store))?;
                self.outbox.send(&ServerMsg::Joined { room, seat: Some(seat), token: Some(token) });
                r.attach(seat, &self.outbox);
                r.announce();
                drop(r);
                self.rooms.insert(room);
                drive_computers(self.shared, &arc);
                Ok(())
            }
            ClientMsg::Resume { room, token } => {
                let arc = self.shared.room(room)?;
                let mut r = lock(&arc);
                let seat = r.seat_of(&token)?;
                self.outbox.send(&ServerMsg::Joined { room, seat: Some(seat), token: Some(token) });
                r.attach(seat, &self.outbox);
                self.outbox.send(&ServerMsg::State { state: r.state() });
                drop(r);
                self.rooms.insert(room);
                // A room loaded again from the database may wait for a
                // computer's move.
                drive_computers(self.shared, &arc);
                Ok(())
            }
            ClientMsg::Watch { room, password } => {
                let arc = self.shared.room(room)?;
                let mut r = lock(&arc);
                r.check_password(password.as_deref())?;
                self.outbox.send(&ServerMsg::Joined { room, seat: None, token: None });
                r.follow(&self.outbox);
                self.outbox.send(&ServerMsg::State { state: r.state() });
                self.rooms.insert(room);
                Ok(())
            }
            ClientMsg::Leave { room } => {
                if self.rooms.remove(&room) {
                    let arc = self.shared.room(room)?;
                    lock(&arc).leave(self.outbox.conn);
                }
                Ok(())
            }
            ClientMsg::Move { room, token, mv, ply } => {
                check_text("move", &mv, 64, false)?;
                self.seated(room, &token, |r, seat, store| r.play(seat, &mv, ply, store))
            }
            ClientMsg::Request { room, token, kind } => {
                self.seated(room, &token, |r, seat, store| r.request(seat, kind, store))
            }
            ClientMsg::Answer { room, token, kind, accept } => {
                self.seated(room, &token, |r, seat, store| r.answer(seat, kind, accept, store))
            }
            ClientMsg::Resign { room, token } => self.seated(room, &token, |r, seat, store| r.resign(seat, store)),
            ClientMsg::Chat { room, token, text } => {
                check_text("text", &text, MAX_CHAT, false)?;
                self.seated(room, &token, |r, seat, _| {
                    r.chat(seat, text.trim());
                    Ok(())
                })
            }
            ClientMsg::Export { room, game, format, password } => self.export(room, game, format, password),
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
        let arc = self.shared.room(room)?;
        let mut r = lock(&arc);
        let seat = r.seat_of(token)?;
        if self.rooms.insert(room) {
            r.attach(seat, &self.outbox);
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
        check_text("start", &c.start, 4096, true)?;
        if c.options.len() > 32 {
            return Err(invalid("options: more than 32".into()));
        }
        for (k, v) in &c.options {
            check_text("option name", k, 64, false)?;
            check_text("option value", v, 256, true)?;
        }
        if self.created >= self.shared.limits.rooms_per_connection {
            return Err((ErrorCode::ServerFull, "this connection has created as many rooms as it may".into()));
        }
        if lock(&self.shared.rooms).len() >= self.shared.limits.max_rooms {
            return Err((ErrorCode::ServerFull, "the server has no room for more rooms".into()));
        }
        let plugin = self.shared.catalog.rules(&c.rules)?;
        let options: Vec<(String, String)> = c.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let rules = Arc::new(plugin.new_rules(&options).map_err(|e| invalid(e.to_string()))?);
        let session = Session::new(rules, &c.start).map_err(|e| invalid(e.to_string()))?;
        let players = session.info().players.len();
        let specs = if c.seats.is_empty() { vec![SeatSpec::human(); players] } else { c.seats };
        if specs.len() != players {
            return Err(invalid(format!("{} has {players} seats, the request lists {}", c.rules, specs.len())));
        }
        for spec in specs.iter().filter(|s| !s.is_human()) {
            check_text("seat player", &spec.player, 200, false)?;
            if spec.time_ms.is_some_and(|t| t == 0 || t > MAX_COMPUTER_MS) {
                return Err(invalid(format!("a computer's time_ms is from 1 to {MAX_COMPUTER_MS}")));
            }
            self.shared.catalog.computer_kind(spec)?;
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
        let (id, game) = lock(&self.shared.store)
            .create_room(&stored, &start, &date)
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
        };
        let room = Arc::new(Mutex::new(Room::load(stored, game, &self.shared.catalog)?));
        lock(&self.shared.rooms).insert(id, Arc::clone(&room));
        self.created += 1;
        self.rooms.insert(id);
        {
            let mut r = lock(&room);
            self.outbox.send(&ServerMsg::Joined { room: id, seat: Some(seat as u8), token: Some(token) });
            r.attach(seat as u8, &self.outbox);
            self.outbox.send(&ServerMsg::State { state: r.state() });
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
        let arc = self.shared.room(room)?;
        let r = lock(&arc);
        r.check_password(password.as_deref())?;
        let stored = lock(&self.shared.store).game(room, game).map_err(|e| (ErrorCode::Internal, e.to_string()))?;
        let stored = stored.ok_or_else(|| (ErrorCode::NoSuchGame, format!("room {room} has no game {game:?}")))?;
        let record = r.record_of(&stored)?;
        let text = match format {
            ExportFormat::Pgn => pgn::write_game(&record),
            ExportFormat::Toml => text::write_game(&record),
        };
        self.outbox.send(&ServerMsg::Exported { room, game: stored.number, format, text });
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
        | ClientMsg::Export { room, .. } => Some(*room),
        _ => None,
    }
}
