//! Network play in the window: the game lives on a `tabula serve`, the
//! window shows it and sends this seat's moves and requests.
//!
//! The other seats are remote players: computer players whose "search"
//! ends when the server reports their move, so the opponent's moves reach
//! the board through the core's turn driver with the usual sounds and
//! marks. Undo and new game become requests the opponent answers; hints
//! are off; a lost connection is shown and retried, and the seat is taken
//! back with its token, so the game goes on where it stopped.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{channel, Receiver, Sender as Tx};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rules_api::{Move, RVec, SearchLimits, SearchResult};
use sdl2::render::RenderTarget;
use tabula_core::config::{Config, PlayerConfig, Record};
use tabula_core::outcome::GameResult;
use tabula_core::players::{ComputerPlayer, Search, SearchEvent, SearchOutcome};
use tabula_core::session::Session;
use tabula_core::source::PlayerSource;
use tabula_net::client::{ClientError, Connection, Dial, Sender};
use tabula_net::link::Security;
use tabula_net::protocol::{ClientMsg, Clock, OfferInfo, RequestKind, RoomState, SeatSpec, ServerMsg, HUMAN};
use tabula_net::text::printable;

use crate::controls::{Action, Hits, Look};
use crate::fonts::Style;
use crate::game::Game;
use crate::layout::Area;
use crate::paint::{Anchor, Painter};
use crate::widgets::button;
use crate::{theme, GuiError};

/// What the window connects to and does first.
#[derive(Clone, Debug, Default)]
pub struct NetOptions {
    /// `host:port` of the server.
    pub addr: String,
    /// This player's name.
    pub name: String,
    /// Join (or, with `token`, resume) this room.
    pub room: Option<u64>,
    /// The seat's token, to take it back.
    pub token: Option<String>,
    /// Open a room for this rules plugin instead.
    pub create: Option<String>,
    /// Its rules options.
    pub options: Vec<(String, String)>,
    /// The seat to take.
    pub seat: Option<u8>,
    /// A computer for the other seats (when creating).
    pub vs: Option<String>,
    /// The time control (when creating).
    pub clock: Option<Clock>,
    /// The room's password.
    pub password: Option<String>,
    /// A position text to start from (when creating; empty: the usual start).
    pub start: String,
    /// The server certificate's expected fingerprint (TLS); without it the
    /// first certificate met is remembered and later ones must match.
    pub fingerprint: Option<String>,
}

impl NetOptions {
    fn dial(&self) -> Dial {
        Dial { fingerprint: self.fingerprint.clone(), ..Dial::default() }
    }
}

/// Hands the opponent's moves to the turn driver.
#[derive(Default)]
struct Slot {
    pending: VecDeque<Move>,
    waiting: Option<Tx<SearchEvent>>,
}

/// A seat played from elsewhere: its turn ends when the server says what it played.
struct RemotePlayer {
    slot: Arc<Mutex<Slot>>,
}

fn answer(best: Move) -> SearchEvent {
    SearchEvent::Finished(Ok(SearchResult { best, score: 0, depth: 0, nodes: 0, pv: RVec::new() }))
}

impl ComputerPlayer for RemotePlayer {
    fn label(&self) -> String {
        "network".into()
    }
    fn turn_limits(&self) -> SearchLimits {
        SearchLimits { time_ms: 0, depth: 0, nodes: 0, max_time_ms: 0 }
    }
    fn set_limits(&mut self, _limits: SearchLimits) {}
    fn start_turn(&mut self, _session: &Session) -> Search {
        let (tx, rx) = channel();
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        match slot.pending.pop_front() {
            Some(m) => {
                let _ = tx.send(answer(m));
            }
            None => slot.waiting = Some(tx),
        }
        Search::from_events(rx, Arc::new(AtomicBool::new(false)), 0)
    }
    fn end_turn(&mut self, _outcome: &SearchOutcome) {}
}

enum NetEvent {
    Msg(Box<ServerMsg>),
    Lost(String),
    Back(Sender),
}

/// The connection's state, for the status line.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// Talking to the server.
    Up,
    /// The connection dropped at this moment; reconnecting.
    Down(Instant),
}

/// What [`Net::poll`] asks the window to do.
pub enum Change {
    /// Show this game instead (a whole state arrived).
    Replace(Box<Game>),
    /// Show a message (an error when true).
    Say(String, bool),
}

/// A network game's link to its server.
pub struct Net {
    options: NetOptions,
    extra_dirs: Vec<PathBuf>,
    sender: Option<Sender>,
    events: Receiver<NetEvent>,
    events_tx: Tx<NetEvent>,
    room: u64,
    /// This window's seat.
    pub seat: u8,
    token: String,
    slot: Arc<Mutex<Slot>>,
    /// The connection's state.
    pub link: Link,
    /// A request waiting for this seat's answer.
    pub offer: Option<OfferInfo>,
    /// Chat lines, oldest first (a few).
    pub chat: VecDeque<String>,
    /// The chat line being typed.
    pub typing: Option<String>,
    /// Time left per seat and when it was measured.
    clocks: Option<(Vec<u64>, Instant)>,
    /// Seat names.
    pub names: Vec<String>,
    /// Whether each seat's holder is connected.
    pub connected: Vec<bool>,
    /// What the status line says while online (default: the server's address).
    pub status: Option<String>,
    /// Whether the connection is encrypted, and the server certificate's
    /// fingerprint (shown in full the first time it is met).
    pub security: Security,
}

fn seat_and_token(msg: &ServerMsg) -> Option<(u64, u8, String)> {
    match msg {
        ServerMsg::Joined { room, seat: Some(s), token: Some(t) } => Some((*room, *s, t.clone())),
        _ => None,
    }
}

impl Net {
    /// Connects, takes a seat as `options` say and builds the game from
    /// the server's state (blocks for at most a few seconds).
    pub fn start(options: NetOptions, extra_dirs: &[PathBuf]) -> Result<(Net, Game), String> {
        let fail = |e: ClientError| format!("{}: {e}", options.addr);
        let client = concat!("tabula-window ", env!("CARGO_PKG_VERSION"));
        let mut conn = Connection::dial(&options.addr, client, &options.dial()).map_err(fail)?;
        conn.set_timeout(Some(Duration::from_secs(10))).map_err(fail)?;
        conn.send(&first_message(&options)).map_err(fail)?;
        let security = conn.security().clone();
        let (room, seat, token) = conn.wait_for(seat_and_token).map_err(fail)?;
        let state = conn
            .wait_for(|m| if let ServerMsg::State { state } = m { Some(state.clone()) } else { None })
            .map_err(fail)?;
        let (events_tx, events) = channel();
        let sender = forward(conn, &events_tx).map_err(fail)?;
        let mut net = Net {
            options,
            extra_dirs: extra_dirs.to_vec(),
            sender: Some(sender),
            events,
            events_tx,
            room,
            seat,
            token,
            slot: Arc::default(),
            link: Link::Up,
            offer: None,
            chat: VecDeque::new(),
            typing: None,
            clocks: None,
            names: Vec::new(),
            connected: Vec::new(),
            status: None,
            security,
        };
        let game = net.game_from(&state)?;
        Ok((net, game))
    }

    /// The game a state describes, with the other seats remote.
    fn game_from(&mut self, state: &RoomState) -> Result<Game, String> {
        let players = state.summary.seats.iter().map(|s| PlayerConfig::human(&s.name)).collect();
        let options: Vec<(String, String)> =
            state.summary.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut config = Config::for_match(&state.summary.rules, &options, players);
        let moves = state.moves.iter().map(|m| m.coordinate.clone()).collect();
        config.record = Some(Record { start: state.start.clone(), moves, ..Record::default() });
        let mut game = Game::open(config, &format!("room {} on {}", self.room, self.options.addr), &self.extra_dirs)?;
        if let Some(r) = &state.result {
            if let Ok(Some(result)) = GameResult::parse(&r.text, game.session.info()) {
                game.session.conclude(result);
            }
        }
        self.slot = Arc::default();
        self.names = state.summary.seats.iter().map(|s| printable(&s.name, false)).collect();
        for (i, seat) in game.seats.iter_mut().enumerate() {
            if i != self.seat as usize {
                seat.player = Some(Box::new(RemotePlayer { slot: Arc::clone(&self.slot) }));
            }
            // A computer the server seats reads as one ("Computer (hard)"),
            // not as a person named after its level; it plays on the server.
            let Some(info) = state.summary.seats.get(i).filter(|s| s.player != HUMAN) else { continue };
            let source = PlayerSource::parse_entry(&info.player);
            if info.name == info.player {
                seat.name = crate::messages::seat_label(&source);
                self.names[i] = seat.name.clone();
            }
            if let Some(config) = game.config.players.get_mut(i) {
                config.name = seat.name.clone();
                config.source = source;
            }
        }
        self.offer = state.offer.filter(|o| o.seat != self.seat);
        self.clocks = state.clocks.clone().map(|c| (c, Instant::now()));
        self.connected = state.summary.seats.iter().map(|s| s.connected).collect();
        Ok(game)
    }

    fn send(&mut self, msg: ClientMsg) {
        let sent = self.sender.as_mut().map(|s| s.send(&msg));
        if !matches!(sent, Some(Ok(()))) && self.link == Link::Up {
            self.lost("the message could not be sent".into());
        }
    }

    /// Tells the server about the move this seat just played on `game`.
    pub fn played(&mut self, game: &Game) {
        let history = game.session.history();
        if let Some(last) = history.last() {
            let ply = history.len() as u32 - 1;
            self.send(ClientMsg::Move { room: self.room, token: self.token.clone(), mv: last.coordinate.clone(), ply });
        }
    }

    /// Asks the opponent for an undo, a new game or a draw.
    pub fn request(&mut self, kind: RequestKind) {
        self.send(ClientMsg::Request { room: self.room, token: self.token.clone(), kind });
    }

    /// Answers the opponent's request.
    pub fn answer(&mut self, accept: bool) {
        if let Some(o) = self.offer.take() {
            self.send(ClientMsg::Answer { room: self.room, token: self.token.clone(), kind: o.kind, accept });
        }
    }

    /// Gives the game up.
    pub fn resign(&mut self) {
        self.send(ClientMsg::Resign { room: self.room, token: self.token.clone() });
    }

    /// Starts typing a chat line, or sends the one typed.
    pub fn chat_key(&mut self) {
        match self.typing.take() {
            None => self.typing = Some(String::new()),
            Some(text) if !text.trim().is_empty() => {
                self.send(ClientMsg::Chat { room: self.room, token: self.token.clone(), text: text.trim().to_string() })
            }
            Some(_) => {}
        }
    }

    fn lost(&mut self, why: String) {
        self.sender = None;
        self.link = Link::Down(Instant::now());
        self.say_chat(format!("connection lost ({why}); reconnecting"));
        let (options, tx, room, token) = (self.options.clone(), self.events_tx.clone(), self.room, self.token.clone());
        thread::spawn(move || reconnect(&options, &tx, room, &token));
    }

    fn say_chat(&mut self, line: String) {
        self.chat.push_back(line);
        while self.chat.len() > 4 {
            self.chat.pop_front();
        }
    }

    /// Takes in what the server said since the last frame.
    pub fn poll(&mut self, game: &Game) -> Vec<Change> {
        let mut changes = Vec::new();
        while let Ok(event) = self.events.try_recv() {
            match event {
                NetEvent::Lost(why) => {
                    if self.link == Link::Up {
                        self.lost(why);
                    }
                }
                NetEvent::Back(sender) => {
                    self.sender = Some(sender);
                    self.link = Link::Up;
                    self.say_chat("reconnected".into());
                }
                NetEvent::Msg(msg) => self.message(*msg, game, &mut changes),
            }
        }
        changes
    }

    fn message(&mut self, msg: ServerMsg, game: &Game, changes: &mut Vec<Change>) {
        match msg {
            ServerMsg::State { state } => match self.game_from(&state) {
                Ok(g) => changes.push(Change::Replace(Box::new(g))),
                Err(e) => changes.push(Change::Say(e, true)),
            },
            ServerMsg::Moved { ply, mv, clocks, .. } => {
                self.clocks = clocks.map(|c| (c, Instant::now()));
                let have = game.session.history().len() as u32;
                if mv.player == self.seat && ply < have {
                    return;
                }
                let parsed = (ply == have).then(|| game.session.parse_move(&mv.coordinate).ok()).flatten();
                match parsed {
                    Some(m) => {
                        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
                        match slot.waiting.take() {
                            Some(tx) if tx.send(answer(m)).is_ok() => {}
                            _ => slot.pending.push_back(m),
                        }
                    }
                    // Out of step: ask for the whole state again.
                    None => self.send(ClientMsg::Resume { room: self.room, token: self.token.clone() }),
                }
            }
            ServerMsg::Offer { seat, kind, .. } if seat != self.seat => {
                self.offer = Some(OfferInfo { seat, kind });
            }
            ServerMsg::Offer { kind, .. } => self.say_chat(format!("you asked {}", words(kind))),
            ServerMsg::Answered { seat, kind, accept, .. } => {
                self.offer = None;
                if seat != self.seat {
                    let verb = if accept { "accepts" } else { "declines" };
                    changes.push(Change::Say(format!("{} {verb} {}", self.name(seat), noun(kind)), false));
                }
            }
            ServerMsg::Presence { seat, connected, .. } => {
                if let Some(c) = self.connected.get_mut(seat as usize) {
                    *c = connected;
                }
                let free = !self.names.get(seat as usize).is_some_and(|n| !n.is_empty());
                if seat != self.seat && free && connected {
                    self.say_chat("A player joined".into());
                } else if seat != self.seat {
                    let line = if connected { "is back" } else { "lost the connection" };
                    self.say_chat(format!("{} {line}", self.name(seat)));
                }
            }
            ServerMsg::Chat { name, text, .. } => {
                self.say_chat(format!("{}: {}", printable(&name, false), printable(&text, false)))
            }
            ServerMsg::Error { message, .. } => {
                changes.push(Change::Say(format!("server: {}", printable(&message, false)), true));
                // A refused move or request: show the server's view again.
                self.send(ClientMsg::Resume { room: self.room, token: self.token.clone() });
            }
            _ => {}
        }
    }

    fn name(&self, seat: u8) -> String {
        match self.names.get(seat as usize) {
            Some(name) if !name.is_empty() => name.clone(),
            _ => "Your opponent".into(),
        }
    }

    /// Time left for `seat` now, by the server's clock.
    pub fn clock(&self, seat: usize, to_move: usize, over: bool) -> Option<Duration> {
        let (clocks, at) = self.clocks.as_ref()?;
        let left = *clocks.get(seat)?;
        let used = if seat == to_move && !over { at.elapsed().as_millis() as u64 } else { 0 };
        Some(Duration::from_millis(left.saturating_sub(used)))
    }
}

/// What a request asks, after "asks" / "asked".
fn words(kind: RequestKind) -> &'static str {
    match kind {
        RequestKind::Undo => "to take back",
        RequestKind::NewGame => "for a new game",
        RequestKind::Draw => "for a draw",
    }
}

/// The request as a thing accepted or declined.
fn noun(kind: RequestKind) -> &'static str {
    match kind {
        RequestKind::Undo => "the take-back",
        RequestKind::NewGame => "the new game",
        RequestKind::Draw => "the draw",
    }
}

fn first_message(o: &NetOptions) -> ClientMsg {
    let password = o.password.clone();
    if let Some(rules) = &o.create {
        let mine = o.seat.unwrap_or(0) as usize;
        let seats = match &o.vs {
            Some(vs) => (0..2)
                .map(|i| {
                    if i == mine {
                        SeatSpec::human()
                    } else {
                        SeatSpec { player: vs.clone(), time_ms: None, options: Default::default() }
                    }
                })
                .collect(),
            None => Vec::new(),
        };
        return ClientMsg::Create {
            rules: rules.clone(),
            options: o.options.iter().cloned().collect(),
            seats,
            seat: o.seat,
            name: o.name.clone(),
            clock: o.clock,
            password,
            start: o.start.clone(),
        };
    }
    let room = o.room.unwrap_or(0);
    match &o.token {
        Some(token) => ClientMsg::Resume { room, token: token.clone() },
        None => ClientMsg::Join { room, seat: o.seat, name: o.name.clone(), password },
    }
}

/// Reads the connection on a thread, forwarding messages; pings so the
/// server does not close a quiet connection.
fn forward(conn: Connection, tx: &Tx<NetEvent>) -> Result<Sender, ClientError> {
    let every = conn.idle_timeout() / 3;
    let (sender, rx) = conn.split()?;
    let mut pinger = sender.try_clone()?;
    let tx = tx.clone();
    thread::spawn(move || {
        for msg in rx {
            let event = match msg {
                Ok(m) => NetEvent::Msg(Box::new(m)),
                Err(e) => NetEvent::Lost(e.to_string()),
            };
            let end = matches!(event, NetEvent::Lost(_));
            if tx.send(event).is_err() || end {
                break;
            }
        }
    });
    thread::spawn(move || loop {
        thread::sleep(every);
        if pinger.send(&ClientMsg::Ping { id: 0 }).is_err() {
            break;
        }
    });
    Ok(sender)
}

/// Tries the server every second until it answers, then takes the seat back.
fn reconnect(options: &NetOptions, tx: &Tx<NetEvent>, room: u64, token: &str) {
    loop {
        thread::sleep(Duration::from_secs(1));
        let Ok(mut conn) = Connection::dial(&options.addr, "tabula-window", &options.dial()) else { continue };
        if conn.send(&ClientMsg::Resume { room, token: token.to_string() }).is_err() {
            continue;
        }
        let Ok(sender) = forward(conn, tx) else { continue };
        let _ = tx.send(NetEvent::Back(sender));
        return;
    }
}

/// The connection's protection for the status line: the fingerprint in
/// full when the certificate is met for the first time (for the player to
/// compare with what the host says), shortened after that.
pub fn security_line(s: &Security) -> String {
    match (&s.tls, &s.fingerprint) {
        (Some(_), Some(f)) if s.first_use => format!("encrypted; new certificate SHA-256 {f} (remembered)"),
        (Some(_), Some(f)) => format!("encrypted; certificate {}…", &f[..f.len().min(23)]),
        (Some(_), None) => "encrypted".into(),
        _ => "not encrypted".into(),
    }
}

fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// The network strip under the board: who plays, the server's clocks, the
/// connection, the chat, the opponent's request and the buttons.
pub fn draw_strip<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    net: &Net,
    game: &Game,
    area: Area,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    p.fill_rect(area.x, area.y, area.w, area.h, theme::PANEL)?;
    let px = (area.h / 7.0).clamp(11.0, 15.0);
    let (x, mut y) = (area.x + px, area.y + px * 0.6);
    let to_move = game.session.side_to_move() as usize;
    let over = game.is_over();
    let seats: Vec<String> = (0..net.names.len())
        .map(|i| {
            let you = if i == net.seat as usize { " (you)" } else { "" };
            let free = net.names[i].is_empty();
            let away = if net.connected.get(i) == Some(&false) && !free { " — away" } else { "" };
            let clock = net.clock(i, to_move, over).map_or(String::new(), |d| format!(" {}", clock_text(d)));
            let name = if free { "(waiting for a player)" } else { net.names[i].as_str() };
            format!("{name}{you}{clock}{away}")
        })
        .collect();
    p.text(&seats.join("   vs   "), px, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
    let (status, colour) = match net.link {
        Link::Up => {
            let status = net.status.clone().unwrap_or_else(|| format!("online: {}", net.options.addr));
            (format!("{status} — {}", security_line(&net.security)), theme::TEXT_DIM)
        }
        Link::Down(since) => {
            (format!("connection lost {} s ago — reconnecting", since.elapsed().as_secs()), theme::ERROR)
        }
    };
    p.text(&status, px * 0.9, Style::Regular, colour, area.x + area.w - px, y, Anchor::TopRight)?;
    y += px * 1.6;
    for line in &net.chat {
        p.text(line, px * 0.9, Style::Regular, theme::TEXT_DIM, x, y, Anchor::TopLeft)?;
        y += px * 1.2;
    }
    let bw = px * 8.0;
    let bh = px * 1.9;
    let by = area.y + area.h - bh - px * 0.5;
    let mut bx = x;
    if let Some(offer) = net.offer {
        let ask = format!("{} asks {}:", net.name(offer.seat), words(offer.kind));
        let (w, _) = p.text(&ask, px, Style::Bold, theme::ACCENT, bx, by + bh / 2.0, Anchor::MidLeft)?;
        bx += w as f32 + px;
        button(
            p,
            hits,
            Area { x: bx, y: by, w: bw, h: bh },
            "Accept",
            Action::NetAnswer(true),
            Look::Normal,
            hover,
            px,
        )?;
        bx += bw + px * 0.5;
        button(
            p,
            hits,
            Area { x: bx, y: by, w: bw, h: bh },
            "Decline",
            Action::NetAnswer(false),
            Look::Normal,
            hover,
            px,
        )?;
        return Ok(());
    }
    let look = if over { Look::Disabled } else { Look::Normal };
    button(p, hits, Area { x: bx, y: by, w: bw, h: bh }, "Offer draw", Action::NetDraw, look, hover, px)?;
    bx += bw + px * 0.5;
    let label = if net.typing.is_some() { "Send" } else { "Chat" };
    button(p, hits, Area { x: bx, y: by, w: bw, h: bh }, label, Action::NetChat, Look::Normal, hover, px)?;
    bx += bw + px;
    if let Some(text) = &net.typing {
        p.text(&format!("say: {text}_"), px, Style::Regular, theme::TEXT, bx, by + bh / 2.0, Anchor::MidLeft)?;
    }
    Ok(())
}
